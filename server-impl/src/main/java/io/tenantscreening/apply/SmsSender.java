package io.tenantscreening.apply;

/**
 * Sends a text message. The operator picks one by {@code SMS_SENDER}: {@code log} (the
 * default, {@link LoggedSmsSender}) or {@code twilio} ({@link TwilioSmsSender}). A sender
 * throws when the message was not accepted; the background work then tries again later.
 */
public interface SmsSender {

    void send(String phoneNumber, String text);
}
