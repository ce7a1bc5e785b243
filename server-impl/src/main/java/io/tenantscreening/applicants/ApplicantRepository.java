package io.tenantscreening.applicants;

import io.tenantscreening.auth.Caller;
import io.tenantscreening.common.Jdbc;
import jakarta.inject.Singleton;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Table applicants, always read and written within one organisation and mode. */
@Singleton
public class ApplicantRepository {

    private static final String COLUMNS = "id, first_name, last_name, email, dob, phone_number, ssn_last4, created_at";

    private final Jdbc jdbc;

    public ApplicantRepository(Jdbc jdbc) {
        this.jdbc = jdbc;
    }

    public void insert(Caller caller, Applicant applicant, SsnCipher.Sealed ssn) {
        jdbc.update("INSERT INTO applicants (id, organization_id, mode, first_name, last_name, email, dob, phone_number, "
                        + "ssn_ciphertext, ssn_key_id, ssn_last4, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                applicant.id(), caller.organizationId(), caller.mode().dbValue(), applicant.firstName(), applicant.lastName(),
                applicant.email(), applicant.dob(), applicant.phoneNumber(),
                ssn == null ? null : ssn.ciphertext(), ssn == null ? null : ssn.keyId(), applicant.ssnLastFour(),
                applicant.createdAt());
    }

    public Optional<Applicant> findById(Caller caller, String id) {
        return jdbc.queryOne("SELECT " + COLUMNS + " FROM applicants WHERE organization_id = ? AND mode = ? AND id = ?",
                ApplicantRepository::read, caller.organizationId(), caller.mode().dbValue(), id);
    }

    /** The applicants with these ids, in one query. */
    public List<Applicant> findByIds(Caller caller, Collection<String> ids) {
        return jdbc.query("SELECT " + COLUMNS + " FROM applicants WHERE organization_id = ? AND mode = ? AND id = ANY (?)",
                ApplicantRepository::read, caller.organizationId(), caller.mode().dbValue(), ids);
    }

    private static Applicant read(ResultSet row) throws SQLException {
        return new Applicant(row.getString("id"), row.getString("first_name"), row.getString("last_name"),
                row.getString("email"), row.getObject("dob", LocalDate.class), row.getString("phone_number"),
                row.getString("ssn_last4"), row.getTimestamp("created_at").toInstant());
    }
}
