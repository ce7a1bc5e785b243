package io.tenantscreening.persistence;

import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

import java.sql.SQLException;

import static org.assertj.core.api.Assertions.assertThat;

/** SQL failures keep what operators need (state, primary message, constraint) but not the row values PostgreSQL quotes. */
class JdbcTest {

    private static final PSQLException NOT_NULL = new PSQLException(new ServerErrorMessage(
            "SERROR\0C23502\0Mnull value in column \"first_name\" violates not-null constraint\0"
                    + "DFailing row contains (ap_1, jamie.rivera@example.com, +15125550142).\0napplicants_first_name\0"));

    @Test
    void theMessageHasTheStateAndPrimaryMessageButNotTheRowDetail() {
        Jdbc.DataAccessException failure = new Jdbc.DataAccessException(NOT_NULL);

        assertThat(NOT_NULL.getMessage()).contains("jamie.rivera@example.com");
        assertThat(failure.getMessage()).isEqualTo("SQL state 23502: null value in column \"first_name\" violates not-null constraint");
    }

    @Test
    void theDriversFailureStaysTheCauseWithItsTraceAndChainButWithoutTheRowDetail() {
        PSQLException wrapped = new PSQLException(new ServerErrorMessage(
                "SERROR\0C23502\0Mouter failure\0DFailing row contains (secret row).\0"));
        wrapped.initCause(NOT_NULL);

        Jdbc.DataAccessException failure = new Jdbc.DataAccessException(wrapped);

        assertThat(failure.getCause()).isInstanceOf(SQLException.class).hasMessage("SQL state 23502: outer failure");
        assertThat(failure.getCause().getStackTrace()).isEqualTo(wrapped.getStackTrace());
        assertThat(failure.getCause().getCause()).hasMessageContaining("first_name").hasNoCause();
        assertThat(failure.getCause().getCause().getStackTrace()).isEqualTo(NOT_NULL.getStackTrace());
        for (Throwable link = failure; link != null; link = link.getCause()) {
            assertThat(link.getMessage()).doesNotContain("jamie.rivera@example.com", "secret row");
        }
    }

    @Test
    void theConstraintIsKnown() {
        Jdbc.DataAccessException failure = new Jdbc.DataAccessException(NOT_NULL);

        assertThat(failure.violates("applicants_first_name")).isTrue();
        assertThat(failure.violates("orders_applicant_unique")).isFalse();
    }
}
