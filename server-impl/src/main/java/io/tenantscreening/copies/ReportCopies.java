package io.tenantscreening.copies;

import com.github.kagkarlsson.scheduler.SchedulerClient;
import com.github.kagkarlsson.scheduler.task.TaskDescriptor;
import io.micronaut.context.annotation.Value;
import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.PublicIds;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.common.Timestamps;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.disputes.CopyPageLinks;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderLifecycle;
import io.tenantscreening.orders.OrderService;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.organizations.OrganizationService;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportPdf;
import io.tenantscreening.reports.ReportService;
import io.tenantscreening.screening.ApplicantCopies;
import io.tenantscreening.work.TenantWork;
import jakarta.inject.Singleton;

import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * The applicant's copy of their report (FCRA sections 609 and 612). When an order
 * completes, in the transaction that completes it, its applicant gets a link (a row of
 * report_copy_links and the background work that emails it): live orders always, test
 * orders only for the applicant-experience profile ({@code @apply.test}), the only test
 * applicants any email goes to. A link works for {@code screening.report-copies.link-days}
 * days, or until as many days after the order's adverse action notice when that is later
 * (FCRA section 612(b), {@link ReportCopyRepository}); an expired link's page sends a new one on request, to the address the expired one
 * went to and never onto the page, at most one every {@link #RENEWAL_GAP} and
 * {@link #LINKS_A_DAY} a day for an order, counted under the order's lock; or to another
 * address once the applicant has proved who they are ({@link #renewElsewhere}).
 */
@Singleton
public class ReportCopies implements ApplicantCopies, CopyPageLinks {

    /** The email with a link to the applicant's copy. */
    public static final TaskDescriptor<LinkRef> EMAIL = TaskDescriptor.of("send-report-copy-email", LinkRef.class);
    /** The shortest time between two links of one order made on request. */
    static final Duration RENEWAL_GAP = Duration.ofMinutes(10);
    /** The most links of one order made in 24 hours, the first one included. */
    static final int LINKS_A_DAY = 5;
    /** The most failed attempts to prove who one is, for a link to another address, of one order in 24 hours. */
    static final int IDENTITY_ATTEMPTS_A_DAY = 5;

    private static final Set<Include> EVERYTHING = Set.of(Include.PROPERTY, Include.APPLICANT, Include.ORIGINAL_REQUESTER);
    private static final Duration DAY = Duration.ofDays(1);

    private final ReportCopyRepository links;
    private final ReportCopyTokens tokens;
    private final OrderLifecycle lifecycle;
    private final OrderService orders;
    private final ReportService reports;
    private final OrganizationService organizations;
    private final Procurements procurements;
    private final SchedulerClient work;
    private final TransactionOperations<Connection> transactions;
    private final Clock clock;
    private final Duration validity;

    public ReportCopies(ReportCopyRepository links, ReportCopyTokens tokens, OrderLifecycle lifecycle, OrderService orders,
                        ReportService reports, OrganizationService organizations, Procurements procurements, SchedulerClient work,
                        TransactionOperations<Connection> transactions, Clock clock,
                        @Value("${screening.report-copies.link-days}") int linkDays) {
        if (linkDays < 1) {
            throw new IllegalStateException("REPORT_COPY_LINK_DAYS must be at least 1, not " + linkDays);
        }
        this.links = links;
        this.tokens = tokens;
        this.lifecycle = lifecycle;
        this.orders = orders;
        this.reports = reports;
        this.organizations = organizations;
        this.procurements = procurements;
        this.work = work;
        this.transactions = transactions;
        this.clock = clock;
        this.validity = Duration.ofDays(linkDays);
    }

    /** Which link background work is about: its tenant and id (the data of its email's task). */
    public record LinkRef(String organizationId, String mode, String linkId) implements TenantWork {

        static LinkRef of(Tenant tenant, String linkId) {
            return new LinkRef(tenant.organizationId(), tenant.mode().dbValue(), linkId);
        }

        public Tenant tenant() {
            return new Tenant(organizationId, Mode.fromDb(mode));
        }
    }

    /** How a request for a new link ended. */
    public sealed interface Renewal permits Sent, StillValid, TooSoon, NotVerified {
    }

    /** A new link is on its way to this address: the expired link's, or another ({@code elsewhere}). */
    public record Sent(String email, boolean elsewhere) implements Renewal {
    }

    /**
     * A new link to another address was refused: the details given do not match what the
     * service holds, or it holds no date of birth or SSN to check them against; or too many
     * attempts failed ({@code locked}: none is checked until a day has passed).
     */
    public record NotVerified(boolean locked) implements Renewal {
    }

    /** The link has not expired: it needs no new one. */
    public record StillValid() implements Renewal {
    }

    /** A link of this order was made too recently: ask again after {@code retryAfter}. */
    public record TooSoon(Duration retryAfter) implements Renewal {
    }

    /**
     * For an order that completes at {@code at}, in the transaction that completes it: a
     * link for its applicant and the work that emails it, unless no email goes to this
     * applicant (no address, or a test applicant outside the applicant-experience profile).
     */
    @Override
    public void offer(Tenant tenant, Order completed, Applicant applicant, Instant at) {
        if (!getsALink(tenant.mode(), applicant)) {
            return;
        }
        issue(tenant, completed.id(), applicant.email(), at, null);
    }

    /**
     * Whether the applicant of a completed order of this mode is emailed a link: one with an
     * address, of a live order or of the applicant-experience profile.
     */
    static boolean getsALink(Mode mode, Applicant applicant) {
        return !(applicant.email() == null || applicant.email().isBlank()
                || mode == Mode.TEST && !applicant.isApplicantExperienceProfile());
    }

    /** A link answered rather than emailed: the order it shows, its address and when it expires. */
    public record AnsweredLink(String orderId, String url, Instant expiresAt) {
    }

    /**
     * Test helper: a new link to the copy of a completed test order's report, in the answer
     * and nowhere else. It is stored with its token's digest only (no seed, so no email work
     * could compute it) and nothing is emailed; it expires like an emailed link. Test mode only.
     */
    public AnsweredLink answerTestLink(Tenant tenant, OrderView completed) {
        if (tenant.mode() != Mode.TEST || completed.order().status() != OrderStatus.COMPLETED) {
            throw new IllegalArgumentException("only a completed test order's link is answered");
        }
        Instant now = Timestamps.now(clock);
        String id = PublicIds.newId("rcl", tenant.mode());
        LinkTokens.Issued token = tokens.issue(id);
        Instant expiresAt = transactions.executeWrite(status -> {
            links.insert(tenant, id, completed.order().id(), token.digest(), null, completed.applicant().email(), now,
                    now.plus(validity), null);
            return links.find(tenant, id).orElseThrow().expiresAt();
        });
        return new AnsweredLink(completed.order().id(), tokens.url(id, token.seed()), expiresAt);
    }

    /**
     * A link for a notice about the order's report, stored with its token's digest only, like
     * {@link #answerTestLink}; made by the service, it does not count against the limits of
     * links asked for ({@link #renewalWait}).
     */
    @Override
    public String newLink(Tenant tenant, String orderId, String email, Instant at) {
        String id = PublicIds.newId("rcl", tenant.mode());
        LinkTokens.Issued token = tokens.issue(id);
        links.insertForNotice(tenant, id, orderId, token.digest(), email, at, at.plus(validity));
        return tokens.url(id, token.seed());
    }

    /** The link whose token this is, whatever its tenant; empty for a token no link has. */
    public Optional<ReportCopyRepository.Link> find(String token) {
        byte[] digest = LinkTokens.digest(token);
        return transactions.executeRead(status -> links.findByDigest(digest));
    }

    /** Whether the link no longer opens the report (it has a request for a new one instead). */
    public boolean expired(ReportCopyRepository.Link link) {
        return link.expiredAt(Timestamps.now(clock));
    }

    /** What the link's page shows. */
    public ReportCopy copy(ReportCopyRepository.Link link) {
        return transactions.executeRead(status -> {
            Tenant tenant = link.tenant();
            OrderView order = orders.get(tenant, link.orderId(), EVERYTHING);
            Report report = reports.forOrder(tenant, link.orderId());
            Instant now = Timestamps.now(clock);
            return new ReportCopy(link, report, order, procuredBy(tenant, order),
                    new ReportPdf.ApplicantFile(procurements.ofConsumer(tenant, order.applicant().id(), now), now));
        });
    }

    /** A new link for an expired one, emailed to the address the expired one went to, unless one was made too recently. */
    public Renewal renew(ReportCopyRepository.Link expired) {
        Tenant tenant = expired.tenant();
        return transactions.executeWrite(status -> {
            Instant now = Timestamps.now(clock);
            if (!expired.expiredAt(now)) {
                return new StillValid();
            }
            Objects.requireNonNull(lifecycle.lockAny(tenant, expired.orderId()), "the order of a report copy's link");
            return sendUnlessTooSoon(expired, expired.email(), now);
        });
    }

    /**
     * A new link for an expired one, emailed to another address than the expired one's, once
     * the applicant has proved who they are (FCRA section 610(a)(1)) with their date of birth
     * and the last four digits of their SSN, both of which the service must hold. Wrong
     * details count against the order: after {@value #IDENTITY_ATTEMPTS_A_DAY} failed attempts
     * in 24 hours none is checked until a day has passed. The address the expired link went to
     * is told that a link went elsewhere (with the new link's email). The limits of new links
     * ({@link #renewalWait}) hold as for any renewal.
     */
    public Renewal renewElsewhere(ReportCopyRepository.Link expired, String email, LocalDate dob, String ssnLastFour) {
        Tenant tenant = expired.tenant();
        return transactions.executeWrite(status -> {
            Instant now = Timestamps.now(clock);
            if (!expired.expiredAt(now)) {
                return new StillValid();
            }
            Objects.requireNonNull(lifecycle.lockAny(tenant, expired.orderId()), "the order of a report copy's link");
            if (links.failedIdentityChecksSince(tenant, expired.orderId(), now.minus(DAY)) >= IDENTITY_ATTEMPTS_A_DAY) {
                return new NotVerified(true);
            }
            Applicant applicant = orders.get(tenant, expired.orderId(), Set.of(Include.APPLICANT)).applicant();
            boolean matched = applicant.dob() != null && applicant.ssnLastFour() != null && applicant.dob().equals(dob)
                    && applicant.ssnLastFour().equals(ssnLastFour);
            links.identityChecked(tenant, expired.orderId(), now, matched);
            if (!matched) {
                return new NotVerified(false);
            }
            return sendUnlessTooSoon(expired, email, now);
        });
    }

    /**
     * Under the order's lock: a new link to {@code email} for an expired one, unless the
     * limits of new links ({@link #renewalWait}) say to wait. One to another address than the
     * expired link's records that address, which is told.
     */
    private Renewal sendUnlessTooSoon(ReportCopyRepository.Link expired, String email, Instant now) {
        Tenant tenant = expired.tenant();
        Instant newest = links.newest(tenant, expired.orderId()).map(ReportCopyRepository.Link::createdAt).orElse(Instant.EPOCH);
        Optional<Duration> wait = renewalWait(now, newest, () -> links.madeSince(tenant, expired.orderId(), now.minus(DAY)));
        if (wait.isPresent()) {
            return new TooSoon(wait.get());
        }
        boolean elsewhere = !expired.email().equalsIgnoreCase(email);
        issue(tenant, expired.orderId(), email, now, elsewhere ? expired.email() : null);
        return new Sent(email, elsewhere);
    }

    /**
     * How long before another link of an order may be made on request, given when its newest
     * link was made and how many it made in the 24 hours before {@code now} (counted only
     * when the newest is old enough); empty when one may be made now. The links that notices
     * carry count for neither; with none but those, {@code newest} is the epoch.
     */
    static Optional<Duration> renewalWait(Instant now, Instant newest, IntSupplier madeInTheLastDay) {
        if (newest.plus(RENEWAL_GAP).isAfter(now)) {
            return Optional.of(Duration.between(now, newest.plus(RENEWAL_GAP)));
        }
        if (madeInTheLastDay.getAsInt() >= LINKS_A_DAY) {
            return Optional.of(DAY);
        }
        return Optional.empty();
    }

    /** The link of this work, while its email is still to be sent (its seed is kept until then). */
    Optional<ReportCopyRepository.Link> unsent(LinkRef ref) {
        return transactions.executeRead(status -> links.find(ref.tenant(), ref.linkId()))
                .filter(link -> link.sentAt() == null && link.seed() != null);
    }

    /**
     * Whether the link's email goes out: always in live mode; in test mode only to the
     * applicant-experience profile, as every test email (a test link of another applicant
     * exists only because the test helper answered one, and its renewals are not sent).
     */
    static boolean emailed(ReportCopyRepository.Link link) {
        return emailed(link.tenant().mode(), link.email());
    }

    /** Whether an email about a link of this mode goes to this address (see {@link #emailed(ReportCopyRepository.Link)}). */
    static boolean emailed(Mode mode, String address) {
        return mode == Mode.LIVE || Applicant.isApplicantExperienceProfile(address);
    }

    /** The address of the link, computed from its seed: for its email only. */
    String url(ReportCopyRepository.Link link) {
        return tokens.url(link.id(), link.seed());
    }

    /** The link's email was sent: its seed is forgotten. */
    void sent(ReportCopyRepository.Link link) {
        transactions.executeWrite(status -> {
            links.sent(link.tenant(), link.id(), Timestamps.now(clock));
            return null;
        });
    }

    int linkDays() {
        return (int) validity.toDays();
    }

    private void issue(Tenant tenant, String orderId, String email, Instant at, String movedFrom) {
        String id = PublicIds.newId("rcl", tenant.mode());
        LinkTokens.Issued token = tokens.issue(id);
        links.insert(tenant, id, orderId, token.digest(), token.seed(), email, at, at.plus(validity), movedFrom);
        work.scheduleIfNotExists(EMAIL.instance(id).data(LinkRef.of(tenant, id)).scheduledTo(at));
    }

    private String procuredBy(Tenant tenant, OrderView order) {
        return order.requester() != null && order.requester().name() != null ? order.requester().name()
                : organizations.require(tenant.organizationId()).name();
    }
}
