package io.tenantscreening.notices;

import io.tenantscreening.agency.AgencySettings;
import jakarta.inject.Singleton;

/**
 * The notices as PDF documents: the template of the notice's kind ({@code adverse-action.xml}
 * or {@code pre-adverse.xml} of {@link NoticeTemplates}) given the facts, laid out by
 * {@link NoticeLayout}.
 */
@Singleton
public class NoticeDocuments {

    private final NoticeTemplates templates;
    private final AgencySettings agency;

    public NoticeDocuments(NoticeTemplates templates, AgencySettings agency) {
        this.templates = templates;
        this.agency = agency;
    }

    public byte[] render(NoticeFacts facts) {
        if (facts.kind() == NoticeKind.PRE_ADVERSE && facts.responseDeadline() == null) {
            throw new IllegalArgumentException("a pre-adverse notice states the deadline to respond");
        }
        String xml = templates.process(NoticeVariables.template(facts.kind(), ".xml"), NoticeVariables.of(facts, agency, templates));
        return NoticeLayout.pdf(xml);
    }
}
