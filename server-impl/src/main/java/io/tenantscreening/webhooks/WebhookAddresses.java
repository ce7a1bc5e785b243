package io.tenantscreening.webhooks;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which addresses a webhook may be delivered to (server-side request forgery). Refused:
 * unspecified, loopback (unless allowed), private (10/8, 172.16/12, 192.168/16), shared
 * (100.64/10, which includes cloud metadata such as 100.100.100.200), link-local (169.254/16
 * with 169.254.169.254; fe80::/10), unique-local (fc00::/7, with AWS's fd00:ec2::254),
 * site-local (fec0::/10), multicast, broadcast and reserved (240/4) addresses, and
 * IPv6 forms that carry an IPv4 address (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96,
 * 6to4 2002::/16) when the IPv4 address is refused. Host names are resolved, and every
 * address they resolve to must be allowed. Numeric hosts are read as the C library reads
 * them (inet_aton: 1 to 4 parts, decimal, octal with a leading 0, hex with 0x), so that
 * {@code 2130706433}, {@code 0x7f.1} or {@code 0177.0.0.1} are known for the loopback
 * addresses they are.
 */
final class WebhookAddresses {

    private static final Pattern NUMERIC_HOST = Pattern.compile("(?i)(0x[0-9a-f]*|[0-9]+)(\\.(0x[0-9a-f]*|[0-9]+)){0,3}\\.?");

    private WebhookAddresses() {
    }

    /** An address or a host that must not be delivered to. */
    static final class Refused extends UnknownHostException {
        Refused(String message) {
            super(message);
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
            Optional<String> refusal = refusal(address, allowLoopback);
            if (refusal.isPresent()) {
                throw new Refused(host + (address.getHostAddress().equals(bare) ? "" : " (" + address.getHostAddress() + ")")
                        + " is " + refusal.get());
            }
        }
        return addresses;
    }

    /** Why the address is refused, as "a private address"; empty when it is allowed. */
    static Optional<String> refusal(InetAddress address, boolean allowLoopback) {
        if (address instanceof Inet6Address v6) {
            return refusal6(v6.getAddress(), allowLoopback);
        }
        return refusal4(address.getAddress(), allowLoopback);
    }

    private static Optional<String> refusal4(byte[] a, boolean allowLoopback) {
        int b0 = a[0] & 0xff;
        int b1 = a[1] & 0xff;
        if (b0 == 127) {
            return allowLoopback ? Optional.empty() : Optional.of("a loopback address");
        }
        if (b0 == 0) {
            return Optional.of("an unspecified address");
        }
        if (b0 == 10 || (b0 == 172 && b1 >= 16 && b1 <= 31) || (b0 == 192 && b1 == 168)) {
            return Optional.of("a private address");
        }
        if (b0 == 100 && b1 >= 64 && b1 <= 127) {
            return Optional.of("a shared (carrier-grade NAT) address, used for cloud metadata too");
        }
        if (b0 == 169 && b1 == 254) {
            return Optional.of("a link-local address (cloud metadata lives there)");
        }
        if (b0 == 192 && b1 == 0 && (a[2] & 0xff) == 0) {
            return Optional.of("an IETF protocol assignment address");
        }
        if (b0 >= 224 && b0 <= 239) {
            return Optional.of("a multicast address");
        }
        if (b0 >= 240) {
            return Optional.of("a reserved or broadcast address");
        }
        return Optional.empty();
    }

    private static Optional<String> refusal6(byte[] a, boolean allowLoopback) {
        boolean zeroUpTo10 = true;
        for (int i = 0; i < 10; i++) {
            zeroUpTo10 &= a[i] == 0;
        }
        boolean zeroUpTo12 = zeroUpTo10 && a[10] == 0 && a[11] == 0;
        if (zeroUpTo12 && a[12] == 0 && a[13] == 0 && a[14] == 0 && (a[15] == 0 || a[15] == 1)) {
            return a[15] == 1 ? (allowLoopback ? Optional.empty() : Optional.of("a loopback address"))
                    : Optional.of("an unspecified address");
        }
        if (zeroUpTo10 && (a[10] & 0xff) == 0xff && (a[11] & 0xff) == 0xff || zeroUpTo12) {
            return refusal4(new byte[] {a[12], a[13], a[14], a[15]}, allowLoopback).map(why -> why + " (IPv4 in IPv6)");
        }
        if ((a[0] & 0xff) == 0x00 && (a[1] & 0xff) == 0x64 && (a[2] & 0xff) == 0xff && (a[3] & 0xff) == 0x9b) {
            return refusal4(new byte[] {a[12], a[13], a[14], a[15]}, allowLoopback).map(why -> why + " (behind NAT64)");
        }
        if ((a[0] & 0xff) == 0x20 && (a[1] & 0xff) == 0x02) {
            return refusal4(new byte[] {a[2], a[3], a[4], a[5]}, allowLoopback).map(why -> why + " (behind 6to4)");
        }
        if ((a[0] & 0xff) == 0xfe && (a[1] & 0xc0) == 0x80) {
            return Optional.of("a link-local address");
        }
        if ((a[0] & 0xff) == 0xfe && (a[1] & 0xc0) == 0xc0) {
            return Optional.of("a site-local address");
        }
        if ((a[0] & 0xfe) == 0xfc) {
            return Optional.of("a unique-local address (cloud metadata lives there too)");
        }
        if ((a[0] & 0xff) == 0xff) {
            return Optional.of("a multicast address");
        }
        return Optional.empty();
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
