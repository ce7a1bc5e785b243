package io.tenantscreening.notices;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Value;
import io.tenantscreening.common.Text;
import org.thymeleaf.IEngineConfiguration;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.templateresolver.AbstractConfigurableTemplateResolver;
import org.thymeleaf.templateresource.ITemplateResource;
import org.thymeleaf.templateresource.StringTemplateResource;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * The fixed texts of the notices and of their emails: a set of Thymeleaf templates, read once
 * when the service starts, either the built-in set of this version
 * ({@code notices/2026-11-25/} on the class path) or the operator's own, from the directory
 * {@code screening.notices.templates} ({@code NOTICE_TEMPLATES}), which must hold every file
 * of the set: the service refuses to start otherwise.
 * <p>
 * A set is named by its version, the name of its directory, and a digest of its files, so a
 * notice can say which texts it was made from even when a directory was edited in place.
 */
@Context
public class NoticeTemplates {

    static final String BUILT_IN_VERSION = "2026-11-25";

    /**
     * Every file of a set: the notices (XML, see {@link NoticeLayout}), the emails' subject, text
     * and HTML, the summary of consumer rights ({@link RightsSummary}), the reasons' words.
     */
    static final List<String> FILES = List.of(
            "adverse-action.xml", "adverse-action-email-subject.txt", "adverse-action-email.txt", "adverse-action-email.html",
            "pre-adverse.xml", "pre-adverse-email-subject.txt", "pre-adverse-email.txt", "pre-adverse-email.html",
            RightsSummary.FILE, "reasons.properties");

    private static final String REASONS = "reasons.properties";

    private final Map<String, String> texts = new LinkedHashMap<>();
    private final Properties reasons = new Properties();
    private final String version;
    private final TemplateEngine engine = new TemplateEngine();

    public NoticeTemplates(@Value("${screening.notices.templates:}") String directory) {
        String configured = Text.trimToNull(directory);
        if (configured == null) {
            FILES.forEach(file -> texts.put(file, builtIn(file)));
            version = BUILT_IN_VERSION + " (" + digest() + ")";
        } else {
            Path path = Path.of(configured);
            if (!Files.isDirectory(path)) {
                throw new IllegalStateException("NOTICE_TEMPLATES: " + configured + " is not a directory.");
            }
            List<String> missing = FILES.stream().filter(file -> !Files.isRegularFile(path.resolve(file))).toList();
            if (!missing.isEmpty()) {
                throw new IllegalStateException("NOTICE_TEMPLATES: " + configured + " lacks " + String.join(", ", missing)
                        + "; a replacement set needs every file of the built-in one (" + String.join(", ", FILES) + ").");
            }
            FILES.forEach(file -> texts.put(file, read(path.resolve(file))));
            Path name = path.toAbsolutePath().normalize().getFileName();
            version = (name == null ? configured : name.toString()) + " (" + digest() + ")";
        }
        try {
            reasons.load(new StringReader(texts.get(REASONS)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Resolver resolver = new Resolver(texts);
        resolver.setXmlTemplateModePatterns(Set.of("*.xml"));
        resolver.setHtmlTemplateModePatterns(Set.of("*.html"));
        resolver.setTextTemplateModePatterns(Set.of("*.txt"));
        resolver.setCacheable(true);
        engine.setTemplateResolver(resolver);
    }

    /** The set's version and digest, as notices name it: {@code 2026-11-25 (1a2b3c4d)}. */
    public String version() {
        return version;
    }

    /** The template of this name (one of {@link #FILES}) processed with these variables. */
    String process(String name, Map<String, Object> variables) {
        org.thymeleaf.context.Context context = new org.thymeleaf.context.Context(Locale.US);
        context.setVariables(variables);
        return engine.process(name, context);
    }

    /** A reason in words: a reason code as {@code reasons.properties} words it, anything else as it was given. */
    String inWords(String reason) {
        return reasons.getProperty(reason, reason);
    }

    private String digest() {
        try {
            MessageDigest sha256 = MessageDigest.getInstance("SHA-256");
            texts.forEach((file, text) -> {
                sha256.update(file.getBytes(StandardCharsets.UTF_8));
                sha256.update((byte) 0);
                sha256.update(text.getBytes(StandardCharsets.UTF_8));
                sha256.update((byte) 0);
            });
            return HexFormat.of().formatHex(sha256.digest(), 0, 4);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String builtIn(String file) {
        String resource = "/notices/" + BUILT_IN_VERSION + "/" + file;
        try (InputStream in = NoticeTemplates.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("the built-in notice template " + resource + " is missing from the build");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("NOTICE_TEMPLATES: cannot read " + file + " (" + e.getMessage() + ")", e);
        }
    }

    /** Hands Thymeleaf the texts read at start, by file name. */
    private static final class Resolver extends AbstractConfigurableTemplateResolver {
        private final Map<String, String> texts;

        Resolver(Map<String, String> texts) {
            this.texts = texts;
        }

        @Override
        protected ITemplateResource computeTemplateResource(IEngineConfiguration configuration, String ownerTemplate, String template,
                                                            String resourceName, String characterEncoding,
                                                            Map<String, Object> templateResolutionAttributes) {
            return new StringTemplateResource(texts.get(template));
        }
    }
}
