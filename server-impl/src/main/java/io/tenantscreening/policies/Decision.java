package io.tenantscreening.policies;

import java.util.Locale;

/** What a recommendation says, from the least serious to the most: the most serious of its reasons wins. */
public enum Decision {
    ACCEPT, CONDITIONAL, REVIEW, DECLINE;

    public String value() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Decision of(String value) {
        return valueOf(value.toUpperCase(Locale.ROOT));
    }

    /** The more serious of the two. */
    public Decision atLeast(Decision other) {
        return other.compareTo(this) > 0 ? other : this;
    }
}
