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
 * Its Content-Security-Policy lets it load only those (scripts, style sheets, the contract
 * and Swagger UI's requests to this service), nothing inline; no other page may frame it.
 */
@Controller("/docs")
public class DocsController {

    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

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
        return HttpResponse.ok(page).contentType(MediaType.TEXT_HTML_TYPE.getName() + ";charset=utf-8")
                .header("Content-Security-Policy", CONTENT_SECURITY_POLICY);
    }
}
