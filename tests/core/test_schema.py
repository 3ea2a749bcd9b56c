"""Step 1: the JSON Schema the model reads, from type hints and a Google-style docstring."""

from __future__ import annotations

from typing import Literal, Optional

import pytest

from helpers.schema import (
    describe_parameters,
    function_schema,
    parse_docstring,
    type_schema,
)


def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius",
                days: Optional[int] = None, tags: list[str] | None = None) -> dict:  # noqa: UP045
    """Get the current weather for a city.

    Use it for any weather question.

    Args:
        city (str): The city, e.g. "Beijing"
            or "베이징".
        unit: The temperature unit.
        days: How many days ahead.

    Returns:
        The weather.
    """
    return {}


def test_description_is_the_text_before_the_sections() -> None:
    schema = function_schema(get_weather)
    assert schema["name"] == "get_weather"
    assert schema["description"] == (
        "Get the current weather for a city.\n\nUse it for any weather question.")


def test_parameters_from_type_hints_defaults_and_args_section() -> None:
    parameters = function_schema(get_weather)["parameters"]
    assert parameters["required"] == ["city"]
    assert parameters["additionalProperties"] is False
    properties = parameters["properties"]
    assert properties["city"] == {"type": "string",
                                  "description": 'The city, e.g. "Beijing" or "베이징".'}
    assert properties["unit"] == {"type": "string", "enum": ["celsius", "fahrenheit"],
                                  "description": "The temperature unit.", "default": "celsius"}
    assert properties["days"] == {"anyOf": [{"type": "integer"}, {"type": "null"}],
                                  "description": "How many days ahead."}
    assert properties["tags"] == {"anyOf": [{"type": "array", "items": {"type": "string"}},
                                            {"type": "null"}]}


@pytest.mark.parametrize(("hint", "schema"), [
    (str, {"type": "string"}), (int, {"type": "integer"}), (float, {"type": "number"}),
    (bool, {"type": "boolean"}), (list[int], {"type": "array", "items": {"type": "integer"}}),
    (dict[str, float], {"type": "object", "additionalProperties": {"type": "number"}}),
    (Literal[1, 2], {"type": "integer", "enum": [1, 2]}),
    (Literal["a", 1], {"enum": ["a", 1]}),
])
def test_type_schema(hint: object, schema: dict) -> None:
    assert type_schema(hint) == schema


def test_explicit_name_and_description_win() -> None:
    schema = function_schema(get_weather, name="weather", description="Weather for a city now.")
    assert (schema["name"], schema["description"]) == ("weather", "Weather for a city now.")


def test_unsupported_hint_names_what_is_supported() -> None:
    def f(when: complex) -> None:
        """Does something with a complex number."""

    with pytest.raises(TypeError, match=r"complex.*Supported: str, int"):
        function_schema(f)


def test_missing_hint_and_star_args_are_refused_with_a_reason() -> None:
    def no_hint(city):  # type: ignore[no-untyped-def]
        """x"""

    def star(*cities: str) -> None:
        """x"""

    with pytest.raises(TypeError, match="'city' has no type hint"):
        function_schema(no_hint)
    with pytest.raises(TypeError, match=r"\*cities"):
        function_schema(star)


def test_docstring_without_sections_is_all_description() -> None:
    assert parse_docstring("Add two numbers.") == ("Add two numbers.", {})
    assert parse_docstring(None) == ("", {})


def test_docstring_sections_after_args_are_not_parameters() -> None:
    _, params = parse_docstring("""X.

    Args:
        a: First.
        b: Second,
            continued.
    Raises:
        ValueError: never.
    """)
    assert params == {"a": "First.", "b": "Second, continued."}


def test_describe_parameters_for_error_messages() -> None:
    text = describe_parameters(function_schema(get_weather)["parameters"])
    assert text == ('city: string, unit: "celsius" | "fahrenheit" (optional), '
                    "days: integer | null (optional), tags: array of string | null (optional)")
    assert describe_parameters({"type": "object", "properties": {}}) == "no parameters"
