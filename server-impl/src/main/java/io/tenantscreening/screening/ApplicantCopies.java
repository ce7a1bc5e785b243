package io.tenantscreening.screening;

import io.tenantscreening.applicants.Applicant;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.orders.Order;

import java.time.Instant;

/**
 * What completing an order offers its applicant: their own copy of the report (the
 * applicant's-copy feature implements it). {@link ScreeningService} calls it in the
 * transaction that completes the order, without depending on that feature.
 */
public interface ApplicantCopies {

    /** For an order that completes at {@code at}, in the transaction that completes it: offers its applicant their copy. */
    void offer(Tenant tenant, Order completed, Applicant applicant, Instant at);
}
