import io.swagger.parser.OpenAPIParser;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.core.models.ParseOptions;
import org.openapitools.openapidiff.core.OpenApiCompare;
import org.openapitools.openapidiff.core.compare.OpenApiDiffOptions;
import org.openapitools.openapidiff.core.model.Changed;
import org.openapitools.openapidiff.core.model.ChangedApiResponse;
import org.openapitools.openapidiff.core.model.ChangedContent;
import org.openapitools.openapidiff.core.model.ChangedHeader;
import org.openapitools.openapidiff.core.model.ChangedHeaders;
import org.openapitools.openapidiff.core.model.ChangedOpenApi;
import org.openapitools.openapidiff.core.model.ChangedOperation;
import org.openapitools.openapidiff.core.model.ChangedParameter;
import org.openapitools.openapidiff.core.model.ChangedParameters;
import org.openapitools.openapidiff.core.model.ChangedRequestBody;
import org.openapitools.openapidiff.core.model.ChangedSchema;
import org.openapitools.openapidiff.core.model.ComposedChanged;
import org.openapitools.openapidiff.core.model.schema.ChangedEnum;
import org.openapitools.openapidiff.core.model.schema.ChangedMaxLength;
import org.openapitools.openapidiff.core.model.schema.ChangedMinLength;
import org.openapitools.openapidiff.core.model.schema.ChangedOneOfSchema;
import org.openapitools.openapidiff.core.model.schema.ChangedPattern;
import org.openapitools.openapidiff.core.model.schema.ChangedRequired;
import org.openapitools.openapidiff.core.output.MarkdownRender;

import java.io.File;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The contract's gate, run by the verify phase of api-spec (see its pom.xml and
 * docs/design.md, "Changing the contract"). openapi-diff decides what breaks a client.
 *
 * <p>Arguments: the working contract; the folder of released contracts, one per API version,
 * named {@code <version>.yaml}, with their digests in {@code SHA256SUMS}; openapi-diff's
 * configuration; the changelog; the folder to write the findings to.
 *
 * <p>The gate refuses, in this order: a released contract whose SHA-256 differs from its
 * record in {@code SHA256SUMS}, or that has none (released contracts never change); a working
 * contract that breaks clients of the API version it describes ({@code info.x-api-version}),
 * compared with that version's released contract; and a working contract whose SHA-256 is not
 * the one the changelog's section of its version records, in the line
 * {@code <!-- contract: sha256 <digest> -->} right under the section's heading (no change of
 * the contract without an entry in the changelog). A version without a released contract is a
 * new dated version, which must be newer than every released one; it may break clients of the
 * newest released version, and its changes that do are listed for the changelog.
 *
 * <p>Every changed, added and removed operation and schema is printed, marked compatible or
 * breaking, and written as Markdown for a pull request's description to
 * {@code contract-changes.md}; openapi-diff's own full render goes to
 * {@code contract-differences.md}. A refusal exits with status 3 and writes its reasons to
 * {@code contract-gate-refusal.txt}, which a later build step turns into a failed build.
 */
public final class BreakingChangeGate {

    /** The exit status of a refusal; any other failure is a fault of the gate. */
    static final int REFUSED = 3;
    static final String RECORDS = "SHA256SUMS";
    private static final Pattern RECORD = Pattern.compile("([0-9a-f]{64}) [ *](.+)");
    private static final Pattern CONTRACT_DIGEST = Pattern.compile("<!-- contract: sha256 ([0-9a-f]{64}) -->");

    public static void main(String[] args) throws IOException {
        Path out = Path.of(args[4]);
        Files.createDirectories(out);
        Path refusal = out.resolve("contract-gate-refusal.txt");
        Files.deleteIfExists(refusal);
        List<String> refusals;
        try {
            refusals = check(Path.of(args[0]), Path.of(args[1]), new File(args[2]), Path.of(args[3]), out);
        } catch (Refusal early) {
            refusals = List.of(early.getMessage());
        }
        if (!refusals.isEmpty()) {
            String reasons = refusals.stream().map(reason -> "Contract gate refuses: " + reason).collect(Collectors.joining("\n"));
            System.err.println(reasons);
            Files.writeString(refusal, reasons + "\n");
            System.exit(REFUSED);
        }
    }

