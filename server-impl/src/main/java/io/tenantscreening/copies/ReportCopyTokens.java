package io.tenantscreening.copies;

import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.crypto.LinkTokens;
import io.tenantscreening.crypto.SealingKeys;
import jakarta.inject.Singleton;

/**
 * The secret in a link to the applicant's copy of a report ({@link LinkTokens}, purpose
 * {@code report-copy-token}). The link keeps the token's seed only until its email is sent,
 * for the email's background work to compute the token from; after that the digest is all
 * there is.
 */
@Singleton
public class ReportCopyTokens {

    private final LinkTokens tokens;
    private final ServiceSettings settings;

    public ReportCopyTokens(SealingKeys keys, ServiceSettings settings) {
        this.tokens = new LinkTokens(keys, "report-copy-token");
        this.settings = settings;
    }

    /** A new link's seed, and the digest of its token. */
    public LinkTokens.Issued issue(String linkId) {
        return tokens.issue(linkId);
    }

    /** {@code <public base URL>/my-report/<token>} of the link with this seed. */
    public String url(String linkId, LinkTokens.Seed seed) {
        return settings.url(MyReportController.PATH + "/" + tokens.token(linkId, seed));
    }
}
