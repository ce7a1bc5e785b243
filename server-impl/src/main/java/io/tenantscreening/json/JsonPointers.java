package io.tenantscreening.json;

/** Builds JSON Pointers (RFC 6901), escaping {@code ~} and {@code /} in member names. */
public final class JsonPointers {

    private JsonPointers() {
    }

    public static String child(String pointer, String member) {
        return pointer + "/" + member.replace("~", "~0").replace("/", "~1");
    }
}
