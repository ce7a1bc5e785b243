package io.tenantscreening.copies;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.properties.Property;
import io.tenantscreening.reports.ReportSections;

import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;

/**
 * The applicant's copy as the page writes it (template views/pages/my-report.html): the
 * same words as the PDF ({@link ReportSections}), without the recommendation, with who
 * received reports about the applicant in the past year (FCRA section 609(a)(3)). Of the SSN
 * only the last four digits, the only ones the service keeps in the clear.
 */
public record ReportCopyPage(String token, List<String> agency, String result, boolean consider, boolean test,
                             String reportId, String orderId, String provider, String date, String procuredBy,
                             String packageLine, String applicantName, String applicantEmail, String ssn,
                             String dateOfBirth, List<String> property, List<ReportSections.Section> checks,
                             ReportSections.Section procurements) {

    static ReportCopyPage of(String token, ReportCopy copy, List<String> agency, String agencyName, ZoneId zone) {
        Applicant applicant = copy.order().applicant();
        Property property = copy.order().property();
        List<String> propertyLines = new ArrayList<>();
        if (property.name() != null) {
            propertyLines.add(property.name());
        }
        propertyLines.add(property.street() + (property.unit() == null ? "" : ", " + property.unit()));
        propertyLines.add(property.city() + ", " + property.state() + " " + property.zipcode());
        List<String> addOns = copy.order().order().addOnProducts();
        return new ReportCopyPage(token, agency, ReportSections.result(copy.report()), copy.report().consider(),
                copy.report().mode() == Mode.TEST, copy.report().id(), copy.report().orderId(), copy.report().provider(),
                ReportSections.moment(copy.report().completedAt(), zone), copy.procuredBy(),
                copy.order().order().packageSlug() + (addOns.isEmpty() ? "" : ", with " + String.join(", ", addOns)),
                applicant.fullName(), applicant.email(),
                applicant.ssnLastFour() == null ? "none on file" : "XXX-XX-" + applicant.ssnLastFour(),
                applicant.dob() == null ? "not collected" : ReportSections.day(applicant.dob()), propertyLines,
                ReportSections.checks(copy.report(), zone),
                ReportSections.procurements(copy.file().procurements(), copy.file().asOf(), zone, agencyName));
    }

    /** The page's own path, the PDF's and the request for a new link's hang off it. */
    public String path() {
        return MyReportController.PATH + "/" + token;
    }
}
