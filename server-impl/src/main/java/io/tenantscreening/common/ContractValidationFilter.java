package io.tenantscreening.common;

import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.ServerFilterPhase;

/**
 * Checks each request to a documented operation against openapi.yaml before it reaches a
 * controller: version header, parameters, content type and body schema. The contract is
 * thereby the single source of field rules (types, required members, enums, lengths,
 * formats); controllers and services only check what a schema cannot say. Then it refuses
 * NUL characters, which no schema forbids but no text column can hold.
 */
@ServerFilter(ServerFilter.MATCH_ALL_PATTERN)
public class ContractValidationFilter implements Ordered {

    private final ContractValidator validator;
    private final NulCharacters nulCharacters;

    public ContractValidationFilter(ContractValidator validator, NulCharacters nulCharacters) {
        this.validator = validator;
        this.nulCharacters = nulCharacters;
    }

    @RequestFilter
    @Nullable
    public HttpResponse<ErrorEnvelope> validate(HttpRequest<?> request, @Nullable @Body String body) {
        try {
            ApiVersions.resolve(request.getHeaders().get(ApiVersions.HEADER));
            validator.check(request, body);
            nulCharacters.check(request, body);
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
