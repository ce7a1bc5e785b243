package io.tenantscreening.agency;

import io.micronaut.context.annotation.ConfigurationProperties;

import java.time.ZoneId;

/**
 * Who the consumer reporting agency is ({@code screening.agency.*}; the README lists their
 * variables): the name, postal address and toll-free telephone number that reports and
 * notices give the applicant, and the time zone in which documents show dates and times and
 * business days are counted.
 */
@ConfigurationProperties("screening.agency")
public class AgencySettings {

    private String name;
    private String address;
    private String phone;
    private ZoneId timeZone = ZoneId.of("America/New_York");

    public String getName() {
        return name;
    }

    public void setName(String name) {
        this.name = name;
    }

    /** The postal address, on one line, its parts separated by commas. */
    public String getAddress() {
        return address;
    }

    public void setAddress(String address) {
        this.address = address;
    }

    /** The toll-free telephone number, as people dial it. */
    public String getPhone() {
        return phone;
    }

    public void setPhone(String phone) {
        this.phone = phone;
    }

    public ZoneId getTimeZone() {
        return timeZone;
    }

    public void setTimeZone(ZoneId timeZone) {
        this.timeZone = timeZone;
    }
}
