package io.tenantscreening.jurisdictions;

import java.util.Map;

/** The states and territories the contract accepts (UsState): USPS code to FIPS code and name. */
final class States {

    record State(String code, String fips, String name) {
    }

    private static final Map<String, State> STATES = Map.ofEntries(
            s("AL", "01", "Alabama"), s("AK", "02", "Alaska"), s("AZ", "04", "Arizona"), s("AR", "05", "Arkansas"),
            s("CA", "06", "California"), s("CO", "08", "Colorado"), s("CT", "09", "Connecticut"), s("DE", "10", "Delaware"),
            s("DC", "11", "District of Columbia"), s("FL", "12", "Florida"), s("GA", "13", "Georgia"), s("HI", "15", "Hawaii"),
            s("ID", "16", "Idaho"), s("IL", "17", "Illinois"), s("IN", "18", "Indiana"), s("IA", "19", "Iowa"),
            s("KS", "20", "Kansas"), s("KY", "21", "Kentucky"), s("LA", "22", "Louisiana"), s("ME", "23", "Maine"),
            s("MD", "24", "Maryland"), s("MA", "25", "Massachusetts"), s("MI", "26", "Michigan"), s("MN", "27", "Minnesota"),
            s("MS", "28", "Mississippi"), s("MO", "29", "Missouri"), s("MT", "30", "Montana"), s("NE", "31", "Nebraska"),
            s("NV", "32", "Nevada"), s("NH", "33", "New Hampshire"), s("NJ", "34", "New Jersey"), s("NM", "35", "New Mexico"),
            s("NY", "36", "New York"), s("NC", "37", "North Carolina"), s("ND", "38", "North Dakota"), s("OH", "39", "Ohio"),
            s("OK", "40", "Oklahoma"), s("OR", "41", "Oregon"), s("PA", "42", "Pennsylvania"), s("RI", "44", "Rhode Island"),
            s("SC", "45", "South Carolina"), s("SD", "46", "South Dakota"), s("TN", "47", "Tennessee"), s("TX", "48", "Texas"),
            s("UT", "49", "Utah"), s("VT", "50", "Vermont"), s("VA", "51", "Virginia"), s("WA", "53", "Washington"),
            s("WV", "54", "West Virginia"), s("WI", "55", "Wisconsin"), s("WY", "56", "Wyoming"), s("AS", "60", "American Samoa"),
            s("GU", "66", "Guam"), s("MP", "69", "Northern Mariana Islands"), s("PR", "72", "Puerto Rico"),
            s("VI", "78", "U.S. Virgin Islands"));

    private States() {
    }

    private static Map.Entry<String, State> s(String code, String fips, String name) {
        return Map.entry(code, new State(code, fips, name));
    }

    static State of(String code) {
        State state = STATES.get(code);
        if (state == null) {
            throw new IllegalArgumentException("not a state the contract accepts: " + code);
        }
        return state;
    }

    static Iterable<State> all() {
        return STATES.values();
    }
}
