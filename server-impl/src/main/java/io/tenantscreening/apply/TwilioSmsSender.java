package io.tenantscreening.apply;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.annotation.Value;
import io.tenantscreening.metrics.ServiceMetrics;
import io.tenantscreening.tracing.Traces;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@link SmsSender} over Twilio's Messages REST API ({@code POST
 * /2010-04-01/Accounts/<sid>/Messages.json}, form-encoded To, From and Body, HTTP basic
 * authentication with the account SID and auth token). The base URL is configuration so
 * that a compatible gateway, or a test's own server, can stand in. A 2xx answer is success;
 * anything else throws with the status and Twilio's error code (never the answer's message,
 * the number or the text, which may carry personal data and would reach the operator's
 * error view). Each request is timed as {@code http.client.requests} of client
 * {@code twilio}, under the uri template {@link #URI_TEMPLATE}.
 */
@Singleton
@Requires(property = "screening.sms.sender", value = "twilio")
public class TwilioSmsSender implements SmsSender {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    /** The uri of every request in the client metrics: Twilio's own template, without the account. */
    private static final String URI_TEMPLATE = "/2010-04-01/Accounts/{AccountSid}/Messages.json";
    /** Twilio's error code in an answer; its message may quote the number, so only the code is kept. */
    private static final Pattern ERROR_CODE = Pattern.compile("\"code\"\\s*:\\s*(\\d+)");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT)
            .followRedirects(HttpClient.Redirect.NEVER).build();
    private final URI messages;
    private final String authorization;
    private final String from;
    private final Traces traces;
    private final ServiceMetrics metrics;

    public TwilioSmsSender(@Value("${screening.sms.twilio.base-url}") String baseUrl,
                           @Value("${screening.sms.twilio.account-sid}") String accountSid,
                           @Value("${screening.sms.twilio.auth-token}") String authToken,
                           @Value("${screening.sms.twilio.from}") String from, Traces traces,
                           ServiceMetrics metrics) {
        this.traces = traces;
        this.metrics = metrics;
        if (accountSid.isBlank() || authToken.isBlank() || from.isBlank()) {
            throw new IllegalStateException("SMS_SENDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM");
        }
        this.messages = URI.create(baseUrl.replaceAll("/+$", "") + "/2010-04-01/Accounts/"
                + URLEncoder.encode(accountSid, StandardCharsets.UTF_8) + "/Messages.json");
        this.authorization = "Basic " + Base64.getEncoder().encodeToString((accountSid + ":" + authToken)
                .getBytes(StandardCharsets.UTF_8));
        this.from = from;
    }

    @Override
    public void send(String phoneNumber, String text) {
        String form = "To=" + URLEncoder.encode(phoneNumber, StandardCharsets.UTF_8) + "&From="
                + URLEncoder.encode(from, StandardCharsets.UTF_8) + "&Body=" + URLEncoder.encode(text, StandardCharsets.UTF_8);
        HttpRequest request = HttpRequest.newBuilder(messages).timeout(TIMEOUT)
                .header("Authorization", authorization)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build();
        HttpResponse<String> answer = null;
        long started = System.nanoTime();
        try (Traces.Outbound call = traces.outbound("sms send", "server.address", messages.getHost())) {
            try {
                answer = http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw call.failed(e);
            } catch (InterruptedException e) {
                throw call.failed(e);
            }
            if (answer.statusCode() / 100 != 2) {
                Matcher code = ERROR_CODE.matcher(answer.body() == null ? "" : answer.body());
                throw call.failed(new SmsFailure("the SMS gateway answered " + answer.statusCode()
                        + (code.find() ? " with error code " + code.group(1) : ""), null));
            }
        } catch (IOException e) {
            throw new SmsFailure("the SMS gateway could not be reached: " + e.getClass().getSimpleName(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SmsFailure("interrupted while sending a text message", e);
        } finally {
            metrics.httpClientRequest("twilio", "POST", URI_TEMPLATE, answer == null ? null : answer.statusCode(),
                    System.nanoTime() - started);
        }
    }

    /** The gateway did not accept a message. */
    static final class SmsFailure extends RuntimeException {
        SmsFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
