package io.tenantscreening.pages;

/**
 * Where the applicants' pages may send a form besides the service itself: the payments
 * feature answers with its payment gateway's hosted checkout, which the pay button
 * redirects to. The page pipeline ({@link PageFilter}) writes it into the pages'
 * Content-Security-Policy without depending on that feature.
 */
public interface FormOrigins {

    /** The origin of the page a form may be sent to besides the service, or null for none. */
    String otherFormOrigin();
}
