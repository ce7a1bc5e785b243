package io.tenantscreening.orders;

import io.tenantscreening.api.model.AddOnProduct;
import io.tenantscreening.api.model.ApplicantInput;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.OrderInput;
import io.tenantscreening.api.model.OrderList;
import io.tenantscreening.api.model.OriginalRequesterInput;
import io.tenantscreening.api.model.ScreeningPackage;
import io.tenantscreening.applicants.ApplicantMapper;
import io.tenantscreening.applicants.NewApplicant;
import io.tenantscreening.applicants.Ssn;
import io.tenantscreening.common.Text;
import io.tenantscreening.common.UsPhoneNumbers;
import io.tenantscreening.contract.ApiEnums;
import io.tenantscreening.errors.Violations;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.properties.PropertyMapper;
import io.tenantscreening.requesters.RequesterDetails;
import io.tenantscreening.requesters.RequesterMapper;
import org.openapitools.jackson.nullable.JsonNullable;

import java.net.URI;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Translates between the generated API models and the order domain. Reading a request, it
 * checks the rules the contract's schemas cannot express (one form per side, name forms,
 * phone numbers, the requester's address group) and reports every failing member at once.
 */
public final class OrderMapper {

    private static final int NAME_PART_MAX = 50;
    private static final LocalDate EARLIEST_DOB = LocalDate.of(1900, 1, 1);

    private OrderMapper() {
    }

    static PlaceOrder toCommand(OrderInput input) {
        Violations violations = new Violations();
        exactlyOne(violations, input.getPropertyId(), input.getProperty(), "property_id", "property",
                "an existing property's id", "an address");
        exactlyOne(violations, input.getApplicantId(), input.getApplicant(), "applicant_id", "applicant",
                "an existing applicant's id", "a new applicant");
        if (input.getOriginalRequesterId() != null && input.getOriginalRequester() != null) {
            violations.add("/order/original_requester",
                    "Send original_requester_id or original_requester, not both (or neither, when ordering for yourself).");
        }
        NewApplicant applicant = input.getApplicant() == null ? null
                : applicant(input.getApplicant(), violations, "/order/applicant/");
        RequesterDetails requester = input.getOriginalRequester() == null ? null
                : requester(input.getOriginalRequester(), violations);
        List<String> addOns = addOns(input.getAddOnProducts(), violations, "/order/add_on_products");
        violations.throwIfAny();
        return new PlaceOrder(input.getPackage().getValue(), addOns,
                input.getPayer() == null ? Payer.ORGANIZATION : Payer.of(input.getPayer().getValue()),
                input.getPropertyId(), input.getProperty() == null ? null : PropertyMapper.toAddress(input.getProperty()),
                input.getApplicantId(), applicant, input.getOriginalRequesterId(), requester, input.getScreeningPolicyId(),
                input.getMonthlyRent());
    }

    public static io.tenantscreening.api.model.Order toApi(OrderView view) {
        Order order = view.order();
        io.tenantscreening.api.model.Order api = new io.tenantscreening.api.model.Order()
                .id(order.id())
                .liveMode(order.mode() == io.tenantscreening.common.Mode.LIVE)
                .status(order.status().value())
                ._package(ApiEnums.of(ScreeningPackage.class, order.packageSlug()))
                .addOnProducts(order.addOnProducts())
                .payer(ApiEnums.of(io.tenantscreening.api.model.Payer.class, order.payer().value()))
                .payment(payment(order.payment()))
                .propertyId(order.propertyId())
                .applicantId(order.applicantId())
                .originalRequesterId(order.originalRequesterId())
                .applicationUrl(view.applicationUrl() == null ? null : URI.create(view.applicationUrl()))
                .screeningPolicyId(order.screeningPolicyId())
                .monthlyRent(order.monthlyRent())
                .rentalApplicationId(JsonNullable.of(order.rentalApplicationId()))
                .checks(view.checks().stream().map(OrderMapper::check).toList())
                .createdAt(order.createdAt())
                .completedAt(order.completedAt())
                .canceledAt(order.canceledAt());
        return embed(api, view);
    }

    private static io.tenantscreening.api.model.OrderCheck check(OrderCheck check) {
        return new io.tenantscreening.api.model.OrderCheck()
                .type(check.type())
                .status(check.status().value())
                .estimatedCompletionAt(check.estimatedCompletionAt())
                .overdue(check.overdue());
    }

    private static io.tenantscreening.api.model.OrderPayment payment(OrderPayment payment) {
        return payment == null ? null : new io.tenantscreening.api.model.OrderPayment()
                .status(payment.status().value())
                .amount(payment.amountCents())
                .currency(payment.currency())
                .failureReason(JsonNullable.of(payment.failureReason() == null ? null : payment.failureReason().value()));
    }

