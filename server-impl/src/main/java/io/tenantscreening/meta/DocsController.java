package io.tenantscreening.meta;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.Get;
import io.micronaut.http.annotation.Produces;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * GET /docs: the reference page for integrators, Swagger UI over GET /openapi.yaml, served
 * with its assets from this service (static resources /docs/assets and /docs/page). Public.
 */
@Controller("/docs")
public class DocsController {

    private final String page;

    public DocsController() {
        try (InputStream in = DocsController.class.getClassLoader().getResourceAsStream("assets/docs/index.html")) {
            if (in == null) {
                throw new IllegalStateException("assets/docs/index.html is missing");
            }
            page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Get
    @Produces(MediaType.TEXT_HTML)
    public HttpResponse<String> page() {
        return HttpResponse.ok(page).contentType(MediaType.TEXT_HTML_TYPE.getName() + ";charset=utf-8");
    }
}
