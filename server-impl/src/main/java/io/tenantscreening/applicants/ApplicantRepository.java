package io.tenantscreening.applicants;

import io.micronaut.core.annotation.Nullable;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.crypto.Sealer;
import io.tenantscreening.lists.KeysetPager;
import io.tenantscreening.persistence.TenantJdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;

/** Table applicants, always read and written within one tenant. */
@Singleton
public class ApplicantRepository {

    private static final String COLUMNS = "id, first_name, last_name, email, dob, phone_number, ssn_last4, created_at";

    private final TenantJdbc jdbc;

    public ApplicantRepository(TenantJdbc jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(Tenant tenant, Applicant applicant, Sealer.Sealed ssn, ConsumerKeys.Key consumer) {
        jdbc.update(tenant, "INSERT INTO applicants (organization_id, mode, id, first_name, last_name, email, dob, phone_number, "
                        + "ssn_ciphertext, ssn_key_id, ssn_last4, created_at, consumer_key, consumer_key_id) "
                        + "VALUES ({tenant.values}, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                applicant.id(), applicant.firstName(), applicant.lastName(),
                applicant.email(), applicant.dob(), applicant.phoneNumber(),
                ssn == null ? null : ssn.ciphertext(), ssn == null ? null : ssn.keyId(), applicant.ssnLastFour(),
                applicant.createdAt(), consumer == null ? null : consumer.digest(), consumer == null ? null : consumer.keyId());
    }

    /** The date of birth and the sealed SSN as stored, and whether the consumer is recognised yet. */
    public Optional<StoredIdentity> identity(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT dob, ssn_ciphertext, ssn_key_id, consumer_key IS NOT NULL AS recognised "
                        + "FROM applicants WHERE {tenant} AND id = ?",
                row -> new StoredIdentity(row.getObject("dob", LocalDate.class),
                        row.getBytes("ssn_ciphertext") == null ? null
                                : new Sealer.Sealed(row.getBytes("ssn_ciphertext"), row.getString("ssn_key_id")),
                        row.getBoolean("recognised")), id);
    }

    public void recognise(Tenant tenant, String id, ConsumerKeys.Key consumer) {
        jdbc.update(tenant, "UPDATE applicants SET consumer_key = ?, consumer_key_id = ? WHERE {tenant} AND id = ? AND consumer_key IS NULL",
                consumer.digest(), consumer.keyId(), id);
    }

    /**
     * The applicants of the mode stored under one of the digests, in every organisation
     * (live mode: the agency's file of the consumer) or in one (test mode, so that
     * organisations trying the same test SSNs never meet), oldest first.
     */
    public List<SameConsumer> withConsumerKey(Tenant tenant, List<byte[]> digests) {
        String anyDigest = String.join(", ", Collections.nCopies(digests.size(), "?"));
        String sql = "SELECT organization_id, id FROM applicants WHERE mode = ? AND consumer_key IN (" + anyDigest + ")"
                + (tenant.mode() == Mode.TEST ? " AND organization_id = ?" : "") + " ORDER BY created_at, id";
        List<Object> parameters = new ArrayList<>();
        parameters.add(tenant.mode().dbValue());
        parameters.addAll(digests);
        if (tenant.mode() == Mode.TEST) {
            parameters.add(tenant.organizationId());
        }
        return jdbc.queryAcrossTenants(sql, row -> new SameConsumer(row.getString("organization_id"), row.getString("id")),
                parameters.toArray());
    }

    /** An applicant of the same consumer, and the organisation it belongs to. */
    public record SameConsumer(String organizationId, String applicantId) {
    }

    /** What identifies the consumer behind an applicant, as stored. */
    public record StoredIdentity(@Nullable LocalDate dob, @Nullable Sealer.Sealed ssn, boolean recognised) {
    }

    /** Sets the date of birth and the SSN where they are still null; a null argument changes nothing. */
    public void addDetails(Tenant tenant, String id, LocalDate dob, Sealer.Sealed ssn, String ssnLastFour) {
        jdbc.update(tenant, "UPDATE applicants SET dob = coalesce(dob, ?), ssn_ciphertext = coalesce(ssn_ciphertext, ?), "
                        + "ssn_key_id = coalesce(ssn_key_id, ?), ssn_last4 = coalesce(ssn_last4, ?) WHERE {tenant} AND id = ?",
                dob, ssn == null ? null : ssn.ciphertext(), ssn == null ? null : ssn.keyId(), ssnLastFour, id);
    }

    public Optional<Applicant> findById(Tenant tenant, String id) {
        return jdbc.queryOne(tenant, "SELECT " + COLUMNS + " FROM applicants WHERE {tenant} AND id = ?", ApplicantRepository::read, id);
    }

    /** The columns {@link #read(ResultSet, String)} reads, of the table aliased {@code alias}, labelled with {@code prefix}. */
    public static String joinedColumns(String alias, String prefix) {
        return KeysetPager.Join.labelled(alias, COLUMNS, prefix);
    }

    /** The applicant in the columns labelled with {@code prefix}; null when they are (a left join that found none). */
    @Nullable
    public static Applicant read(ResultSet row, String prefix) throws SQLException {
        String id = row.getString(prefix + "id");
        return id == null ? null : new Applicant(id, row.getString(prefix + "first_name"), row.getString(prefix + "last_name"),
                row.getString(prefix + "email"), row.getObject(prefix + "dob", LocalDate.class),
                row.getString(prefix + "phone_number"), row.getString(prefix + "ssn_last4"),
                row.getTimestamp(prefix + "created_at").toInstant());
    }

    private static Applicant read(ResultSet row) throws SQLException {
        return read(row, "");
    }
}
