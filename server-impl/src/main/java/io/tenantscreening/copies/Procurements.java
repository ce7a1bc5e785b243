package io.tenantscreening.copies;

import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.applicants.ApplicantService;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import io.tenantscreening.reports.Procurement;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Who procured consumer reports about a consumer during the year before a copy is requested
 * (FCRA section 609(a)(3)(A)(ii): one year, as no report here is for employment, for which it
 * would be two). The consumer is the applicant's consumer across orders
 * ({@link ApplicantService#sameConsumer}: every organisation in live mode, the organisation
 * itself in test mode); a report counts as procured when it was completed, the moment the
 * agency furnished it. Newest first.
 */
@Singleton
public class Procurements {

    private final ApplicantService applicants;
    private final TenantJdbc jdbc;

    public Procurements(ApplicantService applicants, TenantJdbc jdbc) {
        this.applicants = applicants;
        this.jdbc = jdbc;
    }

    /** The reports about the consumer behind this applicant furnished in the year before {@code asOf}. */
    public List<Procurement> ofConsumer(Tenant tenant, String applicantId, Instant asOf) {
        List<String> sameConsumer = applicants.sameConsumer(tenant, applicantId).stream()
                .map(ApplicantRepository.SameConsumer::applicantId).toList();
        return jdbc.queryAcrossTenants("SELECT r.completed_at, g.name AS organization, q.name AS end_user, q.street, q.unit, "
                        + "q.city, q.state, q.zipcode, q.phone_number "
                        + "FROM orders o JOIN reports r ON r.order_id = o.id AND r.organization_id = o.organization_id AND r.mode = o.mode "
                        + "JOIN organizations g ON g.id = o.organization_id "
                        + "LEFT JOIN original_requesters q ON q.id = o.original_requester_id "
                        + "WHERE o.mode = ? AND o.applicant_id = ANY(?) AND r.completed_at > ? AND r.completed_at <= ? "
                        + "ORDER BY r.completed_at DESC, o.id DESC",
                Procurements::read, tenant.mode().dbValue(), sameConsumer, yearBefore(asOf), asOf);
    }

    /** The start of the year before the moment: the same day and time a calendar year earlier. */
    static Instant yearBefore(Instant asOf) {
        return asOf.atOffset(ZoneOffset.UTC).minusYears(1).toInstant();
    }

    private static Procurement read(ResultSet row) throws SQLException {
        String street = row.getString("street");
        String unit = row.getString("unit");
        String address = street == null ? null : street + (unit == null ? "" : ", " + unit) + ", " + row.getString("city")
                + ", " + row.getString("state") + " " + row.getString("zipcode");
        return new Procurement(row.getTimestamp("completed_at").toInstant(), row.getString("organization"),
                row.getString("end_user"), address, row.getString("phone_number"));
    }
}
