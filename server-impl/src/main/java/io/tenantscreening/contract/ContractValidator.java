package io.tenantscreening.contract;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Body;
import com.atlassian.oai.validator.model.ByteArrayBody;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.http.HttpAttributes;
import io.micronaut.http.HttpHeaders;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.MediaType;
import io.micronaut.web.router.UriRouteMatch;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;
import io.tenantscreening.errors.ErrorSource;
import io.tenantscreening.json.StrictJson;
import jakarta.inject.Singleton;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Checks requests against the bundled openapi.yaml and turns the findings into error
 * entries: one per failing field, with a JSON pointer for body members and the parameter
 * or header name otherwise (a finding the validator repeats is one entry). Number query
 * parameters are checked first ({@link NumberParameters}); a value refused there is not
 * shown to the general validator. A JSON body is parsed once, strictly ({@link StrictJson}); the
 * size pass ({@link RequestBodyBounds}) and the full contract check read that one tree,
 * and the controller is handed the same tree, so they can never disagree about what the
 * caller sent.
 */
@Singleton
public class ContractValidator {

    private static final Set<String> PLAIN_JSON = Set.of("application/json", "application/json;charset=utf-8");

    private final OpenApiInteractionValidator validator;
    private final ContractOperations operations;

    public ContractValidator(ContractOperations operations) {
        this.operations = operations;
        this.validator = ContractParsing.validator();
    }

    /** The general validator over the contract, read from its JSON form (slow to build: {@link ContractParsing} does it at launch). */
    static OpenApiInteractionValidator newValidator() {
        return OpenApiInteractionValidator
                .createForInlineApiSpecification(OpenApiDocument.json())
                .withLevelResolver(LevelResolver.create()
                        .withLevel("validation.request.security", ValidationReport.Level.IGNORE)
                        .withLevel("validation.request.path.missing", ValidationReport.Level.IGNORE)
                        .withLevel("validation.request.operation.notAllowed", ValidationReport.Level.IGNORE)
                        .withLevel("validation.response", ValidationReport.Level.IGNORE)
                        .withLevel("validation.request.parameter.query.unexpected", ValidationReport.Level.ERROR)
                        // The library knows no type/* ranges; Accept is checked by ContentNegotiation instead.
                        .withLevel("validation.request.accept", ValidationReport.Level.IGNORE)
                        .build())
                .build();
    }

    /**
     * Throws {@link ApiException} when a request routed to a documented operation breaks the
     * contract; otherwise answers its parsed JSON body, or null when it has none. The
     * operation is the one the router chose for the request (so every spelling of a path
     * the router accepts, such as a trailing slash, is checked as that operation); requests
     * the router has no route for are left to it (404, 405). A request whose parameters,
     * headers and body the operation's compiled rules ({@link ContractOperations.ParameterRules},
     * {@link BodyRules}) accept is accepted without the general validator; the rules never
     * refuse, so every refusal comes from the full check (the size pass, the number check and
     * the general validator).
     */
    @Nullable
    public JsonNode check(HttpRequest<?> request, @Nullable byte[] body) {
        Optional<UriRouteMatch> route = request.getAttribute(HttpAttributes.ROUTE_MATCH, UriRouteMatch.class);
        Optional<ContractOperations.Documented> operation = route.flatMap(match -> operations.find(
                match.getRouteInfo().getHttpMethodName(), match.getRouteInfo().getUriMatchTemplate().toPathString()));
        if (operation.isEmpty()) {
            return null;
        }
        Set<String> produces = operation.get().produces();
        if (operation.get().negotiates() && !produces.isEmpty() && ContentNegotiation.choose(request, produces).isEmpty()) {
            throw ContentNegotiation.refusal(produces);
        }
        boolean hasBody = body != null && body.length > 0;
        boolean parametersAccepted = request.getHeaders().getAll(ApiVersions.HEADER).size() <= 1
                && operation.get().parameterRules().map(rules -> rules.accept(
                        route.get().getVariableValues(), request.getParameters(), request.getHeaders())).orElse(false);
        if (parametersAccepted && !hasBody && !operation.get().takesBody()) {
            return null;
        }
        Request.Method method = Request.Method.valueOf(operation.get().method());
        String path = route.get().getRouteInfo().getUriMatchTemplate().expand(route.get().getVariableValues());
        Optional<Schema<?>> schema = operation.get().jsonBodySchema();
        if (schema.isPresent() && hasBody && !isJson(request)) {
            throw unsupportedMediaType();
        }
        JsonNode parsed = schema.isPresent() && hasBody ? StrictJson.parse(body) : null;
        RequestBodyBounds.Result bounds = parsed == null ? null : RequestBodyBounds.check(parsed, schema.get());
        if (parametersAccepted && bounds != null && bounds.entries().isEmpty() && bounds.invisibleText().isEmpty()
                && isPlainJson(request) && operation.get().bodyRules().map(rules -> rules.accepts(parsed)).orElse(false)) {
            return parsed;
        }
        List<ErrorEntry> entries = new ArrayList<>();
        Map<String, String> numbers = NumberParameters.refusals(operation.get().operation(), request.getParameters());
        numbers.forEach((name, detail) -> entries.add(ErrorEntry.invalid(ErrorSource.parameter(name), detail)));
        if (bounds != null) {
            entries.addAll(bounds.entries());
        }
        if (bounds == null || !bounds.full()) {
            Body validated = bounds == null ? rawBody(body) : new TreeBody(bounds.boundedBody());
            ValidationReport report = validator.validateRequest(toValidatorRequest(request, method, path, validated,
                    numbers.keySet()));
            for (ValidationReport.Message message : report.getMessages()) {
                if (message.getLevel() == ValidationReport.Level.ERROR) {
                    ValidationMessages.toEntries(refuseMediaTypes(message), schema.orElse(null),
                                    queryParameters(operation.get())).stream()
                            .filter(entry -> bounds == null || !underLeftOut(entry, bounds.leftOut()))
                            .filter(entry -> !entries.contains(entry))
                            .forEach(entries::add);
                }
            }
        }
        if (bounds != null) {
            bounds.invisibleText().stream().filter(entry -> !samePointer(entry, entries)).forEach(entries::add);
        }
        if (!entries.isEmpty()) {
            throw ApiException.invalid(entries);
        }
        return parsed;
    }

