package io.tenantscreening.households;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.AddRentalApplicationMemberRequest;
import io.tenantscreening.api.model.HouseholdIncome;
import io.tenantscreening.api.model.HouseholdReason;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.RentalApplicationInput;
import io.tenantscreening.api.model.RentalApplicationList;
import io.tenantscreening.api.model.RentalApplicationMemberInput;
import io.tenantscreening.api.model.ScreeningPackage;
import io.tenantscreening.common.Mode;
import io.tenantscreening.contract.ApiEnums;
import io.tenantscreening.errors.Violations;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import io.tenantscreening.orders.OrderMapper;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.properties.PropertyMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** Between the API's rental application models and {@link NewRentalApplication} / {@link RentalApplicationView}. */
final class RentalApplicationMapper {

    private static final String ROOT = "/rental_application";

    private RentalApplicationMapper() {
    }

    /**
     * POST /rental_applications, rules 1 to 4, as far as the request alone decides them: one
     * property, each member's applicant, at least one applicant, no person twice.
     */
    static NewRentalApplication toCommand(RentalApplicationInput input) {
        Violations violations = new Violations();
        if (input.getPropertyId() != null && input.getProperty() != null) {
            violations.add(ROOT + "/property", "Send property_id or property, not both.");
        } else if (input.getPropertyId() == null && input.getProperty() == null) {
            violations.add(ROOT + "/property", "Send property_id (an existing property's id) or property (an address).");
        }
        List<String> addOns = OrderMapper.addOns(input.getAddOnProducts(), violations, ROOT + "/add_on_products");
        List<RentalApplicationMemberInput> sent = input.getMembers();
        List<NewRentalApplication.NewMember> members = new ArrayList<>();
        for (int index = 0; index < sent.size(); index++) {
            members.add(member(sent.get(index), ROOT + "/members/" + index, violations));
        }
        if (members.stream().noneMatch(member -> member.role() == MemberRole.APPLICANT)) {
            violations.add(ROOT + "/members", "At least one member must have the role 'applicant' (the main applicant); "
                    + "co-applicants and guarantors apply with one.");
        }
        repeats(members, List.of(), ROOT + "/members/", 0, violations);
        violations.throwIfAny();
        return new NewRentalApplication(input.getPackage().getValue(), addOns,
                input.getPayer() == null ? Payer.ORGANIZATION : Payer.of(input.getPayer().getValue()),
                input.getPropertyId(), input.getProperty() == null ? null : PropertyMapper.toAddress(input.getProperty()),
                input.getScreeningPolicyId(), input.getMonthlyRent(), List.copyOf(members));
    }

    /**
     * POST /rental_applications/{id}/members, rule 1, as far as the request alone decides it:
     * the member's applicant, not one of the application's {@code present} members.
     */
    static NewRentalApplication.NewMember toMember(AddRentalApplicationMemberRequest request, List<Identity> present) {
        Violations violations = new Violations();
        NewRentalApplication.NewMember member = member(request.getMember(), "/member", violations);
        repeats(List.of(member), present, "/member", -1, violations);
        violations.throwIfAny();
        return member;
    }

    /**
     * POST /rental_applications/{id}/members, rule 1, checked again under the application's
     * lock: the member repeats none of the {@code present} members (a live request checked it
     * when it was claimed, before another request could add the same person).
     */
    static void refuseRepeat(NewRentalApplication.NewMember member, List<Identity> present) {
        Violations violations = new Violations();
        repeats(List.of(member), present, "/member", -1, violations);
        violations.throwIfAny();
    }

    /** Who a member is, for telling the same person apart: an applicant id, or an inline applicant's email (lower case). */
    record Identity(String applicantId, String email) {

        static Identity of(NewRentalApplication.NewMember member) {
            return new Identity(member.applicantId(),
                    member.applicant() == null ? null : member.applicant().email().toLowerCase(Locale.ROOT));
        }
    }

    private static NewRentalApplication.NewMember member(RentalApplicationMemberInput input, String pointer, Violations violations) {
        if (input.getApplicantId() != null && input.getApplicant() != null) {
            violations.add(pointer + "/applicant", "Send applicant_id or applicant, not both.");
        } else if (input.getApplicantId() == null && input.getApplicant() == null) {
            violations.add(pointer + "/applicant", "Send applicant_id (an existing applicant's id) or applicant (a new applicant).");
        }
        return new NewRentalApplication.NewMember(MemberRole.of(input.getRole().getValue()), input.getApplicantId(),
                input.getApplicant() == null ? null : OrderMapper.applicant(input.getApplicant(), violations, pointer + "/applicant/"));
    }

