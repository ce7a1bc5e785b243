package io.tenantscreening.payments;

import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.Consumes;
import io.micronaut.http.annotation.Controller;
import io.micronaut.http.annotation.PathVariable;
import io.micronaut.http.annotation.Post;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.billing.HostedCheckout;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.web.Routes;

import java.util.Map;

/**
 * {@code POST /payment_notifications/{gateway}}: where a payment processor sends its signed
 * notifications (Stripe's webhook endpoint is {@code /payment_notifications/stripe}). No API
 * key, not part of the integrators' contract: the gateway's signature over the raw body is
 * the only credential. A forged or stale notification is {@code 400} (errors in the API's
 * envelope). Everything signed is answered {@code 200}, so that the processor never disables
 * the endpoint: a notification taken before with {@code duplicate: true}, one about a session
 * no checkout has or of a kind the service does not act on with {@code ignored: true}; neither
 * changes anything.
 */
@Controller(Routes.PAYMENT_NOTIFICATIONS)
@ExecuteOn(TaskExecutors.BLOCKING)
public class PaymentNotificationsController {

    private final ApplicantPayments payments;

    public PaymentNotificationsController(ApplicantPayments payments) {
        this.payments = payments;
    }

    @Post("/{gateway}")
    @Consumes(MediaType.ALL)
    public HttpResponse<Map<String, Object>> receive(@PathVariable String gateway, @Body byte[] body, HttpRequest<?> request) {
        try {
            ApplicantPayments.Receipt receipt = payments.receive(gateway, name -> request.getHeaders().get(name),
                    body == null ? new byte[0] : body);
            return HttpResponse.ok(Map.of("received", true, "ignored", receipt == ApplicantPayments.Receipt.IGNORED,
                    "duplicate", receipt == ApplicantPayments.Receipt.DUPLICATE));
        } catch (HostedCheckout.NotificationRefused e) {
            throw new ApiException(HttpStatus.BAD_REQUEST, switch (e.reason()) {
                case FORGED -> "invalid_signature";
                case STALE -> "stale_notification";
                case MALFORMED -> "malformed_notification";
            }, e.getMessage());
        } catch (ApplicantPayments.UnknownGateway e) {
            throw ApiException.notFound(e.getMessage());
        }
    }
}
