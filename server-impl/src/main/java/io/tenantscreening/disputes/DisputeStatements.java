package io.tenantscreening.disputes;

import io.tenantscreening.applicants.ApplicantRepository;
import io.tenantscreening.common.Tenant;
import io.tenantscreening.screening.ConsumerStatements;
import io.tenantscreening.screening.Reinvestigations;
import jakarta.inject.Singleton;

import java.util.List;

/**
 * The statements of dispute a consumer filed (FCRA section 611(b)) as screening reads them to
 * note them in reports (611(c)): each is about the items of its dispute that stayed in the
 * report (upheld or corrected), whole checks and court records as the dispute named them.
 */
@Singleton
public class DisputeStatements implements ConsumerStatements {

    private final DisputeRepository disputes;

    public DisputeStatements(DisputeRepository disputes) {
        this.disputes = disputes;
    }

    @Override
    public List<Filed> of(Tenant tenant, List<ApplicantRepository.SameConsumer> consumer) {
        return disputes.statementsOf(tenant.mode(), consumer).stream()
                .map(statement -> new Filed(statement.text(), statement.filedAt(), statement.items().stream()
                        .filter(Dispute.Item::stayed)
                        .map(item -> new About(item.check(), item.wholeCheck() ? null : Reinvestigations.record(item.disputed())))
                        .toList()))
                .toList();
    }
}
