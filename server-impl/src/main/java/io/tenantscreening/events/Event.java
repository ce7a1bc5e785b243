package io.tenantscreening.events;

import io.tenantscreening.common.Mode;
import io.tenantscreening.lists.KeysetPager;

import java.time.Instant;

/**
 * Something that happened to an order or a report. {@code data} is the object as the API
 * showed it right after the event (JSON); {@code sequence} counts the events of that
 * object from 1. {@code previousAttributes} (JSON, null for most events) holds the previous
 * value of each top-level member of a report that a report.disputed or report.updated event
 * changed.
 */
public record Event(String id, Mode mode, EventType type, String objectId, long sequence, String previousStatus, String data,
                    String previousAttributes, Instant createdAt) implements KeysetPager.Positioned {
}
