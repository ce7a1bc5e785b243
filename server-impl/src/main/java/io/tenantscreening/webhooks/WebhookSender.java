package io.tenantscreening.webhooks;

import io.tenantscreening.common.Mode;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.util.Timeout;

import javax.net.ssl.SSLException;
import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * POSTs webhook deliveries with Apache HttpClient. Every connection goes to an address
 * that {@link WebhookAddresses} allowed when it was resolved for that very connection (its
 * DnsResolver), so a host that changed its DNS since registration is refused too. No
 * redirects are followed, nothing is retried here, connecting is bounded by
 * {@code connect-timeout} and the whole attempt by {@code timeout} (then it is cut off).
 * Only the first 1024 bytes of an answer are read.
 */
@Singleton
class WebhookSender {

    static final int BODY_EXCERPT = 1024;
    private static final int ERROR_LIMIT = 500;

    private final CloseableHttpClient live;
    private final CloseableHttpClient test;
    private final ScheduledExecutorService deadlines = Executors.newSingleThreadScheduledExecutor(runnable -> {
        Thread thread = new Thread(runnable, "webhook-deadlines");
        thread.setDaemon(true);
        return thread;
    });
    private final WebhookSettings settings;

    WebhookSender(WebhookSettings settings, WebhookUrls urls) {
        this.settings = settings;
        this.live = client(urls.allowLoopback(Mode.LIVE));
        this.test = client(urls.allowLoopback(Mode.TEST));
    }

    /** What an attempt got: an HTTP status with the start of the answer, or an error. */
    record Answer(Integer status, String body, String error, int durationMillis) {

        boolean succeeded() {
            return status != null && status >= 200 && status < 300;
        }
    }

    /**
     * POSTs the body; {@code onCutOff} is handed an action that cuts the attempt off, for the
     * caller to run if it must stop (it lost its endpoint's slot).
     */
    Answer post(Mode mode, String url, byte[] body, Map<String, String> headers, Consumer<Runnable> onCutOff) {
        HttpPost post = new HttpPost(url);
        post.setEntity(new ByteArrayEntity(body, ContentType.APPLICATION_JSON));
        headers.forEach(post::setHeader);
        AtomicBoolean cutOff = new AtomicBoolean();
        AtomicBoolean slotLost = new AtomicBoolean();
        ScheduledFuture<?> deadline = deadlines.schedule(() -> {
            cutOff.set(true);
            post.cancel();
        }, settings.getTimeout().toMillis(), TimeUnit.MILLISECONDS);
        onCutOff.accept(() -> {
            slotLost.set(true);
            post.cancel();
        });
        long start = System.nanoTime();
        try (ClassicHttpResponse response = (mode == Mode.LIVE ? live : test).executeOpen(null, post, null)) {
            String excerpt = response.getEntity() == null ? "" : excerpt(response.getEntity().getContent());
            post.cancel();
            return new Answer(response.getCode(), excerpt, null, elapsed(start));
        } catch (IOException | RuntimeException e) {
            // The socket's read timeout is the attempt's timeout too: when it fires before the
            // deadline's timer (a busy machine runs the timer late), the answer was just as late.
            String error = cutOff.get() || e instanceof SocketTimeoutException
                    ? "no complete answer within " + settings.getTimeout().toSeconds() + " s"
                    : slotLost.get() ? "cut off: this instance could not keep its hold on the endpoint" : describe(e);
            return new Answer(null, null, error, elapsed(start));
        } finally {
            deadline.cancel(false);
        }
    }

    @PreDestroy
    void close() throws IOException {
        deadlines.shutdownNow();
        live.close();
        test.close();
    }

    private CloseableHttpClient client(boolean allowLoopback) {
        DnsResolver checked = new DnsResolver() {
            @Override
            public InetAddress[] resolve(String host) throws UnknownHostException {
                return WebhookAddresses.resolve(host, allowLoopback);
            }

            @Override
            public String resolveCanonicalHostname(String host) {
                return host;
            }
        };
        return HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(checked)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(settings.getConnectTimeout()))
                                .setSocketTimeout(Timeout.of(settings.getTimeout()))
                                .build())
                        .setMaxConnTotal(Math.max(64, settings.getWorkers()))
                        .setMaxConnPerRoute(settings.getWorkers())
                        .build())
                .disableRedirectHandling()
                .disableAutomaticRetries()
                .disableCookieManagement()
                .disableAuthCaching()
                .setUserAgent("TenantScreening-Webhooks/1.0")
                .build();
    }

    private static String excerpt(InputStream in) throws IOException {
        byte[] start = in.readNBytes(BODY_EXCERPT);
        String text = new String(start, StandardCharsets.UTF_8);
        return text.length() > BODY_EXCERPT ? text.substring(0, BODY_EXCERPT) : text;
    }

    private static String describe(Exception e) {
        String what;
        if (e instanceof WebhookAddresses.Refused refused) {
            what = "refused: " + refused.getMessage();
        } else if (e instanceof UnknownHostException) {
            what = "the host could not be resolved: " + e.getMessage();
        } else if (e instanceof ConnectException || e instanceof NoRouteToHostException) {
            what = "could not connect: " + e.getMessage();
        } else if (e instanceof SocketTimeoutException) {
            what = "timed out: " + e.getMessage();
        } else if (e instanceof SSLException) {
            what = "TLS failed: " + e.getMessage();
        } else {
            what = e.getClass().getSimpleName() + ": " + e.getMessage();
        }
        return what.length() > ERROR_LIMIT ? what.substring(0, ERROR_LIMIT) : what;
    }

    private static int elapsed(long start) {
        return (int) TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    }
}
