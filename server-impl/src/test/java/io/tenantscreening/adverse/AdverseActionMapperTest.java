package io.tenantscreening.adverse;

import io.tenantscreening.api.model.AdverseActionInput;
import io.tenantscreening.api.model.AdverseDecision;
import io.tenantscreening.api.model.NoticePath;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** POST /adverse_actions, rule 3: the rules of its description that its schema cannot say. */
class AdverseActionMapperTest {

    @Test
    void aFinalDenialNeedsNoMoreThanOrderDecisionAndReasons() {
        TakeAdverseAction command = AdverseActionMapper.toCommand(input(AdverseDecision.DECLINE).reasons(List.of(" Too many evictions ")));

        assertThat(command.path()).isEqualTo(AdverseAction.Path.FINAL);
        assertThat(command.conditions()).isNull();
        assertThat(command.responseDays()).isNull();
        assertThat(command.reasons()).containsExactly("Too many evictions");
    }

    @Test
    void everyBrokenRuleGetsItsOwnEntry() {
        ApiException refused = catchThrowableOfType(() -> AdverseActionMapper.toCommand(input(AdverseDecision.CONDITIONAL)
                .notice(NoticePath.FINAL).responseDays(3)), ApiException.class);

        assertThat(refused.status().getCode()).isEqualTo(422);
        assertThat(refused.errors()).extracting(ErrorEntry::source).extracting(source -> source.pointer())
                .containsExactly("/adverse_action/conditions", "/adverse_action/response_days");
    }

    @Test
    void conditionsAreRefusedForADenial() {
        ApiException refused = catchThrowableOfType(() -> AdverseActionMapper.toCommand(input(AdverseDecision.DECLINE)
                .conditions("A co-signer")), ApiException.class);

        assertThat(refused.errors()).extracting(entry -> entry.source().pointer()).containsExactly("/adverse_action/conditions");
    }

    @Test
    void responseDaysComeWithThePreAdversePath() {
        TakeAdverseAction command = AdverseActionMapper.toCommand(input(AdverseDecision.CONDITIONAL).conditions(" A co-signer ")
                .notice(NoticePath.PRE_ADVERSE).responseDays(3));

        assertThat(command.path()).isEqualTo(AdverseAction.Path.PRE_ADVERSE);
        assertThat(command.responseDays()).isEqualTo(3);
        assertThat(command.conditions()).isEqualTo("A co-signer");
    }

    private static AdverseActionInput input(AdverseDecision decision) {
        return new AdverseActionInput().orderId("ord_test_1").decision(decision).reasons(List.of("evictions_above_maximum"));
    }
}
