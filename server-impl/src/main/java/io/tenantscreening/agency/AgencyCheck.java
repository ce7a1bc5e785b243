package io.tenantscreening.agency;

import io.micronaut.context.annotation.Context;
import io.micronaut.context.annotation.Requires;
import io.tenantscreening.common.Environments;
import io.tenantscreening.common.ServiceSettings;
import io.tenantscreening.common.Text;
import jakarta.annotation.PostConstruct;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

/**
 * When the service starts: the agency's name, address and toll-free telephone number are
 * required, since every notice of adverse action must give them to the applicant. Outside
 * development the service refuses to start without them; in development those not set are
 * a fictitious agency's, with a warning, so that {@code ./run} works as it is. The operator
 * command line, which sends no notices, does not run this.
 */
@Context
@Requires(notEnv = Environments.OPERATOR)
public class AgencyCheck {

    private static final Logger LOG = LoggerFactory.getLogger(AgencyCheck.class);

    private final AgencySettings agency;
    private final ServiceSettings service;

    public AgencyCheck(AgencySettings agency, ServiceSettings service) {
        this.agency = agency;
        this.service = service;
    }

    @PostConstruct
    void requireTheAgencysDetails() {
        List<String> missing = new ArrayList<>();
        if (blank(agency.getName())) {
            missing.add("AGENCY_NAME");
        }
        if (blank(agency.getAddress())) {
            missing.add("AGENCY_ADDRESS");
        }
        if (blank(agency.getPhone())) {
            missing.add("AGENCY_PHONE");
        }
        if (missing.isEmpty()) {
            return;
        }
        String names = String.join(", ", missing);
        if (!service.isDevelopment()) {
            throw new IllegalStateException(names + (missing.size() == 1 ? " is" : " are") + " not set: notices of adverse action"
                    + " must give the consumer reporting agency's name (AGENCY_NAME), postal address on one line"
                    + " (AGENCY_ADDRESS) and toll-free telephone number (AGENCY_PHONE).");
        }
        LOG.warn("{} not set: notices name a fictitious agency. Set AGENCY_NAME, AGENCY_ADDRESS and AGENCY_PHONE outside development.",
                names);
        if (blank(agency.getName())) {
            agency.setName("Example Screening Agency (fictitious)");
        }
        if (blank(agency.getAddress())) {
            agency.setAddress("100 Example Street, Suite 200, Springfield, IL 62701");
        }
        if (blank(agency.getPhone())) {
            agency.setPhone("1-800-555-0100");
        }
    }

    private static boolean blank(String value) {
        return Text.trimToNull(value) == null;
    }
}
