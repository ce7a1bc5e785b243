package io.tenantscreening.screening;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.reports.LeftOutJson;
import io.tenantscreening.reports.Report;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Table screening_checks: the checks of pending orders, within one tenant; and how long the
 * screening queue (the screenings of scheduled_tasks) keeps screenings waiting.
 */
@Singleton
public class ScreeningRepository {

    private static final String COLUMNS = "check_type, status, provider, provider_reference, details, certifications, requested_at, "
            + "records_left_out";

    /**
     * Where a stored check stands: asked of its provider (or about to be) and not answered,
     * answered, held until the landlord's conditional offer (asked of no one yet; its provider
     * is the one it will be asked of), or not run since the law of the property's place bars it.
     */
    enum Status {
        REQUESTED, COMPLETE, HELD, NOT_RUN;

        String value() {
            return name().toLowerCase(Locale.ROOT);
        }

        static Status of(String value) {
            return valueOf(value.toUpperCase(Locale.ROOT));
        }

        /** Held or not run: asked of no provider. */
        boolean withheld() {
            return this == HELD || this == NOT_RUN;
        }
    }

    /**
     * A check as stored. {@code findings} are set once it is complete, with the certifications
     * its furnishers gave of them ({@link Certification}; empty when none) and the records the
     * limits by age and kind left out of them ({@link RecordAgeLimit}; empty when none).
     */
    record Check(CheckType type, Status status, String provider, String reference, Findings findings,
                 List<Certification> certified, Instant requestedAt, List<Report.LeftOut> leftOut) {

        boolean complete() {
            return status == Status.COMPLETE;
        }
    }

    /**
     * What a step learnt of one check: still open (with the provider's reference, and the time
     * it said it would answer when it answers later) or complete (with its findings, their
     * certifications and the records the limits left out of them).
     */
    record CheckState(CheckType type, String provider, Instant requestedAt, String reference, Findings findings,
                      List<Certification> certified, Instant answerExpectedAt, List<Report.LeftOut> leftOut) {

        /** A check not answered yet, of which its provider has said nothing more. */
        CheckState(CheckType type, String provider, Instant requestedAt, String reference) {
            this(type, provider, requestedAt, reference, null, List.of(), null, List.of());
        }
    }

    /** A check of a pending order as its expected completion time needs it; {@code answerExpectedAt} null unless its provider said. */
    record Asked(String orderId, CheckType type, Status status, String provider, Instant requestedAt, Instant answerExpectedAt) {
    }

    /**
     * The stored checks of some orders, and when the screening that has waited longest for a
     * worker became due (null when none is waiting).
     */
    record Progress(Instant oldestWaitingSince, List<Asked> checks) {
    }

    private final TenantJdbc jdbc;

    public ScreeningRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The order's checks, in the order they were added. */
    List<Check> ofOrder(Tenant tenant, String orderId) {
        return jdbc.query(tenant, "SELECT " + COLUMNS + " FROM screening_checks WHERE {tenant} AND order_id = ? "
                + "ORDER BY array_position(ARRAY['credit','eviction','criminal','identity_verification','income_verification'], "
                + "check_type)", ScreeningRepository::read, orderId);
    }

    /**
     * The stored checks of these orders, with the screening queue's oldest waiting screening
     * ({@code screeningTask} work due by {@code now} that no worker has taken yet), in one
     * statement whatever the number of orders. The queue is the whole service's, every tenant's.
     */
    Progress progress(Tenant tenant, Collection<String> orderIds, String screeningTask, Instant now) {
        List<QueueRow> rows = jdbc.query(tenant, "SELECT queue.oldest, c.order_id, c.check_type, c.status, c.provider, "
                        + "c.requested_at, c.answer_expected_at FROM (SELECT min(execution_time) AS oldest FROM scheduled_tasks "
                        + "WHERE task_name = ? AND NOT picked AND execution_time <= ?) queue "
                        + "LEFT JOIN screening_checks c ON {tenant:c} AND c.order_id = ANY (?)",
                row -> new QueueRow(instant(row.getTimestamp("oldest")), row.getString("order_id") == null ? null
                        : new Asked(row.getString("order_id"), CheckType.of(row.getString("check_type")),
                        Status.of(row.getString("status")), row.getString("provider"),
                        row.getTimestamp("requested_at").toInstant(), instant(row.getTimestamp("answer_expected_at")))),
                screeningTask, now, orderIds);
        return new Progress(rows.get(0).oldest(), rows.stream().map(QueueRow::check).filter(Objects::nonNull).toList());
    }

