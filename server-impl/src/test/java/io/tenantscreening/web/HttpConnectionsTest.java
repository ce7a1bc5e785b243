package io.tenantscreening.web;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** docs/operators.md#connections-and-timeouts: the connection cap leaves 256 of the file limit for everything else. */
class HttpConnectionsTest {

    @Test
    void unsetTheCapIs1024OrWhatTheFileLimitLeaves() {
        assertThat(HttpConnections.cap(null, 20_000)).isEqualTo(1024);
        assertThat(HttpConnections.cap(null, 1024)).isEqualTo(768);
        assertThatThrownBy(() -> HttpConnections.cap(null, 200)).hasMessageContaining("ulimit -n");
    }

    @Test
    void aConfiguredCapMustLeaveTheReservedFiles() {
        assertThat(HttpConnections.cap(5000, 20_000)).isEqualTo(5000);
        assertThat(HttpConnections.cap(19_744, 20_000)).isEqualTo(19_744);
        assertThatThrownBy(() -> HttpConnections.cap(19_745, 20_000))
                .hasMessageContaining("HTTP_MAX_CONNECTIONS is 19745").hasMessageContaining("at most 19744");
        assertThatThrownBy(() -> HttpConnections.cap(0, 20_000)).hasMessageContaining("at least 1");
    }
}
