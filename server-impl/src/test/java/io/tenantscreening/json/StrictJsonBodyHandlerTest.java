package io.tenantscreening.json;

import io.micronaut.buffer.netty.NettyByteBufferFactory;
import io.micronaut.core.io.buffer.ByteBuffer;
import io.micronaut.core.type.Argument;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.MediaType;
import io.micronaut.http.MutableHttpRequest;
import io.micronaut.http.context.ServerRequestContext;
import io.micronaut.json.JsonMapper;
import io.tenantscreening.errors.ApiException;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Controllers read the tree the contract check parsed, never the bytes a second time. */
class StrictJsonBodyHandlerTest {

    private final StrictJsonBodyHandler<Map<String, Object>> handler = new StrictJsonBodyHandler<>(JsonMapper.createDefault());
    private final Argument<Map<String, Object>> map = Argument.mapOf(String.class, Object.class);

    @Test
    void theBodyIsTheTreeTheCheckParsed() {
        MutableHttpRequest<Object> request = HttpRequest.POST("/properties", null);
        request.setAttribute(StrictJsonBodyHandler.PARSED_BODY, StrictJson.parse(bytes("{\"street\": \"as checked\"}")));

        Map<String, Object> body = ServerRequestContext.with(request, (Supplier<Map<String, Object>>)
                () -> handler.read(map, MediaType.APPLICATION_JSON_TYPE, request.getHeaders(), buffer("{\"street\": \"as sent\"}")));

        assertThat(body).containsEntry("street", "as checked");
    }

    @Test
    void aBodyTheCheckDidNotParseIsParsedAsStrictly() {
        MutableHttpRequest<Object> request = HttpRequest.POST("/elsewhere", null);

        Throwable refused = catchThrowable(() -> ServerRequestContext.with(request, (Supplier<Map<String, Object>>)
                () -> handler.read(map, MediaType.APPLICATION_JSON_TYPE, request.getHeaders(), buffer("{\"a\": 1, \"a\": 2}"))));

        assertThat(refused).isInstanceOf(ApiException.class);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static ByteBuffer<?> buffer(String text) {
        return NettyByteBufferFactory.DEFAULT.wrap(bytes(text));
    }
}
