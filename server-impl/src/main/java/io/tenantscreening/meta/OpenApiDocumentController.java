package io.tenantscreening.meta;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.tenantscreening.api.MetaApi;
import io.tenantscreening.common.Echo;
import io.tenantscreening.contract.ApiVersion;
import io.tenantscreening.contract.ApiVersions;
import io.tenantscreening.contract.OpenApiDocument;
import io.tenantscreening.errors.ApiException;

/**
 * Publishes the contracts, byte for byte as api-spec holds them: the one the service
 * implements, or the released one of the older version a request names (GET /openapi.yaml),
 * and the released one of each version it serves (GET /openapi/{version}.yaml).
 */
@Controller
public class OpenApiDocumentController implements MetaApi {

    private static final MediaType YAML = MediaType.of("application/yaml");

    @Override
    public HttpResponse<String> getOpenApiDocument() {
        ApiVersion version = ApiVersions.current();
        return yaml(version == ApiVersions.NEWEST ? OpenApiDocument.text() : OpenApiDocument.released(version).orElseThrow());
    }

    @Override
    public HttpResponse<String> getReleasedOpenApiDocument(String version) {
        return ApiVersion.of(version).flatMap(OpenApiDocument::released).map(OpenApiDocumentController::yaml)
                .orElseThrow(() -> ApiException.notFound("No released contract of version '" + Echo.of(version)
                        + "'. Released versions: " + String.join(", ", OpenApiDocument.releasedVersions()) + "."));
    }

    private static HttpResponse<String> yaml(String document) {
        return HttpResponse.ok(document).contentType(YAML);
    }
}
