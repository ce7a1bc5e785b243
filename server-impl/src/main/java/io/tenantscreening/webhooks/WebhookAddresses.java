package io.tenantscreening.webhooks;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which addresses a webhook may be delivered to (server-side request forgery). The answer
 * is {@link #RANGES}, one table: the rows of the IANA IPv4 and IPv6 Special-Purpose Address
 * Registries (RFC 6890 and its updates) whose "Globally Reachable" is False, or N/A for a
 * range no host serves from, with the registries' globally reachable exceptions inside
 * them; the multicast ranges; and the IPv6 space outside global unicast (2000::/3), which
 * the IANA IPv6 Address Space registry keeps reserved. The most specific row that holds an
 * address decides; an address no row holds is allowed. Loopback is allowed only when the
 * operator allows it for test mode, and only for this machine's own loopback (not one
 * reached through a translator). An IPv6 form that carries an IPv4 address (IPv4-mapped,
 * NAT64 64:ff9b::/96, 6to4 2002::/16) is judged by that IPv4 address; the deprecated
 * IPv4-compatible form is refused. Host names are resolved, and every address they resolve
 * to must be allowed. Numeric hosts are read as the C library reads them (inet_aton: 1 to 4
 * parts, decimal, octal with a leading 0, hex with 0x), so that {@code 2130706433},
 * {@code 0x7f.1} or {@code 0177.0.0.1} are known for the loopback addresses they are.
 */
final class WebhookAddresses {

    private static final Pattern NUMERIC_HOST = Pattern.compile("(?i)(0x[0-9a-f]*|[0-9]+)(\\.(0x[0-9a-f]*|[0-9]+)){0,3}\\.?");

    /** What a row says of the addresses it holds. */
    enum Reach {
        /** Not globally reachable: refused. */
        REFUSED,
        /** Loopback: refused unless the operator allows loopback endpoints in test mode. */
        LOOPBACK,
        /** A globally reachable exception inside a refused block: allowed. */
        GLOBAL,
        /** The same host as the IPv4 address in the last 32 bits (IPv4-mapped): judged as that address. */
        CARRIES_IPV4,
        /** Reached through a translator or relay to the IPv4 address it carries (NAT64, 6to4): judged as that address, loopback never allowed. */
        TRANSLATES_IPV4
    }

    /**
     * One row: a block in CIDR notation, the registry's name for it, the RFC that defines it,
     * what it says, and for a block that carries an IPv4 address the byte where that starts.
     */
    record Range(String cidr, String name, String rfc, Reach reach, int ipv4At, byte[] network, int prefix) {

        static Range of(String cidr, String name, String rfc, Reach reach) {
            return carrying(cidr, name, rfc, reach, -1);
        }

        static Range carrying(String cidr, String name, String rfc, Reach reach, int ipv4At) {
            int slash = cidr.indexOf('/');
            byte[] network = literal(cidr.substring(0, slash));
            int prefix = Integer.parseInt(cidr.substring(slash + 1));
            if (prefix > network.length * 8 || (ipv4At >= 0) != (reach == Reach.CARRIES_IPV4 || reach == Reach.TRANSLATES_IPV4)) {
                throw new IllegalArgumentException(cidr);
            }
            return new Range(cidr, name, rfc, reach, ipv4At, network, prefix);
        }

        boolean holds(byte[] address) {
            if (address.length != network.length) {
                return false;
            }
            int whole = prefix / 8;
            for (int i = 0; i < whole; i++) {
                if (address[i] != network[i]) {
                    return false;
                }
            }
            int rest = prefix % 8;
            return rest == 0 || ((address[whole] ^ network[whole]) & (0xff << (8 - rest)) & 0xff) == 0;
        }
    }

