package io.tenantscreening.common;

import java.util.List;

/** The API versions this build serves, pinned with the Service-Tenant-Version header. */
public final class ApiVersions {

    public static final String HEADER = "Service-Tenant-Version";
    public static final String NEWEST = "2026-04-29";
    public static final List<String> SUPPORTED = List.of(NEWEST);

    private ApiVersions() {
    }

    /** The version a request asks for, or an error when it names one this build does not serve. */
    public static String resolve(String requested) {
        if (requested == null) {
            return NEWEST;
        }
        if (!SUPPORTED.contains(requested)) {
            throw ApiException.invalid(ErrorSource.header(HEADER),
                    "Unsupported API version '" + Echo.of(requested) + "'. Supported versions: "
                            + String.join(", ", SUPPORTED) + "; omit the header to use the newest.");
        }
        return requested;
    }
}
