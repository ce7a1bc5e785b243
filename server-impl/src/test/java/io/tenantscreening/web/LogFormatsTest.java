package io.tenantscreening.web;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.ConsoleAppender;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/operators.md#logs and docs/operators.md#observability: whoever writes a line (a library
 * among them), a token of an applicant's link is replaced in its message and in the stack
 * trace of its exception, in both formats of logback.xml.
 */
class LogFormatsTest {

    private static final String TOKEN = "q8Zr2Lk5Vb9Nc3Xm7Ht1Gf6Jd4Sa0PwUe3Yi_Ko9Bn";
    private static final String CAUSE_TOKEN = "Zx3Cv5Bn7Mm9Ll1Kk2Jj4Hh6Gg8Ff0Dd-Ss_Aa";

    @ParameterizedTest
    @ValueSource(strings = {"text", "json"})
    void aLinksTokenIsReplacedInTheMessageAndTheStackTrace(String format) throws Exception {
        String written = written(format);

        assertThat(written).doesNotContain(TOKEN, CAUSE_TOKEN)
                .contains("opened /apply/[redacted] twice", "no copy at /my-report/[redacted]/renew", "from /apply/[redacted]");
        if (format.equals("json")) {
            JsonNode line = new ObjectMapper().readTree(written);
            assertThat(line.get("message").asText()).isEqualTo("opened /apply/[redacted] twice");
            assertThat(line.get("stack_trace").asText()).contains("IllegalStateException", "Caused by");
        }
    }

    /** What the console appender of this format writes for one line with an exception and its cause. */
    @SuppressWarnings("unchecked")
    private static String written(String format) throws Exception {
        LoggerContext context = new LoggerContext();
        try {
            context.setMDCAdapter(new LogbackMDCAdapter());
            context.putProperty("LOG_FORMAT", format);
            JoranConfigurator configurator = new JoranConfigurator();
            configurator.setContext(context);
            configurator.doConfigure(LogFormatsTest.class.getResource("/logback.xml"));
            AsyncAppender queue = (AsyncAppender) context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("ASYNC");
            ConsoleAppender<ILoggingEvent> console = (ConsoleAppender<ILoggingEvent>) queue.getAppender("CONSOLE");
            LoggingEvent event = new LoggingEvent(Logger.class.getName(), context.getLogger("library"), Level.ERROR,
                    "opened /apply/" + TOKEN + " twice", new IllegalStateException("no copy at /my-report/" + TOKEN + "/renew",
                    new IllegalArgumentException("from /apply/" + CAUSE_TOKEN)), null);
            return new String(console.getEncoder().encode(event), StandardCharsets.UTF_8);
        } finally {
            context.stop();
        }
    }
}
