"""conform(): proposed arguments made valid against a tool's schema, keyword by keyword."""

from __future__ import annotations

import re
from typing import Any

import pytest

from helpers.offline.conform import (
    conform,
    example_matching,
    minimal_instance,
    resolve,
    validate,
)


def obj(properties: dict[str, Any], required: list[str] | None = None, **extra: Any) -> dict:
    """An object schema."""
    return {"type": "object", "properties": properties, "required": required or [], **extra}


def conformed(schema: dict[str, Any], proposed: Any, **options: Any) -> Any:
    """The conformed value, after checking that it validates (apart from what is missing)."""
    result = conform(schema, proposed, **options)
    if not result.missing:
        assert validate(schema, result.value) == [], result
    return result.value


# $ref, $defs, definitions, allOf


def test_resolve_follows_refs_to_defs_and_definitions() -> None:
    root = {"$defs": {"A": {"$ref": "#/definitions/B"}}, "definitions": {"B": {"type": "string"}}}
    assert resolve({"$ref": "#/$defs/A"}, root) == {"type": "string"}


def test_resolve_merges_all_of() -> None:
    schema = {
        "allOf": [
            obj({"a": {"type": "string"}}, ["a"], minProperties=1),
            obj({"b": {"type": "integer"}}, ["b"]),
        ]
    }
    merged = resolve(schema, schema)
    assert set(merged["properties"]) == {"a", "b"} and merged["required"] == ["a", "b"]


def test_conform_follows_ref_into_defs() -> None:
    schema = obj(
        {"who": {"$ref": "#/$defs/Person"}},
        ["who"],
        **{"$defs": {"Person": obj({"email": {"type": "string", "format": "email"}}, ["email"])}},
    )
    result = conform(schema, {"who": {"email": "kim@example.com", "age": 3}})
    assert result.value == {"who": {"email": "kim@example.com", "age": 3}}
    assert conform(schema, {"who": {}}).missing == ("who.email",)


# const and enum


def test_const_is_kept_repaired_by_case_or_set_when_required_and_absent() -> None:
    schema = obj({"kind": {"const": "circle"}}, ["kind"])
    assert conformed(schema, {"kind": "circle"}) == {"kind": "circle"}
    assert conformed(schema, {"kind": "Circle"}) == {"kind": "circle"}
    result = conform(schema, {})
    assert result.value == {"kind": "circle"} and result.missing == ()


def test_const_never_takes_an_outside_value() -> None:
    result = conform(obj({"kind": {"const": "circle"}}, ["kind"]), {"kind": "square"})
    assert result.value == {} and result.missing == ("kind",)


