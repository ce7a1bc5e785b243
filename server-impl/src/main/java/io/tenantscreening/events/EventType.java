package io.tenantscreening.events;

import io.tenantscreening.contract.ApiVersion;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The kinds of event, by the name the API gives them, each with the API version it first
 * exists in. A type exists in that version and every later one; under an older version the
 * events of the type do not exist at all (not listed, not counted, not found, not delivered).
 */
public enum EventType {
    ORDER_PENDING("order.pending", ApiVersion.V2026_04_29),
    ORDER_COMPLETED("order.completed", ApiVersion.V2026_04_29),
    ORDER_CANCELED("order.canceled", ApiVersion.V2026_04_29),
    ORDER_PAYMENT_SUCCEEDED("order.payment_succeeded", ApiVersion.V2026_11_25),
    ORDER_PAYMENT_FAILED("order.payment_failed", ApiVersion.V2026_11_25),
    ORDER_PAYMENT_REFUND_FAILED("order.payment_refund_failed", ApiVersion.V2026_11_28),
    REPORT_COMPLETED("report.completed", ApiVersion.V2026_04_29),
    REPORT_UPDATED("report.updated", ApiVersion.V2026_04_29),
    REPORT_DISPUTED("report.disputed", ApiVersion.V2026_11_25),
    ADVERSE_ACTION_CREATED("adverse_action.created", ApiVersion.V2026_11_25),
    ADVERSE_ACTION_COMPLETED("adverse_action.completed", ApiVersion.V2026_11_25),
    ADVERSE_ACTION_CANCELED("adverse_action.canceled", ApiVersion.V2026_11_25),
    ADVERSE_ACTION_NOTICE_UNDELIVERABLE("adverse_action.notice_undeliverable", ApiVersion.V2026_11_25),
    DISPUTE_CREATED("dispute.created", ApiVersion.V2026_11_28),
    DISPUTE_RESOLVED("dispute.resolved", ApiVersion.V2026_11_28),
    DISPUTE_STATEMENT_ADDED("dispute.statement_added", ApiVersion.V2026_11_28),
    RENTAL_APPLICATION_COMPLETED("rental_application.completed", ApiVersion.V2026_11_28),
    RENTAL_APPLICATION_CANCELED("rental_application.canceled", ApiVersion.V2026_11_28),
    RENTAL_APPLICATION_MEMBER_ADDED("rental_application.member_added", ApiVersion.V2026_11_28);

    private static final Map<ApiVersion, List<EventType>> OF_VERSION = Arrays.stream(ApiVersion.values())
            .collect(Collectors.toMap(version -> version,
                    version -> Arrays.stream(values()).filter(type -> type.existsIn(version)).toList(),
                    (first, second) -> first, () -> new EnumMap<>(ApiVersion.class)));

    private final String value;
    private final ApiVersion since;

    EventType(String value, ApiVersion since) {
        this.value = value;
        this.since = since;
    }

    public String value() {
        return value;
    }

    /** The first API version with events of this type. */
    public ApiVersion since() {
        return since;
    }

    /** Whether events of this type exist under the version: the one rule of which types a version sees. */
    public boolean existsIn(ApiVersion version) {
        return !version.isBefore(since);
    }

    /** The types that exist under the version, in the order declared here. */
    public static List<EventType> ofVersion(ApiVersion version) {
        return OF_VERSION.get(version);
    }

    /** The detail of a refused event type that exists, but not under the version. */
    public static String notIn(ApiVersion version) {
        return "Must be one of: " + ofVersion(version).stream().map(EventType::value).collect(Collectors.joining(", "))
                + " (the event types of API version " + version.date() + ").";
    }

    public static Optional<EventType> of(String value) {
        return Arrays.stream(values()).filter(type -> type.value.equals(value)).findFirst();
    }
}
