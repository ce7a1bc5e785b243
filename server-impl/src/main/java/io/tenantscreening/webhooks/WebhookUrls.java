package io.tenantscreening.webhooks;

import io.tenantscreening.common.Mode;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;
import jakarta.inject.Singleton;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Optional;

/**
 * Checks an endpoint URL when it is registered: absolute, {@code https} (test mode also
 * {@code http}), no credentials in it, and a host whose every address is allowed
 * ({@link WebhookAddresses}). Delivery checks the address again when it connects. Control
 * and bidirectional characters, raw or percent-encoded, never get here: the contract check
 * refuses them in every URL member of a request.
 */
@Singleton
class WebhookUrls {

    private static final ErrorSource URL = ErrorSource.pointer("/webhook_endpoint/url");

    /** The highest TCP port. */
    private static final int MAX_PORT = 65535;

    private final WebhookSettings settings;

    WebhookUrls(WebhookSettings settings) {
        this.settings = settings;
    }

    /** The URL as it will be used; 422 on /webhook_endpoint/url when it cannot be. */
    URI check(String text, Mode mode) {
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw ApiException.invalid(URL, "Must be an absolute URL such as https://hooks.example.com/screening.");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.isAbsolute() && uri.getHost() == null && uri.getRawAuthority() != null) {
            numericAuthority(uri.getRawAuthority()).ifPresent(host -> {
                throw ApiException.invalid(URL, host + " is not a host name deliveries can go to; write a public address "
                        + "as four decimal numbers, or use a host name.");
            });
        }
        if (!uri.isAbsolute() || uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw ApiException.invalid(URL, "Must be an absolute http(s) URL with a host, such as https://hooks.example.com/screening.");
        }
        if (scheme.equals("http") && mode == Mode.LIVE) {
            throw ApiException.invalid(URL, "Live-mode endpoints must use https.");
        }
        if (uri.getPort() == 0 || uri.getPort() > MAX_PORT) {
            throw ApiException.invalid(URL, "Port " + uri.getPort() + " cannot be connected to; a port is a number from 1 to "
                    + MAX_PORT + " (or leave it out for the scheme's own).");
        }
        if (uri.getRawUserInfo() != null) {
            throw ApiException.invalid(URL, "Must not carry a user name or password; deliveries are signed instead.");
        }
        if (uri.getRawFragment() != null) {
            throw ApiException.invalid(URL, "Must not have a fragment (#…).");
        }
        try {
            WebhookAddresses.resolve(uri.getHost(), allowLoopback(mode));
        } catch (WebhookAddresses.Refused refused) {
            throw ApiException.invalid(URL, refused.getMessage() + "; deliveries cannot go there"
                    + (mode == Mode.TEST && refused.loopback()
                    ? " unless the operator enables loopback endpoints for test mode (WEBHOOK_ALLOW_LOOPBACK)." : "."));
        } catch (UnknownHostException unknown) {
            throw ApiException.invalid(URL, "The host '" + uri.getHost() + "' cannot be resolved.");
        }
        return uri;
    }

    /** An authority java.net.URI could not read as a host, when it is a numeric IPv4 form (0x7f.1, say). */
    private static Optional<String> numericAuthority(String authority) {
        String host = authority.substring(authority.lastIndexOf('@') + 1).replaceFirst(":[0-9]*$", "");
        return WebhookAddresses.numericIpv4(host).map(address -> host);
    }

    boolean allowLoopback(Mode mode) {
        return mode == Mode.TEST && settings.isAllowLoopback();
    }
}
