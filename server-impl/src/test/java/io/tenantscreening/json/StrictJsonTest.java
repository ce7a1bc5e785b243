package io.tenantscreening.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** The strict reading of request bodies: each refusal names where it is, or the whole body. */
class StrictJsonTest {

    @Test
    void aRepeatedMemberIsRefusedAtItsPointer() {
        assertThat(refusal("{\"property\": {\"zipcode\": \"x\", \"zipcode\": \"78702\"}}").source().pointer())
                .isEqualTo("/property/zipcode");
    }

    @Test
    void theSameNameInDifferentObjectsIsFine() {
        assertThat(parse("{\"a\": {\"n\": 1}, \"b\": {\"n\": 2}}").get("b").get("n").asInt()).isEqualTo(2);
    }

    @ParameterizedTest
    @ValueSource(strings = {"{} x", "{}{}", "{} ]", "[1] 2"})
    void contentAfterTheValueIsRefused(String body) {
        assertThat(refusal(body).source().pointer()).isEmpty();
    }

    @Test
    void trailingWhitespaceIsFine() {
        assertThat(parse("{\"a\": 1}\n\r\n ").get("a").asInt()).isEqualTo(1);
    }

    @Test
    void anUnpairedSurrogateIsRefusedAtItsPointer() {
        assertThat(refusal("{\"a\": [\"ok\", \"1 \\ud800 St\"]}").source().pointer()).isEqualTo("/a/1");
        assertThat(refusal("{\"a\": \"\\udc00\"}").source().pointer()).isEqualTo("/a");
        assertThat(refusal("{\"a\": \"\\ud83d\\u0041\"}").source().pointer()).isEqualTo("/a");
    }

    @Test
    void aPairedSurrogateEscapeIsACharacter() {
        assertThat(parse("{\"a\": \"\\ud83d\\ude00\"}").get("a").textValue()).isEqualTo("😀");
    }

    @Test
    void invalidUtf8IsRefusedForTheWholeBody() {
        byte[] body = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
        ErrorEntry entry = refusal(body);
        assertThat(entry.source().pointer()).isEmpty();
        assertThat(entry.detail()).contains("UTF-8").contains("byte 6");
    }

    @Test
    void anEncodedSurrogateIsInvalidUtf8() {
        byte[] body = {'"', (byte) 0xED, (byte) 0xA0, (byte) 0x80, '"'};
        assertThat(refusal(body).detail()).contains("UTF-8");
    }

    @Test
    void nestingDeeperThanSixteenLevelsIsRefused() {
        assertThat(parse("[".repeat(16) + "]".repeat(16))).isNotNull();
        assertThat(refusal("[".repeat(17) + "]".repeat(17)).detail()).contains("16 levels");
    }

    @Test
    void aMemberNameOverOneHundredCharactersIsRefused() {
        assertThat(parse("{\"" + "n".repeat(100) + "\": 1}")).isNotNull();
        assertThat(refusal("{\"" + "n".repeat(101) + "\": 1}").detail()).contains("100 characters");
    }

    @Test
    void decimalsStayExact() {
        assertThat(parse("{\"a\": 1e400}").get("a").decimalValue().toString()).isEqualTo("1E+400");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "   ", "{", "{\"a\" 1}", "{'a': 1}", "[1,]"})
    void malformedBodiesAreRefusedForTheWholeBody(String body) {
        assertThat(refusal(body).source().pointer()).isEmpty();
    }

    private static JsonNode parse(String body) {
        return StrictJson.parse(body.getBytes(StandardCharsets.UTF_8));
    }

    private static ErrorEntry refusal(String body) {
        return refusal(body.getBytes(StandardCharsets.UTF_8));
    }

    private static ErrorEntry refusal(byte[] body) {
        ApiException refused = catchThrowableOfType(ApiException.class, () -> StrictJson.parse(body));
        assertThat(refused).as("refusal of %s", new String(body, StandardCharsets.UTF_8)).isNotNull();
        assertThat(refused.errors()).hasSize(1);
        return refused.errors().get(0);
    }
}
