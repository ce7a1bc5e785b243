package io.tenantscreening.errors;

import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpStatus;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A failure the API reports to its caller in the error envelope. Thrown by filters,
 * controllers and services; the web layer turns it into its status and error envelope.
 */
public class ApiException extends RuntimeException {

    /** At most this many entries in one answer; the contract says so. */
    public static final int MAX_ENTRIES = 50;
    /** The challenge every 401 carries (RFC 6750 section 3, RFC 9110 section 11.6.1). */
    private static final String BEARER_CHALLENGE = "Bearer realm=\"tenant-screening\"";

    private final HttpStatus status;
    private final List<ErrorEntry> errors;
    private final Map<String, String> headers;

    public ApiException(HttpStatus status, List<ErrorEntry> errors) {
        this(status, errors, Map.of());
    }

    private ApiException(HttpStatus status, List<ErrorEntry> errors, Map<String, String> headers) {
        super(errors.get(0).code(), null, false, false);
        this.status = status;
        this.errors = List.copyOf(errors.size() > MAX_ENTRIES ? errors.subList(0, MAX_ENTRIES) : errors);
        this.headers = Map.copyOf(headers);
    }

    public ApiException(HttpStatus status, String code, String detail) {
        this(status, List.of(ErrorEntry.of(code, detail)));
    }

    /**
     * 401 for a request that sent no bearer key, with the challenge of RFC 6750 section 3:
     * no {@code error} attribute, since the caller may simply not know that a key is needed.
     */
    public static ApiException unauthorized(String detail) {
        return new ApiException(HttpStatus.UNAUTHORIZED, "authorization_error", detail)
                .withHeader(HttpHeaders.WWW_AUTHENTICATE, BEARER_CHALLENGE);
    }

    /** 401 for a bearer key that was sent but is malformed, unknown or revoked: RFC 6750's {@code invalid_token}. */
    public static ApiException invalidKey(String detail) {
        return new ApiException(HttpStatus.UNAUTHORIZED, "authorization_error", detail)
                .withHeader(HttpHeaders.WWW_AUTHENTICATE, BEARER_CHALLENGE + ", error=\"invalid_token\"");
    }

    public static ApiException forbidden(String detail) {
        return new ApiException(HttpStatus.FORBIDDEN, "forbidden", detail);
    }

    public static ApiException notFound(String detail) {
        return new ApiException(HttpStatus.NOT_FOUND, "not_found_error", detail);
    }

    public static ApiException invalid(List<ErrorEntry> errors) {
        return new ApiException(HttpStatus.UNPROCESSABLE_ENTITY, errors);
    }

    public static ApiException invalid(ErrorSource source, String detail) {
        return invalid(List.of(ErrorEntry.invalid(source, detail)));
    }

    public HttpStatus status() {
        return status;
    }

    public List<ErrorEntry> errors() {
        return errors;
    }

    /** Response headers to send with the error, beyond the ones every response has. */
    public Map<String, String> headers() {
        return headers;
    }

    /** The same error, answered with one more header. */
    public ApiException withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new ApiException(status, errors, more);
    }

    /**
     * The same error with every body pointer under {@code from} moved under {@code to}: an
     * operation that checks a part of its request with another operation's checks (a
     * household's member with an order's) points at the member in its own request.
     */
    public ApiException relocated(String from, String to) {
        List<ErrorEntry> moved = errors.stream().map(entry -> entry.source() == null || entry.source().pointer() == null
                || !entry.source().pointer().startsWith(from) ? entry
                : new ErrorEntry(entry.code(), entry.detail(),
                        ErrorSource.pointer(to + entry.source().pointer().substring(from.length())))).toList();
        return new ApiException(status, moved, headers);
    }

    public ErrorEnvelope envelope() {
        return new ErrorEnvelope(errors);
    }
}
