package io.tenantscreening.events;

import java.util.Arrays;
import java.util.Optional;

/** The kinds of event, by the name the API gives them. */
public enum EventType {
    ORDER_PENDING("order.pending"),
    ORDER_COMPLETED("order.completed"),
    ORDER_CANCELED("order.canceled"),
    REPORT_COMPLETED("report.completed"),
    REPORT_UPDATED("report.updated");

    private final String value;

    EventType(String value) {
        this.value = value;
    }

    public String value() {
        return value;
    }

    public static Optional<EventType> of(String value) {
        return Arrays.stream(values()).filter(type -> type.value.equals(value)).findFirst();
    }
}