    /**
     * The table. Sources: the IANA IPv4 Special-Purpose Address Registry and IPv6
     * Special-Purpose Address Registry (as updated to RFC 9637 and RFC 9665), the IPv4 and
     * IPv6 multicast address spaces, and the IPv6 Address Space registry.
     */
    static final List<Range> RANGES = List.of(
            Range.of("0.0.0.0/8", "\"this network\"", "RFC 791, section 3.2", Reach.REFUSED),
            Range.of("0.0.0.0/32", "\"this host on this network\"", "RFC 1122, section 3.2.1.3", Reach.REFUSED),
            Range.of("10.0.0.0/8", "private use", "RFC 1918", Reach.REFUSED),
            Range.of("100.64.0.0/10", "shared address space (carrier-grade NAT, cloud metadata)", "RFC 6598", Reach.REFUSED),
            Range.of("127.0.0.0/8", "loopback", "RFC 1122, section 3.2.1.3", Reach.LOOPBACK),
            Range.of("169.254.0.0/16", "link local (cloud metadata)", "RFC 3927", Reach.REFUSED),
            Range.of("172.16.0.0/12", "private use", "RFC 1918", Reach.REFUSED),
            Range.of("192.0.0.0/24", "IETF protocol assignments", "RFC 6890, section 2.1", Reach.REFUSED),
            Range.of("192.0.0.0/29", "IPv4 service continuity prefix", "RFC 7335", Reach.REFUSED),
            Range.of("192.0.0.8/32", "IPv4 dummy address", "RFC 7600", Reach.REFUSED),
            Range.of("192.0.0.9/32", "Port Control Protocol anycast", "RFC 7723", Reach.GLOBAL),
            Range.of("192.0.0.10/32", "Traversal Using Relays around NAT anycast", "RFC 8155", Reach.GLOBAL),
            Range.of("192.0.0.170/32", "NAT64/DNS64 discovery", "RFC 8880, RFC 7050", Reach.REFUSED),
            Range.of("192.0.0.171/32", "NAT64/DNS64 discovery", "RFC 8880, RFC 7050", Reach.REFUSED),
            Range.of("192.0.2.0/24", "documentation (TEST-NET-1)", "RFC 5737", Reach.REFUSED),
            Range.of("192.88.99.0/24", "deprecated 6to4 relay anycast", "RFC 7526", Reach.REFUSED),
            Range.of("192.168.0.0/16", "private use", "RFC 1918", Reach.REFUSED),
            Range.of("198.18.0.0/15", "benchmarking", "RFC 2544", Reach.REFUSED),
            Range.of("198.51.100.0/24", "documentation (TEST-NET-2)", "RFC 5737", Reach.REFUSED),
            Range.of("203.0.113.0/24", "documentation (TEST-NET-3)", "RFC 5737", Reach.REFUSED),
            Range.of("224.0.0.0/4", "multicast", "RFC 5771", Reach.REFUSED),
            Range.of("240.0.0.0/4", "reserved", "RFC 1112, section 4", Reach.REFUSED),
            Range.of("255.255.255.255/32", "limited broadcast", "RFC 8190, RFC 919, section 7", Reach.REFUSED),
            Range.of("::/3", "reserved by the IETF (outside global unicast)", "RFC 4291", Reach.REFUSED),
            Range.of("4000::/2", "reserved by the IETF (outside global unicast)", "RFC 4291", Reach.REFUSED),
            Range.of("8000::/1", "reserved by the IETF (outside global unicast)", "RFC 4291", Reach.REFUSED),
            Range.of("::/128", "unspecified", "RFC 4291", Reach.REFUSED),
            Range.of("::1/128", "loopback", "RFC 4291", Reach.LOOPBACK),
            Range.of("::/96", "deprecated IPv4-compatible", "RFC 4291, section 2.5.5.1", Reach.REFUSED),
            Range.carrying("::ffff:0:0/96", "IPv4-mapped", "RFC 4291", Reach.CARRIES_IPV4, 12),
            Range.carrying("64:ff9b::/96", "IPv4-IPv6 translation (NAT64)", "RFC 6052", Reach.TRANSLATES_IPV4, 12),
            Range.of("64:ff9b:1::/48", "local-use IPv4-IPv6 translation", "RFC 8215", Reach.REFUSED),
            Range.of("100::/64", "discard-only", "RFC 6666", Reach.REFUSED),
            Range.of("2001::/23", "IETF protocol assignments", "RFC 2928", Reach.REFUSED),
            Range.of("2001::/32", "Teredo", "RFC 4380, RFC 8190", Reach.REFUSED),
            Range.of("2001:1::1/128", "Port Control Protocol anycast", "RFC 7723", Reach.GLOBAL),
            Range.of("2001:1::2/128", "Traversal Using Relays around NAT anycast", "RFC 8155", Reach.GLOBAL),
            Range.of("2001:1::3/128", "DNS-SD Service Registration Protocol anycast", "RFC 9665", Reach.GLOBAL),
            Range.of("2001:2::/48", "benchmarking", "RFC 5180", Reach.REFUSED),
            Range.of("2001:3::/32", "Automatic Multicast Tunneling", "RFC 7450", Reach.GLOBAL),
            Range.of("2001:4:112::/48", "AS112-v6", "RFC 7535", Reach.GLOBAL),
            Range.of("2001:10::/28", "deprecated ORCHID", "RFC 4843", Reach.REFUSED),
            Range.of("2001:20::/28", "ORCHIDv2", "RFC 7343", Reach.GLOBAL),
            Range.of("2001:30::/28", "Drone Remote ID Protocol Entity Tags", "RFC 9374", Reach.GLOBAL),
            Range.of("2001:db8::/32", "documentation", "RFC 3849", Reach.REFUSED),
            Range.carrying("2002::/16", "6to4", "RFC 3056", Reach.TRANSLATES_IPV4, 2),
            Range.of("3fff::/20", "documentation", "RFC 9637", Reach.REFUSED),
            Range.of("5f00::/16", "segment routing (SRv6) SIDs", "RFC 9602", Reach.REFUSED),
            Range.of("fc00::/7", "unique local (cloud metadata)", "RFC 4193, RFC 8190", Reach.REFUSED),
            Range.of("fe80::/10", "link-local unicast", "RFC 4291", Reach.REFUSED),
            Range.of("fec0::/10", "deprecated site-local", "RFC 3879", Reach.REFUSED),
            Range.of("ff00::/8", "multicast", "RFC 4291", Reach.REFUSED));

