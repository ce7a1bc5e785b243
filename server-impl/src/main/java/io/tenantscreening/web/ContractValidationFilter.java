package io.tenantscreening.web;

import com.fasterxml.jackson.databind.JsonNode;
import io.micronaut.context.BeanProvider;
import io.micronaut.core.annotation.Nullable;
import io.micronaut.core.order.Ordered;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpResponse;
import io.micronaut.http.annotation.Body;
import io.micronaut.http.annotation.RequestFilter;
import io.micronaut.http.annotation.ServerFilter;
import io.micronaut.http.filter.FilterPatternStyle;
import io.micronaut.http.filter.ServerFilterPhase;
import io.tenantscreening.contract.ApiVersions;
import io.tenantscreening.contract.ContractValidator;
import io.tenantscreening.contract.NulCharacters;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEnvelope;
import io.tenantscreening.errors.ErrorResponses;
import io.tenantscreening.json.StrictJsonBodyHandler;
import jakarta.inject.Named;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;

/**
 * Checks each request to a documented operation against openapi.yaml before it reaches a
 * controller: version header, parameters, content type and body. The contract is thereby
 * the single source of field rules (types, required members, enums, lengths, formats);
 * controllers and services only check what a schema cannot say. Then it refuses NUL
 * characters, which no schema forbids but no text column can hold. The parsed body is
 * left on the request for the controller.
 */
@ServerFilter(value = Routes.API, patternStyle = FilterPatternStyle.REGEX)
public class ContractValidationFilter implements Ordered {

    private final BeanProvider<ContractValidator> validator;
    private final Executor requestThreads;

    public ContractValidationFilter(BeanProvider<ContractValidator> validator, @Named(RequestThreads.NAME) Executor requestThreads) {
        this.validator = validator;
        this.requestThreads = requestThreads;
    }

    /**
     * A request without a body is checked here, on the event loop: its checks are compiled
     * rules or, for what they cannot decide, the general validator over a few parameters,
     * all bounded by Netty's limits on the request line and headers. A body's check (parse
     * and schema) runs on the request threads ({@link RequestThreads}), so that a large one
     * never holds an event loop.
     */
    @RequestFilter
    public CompletionStage<Optional<HttpResponse<ErrorEnvelope>>> validate(HttpRequest<?> request,
                                                                          @Nullable @Body byte[] body) {
        if (body == null || body.length == 0) {
            return CompletableFuture.completedFuture(check(request, null));
        }
        return Offload.onto(requestThreads, () -> check(request, body));
    }

    private Optional<HttpResponse<ErrorEnvelope>> check(HttpRequest<?> request, @Nullable byte[] body) {
        try {
            ApiVersions.resolve(request.getHeaders().get(ApiVersions.HEADER));
            JsonNode parsed = validator.get().check(request, body);
            NulCharacters.check(request, parsed);
            if (parsed != null) {
                request.setAttribute(StrictJsonBodyHandler.PARSED_BODY, parsed);
            }
            return Optional.empty();
        } catch (ApiException e) {
            return Optional.of(ErrorResponses.of(e));
        }
    }

    @Override
    public int getOrder() {
        return ServerFilterPhase.SECURITY.after();
    }
}
