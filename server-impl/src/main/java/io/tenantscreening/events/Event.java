package io.tenantscreening.events;

import io.tenantscreening.common.Mode;
import io.tenantscreening.common.lists.KeysetPager;

import java.time.Instant;

/**
 * Something that happened to an order or a report. {@code data} is the object as the API
 * showed it right after the event (JSON); {@code sequence} counts the events of that
 * object from 1.
 */
public record Event(String id, Mode mode, EventType type, String objectId, long sequence, String previousStatus, String data,
                    Instant createdAt) implements KeysetPager.Positioned {
}
