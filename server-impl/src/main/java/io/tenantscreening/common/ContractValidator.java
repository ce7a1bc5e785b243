package io.tenantscreening.common;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.LevelResolver;
import com.atlassian.oai.validator.report.ValidationReport;
import io.micronaut.http.HttpRequest;
import io.micronaut.http.HttpStatus;
import jakarta.inject.Singleton;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Validates requests against the bundled openapi.yaml and turns the validator's findings
 * into error entries: one per failing field, with a JSON pointer for body members and the
 * parameter or header name otherwise.
 */
@Singleton
public class ContractValidator {

    private final OpenApiInteractionValidator validator;

    public ContractValidator() {
        this.validator = OpenApiInteractionValidator
                .createForInlineApiSpecification(OpenApiDocument.text())
                .withLevelResolver(LevelResolver.create()
                        .withLevel("validation.request.security", ValidationReport.Level.IGNORE)
                        .withLevel("validation.request.path.missing", ValidationReport.Level.IGNORE)
                        .withLevel("validation.request.operation.notAllowed", ValidationReport.Level.IGNORE)
                        .withLevel("validation.response", ValidationReport.Level.IGNORE)
                        .withLevel("validation.request.parameter.query.unexpected", ValidationReport.Level.ERROR)
                        .build())
                .build();
    }

    /**
     * Throws {@link ApiException} when a request to a documented operation breaks the
     * contract. Paths and methods the document does not describe are left to the router
     * (404, 405).
     */
    public void check(HttpRequest<?> request, String body) {
        ValidationReport report = validator.validateRequest(toValidatorRequest(request, body));
        if (!report.hasErrors()) {
            return;
        }
        List<ErrorEntry> entries = new ArrayList<>();
        for (ValidationReport.Message message : report.getMessages()) {
            if (message.getLevel() != ValidationReport.Level.ERROR) {
                continue;
            }
            String key = message.getKey();
            if (key.startsWith("validation.request.contentType")) {
                throw new ApiException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                        "Send the request body as application/json (Content-Type: application/json).");
            }
            if (key.startsWith("validation.request.accept")) {
                throw new ApiException(HttpStatus.NOT_ACCEPTABLE, "not_acceptable",
                        "This operation cannot answer in any media type the Accept header allows.");
            }
            entries.addAll(ValidationMessages.toEntries(message));
        }
        if (!entries.isEmpty()) {
            throw ApiException.invalid(entries);
        }
    }

    private static Request toValidatorRequest(HttpRequest<?> request, String body) {
        SimpleRequest.Builder builder = new SimpleRequest.Builder(
                Request.Method.valueOf(request.getMethodName().toUpperCase(Locale.ROOT)), request.getPath());
        for (Map.Entry<String, List<String>> parameter : request.getParameters()) {
            builder.withQueryParam(parameter.getKey(), parameter.getValue());
        }
        for (Map.Entry<String, List<String>> header : request.getHeaders()) {
            builder.withHeader(header.getKey(), header.getValue());
        }
        if (body != null && !body.isEmpty()) {
            builder.withBody(body);
        }
        return builder.build();
    }
}
