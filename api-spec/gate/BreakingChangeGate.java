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
import org.openapitools.openapidiff.core.model.Endpoint;
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
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The contract's breaking-change gate, run by the verify phase of api-spec (see its pom.xml
 * and docs/design.md, "Changing the contract"). openapi-diff decides what breaks a client.
 *
 * <p>Arguments: the working contract; the folder of released contracts, one per API version,
 * named {@code <version>.yaml}; openapi-diff's configuration; the Markdown file to write every
 * difference to.
 *
 * <p>The working contract names the API version it describes in {@code info.x-api-version}.
 * When that version has a released contract, any change that would break a client of it fails
 * the build. Otherwise the working contract is a new dated version, which must be newer than
 * every released one; it may break clients of the newest released version, and its changes
 * that do are listed for the changelog.
 */
public final class BreakingChangeGate {

    public static void main(String[] args) throws IOException {
        try {
            check(Path.of(args[0]), Path.of(args[1]), new File(args[2]), Path.of(args[3]));
        } catch (Refusal refusal) {
            System.err.println("Contract gate: " + refusal.getMessage());
            System.exit(1);
        }
    }

    private static void check(Path contract, Path releasedFolder, File config, Path differences) throws IOException {
        OpenAPI working = read(contract);
        LocalDate version = describedVersion(working, contract);
        TreeMap<LocalDate, Path> released = released(releasedFolder);
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
        Files.createDirectories(differences.toAbsolutePath().getParent());
        new MarkdownRender().render(diff, new OutputStreamWriter(Files.newOutputStream(differences), StandardCharsets.UTF_8));
        String breaks = Breaks.of(diff).stream().map(line -> "\n  " + line).collect(Collectors.joining());

        if (newVersion) {
            System.out.println("Contract gate: " + contract + " describes the new API version " + version + ". Its changes to "
                    + baseline + " that break clients, for the changelog:" + (diff.isIncompatible() ? breaks : " none")
                    + "\nEvery difference: " + differences);
        } else if (diff.isIncompatible()) {
            throw new Refusal(contract + " breaks clients of API version " + version + ", released as " + baseline + ":"
                    + breaks + "\nA change that breaks clients goes into a new dated version: set info.x-api-version to its"
                    + " date and add its entry to CHANGELOG.md (docs/design.md, \"Changing the contract\")."
                    + "\nEvery difference: " + differences);
        } else {
            System.out.println("Contract gate: " + contract + " keeps every promise of " + baseline + ".");
        }
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

    private static TreeMap<LocalDate, Path> released(Path folder) throws IOException {
        TreeMap<LocalDate, Path> released = new TreeMap<>();
        try (Stream<Path> files = Files.list(folder)) {
            for (Path file : files.collect(Collectors.toList())) {
                String name = file.getFileName().toString();
                released.put(date(name.replaceFirst("\\.yaml$", ""), file + ": a released contract is named after its API"
                        + " version, YYYY-MM-DD.yaml."), file);
            }
        }
        return released;
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
 * The changes of a diff that break clients, one line each: the operation, the place in it (a
 * parameter, the request body or a response, the media type, and a JSON pointer into the
 * schema), and what changed.
 */
final class Breaks {

    private final List<String> lines = new ArrayList<>();
    private final Set<Changed> walking = Collections.newSetFromMap(new IdentityHashMap<>());

    static List<String> of(ChangedOpenApi diff) {
        Breaks breaks = new Breaks();
        if (diff.isCoreChanged().isIncompatible()) {
            for (Endpoint endpoint : diff.getMissingEndpoints()) {
                breaks.lines.add(endpoint.getMethod() + " " + endpoint.getPathUrl() + ": operation removed");
            }
        }
        for (ChangedOperation operation : diff.getChangedOperations()) {
            breaks.walk(operation.getHttpMethod() + " " + operation.getPathUrl(), "", operation);
        }
        return breaks.lines;
    }

    private void walk(String where, String pointer, Changed changed) {
        if (changed == null || !changed.isIncompatible() || !walking.add(changed)) {
            return;
        }
        String here = where
                + (changed instanceof ChangedParameter parameter ? ", " + parameter.getIn() + " parameter " + parameter.getName()
                : changed instanceof ChangedRequestBody ? ", request body" : "");
        if (!(changed instanceof ComposedChanged composed) || composed.isCoreChanged().isIncompatible()) {
            lines.add(here + (pointer.isEmpty() ? "" : " at " + pointer) + ": " + what(changed));
        }
        if (changed instanceof ChangedApiResponse responses) {
            responses.getChanged().forEach((status, response) -> walk(here + ", response " + status, pointer, response));
        } else if (changed instanceof ChangedHeaders headers) {
            headers.getChanged().forEach((name, header) -> walk(here + ", header " + name, pointer, header));
        } else if (changed instanceof ChangedContent content) {
            content.getChanged().forEach((type, media) -> walk(here + " (" + type + ")", pointer, media));
        } else if (changed instanceof ChangedSchema schema) {
            schema.getChangedProperties().forEach((name, property) -> walk(here, pointer + "/" + name, property));
            walk(here, pointer + "[]", schema.getItems());
            walk(here, pointer + "/*", schema.getAddProp());
            ChangedRequired required = schema.getRequired();
            boolean requiredOnlyByRemoval = required != null && required.getContext().isResponse()
                    && schema.getMissingProperties().keySet().containsAll(required.getMissing());
            schema.getChangedElements().stream()
                    .filter(e -> !(e instanceof ChangedSchema) && !(requiredOnlyByRemoval && e == required))
                    .forEach(e -> walk(here, pointer, e));
        } else if (changed instanceof ChangedOneOfSchema oneOf) {
            oneOf.getChanged().forEach((name, schema) -> walk(here + " (as " + name + ")", pointer, schema));
        } else if (changed instanceof ComposedChanged composed) {
            composed.getChangedElements().forEach(e -> walk(here, pointer, e));
        }
        walking.remove(changed);
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
