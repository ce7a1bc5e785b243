package io.tenantscreening.copies;

import io.micronaut.context.annotation.Value;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;

/** Table report_copy_links: the links to applicants' copies of their reports. */
@Singleton
public class ReportCopyRepository {

    /**
     * A link's columns, with its expiry as FCRA section 612(b) counts it: the consumer may ask
     * for the free copy within 60 days after receiving the adverse action notice, so a link
     * works until {@code link-days} after the order's adverse action notice when that is
     * later than the link's own expiry (bound as the statement's first parameter).
     */
    private static final String COLUMNS = "l.id, l.organization_id, l.mode, l.order_id, l.token_key_id, l.token_nonce, l.email, "
            + "l.created_at, greatest(l.expires_at, (SELECT a.adverse_action_notice_sent_at FROM adverse_actions a "
            + "WHERE a.organization_id = l.organization_id AND a.mode = l.mode AND a.order_id = l.order_id "
            + "AND a.status = 'completed') + make_interval(days => ?)) AS expires_at, l.sent_at, l.moved_from";

    private final TenantJdbc jdbc;
    private final int linkDays;

    public ReportCopyRepository(TenantJdbc jdbc, @Value("${screening.report-copies.link-days}") int linkDays) {
        this.jdbc = jdbc;
        this.linkDays = linkDays;
    }

    /** A link as stored; {@code seed} is null once its email was sent. */
    public record Link(String id, Tenant tenant, String orderId, LinkTokens.Seed seed, String email, Instant createdAt,
                       Instant expiresAt, Instant sentAt, String movedFrom) {

        public boolean expiredAt(Instant now) {
            return !now.isBefore(expiresAt);
        }
    }

    /** A new link; {@code seed} null keeps only the token's digest from the start (a link no email will carry). */
    void insert(Tenant tenant, String id, String orderId, byte[] digest, LinkTokens.Seed seed, String email, Instant createdAt,
                Instant expiresAt, String movedFrom) {
        insert(tenant, id, orderId, digest, seed, email, createdAt, expiresAt, movedFrom, false);
    }

    /** A link a notice of the service carries: it does not count against the limits of links asked for. */
    void insertForNotice(Tenant tenant, String id, String orderId, byte[] digest, String email, Instant createdAt, Instant expiresAt) {
        insert(tenant, id, orderId, digest, null, email, createdAt, expiresAt, null, true);
    }

    private void insert(Tenant tenant, String id, String orderId, byte[] digest, LinkTokens.Seed seed, String email,
                        Instant createdAt, Instant expiresAt, String movedFrom, boolean forNotice) {
        jdbc.update(tenant, "INSERT INTO report_copy_links (id, organization_id, mode, order_id, token_digest, token_key_id, "
                        + "token_nonce, email, created_at, expires_at, moved_from, for_notice) "
                        + "VALUES (?, {tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                id, orderId, digest, seed == null ? null : seed.keyId(), seed == null ? null : seed.nonce(), email, createdAt,
                expiresAt, movedFrom, forNotice);
    }

    /** Records an attempt to prove who one is for a link to another address. */
    void identityChecked(Tenant tenant, String orderId, Instant at, boolean matched) {
        jdbc.update(tenant, "INSERT INTO report_copy_identity_checks (organization_id, mode, order_id, checked_at, matched) "
                + "VALUES ({tenant.values}, ?, ?, ?)", orderId, at, matched);
    }

    /** How many attempts to prove who one is for the order failed at or after {@code since}. */
    int failedIdentityChecksSince(Tenant tenant, String orderId, Instant since) {
        return jdbc.queryOne(tenant, "SELECT count(*) FROM report_copy_identity_checks WHERE {tenant} AND order_id = ? "
                + "AND checked_at >= ? AND NOT matched", row -> row.getInt(1), orderId, since).orElse(0);
    }

    Optional<Link> find(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM report_copy_links l WHERE {tenant:l} AND l.id = ?",
                ReportCopyRepository::read, linkDays, id);
    }

    /** The link of any tenant whose token has this digest (the page knows no tenant before it). */
    Optional<Link> findByDigest(byte[] digest) {
        return jdbc.queryAcrossTenants("SELECT " + COLUMNS + " FROM report_copy_links l WHERE l.token_digest = ?",
                ReportCopyRepository::read, linkDays, digest).stream().findFirst();
    }

    /** The newest link of the order that no notice carries, the one a renewal is measured against. */
    Optional<Link> newest(Tenant tenant, String orderId) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM report_copy_links l WHERE {tenant:l} AND l.order_id = ? "
                + "AND NOT l.for_notice ORDER BY l.created_at DESC, l.id DESC LIMIT 1", ReportCopyRepository::read, linkDays, orderId);
    }

    /** How many links of the order that no notice carries were made at or after {@code since}. */
    int madeSince(Tenant tenant, String orderId, Instant since) {
        return jdbc.queryOne(tenant, "SELECT count(*) FROM report_copy_links WHERE {tenant} AND order_id = ? AND created_at >= ? "
                + "AND NOT for_notice", row -> row.getInt(1), orderId, since).orElse(0);
    }

    /**
     * The link's email was sent (or refused for good, which no retry mends): its seed is
     * forgotten, so only the token's digest remains.
     */
    void sent(Tenant tenant, String id, Instant at) {
        jdbc.update(tenant, "UPDATE report_copy_links SET sent_at = ?, token_key_id = NULL, token_nonce = NULL "
                + "WHERE {tenant} AND id = ? AND sent_at IS NULL", at, id);
    }

    private static Link read(ResultSet row) throws SQLException {
        String keyId = row.getString("token_key_id");
        return new Link(row.getString("id"), new Tenant(row.getString("organization_id"), Mode.fromDb(row.getString("mode"))),
                row.getString("order_id"), keyId == null ? null : new LinkTokens.Seed(keyId, row.getBytes("token_nonce")),
                row.getString("email"), row.getTimestamp("created_at").toInstant(), row.getTimestamp("expires_at").toInstant(),
                row.getTimestamp("sent_at") == null ? null : row.getTimestamp("sent_at").toInstant(), row.getString("moved_from"));
    }
}
