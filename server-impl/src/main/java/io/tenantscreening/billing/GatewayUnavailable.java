package io.tenantscreening.billing;

/** A hosted checkout's processor did not do what it was asked (out of reach, or it answered an error); asking again may work. */
public class GatewayUnavailable extends RuntimeException {

    public GatewayUnavailable(String message, Throwable cause) {
        super(message, cause);
    }
}
