package io.tenantscreening.orders;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.applicants.NewApplicant;
import io.tenantscreening.applicants.Ssn;
import io.tenantscreening.properties.PropertyAddress;
import io.tenantscreening.requesters.RequesterDetails;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a checked {@link PlaceOrder} as JSON and reads it back, so a placement interrupted
 * after its charge can be finished from what was stored. The JSON holds the SSN: it is only
 * ever stored sealed. Its shape is versioned ({@code v}) because rows outlive releases:
 * version 2 added the screening policy and the monthly rent, which a version 1 request
 * never had; a release that knows only version 1 refuses version 2 rather than drop them.
 * Its writers and readers of an address and an applicant serve the codecs of other sealed
 * requests too.
 */
public final class PlaceOrderCodec {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int VERSION = 2;
    private static final int WITHOUT_POLICY = 1;

    private PlaceOrderCodec() {
    }

    static byte[] write(PlaceOrder order) {
        ObjectNode root = JSON.createObjectNode().put("v", VERSION)
                .put("package", order.packageSlug()).put("payer", order.payer().value())
                .put("property_id", order.propertyId()).put("applicant_id", order.applicantId())
                .put("requester_id", order.requesterId()).put("screening_policy_id", order.screeningPolicyId())
                .put("monthly_rent", order.monthlyRent());
        order.addOnProducts().forEach(root.putArray("add_ons")::add);
        writeProperty(root, order.property());
        writeApplicant(root, order.applicant());
        if (order.requester() != null) {
            RequesterDetails r = order.requester();
            root.putObject("requester").put("external_id", r.externalId()).put("type", r.type()).put("name", r.name())
                    .put("email", r.email()).put("phone_number", r.phoneNumber()).put("street", r.street()).put("unit", r.unit())
                    .put("city", r.city()).put("state", r.state()).put("zipcode", r.zipcode());
        }
        try {
            return JSON.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static PlaceOrder read(byte[] bytes) {
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        int version = root.path("v").asInt();
        if (version != VERSION && version != WITHOUT_POLICY) {
            throw new IllegalStateException("stored order request of unknown version " + root.path("v"));
        }
        List<String> addOns = new ArrayList<>();
        root.path("add_ons").forEach(addOn -> addOns.add(addOn.asText()));
        JsonNode r = root.path("requester");
        return new PlaceOrder(root.get("package").asText(), addOns, Payer.of(root.get("payer").asText()),
                text(root, "property_id"), readProperty(root), text(root, "applicant_id"), readApplicant(root),
                text(root, "requester_id"),
                r.isMissingNode() ? null : new RequesterDetails(text(r, "external_id"), text(r, "type"), text(r, "name"),
                        text(r, "email"), text(r, "phone_number"), text(r, "street"), text(r, "unit"), text(r, "city"),
                        text(r, "state"), text(r, "zipcode")),
                text(root, "screening_policy_id"), root.path("monthly_rent").isIntegralNumber() ? root.get("monthly_rent").asLong() : null);
    }

    /** Writes an inline address as member {@code property} of {@code into} (nothing when null). */
    public static void writeProperty(ObjectNode into, PropertyAddress property) {
        if (property != null) {
            into.putObject("property").put("name", property.name()).put("street", property.street())
                    .put("unit", property.unit()).put("city", property.city()).put("state", property.state())
                    .put("zipcode", property.zipcode()).put("county_fips", property.countyFips())
                    .put("city_fips", property.cityFips());
        }
    }

    /** The address {@link #writeProperty} wrote into {@code from}; null when there is none. */
    public static PropertyAddress readProperty(JsonNode from) {
        JsonNode p = from.path("property");
        return p.isMissingNode() ? null : new PropertyAddress(text(p, "name"), text(p, "street"), text(p, "unit"),
                text(p, "city"), text(p, "state"), text(p, "zipcode"), text(p, "county_fips"), text(p, "city_fips"));
    }

    /** Writes an inline applicant, SSN included, as member {@code applicant} of {@code into} (nothing when null). */
    public static void writeApplicant(ObjectNode into, NewApplicant applicant) {
        if (applicant != null) {
            into.putObject("applicant").put("first_name", applicant.firstName()).put("last_name", applicant.lastName())
                    .put("email", applicant.email()).put("dob", applicant.dob() == null ? null : applicant.dob().toString())
                    .put("phone_number", applicant.phoneNumber())
                    .put("ssn", applicant.ssn() == null ? null : applicant.ssn().digits());
        }
    }

    /** The applicant {@link #writeApplicant} wrote into {@code from}; null when there is none. */
    public static NewApplicant readApplicant(JsonNode from) {
        JsonNode a = from.path("applicant");
        return a.isMissingNode() ? null : new NewApplicant(text(a, "first_name"), text(a, "last_name"), text(a, "email"),
                a.path("dob").isTextual() ? LocalDate.parse(a.get("dob").asText()) : null, text(a, "phone_number"),
                a.path("ssn").isTextual() ? Ssn.parse(a.get("ssn").asText()) : null);
    }

    /** A member's text, or null when it is absent or not text. */
    public static String text(JsonNode node, String member) {
        JsonNode value = node.path(member);
        return value.isTextual() ? value.asText() : null;
    }
}
