package io.tenantscreening.screening;

import java.util.Objects;

/**
 * A furnisher's certification that information it furnished is complete and accurate (FCRA
 * section 611(a)(5)(B)(i)), as a provider reports it with its findings: one court record of
 * them, or with {@code record} null the check's findings as a whole; and who certified it:
 * the furnisher's business name and address, and its telephone number when the provider
 * has it (null otherwise). Only such a certification lets information deleted after a
 * dispute back into a report on the same consumer ({@link DeletedRecords}).
 */
public record Certification(Findings.CourtRecord record, Findings.Source furnisher) {

    public Certification {
        Objects.requireNonNull(furnisher, "a certification names its furnisher");
        if (furnisher.name() == null || furnisher.name().isBlank() || furnisher.address() == null || furnisher.address().isBlank()) {
            throw new IllegalArgumentException("a certification names its furnisher's business name and address");
        }
    }

    /** The whole findings of a check, certified by this furnisher. */
    public static Certification ofFindings(Findings.Source furnisher) {
        return new Certification(null, furnisher);
    }

    public boolean wholeCheck() {
        return record == null;
    }
}
