package io.tenantscreening.email;

/**
 * The mail server refused a message for good (a permanent, 5xx answer such as an unknown
 * recipient): sending it again would fail again.
 */
public class EmailRejected extends RuntimeException {

    public EmailRejected(String message, Throwable cause) {
        super(message, cause);
    }
}