    private static List<String> check(Path contract, Path releasedFolder, File config, Path changelog, Path out) throws IOException {
        TreeMap<LocalDate, Path> released = released(releasedFolder);
        OpenAPI working = read(contract);
        LocalDate version = describedVersion(working, contract);
        Path baseline = released.get(version);
        boolean newVersion = baseline == null;
        if (newVersion) {
            if (released.isEmpty() || !version.isAfter(released.lastKey())) {
                throw new Refusal(contract + ": info.x-api-version " + version + " is neither a released version nor newer"
                        + " than every released one (" + releasedFolder + ": " + released.keySet() + ").");
            }
            baseline = released.lastEntry().getValue();
        }

        OpenApiDiffOptions options = OpenApiDiffOptions.builder().configYaml(config).build();
        ChangedOpenApi diff = OpenApiCompare.fromSpecifications(read(baseline), working, options);
        Path differences = out.resolve("contract-differences.md");
        try (OutputStreamWriter writer = new OutputStreamWriter(Files.newOutputStream(differences), StandardCharsets.UTF_8)) {
            new MarkdownRender().render(diff, writer);
        }
        Findings findings = Findings.of(diff);
        String comparison = "`" + contract.getFileName() + "` (API version " + version + ")"
                + (newVersion ? ", a new version, compared with the newest released contract, `" : " compared with its released contract, `")
                + releasedFolder.getFileName() + "/" + baseline.getFileName() + "`";
        Path changes = out.resolve("contract-changes.md");
        Files.writeString(changes, findings.markdown(comparison));
        System.out.println("Contract gate: " + comparison.replace("`", "") + ":\n" + findings.text()
                + "The same list for a pull request's description: " + changes + "; every difference in detail: " + differences);

        List<String> refusals = new ArrayList<>();
        if (!newVersion && findings.breaking()) {
            refusals.add(contract + " breaks clients of API version " + version + ", released as " + baseline + " (the"
                    + " findings marked breaking above). A change that breaks clients goes into a new dated version: set"
                    + " info.x-api-version to its date and add its section to the changelog (docs/design.md, \"Changing the"
                    + " contract\").");
        }
        String undescribed = undescribed(contract, changelog, version);
        if (undescribed != null) {
            refusals.add(undescribed);
        }
        if (refusals.isEmpty()) {
            System.out.println("Contract gate: " + contract + (newVersion ? " describes the new API version " + version + "."
                    : " keeps every promise of " + baseline + ".") + " " + changelog + " describes it.");
        }
        return refusals;
    }

    /**
     * Why the changelog does not describe the contract as it is: its section of the contract's
     * version must record the contract's SHA-256 right under its heading. Null when it does.
     */
    private static String undescribed(Path contract, Path changelog, LocalDate version) throws IOException {
        String digest = sha256(contract);
        String heading = "## " + version;
        String todo = "Describe the change for integrators under \"" + heading + "\" in " + changelog
                + ", and write this line right under that heading:\n    <!-- contract: sha256 " + digest + " -->";
        List<String> lines = Files.readAllLines(changelog, StandardCharsets.UTF_8);
        int section = lines.indexOf(heading);
        if (section < 0) {
            return changelog + " has no section \"" + heading + "\" for the API version " + contract + " describes. " + todo;
        }
        String next = lines.stream().skip(section + 1L).filter(line -> !line.isBlank()).findFirst().orElse("");
        Matcher recorded = CONTRACT_DIGEST.matcher(next.strip());
        if (!recorded.matches()) {
            return "the section \"" + heading + "\" of " + changelog + " does not say which contract it describes. " + todo;
        }
        if (!recorded.group(1).equals(digest)) {
            return contract + " changed since " + changelog + " last described it: its SHA-256 is " + digest + ", the"
                    + " section \"" + heading + "\" records " + recorded.group(1) + ". " + todo;
        }
        return null;
    }

    private static OpenAPI read(Path file) {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        OpenAPI api = new OpenAPIParser().readLocation(file.toString(), null, options).getOpenAPI();
        if (api == null) {
            throw new Refusal(file + ": not an OpenAPI document.");
        }
        return api;
    }

    private static LocalDate describedVersion(OpenAPI contract, Path file) {
        Map<String, Object> extensions = contract.getInfo().getExtensions();
        Object version = extensions == null ? null : extensions.get("x-api-version");
        if (version == null) {
            throw new Refusal(file + ": info has no x-api-version, the API version (Service-Tenant-Version) that this"
                    + " document describes. Add it under info, e.g. x-api-version: \"2026-04-29\".");
        }
        return date(version.toString(), file + ": info.x-api-version must be a date YYYY-MM-DD; it is \"" + version + "\".");
    }

