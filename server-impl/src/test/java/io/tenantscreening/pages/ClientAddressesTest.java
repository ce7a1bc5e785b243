package io.tenantscreening.pages;

import io.micronaut.http.HttpMethod;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpRequestWrapper;
import io.micronaut.http.simple.SimpleHttpRequest;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client's address, for the consent record and the limit on unknown links
 * ({@link ClientAddresses}): the connection's peer, written as its IP address, since headers
 * such as X-Forwarded-For are written by the client; behind a reverse proxy the header the
 * operator names ({@code CLIENT_ADDRESS_HEADER}, its name matched in any case), of whose
 * list the last entry counts, trimmed; without that header, with a blank one or with a blank
 * setting, the peer (docs/operators.md#requests, CLIENT_ADDRESS_HEADER;
 * docs/integrators.md#the-apply-flow).
 */
class ClientAddressesTest {

    private static final InetSocketAddress PEER = new InetSocketAddress("192.0.2.10", 51234);

    @Test
    void withoutASettingThePeerCountsWhateverTheClientWritesInItsHeaders() {
        ClientAddresses addresses = new ClientAddresses("");

        assertThat(addresses.of(request(PEER, Map.of("X-Forwarded-For", "198.51.100.99", "X-Real-IP", "198.51.100.98",
                "Forwarded", "for=198.51.100.97")))).isEqualTo("192.0.2.10");
    }

    @Test
    void aBlankSettingIsNoSetting() {
        assertThat(new ClientAddresses("   ").of(request(PEER, Map.of("X-Forwarded-For", "198.51.100.99")))).isEqualTo("192.0.2.10");
    }

    @Test
    void behindAProxyTheNamedHeaderCountsAndNoOther() {
        ClientAddresses addresses = new ClientAddresses(" X-Real-IP ");

        assertThat(addresses.of(request(PEER, Map.of("X-Real-IP", "203.0.113.7", "X-Forwarded-For", "198.51.100.99"))))
                .isEqualTo("203.0.113.7");
    }

    @Test
    void ofAListTheLastEntryCountsTheOneTheProxyAppended() {
        ClientAddresses addresses = new ClientAddresses("X-Forwarded-For");

        assertThat(addresses.of(request(PEER, Map.of("X-Forwarded-For", "10.0.0.1, 198.51.100.99 ,  203.0.113.7 "))))
                .isEqualTo("203.0.113.7");
        assertThat(addresses.of(request(PEER, Map.of("X-Forwarded-For", "6.6.6.6,203.0.113.8")))).isEqualTo("203.0.113.8");
    }

    @Test
    void theHeaderIsFoundWhateverTheCaseOfItsName() {
        assertThat(new ClientAddresses("x-forwarded-for").of(request(PEER, Map.of("X-Forwarded-For", "203.0.113.7"))))
                .isEqualTo("203.0.113.7");
    }

    @Test
    void withoutTheHeaderOrWithABlankOneThePeerCounts() {
        ClientAddresses addresses = new ClientAddresses("X-Forwarded-For");

        assertThat(addresses.of(request(PEER, Map.of()))).isEqualTo("192.0.2.10");
        assertThat(addresses.of(request(PEER, Map.of("X-Forwarded-For", "")))).isEqualTo("192.0.2.10");
    }

    @Test
    void aPeerIsWrittenAsItsAddressOrItsNameWhenItHasNone() throws UnknownHostException {
        ClientAddresses addresses = new ClientAddresses("");

        assertThat(addresses.of(request(new InetSocketAddress("2001:db8::1", 443), Map.of()))).isEqualTo("2001:db8:0:0:0:0:0:1");
        assertThat(addresses.of(request(new InetSocketAddress(InetAddress.getByAddress("client.example", new byte[]{(byte) 192, 0, 2, 10}),
                443), Map.of()))).as("the address, not the name it was found by").isEqualTo("192.0.2.10");
        assertThat(addresses.of(request(InetSocketAddress.createUnresolved("proxy.internal", 443), Map.of())))
                .isEqualTo("proxy.internal");
    }

    private static HttpRequest<?> request(InetSocketAddress peer, Map<String, String> headers) {
        SimpleHttpRequest<Object> request = new SimpleHttpRequest<>(HttpMethod.GET, "/apply/x", null);
        headers.forEach((name, value) -> request.getHeaders().add(name, value));
        return new HttpRequestWrapper<>(request) {
            @Override
            public InetSocketAddress getRemoteAddress() {
                return peer;
            }
        };
    }
}
