"""The TypedDicts of mac_analysis.types, checked against the service's OpenAPI document: for each,
its keys are the schema's properties, its required keys the schema's, and a Literal's values the
schema's enum; nested TypedDicts are checked against the schemas they stand for."""

import types
import typing

import httpx
import pytest

from mac_analysis import types as t

# Each TypedDict and the schema it stands for, as a path from components/schemas.
CHECKED = {
    t.Analysis: "Analysis",
    t.AnalysedItem: "BatchItem/oneOf/0",
    t.RefusedItem: "BatchItem/oneOf/1",
    t.ExtractResult: "ExtractResult",
    t.VendorSearch: "VendorSearch",
    t.PrefixListing: "PrefixListing",
    t.Problem: "Problem",
}


@pytest.fixture
def document(url):
    return httpx.get(f"{url}/api/openapi.json").json()


def walk(document, path):
    node = document["components"]["schemas"]
    for part in path.split("/"):
        node = node[int(part)] if isinstance(node, list) else node[part]
    return node


def follow(document, schema):
    while True:
        if "$ref" in schema:
            schema = walk(document, schema["$ref"].removeprefix("#/components/schemas/"))
        elif "oneOf" in schema and any(s.get("type") == "null" for s in schema["oneOf"]):
            rest = [s for s in schema["oneOf"] if s.get("type") != "null"]
            if len(rest) != 1:
                return schema
            schema = rest[0]
        elif "anyOf" in schema:
            schema = schema["anyOf"][0]  # Analysis, or the same members projected
        else:
            return schema


def without_none(annotation):
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        return rest[0] if len(rest) == 1 else typing.Union[tuple(rest)]
    return annotation


def check(document, typed, schema, where, seen):
    if (typed, where) in seen:
        return
    seen.add((typed, where))
    schema = follow(document, schema)
    properties = schema.get("properties", {})
    hints = typing.get_type_hints(typed)
    assert set(hints) == set(properties), f"{typed.__name__} ({where}): keys {sorted(set(hints) ^ set(properties))} differ"
    assert set(typed.__required_keys__) == set(schema.get("required", [])), f"{typed.__name__} ({where}): required keys differ"
    for name, annotation in hints.items():
        check_value(document, without_none(annotation), properties[name], f"{where}.{name}", seen)


def check_value(document, annotation, schema, where, seen):
    schema = follow(document, schema)
    origin = typing.get_origin(annotation)
    if typing.is_typeddict(annotation):
        check(document, annotation, schema, where, seen)
    elif origin is typing.Literal:
        values = schema.get("enum", [schema["const"]] if "const" in schema else None)
        assert values is not None and set(typing.get_args(annotation)) == set(values), f"{where}: {typing.get_args(annotation)} against {values}"
    elif origin is list:
        assert schema.get("type") == "array", where
        check_value(document, without_none(typing.get_args(annotation)[0]), schema["items"], f"{where}[]", seen)


@pytest.mark.parametrize("typed", list(CHECKED), ids=lambda typed: typed.__name__)
def test_typed_dicts_are_the_documents_schemas(document, typed):
    check(document, typed, walk(document, CHECKED[typed]), CHECKED[typed], set())