    /** The released contracts by version, each unchanged since its release as its record in SHA256SUMS says. */
    private static TreeMap<LocalDate, Path> released(Path folder) throws IOException {
        Path recordsFile = folder.resolve(RECORDS);
        Map<String, String> records = new LinkedHashMap<>();
        if (Files.exists(recordsFile)) {
            for (String line : Files.readAllLines(recordsFile, StandardCharsets.UTF_8)) {
                Matcher record = RECORD.matcher(line);
                if (!record.matches()) {
                    throw new Refusal(recordsFile + ": \"" + line + "\" is not a line of sha256sum's output, <digest>  <file>.");
                }
                records.put(record.group(2), record.group(1));
            }
        }
        TreeMap<LocalDate, Path> released = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.sorted().collect(Collectors.toList())) {
                String name = file.getFileName().toString();
                if (name.equals(RECORDS)) {
                    continue;
                }
                released.put(date(name.replaceFirst("\\.yaml$", ""), file + ": a released contract is named after its API"
                        + " version, YYYY-MM-DD.yaml."), file);
                String digest = sha256(file);
                String recorded = records.remove(name);
                if (recorded == null) {
                    problems.add(file + " has no record in " + recordsFile + ". Releasing a version is copying the contract to"
                            + " " + file + " and adding this line to " + recordsFile + ":\n    " + digest + "  " + name
                            + "\n  A released contract never changes after that.");
                } else if (!recorded.equals(digest)) {
                    problems.add(file + " changed after its release: its SHA-256 is " + digest + ", " + recordsFile
                            + " records " + recorded + ". A released contract must never change: restore it as it was"
                            + " released. Additive changes to its version go into openapi.yaml and the changelog.");
                }
            }
        }
        records.keySet().forEach(name -> problems.add(recordsFile + " records " + name + ", which " + folder
                + " does not hold: a released contract is never removed; restore it."));
        if (!problems.isEmpty()) {
            throw new Refusal(String.join("\n", problems));
        }
        return released;
    }

    static String sha256(Path file) throws IOException {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    private static LocalDate date(String text, String otherwise) {
        try {
            return LocalDate.parse(text);
        } catch (DateTimeParseException e) {
            throw new Refusal(otherwise);
        }
    }

    /** Why the build stops. */
    private static final class Refusal extends RuntimeException {
        Refusal(String message) {
            super(message);
        }
    }
}

/**
 * What changed, for a reviewer: each changed, new and removed operation, and each schema of the
 * components that changed itself (not only through a schema it refers to), was added or was
 * removed; each compatible or breaking, a breaking one with the reasons Breaks gives. A schema
 * compared under another name is shown as renamed, {@code Old → New}.
 */
final class Findings {

    private record Finding(String subject, boolean breaking, String note, List<String> reasons) {
    }

    private final List<Finding> operations = new ArrayList<>();
    private final List<Finding> schemas = new ArrayList<>();

    static Findings of(ChangedOpenApi diff) {
        SchemaNames names = new SchemaNames(diff);
        Breaks breaks = Breaks.of(diff, names);
        Findings findings = new Findings();
        for (ChangedOperation operation : diff.getChangedOperations()) {
            String subject = operation.getHttpMethod() + " " + operation.getPathUrl();
            findings.operations.add(new Finding(subject, operation.isIncompatible(), null, breaks.ofOperation(subject)));
        }
        diff.getNewEndpoints().forEach(endpoint -> findings.operations.add(
                new Finding(endpoint.getMethod() + " " + endpoint.getPathUrl(), false, "new", List.of())));
        diff.getMissingEndpoints().forEach(endpoint -> findings.operations.add(
                new Finding(endpoint.getMethod() + " " + endpoint.getPathUrl(), true, "removed", List.of("operation removed"))));

        Map<String, List<ChangedSchema>> changed = new LinkedHashMap<>();
        Set<String> compared = new LinkedHashSet<>();
        for (ChangedSchema schema : diff.getChangedSchemas()) {
            String name = names.of(schema);
            if (name != null) {
                changed.computeIfAbsent(name, n -> new ArrayList<>()).add(schema);
                compared.add(names.oldName(schema));
                compared.add(names.newName(schema));
            }
        }
        changed.forEach((name, comparisons) -> {
            List<String> reasons = breaks.ofSchema(name);
            if (!reasons.isEmpty() || comparisons.stream().anyMatch(schema -> names.changedItself(schema, true))) {
                findings.schemas.add(new Finding(name, !reasons.isEmpty(), name.contains(" → ") ? "renamed" : null, reasons));
            }
        });
        names.added().stream().filter(name -> !compared.contains(name))
                .forEach(name -> findings.schemas.add(new Finding(name, false, "new", List.of())));
        names.removed().stream().filter(name -> !compared.contains(name))
                .forEach(name -> findings.schemas.add(new Finding(name, false, "removed", List.of())));
        findings.operations.sort(Comparator.comparing(finding -> !finding.breaking()));
        findings.schemas.sort(Comparator.comparing(finding -> !finding.breaking()));
        return findings;
    }

