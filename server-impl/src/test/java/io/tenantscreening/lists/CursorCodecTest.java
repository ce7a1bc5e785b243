package io.tenantscreening.lists;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * openapi.yaml#lists-and-pagination, for every list that uses this codec: cursors are opaque
 * and tamper-evident, bound to the endpoint, organisation and mode that issued them, and any
 * other is 422; one signed under an older master key stays valid while that key is listed
 * (docs/operators.md#master-keys).
 */
class CursorCodecTest {

    private static final String OLD = "old:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String NEW = "new:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final Tenant TENANT = new Tenant("org_A", Mode.TEST);
    private static final Cursor CURSOR = new Cursor(Cursor.Direction.OLDER, Instant.parse("2026-04-29T14:03:11.123456Z"), "pr_test_x");

    private final CursorCodec codec = codec(OLD);

    @Test
    void roundTripsAPosition() {
        String token = codec.encode("properties", TENANT, CURSOR);

        assertThat(codec.decode("properties", TENANT, token)).isEqualTo(CURSOR);
        assertThat(token).doesNotContain("pr_test_x");
    }

    @Test
    void cursorOfAnotherEndpointIsRefused() {
        String token = codec.encode("properties", TENANT, CURSOR);

        assertThatThrownBy(() -> codec.decode("orders", TENANT, token)).isInstanceOf(ApiException.class);
    }

    @Test
    void cursorOfAnotherOrganisationOrModeIsRefused() {
        String token = codec.encode("properties", TENANT, CURSOR);

        assertThatThrownBy(() -> codec.decode("properties", new Tenant("org_B", Mode.TEST), token)).isInstanceOf(ApiException.class);
        assertThatThrownBy(() -> codec.decode("properties", new Tenant("org_A", Mode.LIVE), token)).isInstanceOf(ApiException.class);
    }

    @Test
    void cursorSignedUnderAnOlderMasterKeyStaysValidWhileThatKeyIsListed() {
        String token = codec.encode("properties", TENANT, CURSOR);

        assertThat(codec(NEW + "," + OLD).decode("properties", TENANT, token)).isEqualTo(CURSOR);
        assertThatThrownBy(() -> codec(NEW).decode("properties", TENANT, token)).isInstanceOf(ApiException.class);
    }

    private static CursorCodec codec(String keys) {
        ServiceSettings settings = new ServiceSettings();
        settings.setEnvironment("production");
        return new CursorCodec(new KeyRing(keys, settings));
    }
}
