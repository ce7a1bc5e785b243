package io.tenantscreening.conformance.meta;

import io.tenantscreening.conformance.support.Documents;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * README.md#where-to-go-next: every relative link and image of README.md and docs/*.md points
 * at a file that exists, and each #anchor at a heading of it; no document is left half-merged.
 */
class DocumentationLinksTest {

    /** An inline link or image, [text](target) or ![alt](target "title"), whose target has no spaces. */
    private static final Pattern INLINE = Pattern.compile("!?\\[(?:[^\\[\\]]|\\[[^\\[\\]]*])*]\\(\\s*<?([^)\\s>]+)>?(?:\\s+\"[^\"]*\")?\\s*\\)");
    /** A reference definition: [label]: target. */
    private static final Pattern DEFINITION = Pattern.compile("^ {0,3}\\[[^\\]]+]:\\s*<?([^\\s>]+)>?");
    private static final Pattern SCHEME = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:");
    private static final Pattern CONFLICT = Pattern.compile("^(<{7}|>{7})( |$)");

    private final Path root = Documents.repositoryRoot();
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

    /** A guide or the contract half-merged, with Git's conflict markers left in it, reads as nonsense. */
    @Test
    void noDocumentHoldsTheMarksOfAnUnfinishedMerge() throws IOException {
        List<Path> documents = documents();
        documents.add(root.resolve("api-spec/openapi.yaml"));
        documents.add(root.resolve("api-spec/CHANGELOG.md"));
        List<String> marks = new ArrayList<>();
        for (Path document : documents) {
            List<String> lines = Files.readAllLines(document, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                if (CONFLICT.matcher(lines.get(i)).find()) {
                    marks.add(root.relativize(document) + ":" + (i + 1) + ": " + lines.get(i));
                }
            }
        }

        assertThat(marks).as("merge-conflict markers").isEmpty();
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
        Set<String> headings = anchors.computeIfAbsent(resolved, Documents::headingSlugs);
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
        for (String line : Documents.prose(Files.readAllLines(document, StandardCharsets.UTF_8))) {
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
}
