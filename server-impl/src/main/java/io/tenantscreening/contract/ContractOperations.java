package io.tenantscreening.contract;

import io.micronaut.core.convert.value.ConvertibleMultiValues;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import jakarta.inject.Singleton;

import java.math.BigDecimal;
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

    /** The contract (its JSON form) read with every {@code $ref} resolved (slow: {@link ContractParsing} does it at launch). */
    static OpenAPI parse() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        return new OpenAPIV3Parser().readContents(OpenApiDocument.json(), null, options).getOpenAPI();
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
     * whether it answers in one of them by the request's Accept header (unless the operation
     * says {@code x-disregards-accept: true}: a download that answers its one media type
     * whatever Accept says, as RFC 9110, section 12.5.1, allows), its {@link ParameterRules}
     * and the {@link BodyRules} of its JSON body when it has them.
     */
    public record Documented(String method, String pathTemplate, Operation operation, Set<String> produces,
                             boolean negotiates, Optional<ParameterRules> parameterRules, Optional<BodyRules> bodyRules) {

        private static final String DISREGARDS_ACCEPT = "x-disregards-accept";

        static Documented of(String method, String pathTemplate, Operation operation) {
            Set<String> types = new LinkedHashSet<>();
            operation.getResponses().forEach((status, response) -> {
                if (status.startsWith("2") && response.getContent() != null) {
                    types.addAll(response.getContent().keySet());
                }
            });
            boolean negotiates = operation.getExtensions() == null
                    || !Boolean.TRUE.equals(operation.getExtensions().get(DISREGARDS_ACCEPT));
            return new Documented(method, pathTemplate, operation, Collections.unmodifiableSet(types), negotiates,
                    ParameterRules.of(operation), jsonBodySchema(operation).flatMap(BodyRules::of));
        }

        /** The schema of an application/json request body, if the operation takes one. */
        public Optional<Schema<?>> jsonBodySchema() {
            return jsonBodySchema(operation);
        }

        /** Whether the operation takes a request body at all. */
        public boolean takesBody() {
            return operation.getRequestBody() != null;
        }

        private static Optional<Schema<?>> jsonBodySchema(Operation operation) {
            if (operation.getRequestBody() == null || operation.getRequestBody().getContent() == null) {
                return Optional.empty();
            }
            MediaType json = operation.getRequestBody().getContent().get("application/json");
            return json == null ? Optional.empty() : Optional.ofNullable(json.getSchema());
        }
    }

    /**
     * The whole contract of a request's parameters for an operation whose header parameters
     * are the version header and required plain strings (lengths), whose path parameters are
     * plain strings (lengths, maybe a pattern) and whose query parameters are optional plain
     * strings or integers (bounds): for such a request with at most one version header (which
     * {@link ApiVersions} has already checked, more strictly than its schema), each other
     * documented header given once and each query parameter documented and given once,
     * matching each value is everything the general validator would check of them, at a
     * fraction of its cost. Only values this can decide without doubt are decided here
     * (strings of letters, digits, {@code _} and {@code -}, in the query also {@code .} and
     * {@code ,}, in a header any visible ASCII character; integers in their plain decimal
     * spelling); anything else goes to the full check ({@link ContractValidator}), so every
     * refusal still comes from it. The body, if the operation takes one, is {@link BodyRules}' part.
     */
    public record ParameterRules(Map<String, Rule> path, Map<String, Rule> query, Map<String, Rule> headers) {

        static Optional<ParameterRules> of(Operation operation) {
            Map<String, Rule> path = new HashMap<>();
            Map<String, Rule> query = new HashMap<>();
            Map<String, Rule> headers = new HashMap<>();
            for (Parameter parameter : operation.getParameters() == null ? List.<Parameter>of() : operation.getParameters()) {
                boolean optional = !Boolean.TRUE.equals(parameter.getRequired());
                boolean inHeader = "header".equals(parameter.getIn());
                if (inHeader && optional && ApiVersions.HEADER.equalsIgnoreCase(parameter.getName())) {
                    continue;
                }
                boolean inQuery = "query".equals(parameter.getIn());
                Optional<Rule> rule = Rule.of(parameter.getSchema(),
                        inQuery ? Rule.PLAIN_QUERY : inHeader ? Rule.PLAIN_HEADER : Rule.PLAIN_PATH);
                if (inQuery && optional) {
                    // A query parameter these rules cannot decide sends the requests that give it to the general validator.
                    rule.ifPresent(decided -> query.put(parameter.getName(), decided));
                } else if ("path".equals(parameter.getIn()) && rule.isPresent() && rule.get().kind() == Rule.Kind.STRING) {
                    path.put(parameter.getName(), rule.get());
                } else if (inHeader && !optional && rule.isPresent() && rule.get().kind() == Rule.Kind.STRING
                        && rule.get().pattern() == null) {
                    headers.put(parameter.getName(), rule.get());
                } else {
                    return Optional.empty();
                }
            }
            return Optional.of(new ParameterRules(Map.copyOf(path), Map.copyOf(query), Map.copyOf(headers)));
        }

        /**
         * Whether these path variables (as the router matched them), query parameters and
         * headers meet every rule.
         */
        public boolean accept(Map<String, Object> variables, ConvertibleMultiValues<String> parameters,
                              ConvertibleMultiValues<String> requestHeaders) {
            for (Map.Entry<String, Rule> rule : path.entrySet()) {
                if (!(variables.get(rule.getKey()) instanceof String value) || !rule.getValue().accepts(value)) {
                    return false;
                }
            }
            for (Map.Entry<String, Rule> rule : headers.entrySet()) {
                List<String> values = requestHeaders.getAll(rule.getKey());
                if (values.size() != 1 || !rule.getValue().accepts(values.get(0))) {
                    return false;
                }
            }
            for (String name : parameters.names()) {
                Rule rule = query.get(name);
                List<String> values = parameters.getAll(name);
                if (rule == null || values.size() != 1 || !rule.accepts(values.get(0))) {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * A parameter's schema when it is one of the two kinds {@link ParameterRules} decide: a
     * string with lengths and maybe a pattern (found anywhere, as JSON Schema has it), or an
     * integer with bounds.
     */
    public record Rule(Kind kind, Pattern plain, Pattern pattern, Integer minLength, Integer maxLength,
                       BigDecimal minimum, BigDecimal maximum) {

        enum Kind { STRING, INTEGER }

        /** Path values: ids and the like, nothing the path's own syntax or encoding could touch. */
        static final Pattern PLAIN_PATH = Pattern.compile("[A-Za-z0-9_-]+");
        /** Query values (as decoded): also '.' (cursors) and ',' (lists of names). */
        static final Pattern PLAIN_QUERY = Pattern.compile("[A-Za-z0-9_.,-]+");
        /** Header values (as received, without surrounding white space): visible ASCII. */
        static final Pattern PLAIN_HEADER = Pattern.compile("[\\x21-\\x7E]+");
        /** An integer as the general validator reads it without doubt: no sign, no leading zero, no exponent, within int. */
        private static final Pattern PLAIN_INTEGER = Pattern.compile("0|[1-9][0-9]{0,8}");
        /**
         * The keywords a parameter's schema may use to have a rule; a default and documentation change
         * nothing, and neither does {@code nullable}: a value that is present is a string, never null
         * (it is there for generated clients, which then send a null value as no parameter).
         */
        private static final Set<String> KNOWN_KEYWORDS = Set.of("type", "format", "minLength", "maxLength", "pattern",
                "minimum", "maximum", "default", "description", "example", "title", "nullable");

        static Optional<Rule> of(Schema<?> schema, Pattern plain) {
            if (schema == null || !BodyRules.usesOnly(schema, KNOWN_KEYWORDS)) {
                return Optional.empty();
            }
            if ("string".equals(schema.getType()) && schema.getFormat() == null) {
                Optional<Pattern> pattern = schema.getPattern() == null ? Optional.empty() : EcmaPatterns.compile(schema.getPattern());
                if (schema.getPattern() != null && pattern.isEmpty()) {
                    return Optional.empty();
                }
                return Optional.of(new Rule(Kind.STRING, plain, pattern.orElse(null), schema.getMinLength(), schema.getMaxLength(),
                        null, null));
            }
            if ("integer".equals(schema.getType()) && schema.getMultipleOf() == null
                    && schema.getExclusiveMinimum() == null && schema.getExclusiveMaximum() == null) {
                return Optional.of(new Rule(Kind.INTEGER, null, null, null, null, schema.getMinimum(), schema.getMaximum()));
            }
            return Optional.empty();
        }

        boolean accepts(String value) {
            if (kind == Kind.INTEGER) {
                if (!PLAIN_INTEGER.matcher(value).matches()) {
                    return false;
                }
                BigDecimal number = new BigDecimal(value);
                return (minimum == null || number.compareTo(minimum) >= 0) && (maximum == null || number.compareTo(maximum) <= 0);
            }
            return plain.matcher(value).matches()
                    && (minLength == null || value.length() >= minLength) && (maxLength == null || value.length() <= maxLength)
                    && (pattern == null || pattern.matcher(value).find());
        }
    }
}
