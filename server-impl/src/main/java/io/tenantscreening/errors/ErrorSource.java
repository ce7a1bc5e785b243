package io.tenantscreening.errors;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.micronaut.serde.annotation.Serdeable;

/**
 * Where in the request an error lies: a JSON pointer into the body, a query or path
 * parameter name, or a header name. Exactly one member is set.
 */
@Serdeable
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ErrorSource(String pointer, String parameter, String header) {

    public static ErrorSource pointer(String pointer) {
        return new ErrorSource(pointer, null, null);
    }

    public static ErrorSource parameter(String name) {
        return new ErrorSource(null, name, null);
    }

    public static ErrorSource header(String name) {
        return new ErrorSource(null, null, name);
    }
}
