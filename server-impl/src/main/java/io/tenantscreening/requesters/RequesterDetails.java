package io.tenantscreening.requesters;

/**
 * What an order says about its original requester: the values an upsert by external id
 * writes. Optional members are null when not sent; the address members all or none.
 */
public record RequesterDetails(String externalId, String type, String name, String email, String phoneNumber,
                               String street, String unit, String city, String state, String zipcode) {
}
