package io.tenantscreening.common;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The operations of openapi.yaml with every {@code $ref} resolved, found by method and
 * path template: the model the request checks walk beside the request.
 */
@Singleton
public class ContractOperations {

    private static final Pattern ROUTE_VARIABLE_BOUND = Pattern.compile("\\{([^}:]+):[^}]*}");

    private final List<Documented> operations = new ArrayList<>();

    public ContractOperations() {
        ParseOptions options = new ParseOptions();
        options.setResolve(true);
        options.setResolveFully(true);
        OpenAPI api = new OpenAPIV3Parser().readContents(OpenApiDocument.text(), null, options).getOpenAPI();
        for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
            for (Map.Entry<PathItem.HttpMethod, Operation> operation : path.getValue().readOperationsMap().entrySet()) {
                operations.add(new Documented(operation.getKey().name(), path.getKey(), operation.getValue()));
            }
        }
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
        String documented = ROUTE_VARIABLE_BOUND.matcher(pathTemplate).replaceAll("{$1}");
        return operations.stream()
                .filter(operation -> operation.method().equals(method) && operation.pathTemplate().equals(documented))
                .findFirst();
    }

    /** One operation: its method, its path template and the document's description of it. */
    public record Documented(String method, String pathTemplate, Operation operation) {

        /** The schema of an application/json request body, if the operation takes one. */
        public Optional<Schema<?>> jsonBodySchema() {
            if (operation.getRequestBody() == null || operation.getRequestBody().getContent() == null) {
                return Optional.empty();
            }
            MediaType json = operation.getRequestBody().getContent().get("application/json");
            return json == null ? Optional.empty() : Optional.ofNullable(json.getSchema());
        }

        /** The media types of its successful answers, in the document's order. */
        public Set<String> produces() {
            Set<String> types = new LinkedHashSet<>();
            operation.getResponses().forEach((status, response) -> {
                if (status.startsWith("2") && response.getContent() != null) {
                    types.addAll(response.getContent().keySet());
                }
            });
            return types;
        }
    }
}
