package io.tenantscreening.properties;

import io.tenantscreening.api.model.JurisdictionAdverseAction;
import io.tenantscreening.api.model.JurisdictionCity;
import io.tenantscreening.api.model.JurisdictionCounty;
import io.tenantscreening.api.model.JurisdictionInput;
import io.tenantscreening.api.model.JurisdictionPlace;
import io.tenantscreening.api.model.JurisdictionRecordLimit;
import io.tenantscreening.api.model.JurisdictionRules;
import io.tenantscreening.api.model.JurisdictionState;
import io.tenantscreening.api.model.LawCitation;
import io.tenantscreening.api.model.ListObject;
import io.tenantscreening.api.model.PropertyInput;
import io.tenantscreening.api.model.PropertyJurisdiction;
import io.tenantscreening.api.model.PropertyList;
import io.tenantscreening.api.model.PropertyObject;
import io.tenantscreening.api.model.RentalProperty;
import io.tenantscreening.api.model.UsState;
import io.tenantscreening.contract.ApiEnums;
import io.tenantscreening.jurisdictions.AdverseActionRules;
import io.tenantscreening.jurisdictions.Jurisdiction;
import io.tenantscreening.jurisdictions.ScreeningRules;
import io.tenantscreening.lists.ListLinks;
import io.tenantscreening.lists.Page;

/** Translates between the generated API models and the property domain (also for orders, which embed properties). */
public final class PropertyMapper {

    private PropertyMapper() {
    }

    public static PropertyAddress toAddress(PropertyInput input) {
        JurisdictionInput stated = input.getJurisdiction() == null ? null : input.getJurisdiction().orElse(null);
        return new PropertyAddress(input.getName() == null ? null : input.getName().orElse(null), input.getStreet(),
                input.getUnit() == null ? null : input.getUnit().orElse(null), input.getCity(), input.getState().getValue(),
                input.getZipcode(), stated == null || stated.getCountyFips() == null ? null : stated.getCountyFips().orElse(null),
                stated == null || stated.getCityFips() == null ? null : stated.getCityFips().orElse(null));
    }

    static PropertyJurisdiction toApi(Jurisdiction jurisdiction) {
        ScreeningRules rules = jurisdiction.rules();
        AdverseActionRules adverse = rules.adverseAction();
        return new PropertyJurisdiction()
                .state(new JurisdictionState().code(ApiEnums.of(UsState.class, jurisdiction.stateCode()))
                        .fips(jurisdiction.stateFips()).name(jurisdiction.stateName()))
                .county(jurisdiction.county() == null ? null
                        : new JurisdictionCounty().fips(jurisdiction.county().fips()).name(jurisdiction.county().name()))
                .city(jurisdiction.city() == null ? null
                        : new JurisdictionCity().fips(jurisdiction.city().cityFips()).name(jurisdiction.city().name()))
                .resolution(jurisdiction.resolution())
                .rules(new JurisdictionRules()
                        .version(rules.version())
                        .criminalScreening(rules.criminalScreening().value())
                        .places(jurisdiction.places().stream().map(p -> new JurisdictionPlace().id(p.id())
                                .name(p.name()).level(p.level()).law(p.law()).citation(p.citation())
                                .effectiveOn(p.effectiveOn()).unconfirmed(p.unconfirmed())).toList())
                        .recordLimits(rules.recordLimits().stream().map(l -> new JurisdictionRecordLimit()
                                .kind(l.kind().value()).excluded(l.excluded()).lookbackYears(l.lookbackYears())
                                .measuredFrom(l.measuredFrom() == null ? null : l.measuredFrom().value())
                                .place(l.citation().place()).section(l.citation().section())).toList())
                        .adverseAction(new JurisdictionAdverseAction()
                                .individualizedAssessmentRequired(adverse.individualizedAssessmentRequired())
                                .assessmentFactors(adverse.assessmentFactors())
                                .responseBusinessDays(adverse.responseBusinessDays())
                                .citations(adverse.citations().stream().map(c -> new LawCitation().place(c.place()).section(c.section())).toList()))
                        .notLegalAdvice(jurisdiction.places().get(0).notLegalAdvice()));
    }

    public static RentalProperty toApi(Property property) {
        return new RentalProperty()
                .id(property.id())
                ._object(PropertyObject.PROPERTY)
                .name(property.name())
                .street(property.street())
                .unit(property.unit())
                .city(property.city())
                .state(ApiEnums.of(UsState.class, property.state()))
                .zipcode(property.zipcode())
                .createdAt(property.createdAt())
                .jurisdiction(toApi(PropertyService.jurisdiction(property)));
    }

    static PropertyList toApi(Page<Property> page, ListLinks.PageLinks links) {
        return new PropertyList()
                ._object(ListObject.LIST)
                .count(page.count())
                .nextHref(links.nextUri())
                .previousHref(links.previousUri())
                .nextCursor(links.nextCursor())
                .previousCursor(links.previousCursor())
                .data(page.items().stream().map(PropertyMapper::toApi).toList());
    }
}
