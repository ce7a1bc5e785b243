package io.tenantscreening.conformance;

import io.micronaut.http.HttpMethod;
import io.micronaut.web.router.Router;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.tenantscreening.common.OpenApiDocument;
import io.tenantscreening.conformance.support.TestServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Foundations issue, point 8: every operation of openapi.yaml is routed by the service. */
class RouteCoverageTest {

    @Test
    void everyDocumentedOperationIsRouted() {
        Router router = TestServer.bean(Router.class);
        OpenAPI contract = new OpenAPIV3Parser().readContents(OpenApiDocument.text()).getOpenAPI();
        List<String> unrouted = new ArrayList<>();
        for (Map.Entry<String, PathItem> path : contract.getPaths().entrySet()) {
            path.getValue().readOperationsMap().forEach((method, operation) -> {
                String concrete = path.getKey().replaceAll("\\{[^}/]+}", "x_1");
                boolean routed = router.find(HttpMethod.valueOf(method.name()), concrete, null).findAny().isPresent();
                if (!routed) {
                    unrouted.add(method + " " + path.getKey() + " (" + operation.getOperationId() + ")");
                }
            });
        }

        assertThat(unrouted).as("documented operations the service does not route").isEmpty();
    }
}
