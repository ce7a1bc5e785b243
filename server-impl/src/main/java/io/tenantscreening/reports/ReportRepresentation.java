package io.tenantscreening.reports;

import io.micronaut.json.JsonMapper;
import io.tenantscreening.api.model.CheckType;
import io.tenantscreening.api.model.ReportCheck;
import io.tenantscreening.api.model.ReportCheckDetails;
import io.tenantscreening.api.model.ReportObject;
import io.tenantscreening.api.model.ReportStatus;
import io.tenantscreening.api.model.ScreeningResult;
import io.tenantscreening.common.ApiEnums;
import io.tenantscreening.common.Mode;
import jakarta.inject.Singleton;

import java.io.IOException;
import java.io.UncheckedIOException;

/** A report as the API shows it: the generated model, and its JSON (the object of report.* events). */
@Singleton
public class ReportRepresentation {

    private final JsonMapper json;

    public ReportRepresentation(JsonMapper json) {
        this.json = json;
    }

    io.tenantscreening.api.model.Report toApi(Report report) {
        return new io.tenantscreening.api.model.Report()
                .id(report.id())
                ._object(ReportObject.REPORT)
                .liveMode(report.mode() == Mode.LIVE)
                .orderId(report.orderId())
                .provider(report.provider())
                .status(ReportStatus.COMPLETE)
                .result(report.consider() ? ScreeningResult.CONSIDER : ScreeningResult.CLEAR)
                .createdAt(report.createdAt())
                .completedAt(report.completedAt())
                .checks(report.checks().stream().map(this::check).toList());
    }

    String json(Report report) {
        try {
            return json.writeValueAsString(toApi(report));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ReportCheck check(Report.CheckResult check) {
        try {
            return new ReportCheck()
                    .type(ApiEnums.of(CheckType.class, check.type()))
                    .provider(check.provider())
                    .status(ReportStatus.COMPLETE)
                    .result(check.consider() ? ScreeningResult.CONSIDER : ScreeningResult.CLEAR)
                    .details(json.readValue(check.details(), ReportCheckDetails.class));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
