package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Assertions on error entries shared by the conformance tests. */
public final class JsonAssertions {

    private JsonAssertions() {
    }

    public static void assertDetailMentions(JsonNode entry, String text) {
        assertThat(entry.get("detail").asText()).contains(text);
    }

    /** Asserts that exactly these source pointers (in any order) are reported. */
    public static void assertPointers(JsonNode errors, String... pointers) {
        assertThat(errors.findValues("pointer").stream().map(JsonNode::asText).toList())
                .containsExactlyInAnyOrder(pointers);
    }
}
