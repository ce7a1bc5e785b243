package io.tenantscreening.conformance.support;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;

/**
 * Makes hostile variants of a valid request: wrong types, huge and tiny values, long
 * strings, deep nesting, repeated members, control and invisible characters, unpaired
 * surrogates, invalid UTF-8, random bytes, odd methods, parameters and headers. Every
 * choice comes from the {@link Random} it is given, so a seed reproduces a run.
 */
public final class HostileRequests {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final String[] METHODS = {"PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "PROPFIND", "MKCOL", "BREW", "get"};
    private static final String[] TEXTS = {
            "", " ", "\t", "\u00a0", "\u200b", "\u202e", "\u2066x\u2069", "\u3164", "\u0000", "\u0007", "\u001b[31m", "\u0085",
            "\ufeff", "\uffff", "😀", "e\u0301", "ليور", "\ud83d", "\udc00", "null", "true", "0", "-1", "1e309", "NaN",
            "' OR 1=1 --", "\"; DROP TABLE orders; --", "<script>alert(1)</script>", "${jndi:ldap://x}", "../../etc/passwd",
            "%00", "%s%s%s%n", "\\", "\\u0000", "ord_test_", "pr_", "sk_live_", "2026-02-30", "9999-12-31", "0000-00-00",
            "123-45-678", "+1 (512) 555-0142 ext 9", "a@b", "@", "x@y.z" + "z".repeat(250)};
    private static final String[] CONTENT_TYPES = {"application/json", "application/json; charset=utf-16", "text/plain",
            "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/merge-patch+json",
            "*/*", "application/json;;;", "garbage"};
    private static final String[] ACCEPTS = {"application/pdf", "text/html", "*/*", "application/json;q=0", "image/png", "garbage", ""};
    private static final String[] VERSIONS = {"2026-04-29", "2026-04-30", "", "latest", "2026-4-29", "9".repeat(300), "\u00e9"};

    private final Random random;

    public HostileRequests(Random random) {
        this.random = random;
    }

    /** A request built from these parts; the fuzz test fills them from the contract. */
    public record Parts(String method, String path, Map<String, String> query, Map<String, String> headers, JsonNode body) {
    }

    /** The valid request unchanged, or with one to three hostile changes. */
    public RawHttp.Request vary(Parts valid) {
        String method = valid.method();
        String path = valid.path();
        Map<String, String> query = new LinkedHashMap<>(valid.query());
        Map<String, String> headers = new LinkedHashMap<>(valid.headers());
        JsonNode body = valid.body() == null ? null : valid.body().deepCopy();
        byte[] rawBody = null;
        int changes = random.nextInt(4);
        for (int i = 0; i < changes; i++) {
            switch (random.nextInt(10)) {
                case 0, 1, 2 -> body = changeValue(body == null ? NODES.objectNode() : body);
                case 3 -> body = changeShape(body == null ? NODES.objectNode() : body);
                case 4 -> rawBody = rawBody(body == null ? NODES.objectNode() : body);
                case 5 -> query.put(pick(new String[]{"per_page", "cursor", "include", "x", "perpage", "id"}), hostileQueryValue());
                case 6 -> path = hostilePath(path);
                case 7 -> changeHeader(headers);
                case 8 -> method = pick(METHODS);
                default -> {
                    if (!headers.isEmpty()) {
                        headers.remove(pick(headers.keySet().toArray(new String[0])));
                    }
                }
            }
        }
        if (rawBody == null && body != null) {
            rawBody = body.toString().getBytes(StandardCharsets.UTF_8);
        }
        return new RawHttp.Request(method, path + queryString(query), headers, rawBody);
    }

    private JsonNode changeValue(JsonNode body) {
        List<JsonNode> containers = new ArrayList<>();
        collectContainers(body, containers);
        JsonNode value = hostileValue(0);
        if (containers.isEmpty()) {
            return value;
        }
        JsonNode target = containers.get(random.nextInt(containers.size()));
        if (target instanceof ObjectNode object) {
            List<String> names = new ArrayList<>();
            object.fieldNames().forEachRemaining(names::add);
            String name = names.isEmpty() || random.nextInt(4) == 0 ? hostileName() : names.get(random.nextInt(names.size()));
            object.set(name, value);
        } else if (target instanceof ArrayNode array) {
            if (array.isEmpty() || random.nextBoolean()) {
                array.add(value);
            } else {
                array.set(random.nextInt(array.size()), value);
            }
        }
        return body;
    }

