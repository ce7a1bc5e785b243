package io.tenantscreening.web;

import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.http.MediaType;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.HttpCompressionStrategy;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.tenantscreening.common.Environments;
import jakarta.inject.Singleton;

import java.util.List;
import java.util.Locale;

/**
 * Keeps compressed answers to codings every HTTP client decodes, gzip and deflate, chosen as
 * RFC 9110 says ({@link AcceptEncoding}), and marks every answer that could be compressed
 * (every answer in a text type, compressed or not, whatever its length) with
 * {@code Vary: Accept-Encoding}, so that caches keep its forms apart.
 * <p>
 * Micronaut 4 compresses inside its own request handler, not with a Netty compressor in the
 * pipeline, and has no setting for the codings: it offers snappy always (and zstd and br
 * when their libraries are present), answers {@code *} with snappy, and ignores weights
 * given to {@code identity}. So, in a handler of the connection's pipeline (Micronaut's
 * extension point, {@link NettyServerCustomizer}), a request's Accept-Encoding is replaced
 * by the one coding chosen here ({@code identity} when it is none) before Micronaut reads
 * it; Micronaut then compresses in that coding as it decides: text types (JSON, HTML, CSS,
 * JavaScript) of at least {@code micronaut.server.netty.compression-threshold} bytes (1 KiB
 * by default).
 * Netty's own {@code HttpContentCompressor} in its place would compress answers of every
 * type, and reads Accept-Encoding the way Micronaut does (case-sensitively, and without
 * {@code identity}'s weight).
 */
@Singleton
@Requires(notEnv = Environments.OPERATOR)
public class ResponseCompression implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private static final String HANDLER = "screening-response-compression";

    private final boolean enabled;
    private final Handler handler = new Handler();

    public ResponseCompression(HttpCompressionStrategy strategy) {
        this.enabled = strategy.isEnabled();
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Customizer(null));
        return event.getBean();
    }

    /** Adds the handler to every HTTP/1.1 connection's pipeline, right after the HTTP codec. */
    private final class Customizer implements NettyServerCustomizer {

        private final Channel channel;

        private Customizer(Channel channel) {
            this.channel = channel;
        }

        @Override
        public NettyServerCustomizer specializeForChannel(Channel connection, ChannelRole role) {
            return role == ChannelRole.CONNECTION ? new Customizer(connection) : this;
        }

        @Override
        public void onStreamPipelineBuilt() {
            if (channel != null && channel.pipeline().get(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC) != null
                    && channel.pipeline().get(HANDLER) == null) {
                channel.pipeline().addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, HANDLER, handler);
            }
        }
    }

    /** Replaces each request's Accept-Encoding on the way in, and adds Vary to answers on the way out. */
    @ChannelHandler.Sharable
    private final class Handler extends ChannelDuplexHandler {

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof HttpRequest request) {
                List<String> headers = request.headers().getAll(HttpHeaderNames.ACCEPT_ENCODING);
                if (!headers.isEmpty()) {
                    request.headers().set(HttpHeaderNames.ACCEPT_ENCODING, AcceptEncoding.choose(String.join(", ", headers)));
                }
            }
            context.fireChannelRead(message);
        }

        @Override
        public void write(ChannelHandlerContext context, Object message, ChannelPromise promise) {
            if (enabled && message instanceof HttpResponse response && compressible(response.headers()) && !varies(response.headers())) {
                response.headers().add(HttpHeaderNames.VARY, "Accept-Encoding");
            }
            context.write(message, promise);
        }

        /** Whether Micronaut compresses answers of this type (when they are long enough). */
        private boolean compressible(HttpHeaders headers) {
            return MediaType.isTextBased(headers.get(HttpHeaderNames.CONTENT_TYPE));
        }

        /** Whether the answer already says it varies by Accept-Encoding (or by everything). */
        private boolean varies(HttpHeaders headers) {
            for (String vary : headers.getAll(HttpHeaderNames.VARY)) {
                for (String name : vary.split(",")) {
                    String field = name.trim().toLowerCase(Locale.ROOT);
                    if (field.equals("*") || field.equals("accept-encoding")) {
                        return true;
                    }
                }
            }
            return false;
        }
    }
}
