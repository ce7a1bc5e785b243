package io.tenantscreening.lists;

import java.time.Instant;

/**
 * A position in a newest-first list: the records strictly older ({@link Direction#OLDER})
 * or strictly newer ({@link Direction#NEWER}) than the record (createdAt, id).
 */
public record Cursor(Direction direction, Instant createdAt, String id) {

    /** Which side of the position a page lies on. */
    public enum Direction {
        OLDER, NEWER
    }
}
