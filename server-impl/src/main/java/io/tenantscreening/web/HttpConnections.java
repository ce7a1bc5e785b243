package io.tenantscreening.web;

import com.sun.management.UnixOperatingSystemMXBean;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micronaut.context.BeanProvider;
import io.micronaut.context.annotation.Value;
import io.micronaut.context.event.BeanCreatedEvent;
import io.micronaut.context.event.ApplicationEventListener;
import io.micronaut.context.event.BeanCreatedEventListener;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.server.netty.NettyServerCustomizer;
import io.micronaut.http.server.netty.configuration.NettyHttpServerConfiguration;
import io.micronaut.json.JsonMapper;
import io.micronaut.runtime.event.ApplicationStartupEvent;
import io.netty.channel.Channel;
import jakarta.inject.Singleton;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;
import java.time.Duration;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The HTTP connections of this instance, held to a cap and to deadlines (docs/operators.md,
 * "Connections and timeouts"):
 * <ul>
 *   <li>at most {@code HTTP_MAX_CONNECTIONS} open at once, below the process's file limit.
 *   A connection over the cap takes the place of one that has no request in progress: the
 *   oldest still sending a request's head, else the oldest idle after its answers, else the
 *   oldest that has sent nothing yet; when every connection is busy with a request, the
 *   newcomer is closed at once. Connections that send nothing useful can so never keep a
 *   client that sends whole requests out;</li>
 *   <li>a request's head (request line and headers) must arrive within
 *   {@code HTTP_HEADER_TIMEOUT} of its first byte, or the request is answered
 *   {@code 408 request_timeout} and the connection closed;</li>
 *   <li>each request is framed strictly ({@link HttpConnection}): what RFC 9112 lets a
 *   server reject is answered {@code 400 malformed_request} and the connection closed, so
 *   that no two parties can read one connection's bytes as different requests.</li>
 * </ul>
 * A connection that neither sends nor receives for {@code HTTP_IDLE_TIMEOUT} is closed by
 * Micronaut itself ({@code micronaut.server.idle-timeout}).
 */
