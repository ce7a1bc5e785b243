package io.tenantscreening.orders;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.common.ApiException;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Writes the answers an Idempotency-Key keeps for replays, as the API shows them: the
 * order's JSON for a 201, the error envelope for a 402. Placement uses it without knowing
 * the API's models, also when it finishes a placement no request is waiting for.
 */
@Singleton
public class OrderAnswerWriter {

    private final JsonMapper json;

    public OrderAnswerWriter(JsonMapper json) {
        this.json = json;
    }

    String created(OrderView stored) {
        return write(OrderMapper.toApi(stored));
    }

    String refused(ApiException refusal) {
        return write(refusal.envelope());
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
