package io.tenantscreening.common;

import io.micronaut.http.HttpStatus;

import java.util.List;

/**
 * A failure the API reports to its caller in the error envelope. Thrown by filters,
 * controllers and services; turned into a response by {@link ApiExceptionHandler}.
 */
public class ApiException extends RuntimeException {

    private final HttpStatus status;
    private final List<ErrorEntry> errors;

    public ApiException(HttpStatus status, List<ErrorEntry> errors) {
        super(errors.get(0).code(), null, false, false);
        this.status = status;
        this.errors = List.copyOf(errors);
    }

    public ApiException(HttpStatus status, String code, String detail) {
        this(status, List.of(ErrorEntry.of(code, detail)));
    }

    public static ApiException unauthorized(String detail) {
        return new ApiException(HttpStatus.UNAUTHORIZED, "authorization_error", detail);
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

    public ErrorEnvelope envelope() {
        return new ErrorEnvelope(errors);
    }
}
