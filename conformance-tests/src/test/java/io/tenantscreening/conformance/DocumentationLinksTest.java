package io.tenantscreening.conformance;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every relative link and image of README.md and docs/*.md points at a file that exists, and each #anchor at a heading of it. */
class DocumentationLinksTest {

    /** An inline link or image, [text](target) or ![alt](target "title"), whose target has no spaces. */
    private static final Pattern INLINE = Pattern.compile("!?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*])*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** A reference definition: [label]: target. */
    private static final Pattern DEFINITION = Pattern.compile("^ {0,3}\\[[^\\]]+]:\\s*<?([^\\s>]+)>?");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");

    private final Path root = repositoryRoot();
    private final Map<Path, Set<String>> anchors = new HashMap<>();

    @Test
    void everyRelativeLinkResolves() throws IOException {
        List<Path> documents = documents();
        assertThat(documents).as("documents under %s", root).contains(root.resolve("README.md"));

        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (Path document : documents) {
            for (String target : links(document)) {
                if (SCHEME.matcher(target).find()) {
                    continue; // http:, https:, mailto: and the like are not checked here
                }
                checked++;
                String problem = problem(document, target);
                if (problem != null) {
                    broken.add(root.relativize(document) + ": link '" + target + "': " + problem);
                }
            }
        }

        assertThat(checked).as("relative links found").isPositive();
        assertThat(broken).as("broken relative links in the documentation").isEmpty();
    }

    /** Why the target does not resolve from the document, or null when it does. */
    private String problem(Path document, String target) throws IOException {
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        String anchor = hash < 0 ? null : URLDecoder.decode(target.substring(hash + 1), StandardCharsets.UTF_8);
        Path resolved = file.isEmpty() ? document
                : document.getParent().resolve(URLDecoder.decode(file, StandardCharsets.UTF_8)).normalize();
        if (!resolved.startsWith(root)) {
            return root.relativize(resolved) + " is outside the repository";
        }
        if (!Files.exists(resolved)) {
            return "no file " + root.relativize(resolved);
        }
        if (anchor == null || anchor.isEmpty()) {
            return null;
        }
        if (!resolved.toString().endsWith(".md")) {
            return "an anchor into " + root.relativize(resolved) + ", which is not Markdown";
        }
        Set<String> headings = anchors.computeIfAbsent(resolved, DocumentationLinksTest::headingSlugs);
        return headings.contains(anchor) ? null
                : "no heading with the anchor '" + anchor + "' in " + root.relativize(resolved);
    }

    private List<Path> documents() throws IOException {
        List<Path> documents = new ArrayList<>();
        documents.add(root.resolve("README.md"));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(documents::add);
        }
        return documents;
    }

    /** The link targets of a document, outside fenced code blocks and code spans. */
    private static List<String> links(Path document) throws IOException {
        List<String> targets = new ArrayList<>();
        for (String line : prose(document)) {
            String text = line.replaceAll("`[^`]*`", "");
            Matcher inline = INLINE.matcher(text);
            while (inline.find()) {
                targets.add(inline.group(1));
            }
            Matcher definition = DEFINITION.matcher(text);
            if (definition.find()) {
                targets.add(definition.group(1));
            }
        }
        return targets;
    }

    /** GitHub's anchors for the headings of a document: the slug of each, with -1, -2, … for repeats. */
    private static Set<String> headingSlugs(Path document) {
        Set<String> slugs = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        try {
            for (String line : prose(document)) {
                Matcher heading = HEADING.matcher(line);
                if (heading.matches()) {
                    String slug = slug(heading.group(2));
                    int repeats = seen.merge(slug, 1, Integer::sum) - 1;
                    slugs.add(repeats == 0 ? slug : slug + "-" + repeats);
                }
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return slugs;
    }

    /**
     * GitHub's slug of a heading's text: the text as it reads (link targets and code marks
     * dropped), lower-cased, every character but letters, digits, '_', '-' and spaces
     * removed, spaces turned into hyphens.
     */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1");
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{Nd}_\\- ]", "")
                .replace(' ', '-');
    }

    /** The lines of a document outside fenced code blocks. */
    private static List<String> prose(Path document) throws IOException {
        List<String> lines = new ArrayList<>();
        String fence = null;
        for (String line : Files.readAllLines(document, StandardCharsets.UTF_8)) {
            Matcher opening = FENCE.matcher(line);
            if (fence == null && opening.find()) {
                fence = opening.group(1);
            } else if (fence != null && line.trim().startsWith(fence)) {
                fence = null;
            } else if (fence == null) {
                lines.add(line);
            }
        }
        return lines;
    }

    /** The repository's root: the parent of this module's directory, where Maven runs the tests. */
    private static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath().normalize();
        return Files.exists(here.resolve("README.md")) && Files.isDirectory(here.resolve("docs")) ? here : here.getParent();
    }
}
