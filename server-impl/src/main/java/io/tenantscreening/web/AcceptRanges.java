package io.tenantscreening.web;

import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Requires;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.util.SupplierUtil;
import io.micronaut.http.MediaType;
import io.micronaut.http.netty.channel.ChannelPipelineCustomizer;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.tenantscreening.common.Environments;
import io.tenantscreening.contract.ContentNegotiation;
import io.tenantscreening.contract.ContractOperations;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Lets {@code type/*} ranges in Accept headers work. Micronaut's router matches Accept
 * against what a route produces only exactly or by {@code *}{@code /*}, so {@code Accept:
 * application/*} would be refused with 406 although it allows JSON. Before routing, a
 * header with such a range is rewritten to what it means for the media types this service
 * ever answers in (those of the contract's successful responses, and HTML for pages): each
 * with the quality the header gives it (see {@link ContentNegotiation}), those it refuses
 * left out. Other headers pass untouched.
 */
@Singleton
@Requires(notEnv = Environments.OPERATOR)
public class AcceptRanges implements BeanCreatedEventListener<NettyServerCustomizer.Registry> {

    private static final String HANDLER = "screening-accept-ranges";

    /**
     * Read from the contract when first needed rather than when the server starts, which then
     * need not wait for the contract's parsing (a request meanwhile waits for it once).
     */
    private final Supplier<List<MediaType>> answered;

    public AcceptRanges(BeanProvider<ContractOperations> operations) {
        this.answered = SupplierUtil.memoized(() -> {
            Set<String> types = new LinkedHashSet<>();
            operations.get().all().forEach(operation -> types.addAll(operation.produces()));
            types.add(MediaType.TEXT_HTML);
            return types.stream().map(MediaType::of).toList();
        });
    }

    @Override
    public NettyServerCustomizer.Registry onCreated(BeanCreatedEvent<NettyServerCustomizer.Registry> event) {
        event.getBean().register(new Customizer(null));
        return event.getBean();
    }

    /** The header as this service reads it; the header itself when it has no {@code type/*} range or cannot be read. */
    String rewrite(String header) {
        List<MediaType> ranges;
        try {
            ranges = MediaType.orderedOf(List.of(header));
        } catch (RuntimeException unreadable) {
            return header;
        }
        if (ranges.stream().noneMatch(range -> !range.getType().equals("*") && range.getSubtype().equals("*"))) {
            return header;
        }
        List<String> meant = new ArrayList<>();
        for (MediaType type : answered.get()) {
            double quality = ContentNegotiation.quality(ranges, type);
            if (quality > 0) {
                meant.add(type.getName() + (quality < 1 ? ";q=" + String.format(Locale.ROOT, "%.3f", quality) : ""));
            }
        }
        return meant.isEmpty() ? header : String.join(", ", meant);
    }

    /** Adds the rewriting handler to every HTTP/1.1 connection's pipeline, right after the HTTP decoder. */
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
                channel.pipeline().addAfter(ChannelPipelineCustomizer.HANDLER_HTTP_SERVER_CODEC, HANDLER, new Rewriter());
            }
        }
    }

    private final class Rewriter extends ChannelInboundHandlerAdapter {
        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof HttpRequest request) {
                List<String> headers = request.headers().getAll(HttpHeaderNames.ACCEPT);
                if (!headers.isEmpty()) {
                    String accept = String.join(", ", headers);
                    String meant = rewrite(accept);
                    if (!meant.equals(accept)) {
                        request.headers().set(HttpHeaderNames.ACCEPT, meant);
                    }
                }
            }
            context.fireChannelRead(message);
        }
    }
}
