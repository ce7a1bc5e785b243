package io.tenantscreening.conformance;

import com.fasterxml.jackson.databind.JsonNode;

import static org.assertj.core.api.Assertions.assertThat;

/** Assertions on error entries shared by the conformance tests. */
final class JsonAssertions {

    private JsonAssertions() {
    }

    static void assertDetailMentions(JsonNode entry, String text) {
        assertThat(entry.get("detail").asText()).contains(text);
    }

    /** Asserts that exactly these source pointers (in any order) are reported. */
    static void assertPointers(JsonNode errors, String... pointers) {
        assertThat(errors.findValues("pointer").stream().map(JsonNode::asText).toList())
                .containsExactlyInAnyOrder(pointers);
    }
}
