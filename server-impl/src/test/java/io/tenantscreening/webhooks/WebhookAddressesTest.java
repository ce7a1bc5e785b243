package io.tenantscreening.webhooks;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which addresses deliveries may go to (docs/integrators.md#webhooks, Addresses;
 * POST /webhook_endpoints, rule 6), asked of the refusal function address by address.
 * Every address is a literal, so nothing is resolved and nothing is connected to.
 */
class WebhookAddressesTest {

    /**
     * POST /webhook_endpoints, rule 6: the ranges of the IANA special-purpose registries that
     * are not globally reachable (documentation, benchmarking, reserved and the rest), the IPv6
     * space outside global unicast, and IPv6 forms that carry such an IPv4 address, are
     * refused.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "0.0.0.0", "0.1.2.3", "10.0.0.1", "100.64.0.1", "100.127.255.254", "127.0.0.1", "127.255.255.254", "169.254.169.254",
            "172.16.0.1", "172.31.255.254", "192.0.0.1", "192.0.0.8", "192.0.0.11", "192.0.0.170", "192.0.0.171", "192.0.0.255",
            "192.0.2.1", "192.88.99.1", "192.168.1.1", "198.18.0.1", "198.19.255.254", "198.51.100.7", "203.0.113.10",
            "224.0.0.1", "239.255.255.250", "240.0.0.1", "255.255.255.254", "255.255.255.255",
            "::", "::1", "::ffff:10.0.0.1", "::ffff:203.0.113.10", "::c000:201", "::808:808", "64:ff9b:1::1", "100::1",
            "2001::1", "2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:1::4", "2001:2::1", "2001:10::1", "2001:db8::1",
            "2001:1ff:ffff::1", "3fff::1", "3fff:fff::1", "5f00::1", "4000::1", "1000::1", "fc00::1", "fd00:ec2::254",
            "fe80::1", "fec0::1", "ff02::1", "ff0e::1",
            "2002:c612:1::1", "2002:c000:201::1", "2002:a9fe:a9fe::1", "2002:7f00:1::1", "64:ff9b::c000:201",
            "64:ff9b::a9fe:a9fe", "64:ff9b::7f00:1"})
    void anAddressThatIsNotGloballyReachableIsRefused(String literal) throws UnknownHostException {
        assertThat(WebhookAddresses.refusal(InetAddress.getByName(literal), false)).isPresent();
    }

    /**
     * POST /webhook_endpoints, rule 6: what the registries record as globally reachable stays
     * allowed, the exceptions inside refused blocks included, and so do IPv6 forms carrying a
     * globally reachable IPv4 address through NAT64 or 6to4.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
            "1.1.1.1", "8.8.8.8", "100.63.255.255", "100.128.0.1", "172.32.0.1", "192.0.0.9", "192.0.0.10", "192.0.3.1",
            "192.31.196.1", "192.52.193.1", "192.175.48.1", "198.17.255.255", "198.20.0.1", "223.255.255.255",
            "2001:1::1", "2001:1::2", "2001:1::3", "2001:3::1", "2001:4:112::1", "2001:20::1", "2001:2f:ffff::1", "2001:30::1",
            "2001:200::1", "2001:4860:4860::8888", "2606:4700:4700::1111", "2620:4f:8000::1", "3fff:1000::1",
            "64:ff9b::c01f:c401", "2002:c01f:c401::1"})
    void aGloballyReachableAddressIsAllowed(String literal) throws UnknownHostException {
        assertThat(WebhookAddresses.refusal(InetAddress.getByName(literal), false)).isEmpty();
    }

    /**
     * POST /webhook_endpoints, rule 6: the table decides as it says. Each row is a network
     * address with no host bits set, and its first and last addresses are refused when the row
     * is not globally reachable (loopback included) and allowed when it is a globally reachable
     * exception; rows that carry an IPv4 address are judged by it (the cases above).
     */
    @Test
    void everyRowOfTheTableDecidesItsFirstAndLastAddresses() throws UnknownHostException {
        assertThat(WebhookAddresses.RANGES).hasSize(52);
        for (WebhookAddresses.Range row : WebhookAddresses.RANGES) {
            byte[] first = row.network().clone();
            byte[] last = row.network().clone();
            for (int bit = row.prefix(); bit < first.length * 8; bit++) {
                assertThat(first[bit / 8] & (0x80 >>> (bit % 8))).as("host bits of %s", row.cidr()).isZero();
                last[bit / 8] |= (byte) (0x80 >>> (bit % 8));
            }
            for (byte[] address : List.of(first, last)) {
                Optional<String> refusal = WebhookAddresses.refusal(InetAddress.getByAddress(address), false);
                switch (row.reach()) {
                    case REFUSED, LOOPBACK -> assertThat(refusal).as(row.cidr()).get().asString().contains("not globally reachable");
                    case GLOBAL -> assertThat(refusal).as(row.cidr()).isEmpty();
                    case CARRIES_IPV4, TRANSLATES_IPV4 -> assertThat(row.ipv4At()).isIn(2, 12);
                }
            }
        }
    }

    @Test
    void aRefusalNamesTheBlockItsNameAndItsRfc() throws UnknownHostException {
        assertThat(WebhookAddresses.refusal(InetAddress.getByName("198.18.0.1"), false))
                .contains("in 198.18.0.0/15 (benchmarking, RFC 2544), which is not globally reachable");
        assertThat(WebhookAddresses.refusal(InetAddress.getByName("2002:c000:201::1"), false))
                .contains("in 2002::/16 (6to4, RFC 3056) for 192.0.2.1, which is in 192.0.2.0/24 (documentation (TEST-NET-1), "
                        + "RFC 5737), which is not globally reachable");
    }

    /** Loopback, when the operator allows it in test mode, is this machine's own: not one behind a translator. */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"})
    void loopbackIsAllowedOnlyWhenTheOperatorAllowsIt(String literal) throws UnknownHostException {
        assertThat(WebhookAddresses.refusal(InetAddress.getByName(literal), true)).isEmpty();
        assertThat(WebhookAddresses.refusal(InetAddress.getByName(literal), false)).isPresent();
    }
}
