#!/usr/bin/env python3
"""Writes the extract of Stripe's OpenAPI description that the Stripe stand-in of the
conformance tests is checked against (conformance-tests/src/test/resources/stripe-openapi/).

usage: git -C <clone of github.com/stripe/openapi> show <commit>:openapi/spec3.json \
           | scripts/stripe-openapi-extract.py <commit> > conformance-tests/src/test/resources/stripe-openapi/extract.json

For each schema below, its top level only: every property's JSON types (a $ref or an inline
object is "object"; an expandable field, anyOf a string id and an object, is both), whether
it is nullable, its enum when it has one, and the schema's required list.
"""
import json
import sys

SCHEMAS = ["checkout.session", "refund", "api_errors", "error"]


def types(prop):
    if "$ref" in prop:
        return ["object"]
    if "anyOf" in prop:
        found = []
        for choice in prop["anyOf"]:
            for t in types(choice):
                if t not in found:
                    found.append(t)
        return found
    return [prop.get("type", "object")]


def describe(prop):
    out = {"types": types(prop), "nullable": bool(prop.get("nullable", False))}
    if "enum" in prop:
        out["enum"] = prop["enum"]
    ref = prop.get("$ref", "")
    if ref.endswith("/api_errors"):
        out["schema"] = "api_errors"
    return out


def main():
    spec = json.load(sys.stdin)
    schemas = spec["components"]["schemas"]
    extract = {
        "provenance": {"repository": "https://github.com/stripe/openapi", "commit": sys.argv[1],
                       "path": "openapi/spec3.json", "api_version": spec["info"]["version"], "license": "MIT"},
        "schemas": {name: {"required": schemas[name].get("required", []),
                           "properties": {key: describe(value) for key, value in schemas[name]["properties"].items()}}
                    for name in SCHEMAS},
    }
    json.dump(extract, sys.stdout, indent=1)


if __name__ == "__main__":
    main()
