package io.tenantscreening.errors;

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

    /**
     * Adds an entry for every element of an array that repeats an earlier one, pointing at
     * it ({@code arrayPointer} and its index): arrays whose elements the contract wants unique.
     */
    public void addRepeats(String arrayPointer, List<?> elements, String detail) {
        for (int i = 0; i < elements.size(); i++) {
            if (elements.subList(0, i).contains(elements.get(i))) {
                add(arrayPointer + "/" + i, detail);
            }
        }
    }

    /** Throws a 422 with every collected entry, if there is any. */
    public void throwIfAny() {
        if (!entries.isEmpty()) {
            throw ApiException.invalid(entries);
        }
    }
}
