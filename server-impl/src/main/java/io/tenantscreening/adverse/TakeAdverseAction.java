package io.tenantscreening.adverse;

import java.util.List;

/**
 * A request to take an adverse action, checked against the contract and its own rules:
 * texts trimmed, {@code conditions} only for a conditional approval, {@code responseDays}
 * (null: the operator's default) only on the pre-adverse path; {@code assessment}, the
 * individualized assessment, null when none was sent.
 */
public record TakeAdverseAction(String orderId, AdverseAction.Decision decision, String conditions, List<String> reasons,
                                AdverseAction.Path path, Integer responseDays,
                                AdverseAction.Assessment assessment) {
}
