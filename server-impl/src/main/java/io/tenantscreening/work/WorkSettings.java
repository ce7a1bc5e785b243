package io.tenantscreening.work;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.Duration;

/** Settings under {@code screening.work}: how every instance runs background work. */
@ConfigurationProperties("screening.work")
public class WorkSettings {

    private int threads = 40;
    private Duration pollingInterval = Duration.ofMillis(200);
    private Duration heartbeatInterval = Duration.ofSeconds(1);
    private int missedHeartbeats = 5;
    private Duration firstRetry = Duration.ofSeconds(1);
    private Duration longestRetry = Duration.ofMinutes(10);
    private Duration sweepInterval = Duration.ofSeconds(10);
    private Duration shutdownWait = Duration.ofSeconds(10);

    /** Threads that run work in this instance. */
    public int getThreads() {
        return threads;
    }

    public void setThreads(int threads) {
        this.threads = threads;
    }

    /** How often an instance looks for due work. */
    public Duration getPollingInterval() {
        return pollingInterval;
    }

    public void setPollingInterval(Duration pollingInterval) {
        this.pollingInterval = pollingInterval;
    }

    /** How often running work says it is alive. */
    public Duration getHeartbeatInterval() {
        return heartbeatInterval;
    }

    public void setHeartbeatInterval(Duration heartbeatInterval) {
        this.heartbeatInterval = heartbeatInterval;
    }

    /** Missed heartbeats after which work counts as dead (its instance gone) and runs again elsewhere. */
    public int getMissedHeartbeats() {
        return missedHeartbeats;
    }

    public void setMissedHeartbeats(int missedHeartbeats) {
        this.missedHeartbeats = missedHeartbeats;
    }

    /** The wait before the first retry of failed work; each further retry waits twice as long. */
    public Duration getFirstRetry() {
        return firstRetry;
    }

    public void setFirstRetry(Duration firstRetry) {
        this.firstRetry = firstRetry;
    }

    /** The longest wait between retries. */
    public Duration getLongestRetry() {
        return longestRetry;
    }

    public void setLongestRetry(Duration longestRetry) {
        this.longestRetry = longestRetry;
    }

    /** How often the recurring sweeps run (expired invitations, abandoned order placements, events past their retention). */
    public Duration getSweepInterval() {
        return sweepInterval;
    }

    public void setSweepInterval(Duration sweepInterval) {
        this.sweepInterval = sweepInterval;
    }

    /** How long an instance that stops waits for its running work to finish. */
    public Duration getShutdownWait() {
        return shutdownWait;
    }

    public void setShutdownWait(Duration shutdownWait) {
        this.shutdownWait = shutdownWait;
    }
}
