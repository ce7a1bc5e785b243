package io.tenantscreening.pages;

import io.micronaut.context.annotation.Value;
import io.micronaut.http.HttpRequest;
import jakarta.inject.Singleton;

import java.net.InetSocketAddress;

/**
 * The address of the client of an apply page, for its consent record and for
 * {@link WrongTokenLimiter}. By default the connection's peer: headers such as
 * X-Forwarded-For are written by the client and would let it pick any address (Micronaut's
 * own resolver trusts them). Behind a reverse proxy the operator names the header the proxy
 * sets ({@code CLIENT_ADDRESS_HEADER}); of a list, the last entry counts, the one the
 * proxy appended.
 */
@Singleton
public class ClientAddresses {

    private final String header;

    public ClientAddresses(@Value("${screening.apply.client-address-header:}") String header) {
        this.header = header.isBlank() ? null : header.strip();
    }

    public String of(HttpRequest<?> request) {
        if (header != null) {
            String value = request.getHeaders().get(header);
            if (value != null && !value.isBlank()) {
                return value.substring(value.lastIndexOf(',') + 1).strip();
            }
        }
        InetSocketAddress peer = request.getRemoteAddress();
        return peer.getAddress() == null ? peer.getHostString() : peer.getAddress().getHostAddress();
    }
}
