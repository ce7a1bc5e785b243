package io.tenantscreening.health;

import io.micronaut.http.HttpResponse;
import io.micronaut.http.HttpStatus;
import io.micronaut.http.annotation.Controller;
import io.micronaut.scheduling.TaskExecutors;
import io.micronaut.scheduling.annotation.ExecuteOn;
import io.tenantscreening.api.HealthApi;
import io.tenantscreening.api.model.Liveness;
import io.tenantscreening.api.model.Readiness;
import io.tenantscreening.api.model.ReadinessChecks;
import io.tenantscreening.api.model.ReadinessChecks.Database;
import io.tenantscreening.api.model.ReadinessChecks.Migrations;
import io.tenantscreening.api.model.ReadinessChecks.Workers;
import io.tenantscreening.errors.ApiException;
import io.tenantscreening.errors.ErrorEntry;

import java.util.List;
import java.util.Map;

/**
 * GET /health (liveness: the process answers, no database needed) and GET
 * /health/readiness (503 service_unavailable with one entry per failing check, and
 * Retry-After). Both are public and say nothing of versions or hosts.
 */
@Controller
@ExecuteOn(TaskExecutors.BLOCKING)
public class HealthController implements HealthApi {

    private static final String RETRY_AFTER_SECONDS = "5";

    private final ReadinessProbe checks;

    public HealthController(ReadinessProbe checks) {
        this.checks = checks;
    }

    @Override
    public HttpResponse<Liveness> getLiveness() {
        return HttpResponse.ok(new Liveness().status(Liveness.Status.UP));
    }

    @Override
    public HttpResponse<Readiness> getReadiness() {
        Map<String, String> failures = checks.failures();
        if (!failures.isEmpty()) {
            List<ErrorEntry> errors = failures.entrySet().stream()
                    .map(failure -> new ErrorEntry("service_unavailable", failure.getKey() + ": " + failure.getValue(), null))
                    .toList();
            throw new ApiException(HttpStatus.SERVICE_UNAVAILABLE, errors).withHeader("Retry-After", RETRY_AFTER_SECONDS);
        }
        return HttpResponse.ok(new Readiness().status(Readiness.Status.READY).checks(new ReadinessChecks()
                .database(Database.UP).migrations(Migrations.UP).workers(Workers.UP)));
    }
}
