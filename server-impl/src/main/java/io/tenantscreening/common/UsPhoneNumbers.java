package io.tenantscreening.common;

import com.google.i18n.phonenumbers.NumberParseException;
import com.google.i18n.phonenumbers.PhoneNumberUtil;
import com.google.i18n.phonenumbers.Phonenumber;

import java.util.Optional;
import java.util.Set;

/**
 * Reads US phone numbers written in any common way ({@code (512) 555-0142},
 * {@code 512.555.0142}, {@code +1 512 555 0142}) and writes them in E.164. "US" means the
 * regions the service accepts addresses in: the states and DC, and the inhabited
 * territories that share the +1 numbering plan (PR, GU, VI, AS, MP).
 */
public final class UsPhoneNumbers {

    private static final PhoneNumberUtil PHONES = PhoneNumberUtil.getInstance();
    private static final Set<String> US_REGIONS = Set.of("US", "PR", "GU", "VI", "AS", "MP");

    /** Why a number was refused, as a sentence for the caller. */
    public static final String REFUSAL = "Must be a valid US phone number, such as (512) 555-0142 or +1 512 555 0142, without an extension.";

    private UsPhoneNumbers() {
    }

    /** The number in E.164, or empty when it is not a valid US number (or carries an extension). */
    public static Optional<String> toE164(String text) {
        try {
            Phonenumber.PhoneNumber number = PHONES.parse(text, "US");
            if (!PHONES.isValidNumber(number) || number.hasExtension()
                    || !US_REGIONS.contains(PHONES.getRegionCodeForNumber(number))) {
                return Optional.empty();
            }
            return Optional.of(PHONES.format(number, PhoneNumberUtil.PhoneNumberFormat.E164));
        } catch (NumberParseException e) {
            return Optional.empty();
        }
    }
}