    /** Adds the records named in the view's includes to an order of the API. */
    static io.tenantscreening.api.model.Order embed(io.tenantscreening.api.model.Order api, OrderView view) {
        if (view.includes().contains(Include.PROPERTY)) {
            api.property(PropertyMapper.toApi(view.property()));
        }
        if (view.includes().contains(Include.APPLICANT)) {
            api.applicant(ApplicantMapper.toApi(view.applicant()));
        }
        if (view.includes().contains(Include.ORIGINAL_REQUESTER)) {
            api.originalRequester(JsonNullable.of(view.requester() == null ? null : RequesterMapper.toApi(view.requester())));
        }
        return api;
    }

    static OrderList toApi(Page<OrderView> page, ListLinks.PageLinks links) {
        return new OrderList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(OrderMapper::toApi).toList());
    }

    private static void exactlyOne(Violations violations, Object byId, Object inline, String idName, String inlineName,
                                   String idMeaning, String inlineMeaning) {
        if (byId != null && inline != null) {
            violations.add("/order/" + inlineName, "Send " + idName + " or " + inlineName + ", not both.");
        } else if (byId == null && inline == null) {
            violations.add("/order/" + inlineName, "Send " + idName + " (" + idMeaning + ") or " + inlineName + " ("
                    + inlineMeaning + ").");
        }
    }

    /** A new applicant as sent, its problems added to {@code violations} under {@code pointer} (ending with a slash). */
    public static NewApplicant applicant(ApplicantInput input, Violations violations, String pointer) {
        String first = input.getFirstName();
        String last = input.getLastName();
        if (input.getFullName() != null) {
            if (first != null || last != null) {
                violations.add(pointer + "full_name", "Send full_name or first_name and last_name, not both.");
            } else {
                String[] parts = Text.splitAtFirstSpace(input.getFullName());
                if (parts.length < 2) {
                    violations.add(pointer + "full_name", "Must have at least two parts separated by whitespace, "
                            + "such as 'Jamie Rivera' (or send first_name and last_name).");
                } else if (tooLong(parts[0]) || tooLong(parts[1])) {
                    violations.add(pointer + "full_name", "Each part of full_name (before and after the first whitespace) "
                            + "must be 1 to 50 characters.");
                } else {
                    first = parts[0];
                    last = parts[1];
                }
            }
        } else {
            if (first == null) {
                violations.add(pointer + "first_name", "Required together with last_name, unless full_name is sent.");
            }
            if (last == null) {
                violations.add(pointer + "last_name", "Required together with first_name, unless full_name is sent.");
            }
        }
        LocalDate dob = input.getDob();
        if (dob != null && (dob.isAfter(LocalDate.now(ZoneOffset.UTC)) || dob.isBefore(EARLIEST_DOB))) {
            violations.add(pointer + "dob", "Must be a date between 1900-01-01 and today.");
        }
        String phone = phone(input.getPhoneNumber(), pointer + "phone_number", violations);
        return new NewApplicant(Text.trimToNull(first), Text.trimToNull(last), input.getEmail(), dob, phone,
                input.getSsn() == null ? null : Ssn.parse(input.getSsn().reveal()));
    }

    private static RequesterDetails requester(OriginalRequesterInput input, Violations violations) {
        String pointer = "/order/original_requester/";
        String state = input.getState() == null ? null : input.getState().getValue();
        List<String> sent = Arrays.asList(input.getStreet(), input.getCity(), state, input.getZipcode());
        long given = sent.stream().filter(Objects::nonNull).count();
        if (given > 0 && given < sent.size()) {
            String[] names = {"street", "city", "state", "zipcode"};
            for (int i = 0; i < names.length; i++) {
                if (sent.get(i) == null) {
                    violations.add(pointer + names[i], "The address is all or nothing: send street, city, state and "
                            + "zipcode together, or none of them.");
                }
            }
        }
        String phone = phone(input.getPhoneNumber(), pointer + "phone_number", violations);
        JsonNullable<String> unit = input.getUnit();
        return new RequesterDetails(input.getExternalId(), input.getType().getValue(), Text.trimToNull(input.getName()),
                input.getEmail(), phone, Text.trimToNull(input.getStreet()),
                unit != null && unit.isPresent() ? Text.trimToNull(unit.get()) : null,
                Text.trimToNull(input.getCity()), state, input.getZipcode());
    }

    private static String phone(String text, String pointer, Violations violations) {
        if (text == null) {
            return null;
        }
        return UsPhoneNumbers.toE164(text).orElseGet(() -> {
            violations.add(pointer, UsPhoneNumbers.REFUSAL);
            return null;
        });
    }

    /** The add-ons, sorted; each may be sent once. */
    /** Add-on products as sent, sorted; a repeat is added to {@code violations} at {@code pointer}'s element. */
    public static List<String> addOns(List<AddOnProduct> addOns, Violations violations, String pointer) {
        if (addOns == null) {
            return List.of();
        }
        violations.addRepeats(pointer, addOns, "Repeats an earlier add-on product; send each one once.");
        return addOns.stream().map(AddOnProduct::getValue).sorted().toList();
    }

    private static boolean tooLong(String namePart) {
        return namePart.codePointCount(0, namePart.length()) > NAME_PART_MAX;
    }
}
