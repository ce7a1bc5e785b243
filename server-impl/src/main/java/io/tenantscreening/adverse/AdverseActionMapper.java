package io.tenantscreening.adverse;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.AdverseActionInput;
import io.tenantscreening.api.model.AdverseActionList;
import io.tenantscreening.api.model.AdverseDecision;
import io.tenantscreening.api.model.IndividualizedAssessment;
import io.tenantscreening.api.model.IndividualizedAssessmentInput;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.NoticePath;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Text;
import io.tenantscreening.errors.Violations;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;
import jakarta.inject.Singleton;
import org.openapitools.jackson.nullable.JsonNullable;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Translates between adverse actions and the generated API models, and writes an adverse
 * action's JSON for what is stored rather than answered: the answers an Idempotency-Key
 * keeps and the objects of events.
 */
@Singleton
public class AdverseActionMapper {

    private static final String INPUT = "/adverse_action";

    private final JsonMapper json;

    public AdverseActionMapper(JsonMapper json) {
        this.json = json;
    }

    /**
     * The request as a command, after the rules its schema cannot say: conditions for a
     * conditional approval and only for it, response_days only on the pre-adverse path.
     * Each failing member gets its own entry.
     */
    static TakeAdverseAction toCommand(AdverseActionInput input) {
        AdverseAction.Decision decision = AdverseAction.Decision.of(input.getDecision().getValue());
        AdverseAction.Path path = input.getNotice() == null ? AdverseAction.Path.FINAL : AdverseAction.Path.of(input.getNotice().getValue());
        String conditions = input.getConditions() == null ? null : Text.trim(input.getConditions());
        Violations violations = new Violations();
        if (decision == AdverseAction.Decision.CONDITIONAL && conditions == null) {
            violations.add(INPUT + "/conditions", "A conditional approval needs its conditions: say on what conditions "
                    + "the applicant is approved (a co-signer, a higher deposit).");
        }
        if (decision == AdverseAction.Decision.DECLINE && conditions != null) {
            violations.add(INPUT + "/conditions", "A denial has no conditions: leave conditions out, or use the decision "
                    + "conditional for an approval on conditions.");
        }
        if (path == AdverseAction.Path.FINAL && input.getResponseDays() != null) {
            violations.add(INPUT + "/response_days", "response_days is the response window of a pre-adverse notice: "
                    + "leave it out, or send notice \"pre_adverse\".");
        }
        violations.throwIfAny();
        IndividualizedAssessmentInput assessment = input.getIndividualizedAssessment();
        return new TakeAdverseAction(input.getOrderId(), decision, conditions, input.getReasons().stream().map(Text::trim).toList(),
                path, input.getResponseDays(), assessment == null ? null : new AdverseAction.Assessment(
                assessment.getFactors().stream().map(Text::trim).toList(), Text.trim(assessment.getExplanation())));
    }

    public static io.tenantscreening.api.model.AdverseAction toApi(AdverseAction action) {
        return new io.tenantscreening.api.model.AdverseAction()
                .id(action.id())
                .liveMode(action.mode() == Mode.LIVE)
                .orderId(action.orderId())
                .reportId(action.reportId())
                .decision(AdverseDecision.toEnum(action.decision().value()))
                .conditions(action.conditions())
                .reasons(action.reasons())
                .notice(NoticePath.toEnum(action.path().value()))
                .status(action.status().value())
                .responseDays(action.responseDays())
                .responseDeadline(action.responseDeadline())
                .preAdverseNoticeSentAt(action.preAdverseNoticeSentAt())
                .adverseActionNoticeSentAt(action.adverseActionNoticeSentAt())
                .createdAt(action.createdAt())
                .canceledAt(action.canceledAt())
                .individualizedAssessment(JsonNullable.of(action.assessment() == null ? null : new IndividualizedAssessment()
                        .factors(action.assessment().factors()).explanation(action.assessment().explanation())));
    }

    static AdverseActionList toApi(Page<AdverseAction> page, ListLinks.PageLinks links) {
        return new AdverseActionList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(AdverseActionMapper::toApi).toList());
    }

    /** The adverse action's JSON, as the API shows it. */
    String json(AdverseAction action) {
        try {
            return json.writeValueAsString(toApi(action));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A stored answer read back. */
    io.tenantscreening.api.model.AdverseAction read(String stored) {
        try {
            return json.readValue(stored, io.tenantscreening.api.model.AdverseAction.class);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
