package io.tenantscreening.common.lists;

import io.tenantscreening.auth.Caller;
import io.tenantscreening.auth.Scope;
import io.tenantscreening.common.ApiException;
import io.tenantscreening.common.Mode;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Seed: GET /orders, cursor ("opaque token; cursors are not valid across endpoints;
 * invalid cursor gives 422"), for every list that uses this codec.
 */
class CursorCodecTest {

    private static final Caller CALLER = new Caller("org_A", Mode.TEST, Scope.FULL);
    private static final Cursor CURSOR = new Cursor(Cursor.Direction.OLDER, Instant.parse("2026-04-29T14:03:11.123456Z"), "pr_test_x");

    private final CursorCodec codec = new CursorCodec(() -> "0123456789abcdef0123456789abcdef".getBytes());

    @Test
    void roundTripsAPosition() {
        String token = codec.encode("properties", CALLER, CURSOR);

        assertThat(codec.decode("properties", CALLER, token)).isEqualTo(CURSOR);
        assertThat(token).doesNotContain("pr_test_x");
    }

    @Test
    void cursorOfAnotherEndpointIsRefused() {
        String token = codec.encode("properties", CALLER, CURSOR);

        assertThatThrownBy(() -> codec.decode("orders", CALLER, token)).isInstanceOf(ApiException.class);
    }

    @Test
    void cursorOfAnotherOrganisationOrModeIsRefused() {
        String token = codec.encode("properties", CALLER, CURSOR);

        assertThatThrownBy(() -> codec.decode("properties", new Caller("org_B", Mode.TEST, Scope.FULL), token))
                .isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> codec.decode("properties", new Caller("org_A", Mode.LIVE, Scope.FULL), token))
                .isInstanceOf(ApiException.class);
    }

    @Test
    void cursorSignedWithAnotherSecretIsRefused() {
        String token = new CursorCodec(() -> "another secret, 32 bytes long!!!".getBytes()).encode("properties", CALLER, CURSOR);

        assertThatThrownBy(() -> codec.decode("properties", CALLER, token)).isInstanceOf(ApiException.class);
    }
}