    /** The rows, most specific first, so that the first row holding an address decides. */
    private static final List<Range> MOST_SPECIFIC_FIRST = RANGES.stream()
            .sorted(Comparator.comparingInt(Range::prefix).reversed())
            .toList();

    private WebhookAddresses() {
    }

    /** An address or a host that must not be delivered to; {@link #loopback()} when loopback is why. */
    static final class Refused extends UnknownHostException {

        private final boolean loopback;

        Refused(String message, boolean loopback) {
            super(message);
            this.loopback = loopback;
        }

        boolean loopback() {
            return loopback;
        }
    }

    /** The host's addresses, each checked; throws {@link Refused} when one is refused. */
    static InetAddress[] resolve(String host, boolean allowLoopback) throws UnknownHostException {
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        InetAddress[] addresses;
        Optional<InetAddress> numeric = numericIpv4(bare);
        if (numeric.isPresent()) {
            addresses = new InetAddress[] {numeric.get()};
        } else if (bare.contains(":")) {
            addresses = new InetAddress[] {InetAddress.getByName("[" + bare + "]")};
        } else {
            addresses = InetAddress.getAllByName(bare);
        }
        for (InetAddress address : addresses) {
            Optional<Refusal> refusal = judge(address.getAddress(), allowLoopback);
            if (refusal.isPresent()) {
                throw new Refused(host + (address.getHostAddress().equals(bare) ? "" : " (" + address.getHostAddress() + ")")
                        + " is " + refusal.get().why(), refusal.get().loopback());
            }
        }
        return addresses;
    }