@Singleton
public class HttpConnections implements BeanCreatedEventListener<NettyServerCustomizer.Registry>, NettyServerCustomizer,
        ApplicationEventListener<ApplicationStartupEvent> {

    /** Files kept for everything else the process opens: the database pool, outbound calls, jars, logs. */
    static final int RESERVED_FILES = 256;
    /** The cap when HTTP_MAX_CONNECTIONS is not set (lower if the file limit asks for it). */
    static final int DEFAULT_MAX_CONNECTIONS = 1024;

    private static final Logger LOG = LoggerFactory.getLogger(HttpConnections.class);
    private static final long WARNING_INTERVAL = TimeUnit.SECONDS.toNanos(10);

    private final int maxConnections;
    private final Duration headerTimeout;
    private final NettyHttpServerConfiguration server;
    private final JsonMapper json;
    private final Deque<HttpConnection> open = new ConcurrentLinkedDeque<>();
    private final AtomicInteger count = new AtomicInteger();
    private final AtomicLong lastWarning = new AtomicLong(System.nanoTime() - WARNING_INTERVAL);
    private final AtomicLong shedCount = new AtomicLong();
    private final BeanProvider<MeterRegistry> registry;
    /** The registry once the service has started, if metrics are on (METRICS_ENABLED). */
    private volatile MeterRegistry meters;

    HttpConnections(NettyHttpServerConfiguration server, JsonMapper json, BeanProvider<MeterRegistry> registry,
                    @Nullable @Value("${screening.http.max-connections:}") Integer maxConnections,
                    @Value("${screening.http.header-timeout:10s}") Duration headerTimeout) {
        this.server = server;
        this.json = json;
        this.registry = registry;
        this.maxConnections = cap(maxConnections, fileLimit());
        if (headerTimeout.isNegative() || headerTimeout.isZero()) {
            throw new IllegalArgumentException("HTTP_HEADER_TIMEOUT must be positive, not " + headerTimeout);
        }
        this.headerTimeout = headerTimeout;
    }

    /** The cap: the one configured, which must leave {@link #RESERVED_FILES} of the file limit, or the default within it. */
    static int cap(@Nullable Integer configured, long fileLimit) {
        long room = fileLimit - RESERVED_FILES;
        if (configured == null) {
            if (room < 1) {
                throw new IllegalStateException("The process may open only " + fileLimit + " files; raise its limit (ulimit -n) to at least "
                        + (RESERVED_FILES + DEFAULT_MAX_CONNECTIONS) + ".");
            }
            return (int) Math.min(DEFAULT_MAX_CONNECTIONS, room);
        }
        if (configured < 1) {
            throw new IllegalArgumentException("HTTP_MAX_CONNECTIONS must be at least 1, not " + configured);
        }
        if (configured > room) {
            throw new IllegalArgumentException("HTTP_MAX_CONNECTIONS is " + configured + ", but the process may open only " + fileLimit
                    + " files, of which " + RESERVED_FILES + " are kept for the database and outbound calls: set it to at most "
                    + Math.max(room, 0) + ", or raise the file limit (ulimit -n).");
        }
        return configured;
    }

    /** The most files this process may open (Long.MAX_VALUE where the platform does not say). */
    private static long fileLimit() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof UnixOperatingSystemMXBean unix ? unix.getMaxFileDescriptorCount() : Long.MAX_VALUE;
    }

    /** With metrics on: the open connections, and the connections shed and requests refused here, by reason. */
    @Override
    public void onApplicationEvent(ApplicationStartupEvent started) {
        if (registry.isPresent()) {
            meters = registry.get();
            Gauge.builder("screening.http.connections", count, AtomicInteger::get)
                    .description("HTTP connections open on this instance").register(meters);
            Gauge.builder("screening.http.connections.max", () -> maxConnections)
                    .description("HTTP_MAX_CONNECTIONS in force").register(meters);
        }
    }

    /** A request answered and its connection closed before it reached the application, by its error code. */
    void refused(String code) {
        MeterRegistry counting = meters;
        if (counting != null) {
            counting.counter("screening.http.refusals", "code", code).increment();
        }
    }

    @Override
    public Registry onCreated(BeanCreatedEvent<Registry> event) {
        event.getBean().register(this);
        LOG.info("HTTP connections: at most {} open, request heads within {} ms of their first byte", maxConnections,
                headerTimeout.toMillis());
        return event.getBean();
    }

    @Override
    public NettyServerCustomizer specializeForChannel(Channel channel, ChannelRole role) {
        if (role != ChannelRole.CONNECTION) {
            return this;
        }
        HttpConnection connection = new HttpConnection(channel, this);
        admit(connection);
        return connection;
    }

    /**
     * Counts the connection in, and makes room for it over the cap. A connection claimed for
     * eviction stops counting at once (it is closing), so that connections still closing never
     * make the instance refuse a newcomer it has room for; it counts again if a request
     * arrived on it before it could be closed.
     */
    private void admit(HttpConnection connection) {
        open.addLast(connection);
        connection.channel().closeFuture().addListener(closed -> {
            open.remove(connection);
            if (connection.uncount()) {
                count.decrementAndGet();
            }
        });
        if (count.incrementAndGet() <= maxConnections) {
            return;
        }
        for (HttpConnection.Standing standing : HttpConnection.Standing.values()) {
            for (HttpConnection candidate : open) {
                if (candidate != connection && candidate.standing() == standing && candidate.claimForEviction()) {
                    if (candidate.uncount()) {
                        count.decrementAndGet();
                    }
                    candidate.channel().eventLoop().execute(() -> {
                        if (!candidate.closeIfStillIdle() && candidate.channel().isOpen() && candidate.recount()) {
                            count.incrementAndGet();
                        }
                    });
                    shed("replaced", "closed a connection without a request in progress to admit a new one");
                    return;
                }
            }
        }
        connection.channel().close();
        shed("refused", "refused a new connection: every connection has a request in progress");
    }

    private void shed(String reason, String what) {
        MeterRegistry counting = meters;
        if (counting != null) {
            counting.counter("screening.http.connections.shed", "reason", reason).increment();
        }
        long sheds = shedCount.incrementAndGet();
        long now = System.nanoTime();
        long last = lastWarning.get();
        if (now - last >= WARNING_INTERVAL && lastWarning.compareAndSet(last, now)) {
            LOG.warn("HTTP_MAX_CONNECTIONS ({}) reached: {} ({} connections shed since start)", maxConnections, what, sheds);
        }
    }

    int maxConnections() {
        return maxConnections;
    }

    Duration headerTimeout() {
        return headerTimeout;
    }

    NettyHttpServerConfiguration server() {
        return server;
    }

    JsonMapper json() {
        return json;
    }
}
