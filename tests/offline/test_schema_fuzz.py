"""Property tests: for random tool schemas, conformed arguments always validate (issue 9).

The schemas are the shapes learners and real APIs write: nested objects, arrays, enums, const,
anyOf with null, $defs/$ref, bounds, minItems, formats, patterns, required subsets,
additionalProperties false, and OpenAI strict-mode ones (every property required, closed
objects, null unions). Validation is jsonschema's own (formats as annotations, the Draft
2020-12 default) and conform.validate (formats checked).
"""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from offline_support import strict_client

from helpers.offline import MODEL_ID
from helpers.offline.conform import conform, minimal_instance, validate

FUZZ = settings(
    max_examples=150,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
NAMES = ["city", "date", "count", "email", "tags", "unit", "address", "items", "note", "when"]
FORMATS = ["date", "date-time", "time", "email", "uri"]
PATTERNS = [r"^[A-Z]{3}$", r"^\d{5}$", r"^[a-z]+(-[a-z]+)*$", r"^#[a-z0-9_]+$", r"^\+?\d{7,12}$"]
WORDS = ["celsius", "fahrenheit", "low", "medium", "high", "USD", "EUR", "원", "달러", "Paris"]


def assert_valid(schema: dict[str, Any], value: Any) -> None:
    """Valid by plain jsonschema (2020-12, refs resolved in the schema) and by conform.validate."""
    jsonschema.Draft202012Validator(schema).validate(value)
    assert validate(schema, value) == [], (schema, value)


# Schemas.


@st.composite
def string_schemas(draw: st.DrawFn) -> dict[str, Any]:
    """A string: free, bounded in length, with a format, or with a pattern."""
    kind = draw(st.sampled_from(["free", "length", "format", "pattern"]))
    schema: dict[str, Any] = {"type": "string"}
    if kind == "length":
        low = draw(st.integers(0, 4))
        schema |= {"minLength": low, "maxLength": draw(st.integers(low, low + 8))}
    elif kind == "format":
        schema["format"] = draw(st.sampled_from(FORMATS))
    elif kind == "pattern":
        schema["pattern"] = draw(st.sampled_from(PATTERNS))
    return schema


@st.composite
def number_schemas(draw: st.DrawFn) -> dict[str, Any]:
    """An integer or number with some of minimum/maximum (plain or exclusive) and multipleOf."""
    kind = draw(st.sampled_from(["integer", "number"]))
    schema: dict[str, Any] = {"type": kind}
    step = draw(st.sampled_from([None, 1, 2, 5, 0.5, 0.25])) if kind == "number" else None
    step = draw(st.sampled_from([None, 2, 5, 10])) if kind == "integer" else step
    low = draw(st.one_of(st.none(), st.integers(-50, 50)))
    high = draw(st.one_of(st.none(), st.integers(-50, 50)))
    if low is not None and high is not None and high < low + 25:
        high = low + 25  # room for a multiple inside, even with exclusive bounds
    if low is not None:
        schema["exclusiveMinimum" if draw(st.booleans()) else "minimum"] = low
    if high is not None:
        schema["exclusiveMaximum" if draw(st.booleans()) else "maximum"] = high
    if step is not None:
        schema["multipleOf"] = step
    return schema


ENUMS_OF_FOUR = {"type": "string", "enum": ["low", "medium", "high", "urgent"]}
ENUMS = st.lists(st.sampled_from(WORDS), min_size=1, max_size=4, unique=True).map(
    lambda members: {"type": "string", "enum": members}
)
SCALARS = st.one_of(
    string_schemas(),
    number_schemas(),
    st.just({"type": "boolean"}),
    ENUMS,
    st.sampled_from(WORDS).map(lambda word: {"const": word}),
    st.integers(1, 3).map(lambda n: {"enum": [n, n * 10]}),
)


def nullable(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema or null, as anyOf (the strict-mode way) or a type list."""
    if "type" in schema and "enum" not in schema and isinstance(schema["type"], str):
        return {**schema, "type": [schema["type"], "null"]}
    return {"anyOf": [schema, {"type": "null"}]}


UNIQUE_ITEMS = st.sampled_from(
    [{"type": "string"}, {"type": "integer"}, {"type": "string", "format": "date"}, ENUMS_OF_FOUR]
)


def arrays(items: st.SearchStrategy[dict[str, Any]]) -> st.SearchStrategy[dict[str, Any]]:
    """An array of `items`, maybe with minItems/maxItems, or of distinct items (uniqueItems)
    of a kind whose values do not run out before minItems."""

    @st.composite
    def build(draw: st.DrawFn) -> dict[str, Any]:
        unique = draw(st.booleans())
        item = draw(UNIQUE_ITEMS if unique else items)
        schema: dict[str, Any] = {"type": "array", "items": item}
        low = draw(st.integers(0, 3))
        if low:
            schema["minItems"] = low
        if draw(st.booleans()):
            schema["maxItems"] = low + draw(st.integers(0, 2)) or 1
        if unique:
            schema["uniqueItems"] = True
        return schema

    return build()


@st.composite
def objects(draw: st.DrawFn, children: st.SearchStrategy[dict[str, Any]]) -> dict[str, Any]:
    """An object with a few properties, a subset required, maybe closed."""
    names = draw(st.lists(st.sampled_from(NAMES), min_size=1, max_size=4, unique=True))
    properties = {name: draw(children) for name in names}
    required = [name for name in names if draw(st.booleans())]
    schema = {"type": "object", "properties": properties, "required": required}
    if draw(st.booleans()):
        schema["additionalProperties"] = False
    return schema


VALUES = st.recursive(
    SCALARS | SCALARS.map(nullable),
    lambda inner: (
        arrays(inner)
        | objects(inner)
        | st.tuples(inner, inner).map(lambda pair: {"anyOf": list(pair)})
    ),
    max_leaves=8,
)


@st.composite
def tool_schemas(draw: st.DrawFn) -> dict[str, Any]:
    """A tool's parameters: an object, sometimes with $defs its properties $ref."""
    definitions = draw(st.dictionaries(st.sampled_from(["Person", "Place", "Money"]), VALUES))
    refs = [{"$ref": f"#/$defs/{name}"} for name in definitions]
    children = VALUES | st.sampled_from(refs) if refs else VALUES
    schema = draw(objects(children))
    if definitions:
        schema["$defs"] = definitions
    return schema


def strict_shape(schema: Any) -> Any:
    """The schema in OpenAI strict mode's shape: every object closed and fully required,
    optional properties made nullable instead."""
    if isinstance(schema, list):
        return [strict_shape(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    shaped = {key: strict_shape(value) for key, value in schema.items()}
    if shaped.get("type") == "object":
        optional = [k for k in shaped["properties"] if k not in shaped.get("required", [])]
        for key in optional:
            shaped["properties"][key] = nullable(shaped["properties"][key])
        shaped["required"] = list(shaped["properties"])
        shaped["additionalProperties"] = False
    return shaped


SCHEMAS = tool_schemas() | tool_schemas().map(strict_shape)


# Proposals: roughly shaped like the schema, with the mistakes models make.

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-100, 100) | st.floats(-1e3, 1e3) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from(NAMES), inner),
    max_leaves=6,
)
SCALAR_GUESSES = st.one_of(
    st.sampled_from(WORDS).map(str.upper),
    st.sampled_from(WORDS),
    st.integers(-100, 100).map(str),
    st.sampled_from(["2025-05-20", "2025-05-20T19:30:00Z", "19:30", "kim@example.com"]),
    st.sampled_from(["https://example.com", "ICN", "10115", "#general", "+821012345678"]),
    st.sampled_from(["yes", "no", "true", "3.5", "1,200", "tomorrow", ""]),
)


@st.composite
def proposals(draw: st.DrawFn, schema: Any, root: dict[str, Any], depth: int = 0) -> Any:
    """A value a model might propose for `schema`: mostly the right shape, sometimes not."""
    if not isinstance(schema, dict) or depth > 4 or draw(st.integers(0, 9)) == 0:
        return draw(JSON | SCALAR_GUESSES)
    if "$ref" in schema:
        return draw(proposals(root["$defs"][schema["$ref"].split("/")[-1]], root, depth + 1))
    if "anyOf" in schema:
        return draw(proposals(draw(st.sampled_from(schema["anyOf"])), root, depth + 1))
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if kind == "object":
        names = draw(st.lists(st.sampled_from([*schema["properties"], "extra"]), unique=True))
        child = schema["properties"]
        return {n: draw(proposals(child.get(n, {}), root, depth + 1)) for n in names}
    if kind == "array":
        items = st.lists(proposals(schema["items"], root, depth + 1), max_size=6)
        return draw(items | proposals(schema["items"], root, depth + 1))
    if "enum" in schema or "const" in schema:
        members = schema.get("enum") or [schema["const"]]
        return draw(st.sampled_from(members).map(lambda m: m.upper() if isinstance(m, str) else m))
    return draw(SCALAR_GUESSES | JSON)


@st.composite
def schema_and_proposal(draw: st.DrawFn) -> tuple[dict[str, Any], Any]:
    """A random tool schema and a proposal for it."""
    schema = draw(SCHEMAS)
    return schema, draw(proposals(schema, schema))


@FUZZ
@given(schema_and_proposal())
def test_conformed_arguments_always_validate(case: tuple[dict[str, Any], Any]) -> None:
    schema, proposed = case
    result = conform(schema, proposed, fill_required=True)
    assert_valid(schema, result.value)


@FUZZ
@given(schema_and_proposal())
def test_without_filling_only_the_missing_values_are_invalid(
    case: tuple[dict[str, Any], Any],
) -> None:
    schema, proposed = case
    result = conform(schema, proposed)
    if not result.missing:
        assert_valid(schema, result.value)
    filled = conform(schema, proposed, fill_required=True)
    assert filled.missing == result.missing


@FUZZ
@given(SCHEMAS)
def test_minimal_instances_always_validate(schema: dict[str, Any]) -> None:
    assert_valid(schema, minimal_instance(schema, schema))


@FUZZ
@given(SCHEMAS)
def test_a_proposal_that_is_already_valid_is_kept_as_it_is(schema: dict[str, Any]) -> None:
    valid = minimal_instance(schema, schema)
    result = conform(schema, valid)
    assert (result.value, result.missing, result.changed) == (valid, (), ())


# End to end: the model, forced to call a random tool, sends arguments that validate.


def mention(value: Any) -> str:
    """A value as a user would type it in a message."""
    if isinstance(value, dict):
        return ", ".join(f"{key} {mention(item)}" for key, item in value.items())
    if isinstance(value, list):
        return " and ".join(mention(item) for item in value)
    return str(value)


@st.composite
def forced_requests(draw: st.DrawFn) -> tuple[dict[str, Any], dict[str, Any]]:
    """A request with one random tool, forced by name or by "required", and a user message
    carrying random values."""
    schema = draw(SCHEMAS)
    strict = schema.get("additionalProperties") is False and all(
        key in schema["required"] for key in schema["properties"]
    )
    description = f"Save the details the user gives: {', '.join(schema['properties'])}."
    function = {"name": "save_details", "description": description, "parameters": schema}
    if strict and draw(st.booleans()) and _strict_everywhere(schema):
        function["strict"] = True
    choice = draw(
        st.sampled_from(["required", {"type": "function", "function": {"name": "save_details"}}])
    )
    message = "Save these details: " + mention(draw(proposals(schema, schema)))
    request = {
        "model": MODEL_ID,
        "messages": [{"role": "user", "content": message}],
        "tools": [{"type": "function", "function": function}],
        "tool_choice": choice,
    }
    return request, schema


def _strict_everywhere(schema: Any) -> bool:
    """Whether every object in the schema is closed and fully required (strict mode's rule)."""
    text = json.dumps(schema)
    return '"type": "object"' not in text or all(_closed(node) for node in _objects_in(schema))


def _objects_in(schema: Any) -> list[dict[str, Any]]:
    """Every object schema inside a schema."""
    found = []
    if isinstance(schema, dict):
        if schema.get("type") == "object":
            found.append(schema)
        for value in schema.values():
            found += _objects_in(value)
    elif isinstance(schema, list):
        for value in schema:
            found += _objects_in(value)
    return found


def _closed(node: dict[str, Any]) -> bool:
    """additionalProperties false and every property required."""
    return node.get("additionalProperties") is False and set(node.get("required", [])) == set(
        node.get("properties", {})
    )


@FUZZ
@given(forced_requests())
def test_a_forced_call_to_a_random_tool_sends_valid_arguments(
    case: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    request, schema = case
    message = strict_client().chat.completions.create(**request).choices[0].message
    assert message.tool_calls, message
    for call in message.tool_calls:
        assert call.function.name == "save_details"
        assert_valid(schema, json.loads(call.function.arguments))


@FUZZ
@given(forced_requests())
def test_any_call_the_model_chooses_to_make_sends_valid_arguments(
    case: tuple[dict[str, Any], dict[str, Any]],
) -> None:
    """With tool_choice "auto" the model may ask or answer instead (it calls in about half of
    these cases); every call it does make has arguments that validate."""
    request, schema = case
    message = strict_client().chat.completions.create(**{**request, "tool_choice": "auto"})
    for call in message.choices[0].message.tool_calls or []:
        assert_valid(schema, json.loads(call.function.arguments))


def test_the_pattern_list_is_matched_by_its_own_examples() -> None:
    """The fuzz's patterns are ones conform can make a minimal match for."""
    for pattern in PATTERNS:
        value = minimal_instance({"type": "string", "pattern": pattern}, {})
        assert re.search(pattern, value), pattern
