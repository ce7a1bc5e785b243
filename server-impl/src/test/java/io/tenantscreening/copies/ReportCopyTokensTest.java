package io.tenantscreening.copies;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.KeyRing;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.crypto.SealingKeys;
import io.tenantscreening.orders.ApplicationTokens;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The link to the applicant's copy ({@link ReportCopyTokens}):
 * {@code <PUBLIC_BASE_URL>/my-report/<token>}, the token 256 bits of which the service keeps
 * only the digest, written again from its seed under a master key for as long as its email
 * needs it (docs/integrators.md#the-applicants-copy, docs/operators.md#the-applicants-copy,
 * docs/design.md#the-applicants-pages); a token of its own kind, so that no application
 * link opens a copy and no copy's link an application.
 */
class ReportCopyTokensTest {

    private static final String OLD = "k1:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4NzY1NDMyMTA=";
    private static final String NEW = "k2:MDEyMzQ1Njc4OWFiY2RlZjAxMjM0NTY3ODlhYmNkZWY=";
    private static final String BASE = "https://screening.example";

    @Test
    void theUrlIsTheBaseUrlAndA256BitTokenWhoseDigestWasIssued() {
        ReportCopyTokens tokens = tokens(NEW);

        LinkTokens.Issued issued = tokens.issue("rcl_1");
        String url = tokens.url("rcl_1", issued.seed());

        assertThat(url).matches(BASE + "/my-report/[A-Za-z0-9_-]{43}");
        assertThat(LinkTokens.digest(token(url))).isEqualTo(issued.digest());
        assertThat(issued.seed().keyId()).isEqualTo("k2");
        assertThat(issued.seed().nonce()).hasSize(32);
    }

    @Test
    void everyLinkGetsAFreshTokenEvenARenewalOfTheSameOrder() {
        ReportCopyTokens tokens = tokens(NEW);

        assertThat(tokens.issue("rcl_1").digest()).isNotEqualTo(tokens.issue("rcl_1").digest());
    }

    @Test
    void theSameKeyAndNonceWriteTheSameLinkAfterAKeyRotationButOnlyForItsOwnLink() {
        LinkTokens.Issued issued = tokens(OLD).issue("rcl_1");
        ReportCopyTokens rotated = tokens(NEW + "," + OLD);

        assertThat(rotated.url("rcl_1", issued.seed())).isEqualTo(tokens(OLD).url("rcl_1", issued.seed()));
        assertThat(rotated.url("rcl_2", issued.seed())).isNotEqualTo(rotated.url("rcl_1", issued.seed()));
    }

    @Test
    void theSameIdKeyAndNonceMakeAnotherTokenThanAnApplicationLinks() {
        ServiceSettings settings = settings();
        SealingKeys keys = new SealingKeys(new KeyRing(NEW, settings), id -> { });
        LinkTokens.Issued issued = new ReportCopyTokens(keys, settings).issue("id_1");

        String copy = token(new ReportCopyTokens(keys, settings).url("id_1", issued.seed()));
        String application = token(new ApplicationTokens(keys, settings).url("id_1", issued.seed()));

        assertThat(copy).isNotEqualTo(application);
    }

    private static ReportCopyTokens tokens(String keys) {
        ServiceSettings settings = settings();
        return new ReportCopyTokens(new SealingKeys(new KeyRing(keys, settings), id -> { }), settings);
    }

    private static ServiceSettings settings() {
        ServiceSettings settings = new ServiceSettings();
        settings.setPublicBaseUrl(BASE + "/");
        settings.setEnvironment("production");
        return settings;
    }

    private static String token(String url) {
        return url.substring(url.lastIndexOf('/') + 1);
    }
}