    private JsonNode changeShape(JsonNode body) {
        return switch (random.nextInt(6)) {
            case 0 -> NODES.arrayNode().add(body);
            case 1 -> NODES.textNode(body.toString());
            case 2 -> NODES.nullNode();
            case 3 -> deep(random.nextInt(40) + 1);
            case 4 -> {
                List<JsonNode> containers = new ArrayList<>();
                collectContainers(body, containers);
                if (!containers.isEmpty() && containers.get(random.nextInt(containers.size())) instanceof ObjectNode object
                        && object.size() > 0) {
                    List<String> names = new ArrayList<>();
                    object.fieldNames().forEachRemaining(names::add);
                    object.remove(names.get(random.nextInt(names.size())));
                }
                yield body;
            }
            default -> NODES.objectNode();
        };
    }

    /** Bodies no JSON library would write: repeated members, trailing bytes, escapes, invalid UTF-8, noise. */
    private byte[] rawBody(JsonNode body) {
        String text = body.toString();
        return switch (random.nextInt(9)) {
            case 0 -> bytes(text.replaceFirst("\\{\"([^\"]+)\":", "{\"$1\":\"first\",\"$1\":"));
            case 1 -> bytes(text + pick(new String[]{"garbage", " {}", "]", "\u0000", ",", "\n\n", "}"}));
            case 2 -> bytes(text.substring(0, random.nextInt(Math.max(1, text.length()))));
            case 3 -> {
                int value = text.indexOf(":\"");
                String escape = pick(new String[]{"\\ud800", "\\udfff", "\\u0000", "\\u202e", "\\uD83D\\u0041", "\\x41", "\\"});
                yield bytes(value < 0 ? text : text.substring(0, value + 2) + escape + text.substring(value + 2));
            }
            case 4 -> {
                byte[] noise = new byte[random.nextInt(2048)];
                random.nextBytes(noise);
                yield noise;
            }
            case 5 -> {
                byte[] valid = bytes(text);
                if (valid.length > 0) {
                    valid[random.nextInt(valid.length)] = (byte) (0x80 + random.nextInt(0x80));
                }
                yield valid;
            }
            case 6 -> bytes("[".repeat(random.nextInt(100_000) + 1));
            case 7 -> bytes("{\"a\":" + "9".repeat(random.nextInt(5000) + 1) + "}");
            default -> bytes(pick(new String[]{"", " ", "null", "\"x\"", "[]", "1e999999999", "-0", "{\"\":{\"\":{}}}"}));
        };
    }

    private JsonNode hostileValue(int depth) {
        return switch (random.nextInt(14)) {
            case 0 -> NODES.textNode(longText());
            case 1 -> NODES.textNode(pick(TEXTS));
            case 2 -> NODES.textNode(pick(TEXTS) + pick(TEXTS) + pick(TEXTS));
            case 3 -> NODES.numberNode(random.nextLong());
            case 4 -> NODES.numberNode(new java.math.BigDecimal(random.nextInt(2) == 0 ? "1e400" : "-123456789012345678901234567890.5"));
            case 5 -> NODES.numberNode(random.nextDouble());
            case 6 -> NODES.booleanNode(random.nextBoolean());
            case 7 -> NODES.nullNode();
            case 8 -> NODES.objectNode();
            case 9 -> NODES.arrayNode();
            case 10 -> {
                ArrayNode array = NODES.arrayNode();
                int size = random.nextInt(3) == 0 ? random.nextInt(60_000) : random.nextInt(20);
                String element = pick(new String[]{"identity_verification", "income_verification", "order.pending", "x", ""});
                for (int i = 0; i < size; i++) {
                    array.add(element);
                }
                yield array;
            }
            case 11 -> depth < 3 ? NODES.objectNode().set(hostileName(), hostileValue(depth + 1)) : NODES.nullNode();
            case 12 -> deep(random.nextInt(30) + 1);
            default -> NODES.textNode(UUID.randomUUID().toString());
        };
    }

