package io.tenantscreening.households;

import io.micronaut.http.HttpStatus;
import io.micronaut.json.JsonMapper;
import io.micronaut.transaction.TransactionOperations;
import io.micronaut.transaction.TransactionStatus;
import io.tenantscreening.billing.BillingService;
import io.tenantscreening.billing.ChargePlan;
import io.tenantscreening.billing.PaymentGateway;
import io.tenantscreening.billing.PaymentRefused;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.Sealer;
import io.tenantscreening.idempotency.AbandonedWork;
import io.tenantscreening.idempotency.Claim;
import io.tenantscreening.idempotency.IdempotentOperation;
import io.tenantscreening.idempotency.IdempotentRequests;
import io.tenantscreening.idempotency.KeyStore;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Live POST /rental_applications and POST /rental_applications/{id}/members: placed under
 * their Idempotency-Key by the protocol of {@link IdempotentRequests}, in the phases of a
 * live order's placement ({@code LiveOrderPlacement}), with one charge per member's order:
 * <ol>
 *   <li>claim (one transaction): the key claimed with the request sealed beside it, the
 *       request checked against stored state without creating anything (property,
 *       applicants, policy; for a new member, the application too), then one pending charge
 *       recorded per member's order the organisation pays for, named by the key in member
 *       order. A 4xx rolls all of it back: nothing is charged.</li>
 *   <li>collect (no transaction): each card charge asked of the gateway in turn, the charge
 *       id as its idempotency key. At the first refusal, every charge already taken is
 *       refunded at the gateway and the rest are not asked.</li>
 *   <li>finish (one transaction): the application (or the member) created, the key answered
 *       201 and each charge booked against its member's order; or, after a refusal, the key
 *       answered with the refusal's 402, the refused and refunded charges booked and the
 *       charges never asked dropped. When creating fails with a 4xx (an applicant taken
 *       meanwhile), every charge taken is refunded and the key freed.</li>
 * </ol>
 * A request (or the sweep) that takes an abandoned placement over resumes it from the sealed
 * request and the recorded charges: asking the gateway again for a charge is safe, it
 * answers with the first outcome. The key space is that of POST /orders (one table): a key
 * used for another request is a 422.
 */
@Singleton
public class LiveRentalApplicationPlacement implements AbandonedWork {

    private static final String CREATE_PURPOSE = "rental-application-request";
    private static final String ADD_MEMBER_PURPOSE = "rental-application-member-request";

    private final IdempotentRequests requests;
    private final RentalApplicationKeys createKeys;
    private final RentalApplicationKeys addMemberKeys;
    private final BillingService billing;
    private final RentalApplicationCreation creation;
    private final RentalApplicationMembers members;
    private final RentalApplicationLifecycle lifecycle;
    private final RentalApplicationService reads;
    private final Sealer sealer;
    private final JsonMapper json;
    private final TransactionOperations<Connection> transactions;

    public LiveRentalApplicationPlacement(IdempotentRequests requests, TenantJdbc jdbc, BillingService billing,
                                          RentalApplicationCreation creation, RentalApplicationMembers members,
                                          RentalApplicationLifecycle lifecycle,
                                          RentalApplicationService reads, Sealer sealer, JsonMapper json,
                                          TransactionOperations<Connection> transactions) {
        this.requests = requests;
        this.createKeys = new RentalApplicationKeys(jdbc, RentalApplicationKeys.CREATE);
        this.addMemberKeys = new RentalApplicationKeys(jdbc, RentalApplicationKeys.ADD_MEMBER);
        this.billing = billing;
        this.creation = creation;
        this.members = members;
        this.lifecycle = lifecycle;
        this.reads = reads;
        this.sealer = sealer;
        this.json = json;
        this.transactions = transactions;
    }

    /**
     * POST /rental_applications in live mode. {@code canonicalRequest} is the request body in
     * a normal form: it decides whether a reused key comes with the same request.
     */
    Outcome create(Tenant tenant, NewRentalApplication command, String key, String canonicalRequest, boolean includeOrders) {
        return requests.handle(tenant, key, canonicalRequest, new Operation(createKeys, CREATE_PURPOSE, command, null, null,
                includeOrders));
    }

    /**
     * POST /rental_applications/{id}/members in live mode: the member {@code parse} makes of
     * the request, given the application's members (rule 1: checked when the key is claimed).
     * The application's id is part of the request a key is compared with: the same member
     * sent to another application is another request.
     */
    Outcome addMember(Tenant tenant, String applicationId,
                      Function<List<RentalApplicationMapper.Identity>, NewRentalApplication.NewMember> parse, String key,
                      String canonicalRequest, boolean includeOrders) {
        return requests.handle(tenant, key, applicationId + " " + canonicalRequest, new Operation(addMemberKeys,
                ADD_MEMBER_PURPOSE, null, new HouseholdRequestCodec.AddMember(applicationId, parse.apply(List.of())), parse,
                includeOrders));
    }

