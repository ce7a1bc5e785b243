package io.tenantscreening.webhooks;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;

/** Settings of webhook delivery ({@code screening.webhooks.*}; the README lists their variables). */
@ConfigurationProperties("screening.webhooks")
public class WebhookSettings {

    private boolean allowLoopback;
    private Duration connectTimeout = Duration.ofSeconds(5);
    private Duration timeout = Duration.ofSeconds(10);
    private Duration firstRetry = Duration.ofSeconds(10);
    private Duration longestRetry = Duration.ofHours(1);
    private Duration retryFor = Duration.ofDays(3);
    private Duration rotationOverlap = Duration.ofHours(24);
    private int endpointConcurrency = 16;
    private int workers = 32;

    /** Test-mode endpoints on loopback addresses (for receiving on one's own machine); live mode never. */
    public boolean isAllowLoopback() {
        return allowLoopback;
    }

    public void setAllowLoopback(boolean allowLoopback) {
        this.allowLoopback = allowLoopback;
    }

    public Duration getConnectTimeout() {
        return connectTimeout;
    }

    public void setConnectTimeout(Duration connectTimeout) {
        this.connectTimeout = connectTimeout;
    }

    /** An attempt without a complete answer by then is cut off and fails. */
    public Duration getTimeout() {
        return timeout;
    }

    public void setTimeout(Duration timeout) {
        this.timeout = timeout;
    }

    public Duration getFirstRetry() {
        return firstRetry;
    }

    public void setFirstRetry(Duration firstRetry) {
        this.firstRetry = firstRetry;
    }

    public Duration getLongestRetry() {
        return longestRetry;
    }

    public void setLongestRetry(Duration longestRetry) {
        this.longestRetry = longestRetry;
    }

    /** A delivery still failing this long after it was created is marked failed. */
    public Duration getRetryFor() {
        return retryFor;
    }

    public void setRetryFor(Duration retryFor) {
        this.retryFor = retryFor;
    }

    /** How long the previous secret keeps signing after a rotation. */
    public Duration getRotationOverlap() {
        return rotationOverlap;
    }

    public void setRotationOverlap(Duration rotationOverlap) {
        this.rotationOverlap = rotationOverlap;
    }

    /** Requests in flight to one endpoint at most, counted across every instance. */
    public int getEndpointConcurrency() {
        return endpointConcurrency;
    }

    public void setEndpointConcurrency(int endpointConcurrency) {
        this.endpointConcurrency = endpointConcurrency;
    }

    /** Deliveries this instance attempts at once at most, to all endpoints together (each on a work thread). */
    public int getWorkers() {
        return workers;
    }

    public void setWorkers(int workers) {
        this.workers = workers;
    }
}
