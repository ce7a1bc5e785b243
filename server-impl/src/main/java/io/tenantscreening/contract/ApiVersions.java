package io.tenantscreening.contract;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.context.ServerRequestContext;
import io.tenantscreening.common.Echo;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;

import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The Service-Tenant-Version header: which {@link ApiVersion} serves a request. A request
 * that names a supported version is served by it; one without the header by the newest. A
 * request naming any other value is refused by the contract check ({@link #resolve}), and
 * that refusal comes from the newest version.
 */
public final class ApiVersions {

    public static final String HEADER = "Service-Tenant-Version";
    public static final ApiVersion NEWEST = ApiVersion.values()[ApiVersion.values().length - 1];
    /** The dates of the supported versions, newest first. */
    private static final List<String> SUPPORTED = Arrays.stream(ApiVersion.values())
            .sorted(Comparator.reverseOrder()).map(ApiVersion::date).toList();

    private ApiVersions() {
    }

    /** The dates of the supported versions, newest first. */
    public static List<String> supported() {
        return SUPPORTED;
    }

    /** The version a request asks for, or an error when it names one this build does not serve. */
    public static ApiVersion resolve(String requested) {
        if (requested == null) {
            return NEWEST;
        }
        return ApiVersion.of(requested).orElseThrow(() -> ApiException.invalid(ErrorSource.header(HEADER),
                "Unsupported API version '" + Echo.of(requested) + "'. Supported versions: "
                        + String.join(", ", SUPPORTED) + "; omit the header to use the newest."));
    }

    /** The version that serves this request: the one its header names when this build serves it, else the newest. */
    public static ApiVersion of(HttpRequest<?> request) {
        String requested = request.getHeaders().get(HEADER);
        return requested == null ? NEWEST : ApiVersion.of(requested).orElse(NEWEST);
    }

    /**
     * The version serving the request in scope, for controllers: past the contract check,
     * its header names a supported version or none.
     */
    public static ApiVersion current() {
        return of(ServerRequestContext.currentRequest()
                .orElseThrow(() -> new IllegalStateException("no request in scope")));
    }
}
