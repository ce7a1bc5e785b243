package io.tenantscreening.conformance.platform;

import io.micronaut.transaction.TransactionOperations;
import io.tenantscreening.conformance.support.Api;
import io.tenantscreening.conformance.support.MovableClock;
import io.tenantscreening.conformance.support.OwnDatabase;
import io.tenantscreening.conformance.support.TestServer;
import io.tenantscreening.conformance.support.TestTenant;
import io.tenantscreening.persistence.Jdbc;
import org.junit.jupiter.api.Test;

import java.sql.Connection;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The service reads the time from its clock, which a test with a server of its own can move
 * (docs/design.md#isolation-by-construction; the lifecycle's expiries need that), and every
 * pooled database connection has a lock timeout and a statement timeout, so no request can
 * hold one for ever, and a socket timeout above them, so none waits for ever on a database
 * that stopped answering (docs/operators.md#database,
 * docs/operators.md#when-the-database-is-out-of-reach).
 */
@OwnDatabase
class ServiceSeamsTest {

    @Test
    void recordsAreStampedWithTheServiceClock() {
        String key = TestTenant.create().testKey();
        MovableClock clock = TestServer.clock();
        // In the past: background work that reads the clock meanwhile finds nothing due. A
        // future instant would let a sweep cancel every waiting invitation in the database.
        Instant past = Instant.parse("2021-02-03T04:05:06.123456Z");
        clock.stopAt(past);
        try {
            String createdAt = Api.post("/properties").key(key)
                    .json("{\"property\": {\"street\": \"1 Clock Street\", \"city\": \"Austin\", \"state\": \"TX\", \"zipcode\": \"78701\"}}")
                    .send().json().get("created_at").asText();

            assertThat(Instant.parse(createdAt)).isEqualTo(past);
        } finally {
            clock.reset();
        }
    }

    @Test
    @SuppressWarnings("unchecked")
    void everyConnectionHasALockTimeoutAStatementTimeoutAndASocketTimeoutAboveThem() {
        Jdbc jdbc = TestServer.bean(Jdbc.class);
        TransactionOperations<Connection> transactions = TestServer.bean(TransactionOperations.class);

        String settings = transactions.executeRead(status -> jdbc.queryOne(
                "SELECT current_setting('lock_timeout') || ' ' || current_setting('statement_timeout')",
                row -> row.getString(1)).orElseThrow());
        int socketTimeoutMillis = transactions.executeRead(status -> jdbc.withConnection(Connection::getNetworkTimeout));

        assertThat(settings).isEqualTo("5s 8s");
        assertThat(socketTimeoutMillis).isEqualTo(10_000);
    }
}