    /** A row of {@link #progress}: the queue's one row, joined with each check found (none: a row without a check). */
    private record QueueRow(Instant oldest, Asked check) {
    }

    /**
     * Stores what one step learnt, in one statement: new checks are added, open ones get
     * their reference or their findings. A check that is already complete stays as it is.
     */
    void store(Tenant tenant, String orderId, List<CheckState> checks, Instant now) {
        List<String> rows = new ArrayList<>();
        List<Object> parameters = new ArrayList<>();
        for (CheckState check : checks) {
            rows.add("({tenant.values}, ?, ?, ?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?, ?, ?::jsonb)");
            boolean complete = check.findings() != null;
            parameters.addAll(List.of(orderId, check.type().value(), complete ? "complete" : "requested", check.provider()));
            parameters.add(check.reference());
            parameters.add(complete ? (check.findings().consider() ? "consider" : "clear") : null);
            parameters.add(complete ? FindingsJson.write(check.findings()) : null);
            parameters.add(complete && !check.certified().isEmpty() ? FindingsJson.write(check.certified()) : null);
            parameters.add(check.requestedAt());
            parameters.add(complete ? now : null);
            parameters.add(complete ? null : check.answerExpectedAt());
            parameters.add(complete && !check.leftOut().isEmpty() ? LeftOutJson.write(check.leftOut()) : null);
        }
        jdbc.update(tenant, "INSERT INTO screening_checks (organization_id, mode, order_id, check_type, status, provider, "
                + "provider_reference, result, details, certifications, requested_at, completed_at, answer_expected_at, "
                + "records_left_out) VALUES "
                + String.join(", ", rows) + " ON CONFLICT (order_id, check_type) DO UPDATE SET status = excluded.status, "
                + "provider_reference = excluded.provider_reference, result = excluded.result, details = excluded.details, "
                + "certifications = excluded.certifications, completed_at = excluded.completed_at, "
                + "answer_expected_at = excluded.answer_expected_at, records_left_out = excluded.records_left_out WHERE screening_checks.status = 'requested'",
                parameters.toArray());
    }

    /** One stored check of the order; empty when the order has none of this type yet. */
    Optional<Check> of(Tenant tenant, String orderId, CheckType type) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM screening_checks WHERE {tenant} AND order_id = ? AND check_type = ?",
                ScreeningRepository::read, orderId, type.value());
    }

    /**
     * Stores a check that is held or not run, as asked of no provider (its provider the one it
     * will be asked of, or {@code none}); nothing when the order has the check already (a
     * conditional offer released it meanwhile).
     */
    void withhold(Tenant tenant, String orderId, CheckType type, Status status, String provider, Instant now) {
        jdbc.update(tenant, "INSERT INTO screening_checks (organization_id, mode, order_id, check_type, status, provider, "
                + "requested_at) VALUES ({tenant.values}, ?, ?, ?, ?, ?) ON CONFLICT (order_id, check_type) DO NOTHING",
                orderId, type.value(), status.value(), provider, now);
    }

    /**
     * Releases a held check, to be asked of this provider from {@code now}: a held one becomes
     * requested, and one not stored yet (the order's screening has not taken its first step) is
     * stored requested. False when the order has the check otherwise already.
     */
    boolean release(Tenant tenant, String orderId, CheckType type, String provider, Instant now) {
        return jdbc.update(tenant, "INSERT INTO screening_checks (organization_id, mode, order_id, check_type, status, provider, "
                + "requested_at) VALUES ({tenant.values}, ?, ?, 'requested', ?, ?) ON CONFLICT (order_id, check_type) DO UPDATE "
                + "SET status = 'requested', provider = excluded.provider, requested_at = excluded.requested_at "
                + "WHERE screening_checks.status = 'held'", orderId, type.value(), provider, now) == 1;
    }

    private static Check read(ResultSet row) throws SQLException {
        CheckType type = CheckType.of(row.getString("check_type"));
        String details = row.getString("details");
        String certifications = row.getString("certifications");
        String leftOut = row.getString("records_left_out");
        return new Check(type, Status.of(row.getString("status")), row.getString("provider"),
                row.getString("provider_reference"), details == null ? null : FindingsJson.read(type, details),
                certifications == null ? List.of() : FindingsJson.readCertifications(certifications),
                row.getTimestamp("requested_at").toInstant(), leftOut == null ? List.of() : LeftOutJson.read(leftOut));
    }

    private static Instant instant(Timestamp timestamp) {
        return timestamp == null ? null : timestamp.toInstant();
    }
}
