package io.tenantscreening.errors;

import io.micronaut.serde.annotation.Serdeable;

import java.util.List;

/** The body of every non-2xx response: {@code {"errors": [...]}}. */
@Serdeable
public record ErrorEnvelope(List<ErrorEntry> errors) {
}
