package io.tenantscreening.conformance.meta;

import io.tenantscreening.conformance.support.Documents;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
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
    /** Directories that are not the repository's own text: Git's, build output, installed packages, local databases. */
    private static final Set<String> GENERATED = Set.of(".git", "target", "node_modules", ".postgres", ".m2");

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

    /**
     * No file of the repository holds Git's conflict markers: a guide, the contract or a source
     * file half-merged reads as nonsense, or does not build only where it is used. Every text
     * file is read, outside build output, installed packages and Git's own directory.
     */
    @Test
    void noFileHoldsTheMarksOfAnUnfinishedMerge() throws IOException {
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(root, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult preVisitDirectory(Path directory, BasicFileAttributes attributes) {
                return GENERATED.contains(directory.getFileName().toString()) ? FileVisitResult.SKIP_SUBTREE
                        : FileVisitResult.CONTINUE;
            }

            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attributes) {
                if (attributes.isRegularFile()) {
                    files.add(file);
                }
                return FileVisitResult.CONTINUE;
            }
        });
        List<String> marks = new ArrayList<>();
        int read = 0;
        for (Path file : files) {
            byte[] bytes = Files.readAllBytes(file);
            if (binary(bytes)) {
                continue;
            }
            read++;
            String[] lines = new String(bytes, StandardCharsets.UTF_8).split("\\R", -1);
            for (int i = 0; i < lines.length; i++) {
                if (CONFLICT.matcher(lines[i]).find()) {
                    marks.add(root.relativize(file) + ":" + (i + 1) + ": " + lines[i]);
                }
            }
        }

        assertThat(read).as("text files read").isGreaterThan(500);
        assertThat(marks).as("merge-conflict markers").isEmpty();
    }

    /** Whether the bytes are not text: a NUL among the first 8 KiB. */
    private static boolean binary(byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return true;
            }
        }
        return false;
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
