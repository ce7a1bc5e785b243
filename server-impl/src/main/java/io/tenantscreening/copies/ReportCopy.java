package io.tenantscreening.copies;

import io.tenantscreening.orders.OrderView;
import io.tenantscreening.reports.Report;
import io.tenantscreening.reports.ReportPdf;

/**
 * What the applicant's copy shows: the report, its order with the property and the
 * applicant, and who procured it (the original requester's name when the order has one,
 * otherwise the organisation's), and every report about the consumer furnished in the year
 * before (FCRA section 609(a)(3), {@link Procurements}). The report's recommendation is the organisation's and is
 * never shown to the applicant.
 */
public record ReportCopy(ReportCopyRepository.Link link, Report report, OrderView order, String procuredBy,
                         ReportPdf.ApplicantFile file) {
}
