package io.tenantscreening.contract;

import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.core.util.Yaml;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.parser.core.models.ParseOptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The parsers read openapi.json, which api-spec's build writes from openapi.yaml: it must be
 * the same document, or the requests would be checked against another contract than the one
 * published.
 */
class ContractJsonTest {

    @Test
    void theJsonFormIsTheSameDocumentAsTheYaml() throws Exception {
        assertThat(Json.mapper().readTree(OpenApiDocument.json())).isEqualTo(Yaml.mapper().readTree(OpenApiDocument.text()));
    }

    @Test
    void bothFormsParseToEqualModels() {
        ParseOptions resolvedFully = new ParseOptions();
        resolvedFully.setResolve(true);
        resolvedFully.setResolveFully(true);
        assertThat(parse(OpenApiDocument.json(), resolvedFully)).isEqualTo(parse(OpenApiDocument.text(), resolvedFully))
                .isEqualTo(ContractOperations.parse());
        // The request validator's own options: its combinators (allOf, oneOf) kept as they are.
        ParseOptions combinatorsKept = new ParseOptions();
        combinatorsKept.setResolve(true);
        combinatorsKept.setResolveFully(true);
        combinatorsKept.setResolveCombinators(false);
        assertThat(parse(OpenApiDocument.json(), combinatorsKept)).isEqualTo(parse(OpenApiDocument.text(), combinatorsKept));
    }

    private static OpenAPI parse(String document, ParseOptions options) {
        OpenAPI model = new OpenAPIParser().readContents(document, null, options).getOpenAPI();
        assertThat(model).isNotNull();
        return model;
    }
}