    boolean breaking() {
        return Stream.concat(operations.stream(), schemas.stream()).anyMatch(Finding::breaking);
    }

    /** The findings as the build prints them. */
    String text() {
        if (operations.isEmpty() && schemas.isEmpty()) {
            return "  No differences.\n";
        }
        StringBuilder text = new StringBuilder();
        for (var group : List.of(Map.entry("Operations", operations), Map.entry("Schemas", schemas))) {
            if (group.getValue().isEmpty()) {
                continue;
            }
            text.append("  ").append(group.getKey()).append(":\n");
            for (Finding finding : group.getValue()) {
                text.append(String.format("    %-11s %s%s%n", verdict(finding), finding.subject(), note(finding)));
                finding.reasons().forEach(reason -> text.append("                  ").append(reason).append('\n'));
            }
        }
        return text.toString();
    }

    /** The findings as Markdown, for a pull request's description. */
    String markdown(String comparison) {
        long breaking = Stream.concat(operations.stream(), schemas.stream()).filter(Finding::breaking).count();
        long compatible = operations.size() + schemas.size() - breaking;
        StringBuilder text = new StringBuilder("### Contract changes\n\n").append(comparison).append(": ")
                .append(breaking == 0 && compatible == 0 ? "no differences." : breaking + " breaking, " + compatible + " compatible.")
                .append('\n');
        for (var group : List.of(Map.entry("Operations", operations), Map.entry("Schemas", schemas))) {
            if (group.getValue().isEmpty()) {
                continue;
            }
            text.append("\n**").append(group.getKey()).append("**\n\n");
            for (Finding finding : group.getValue()) {
                text.append("- ").append(finding.breaking() ? "**breaking**" : "compatible").append(": `")
                        .append(finding.subject()).append('`').append(note(finding)).append('\n');
                finding.reasons().forEach(reason -> text.append("  - ").append(reason).append('\n'));
            }
        }
        return text.toString();
    }

    private static String verdict(Finding finding) {
        return finding.breaking() ? "breaking" : "compatible";
    }

    private static String note(Finding finding) {
        return finding.note() == null ? "" : " (" + finding.note() + ")";
    }
}

/** The names of the schemas of both contracts' components, found by the schemas openapi-diff compared. */
final class SchemaNames {

    private final Map<Schema<?>, String> old = new IdentityHashMap<>();
    private final Map<Schema<?>, String> current = new IdentityHashMap<>();

    SchemaNames(ChangedOpenApi diff) {
        collect(diff.getOldSpecOpenApi(), old);
        collect(diff.getNewSpecOpenApi(), current);
    }

    private static void collect(OpenAPI api, Map<Schema<?>, String> names) {
        if (api.getComponents() != null && api.getComponents().getSchemas() != null) {
            api.getComponents().getSchemas().forEach((name, schema) -> names.put(schema, name));
        }
    }

    String oldName(ChangedSchema schema) {
        return old.get(schema.getOldSchema());
    }

    String newName(ChangedSchema schema) {
        return current.get(schema.getNewSchema());
    }

    /** The name of a compared schema of the components ({@code Old → New} when renamed), or null for one written inline. */
    String of(ChangedSchema schema) {
        String before = oldName(schema);
        String after = newName(schema);
        return before == null || after == null || before.equals(after) ? (before == null ? after : before) : before + " → " + after;
    }

    List<String> added() {
        Set<String> before = Set.copyOf(old.values());
        return current.values().stream().filter(name -> !before.contains(name)).sorted().toList();
    }

    List<String> removed() {
        Set<String> after = Set.copyOf(current.values());
        return old.values().stream().filter(name -> !after.contains(name)).sorted().toList();
    }

