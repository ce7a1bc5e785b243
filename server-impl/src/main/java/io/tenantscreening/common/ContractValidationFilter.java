package io.tenantscreening.common;

import com.fasterxml.jackson.databind.JsonNode;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterPatternStyle;
import io.micronaut.http.filter.ServerFilterPhase;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.common.json.StrictJsonBodyHandler;

/**
 * Checks each request to a documented operation against openapi.yaml before it reaches a
 * controller: version header, parameters, content type and body. The contract is thereby
 * the single source of field rules (types, required members, enums, lengths, formats);
 * controllers and services only check what a schema cannot say. Then it refuses NUL
 * characters, which no schema forbids but no text column can hold. The parsed body is
 * left on the request for the controller. Runs on the blocking pool: however long a check
 * takes, it never holds an event-loop thread that other clients' requests need.
 */
@ServerFilter(value = Routes.API, patternStyle = FilterPatternStyle.REGEX)
public class ContractValidationFilter implements Ordered {

    private final ContractValidator validator;

    public ContractValidationFilter(ContractValidator validator) {
        this.validator = validator;
    }

    @RequestFilter
    @ExecuteOn(TaskExecutors.BLOCKING)
    @Nullable
    public HttpResponse<ErrorEnvelope> validate(HttpRequest<?> request, @Nullable @Body byte[] body) {
        try {
            ApiVersions.resolve(request.getHeaders().get(ApiVersions.HEADER));
            JsonNode parsed = validator.check(request, body);
            NulCharacters.check(request, parsed);
            if (parsed != null) {
                request.setAttribute(StrictJsonBodyHandler.PARSED_BODY, parsed);
            }
            return null;
        } catch (ApiException e) {
            return ErrorResponses.of(e);
        }
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.after();
    }
}
