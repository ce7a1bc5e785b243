package io.tenantscreening.api.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.micronaut.serde.annotation.Serdeable;

import java.util.Objects;

/**
 * A value of the contract marked {@code format: password} (an SSN sent in, a webhook
 * signing secret given out once). The generated models hold it in this type, which reads
 * and writes as the plain JSON string but never shows it in {@link #toString()}: a model
 * that reaches a log line or an exception message carries no secret. The one hand-written
 * class of this module, beside the generated models that use it; the generator maps
 * {@code string+password} to it.
 */
@Serdeable
public final class Secret {

    private final String value;

    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    public Secret(String value) {
        this.value = Objects.requireNonNull(value);
    }

    /** The secret itself, for the one place that needs it (sealing it, or answering it once). */
    @JsonValue
    public String reveal() {
        return value;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Secret secret && secret.value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return "[redacted]";
    }
}