    /**
     * Why the address is refused, as "in 10.0.0.0/8 (private use, RFC 1918), which is not
     * globally reachable"; empty when it is allowed.
     */
    static Optional<String> refusal(InetAddress address, boolean allowLoopback) {
        return judge(address.getAddress(), allowLoopback).map(Refusal::why);
    }

    /** Why an address is refused, and whether loopback is the reason. */
    private record Refusal(String why, boolean loopback) {
    }

    private static Optional<Refusal> judge(byte[] address, boolean allowLoopback) {
        Range range = MOST_SPECIFIC_FIRST.stream().filter(row -> row.holds(address)).findFirst().orElse(null);
        if (range == null || range.reach() == Reach.GLOBAL) {
            return Optional.empty();
        }
        String where = "in " + range.cidr() + " (" + range.name() + ", " + range.rfc() + ")";
        return switch (range.reach()) {
            case LOOPBACK -> allowLoopback ? Optional.empty()
                    : Optional.of(new Refusal(where + ", which is not globally reachable", true));
            case CARRIES_IPV4, TRANSLATES_IPV4 -> {
                byte[] ipv4 = Arrays.copyOfRange(address, range.ipv4At(), range.ipv4At() + 4);
                yield judge(ipv4, allowLoopback && range.reach() == Reach.CARRIES_IPV4).map(carried -> new Refusal(
                        where + " for " + hostAddress(ipv4) + ", which is " + carried.why(), carried.loopback()));
            }
            default -> Optional.of(new Refusal(where + ", which is not globally reachable", false));
        };
    }

    /** A numeric address (IPv4 dotted quad or IPv6 literal, never a name) as its bytes. */
    private static byte[] literal(String text) {
        try {
            InetAddress address = InetAddress.getByName(text);
            if (address instanceof Inet4Address && text.contains(":")) {
                // The JDK reads ::ffff:a.b.c.d as the IPv4 address it maps; the row is the IPv6 block.
                byte[] mapped = new byte[16];
                mapped[10] = (byte) 0xff;
                mapped[11] = (byte) 0xff;
                System.arraycopy(address.getAddress(), 0, mapped, 12, 4);
                return mapped;
            }
            return address.getAddress();
        } catch (UnknownHostException notALiteral) {
            throw new IllegalArgumentException(text, notALiteral);
        }
    }

    private static String hostAddress(byte[] ipv4) {
        try {
            return InetAddress.getByAddress(ipv4).getHostAddress();
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }

    /** A host written as numbers, read the way inet_aton reads it; empty when it is not one. */
    static Optional<InetAddress> numericIpv4(String host) {
        if (!NUMERIC_HOST.matcher(host).matches()) {
            return Optional.empty();
        }
        String[] parts = (host.endsWith(".") ? host.substring(0, host.length() - 1) : host).split("\\.");
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            String part = parts[i].toLowerCase();
            try {
                values[i] = part.startsWith("0x") ? (part.length() == 2 ? 0 : Long.parseLong(part.substring(2), 16))
                        : part.length() > 1 && part.startsWith("0") ? Long.parseLong(part.substring(1), 8) : Long.parseLong(part);
            } catch (NumberFormatException notANumber) {
                return Optional.empty();
            }
        }
        long address = 0;
        for (int i = 0; i < values.length - 1; i++) {
            if (values[i] > 0xff) {
                return Optional.empty();
            }
            address = address << 8 | values[i];
        }
        int lastBits = 8 * (4 - (values.length - 1));
        long last = values[values.length - 1];
        if (last >= 1L << lastBits) {
            return Optional.empty();
        }
        address = address << lastBits | last;
        try {
            return Optional.of(Inet4Address.getByAddress(host, new byte[] {
                    (byte) (address >>> 24), (byte) (address >>> 16), (byte) (address >>> 8), (byte) address}));
        } catch (UnknownHostException impossible) {
            throw new IllegalStateException(impossible);
        }
    }
}
