package io.tenantscreening.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.Map;

/**
 * Reads a request body as exactly one JSON value, refusing everything a lenient reader
 * would quietly resolve one way or another: invalid UTF-8, bytes after the value, a member
 * name repeated within an object, unpaired UTF-16 surrogate escapes, nesting deeper than
 * {@value #MAX_DEPTH} levels and member names longer than {@value #MAX_NAME_LENGTH}
 * characters. Each refusal is a 422 with a pointer ({@code ""} for the whole body).
 */
public final class StrictJson {

    public static final int MAX_DEPTH = 16;
    public static final int MAX_NAME_LENGTH = 100;

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_DEPTH)
                    .maxNameLength(MAX_NAME_LENGTH)
                    .build())
            .build();
    /** Decimals are kept exact (an exponent beyond a double's range is no infinity). */
    private static final ObjectMapper MAPPER = new ObjectMapper(FACTORY)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private StrictJson() {
    }

    /** The one value the body holds. */
    public static JsonNode parse(byte[] body) {
        String text = decodeUtf8(body);
        JsonNode tree;
        try (JsonParser parser = FACTORY.createParser(text)) {
            tree = read(parser);
            ensureNothingFollows(parser);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        refuseUnpairedSurrogates(tree, "");
        return tree;
    }

    /** The JSON text of a tree, for consumers that want text. */
    public static String write(JsonNode tree) {
        try {
            return MAPPER.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String decodeUtf8(byte[] body) {
        CharsetDecoder decoder = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(body);
        CharBuffer out = CharBuffer.allocate(body.length);
        CoderResult result = decoder.decode(in, out, true);
        if (result.isError()) {
            throw invalid("", "The body is not valid UTF-8 (at byte " + in.position() + "). Send JSON encoded as UTF-8.");
        }
        decoder.flush(out);
        return out.flip().toString();
    }

    private static JsonNode read(JsonParser parser) throws IOException {
        try {
            JsonNode tree = MAPPER.readTree(parser);
            if (tree == null) {
                throw invalid("", "The body is empty; send one JSON value.");
            }
            return tree;
        } catch (StreamConstraintsException e) {
            String detail = e.getOriginalMessage().startsWith("Name length")
                    ? "A member name is longer than " + MAX_NAME_LENGTH + " characters."
                    : "The body is nested more than " + MAX_DEPTH + " levels deep.";
            throw invalid("", detail);
        } catch (JsonProcessingException e) {
            String pointer = pointerAt(e);
            if (e.getOriginalMessage().startsWith("Duplicate field")) {
                throw invalid(pointer, "This member appears more than once in its object; send each member once.");
            }
            throw invalid("", "The body is not valid JSON" + position(e) + ": check quoting, commas and brackets.");
        }
    }

    private static void ensureNothingFollows(JsonParser parser) {
        JsonToken next;
        try {
            next = parser.nextToken();
        } catch (IOException e) {
            next = JsonToken.NOT_AVAILABLE;
        }
        if (next != null) {
            throw invalid("", "The body holds more than one JSON value; send exactly one, with nothing after it.");
        }
    }

    private static void refuseUnpairedSurrogates(JsonNode node, String pointer) {
        if (node.isTextual()) {
            if (hasUnpairedSurrogate(node.textValue())) {
                throw invalid(pointer, "Holds an unpaired UTF-16 surrogate (such as \\ud800 without its pair), "
                        + "which is not a Unicode character.");
            }
        } else if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> members = node.fields();
            while (members.hasNext()) {
                Map.Entry<String, JsonNode> member = members.next();
                if (hasUnpairedSurrogate(member.getKey())) {
                    throw invalid(pointer, "A member name holds an unpaired UTF-16 surrogate, which is not a Unicode character.");
                }
                refuseUnpairedSurrogates(member.getValue(), JsonPointers.child(pointer, member.getKey()));
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                refuseUnpairedSurrogates(node.get(i), pointer + "/" + i);
            }
        }
    }

    static boolean hasUnpairedSurrogate(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
                i++;
            } else if (Character.isSurrogate(c)) {
                return true;
            }
        }
        return false;
    }

    private static String pointerAt(JsonProcessingException e) {
        return e.getProcessor() instanceof JsonParser parser ? parser.getParsingContext().pathAsPointer().toString() : "";
    }

    private static String position(JsonProcessingException e) {
        return e.getLocation() == null ? ""
                : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")";
    }

    private static ApiException invalid(String pointer, String detail) {
        return ApiException.invalid(ErrorSource.pointer(pointer), detail);
    }
}
