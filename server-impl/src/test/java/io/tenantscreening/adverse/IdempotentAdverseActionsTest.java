package io.tenantscreening.adverse;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/design.md#the-idempotent-request (a request that takes over a key whose holder died
 * resumes the stored request): the request a key keeps reads back as the same request, every
 * member included.
 */
class IdempotentAdverseActionsTest {

    @Test
    void aKeptRequestReadsBackAsTheSameRequest() {
        TakeAdverseAction preAdverse = new TakeAdverseAction("ord_1", AdverseAction.Decision.CONDITIONAL, "A co-signer",
                List.of("credit_score_below_minimum", "Rental history could not be confirmed"), AdverseAction.Path.PRE_ADVERSE, 7, null);
        TakeAdverseAction denial = new TakeAdverseAction("ord_2", AdverseAction.Decision.DECLINE, null,
                List.of("evictions_above_maximum"), AdverseAction.Path.FINAL, null, null);

        assertThat(IdempotentAdverseActions.read(IdempotentAdverseActions.write(preAdverse))).isEqualTo(preAdverse);
        assertThat(IdempotentAdverseActions.read(IdempotentAdverseActions.write(denial))).isEqualTo(denial);
    }
}
