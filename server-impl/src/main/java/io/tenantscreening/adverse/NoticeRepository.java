package io.tenantscreening.adverse;

import io.tenantscreening.common.Tenant;
import io.tenantscreening.notices.NoticeKind;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/**
 * Table adverse_action_notices, within one tenant: each notice's PDF as it was sent, and
 * where its email stands. An email's end (sent, not sent in test mode, undeliverable) is
 * recorded only while the email is queued, so it is recorded once.
 */
@Singleton
public class NoticeRepository {

    private final TenantJdbc jdbc;

    public NoticeRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** Where a notice's email stands. */
    enum EmailState {
        QUEUED, SENT, NOT_SENT_TEST_MODE, UNDELIVERABLE;

        String dbValue() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** A notice: its PDF, when it was made, and its email's state. */
    record Notice(String adverseActionId, NoticeKind kind, byte[] pdf, Instant issuedAt, EmailState emailState) {
    }

    void insert(Tenant tenant, String adverseActionId, NoticeKind kind, byte[] pdf, Instant issuedAt) {
        jdbc.update(tenant, "INSERT INTO adverse_action_notices (organization_id, mode, adverse_action_id, kind, pdf, issued_at, "
                + "email_state) VALUES ({tenant.values}, ?, ?, ?, ?, 'queued')", adverseActionId, dbValue(kind), pdf, issuedAt);
    }

    Optional<Notice> find(Tenant tenant, String adverseActionId, NoticeKind kind) {
        return jdbc.queryOne(tenant, "SELECT adverse_action_id, pdf, issued_at, email_state FROM adverse_action_notices "
                + "WHERE {tenant} AND adverse_action_id = ? AND kind = ?", row -> read(row, kind), adverseActionId, dbValue(kind));
    }

    /** Records how the email ended; false when it had ended already. */
    boolean ended(Tenant tenant, String adverseActionId, NoticeKind kind, EmailState state, Instant at, String error) {
        return jdbc.update(tenant, "UPDATE adverse_action_notices SET email_state = ?, email_done_at = ?, "
                        + "last_error = coalesce(?, last_error) WHERE {tenant} AND adverse_action_id = ? AND kind = ? "
                        + "AND email_state = 'queued'",
                state.dbValue(), at, error, adverseActionId, dbValue(kind)) == 1;
    }

    /** Keeps why the last attempt to email the notice failed (it is tried again). */
    void failed(Tenant tenant, String adverseActionId, NoticeKind kind, String error) {
        jdbc.update(tenant, "UPDATE adverse_action_notices SET last_error = ? WHERE {tenant} AND adverse_action_id = ? "
                + "AND kind = ? AND email_state = 'queued'", error, adverseActionId, dbValue(kind));
    }

    static String dbValue(NoticeKind kind) {
        return kind.name().toLowerCase(Locale.ROOT);
    }

    private static Notice read(ResultSet row, NoticeKind kind) throws SQLException {
        return new Notice(row.getString("adverse_action_id"), kind, row.getBytes("pdf"), row.getTimestamp("issued_at").toInstant(),
                EmailState.valueOf(row.getString("email_state").toUpperCase(Locale.ROOT)));
    }
}
