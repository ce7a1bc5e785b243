package io.tenantscreening.lists;

import java.util.List;

/**
 * One page of a newest-first list, with the collection's total size and the cursors of
 * the neighbouring pages (null where there is none).
 */
public record Page<T>(List<T> items, long count, Cursor next, Cursor previous) {
}
