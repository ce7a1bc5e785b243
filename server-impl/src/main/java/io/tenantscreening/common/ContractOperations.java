package io.tenantscreening.common;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The operations of openapi.yaml with every {@code $ref} resolved, found by method and
 * path template: the model the request checks walk beside the request.
 */
@Singleton
public class ContractOperations {

    private static final Pattern ROUTE_VARIABLE_BOUND = Pattern.compile("\\{([^}:]+):[^}]*}");

    private final List<Documented> operations = new ArrayList<>();
    /** {@link #find} by method and route template: the routes are few, the requests many. */
    private final Map<String, Optional<Documented>> byRoute = new ConcurrentHashMap<>();

    public ContractOperations() {
        OpenAPI api = ContractParsing.model();
        for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
            for (Map.Entry<PathItem.HttpMethod, Operation> operation : path.getValue().readOperationsMap().entrySet()) {
                operations.add(Documented.of(operation.getKey().name(), path.getKey(), operation.getValue()));
            }
        }
    }

    /** openapi.yaml read with every {@code $ref} resolved (slow: {@link ContractParsing} does it at launch). */
    static OpenAPI parse() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        return new OpenAPIV3Parser().readContents(OpenApiDocument.text(), null, options).getOpenAPI();
    }

    /** Every documented operation. */
    public List<Documented> all() {
        return List.copyOf(operations);
    }

    /**
     * The documented operation with this method and path template, as the router's routes
     * name them: {@code /orders/{id:64}} (the generated routes bound a variable's length) is
     * the document's {@code /orders/{id}}.
     */
    public Optional<Documented> find(String method, String pathTemplate) {
        return byRoute.computeIfAbsent(method + " " + pathTemplate, route -> {
            String documented = ROUTE_VARIABLE_BOUND.matcher(pathTemplate).replaceAll("{$1}");
            return operations.stream()
                    .filter(operation -> operation.method().equals(method) && operation.pathTemplate().equals(documented))
                    .findFirst();
        });
    }

    /**
     * One operation: its method, its path template and the document's description of it;
     * with what every request to it needs worked out once: the media types of its answers,
     * and its {@link PathRules} when it has them.
     */
    public record Documented(String method, String pathTemplate, Operation operation, Set<String> produces,
                             Optional<PathRules> pathRules) {

        static Documented of(String method, String pathTemplate, Operation operation) {
            Set<String> types = new LinkedHashSet<>();
            operation.getResponses().forEach((status, response) -> {
                if (status.startsWith("2") && response.getContent() != null) {
                    types.addAll(response.getContent().keySet());
                }
            });
            return new Documented(method, pathTemplate, operation, Collections.unmodifiableSet(types), PathRules.of(operation));
        }

        /** The schema of an application/json request body, if the operation takes one. */
        public Optional<Schema<?>> jsonBodySchema() {
            if (operation.getRequestBody() == null || operation.getRequestBody().getContent() == null) {
                return Optional.empty();
            }
            MediaType json = operation.getRequestBody().getContent().get("application/json");
            return json == null ? Optional.empty() : Optional.ofNullable(json.getSchema());
        }

    }

    /**
     * The whole contract of a request to an operation that takes no body and no required
     * query parameter, whose only header parameter is the version header, and whose path
     * parameters are plain strings (lengths, maybe a pattern): for such a request without a
     * body, without a query string and with at most one version header (which
     * {@link ApiVersions} has already checked, more strictly than its schema), matching each
     * path parameter is everything the general validator would check, at a fraction of its
     * cost. Only values of letters, digits, '_' and '-' are decided here (no encoding can
     * make them mean anything else); anything else goes to the general validator.
     */
    public record PathRules(Map<String, Rule> parameters) {

        static Optional<PathRules> of(Operation operation) {
            if (operation.getRequestBody() != null) {
                return Optional.empty();
            }
            Map<String, Rule> rules = new HashMap<>();
            for (Parameter parameter : operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
                Schema<?> schema = parameter.getSchema();
                boolean optional = !Boolean.TRUE.equals(parameter.getRequired());
                if ("query".equals(parameter.getIn()) && optional
                        || "header".equals(parameter.getIn()) && optional && ApiVersions.HEADER.equalsIgnoreCase(parameter.getName())) {
                    continue;
                }
                if (!"path".equals(parameter.getIn()) || schema == null || !"string".equals(schema.getType())
                        || schema.getEnum() != null || schema.getFormat() != null) {
                    return Optional.empty();
                }
                rules.put(parameter.getName(), new Rule(schema.getPattern() == null ? null : Pattern.compile(schema.getPattern()),
                        schema.getMinLength(), schema.getMaxLength()));
            }
            return Optional.of(new PathRules(Map.copyOf(rules)));
        }

        /** Whether these path variables (as the router matched them) meet every rule. */
        public boolean accept(Map<String, Object> variables) {
            for (Map.Entry<String, Rule> rule : parameters.entrySet()) {
                if (!(variables.get(rule.getKey()) instanceof String value) || !rule.getValue().accepts(value)) {
                    return false;
                }
            }
            return true;
        }
    }

    /** A string parameter's schema: its pattern (found anywhere, as JSON Schema has it), if any, and lengths. */
    public record Rule(Pattern pattern, Integer minLength, Integer maxLength) {

        private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_-]+");

        boolean accepts(String value) {
            return PLAIN.matcher(value).matches()
                    && (minLength == null || value.length() >= minLength) && (maxLength == null || value.length() <= maxLength)
                    && (pattern == null || pattern.matcher(value).find());
        }
    }
}
