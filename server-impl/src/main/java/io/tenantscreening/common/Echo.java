package io.tenantscreening.common;

/** Caller input repeated in an error detail: clipped to 100 characters, printable ASCII only. */
public final class Echo {

    private static final int LIMIT = 100;

    private Echo() {
    }

    public static String of(String value) {
        String clipped = value.length() > LIMIT ? value.substring(0, LIMIT) + "…" : value;
        return clipped.replaceAll("[^\\x20-\\x7E…]", "?");
    }
}
