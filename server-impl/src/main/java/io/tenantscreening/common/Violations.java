package io.tenantscreening.common;

import java.util.ArrayList;
import java.util.List;

/**
 * Collects the validation errors of one request, so the caller hears about every failing
 * field at once (one entry each) rather than one per attempt.
 */
public final class Violations {

    private final List<ErrorEntry> entries = new ArrayList<>();

    public void add(String pointer, String detail) {
        entries.add(ErrorEntry.invalid(ErrorSource.pointer(pointer), detail));
    }

    /** Throws a 422 with every collected entry, if there is any. */
    public void throwIfAny() {
        if (!entries.isEmpty()) {
            throw ApiException.invalid(entries);
        }
    }
}
