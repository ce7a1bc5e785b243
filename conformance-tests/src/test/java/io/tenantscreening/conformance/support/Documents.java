package io.tenantscreening.conformance.support;

import java.io.IOException;
import java.io.UncheckedIOException;
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

/** The repository's Markdown as GitHub reads it: its root, the prose of a document, and the anchors of its headings. */
public final class Documents {

    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");

    private Documents() {
    }

    /** The repository's root: the parent of this module's directory, where Maven runs the tests. */
    public static Path repositoryRoot() {
        Path here = Path.of("").toAbsolutePath().normalize();
        return Files.exists(here.resolve("README.md")) && Files.isDirectory(here.resolve("docs")) ? here : here.getParent();
    }

    /** GitHub's anchors for the headings of a Markdown file: the slug of each, with -1, -2, … for repeats. */
    public static Set<String> headingSlugs(Path document) {
        try {
            return headingSlugs(prose(Files.readAllLines(document, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The anchors of the headings among these lines of Markdown, as {@link #headingSlugs(Path)}. */
    public static Set<String> headingSlugs(List<String> lines) {
        Set<String> slugs = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : lines) {
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                String slug = slug(heading.group(2));
                int repeats = seen.merge(slug, 1, Integer::sum) - 1;
                slugs.add(repeats == 0 ? slug : slug + "-" + repeats);
            }
        }
        return slugs;
    }

    /**
     * GitHub's slug of a heading's text: the text as it reads (link targets and code marks
     * dropped), lower-cased, every character but letters, digits, '_', '-' and spaces
     * removed, spaces turned into hyphens.
     */
    public static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)]\\([^)]*\\)", "$1");
        return text.toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{Nd}_\\- ]", "")
                .replace(' ', '-');
    }

    /** The lines of a document outside fenced code blocks. */
    public static List<String> prose(List<String> lines) {
        List<String> prose = new ArrayList<>();
        String fence = null;
        for (String line : lines) {
            Matcher opening = FENCE.matcher(line);
            if (fence == null && opening.find()) {
                fence = opening.group(1);
            } else if (fence != null && line.trim().startsWith(fence)) {
                fence = null;
            } else if (fence == null) {
                prose.add(line);
            }
        }
        return prose;
    }
}
