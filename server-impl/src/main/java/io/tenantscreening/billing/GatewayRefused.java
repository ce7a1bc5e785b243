package io.tenantscreening.billing;

/**
 * A hosted checkout's processor refused a request for good (Stripe: a 4xx other than a rate
 * limit or an idempotency conflict): asking again with the same details gets the same
 * refusal. {@code code} and {@code param} are the processor's (Stripe's error code, such as
 * {@code email_invalid}, and the parameter it is about, such as {@code customer_email}),
 * either may be null; the message is the processor's.
 */
public class GatewayRefused extends RuntimeException {

    private final String code;
    private final String param;

    public GatewayRefused(String code, String param, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.param = param;
    }

    public String code() {
        return code;
    }

    public String param() {
        return param;
    }
}
