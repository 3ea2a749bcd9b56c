"""Checkers for lesson 01's exercises: a tool definition by hand, and a schema made strict."""

from __future__ import annotations

import copy
import warnings
from collections.abc import Callable
from typing import Any

try:  # compiled; in the browser (Pyodide) the registry's fallback serves
    import jsonschema_rs
except ImportError:  # pragma: no cover
    from helpers import jsonschema_fallback as jsonschema_rs

from helpers.errors import ToolDefinitionWarning
from helpers.exercises import checker, expect
from helpers.registry import NAME_PATTERN, ToolRegistry, check_parameters_schema

WEATHER_PARAMETERS = {
    "type": "object",
    "properties": {
        "city": {"type": "string", "description": "The city name, e.g. 'Beijing' or '베이징'."},
        "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"},
    },
    "required": ["city"],
}
SEARCH_PARAMETERS = {
    "type": "object",
    "properties": {
        "query": {"type": "string", "description": "What to look for."},
        "top_k": {"type": "integer", "description": "How many passages, 1 to 8."},
    },
    "required": ["query"],
}


def accepts(schema: dict[str, Any], arguments: dict[str, Any]) -> bool:
    """Whether `arguments` are valid under the JSON Schema `schema`."""
    return jsonschema_rs.validator_for(schema).is_valid(arguments)


def registration_warnings(definition: dict[str, Any]) -> list[str]:
    """What ToolRegistry warns about when this definition is registered."""
    function = definition["function"]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        ToolRegistry().register(
            lambda **kwargs: kwargs,
            name=function["name"],
            description=function.get("description", ""),
            parameters=function["parameters"],
        )
    return [str(w.message) for w in caught if issubclass(w.category, ToolDefinitionWarning)]


@checker("01.1")
def check_weather_tool(weather_tool: Callable[[], dict[str, Any]]) -> None:
    """01.1 (seed 000, step 1): name, description and JSON Schema of the weather tool."""
    tool = weather_tool()
    expect(isinstance(tool, dict) and tool.get("type") == "function",
           'return a dict like {"type": "function", "function": {...}}.')
    function = tool.get("function")
    expect(isinstance(function, dict), "'function' should be a dict with name, description "
                                       "and parameters.")
    name = function.get("name")
    expect(isinstance(name, str) and bool(NAME_PATTERN.match(name)),
           f"the name {name!r} is not allowed: use 1-64 letters, digits, '_' or '-'.")
    parameters = function.get("parameters")
    expect(isinstance(parameters, dict) and parameters.get("type") == "object",
           "'parameters' should be a JSON Schema for an object: "
           '{"type": "object", "properties": {...}, "required": [...]}.')
    try:
        check_parameters_schema(name, parameters)  # what ToolRegistry.register checks
    except ValueError as error:
        expect(False, str(error))
    city = parameters.get("properties", {}).get("city", {})
    expect(city.get("type") == "string", "there should be a 'city' property of type 'string'.")
    expect(bool(city.get("description")),
           "give 'city' a description: it tells the model what to put there.")
    expect(accepts(parameters, {"city": "베이징"}), "the schema rejects {'city': '베이징'}.")
    expect(accepts(parameters, {"city": "Paris", "unit": "fahrenheit"}),
           "the schema rejects {'city': 'Paris', 'unit': 'fahrenheit'}.")
    expect(not accepts(parameters, {}),
           "the schema accepts {}: list 'city' in 'required', the tool cannot work without it.")
    expect(not accepts(parameters, {"unit": "celsius"}), "'city' should be required.")
    expect(not accepts(parameters, {"city": "Paris", "unit": "kelvin"}),
           "the schema accepts unit 'kelvin': give 'unit' an enum of 'celsius' and "
           "'fahrenheit'.")
    expect(not accepts(parameters, {"city": 42}), "the schema accepts a number as the city.")
    problems = registration_warnings(tool)
    expect(not problems, f"ToolRegistry warns: {problems[0] if problems else ''}")


@checker("01.2")
def check_make_strict(make_strict: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """01.2 (step 1, strict mode): every property required, no extras, optional ones nullable."""
    for original, required, optional in [
        (WEATHER_PARAMETERS, ("city", "Paris"), ("unit", "celsius")),
        (SEARCH_PARAMETERS, ("query", "tool_call_id"), ("top_k", 3)),
    ]:
        given = copy.deepcopy(original)
        strict = make_strict(given)
        expect(given == original, "make_strict changed the schema it was given: build a new "
                                  "one (copy.deepcopy helps).")
        expect(isinstance(strict, dict) and strict.get("additionalProperties") is False,
               "set 'additionalProperties': False (strict mode allows no extra keys).")
        expect(sorted(strict.get("required", [])) == sorted(original["properties"]),
               f"'required' should list every property ({', '.join(original['properties'])}): "
               "in strict mode the model sends all of them.")
        (must, must_value), (may, may_value) = required, optional
        expect(accepts(strict, {must: must_value, may: may_value}),
               f"the strict schema rejects {{{must!r}: {must_value!r}, {may!r}: {may_value!r}}}.")
        expect(accepts(strict, {must: must_value, may: None}),
               f"'{may}' was optional, so it must accept null now "
               f"(e.g. {{'anyOf': [<its old schema>, {{'type': 'null'}}]}}).")
        expect(not accepts(strict, {must: None, may: may_value}),
               f"'{must}' was required: it must not accept null.")
        expect(not accepts(strict, {must: must_value}),
               f"the strict schema accepts arguments without '{may}': it must be required.")
        expect(not accepts(strict, {must: must_value, may: may_value, "extra": 1}),
               "the strict schema accepts an extra key.")
    strict_weather = make_strict(copy.deepcopy(WEATHER_PARAMETERS))
    expect(not accepts(strict_weather, {"city": "Paris", "unit": "kelvin"}),
           "'unit' lost its enum: keep the old schema as one branch of the union with null.")