    /**
     * Whether a change is the schema's own, or that of a schema written inline in it, rather
     * than only of another schema of the components that it refers to (which is a finding of
     * its own).
     */
    boolean changedItself(Changed changed, boolean top) {
        if (changed == null || changed.isUnchanged() || (!top && changed instanceof ChangedSchema schema && of(schema) != null)) {
            return false;
        }
        if (changed instanceof ComposedChanged composed) {
            return !composed.isCoreChanged().isUnchanged()
                    || composed.getChangedElements().stream().anyMatch(element -> changedItself(element, false));
        }
        return true;
    }
}

/**
 * The changes of a diff that break clients, one line each: the operation, the place in it (a
 * parameter, the request body or a response, the media type, and a JSON pointer into the
 * schema), and what changed; and the same change for the innermost schema of the components it
 * is in (requests or responses, the JSON pointer from that schema, and what changed).
 */
final class Breaks {

    private record Break(String operation, String reason, String schema, String schemaReason) {
    }

    /** The schema of the components a walk is in: its name, the pointer where it starts, requests or responses. */
    private record Within(String schema, String pointer, String side) {
    }

    private final SchemaNames names;
    private final List<Break> breaks = new ArrayList<>();
    private final Set<Changed> walking = Collections.newSetFromMap(new IdentityHashMap<>());

    private Breaks(SchemaNames names) {
        this.names = names;
    }

    static Breaks of(ChangedOpenApi diff, SchemaNames names) {
        Breaks breaks = new Breaks(names);
        for (ChangedOperation operation : diff.getChangedOperations()) {
            breaks.walk(operation.getHttpMethod() + " " + operation.getPathUrl(), "", "", operation, null);
        }
        return breaks;
    }

    List<String> ofOperation(String operation) {
        return breaks.stream().filter(b -> b.operation().equals(operation)).map(Break::reason).distinct().toList();
    }

    List<String> ofSchema(String schema) {
        return breaks.stream().filter(b -> schema.equals(b.schema())).map(Break::schemaReason).distinct().toList();
    }

    private void walk(String operation, String where, String pointer, Changed changed, Within within) {
        if (changed == null || !changed.isIncompatible() || !walking.add(changed)) {
            return;
        }
        String here = where
                + (changed instanceof ChangedParameter parameter ? ", " + parameter.getIn() + " parameter " + parameter.getName()
                : changed instanceof ChangedRequestBody ? ", request body" : "");
        Within in = within;
        if (changed instanceof ChangedSchema schema && names.of(schema) != null) {
            in = new Within(names.of(schema), pointer, schema.getContext() != null && schema.getContext().isRequest()
                    ? "in requests" : "in responses");
        }
        if (!(changed instanceof ComposedChanged composed) || composed.isCoreChanged().isIncompatible()) {
            String what = what(changed);
            String place = (here.replaceFirst("^, ", "") + (pointer.isEmpty() ? "" : " at " + pointer)).strip();
            breaks.add(new Break(operation, place.isEmpty() ? what : place + ": " + what, in == null ? null : in.schema(),
                    in == null ? null : in.side() + at(pointer.substring(in.pointer().length())) + ": " + what));
        }
        Within inside = in;
        if (changed instanceof ChangedApiResponse responses) {
            responses.getChanged().forEach((status, response) -> walk(operation, here + ", response " + status, pointer, response, inside));
        } else if (changed instanceof ChangedHeaders headers) {
            headers.getChanged().forEach((name, header) -> walk(operation, here + ", header " + name, pointer, header, inside));
        } else if (changed instanceof ChangedContent content) {
            content.getChanged().forEach((type, media) -> walk(operation, here + " (" + type + ")", pointer, media, inside));
        } else if (changed instanceof ChangedSchema schema) {
            schema.getChangedProperties().forEach((name, property) -> walk(operation, here, pointer + "/" + name, property, inside));
            walk(operation, here, pointer + "[]", schema.getItems(), inside);
            walk(operation, here, pointer + "/*", schema.getAddProp(), inside);
            ChangedRequired required = schema.getRequired();
            boolean requiredOnlyByRemoval = required != null && required.getContext().isResponse()
                    && schema.getMissingProperties().keySet().containsAll(required.getMissing());
            schema.getChangedElements().stream()
                    .filter(e -> !(e instanceof ChangedSchema) && !(requiredOnlyByRemoval && e == required))
                    .forEach(e -> walk(operation, here, pointer, e, inside));
        } else if (changed instanceof ChangedOneOfSchema oneOf) {
            oneOf.getChanged().forEach((name, schema) -> walk(operation, here + " (as " + name + ")", pointer, schema, inside));
        } else if (changed instanceof ComposedChanged composed) {
            composed.getChangedElements().forEach(e -> walk(operation, here, pointer, e, inside));
        }
        walking.remove(changed);
    }

