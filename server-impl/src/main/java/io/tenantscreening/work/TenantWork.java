package io.tenantscreening.work;

/**
 * The data of work done for one organisation's mode: what the lines it logs name
 * ({@link WorkLogFields}), the order among it when the work concerns one.
 */
public interface TenantWork {

    String organizationId();

    String mode();

    /** The order the work concerns, or null. */
    default String orderId() {
        return null;
    }
}
