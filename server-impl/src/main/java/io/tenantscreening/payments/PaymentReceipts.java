package io.tenantscreening.payments;

import io.tenantscreening.agency.AgencySettings;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.email.EmailMessage;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.OrderRef;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderView;
import jakarta.inject.Singleton;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

import java.nio.charset.StandardCharsets;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The receipt an applicant gets by email once their payment succeeded (templates
 * email/payment-receipt.txt and .html): the amount, what was bought, the date of the
 * payment, the consumer reporting agency that was paid, and the payment's reference. None
 * when the applicant has no email address.
 */
@Singleton
public class PaymentReceipts {

    private static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("MMMM d, yyyy", Locale.US);

    private final TemplateEngine templates = new TemplateEngine();
    private final OrderService orders;
    private final ApplicantPayments payments;
    private final AgencySettings agency;

    public PaymentReceipts(OrderService orders, ApplicantPayments payments, AgencySettings agency) {
        this.orders = orders;
        this.payments = payments;
        this.agency = agency;
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
        resolver.setPrefix("email/");
        resolver.setCharacterEncoding(StandardCharsets.UTF_8.name());
        resolver.setTextTemplateModePatterns(Set.of("*.txt"));
        resolver.setHtmlTemplateModePatterns(Set.of("*.html"));
        resolver.setTemplateMode(TemplateMode.HTML);
        templates.setTemplateResolver(resolver);
    }

    /** The receipt of the order's payment; empty when its applicant has no email address or nothing was paid. */
    Optional<EmailMessage> of(OrderRef ref) {
        OrderView view = orders.get(ref.tenant(), ref.orderId(), Set.of(Include.APPLICANT, Include.PROPERTY));
        Applicant applicant = view.applicant();
        if (applicant.email() == null) {
            return Optional.empty();
        }
        return payments.paid(ref).map(paid -> {
            Context context = new Context(Locale.US);
            String subject = "Your receipt for your rental screening";
            context.setVariable("subject", subject);
            context.setVariable("firstName", applicant.firstName());
            context.setVariable("amount", amount(paid.amountCents(), paid.currency()));
            context.setVariable("items", items(view.order().packageSlug(), view.order().addOnProducts()));
            context.setVariable("property", view.property().oneLineAddress());
            context.setVariable("date", DAY.format(paid.updatedAt().atZone(agency.getTimeZone())));
            context.setVariable("reference", paid.paymentReference());
            context.setVariable("orderId", ref.orderId());
            context.setVariable("agency", agency);
            return new EmailMessage(applicant.email(), subject, templates.process("payment-receipt.txt", context),
                    templates.process("payment-receipt.html", context));
        });
    }

    /** An amount as people read it: "$35.00" in US dollars, else "35.00 EUR". */
    public static String amount(long cents, String currency) {
        String number = String.format(Locale.US, "%d.%02d", cents / 100, cents % 100);
        return "usd".equalsIgnoreCase(currency) ? "$" + number : number + " " + currency.toUpperCase(Locale.ROOT);
    }

    /** What was bought: the package, then each add-on. */
    public static List<String> items(String packageSlug, List<String> addOns) {
        List<String> items = new ArrayList<>();
        items.add(switch (packageSlug) {
            case "starter" -> "Starter screening: credit report";
            case "essential" -> "Essential screening: credit report and eviction history";
            case "complete" -> "Complete screening: credit report, eviction history and criminal background";
            default -> packageSlug;
        });
        for (String addOn : addOns) {
            items.add(switch (addOn) {
                case "identity_verification" -> "Identity verification";
                case "income_verification" -> "Income verification";
                default -> addOn;
            });
        }
        return items;
    }
}