    /**
     * Resumes the live placements of applications and members whose holders are gone, so
     * that charges taken just before a crash end in what they paid for, or in a refund,
     * even when no client retries (the sweep of {@code AbandonedPlacements}).
     */
    @Override
    public int resumeAbandoned() {
        return requests.resumeAbandoned(new Operation(createKeys, CREATE_PURPOSE, null, null, null, false))
                + requests.resumeAbandoned(new Operation(addMemberKeys, ADD_MEMBER_PURPOSE, null, null, null, false));
    }

    /** What a placement came to. */
    sealed interface Outcome permits Created, Refused, Replayed {
    }

    /** The application, new or with its new member. */
    record Created(RentalApplicationView view) implements Outcome {
    }

    /** A charge was refused: nothing was created; the key keeps this answer. */
    record Refused(PaymentRefused refusal) implements Outcome {
    }

    /**
     * The answer stored for an earlier request with the same key and body. For a 201,
     * {@code now} is the application as it is now, with its members' orders when
     * include=orders asks for them (the stored body embeds none).
     */
    record Replayed(int status, String body, RentalApplicationView now) implements Outcome {
    }

    /**
     * A placement while a request holds its key: the request (a new application, or a member
     * to add), its charges in member order (none when the applicants pay), and what the
     * gateway answered for each charge it was asked.
     */
    private static final class Placement {
        private final Tenant tenant;
        private final String key;
        private final NewRentalApplication application;
        private final HouseholdRequestCodec.AddMember addition;
        private final List<BillingService.Recorded> charges;
        private final Map<String, PaymentGateway.Outcome> collected = new HashMap<>();

        Placement(Tenant tenant, String key, NewRentalApplication application, HouseholdRequestCodec.AddMember addition,
                  List<BillingService.Recorded> charges) {
            this.tenant = tenant;
            this.key = key;
            this.application = application;
            this.addition = addition;
            this.charges = List.copyOf(charges);
        }

        /** The refusal of the charge the gateway refused; empty when it refused none. */
        Optional<PaymentGateway.Refused> refusal() {
            return collected.values().stream().filter(PaymentGateway.Refused.class::isInstance)
                    .map(PaymentGateway.Refused.class::cast).findFirst();
        }

        boolean taken(BillingService.Recorded charge) {
            return collected.get(charge.id()) instanceof PaymentGateway.Charged;
        }
    }

    /**
     * One operation under a key: creating an application ({@code application} set) or adding
     * a member ({@code addition} set, and {@code parse}, which checks the request against the
     * application's members); none for the sweep, which claims nothing.
     */
    private final class Operation implements IdempotentOperation<Placement, Outcome> {

        private final RentalApplicationKeys keys;
        private final String purpose;
        private final NewRentalApplication application;
        private final HouseholdRequestCodec.AddMember addition;
        private final Function<List<RentalApplicationMapper.Identity>, NewRentalApplication.NewMember> parse;
        private final boolean includeOrders;

        Operation(RentalApplicationKeys keys, String purpose, NewRentalApplication application,
                  HouseholdRequestCodec.AddMember addition,
                  Function<List<RentalApplicationMapper.Identity>, NewRentalApplication.NewMember> parse, boolean includeOrders) {
            this.keys = keys;
            this.purpose = purpose;
            this.application = application;
            this.addition = addition;
            this.parse = parse;
            this.includeOrders = includeOrders;
        }

        @Override
        public KeyStore keys() {
            return keys;
        }

        /**
         * The key is claimed first, so that a repeated request is told by its key before the
         * request is checked (an application canceled since still replays its 201). The
         * charges are recorded once the request passed its checks.
         */
        @Override
        public Optional<Placement> claim(Tenant tenant, String key, Claim claim) {
            byte[] request = application != null ? HouseholdRequestCodec.write(application) : HouseholdRequestCodec.write(addition);
            if (!keys.claim(tenant, key, claim, sealer.seal(purpose, boundTo(tenant, key), request))) {
                return Optional.empty();
            }
            String packageSlug;
            List<String> addOns;
            Payer payer;
            int count;
            if (application != null) {
                creation.check(tenant, application);
                packageSlug = application.packageSlug();
                addOns = application.addOnProducts();
                payer = application.payer();
                count = application.members().size();
            } else {
                RentalApplication existing = members.check(tenant, addition.applicationId());
                parse.apply(lifecycle.present(tenant, existing));
                creation.checkMember(tenant, RentalApplicationCreation.Terms.of(existing), addition.member(), "/member");
                packageSlug = existing.packageSlug();
                addOns = existing.addOnProducts();
                payer = existing.payer();
                count = 1;
            }
            List<BillingService.Recorded> charges = new ArrayList<>();
            for (int index = 0; index < count; index++) {
                billing.recordCharge(tenant, packageSlug, addOns, payer == Payer.ORGANIZATION).ifPresent(charges::add);
            }
            keys.charges(tenant, key, charges.isEmpty() ? ChargePlan.NONE : charges.get(0).plan(),
                    charges.stream().map(BillingService.Recorded::id).toList());
            return Optional.of(new Placement(tenant, key, application, addition, charges));
        }