    private String longText() {
        int length = switch (random.nextInt(4)) {
            case 0 -> random.nextInt(60) + 190;
            case 1 -> random.nextInt(3000);
            case 2 -> random.nextInt(300_000);
            default -> random.nextInt(12);
        };
        String unit = pick(new String[]{"1", "a", " ", "é", "😀", "\u200b", "-", "\"", "\\"});
        return unit.repeat(Math.max(0, length / unit.length()));
    }

    private String hostileName() {
        return pick(new String[]{"x", "", "__proto__", "constructor", "order", "property", "a/b", "~0", "n".repeat(101),
                "n".repeat(99), "\u0000", "😀", "\u202e", " "});
    }

    private JsonNode deep(int levels) {
        JsonNode node = NODES.textNode("bottom");
        for (int i = 0; i < levels; i++) {
            node = random.nextBoolean() ? NODES.arrayNode().add(node) : NODES.objectNode().set("d", node);
        }
        return node;
    }

    private String hostileQueryValue() {
        return switch (random.nextInt(8)) {
            case 0 -> "-1";
            case 1 -> "99999999999999999999";
            case 2 -> "1e3";
            case 3 -> "%00";
            case 4 -> "%zz%";
            case 5 -> "%C3%28";
            case 6 -> "c".repeat(random.nextInt(6000));
            default -> URLEncoder.encode(pick(TEXTS), StandardCharsets.UTF_8);
        };
    }

    private String hostilePath(String path) {
        int slash = path.lastIndexOf('/');
        String replacement = switch (random.nextInt(8)) {
            case 0 -> "%00";
            case 1 -> "..%2F..%2Fetc";
            case 2 -> "x".repeat(random.nextInt(6000));
            case 3 -> "%";
            case 4 -> "%E2%80%AE";
            case 5 -> "";
            case 6 -> "ord_test_" + "A".repeat(24);
            default -> URLEncoder.encode(pick(TEXTS), StandardCharsets.UTF_8);
        };
        return random.nextBoolean() ? path.substring(0, slash + 1) + replacement : path + "/" + replacement;
    }

    private void changeHeader(Map<String, String> headers) {
        switch (random.nextInt(6)) {
            case 0 -> headers.put("Content-Type", pick(CONTENT_TYPES));
            case 1 -> headers.put("Accept", pick(ACCEPTS));
            case 2 -> headers.put("Service-Tenant-Version", pick(VERSIONS));
            case 3 -> headers.put("Idempotency-Key", pick(new String[]{"", " ", "k".repeat(256), "k".repeat(255), "é", "%00"}));
            case 4 -> headers.put("Authorization", pick(new String[]{"Bearer", "Bearer ", "Basic eDp5", "bearer sk_test_x",
                    "Bearer " + "s".repeat(7000), "Bearer sk_live_" + "A".repeat(32)}));
            default -> headers.put(pick(new String[]{"X-Forwarded-For", "X-\u00e9", "Cookie", "Origin"}),
                    pick(new String[]{"127.0.0.1", "x".repeat(200), "\u00e9", "null"}));
        }
    }

    private static void collectContainers(JsonNode node, List<JsonNode> into) {
        if (node.isContainerNode()) {
            into.add(node);
            node.forEach(child -> collectContainers(child, into));
        }
    }

    private static String queryString(Map<String, String> query) {
        if (query.isEmpty()) {
            return "";
        }
        StringBuilder out = new StringBuilder();
        query.forEach((name, value) -> out.append(out.isEmpty() ? '?' : '&').append(name).append('=').append(value));
        return out.toString();
    }

    private <T> T pick(T[] values) {
        return values[random.nextInt(values.length)];
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    /** The JSON tree of an example object of the contract (maps and lists as swagger-parser reads them). */
    public static JsonNode tree(Object example) {
        return JSON.valueToTree(example);
    }
}