@pytest.mark.parametrize(
    ("proposed", "expected"),
    [
        ("celsius", "celsius"),
        ("Celsius", "celsius"),
        (" CELSIUS ", "celsius"),
        ("F", "fahrenheit"),
        ("farenheit", "fahrenheit"),
    ],
)
def test_enum_takes_the_member_the_proposal_names(proposed: str, expected: str) -> None:
    schema = obj({"unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, ["unit"])
    result = conform(schema, {"unit": proposed})
    assert result.value == {"unit": expected}
    assert (result.changed == ()) == (proposed == expected)


def test_enum_never_takes_an_outside_value() -> None:
    schema = obj({"unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, ["unit"])
    result = conform(schema, {"unit": "kelvin"})
    assert result.value == {} and result.missing == ("unit",)
    filled = conform(schema, {"unit": "kelvin"}, fill_required=True)
    assert filled.value == {"unit": "celsius"}


def test_enum_of_numbers_from_text() -> None:
    schema = obj({"stars": {"type": "integer", "enum": [1, 3, 5]}})
    assert conformed(schema, {"stars": "3"}) == {"stars": 3}


def test_changes_are_explained() -> None:
    schema = obj(
        {"unit": {"enum": ["celsius", "fahrenheit"]}, "count": {"type": "integer"}}, ["unit"]
    )
    result = conform(schema, {"unit": "Celsius", "count": "3"})
    assert result.changed == ("unit: 'Celsius' -> 'celsius' (enum)", "count: '3' -> 3 (integer)")


# type unions, anyOf, oneOf, null


def test_null_only_where_the_type_allows_it() -> None:
    schema = obj({"a": {"type": ["string", "null"]}, "b": {"type": "string"}}, ["a", "b"])
    result = conform(schema, {"a": None, "b": None})
    assert result.value == {"a": None} and result.missing == ("b",)


def test_type_union_keeps_a_fitting_value_else_coerces_to_the_first_that_works() -> None:
    schema = obj({"n": {"type": ["integer", "string"]}})
    assert conformed(schema, {"n": 4}) == {"n": 4}
    assert conformed(schema, {"n": "four"}) == {"n": "four"}
    assert conformed(obj({"n": {"type": ["null", "integer"]}}), {"n": "4"}) == {"n": 4}


def test_any_of_takes_the_first_branch_that_fits_then_the_first_it_can_be_repaired_into() -> None:
    schema = obj({"v": {"anyOf": [{"type": "integer", "minimum": 10}, {"type": "boolean"}]}})
    assert conformed(schema, {"v": True}) == {"v": True}
    assert conformed(schema, {"v": "12"}) == {"v": 12}
    assert conformed(schema, {"v": 3}) == {"v": 10}


def test_any_of_with_null_keeps_null_and_fills_null_when_forced() -> None:
    schema = obj({"d": {"anyOf": [{"type": "string", "format": "date"}, {"type": "null"}]}}, ["d"])
    assert conformed(schema, {"d": None}) == {"d": None}
    assert conformed(schema, {"d": "2025-05-20"}) == {"d": "2025-05-20"}
    assert conform(schema, {"d": "next week"}).missing == ("d",)
    assert conform(schema, {}, fill_required=True).value == {"d": None}


def test_one_of_discriminated_by_const() -> None:
    circle = obj({"kind": {"const": "circle"}, "r": {"type": "number"}}, ["kind", "r"])
    square = obj({"kind": {"const": "square"}, "side": {"type": "number"}}, ["kind", "side"])
    schema = obj({"shape": {"oneOf": [circle, square]}}, ["shape"])
    assert conformed(schema, {"shape": {"kind": "square", "side": "2"}}) == {
        "shape": {"kind": "square", "side": 2}
    }


# numbers


@pytest.mark.parametrize(
    ("schema", "proposed", "expected"),
    [
        ({"type": "integer"}, "3", 3),
        ({"type": "integer"}, 3.0, 3),
        ({"type": "integer"}, "1,200", 1200),
        ({"type": "number"}, " 2.5 ", 2.5),
        ({"type": "number"}, 7, 7),
        ({"type": "integer", "minimum": 1, "maximum": 5}, 9, 5),
        ({"type": "integer", "minimum": 1}, 0, 1),
        ({"type": "integer", "exclusiveMinimum": 0}, 0, 1),
        ({"type": "number", "exclusiveMaximum": 10}, 10, 9),
        ({"type": "integer", "multipleOf": 5}, 12, 10),
        ({"type": "number", "multipleOf": 0.5, "minimum": 1}, 0.2, 1),
    ],
)
def test_numbers_from_text_and_within_bounds(schema: dict, proposed: Any, expected: Any) -> None:
    result = conform(obj({"x": schema}, ["x"]), {"x": proposed})
    assert result.value == {"x": expected} and type(result.value["x"]) is type(expected)
    assert validate(obj({"x": schema}), result.value) == []


def test_text_that_is_not_a_number_is_missing() -> None:
    assert conform(obj({"x": {"type": "number"}}, ["x"]), {"x": "many"}).missing == ("x",)


def test_booleans_are_not_numbers_and_words_are_booleans() -> None:
    assert conform(obj({"x": {"type": "integer"}}, ["x"]), {"x": True}).missing == ("x",)
    assert conformed(obj({"b": {"type": "boolean"}}), {"b": "yes"}) == {"b": True}
    assert conformed(obj({"b": {"type": "boolean"}}), {"b": "false"}) == {"b": False}


# strings


def test_strings_from_numbers_and_cut_at_max_length() -> None:
    assert conformed(obj({"zip": {"type": "string"}}), {"zip": 10115}) == {"zip": "10115"}
    assert conformed(obj({"s": {"type": "string", "maxLength": 3}}), {"s": "abcdef"}) == {
        "s": "abc"
    }


def test_a_string_too_short_is_missing() -> None:
    result = conform(obj({"s": {"type": "string", "minLength": 3}}, ["s"]), {"s": "ab"})
    assert result.missing == ("s",)


@pytest.mark.parametrize(
    ("fmt", "good", "bad"),
    [
        ("date", "2025-05-20", "next Tuesday"),
        ("date", "2024-02-29", "2025-02-30"),
        ("date-time", "2025-05-20T19:30:00Z", "2025-05-20"),
        ("time", "19:30", "7:30pm"),
        ("email", "kim@example.com", "kim at example"),
        ("uri", "https://example.com/a", "example dot com"),
    ],
)
def test_formats_accept_only_values_that_look_right(fmt: str, good: str, bad: str) -> None:
    schema = obj({"v": {"type": "string", "format": fmt}}, ["v"])
    assert conformed(schema, {"v": good}) == {"v": good}
    result = conform(schema, {"v": bad})
    assert result.missing == ("v",) and validate(schema, {"v": bad}) != []


def test_pattern_keeps_a_match_and_never_makes_one_up() -> None:
    schema = obj({"code": {"type": "string", "pattern": "^[A-Z]{3}$"}}, ["code"])
    assert conformed(schema, {"code": "ICN"}) == {"code": "ICN"}
    assert conform(schema, {"code": "Seoul"}).missing == ("code",)
    assert conform(schema, {}, fill_required=True).value == {"code": "AAA"}


# arrays


def test_a_lone_value_becomes_a_list_and_items_are_conformed() -> None:
    schema = obj({"tags": {"type": "array", "items": {"type": "integer"}}})
    assert conformed(schema, {"tags": "4"}) == {"tags": [4]}
    assert conformed(schema, {"tags": ["1", "x", 2]}) == {"tags": [1, 2]}


def test_unique_items_and_max_items() -> None:
    schema = obj({"t": {"type": "array", "uniqueItems": True, "maxItems": 2}})
    assert conformed(schema, {"t": ["a", "a", "b", "c"]}) == {"t": ["a", "b"]}


def test_min_items_short_is_missing_and_filled_with_distinct_items() -> None:
    schema = obj(
        {"t": {"type": "array", "items": {"type": "string"}, "minItems": 3, "uniqueItems": True}},
        ["t"],
    )
    result = conform(schema, {"t": ["x"]})
    assert result.missing == ("t[1]", "t[2]")
    filled = conform(schema, {"t": ["x"]}, fill_required=True).value
    assert filled["t"][0] == "x" and validate(schema, filled) == []


def test_missing_paths_name_nested_items() -> None:
    person = obj({"email": {"type": "string"}, "name": {"type": "string"}}, ["email"])
    schema = obj({"attendees": {"type": "array", "items": person}}, ["attendees"])
    result = conform(schema, {"attendees": [{"email": "a@b.c"}, {"name": "Kim"}]})
    assert result.missing == ("attendees[1].email",)


# objects


def test_nested_required_and_additional_properties_false() -> None:
    address = obj({"city": {"type": "string"}}, ["city"], additionalProperties=False)
    schema = obj({"address": address}, ["address"], additionalProperties=False)
    result = conform(schema, {"address": {"street": "Main"}, "note": "x"})
    assert result.value == {"address": {}} and result.missing == ("address.city",)
    assert len(result.changed) == 2


def test_optional_properties_are_never_invented() -> None:
    schema = obj({"city": {"type": "string"}, "unit": {"enum": ["c", "f"]}}, ["city"])
    assert conform(schema, {}, fill_required=True).value == {"city": ""}


def test_a_nested_object_sent_as_json_text_is_read() -> None:
    schema = obj({"where": obj({"city": {"type": "string"}}, ["city"])}, ["where"])
    assert conformed(schema, {"where": '{"city": "Seoul"}'}) == {"where": {"city": "Seoul"}}


def test_arguments_that_are_not_an_object_count_as_none() -> None:
    schema = obj({"city": {"type": "string"}}, ["city"])
    result = conform(schema, ["Paris"])
    assert result.value == {} and result.missing == ("city",)


# minimal instances and validate


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": "string"}, ""),
        ({"type": "string", "minLength": 2}, "aa"),
        ({"type": "integer", "minimum": 3}, 3),
        ({"type": "integer", "maximum": -2}, -2),
        ({"type": "number", "exclusiveMinimum": 0, "maximum": 0.5}, 0.25),
        ({"type": ["string", "null"]}, None),
        ({"enum": ["b", "a"]}, "b"),
        (
            {"type": "array", "items": {"type": "integer"}, "minItems": 2, "uniqueItems": True},
            [0, 1],
        ),
        (obj({"a": {"type": "boolean"}, "b": {"type": "string"}}, ["a"]), {"a": False}),
        ({"type": "string", "format": "date"}, "2026-01-01"),
    ],
)
def test_minimal_instance(schema: dict[str, Any], expected: Any) -> None:
    value = minimal_instance(schema, schema)
    assert value == expected and validate(schema, value) == []


def test_validate_resolves_refs_and_names_the_path() -> None:
    schema = obj(
        {"who": {"$ref": "#/$defs/P"}},
        ["who"],
        **{"$defs": {"P": obj({"email": {"type": "string", "format": "email"}}, ["email"])}},
    )
    assert validate(schema, {"who": {"email": "a@b.co"}}) == []
    assert validate(schema, {"who": {"email": "nope"}}) == ["who.email: 'nope' is not a 'email'"]


def test_validate_reports_a_broken_schema_instead_of_raising() -> None:
    (error,) = validate({"type": "strnig"}, "x")
    assert error.startswith("(schema)")


def test_example_matching_builds_the_shortest_match() -> None:
    for pattern in [r"^[A-Z]{3}-\d{2,4}$", r"^(foo|ba)+x?$", r"^\w+@\w+\.com$", "^#[a-z0-9_-]+$"]:
        assert re.search(pattern, example_matching(pattern)), pattern


@pytest.mark.parametrize(
    ("pattern", "written", "kept"),
    [
        ("^[^#\\s]+$", "#hiring", "hiring"),  # "Hashtags without the # sign"
        ("^[a-z0-9_]+$", "@mina_k", "mina_k"),  # a handle without its @
        ("^[가-힣A-Za-z0-9]+$", "#맛집", "맛집"),
    ],
)
def test_a_value_written_with_its_sign_where_the_pattern_refuses_the_sign_loses_the_sign(
    pattern: str, written: str, kept: str
) -> None:
    schema = {"type": "object", "properties": {"tags": {"type": "array", "items": {
        "type": "string", "pattern": pattern}}}}  # fmt: skip
    assert conform(schema, {"tags": [written]}).value == {"tags": [kept]}


def test_a_sign_the_pattern_asks_for_is_kept() -> None:
    schema = {"type": "object", "properties": {"tag": {"type": "string", "pattern": "^#\\w+$"}}}
    assert conform(schema, {"tag": "#hiring"}).value == {"tag": "#hiring"}