        @Override
        public Placement resume(Tenant tenant, String key) {
            RentalApplicationKeys.Held held = keys.held(tenant, key)
                    .orElseThrow(() -> new IllegalStateException("the placement taken over is finished"));
            byte[] request = sealer.open(purpose, boundTo(tenant, key), held.request());
            List<BillingService.Recorded> charges = held.chargeIds().stream().map(id -> billing.pending(tenant, id)).toList();
            return keys == createKeys
                    ? new Placement(tenant, key, HouseholdRequestCodec.readApplication(request), null, charges)
                    : new Placement(tenant, key, null, HouseholdRequestCodec.readAddMember(request), charges);
        }

        /** Collects each card charge in turn; at a refusal, gives back those taken and asks no more. */
        @Override
        public Optional<Outcome> run(Placement placement) {
            for (BillingService.Recorded charge : placement.charges) {
                if (charge.plan() != ChargePlan.CARD) {
                    continue;
                }
                PaymentGateway.Outcome outcome = billing.collect(placement.tenant, charge);
                placement.collected.put(charge.id(), outcome);
                if (outcome instanceof PaymentGateway.Refused) {
                    placement.charges.stream().filter(placement::taken).forEach(taken -> billing.refundAtGateway(taken.id()));
                    break;
                }
            }
            return transactions.executeWrite(status -> finish(placement, status));
        }

        /**
         * In a transaction. The key is answered only while it has no answer: a request that
         * took the placement over may have finished it first; this one's work is then rolled
         * back, and it is empty.
         */
        private Optional<Outcome> finish(Placement placement, TransactionStatus<?> status) {
            Tenant tenant = placement.tenant;
            Optional<PaymentGateway.Refused> refused = placement.refusal();
            if (refused.isPresent()) {
                PaymentRefused refusal = new PaymentRefused(refused.get().reason());
                if (!keys.answer(tenant, placement.key, new KeyStore.Answer(refusal.status().getCode(), write(refusal.envelope()),
                        null))) {
                    return Optional.empty();
                }
                for (BillingService.Recorded charge : placement.charges) {
                    PaymentGateway.Outcome outcome = placement.collected.get(charge.id());
                    if (outcome instanceof PaymentGateway.Refused declined) {
                        billing.refused(tenant, charge.id(), declined.reason());
                    } else if (outcome instanceof PaymentGateway.Charged) {
                        billing.refunded(tenant, charge.id());
                    } else {
                        billing.dropPending(tenant, charge.id());
                    }
                }
                return Optional.of(new Refused(refusal));
            }
            String applicationId;
            List<String> orderIds;
            if (placement.application != null) {
                applicationId = creation.create(tenant, placement.application);
                orderIds = reads.view(tenant, applicationId, false).application().members().stream()
                        .map(RentalApplication.Member::orderId).toList();
            } else {
                applicationId = placement.addition.applicationId();
                orderIds = List.of(lifecycle.addMember(tenant, applicationId, placement.addition.member()).id());
            }
            RentalApplicationView view = reads.view(tenant, applicationId, includeOrders);
            String stored = write(RentalApplicationMapper.toApi(new RentalApplicationView(view.application(), null,
                    view.recommendation())));
            if (!keys.answer(tenant, placement.key, new KeyStore.Answer(HttpStatus.CREATED.getCode(), stored, applicationId))) {
                status.setRollbackOnly();
                return Optional.empty();
            }
            for (int index = 0; index < placement.charges.size(); index++) {
                BillingService.Recorded charge = placement.charges.get(index);
                billing.settle(tenant, charge.plan(), charge.id(), placement.collected.get(charge.id()), orderIds.get(index));
            }
            return Optional.of(new Created(view));
        }

        /** Gives back every charge taken, drops the rest, and frees the key. */
        @Override
        public void undo(Placement placement) {
            placement.charges.stream().filter(placement::taken).forEach(taken -> billing.refundAtGateway(taken.id()));
            transactions.executeWrite(status -> {
                keys.free(placement.tenant, placement.key);
                for (BillingService.Recorded charge : placement.charges) {
                    if (placement.taken(charge)) {
                        billing.refunded(placement.tenant, charge.id());
                    } else {
                        billing.dropPending(placement.tenant, charge.id());
                    }
                }
                return null;
            });
        }

        @Override
        public Outcome replay(Tenant tenant, KeyStore.Answer answer) {
            return new Replayed(answer.status(), answer.body(),
                    answer.createdId() == null ? null : reads.view(tenant, answer.createdId(), includeOrders));
        }
    }

    /** What a sealed request is bound to: its organisation and key, so it cannot be moved to another row. */
    private static String boundTo(Tenant tenant, String key) {
        return tenant.organizationId() + "|" + key;
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
