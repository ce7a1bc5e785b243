package io.tenantscreening.conformance.support;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.ThrowableProxyUtil;
import ch.qos.logback.core.read.ListAppender;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Collects what one logger of the running service writes, for tests that read the logs.
 * Each line is everything the event carries: the formatted message, the raw arguments (also
 * those the message does not use), the MDC, and the logged exception with its whole chain of
 * causes and suppressed exceptions, messages and stack traces included.
 */
public final class CapturedLogs implements AutoCloseable {

    private final Logger logger;
    private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

    private CapturedLogs(String loggerName) {
        this.logger = (Logger) LoggerFactory.getLogger(loggerName);
        appender.start();
        logger.addAppender(appender);
    }

    public static CapturedLogs of(String loggerName) {
        return new CapturedLogs(loggerName);
    }

    /** What a class of the service logs, named by the class so that a move cannot leave the capture empty. */
    public static CapturedLogs of(Class<?> loggingClass) {
        return new CapturedLogs(loggingClass.getName());
    }

    /** What was logged so far; safe while the service's threads go on logging. */
    public List<String> lines() {
        List<ILoggingEvent> events;
        synchronized (appender) {
            events = new ArrayList<>(appender.list);
        }
        return events.stream().map(CapturedLogs::everything).toList();
    }

    private static String everything(ILoggingEvent event) {
        StringBuilder line = new StringBuilder(event.getFormattedMessage());
        if (event.getArgumentArray() != null) {
            line.append(" | arguments: ").append(Arrays.deepToString(event.getArgumentArray()));
        }
        if (!event.getMDCPropertyMap().isEmpty()) {
            line.append(" | mdc: ").append(event.getMDCPropertyMap());
        }
        if (event.getThrowableProxy() != null) {
            line.append(" | ").append(ThrowableProxyUtil.asString(event.getThrowableProxy()));
        }
        return line.toString();
    }

    @Override
    public void close() {
        logger.detachAppender(appender);
    }
}