    /**
     * Adds a violation for each member that repeats an earlier one or one of {@code present}
     * (same applicant id, or same email ignoring case), at the repeat's pointer: the prefix
     * and its index (or the prefix alone when {@code firstIndex} is negative).
     */
    private static void repeats(List<NewRentalApplication.NewMember> members, List<Identity> present, String prefix,
                                int firstIndex, Violations violations) {
        Set<String> ids = new HashSet<>();
        Set<String> emails = new HashSet<>();
        present.forEach(identity -> {
            if (identity.applicantId() != null) {
                ids.add(identity.applicantId());
            }
            if (identity.email() != null) {
                emails.add(identity.email());
            }
        });
        for (int index = 0; index < members.size(); index++) {
            Identity identity = Identity.of(members.get(index));
            String at = firstIndex < 0 ? prefix : prefix + (firstIndex + index);
            if (identity.applicantId() != null && !ids.add(identity.applicantId())) {
                violations.add(at + "/applicant_id", "Applicant '" + identity.applicantId()
                        + "' is already a member of this application; each person is one member.");
            }
            if (identity.email() != null && !emails.add(identity.email())) {
                violations.add(at + "/applicant/email", "Another member of this application has this email; each person "
                        + "is one member (send a different person, or leave the repeat out).");
            }
        }
    }

    static io.tenantscreening.api.model.RentalApplication toApi(RentalApplicationView view) {
        RentalApplication application = view.application();
        return new io.tenantscreening.api.model.RentalApplication()
                .id(application.id())
                .liveMode(application.mode() == Mode.LIVE)
                .status(application.status().value())
                .propertyId(application.propertyId())
                ._package(ApiEnums.of(ScreeningPackage.class, application.packageSlug()))
                .addOnProducts(application.addOnProducts())
                .payer(ApiEnums.of(io.tenantscreening.api.model.Payer.class, application.payer().value()))
                .screeningPolicyId(application.screeningPolicyId())
                .monthlyRent(application.monthlyRent())
                .members(application.members().stream().map(member -> member(member, view)).toList())
                .recommendation(recommendation(view.recommendation()))
                .createdAt(application.createdAt())
                .completedAt(application.completedAt())
                .canceledAt(application.canceledAt());
    }

    /** The application as the API writes it, for the object of its events. */
    static String json(JsonMapper json, RentalApplicationView view) {
        try {
            return json.writeValueAsString(toApi(view));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RentalApplicationList toApi(Page<RentalApplicationView> page, ListLinks.PageLinks links) {
        return new RentalApplicationList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(RentalApplicationMapper::toApi).toList());
    }

    private static io.tenantscreening.api.model.RentalApplicationMember member(RentalApplication.Member member,
                                                                               RentalApplicationView view) {
        io.tenantscreening.api.model.RentalApplicationMember api = new io.tenantscreening.api.model.RentalApplicationMember()
                .orderId(member.orderId())
                .applicantId(member.applicantId())
                .role(ApiEnums.of(io.tenantscreening.api.model.MemberRole.class, member.role().value()))
                .orderStatus(member.orderStatus().value())
                .addedAt(member.addedAt())
                .removedAt(member.removedAt());
        if (view.orders() != null) {
            api.order(OrderMapper.toApi(view.orders().get(member.orderId())));
        }
        return api;
    }

    private static io.tenantscreening.api.model.HouseholdRecommendation recommendation(HouseholdRecommendation recommendation) {
        if (recommendation == null) {
            return null;
        }
        HouseholdRecommendation.Income income = recommendation.income();
        return new io.tenantscreening.api.model.HouseholdRecommendation()
                .decision(recommendation.decision().value())
                .policyId(recommendation.policyId())
                .reasons(recommendation.reasons().stream().map(reason -> new HouseholdReason()
                        .code(reason.code().value())
                        .check(reason.check())
                        .orderIds(reason.orderIds())
                        .detail(reason.detail())).toList())
                .income(income == null ? null : new HouseholdIncome()
                        .requiredMonthlyIncome(income.requiredMonthlyCents())
                        .pooledMonthlyIncome(income.pooledMonthlyCents())
                        .coveredByOrderId(income.coveredByGuarantorOrderId()));
    }
}
