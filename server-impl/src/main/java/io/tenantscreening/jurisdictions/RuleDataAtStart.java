package io.tenantscreening.jurisdictions;

import io.micronaut.context.annotation.Context;

/** Loads and checks the rule data and the ZIP data when the service starts: a bad file stops it, naming the file. */
@Context
class RuleDataAtStart {

    RuleDataAtStart() {
        Jurisdictions.bundled();
    }
}
