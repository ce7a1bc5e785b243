package io.tenantscreening.errors;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.serde.annotation.Serdeable;

/**
 * One entry of the error envelope: a stable machine-readable code, a sentence for people,
 * and, for validation errors, where the problem is.
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorEntry(String code, String detail, ErrorSource source) {

    public static final String VALIDATION_ERROR = "validation_error";

    public static ErrorEntry of(String code, String detail) {
        return new ErrorEntry(code, detail, null);
    }

    public static ErrorEntry invalid(ErrorSource source, String detail) {
        return new ErrorEntry(VALIDATION_ERROR, detail, source);
    }
}
