package io.tenantscreening.screening;

import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Court records deleted after a reinvestigation (FCRA section 611(a)(5)(A)), and the
 * procedure that keeps them from reappearing in a later report on the same consumer
 * (611(a)(5)(C)): each deleted record is kept as a fingerprint of its court, filing date,
 * case type and description, and a report leaves out every record whose fingerprint was
 * deleted for any applicant who is the same consumer ({@code ApplicantService.sameConsumer}:
 * every organisation in live mode, the organisation in test mode).
 *
 * <p>A deleted record is never reinserted: the service has no way yet for a furnisher to
 * certify a record complete and accurate (611(a)(5)(B)), so a deleted record stays out.
 */
@Singleton
public class DeletedRecords {

    private final TenantJdbc jdbc;

    public DeletedRecords(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The fingerprint of a court record: SHA-256 (hex) of its court, filing date, case type and description. */
    static String fingerprint(Findings.CourtRecord record) {
        String text = String.join("\u001f", String.valueOf(record.court()), String.valueOf(record.filedOn()),
                String.valueOf(record.caseType()), String.valueOf(record.description()));
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JVM", e);
        }
    }

    /** The findings without the court records whose fingerprint is among {@code deleted} (FCRA section 611(a)(5)(C)). */
    static Findings without(Findings findings, Set<String> deleted) {
        if (!(findings instanceof Findings.CourtRecords court) || deleted.isEmpty()) {
            return findings;
        }
        return new Findings.CourtRecords(court.records().stream().filter(record -> !deleted.contains(fingerprint(record))).toList());
    }

    /** Records the court records of {@code check} deleted from a report of the order; in the caller's transaction. */
    void record(Tenant tenant, String orderId, CheckType check, List<Findings.CourtRecord> records, Instant now) {
        for (Findings.CourtRecord deleted : records) {
            jdbc.update(tenant, "INSERT INTO deleted_records (organization_id, mode, order_id, check_type, fingerprint, deleted_at) "
                    + "VALUES ({tenant.values}, ?, ?, ?, ?) ON CONFLICT DO NOTHING", orderId, check.value(), fingerprint(deleted),
                    Timestamp.from(now));
        }
    }

    /** The fingerprints of the {@code check} records deleted for any of these applicants (the same consumer). */
    Set<String> of(Tenant tenant, List<ApplicantRepository.SameConsumer> consumer, CheckType check) {
        if (check != CheckType.EVICTION && check != CheckType.CRIMINAL) {
            return Set.of();
        }
        String pairs = String.join(", ", Collections.nCopies(consumer.size(), "(?, ?)"));
        List<Object> parameters = new ArrayList<>();
        parameters.add(tenant.mode().dbValue());
        parameters.add(check.value());
        for (ApplicantRepository.SameConsumer applicant : consumer) {
            parameters.add(applicant.organizationId());
            parameters.add(applicant.applicantId());
        }
        return jdbc.queryAcrossTenants("SELECT d.fingerprint FROM deleted_records d JOIN orders o ON o.id = d.order_id "
                + "AND o.organization_id = d.organization_id AND o.mode = d.mode WHERE d.mode = ? AND d.check_type = ? "
                + "AND (o.organization_id, o.applicant_id) IN (" + pairs + ")", row -> row.getString(1), parameters.toArray())
                .stream().collect(Collectors.toSet());
    }
}
