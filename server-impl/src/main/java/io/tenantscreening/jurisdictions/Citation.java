package io.tenantscreening.jurisdictions;

/**
 * The section of a law a rule comes from: the id of the place whose law it is (as in the rule
 * data, for example {@code us-ny-new-york-city}) and the section as lawyers cite it (for
 * example {@code N.Y.C. Admin. Code § 8-107(5)(o)}).
 */
public record Citation(String place, String section) {
}
