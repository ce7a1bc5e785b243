package io.tenantscreening.common;

import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

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
        assertThat(failure.getCause()).isNull();
        assertThat(failure.getStackTrace()).isEqualTo(NOT_NULL.getStackTrace());
    }

    @Test
    void theConstraintIsKnown() {
        Jdbc.DataAccessException failure = new Jdbc.DataAccessException(NOT_NULL);

        assertThat(failure.violates("applicants_first_name")).isTrue();
        assertThat(failure.violates("orders_applicant_unique")).isFalse();
    }
}
