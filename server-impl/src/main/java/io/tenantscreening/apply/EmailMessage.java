package io.tenantscreening.apply;

/** An email to one recipient, with a plain-text and an HTML version of the same words. */
record EmailMessage(String to, String subject, String text, String html) {
}
