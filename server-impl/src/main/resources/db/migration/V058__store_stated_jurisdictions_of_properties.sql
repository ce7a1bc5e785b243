-- The jurisdiction a property's creator stated (PropertyInput.jurisdiction): a county's 5-digit
-- FIPS code and a covered city's 7-digit Census place code or 'none'. Null when not stated; the
-- jurisdiction itself is resolved from these and the address at every read.
ALTER TABLE properties ADD COLUMN stated_county_fips text, ADD COLUMN stated_city_fips text;
