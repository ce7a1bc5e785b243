package io.tenantscreening.web;

import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpResponse;
import io.micronaut.http.server.exceptions.NotAllowedException;
import io.micronaut.http.server.exceptions.response.ErrorContext;
import io.micronaut.http.server.exceptions.response.ErrorResponseProcessor;
import io.micronaut.http.server.netty.NettyHttpRequest;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.micronaut.web.router.Router;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.tenantscreening.common.Echo;
import io.tenantscreening.contract.ApiVersions;
import io.tenantscreening.contract.ContentNegotiation;
import io.tenantscreening.contract.ContractOperations;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Puts every error the framework produces on its own (no route, wrong method, wrong
 * content type, request line, headers or body too large, unreadable body, unexpected
 * failure) into our envelope, with the status and code the contract gives. Body problems
 * the framework reports as 400 become 422 validation errors. Nothing from the exception
 * reaches the body. Requests the HTTP decoder refused never pass the request filters, so
 * their answers get Request-Id and Service-Tenant-Version here. On the applicants' pages
 * the same errors are HTML pages ({@link ErrorPages}).
 */
@Singleton
@Replaces(ErrorResponseProcessor.class)
public class FrameworkErrorProcessor implements ErrorResponseProcessor<Object> {

    private final NettyHttpServerConfiguration server;
    private final ErrorPages pages;
    private final BeanProvider<Router> router;
    private final BeanProvider<ContractOperations> operations;

    public FrameworkErrorProcessor(NettyHttpServerConfiguration server, ErrorPages pages, BeanProvider<Router> router,
                                   BeanProvider<ContractOperations> operations) {
        this.server = server;
        this.pages = pages;
        this.router = router;
        this.operations = operations;
    }

    @Override
    public MutableHttpResponse<Object> processResponse(ErrorContext context, MutableHttpResponse<?> response) {
        HttpRequest<?> request = context.getRequest();
        ApiException error = response.code() == HttpStatus.NOT_ACCEPTABLE.getCode()
                ? ContentNegotiation.refusal(producedFor(request)) : translate(response.code(), context, server);
        if (RequestIds.isUnassigned(request)) {
            response.getHeaders().set(RequestIds.HEADER, RequestIds.assign(request));
            response.getHeaders().set(ApiVersions.HEADER, ApiVersions.of(request).date());
            AccessLog.end(request, error.status().getCode());
        }
        if (Routes.isPage(request)) {
            MutableHttpResponse<String> page = pages.page(error.status(), RequestIds.of(request));
            return response.status(page.status()).contentType(page.getContentType().orElseThrow()).body(page.body());
        }
        error.headers().forEach(response.getHeaders()::set);
        return response.status(error.status())
                .contentType(MediaType.APPLICATION_JSON_TYPE)
                .body(error.envelope());
    }

    /** What the documented operation the router refused for its Accept header answers in (empty if none is found). */
    private Set<String> producedFor(HttpRequest<?> request) {
        return router.get().find(request.getMethod(), request.getPath(), request)
                .map(match -> operations.get().find(match.getRouteInfo().getHttpMethodName(),
                        match.getRouteInfo().getUriMatchTemplate().toPathString()))
                .flatMap(Optional::stream)
                .findFirst()
                .map(ContractOperations.Documented::produces)
                .orElse(Set.of());
    }

    /** The answer to a request for a path the API does not have. */
    public static ApiException noSuchRoute(HttpRequest<?> request) {
        return ApiException.notFound("No resource matches " + request.getMethodName() + " " + Echo.of(request.getPath())
                + ". See GET /openapi.yaml for the routes this API serves.");
    }

    private static ApiException translate(int status, ErrorContext context, NettyHttpServerConfiguration server) {
        HttpRequest<?> request = context.getRequest();
        String route = request.getMethodName() + " " + Echo.of(request.getPath());
        return switch (status) {
            case 400 -> ApiException.invalid(List.of(ErrorEntry.of(ErrorEntry.VALIDATION_ERROR,
                    "The request could not be read. Send a JSON body that matches the documented schema.")));
            case 401 -> ApiException.unauthorized("Send a valid API key as 'Authorization: Bearer <key>'.");
            case 403 -> ApiException.forbidden("This API key may not perform this request.");
            case 404 -> noSuchRoute(request);
            case 405 -> new ApiException(HttpStatus.METHOD_NOT_ALLOWED, "method_not_allowed",
                    "The method " + Echo.of(request.getMethodName()) + " is not allowed on " + Echo.of(request.getPath())
                            + allowed(context) + ".");
            case 413 -> tooLarge(request, server);
            case 415 -> new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                    "Send the request body as application/json.");
            default -> status >= 500 ? InternalErrors.forRequest(request)
                    : new ApiException(HttpStatus.valueOf(status), ErrorEntry.VALIDATION_ERROR,
                    "The request was not accepted (HTTP " + status + ").");
        };
    }

    private static String allowed(ErrorContext context) {
        return context.getRootCause()
                .filter(NotAllowedException.class::isInstance)
                .map(cause -> "; it allows " + String.join(", ", new TreeSet<>(((NotAllowedException) cause).getAllowedMethods())))
                .orElse("");
    }

    /** 413 for a body over the limit; the HTTP decoder's refusals of a long request line or large headers are 414 and 431. */
    private static ApiException tooLarge(HttpRequest<?> request, NettyHttpServerConfiguration server) {
        Throwable decoderFailure = request instanceof NettyHttpRequest<?> netty
                ? netty.getNativeRequest().decoderResult().cause() : null;
        if (decoderFailure instanceof TooLongHttpLineException) {
            return new ApiException(HttpStatus.REQUEST_URI_TOO_LONG, "uri_too_long",
                    "The request line (method, path and query string) may be at most " + server.getMaxInitialLineLength()
                            + " bytes.");
        }
        if (decoderFailure instanceof TooLongHttpHeaderException) {
            return new ApiException(HttpStatus.REQUEST_HEADER_FIELDS_TOO_LARGE, "request_header_fields_too_large",
                    "The request headers may be at most " + server.getMaxHeaderSize() + " bytes in all.");
        }
        return new ApiException(HttpStatus.REQUEST_ENTITY_TOO_LARGE, "payload_too_large",
                "The request body may be at most 1 MiB.");
    }
}