    private static String at(String pointer) {
        return pointer.isEmpty() ? "" : " at " + pointer;
    }

    private static String what(Changed changed) {
        if (changed instanceof ChangedParameters parameters) {
            List<String> what = new ArrayList<>();
            parameters.getMissing().forEach(p -> what.add(p.getIn() + " parameter " + p.getName() + " removed"));
            parameters.getIncreased().stream().filter(p -> Boolean.TRUE.equals(p.getRequired()))
                    .forEach(p -> what.add("new required " + p.getIn() + " parameter " + p.getName()));
            return String.join(", ", what);
        }
        if (changed instanceof ChangedParameter parameter) {
            return parameter.isChangeRequired() ? "now required" : "style, explode or allowEmptyValue changed";
        }
        if (changed instanceof ChangedRequestBody body) {
            return "required changed to " + Boolean.TRUE.equals(body.getNewRequestBody().getRequired());
        }
        if (changed instanceof ChangedApiResponse responses) {
            return "responses removed: " + list(responses.getMissing().keySet());
        }
        if (changed instanceof ChangedHeaders headers) {
            return "headers removed: " + list(headers.getMissing().keySet());
        }
        if (changed instanceof ChangedHeader header) {
            return header.isRequired() ? "required changed to " + header.getNewHeader().getRequired() : "style or explode changed";
        }
        if (changed instanceof ChangedContent content) {
            return "media types removed: " + list(content.getMissing().keySet());
        }
        if (changed instanceof ChangedSchema schema) {
            if (schema.isChangedType()) {
                return "type " + type(schema.getOldSchema()) + " changed to " + type(schema.getNewSchema());
            }
            if (schema.isDiscriminatorPropertyChanged()) {
                return "discriminator changed";
            }
            return schema.getMissingProperties().isEmpty() ? "schema added"
                    : "members removed: " + list(schema.getMissingProperties().keySet());
        }
        if (changed instanceof ChangedRequired required) {
            return required.getContext().isRequest() ? "now required: " + list(required.getIncreased())
                    : "no longer required: " + list(required.getMissing());
        }
        if (changed instanceof ChangedEnum<?> values) {
            return values.getContext().isRequest() ? "values no longer accepted: " + list(values.getMissing())
                    : "new values: " + list(values.getIncreased());
        }
        if (changed instanceof ChangedPattern pattern) {
            return "pattern " + quoted(pattern.getOldPattern()) + " changed to " + quoted(pattern.getNewPattern());
        }
        if (changed instanceof ChangedMaxLength length) {
            return "maxLength " + bound(length.getOldValue()) + " changed to " + bound(length.getNewValue());
        }
        if (changed instanceof ChangedMinLength length) {
            return "minLength " + bound(length.getOldValue()) + " changed to " + bound(length.getNewValue());
        }
        if (changed instanceof ChangedOneOfSchema oneOf) {
            return oneOf.getContext().isRequest() ? "oneOf alternatives removed: " + list(oneOf.getMissing().keySet())
                    : "new oneOf alternatives: " + list(oneOf.getIncreased().keySet());
        }
        return changed.getClass().getSimpleName().replaceFirst("^Changed", "") + " changed";
    }

    private static String type(Schema<?> schema) {
        if (schema == null) {
            return "(none)";
        }
        String composition = schema.getOneOf() != null ? "oneOf"
                : schema.getAnyOf() != null ? "anyOf"
                : schema.getAllOf() != null ? "allOf" : null;
        String type = Stream.of(schema.getType(), schema.getFormat(), composition).filter(Objects::nonNull)
                .collect(Collectors.joining(" "));
        return type.isEmpty() ? "(any)" : type;
    }

    private static String quoted(String pattern) {
        return pattern == null ? "(none)" : "'" + pattern + "'";
    }

    private static String bound(Integer bound) {
        return bound == null ? "(none)" : bound.toString();
    }

    private static String list(Collection<?> items) {
        return items.stream().map(String::valueOf).collect(Collectors.joining(", "));
    }
}
