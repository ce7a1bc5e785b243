package io.tenantscreening.conformance.meta;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.tags.Tag;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.tenantscreening.conformance.support.Documents;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The tests as a map of the product (docs/design.md#tests): every rule a test cites is text of
 * this repository, every conformance test class cites the rules it checks, no test cites a
 * document the repository does not hold, and no test waits a fixed time. Citations take two
 * forms: an operation's numbered rule as its description in api-spec/openapi.yaml numbers it
 * ({@code POST /orders, rule 7}; {@code rules 7 and 8}; {@code rules 1 to 3}), or a section of
 * a document by its anchor ({@code openapi.yaml#idempotency}, a heading of the contract's own
 * description or of a tag's; {@code docs/integrators.md#the-apply-flow}; {@code README.md#…}).
 */
class TestSourcesTest {

    private static final Pattern OPERATION_RULES = Pattern.compile(
            "\\b(GET|POST|PUT|PATCH|DELETE) (/[A-Za-z0-9_{}./-]*),? rules? (\\d+(?:(?:, | and | or | to )\\d+)*)");
    private static final Pattern SECTION = Pattern.compile("\\b(openapi\\.yaml|README\\.md|docs/[A-Za-z0-9_-]+\\.md)#([A-Za-z0-9_-]+)");
    private static final Pattern NUMBERED = Pattern.compile("^\\s*(\\d+)\\.\\s");
    /** What cites documents kept outside the repository: the seed interface, its decisions, and issues by number or name. */
    private static final List<Pattern> ELSEWHERE = List.of(
            Pattern.compile("[S]eed"),
            Pattern.compile("(?i)\\bdecisions\\s*:"),
            Pattern.compile("(?i)\\bissues? \\d"),
            Pattern.compile("(?i)\\b\\w+ issue(?:, |'s |: )"),
            Pattern.compile("(?i)\\bfindings? \\d"));
    private static final Pattern FIXED_WAIT = Pattern.compile("Thread[.]sleep|TimeUnit\\.\\w+\\.sleep");

    private final Path root = Documents.repositoryRoot();
    private final OpenAPI contract = new OpenAPIV3Parser().readContents(read(root.resolve("api-spec/openapi.yaml"))).getOpenAPI();
    private final Map<String, Set<String>> anchors = new HashMap<>();

    @Test
    void everyCitedRuleIsTextOfTheRepository() {
        List<String> unresolved = new ArrayList<>();
        int citations = 0;
        for (Path source : testSources()) {
            String text = read(source);
            Matcher rules = OPERATION_RULES.matcher(text);
            while (rules.find()) {
                citations++;
                String problem = operationRuleProblem(rules.group(1), rules.group(2), numbers(rules.group(3)));
                if (problem != null) {
                    unresolved.add(root.relativize(source) + ": '" + rules.group() + "': " + problem);
                }
            }
            Matcher sections = SECTION.matcher(text);
            while (sections.find()) {
                citations++;
                if (!anchorsOf(sections.group(1)).contains(sections.group(2))) {
                    unresolved.add(root.relativize(source) + ": '" + sections.group() + "': no such heading in " + sections.group(1));
                }
            }
        }

        assertThat(citations).as("citations found").isPositive();
        assertThat(unresolved).as("citations of rules that are not in the repository").isEmpty();
    }

    @Test
    void everyConformanceTestClassCitesTheRulesItChecks() {
        List<String> silent = new ArrayList<>();
        for (Path source : testSources()) {
            String name = source.getFileName().toString();
            if (source.toString().contains("conformance-tests") && name.endsWith("Test.java")) {
                String text = read(source);
                if (!OPERATION_RULES.matcher(text).find() && !SECTION.matcher(text).find()) {
                    silent.add(root.relativize(source).toString());
                }
            }
        }

        assertThat(silent).as("conformance test classes that cite no rule").isEmpty();
    }

    @Test
    void noTestCitesADocumentTheRepositoryDoesNotHold() {
        List<String> elsewhere = new ArrayList<>();
        for (Path source : testSources()) {
            List<String> lines = lines(source);
            for (int i = 0; i < lines.size(); i++) {
                for (Pattern pattern : ELSEWHERE) {
                    Matcher found = pattern.matcher(lines.get(i));
                    if (found.find()) {
                        elsewhere.add(root.relativize(source) + ":" + (i + 1) + ": '" + found.group() + "' in: " + lines.get(i).strip());
                    }
                }
            }
        }

        assertThat(elsewhere).as("citations of documents outside the repository").isEmpty();
    }

    @Test
    void noTestWaitsAFixedTime() {
        List<String> sleeps = new ArrayList<>();
        for (Path source : testSources()) {
            List<String> lines = lines(source);
            for (int i = 0; i < lines.size(); i++) {
                if (FIXED_WAIT.matcher(lines.get(i)).find()) {
                    sleeps.add(root.relativize(source) + ":" + (i + 1) + ": " + lines.get(i).strip());
                }
            }
        }

        assertThat(sleeps).as("fixed waits in tests (poll with support.Waits instead)").isEmpty();
    }

    /** Why the operation has no such rules, or null when it has. */
    private String operationRuleProblem(String method, String path, List<Integer> numbers) {
        PathItem item = contract.getPaths().get(path);
        if (item == null) {
            return "no path " + path + " in api-spec/openapi.yaml";
        }
        Operation operation = item.readOperationsMap().get(PathItem.HttpMethod.valueOf(method));
        if (operation == null) {
            return "no " + method + " of " + path + " in api-spec/openapi.yaml";
        }
        Set<Integer> numbered = new HashSet<>();
        for (String line : (operation.getDescription() == null ? "" : operation.getDescription()).lines().toList()) {
            Matcher number = NUMBERED.matcher(line);
            if (number.find()) {
                numbered.add(Integer.parseInt(number.group(1)));
            }
        }
        List<Integer> missing = numbers.stream().filter(number -> !numbered.contains(number)).toList();
        return missing.isEmpty() ? null : "its description numbers no rule " + missing;
    }

    /** "7", "7 and 8", "1, 2 and 4", "1 to 3". */
    private static List<Integer> numbers(String cited) {
        String[] bounds = cited.split(" to ");
        if (bounds.length == 2) {
            List<Integer> range = new ArrayList<>();
            for (int number = Integer.parseInt(bounds[0]); number <= Integer.parseInt(bounds[1]); number++) {
                range.add(number);
            }
            return range;
        }
        return Stream.of(cited.split(", | and | or ")).map(Integer::parseInt).toList();
    }

    /** The anchors of a document; for the contract, those of the headings in its description and its tags' descriptions. */
    private Set<String> anchorsOf(String document) {
        return anchors.computeIfAbsent(document, name -> {
            if (!name.equals("openapi.yaml")) {
                return Documents.headingSlugs(root.resolve(name));
            }
            List<String> lines = new ArrayList<>(contract.getInfo().getDescription().lines().toList());
            for (Tag tag : contract.getTags() == null ? List.<Tag>of() : contract.getTags()) {
                if (tag.getDescription() != null) {
                    lines.addAll(tag.getDescription().lines().toList());
                }
            }
            return Documents.headingSlugs(Documents.prose(lines));
        });
    }

    /** Every test source of the repository, this class's own excepted (its patterns name what they look for). */
    private List<Path> testSources() {
        List<Path> sources = new ArrayList<>();
        for (String directory : List.of("conformance-tests/src/test", "server-impl/src/test")) {
            try (Stream<Path> files = Files.walk(root.resolve(directory))) {
                files.filter(Files::isRegularFile)
                        .filter(file -> file.toString().endsWith(".java") || file.toString().endsWith(".ts")
                                || file.toString().endsWith(".py"))
                        .filter(file -> !file.toString().contains("node_modules"))
                        .filter(file -> !file.getFileName().toString().equals(TestSourcesTest.class.getSimpleName() + ".java"))
                        .sorted()
                        .forEach(sources::add);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        assertThat(sources).as("test sources under %s", root).isNotEmpty();
        return sources;
    }

    private static List<String> lines(Path file) {
        return read(file).lines().toList();
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
