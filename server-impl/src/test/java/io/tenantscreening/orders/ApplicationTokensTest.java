package io.tenantscreening.orders;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.crypto.SealingKeys;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * docs/design.md#secrets-at-rest: the token is an HMAC of the order id and 256 fresh random
 * bits, only its digest is stored, and the nonce and key id kept beside it write the same
 * link again, also after the master keys rotate; the URL is the public base URL +
 * /apply/<token> (openapi.yaml#apply-flow).
 */
class ApplicationTokensTest {

    private static final String OLD = "k1:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final String NEW = "k2:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String BASE = "https://screening.example";

    @Test
    void theUrlIsTheBaseUrlAndA256BitTokenWhoseDigestWasIssued() {
        ApplicationTokens tokens = tokens(NEW);

        LinkTokens.Issued issued = tokens.issue("ord_1");
        String url = tokens.url("ord_1", issued.seed());

        assertThat(url).matches(BASE + "/apply/[A-Za-z0-9_-]{43}");
        assertThat(LinkTokens.digest(token(url))).isEqualTo(issued.digest());
        assertThat(issued.seed().keyId()).isEqualTo("k2");
        assertThat(issued.seed().nonce()).hasSize(32);
    }

    @Test
    void everyIssueIsFreshlyRandomEvenForOneOrderId() {
        ApplicationTokens tokens = tokens(NEW);

        LinkTokens.Issued first = tokens.issue("ord_1");
        LinkTokens.Issued second = tokens.issue("ord_1");

        assertThat(first.digest()).isNotEqualTo(second.digest());
        assertThat(tokens.url("ord_1", first.seed())).isNotEqualTo(tokens.url("ord_1", second.seed()));
    }

    @Test
    void theKeptNonceWritesTheSameUrlAfterKeyRotationButOnlyForItsOwnOrder() {
        LinkTokens.Issued issued = tokens(OLD).issue("ord_1");
        ApplicationTokens rotated = tokens(NEW + "," + OLD);

        assertThat(rotated.url("ord_1", issued.seed())).isEqualTo(tokens(OLD).url("ord_1", issued.seed()));
        assertThat(rotated.url("ord_2", issued.seed())).isNotEqualTo(rotated.url("ord_1", issued.seed()));
    }

    private static ApplicationTokens tokens(String keys) {
        ServiceSettings settings = new ServiceSettings();
        settings.setPublicBaseUrl(BASE);
        settings.setEnvironment("production");
        return new ApplicationTokens(new SealingKeys(new KeyRing(keys, settings), id -> { }), settings);
    }

    private static String token(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }
}
