package io.tenantscreening.contract;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

/**
 * The characters no URL member of a request ({@code format: uri}, such as a webhook
 * endpoint's {@code url}) may contain, anywhere in it, as they are or percent-encoded (the
 * bytes of {@code %XX} read as UTF-8): the C0 controls, DEL and the C1 controls, the line
 * and paragraph separators (U+2028, U+2029) and the bidirectional formatting characters
 * (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), which could make a URL read
 * otherwise than it is, or break a header or a log line it is written into.
 */
final class UrlCharacters {

    private UrlCharacters() {
    }

    /** The detail for a URL holding such a character; empty when it holds none. */
    static Optional<String> refusal(String url) {
        return first(url).or(() -> url.indexOf('%') < 0 ? Optional.empty() : first(percentDecoded(url)))
                .map(codePoint -> "Must not contain control characters, line or paragraph separators or bidirectional "
                        + "formatting characters, raw or percent-encoded (found " + String.format("U+%04X", codePoint) + ").");
    }

    private static boolean isRefused(int codePoint) {
        return codePoint <= 0x1F || (codePoint >= 0x7F && codePoint <= 0x9F) || codePoint == 0x2028 || codePoint == 0x2029
                || codePoint == 0x061C || codePoint == 0x200E || codePoint == 0x200F
                || (codePoint >= 0x202A && codePoint <= 0x202E) || (codePoint >= 0x2066 && codePoint <= 0x2069);
    }

    private static Optional<Integer> first(String text) {
        return text.codePoints().filter(UrlCharacters::isRefused).boxed().findFirst();
    }

    /** The text with every {@code %XX} replaced by its byte, read as UTF-8 (a malformed sequence reads as U+FFFD). */
    private static String percentDecoded(String text) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        int i = 0;
        while (i < text.length()) {
            int percent = text.indexOf('%', i);
            int end = percent < 0 ? text.length() : percent;
            bytes.writeBytes(text.substring(i, end).getBytes(StandardCharsets.UTF_8));
            if (percent < 0) {
                break;
            }
            if (percent + 2 < text.length() && HexFormat.isHexDigit(text.charAt(percent + 1))
                    && HexFormat.isHexDigit(text.charAt(percent + 2))) {
                bytes.write(HexFormat.fromHexDigits(text, percent + 1, percent + 3));
                i = percent + 3;
            } else {
                bytes.write('%');
                i = percent + 1;
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
