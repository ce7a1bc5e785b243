package io.tenantscreening.screening;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Information deleted after a reinvestigation (FCRA section 611(a)(5)(A)), and the procedure
 * that keeps it from reappearing in a later report on the same consumer (611(a)(5)(C)),
 * unless its furnisher certifies it complete and accurate (611(a)(5)(B)(i)).
 *
 * <p>What is deleted is kept as fingerprints, never as the report it came from: a court record
 * by its court, filing date, case type and description (a record deleted alone, or each record
 * of an eviction or criminal check deleted as a whole); the findings of a credit, identity or
 * income check deleted as a whole by its details as the report stated them, less the day a
 * credit score was made ({@code score_date}, which is the day of each screening and says
 * nothing about the consumer). A later report on any applicant who is the same consumer
 * ({@code ApplicantService.sameConsumer}: every organisation in live mode, the organisation in
 * test mode) leaves out every record whose fingerprint was deleted, and states the findings of
 * a check whose fingerprint was deleted as deleted, as the dispute left them.
 *
 * <p>The exception ({@link #screen}): a record or findings whose furnisher certified them
 * with the provider's answer ({@link Certification}) are reinserted; from then on that
 * deletion no longer keeps them out of the consumer's reports ({@link #of}), and the consumer
 * is told ({@link Reinsertions}).
 */
@Singleton
public class DeletedRecords {

    private static final ObjectMapper CANONICAL = new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);
    /** The member of a credit check's details that is left out of its fingerprint: the day of each screening. */
    private static final String SCORE_DATE = "score_date";

    private final TenantJdbc jdbc;

    public DeletedRecords(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    /** The fingerprint of a court record: SHA-256 (hex) of its court, filing date, case type and description. */
    public static String fingerprint(Findings.CourtRecord record) {
        return sha256(String.join("\u001f", String.valueOf(record.court()), String.valueOf(record.filedOn()),
                String.valueOf(record.caseType()), String.valueOf(record.description())));
    }

    /**
     * The fingerprint of a check's findings as a whole: SHA-256 (hex) of its check type and its
     * details as the report states them, members in alphabetical order, without {@code score_date}.
     */
    public static String fingerprint(CheckType check, Findings findings) {
        try {
            ObjectNode details = (ObjectNode) CANONICAL.readTree(FindingsJson.write(findings));
            details.remove(SCORE_DATE);
            return sha256(check.value() + "\u001f" + CANONICAL.writeValueAsString(CANONICAL.treeToValue(details, Map.class)));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether the findings of a check of this type are fingerprinted record by record (court records) rather than as a whole. */
    public static boolean byRecord(CheckType check) {
        return check == CheckType.EVICTION || check == CheckType.CRIMINAL;
    }

    /** The fingerprints of what a check of a report states: each court record, or its findings as a whole; none when deleted. */
    public static Set<String> fingerprints(CheckType check, Findings findings) {
        if (findings instanceof Findings.Deleted) {
            return Set.of();
        }
        if (byRecord(check)) {
            return ((Findings.CourtRecords) findings).records().stream().map(DeletedRecords::fingerprint)
                    .collect(Collectors.toCollection(LinkedHashSet::new));
        }
        return Set.of(fingerprint(check, findings));
    }

    /** A deleted record or deleted findings put back in a report because its furnisher certified it: its fingerprint and who certified it. */
    public record Reinserted(CheckType check, String fingerprint, Findings.CourtRecord record, Findings.Source furnisher) {

        /** The findings of the check as a whole rather than one court record. */
        public boolean wholeCheck() {
            return record == null;
        }
    }

    /** A check as a report states it after {@link #screen}: its findings, or that they stay deleted, and what was reinserted. */
    record Screened(Findings findings, List<Reinserted> reinserted) {
    }

    /**
     * A check's findings as a report on the consumer states them, given the fingerprints
     * deleted for the consumer: court records with a deleted fingerprint left out, findings with
     * a deleted fingerprint stated as deleted ({@link Findings.Deleted}), each unless a
     * certification of the provider's answer covers it (one naming the record, or the findings
     * as a whole), which reinserts it (FCRA section 611(a)(5)(B)(i) and (C)).
     */
    static Screened screen(CheckType check, Findings findings, Set<String> deleted, List<Certification> certified) {
        if (deleted.isEmpty()) {
            return new Screened(findings, List.of());
        }
        Certification whole = certified.stream().filter(Certification::wholeCheck).findFirst().orElse(null);
        List<Reinserted> reinserted = new ArrayList<>();
        if (findings instanceof Findings.CourtRecords court) {
            List<Findings.CourtRecord> kept = new ArrayList<>();
            for (Findings.CourtRecord record : court.records()) {
                String fingerprint = fingerprint(record);
                if (!deleted.contains(fingerprint)) {
                    kept.add(record);
                    continue;
                }
                Certification certification = certified.stream()
                        .filter(given -> !given.wholeCheck() && fingerprint(given.record()).equals(fingerprint)).findFirst().orElse(whole);
                if (certification != null) {
                    kept.add(record);
                    reinserted.add(new Reinserted(check, fingerprint, record, certification.furnisher()));
                }
            }
            return new Screened(new Findings.CourtRecords(List.copyOf(kept)), List.copyOf(reinserted));
        }
        if (findings instanceof Findings.Deleted || !deleted.contains(fingerprint(check, findings))) {
            return new Screened(findings, List.of());
        }
        if (whole == null) {
            return new Screened(new Findings.Deleted(), List.of());
        }
        return new Screened(findings, List.of(new Reinserted(check, fingerprint(check, findings), null, whole.furnisher())));
    }

    /**
     * Records what of {@code check} was deleted from a report of the order: these court
     * records, or with {@code findings} the findings of a check deleted as a whole; in the
     * caller's transaction.
     */
    void record(Tenant tenant, String orderId, CheckType check, List<Findings.CourtRecord> records, Findings findings, Instant now) {
        Set<String> fingerprints = new LinkedHashSet<>();
        records.forEach(record -> fingerprints.add(fingerprint(record)));
        if (findings != null && !byRecord(check)) {
            fingerprints.add(fingerprint(check, findings));
        }
        for (String fingerprint : fingerprints) {
            jdbc.update(tenant, "INSERT INTO deleted_records (organization_id, mode, order_id, check_type, fingerprint, deleted_at) "
                    + "VALUES ({tenant.values}, ?, ?, ?, ?) ON CONFLICT DO NOTHING", orderId, check.value(), fingerprint,
                    Timestamp.from(now));
        }
    }

    /**
     * The fingerprints of the {@code check} information deleted for any of these applicants
     * (the same consumer) and not reinserted since in a report on any of them.
     */
    Set<String> of(Tenant tenant, List<ApplicantRepository.SameConsumer> consumer, CheckType check) {
        String pairs = String.join(", ", Collections.nCopies(consumer.size(), "(?, ?)"));
        List<Object> parameters = new ArrayList<>();
        parameters.add(tenant.mode().dbValue());
        parameters.add(check.value());
        for (int i = 0; i < 2; i++) {
            for (ApplicantRepository.SameConsumer applicant : consumer) {
                parameters.add(applicant.organizationId());
                parameters.add(applicant.applicantId());
            }
        }
        return jdbc.queryAcrossTenants("SELECT d.fingerprint FROM deleted_records d JOIN orders o ON o.id = d.order_id "
                + "AND o.organization_id = d.organization_id AND o.mode = d.mode WHERE d.mode = ? AND d.check_type = ? "
                + "AND (o.organization_id, o.applicant_id) IN (" + pairs + ") AND NOT EXISTS (SELECT 1 FROM reinsertions r "
                + "JOIN orders ro ON ro.id = r.order_id AND ro.organization_id = r.organization_id AND ro.mode = r.mode "
                + "WHERE r.mode = d.mode AND r.check_type = d.check_type AND r.fingerprint = d.fingerprint "
                + "AND r.reinserted_at > d.deleted_at AND (ro.organization_id, ro.applicant_id) IN (" + pairs + "))",
                row -> row.getString(1), parameters.toArray()).stream().collect(Collectors.toSet());
    }

    private static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from the JVM", e);
        }
    }
}
