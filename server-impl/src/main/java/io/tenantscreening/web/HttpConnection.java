package io.tenantscreening.web;

import io.micronaut.http.HttpStatus;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.PrematureChannelClosureException;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.ScheduledFuture;
import io.tenantscreening.common.Echo;
import io.tenantscreening.contract.ApiVersions;
import io.tenantscreening.errors.ApiException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One HTTP/1.1 connection ({@link HttpConnections}): its request heads' deadline, strict
 * framing, and whether it may be closed to admit another connection. Two handlers around
 * Netty's HTTP codec do the work, both on the connection's event loop: one before the
 * codec sees the bytes arrive (a request's head starts), one after it sees what the bytes
 * were decoded into and what is answered.
 *
 * <p>Strict framing (RFC 9112): a request is answered {@code 400 malformed_request} and its
 * connection closed when the codec could not read its request line, headers or chunks (a
 * bare CR, a NUL, a bad method or chunk size, two Content-Length values), when it has both
 * Content-Length and Transfer-Encoding (section 6.3), a Transfer-Encoding other than exactly
 * {@code chunked} (the service understands no other coding; section 6.1), a Transfer-Encoding
 * in HTTP/1.0 (section 6.1), or, in HTTP/1.1, not exactly one Host header (section 3.2). A
 * version other than HTTP/1.x is {@code 505 http_version_not_supported}; HTTP/1.2 and later
 * minor versions are served as HTTP/1.1 (section 2.3). A chunked body is read whole before
 * its request is passed on, so that a malformed chunk refuses the request rather than
 * leaving its end unknown. {@code Expect: 100-continue} with a Content-Length over the body
 * limit is answered {@code 413} at once, without asking for the body.
 *
 * <p>These answers never reach the application: they carry the error envelope,
 * {@code Request-Id}, {@code Service-Tenant-Version}, {@code Connection: close}, and an
 * access log line. Answers to requests read before the refused one are sent first.
 */
final class HttpConnection implements NettyServerCustomizer {

    private static final String HEAD_TIMER = "screening-request-head-timer";
    private static final String FRAMING = "screening-strict-framing";

    private final Channel channel;
    private final HttpConnections connections;
    private final AtomicBoolean evicting = new AtomicBoolean();
    /** Whether this connection counts among the instance's open connections ({@link HttpConnections}). */
    private final AtomicBoolean counted = new AtomicBoolean(true);
    /** No request in progress: none being read past its head, none waiting for its answer. */
    private volatile boolean idle = true;
    /** Bytes of a request's head have arrived, and not the whole head. */
    private volatile boolean headPending;
    /** At least one request has been answered on this connection. */
    private volatile boolean served;

    HttpConnection(Channel channel, HttpConnections connections) {
        this.channel = channel;
        this.connections = connections;
    }

    Channel channel() {
        return channel;
    }

    /**
     * How readily this connection is closed for a newcomer, when it has no request in
     * progress: first one sending a request's head that has not arrived whole, then one idle
     * after its answers, last one that has sent nothing yet (a newcomer itself, whose request
     * may be on its way).
     */
    Standing standing() {
        return headPending ? Standing.HEAD_PENDING : served ? Standing.IDLE_AFTER_ANSWERS : Standing.NOTHING_SENT;
    }

    /** The connections without a request in progress, in the order they are closed for newcomers. */
    enum Standing {
        HEAD_PENDING, IDLE_AFTER_ANSWERS, NOTHING_SENT
    }

    /** Marks this connection as about to be closed for a newcomer, if it has no request in progress. */
    boolean claimForEviction() {
        return idle && evicting.compareAndSet(false, true);
    }

    /** On the event loop: closes the connection claimed for eviction, unless a request arrived meanwhile; whether it did. */
    boolean closeIfStillIdle() {
        if (idle) {
            channel.close();
            return true;
        }
        evicting.set(false);
        return false;
    }

    /** Stops counting this connection among the open ones; false if it was not counted. */
    boolean uncount() {
        return counted.compareAndSet(true, false);
    }

    /** Counts this connection again (it was claimed for eviction and kept); false if it was counted. */
    boolean recount() {
        return counted.compareAndSet(false, true);
    }

    @Override
    public void onStreamPipelineBuilt() {
        NettyHttpServerConfiguration server = connections.server();
        HttpDecoderConfig decoding = new HttpDecoderConfig()
                .setMaxInitialLineLength(server.getMaxInitialLineLength())
                .setMaxHeaderSize(server.getMaxHeaderSize())
                .setMaxChunkSize(server.getMaxChunkSize())
                .setInitialBufferSize(server.getInitialBufferSize())
                .setHeadersFactory(DecodedHeaders.FACTORY);
        channel.pipeline().replace(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC,
                new HttpServerCodec(decoding));
        Framing framing = new Framing(server.getMaxRequestSize());
        channel.pipeline().addBefore(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, HEAD_TIMER, new HeadTimer(framing));
        channel.pipeline().addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, FRAMING, framing);
    }

    /**
     * Request headers that remember a Content-Length the codec removed: Netty drops it from
     * a chunked request (its body length is the chunks'), which would hide the conflict.
     */
    static final class DecodedHeaders extends DefaultHttpHeaders {

        static final HttpHeadersFactory FACTORY = new HttpHeadersFactory() {
            @Override
            public HttpHeaders newHeaders() {
                return new DecodedHeaders();
            }

            @Override
            public HttpHeaders newEmptyHeaders() {
                return new DecodedHeaders();
            }
        };

        private boolean contentLengthRemoved;

        private DecodedHeaders() {
            super(DefaultHttpHeadersFactory.headersFactory().getNameValidator(), DefaultHttpHeadersFactory.headersFactory().getValueValidator());
        }

        @Override
        public HttpHeaders remove(CharSequence name) {
            contentLengthRemoved |= HttpHeaderNames.CONTENT_LENGTH.contentEqualsIgnoreCase(name) && contains(name);
            return super.remove(name);
        }

        @Override
        public HttpHeaders remove(String name) {
            return remove((CharSequence) name);
        }
    }

    /** An answer that ends a connection before its request reaches the application. */
    private record Refusal(HttpResponseStatus status, String code, String detail) {

        static Refusal malformed(String detail) {
            return new Refusal(HttpResponseStatus.BAD_REQUEST, "malformed_request", detail);
        }
    }

    /** Before the codec: the first byte of a request's head starts its deadline. */
    private static final class HeadTimer extends ChannelInboundHandlerAdapter {

        private final Framing framing;

        HeadTimer(Framing framing) {
            this.framing = framing;
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (msg instanceof ByteBuf bytes && bytes.isReadable()) {
                framing.bytesArrived();
            }
            ctx.fireChannelRead(msg);
        }
    }

    /** After the codec: checks each request's framing, holds chunked bodies until complete, counts answers. */
    private final class Framing extends ChannelDuplexHandler {

        private final long maxBody;
        private ChannelHandlerContext ctx;
        /** The request heads' deadline, while a head is on its way. */
        private ScheduledFuture<?> headDeadline;
        /** Between a request's head and the end of its body. */
        private boolean inBody;
        /** Requests passed on whose final answer has not been written completely. */
        private int unanswered;
        /**
         * Final answers written and not yet sent: the connection is not idle until they are, so
         * that it is never closed for a newcomer with an answer still in its buffer.
         */
        private int answersInFlight;
        /** An informational answer (100 Continue) is being written: its end is not a request's answer. */
        private boolean informational;
        /** A chunked request held back until its last chunk, and the body bytes held. */
        private List<HttpObject> held;
        private long heldBytes;
        /** The held request asked for 100 Continue, not yet sent. */
        private boolean continueOwed;
        /** The answer that ends this connection once the answers before it are written. */
        private FullHttpResponse refusal;
        private boolean refused;

        Framing(long maxBody) {
            this.maxBody = maxBody;
        }

        @Override
        public void handlerAdded(ChannelHandlerContext ctx) {
            this.ctx = ctx;
        }

        @Override
        public void handlerRemoved(ChannelHandlerContext ctx) {
            cancelDeadline();
            releaseHeld();
            ReferenceCountUtil.release(refusal);
            refusal = null;
        }

        void bytesArrived() {
            if (!inBody) {
                headPending = true;
            }
            if (!inBody && headDeadline == null && !refused) {
                headDeadline = ctx.executor().schedule(this::headTimedOut, connections.headerTimeout().toMillis(), TimeUnit.MILLISECONDS);
            }
        }

        private void headTimedOut() {
            headDeadline = null;
            if (refused || !ctx.channel().isActive()) {
                return;
            }
            if (unanswered > 0) {
                bytesArrived();
                return;
            }
            refuse(new Refusal(HttpResponseStatus.REQUEST_TIMEOUT, "request_timeout", "The request's head (request line and headers)"
                    + " did not arrive within " + connections.headerTimeout().toMillis() + " ms of its first byte, so the connection was"
                    + " closed. Send each request whole."), null);
        }

        private void cancelDeadline() {
            if (headDeadline != null) {
                headDeadline.cancel(false);
                headDeadline = null;
            }
        }

        @Override
        public void channelRead(ChannelHandlerContext ctx, Object msg) {
            if (refused || cutShort(msg)) {
                ReferenceCountUtil.release(msg);
                return;
            }
            if (msg instanceof HttpRequest request) {
                cancelDeadline();
                idle = false;
                headPending = false;
                inBody = !(msg instanceof LastHttpContent);
                Refusal problem = problem(request);
                if (problem != null) {
                    ReferenceCountUtil.release(msg);
                    refuse(problem, request);
                    return;
                }
                unanswered++;
                if (HttpUtil.isTransferEncodingChunked(request)) {
                    if (HttpUtil.is100ContinueExpected(request)) {
                        HttpUtil.set100ContinueExpected(request, false);
                        continueOwed = true;
                        sendContinueWhenDue();
                    }
                    held = new ArrayList<>();
                    held.add(request);
                    return;
                }
                ctx.fireChannelRead(msg);
                return;
            }
            if (msg instanceof HttpContent content) {
                read(ctx, content);
                return;
            }
            ctx.fireChannelRead(msg);
        }

        /**
         * What the codec makes of a head or a held chunked body that the client's closing cut
         * short: there is no one left to answer, and nothing malformed was sent.
         */
        private boolean cutShort(Object msg) {
            if (!(msg instanceof HttpObject object) || !(object.decoderResult().cause() instanceof PrematureChannelClosureException)) {
                return false;
            }
            if (msg instanceof HttpRequest) {
                return true;
            }
            if (held != null) {
                releaseHeld();
                unanswered--;
                return true;
            }
            return false;
        }

        private void read(ChannelHandlerContext ctx, HttpContent content) {
            boolean last = content instanceof LastHttpContent;
            if (last) {
                inBody = false;
            }
            if (held == null) {
                ctx.fireChannelRead(content);
                updateIdle();
                return;
            }
            heldBytes += content.content().readableBytes();
            if (content.decoderResult().isFailure() || heldBytes > maxBody) {
                content.release();
                releaseHeld();
                unanswered--;
                refuse(content.decoderResult().isFailure()
                        ? Refusal.malformed("A chunk of the request body is not valid chunked framing (RFC 9112, section 7.1): each"
                                + " chunk is its size in hexadecimal, CRLF, its bytes, CRLF; a chunk of size 0 ends the body.")
                        : new Refusal(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, "payload_too_large", "The request body may be at most 1 MiB."),
                        null);
                return;
            }
            held.add(content);
            if (last) {
                List<HttpObject> whole = held;
                held = null;
                heldBytes = 0;
                whole.forEach(ctx::fireChannelRead);
                ctx.fireChannelReadComplete();
            }
        }

        @Override
        public void channelReadComplete(ChannelHandlerContext ctx) {
            if (held != null && !ctx.channel().config().isAutoRead()) {
                ctx.read();
            }
            ctx.fireChannelReadComplete();
        }

        private void releaseHeld() {
            continueOwed = false;
            if (held != null) {
                held.forEach(ReferenceCountUtil::release);
                held = null;
                heldBytes = 0;
            }
        }

        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            boolean answerEnds = false;
            if (msg instanceof HttpResponse response && response.status().codeClass() == HttpStatusClass.INFORMATIONAL) {
                informational = !(msg instanceof LastHttpContent);
            } else if (msg instanceof LastHttpContent) {
                answerEnds = !informational;
                informational = false;
            }
            if (!answerEnds) {
                ctx.write(msg, promise);
                return;
            }
            ChannelPromise written = promise.unvoid();
            answersInFlight++;
            written.addListener(done -> {
                answersInFlight--;
                updateIdle();
            });
            ctx.write(msg, written);
            served = true;
            unanswered--;
            if (unanswered == 0 && refusal != null) {
                sendRefusal();
            }
            sendContinueWhenDue();
            updateIdle();
        }

        /** 100 Continue for the held request, once every earlier request is answered (answers go out in order). */
        private void sendContinueWhenDue() {
            if (continueOwed && unanswered == 1) {
                continueOwed = false;
                ctx.writeAndFlush(new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.CONTINUE));
            }
        }

        private void updateIdle() {
            idle = !refused && unanswered == 0 && answersInFlight == 0 && !inBody && held == null;
        }

        /** What makes this request unacceptable; null if nothing. */
        private Refusal problem(HttpRequest request) {
            DecoderResult decoded = request.decoderResult();
            if (decoded.isFailure()) {
                boolean tooLong = decoded.cause() instanceof TooLongHttpLineException || decoded.cause() instanceof TooLongHttpHeaderException;
                return tooLong ? null : Refusal.malformed("The request line or a header field is not valid HTTP/1.1 (RFC 9112): a method"
                        + " of letters, one space, the path, one space, HTTP/1.1, CRLF; then each header as name, colon, value, CRLF,"
                        + " with no control characters and no header that may appear once given twice.");
            }
            HttpVersion version = request.protocolVersion();
            if (version.majorVersion() != 1) {
                return new Refusal(HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED, "http_version_not_supported",
                        "This service speaks HTTP/1.1 (and HTTP/1.0), not " + Echo.of(version.text()) + ".");
            }
            if (version.minorVersion() > 1) {
                request.setProtocolVersion(HttpVersion.HTTP_1_1);
            }
            HttpHeaders headers = request.headers();
            List<String> codings = headers.getAll(HttpHeaderNames.TRANSFER_ENCODING);
            boolean hadContentLength = headers.contains(HttpHeaderNames.CONTENT_LENGTH)
                    || headers instanceof DecodedHeaders decodedHeaders && decodedHeaders.contentLengthRemoved;
            if (!codings.isEmpty() && hadContentLength) {
                return Refusal.malformed("The request has both Content-Length and Transfer-Encoding, so its length is ambiguous"
                        + " (RFC 9112, section 6.3): send one of them.");
            }
            if (!codings.isEmpty() && version.minorVersion() == 0) {
                return Refusal.malformed("An HTTP/1.0 request cannot use Transfer-Encoding (RFC 9112, section 6.1): send the body"
                        + " with a Content-Length.");
            }
            if (!codings.isEmpty() && !onlyChunked(codings)) {
                return Refusal.malformed("Transfer-Encoding must be exactly 'chunked' (RFC 9112, sections 6.1 and 6.3): this service"
                        + " understands no other transfer coding. Send the body chunked, or with a Content-Length.");
            }
            if (version.minorVersion() == 1 && headers.getAll(HttpHeaderNames.HOST).size() != 1) {
                return Refusal.malformed("An HTTP/1.1 request must have exactly one Host header (RFC 9112, section 3.2).");
            }
            long announced = HttpUtil.getContentLength(request, -1L);
            if (HttpUtil.is100ContinueExpected(request) && announced > maxBody) {
                return new Refusal(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, "payload_too_large", "The request body may be at most"
                        + " 1 MiB; this request announces " + announced + " bytes, so it was refused before its body was sent.");
            }
            return null;
        }

        private static boolean onlyChunked(List<String> codings) {
            List<String> each = new ArrayList<>();
            for (String value : codings) {
                for (String coding : value.split(",", -1)) {
                    each.add(coding.trim().toLowerCase(Locale.ROOT));
                }
            }
            return each.equals(List.of(HttpHeaderValues.CHUNKED.toString()));
        }

        /** Answers and closes the connection: now, or once the answers to earlier requests are written. */
        private void refuse(Refusal problem, HttpRequest request) {
            connections.refused(problem.code());
            refused = true;
            idle = false;
            cancelDeadline();
            String requestId = RequestIds.issue();
            byte[] body;
            try {
                body = connections.json().writeValueAsBytes(
                        new ApiException(HttpStatus.valueOf(problem.status().code()), problem.code(), problem.detail()).envelope());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, problem.status(), Unpooled.wrappedBuffer(body));
            response.headers()
                    .set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE)
                    .set(RequestIds.HEADER, requestId)
                    .set(ApiVersions.HEADER, ApiVersions.NEWEST.date())
                    .set(HttpHeaderNames.CACHE_CONTROL, "no-store")
                    .set("X-Content-Type-Options", "nosniff");
            AccessLog.refused(requestId, request == null || request.decoderResult().isFailure() ? null : request, problem.status().code());
            refusal = response;
            if (unanswered == 0) {
                sendRefusal();
            }
        }

        private void sendRefusal() {
            FullHttpResponse response = refusal;
            refusal = null;
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }
}
