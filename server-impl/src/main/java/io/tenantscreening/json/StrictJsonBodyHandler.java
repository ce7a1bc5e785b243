package io.tenantscreening.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.core.annotation.NonNull;
import io.micronaut.core.io.buffer.ByteBuffer;
import io.micronaut.core.io.buffer.ReferenceCounted;
import io.micronaut.core.type.Argument;
import io.micronaut.core.type.Headers;
import io.micronaut.core.type.MutableHeaders;
import io.micronaut.http.MediaType;
import io.micronaut.http.body.MessageBodyHandler;
import io.micronaut.http.codec.CodecException;
import io.micronaut.http.context.ServerRequestContext;
import io.micronaut.json.JsonMapper;
import io.micronaut.json.body.JsonMessageHandler;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The service's one JSON body handler. A controller's request body is read from the tree
 * the contract check already parsed for the same request, so the check and the controller
 * see one value; a body the check did not parse is parsed here by the same strict rules
 * ({@link StrictJson}). Writing is Micronaut's own JSON handler's.
 */
@Singleton
@Replaces(JsonMessageHandler.class)
@JsonMessageHandler.ProducesJson
@JsonMessageHandler.ConsumesJson
public final class StrictJsonBodyHandler<T> implements MessageBodyHandler<T> {

    /** The request attribute holding the body's parsed tree. */
    public static final String PARSED_BODY = "screening.parsed-body";

    private final JsonMapper json;
    private final JsonMessageHandler<T> writer;

    public StrictJsonBodyHandler(JsonMapper json) {
        this.json = json;
        this.writer = new JsonMessageHandler<>(json);
    }

    @Override
    public boolean isReadable(@NonNull Argument<T> type, MediaType mediaType) {
        return mediaType != null && mediaType.matchesAllOrWildcardOrExtension(MediaType.EXTENSION_JSON);
    }

    @Override
    public T read(@NonNull Argument<T> type, MediaType mediaType, @NonNull Headers headers, @NonNull ByteBuffer<?> buffer) {
        try {
            return fromTree(type, parsedBody(buffer.toByteArray()));
        } finally {
            if (buffer instanceof ReferenceCounted counted) {
                counted.release();
            }
        }
    }

    @Override
    public T read(@NonNull Argument<T> type, MediaType mediaType, @NonNull Headers headers, @NonNull InputStream input) {
        try {
            return fromTree(type, parsedBody(input.readAllBytes()));
        } catch (IOException e) {
            throw new CodecException("The request body could not be read", e);
        }
    }

    @Override
    public boolean isWriteable(@NonNull Argument<T> type, MediaType mediaType) {
        return writer.isWriteable(type, mediaType);
    }

    @Override
    public void writeTo(@NonNull Argument<T> type, @NonNull MediaType mediaType, T object, @NonNull MutableHeaders headers,
                        @NonNull OutputStream output) {
        writer.writeTo(type, mediaType, object, headers, output);
    }

    private static JsonNode parsedBody(byte[] bytes) {
        return ServerRequestContext.currentRequest()
                .flatMap(request -> request.getAttribute(PARSED_BODY, JsonNode.class))
                .orElseGet(() -> StrictJson.parse(bytes));
    }

    private T fromTree(Argument<T> type, JsonNode tree) {
        try {
            return json.readValueFromTree(toMicronaut(tree), type);
        } catch (IOException e) {
            throw new CodecException("The request body does not fit " + type.getTypeName(), e);
        }
    }

    private static io.micronaut.json.tree.JsonNode toMicronaut(JsonNode node) {
        if (node.isObject()) {
            Map<String, io.micronaut.json.tree.JsonNode> members = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                members.put(field.getKey(), toMicronaut(field.getValue()));
            }
            return io.micronaut.json.tree.JsonNode.createObjectNode(members);
        }
        if (node.isArray()) {
            List<io.micronaut.json.tree.JsonNode> elements = new ArrayList<>(node.size());
            node.forEach(element -> elements.add(toMicronaut(element)));
            return io.micronaut.json.tree.JsonNode.createArrayNode(elements);
        }
        if (node.isTextual()) {
            return io.micronaut.json.tree.JsonNode.createStringNode(node.textValue());
        }
        if (node.isBoolean()) {
            return io.micronaut.json.tree.JsonNode.createBooleanNode(node.booleanValue());
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? io.micronaut.json.tree.JsonNode.createNumberNode(node.longValue())
                    : io.micronaut.json.tree.JsonNode.createNumberNode(node.bigIntegerValue());
        }
        if (node.isNumber()) {
            return io.micronaut.json.tree.JsonNode.createNumberNode(node.decimalValue());
        }
        return io.micronaut.json.tree.JsonNode.nullNode();
    }
}
