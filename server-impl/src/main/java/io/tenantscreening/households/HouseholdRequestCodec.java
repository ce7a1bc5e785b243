package io.tenantscreening.households;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tenantscreening.orders.Payer;
import io.tenantscreening.orders.PlaceOrderCodec;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes a checked request of a live rental application as JSON and reads it back, so that
 * a placement interrupted after its charges can be finished from what was stored: a new
 * application ({@link NewRentalApplication}), or a member added to one. The JSON holds the
 * members' SSNs: it is only ever stored sealed. Its shape is versioned ({@code v}), because
 * rows outlive releases.
 */
final class HouseholdRequestCodec {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int VERSION = 1;

    private HouseholdRequestCodec() {
    }

    /** A member to add to an existing application. */
    record AddMember(String applicationId, NewRentalApplication.NewMember member) {
    }

    static byte[] write(NewRentalApplication application) {
        ObjectNode root = JSON.createObjectNode().put("v", VERSION)
                .put("package", application.packageSlug()).put("payer", application.payer().value())
                .put("property_id", application.propertyId()).put("screening_policy_id", application.screeningPolicyId())
                .put("monthly_rent", application.monthlyRent());
        application.addOnProducts().forEach(root.putArray("add_ons")::add);
        PlaceOrderCodec.writeProperty(root, application.property());
        ArrayNode members = root.putArray("members");
        application.members().forEach(member -> members.add(member(member)));
        return bytes(root);
    }

    static NewRentalApplication readApplication(byte[] bytes) {
        JsonNode root = read(bytes);
        List<String> addOns = new ArrayList<>();
        root.path("add_ons").forEach(addOn -> addOns.add(addOn.asText()));
        List<NewRentalApplication.NewMember> members = new ArrayList<>();
        root.path("members").forEach(member -> members.add(member(member)));
        return new NewRentalApplication(root.get("package").asText(), addOns, Payer.of(root.get("payer").asText()),
                PlaceOrderCodec.text(root, "property_id"), PlaceOrderCodec.readProperty(root),
                PlaceOrderCodec.text(root, "screening_policy_id"),
                root.path("monthly_rent").isIntegralNumber() ? root.get("monthly_rent").asLong() : null, members);
    }

    static byte[] write(AddMember request) {
        ObjectNode root = JSON.createObjectNode().put("v", VERSION).put("rental_application_id", request.applicationId());
        root.set("member", member(request.member()));
        return bytes(root);
    }

    static AddMember readAddMember(byte[] bytes) {
        JsonNode root = read(bytes);
        return new AddMember(root.get("rental_application_id").asText(), member(root.get("member")));
    }

    private static ObjectNode member(NewRentalApplication.NewMember member) {
        ObjectNode node = JSON.createObjectNode().put("role", member.role().value()).put("applicant_id", member.applicantId());
        PlaceOrderCodec.writeApplicant(node, member.applicant());
        return node;
    }

    private static NewRentalApplication.NewMember member(JsonNode node) {
        return new NewRentalApplication.NewMember(MemberRole.of(node.get("role").asText()),
                PlaceOrderCodec.text(node, "applicant_id"), PlaceOrderCodec.readApplicant(node));
    }

    private static JsonNode read(byte[] bytes) {
        JsonNode root;
        try {
            root = JSON.readTree(bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (root.path("v").asInt() != VERSION) {
            throw new IllegalStateException("stored rental application request of unknown version " + root.path("v"));
        }
        return root;
    }

    private static byte[] bytes(ObjectNode root) {
        try {
            return JSON.writeValueAsBytes(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
