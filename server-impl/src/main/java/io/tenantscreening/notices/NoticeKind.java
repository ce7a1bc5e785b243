package io.tenantscreening.notices;

/** The two notices of an adverse action. */
public enum NoticeKind {
    /** Sent first on the pre-adverse path, with the applicant's copy of the report and a response window. */
    PRE_ADVERSE,
    /** The notice of adverse action that FCRA section 615(a) requires. */
    ADVERSE_ACTION
}
