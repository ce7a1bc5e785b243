package io.tenantscreening.web;

import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.BeanProvider;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.micronaut.json.JsonMapper;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.NoSuchElementException;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#connections-and-timeouts: a connection over the cap takes the place of
 * one with no request in progress; an answer not yet sent is still in progress. And a client
 * that goes away in the middle of a head has sent nothing malformed (openapi.yaml#connections-and-framing).
 */
class HttpConnectionTest {

    private final HttpConnections connections = new HttpConnections(new NettyHttpServerConfiguration(), JsonMapper.createDefault(),
            new NoRegistry(), 16, Duration.ofSeconds(10));

    @Test
    void aConnectionIsNotClosedForANewcomerWhileItsAnswerIsStillUnsent() {
        EmbeddedChannel channel = new EmbeddedChannel();
        HttpConnection connection = connectionOn(channel);
        channel.writeInbound(Unpooled.copiedBuffer("GET /health HTTP/1.1\r\nHost: localhost\r\n\r\n", StandardCharsets.US_ASCII));
        HttpRequest request = channel.readInbound();
        ReferenceCountUtil.release(request);
        assertThat(connection.claimForEviction()).as("with a request waiting for its answer").isFalse();

        DefaultFullHttpResponse answer = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        answer.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        channel.write(answer);
        assertThat(connection.claimForEviction()).as("with its answer written, not yet sent").isFalse();

        channel.flush();
        assertThat(connection.claimForEviction()).as("with its answer sent").isTrue();
        assertThat(connection.standing()).isEqualTo(HttpConnection.Standing.IDLE_AFTER_ANSWERS);
        channel.finishAndReleaseAll();
    }

    @Test
    void aHeadCutShortByTheClientIsNotAnsweredAsMalformed() {
        EmbeddedChannel channel = new EmbeddedChannel();
        connectionOn(channel);
        channel.writeInbound(Unpooled.copiedBuffer("GET /health HTTP/1.1\r\nHost: localhost\r\n", StandardCharsets.US_ASCII));
        channel.pipeline().fireChannelInactive();

        assertThat((Object) channel.readInbound()).as("nothing passed on").isNull();
        assertThat((Object) channel.readOutbound()).as("nothing answered").isNull();
        channel.finishAndReleaseAll();
    }

    private HttpConnection connectionOn(EmbeddedChannel channel) {
        channel.pipeline().addLast(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, new HttpServerCodec());
        HttpConnection connection = new HttpConnection(channel, connections);
        connection.onStreamPipelineBuilt();
        return connection;
    }

    /** Metrics off. */
    private static final class NoRegistry implements BeanProvider<MeterRegistry> {
        @Override
        public MeterRegistry get() {
            throw new NoSuchElementException("metrics are off");
        }

        @Override
        public boolean isPresent() {
            return false;
        }
    }
}
