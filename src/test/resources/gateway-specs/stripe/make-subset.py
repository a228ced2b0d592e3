"""Cuts Stripe's OpenAPI document down to what Ichido's Stripe adapter and sandbox use.

Reads the whole document (JSON or YAML) on standard input, writes the subset as JSON on standard
output. Needs PyYAML. Kept:

- the operations below, with their query parameters, their form body's schema and the schemas of
  their 200 and error answers;
- the component schemas those reach, and the schemas of the objects webhook events carry (ROOTS),
  each with every $ref it needs, transitively.

Dropped, to keep the file small and about the wire only: every key a check does not read
(descriptions, titles, formats, maxLength, Stripe's x- extensions), and the object branch of an
expandable field ({"anyOf": [id string, $ref object]}) unless Ichido expands that field (EXPANDED):
an object there then fails the check, as it would surprise the adapter.
"""

import json
import sys

import yaml

OPERATIONS = [
    ("post", "/v1/payment_intents"),
    ("get", "/v1/payment_intents/{intent}"),
    ("get", "/v1/payment_intents/search"),
    ("post", "/v1/payment_intents/{intent}/cancel"),
    ("post", "/v1/refunds"),
    ("get", "/v1/charges"),
]
ROOTS = ["payment_intent", "charge", "refund", "dispute", "event", "error"]
EXPANDED = {("payment_intent", "latest_charge")}
CHECKED = {
    "type", "properties", "required", "enum", "nullable", "anyOf", "oneOf", "allOf", "items",
    "additionalProperties", "$ref",
}


def pruned(node, owner=None, field=None):
    """The node with only the keys a check reads; owner and field name an expandable field."""
    if isinstance(node, list):
        return [pruned(item, owner, field) for item in node]
    if not isinstance(node, dict):
        return node
    if "x-expansionResources" in node and (owner, field) not in EXPANDED:
        node = dict(node, anyOf=[branch for branch in node["anyOf"] if "$ref" not in branch])
    kept = {}
    for key, value in node.items():
        if key == "properties":
            kept[key] = {name: pruned(schema, owner, name) for name, schema in value.items()}
        elif key in CHECKED:
            kept[key] = pruned(value, owner, field)
    return kept


def refs(node):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref":
                yield value.rsplit("/", 1)[-1]
            else:
                yield from refs(value)
    elif isinstance(node, list):
        for item in node:
            yield from refs(item)


def operation(spec, method, path):
    whole = spec["paths"][path][method]
    kept = {"operationId": whole["operationId"]}
    parameters = [p for p in whole.get("parameters", []) if p["in"] == "query"]
    if parameters:
        kept["parameters"] = [
            {"name": p["name"], "required": p.get("required", False), "schema": pruned(p["schema"])}
            for p in parameters
        ]
    form = whole.get("requestBody", {}).get("content", {}).get("application/x-www-form-urlencoded")
    if form:
        kept["requestBody"] = pruned(form["schema"])
    kept["responses"] = {
        status: pruned(answer["content"]["application/json"]["schema"])
        for status, answer in whole["responses"].items()
    }
    return kept


def main():
    spec = yaml.load(sys.stdin, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    all_schemas = spec["components"]["schemas"]
    paths = {}
    for method, path in OPERATIONS:
        paths.setdefault(path, {})[method] = operation(spec, method, path)
    schemas = {}
    waiting = list(ROOTS) + list(refs(paths))
    while waiting:
        name = waiting.pop()
        if name not in schemas:
            schemas[name] = pruned(all_schemas[name], name)
            waiting.extend(refs(schemas[name]))
    subset = {
        "openapi": spec["openapi"],
        "info": {"title": spec["info"]["title"], "version": spec["info"]["version"]},
        "paths": paths,
        "components": {"schemas": schemas},
    }
    json.dump(subset, sys.stdout, indent=1, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