    /** The names of the operation's query parameters, in the order the contract lists them. */
    private static List<String> queryParameters(ContractOperations.Documented operation) {
        List<Parameter> parameters = operation.operation().getParameters();
        return parameters == null ? List.of()
                : parameters.stream().filter(parameter -> "query".equals(parameter.getIn())).map(Parameter::getName).toList();
    }

    private static ValidationReport.Message refuseMediaTypes(ValidationReport.Message message) {
        if (message.getKey().startsWith("validation.request.contentType")) {
            throw unsupportedMediaType();
        }
        return message;
    }

    private static ApiException unsupportedMediaType() {
        return new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                "Send the request body as JSON in UTF-8, with Content-Type: application/json.");
    }

    private static boolean underLeftOut(ErrorEntry entry, List<String> leftOut) {
        String pointer = entry.source() == null ? null : entry.source().pointer();
        return pointer != null && leftOut.stream().anyMatch(out -> pointer.equals(out) || pointer.startsWith(out + "/"));
    }

    private static boolean samePointer(ErrorEntry entry, List<ErrorEntry> entries) {
        return entries.stream().anyMatch(other -> other.source() != null
                && entry.source().pointer().equals(other.source().pointer()));
    }

    /** Content-Type application/json, in UTF-8 when it names a charset. */
    private static boolean isJson(HttpRequest<?> request) {
        return request.getContentType()
                .filter(type -> type.getName().equals(MediaType.APPLICATION_JSON))
                .map(type -> type.getCharset().map(charset -> charset.equals(StandardCharsets.UTF_8)).orElse(true))
                .orElse(false);
    }

    /**
     * Content-Type spelt as the general validator accepts without doubt: {@code application/json},
     * maybe with {@code charset=utf-8} (case and spaces aside), given once.
     */
    private static boolean isPlainJson(HttpRequest<?> request) {
        List<String> types = request.getHeaders().getAll(HttpHeaders.CONTENT_TYPE);
        return types.size() == 1 && PLAIN_JSON.contains(types.get(0).replace(" ", "").toLowerCase(Locale.ROOT));
    }

    @Nullable
    private static Body rawBody(@Nullable byte[] body) {
        return body == null || body.length == 0 ? null : new ByteArrayBody(body);
    }

    /** The request as the general validator reads it, without the query parameters already refused. */
    private static Request toValidatorRequest(HttpRequest<?> request, Request.Method method, String path, @Nullable Body body,
                                              Set<String> refusedParameters) {
        SimpleRequest.Builder builder = new SimpleRequest.Builder(method, path);
        for (Map.Entry<String, List<String>> parameter : request.getParameters()) {
            if (!refusedParameters.contains(parameter.getKey())) {
                builder.withQueryParam(parameter.getKey(), parameter.getValue());
            }
        }
        for (Map.Entry<String, List<String>> header : request.getHeaders()) {
            builder.withHeader(header.getKey(), header.getValue());
        }
        if (body != null) {
            builder.withBody(body);
        }
        return builder.build();
    }

    /** A body the validator reads as the tree already parsed, instead of parsing the bytes again. */
    private record TreeBody(JsonNode tree) implements Body {

        @Override
        public boolean hasBody() {
            return true;
        }

        @Override
        public JsonNode toJsonNode() {
            return tree;
        }

        @Override
        public String toString(Charset encoding) {
            return StrictJson.write(tree);
        }
    }
}
