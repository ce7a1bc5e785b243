package io.tenantscreening.copies;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Mode;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.orders.Include;
import io.tenantscreening.orders.Order;
import io.tenantscreening.orders.OrderStatus;
import io.tenantscreening.orders.OrderView;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.properties.Property;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportPdf;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Set;

/** The applicant's copy of a report, as {@link ReportCopies#copy} reads it, for the unit tests of its page and email. */
final class CopyFixtures {

    static final Instant LINK_MADE = Instant.parse("2026-11-25T15:05:00Z");
    static final Tenant LIVE = new Tenant("org_1", Mode.LIVE);

    private CopyFixtures() {
    }

    static Applicant applicant(String ssnLastFour, LocalDate dob) {
        return new Applicant("ap_1", "Jane", "Doe", "jane.doe@example.com", dob, "+15125550142", ssnLastFour,
                Instant.parse("2026-11-20T10:00:00Z"));
    }

    static Property property(String name, String unit) {
        return new Property("pr_1", name, "12 Main St", unit, "Austin", "TX", "78701", Instant.parse("2026-11-01T10:00:00Z"));
    }

    static Order order(String packageSlug, List<String> addOns) {
        return new Order("ord_1", Mode.LIVE, OrderStatus.COMPLETED, packageSlug, addOns, Payer.ORGANIZATION, "pr_1", "ap_1", null,
                null, null, null, Instant.parse("2026-11-20T10:00:00Z"), Instant.parse("2026-11-20T10:00:00Z"),
                Instant.parse("2026-11-25T15:04:00Z"), null, null);
    }

    static ReportCopyRepository.Link link(String email, Instant expiresAt) {
        return new ReportCopyRepository.Link("rcl_1", LIVE, "ord_1", null, email, LINK_MADE, expiresAt, LINK_MADE.plusSeconds(5), null);
    }

    static ReportCopy copy(Report report, Applicant applicant, Property property, Order order) {
        return new ReportCopy(link(applicant.email(), LINK_MADE.plus(java.time.Duration.ofDays(60))), report,
                new OrderView(order, null, List.of(), Set.of(Include.PROPERTY, Include.APPLICANT, Include.ORIGINAL_REQUESTER), property,
                        applicant, null), "Acme Property Management", new ReportPdf.ApplicantFile(List.of(), LINK_MADE));
    }
}
