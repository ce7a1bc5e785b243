package io.tenantscreening.contract;

import com.atlassian.oai.validator.OpenApiInteractionValidator;
import com.atlassian.oai.validator.model.Request;
import com.atlassian.oai.validator.model.SimpleRequest;
import com.atlassian.oai.validator.report.ValidationReport;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request checks' fast path for bodies (openapi.yaml's own schemas): it accepts a body
 * only where the general validator accepts it, and leaves the rest to it. The general
 * validator itself is the judge here: thousands of bodies, each a realistic one with one
 * member changed to a value chosen to sit on a boundary between the two (lengths, white
 * space and line terminators, non-Latin text, near-miss emails and dates, wrong types,
 * missing and unknown members).
 */
class BodyRulesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> TRICKY_TEXT = List.of("", " ", "  x", "x ", "\t", "x\ty", "\n", "x\n", "12345\n",
            "\r", "x\r\n", "\u00a0", "\u00a0x", "x\u00a0", "\ufeff", "\ufeffx", "\u0085", "x\u0085", "\u2028", "x\u2029",
            "\u200b", "x\u202e", "\u3000", "Jos\u00e9", "Zo\u00eb M\u00fcller", "\u00ff", "\u0100", "\u024f", "\u0250",
            "\u65e5\u672c", "\ud83d\ude00", "a@b.co", "jamie.rivera@example.com", "a..b@example.com", ".a@example.com",
            "a.@example.com", "a@example", "a@-example.com", "a@example..com", "a@.example.com", "a b@example.com",
            "\"a b\"@example.com", "a@[127.0.0.1]", "Jamie <a@b.co>", "a@b.co,c@d.co", "@example.com", "a@", "a@b@c.com",
            "12345", "12345-6789", "1234", "123456", "12345-678", "12345 6789", "TX", "tx", "XX", "TX ", "starter",
            "essential", "Essential", "identity_verification", "income_verification", "organization", "applicant",
            "business", "individual", "1990-07-14", "1990-7-14", "1990-02-29", "2000-02-29", "1990-13-01", "0990-01-01",
            "0000-01-01", "19900714", "+1990-07-14", "1990-07-14T00:00:00Z", "123-45-6789", "123456789", "123-456789",
            "12345678", "1234567890", "123-45-678a", "(512) 555-0142", "#4B", "x".repeat(2), "x".repeat(3),
            "x".repeat(49), "x".repeat(50), "x".repeat(51), "x".repeat(100), "x".repeat(101), "x".repeat(199),
            "x".repeat(200), "x".repeat(201), "a".repeat(244) + "@example.com", "a".repeat(243) + "@example.com",
            "x".repeat(255), "x".repeat(256));
    private static final List<JsonNode> NUMBERS = List.of(JsonNodeFactory.instance.numberNode(0),
            JsonNodeFactory.instance.numberNode(1), JsonNodeFactory.instance.numberNode(-1),
            JsonNodeFactory.instance.numberNode(99_999_999), JsonNodeFactory.instance.numberNode(100_000_000),
            JsonNodeFactory.instance.numberNode(100_000_001), JsonNodeFactory.instance.numberNode(Integer.MAX_VALUE),
            JsonNodeFactory.instance.numberNode(Long.MAX_VALUE),
            JsonNodeFactory.instance.numberNode(BigInteger.valueOf(Long.MAX_VALUE).add(BigInteger.ONE)),
            JsonNodeFactory.instance.numberNode(150_000.0), JsonNodeFactory.instance.numberNode(1.5),
            JsonNodeFactory.instance.numberNode(new BigDecimal("1E+3")), JsonNodeFactory.instance.numberNode(new BigDecimal("150000.00")));
    private static final List<JsonNode> OTHER_VALUES = List.of(JsonNodeFactory.instance.nullNode(),
            JsonNodeFactory.instance.numberNode(5), JsonNodeFactory.instance.booleanNode(true),
            JsonNodeFactory.instance.arrayNode(), JsonNodeFactory.instance.objectNode());

    private static OpenApiInteractionValidator general;
    private static ContractOperations operations;

    @BeforeAll
    static void readContract() {
        general = ContractValidator.newValidator();
        operations = new ContractOperations();
    }

    @Test
    void everyBodyTheRulesAcceptIsAcceptedByTheGeneralValidator() throws Exception {
        Map<String, JsonNode> realistic = Map.of(
                "/orders", JSON.readTree("""
                        {"order": {"package": "essential", "property_id": "pr_7Hq2LmN9pRs4TuV6wXy8Za1B",
                          "property": {"name": "Oak Court", "street": "12 Oak Street", "unit": "#4B", "city": "Austin",
                            "state": "TX", "zipcode": "78701-1234"},
                          "applicant_id": "ap_2Bc4De6Fg8Hj1Kl3Mn5Pq7Rs",
                          "applicant": {"email": "jamie.rivera@example.com", "first_name": "Jamie", "last_name": "Rivera",
                            "full_name": "Jamie Rivera", "dob": "1990-07-14", "phone_number": "(512) 555-0142",
                            "ssn": "123-45-0001"},
                          "original_requester_id": "req_9Lk7Jh5Gf3Ds1Aq8Ws6Ed4Rf",
                          "original_requester": {"external_id": "landlord-8841", "type": "business",
                            "name": "Sunrise Property Group LLC", "email": "leasing@sunrise.example",
                            "phone_number": "512-555-0199", "street": "400 Congress Avenue", "unit": "Suite 1200",
                            "city": "Austin", "state": "TX", "zipcode": "78701"},
                          "add_on_products": ["identity_verification", "income_verification"], "payer": "organization",
                          "screening_policy_id": "pol_8Kd2Lm4Np6Qr8St1Uv3Wx5Yz", "monthly_rent": 150000}}
                        """),
                "/properties", JSON.readTree("""
                        {"property": {"name": "Oak Court", "street": "12 Oak Street", "unit": "#4B", "city": "Austin",
                          "state": "TX", "zipcode": "78701"}}
                        """));
        int accepted = 0;
        int refused = 0;
        for (Map.Entry<String, JsonNode> operation : realistic.entrySet()) {
            BodyRules rules = operations.find("POST", operation.getKey()).orElseThrow().bodyRules().orElseThrow();
            assertThat(rules.accepts(operation.getValue())).as("the realistic body of POST %s", operation.getKey()).isTrue();
            for (JsonNode body : variants(operation.getValue())) {
                if (rules.accepts(body)) {
                    accepted++;
                    assertThat(errors(operation.getKey(), body)).as("the general validator on %s", body).isEmpty();
                } else {
                    refused++;
                }
            }
        }
        assertThat(accepted).isGreaterThan(500);
        assertThat(refused).isGreaterThan(2000);
    }

    /** Values where Java's regular expressions and ECMA 262's, or the rules and the formats, could part. */
    @ParameterizedTest
    @ValueSource(strings = {"12345\n", "78701\r", "x\u0085", "\u00a0", "\ufeff", "\u3000", "\u2028x", "Jos\u00e9\u0301"})
    void textOutsideTheDecidableCharactersGoesToTheGeneralValidator(String zipcodeOrStreet) throws Exception {
        BodyRules rules = operations.find("POST", "/properties").orElseThrow().bodyRules().orElseThrow();
        ObjectNode body = (ObjectNode) JSON.readTree("""
                {"property": {"street": "12 Oak Street", "city": "Austin", "state": "TX", "zipcode": "78701"}}""");
        assertThat(rules.accepts(body)).isTrue();

        ((ObjectNode) body.get("property")).put("street", zipcodeOrStreet);
        assertThat(rules.accepts(body)).isFalse();
        ((ObjectNode) body.get("property")).put("street", "12 Oak Street").put("zipcode", zipcodeOrStreet);
        assertThat(rules.accepts(body)).isFalse();
    }

    @Test
    void nullIsLeftToTheGeneralValidatorEvenWhereItIsAllowed() throws Exception {
        BodyRules rules = operations.find("POST", "/properties").orElseThrow().bodyRules().orElseThrow();

        assertThat(rules.accepts(JSON.readTree("""
                {"property": {"street": "1 A St", "unit": null, "city": "Austin", "state": "TX", "zipcode": "78701"}}""")))
                .isFalse();
    }

    @Test
    void aSchemaWithAKeywordTheRulesDoNotKnowHasNoRules() {
        ObjectSchema withMinProperties = new ObjectSchema();
        withMinProperties.additionalProperties(false).addProperty("a", new StringSchema()).minProperties(1);
        Schema<?> javaOnlyPattern = new ObjectSchema().additionalProperties(false)
                .addProperty("a", new StringSchema().pattern("^\\p{L}+$"));
        Schema<?> uri = new ObjectSchema().additionalProperties(false).addProperty("a", new StringSchema().format("uri"));
        Schema<?> openObject = new ObjectSchema().addProperty("a", new StringSchema());
        Schema<?> oneOf = new ObjectSchema().additionalProperties(false)
                .addProperty("a", new Schema<>().oneOf(List.of(new StringSchema(), new StringSchema().maxLength(2))));

        assertThat(Stream.of(withMinProperties, javaOnlyPattern, uri, openObject, oneOf).map(BodyRules::of))
                .allMatch(Optional::isEmpty);
        assertThat(BodyRules.of(new ObjectSchema().additionalProperties(false).addProperty("a", new StringSchema()
                .pattern("^[a-z]+$").maxLength(3)))).isPresent();
        assertThat(operations.find("POST", "/webhook_endpoints").orElseThrow().bodyRules())
                .as("webhook endpoints: url has format uri").isEmpty();
    }

    /**
     * The body with one value changed: each text member to each tricky text, each number to
     * numbers on the boundaries of integers and their bounds, either to another kind of
     * value, each member left out, one unknown member added.
     */
    private static List<JsonNode> variants(JsonNode body) {
        List<JsonNode> variants = new ArrayList<>();
        for (String pointer : pointers(body, "")) {
            JsonNode value = body.at(pointer);
            if (value.isTextual()) {
                TRICKY_TEXT.forEach(text -> variants.add(replaced(body, pointer, JsonNodeFactory.instance.textNode(text))));
            }
            if (value.isNumber()) {
                NUMBERS.forEach(number -> variants.add(replaced(body, pointer, number)));
            }
            OTHER_VALUES.forEach(other -> variants.add(replaced(body, pointer, other)));
            if (value.isObject()) {
                value.fieldNames().forEachRemaining(name -> variants.add(replaced(body, pointer, without(value, name))));
                variants.add(replaced(body, pointer, ((ObjectNode) value.deepCopy()).put("unknown", "x")));
            }
            if (value.isArray()) {
                ArrayNode repeated = value.deepCopy();
                repeated.add(value.get(0));
                variants.add(replaced(body, pointer, repeated));
                ArrayNode many = JsonNodeFactory.instance.arrayNode();
                List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k").forEach(many::add);
                variants.add(replaced(body, pointer, many));
            }
        }
        return variants;
    }

    private static List<String> pointers(JsonNode node, String pointer) {
        List<String> pointers = new ArrayList<>();
        if (!pointer.isEmpty()) {
            pointers.add(pointer);
        }
        if (node.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> members = node.fields();
            while (members.hasNext()) {
                Map.Entry<String, JsonNode> member = members.next();
                pointers.addAll(pointers(member.getValue(), pointer + "/" + member.getKey()));
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                pointers.addAll(pointers(node.get(i), pointer + "/" + i));
            }
        }
        return pointers;
    }

    private static JsonNode replaced(JsonNode body, String pointer, JsonNode value) {
        JsonNode copy = body.deepCopy();
        int slash = pointer.lastIndexOf('/');
        JsonNode parent = copy.at(pointer.substring(0, slash));
        String last = pointer.substring(slash + 1);
        if (parent instanceof ObjectNode object) {
            object.set(last, value);
        } else {
            ((ArrayNode) parent).set(Integer.parseInt(last), value);
        }
        return copy;
    }

    private static JsonNode without(JsonNode object, String name) {
        ObjectNode copy = object.deepCopy();
        copy.remove(name);
        return copy;
    }

    private static List<String> errors(String path, JsonNode body) throws Exception {
        Request request = new SimpleRequest.Builder(Request.Method.POST, path)
                .withHeader("Content-Type", "application/json")
                .withHeader("Idempotency-Key", "k")
                .withBody(JSON.writeValueAsString(body))
                .build();
        return general.validateRequest(request).getMessages().stream()
                .filter(message -> message.getLevel() == ValidationReport.Level.ERROR)
                .map(ValidationReport.Message::getMessage)
                .toList();
    }
}
