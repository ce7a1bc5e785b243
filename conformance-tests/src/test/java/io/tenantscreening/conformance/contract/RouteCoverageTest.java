package io.tenantscreening.conformance.contract;

import io.micronaut.http.HttpMethod;
import io.micronaut.web.router.Router;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.contract.OpenApiDocument;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * GET /openapi.yaml, rule 2: every operation of openapi.yaml is routed by the service (each
 * path parameter given a value of its type: an integer's route takes digits only).
 */
class RouteCoverageTest {

    @Test
    void everyDocumentedOperationIsRouted() {
        Router router = TestServer.bean(Router.class);
        OpenAPI contract = new OpenAPIV3Parser().readContents(OpenApiDocument.text()).getOpenAPI();
        List<String> unrouted = new ArrayList<>();
        for (Map.Entry<String, PathItem> path : contract.getPaths().entrySet()) {
            path.getValue().readOperationsMap().forEach((method, operation) -> {
                String concrete = path.getKey();
                for (Parameter named : operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
                    Parameter parameter = named.get$ref() == null ? named
                            : contract.getComponents().getParameters().get(named.get$ref().substring(named.get$ref().lastIndexOf('/') + 1));
                    if ("path".equals(parameter.getIn())) {
                        String value = "integer".equals(parameter.getSchema().getType()) ? "1" : "x_1";
                        concrete = concrete.replace("{" + parameter.getName() + "}", value);
                    }
                }
                boolean routed = router.find(HttpMethod.valueOf(method.name()), concrete, null).findAny().isPresent();
                if (!routed) {
                    unrouted.add(method + " " + path.getKey() + " (" + operation.getOperationId() + ")");
                }
            });
        }

        assertThat(unrouted).as("documented operations the service does not route").isEmpty();
    }
}
