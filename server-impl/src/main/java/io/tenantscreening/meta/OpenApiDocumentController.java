package io.tenantscreening.meta;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.tenantscreening.api.MetaApi;
import io.tenantscreening.contract.OpenApiDocument;

/** Publishes the contract the service implements, byte for byte as api-spec holds it. */
@Controller
public class OpenApiDocumentController implements MetaApi {

    private static final MediaType YAML = MediaType.of("application/yaml");

    @Override
    public HttpResponse<String> getOpenApiDocument() {
        return HttpResponse.ok(OpenApiDocument.text()).contentType(YAML);
    }
}
