package io.tenantscreening.applicants;

/**
 * A Social Security number, nine digits. Its {@link #toString()} is masked, so the number
 * cannot reach a log line by accident; only {@link #digits()} gives it out, for sealing
 * and for the consumer's keyed digest.
 */
public final class Ssn {

    private final String digits;

    private Ssn(String digits) {
        this.digits = digits;
    }

    /** From nine digits with or without the two dashes (the contract has checked the shape). */
    public static Ssn parse(String text) {
        String digits = text.replace("-", "");
        if (!digits.matches("[0-9]{9}")) {
            throw new IllegalArgumentException("an SSN has nine digits");
        }
        return new Ssn(digits);
    }

    public String digits() {
        return digits;
    }

    public String lastFour() {
        return digits.substring(5);
    }

    @Override
    public String toString() {
        return "XXX-XX-" + lastFour();
    }
}
