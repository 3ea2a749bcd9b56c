"""ToolRegistry: registration (step 1), definitions (step 2), execution and error texts (step 5)."""

from __future__ import annotations

import asyncio
import json
import math
import warnings
from typing import Literal

import pydantic
import pytest

from helpers.errors import ERROR_KINDS, ToolDefinitionWarning
from helpers.registry import ToolRegistry


def make_registry() -> ToolRegistry:
    registry = ToolRegistry()

    @registry.register
    def get_weather(city: str, unit: Literal["celsius", "fahrenheit"] = "celsius") -> dict:
        """Get the current weather for a city.

        Args:
            city: The city name.
            unit: The temperature unit.
        """
        return {"city": city, "summary": "맑음, 28도", "unit": unit}

    @registry.register(name="search_docs", description="Search the workbook notes for a query.")
    def search(query: str, top_k: int = 3) -> list:
        return [query] * top_k

    return registry


def error_of(content: str) -> str:
    payload = json.loads(content)
    assert set(payload) >= {"error"}
    return payload["error"]


def test_register_returns_the_function_and_every_form_registers() -> None:
    registry = make_registry()

    def add(a: int, b: int) -> int:
        """Add two whole numbers and return the sum."""
        return a + b

    assert registry.register(add) is add
    assert registry.names == ["get_weather", "search_docs", "add"]
    assert "add" in registry and len(registry) == 3
    assert registry.get("nothing") is None


def test_definitions_are_all_tools_in_the_request_shape() -> None:
    definitions = make_registry().definitions()
    assert [d["type"] for d in definitions] == ["function", "function"]
    weather, search = (d["function"] for d in definitions)
    assert weather["name"] == "get_weather"
    assert weather["description"] == "Get the current weather for a city."
    assert weather["parameters"]["properties"]["unit"]["enum"] == ["celsius", "fahrenheit"]
    assert search["name"] == "search_docs"
    assert search["parameters"]["required"] == ["query"]


def test_a_good_call_returns_json_that_keeps_korean_readable() -> None:
    result = make_registry().call("get_weather", '{"city": "베이징"}')
    assert result.ok and result.error_kind is None
    assert "맑음, 28도" in result.content
    assert json.loads(result.content) == {"city": "베이징", "summary": "맑음, 28도",
                                          "unit": "celsius"}


def test_a_string_result_is_passed_as_it_is() -> None:
    registry = ToolRegistry()
    registry.register(lambda city: f"{city}: 맑음, 28도", name="weather_text",
                      description="The weather in a city, as a short text.",
                      parameters={"type": "object", "properties": {"city": {"type": "string"}}})
    assert registry.execute("weather_text", '{"city": "베이징"}') == "베이징: 맑음, 28도"


def test_arguments_may_be_a_dict_and_empty_arguments_mean_none() -> None:
    registry = make_registry()

    @registry.register
    def ping() -> str:
        """Check that the tool service answers at all."""
        return "pong"

    assert registry.execute("ping", "") == "pong"
    assert json.loads(registry.execute("get_weather", {"city": "Seoul"}))["city"] == "Seoul"


# ---- each bad input becomes a clear error text, never an exception ----

def test_unknown_tool_lists_the_available_ones() -> None:
    result = make_registry().call("weather_lookup", '{"city": "Seoul"}')
    assert (result.ok, result.error_kind) == (False, "unknown_tool")
    assert error_of(result.content) == (
        "Unknown tool 'weather_lookup'. Available tools: get_weather, search_docs.")


def test_unknown_tool_close_to_a_real_one_gets_a_hint() -> None:
    message = error_of(make_registry().execute("get_wether", "{}"))
    assert message.endswith("Did you mean 'get_weather'?")


def test_invalid_json_says_where_it_broke() -> None:
    result = make_registry().call("get_weather", '{"city": "Se')
    assert result.error_kind == "invalid_json"
    payload = json.loads(result.content)
    assert "not valid JSON" in payload["error"] and "column 10" in payload["error"]
    assert payload["received"] == '{"city": "Se'


def test_json_that_is_not_an_object_is_refused() -> None:
    result = make_registry().call("get_weather", '["Seoul"]')
    assert result.error_kind == "invalid_arguments"
    assert "must be a JSON object" in error_of(result.content)
    assert "an array" in error_of(result.content)


@pytest.mark.parametrize(("arguments", "expected"), [
    ('{"city": 5}', 'city: 5 is not of type "string"'),
    ('{"city": "Seoul", "unit": "kelvin"}',
     'unit: "kelvin" is not one of "celsius" or "fahrenheit"'),
    ("{}", '"city" is a required property'),
    ('{"city": "Seoul", "town": "x"}', "('town' was unexpected)"),
])
def test_schema_violations_name_the_field_and_what_is_allowed(
    arguments: str, expected: str
) -> None:
    result = make_registry().call("get_weather", arguments)
    assert result.error_kind == "invalid_arguments"
    message = error_of(result.content)
    assert expected in message
    assert message.endswith(
        """'get_weather' accepts: city: string, unit: "celsius" | "fahrenheit" (optional).""")


def test_a_tool_that_raises_gives_its_exception_type_and_message() -> None:
    registry = ToolRegistry()

    @registry.register
    def divide(a: float, b: float) -> float:
        """Divide the number a by the number b."""
        return a / b

    result = registry.call("divide", '{"a": 1, "b": 0}')
    assert result.error_kind == "tool_failed"
    assert error_of(result.content) == (
        "The tool 'divide' failed with ZeroDivisionError: division by zero")


@pytest.mark.parametrize("value", [{1, 2}, math.nan, object()])
def test_a_result_that_is_not_json_is_a_clear_error(value: object) -> None:
    registry = ToolRegistry()
    registry.register(lambda: value, name="broken", description="Returns something odd on purpose.",
                      parameters={"type": "object", "properties": {}})
    result = registry.call("broken", "{}")
    assert result.error_kind == "not_serialisable"
    assert "cannot be sent as JSON" in error_of(result.content)
    assert type(value).__name__ in error_of(result.content)


def test_error_kinds_used_are_the_documented_ones() -> None:
    registry = make_registry()
    kinds = {registry.call(*args).error_kind for args in [
        ("nope", "{}"), ("get_weather", "{"), ("get_weather", "{}")]}
    assert kinds <= set(ERROR_KINDS) and len(kinds) == 3


# ---- explicit schemas and pydantic models ----

def test_explicit_parameters_are_used_and_enforced() -> None:
    registry = ToolRegistry()
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}},
              "required": ["n"]}
    registry.register(lambda n: n * 2, name="double", parameters=schema,
                      description="Double a positive whole number.")
    assert registry.definitions()[0]["function"]["parameters"] == schema
    assert registry.execute("double", '{"n": 4}') == "8"
    assert "n: 0 is less than the minimum of 1" in registry.execute("double", '{"n": 0}')


@pytest.mark.parametrize(("parameters", "message"), [
    ({"type": "object", "properties": {"n": {"type": "integr"}}}, "not a valid JSON Schema"),
    ({"type": "string"}, "must describe an object"),
])
def test_bad_explicit_parameters_are_refused(parameters: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ToolRegistry().register(lambda n: n, name="f", parameters=parameters,
                                description="Some tool with a broken schema.")


def test_parameters_of_another_kind_are_refused() -> None:
    with pytest.raises(TypeError, match="a JSON Schema dict or a pydantic model class"):
        ToolRegistry().register(lambda n: n, name="f", parameters=["n"],
                                description="Some tool with parameters given as a list.")


def test_a_name_the_api_would_reject_is_refused() -> None:
    with pytest.raises(ValueError, match="pass name="):
        ToolRegistry().register(lambda: 1, description="A lambda with no usable name.")


class Booking(pydantic.BaseModel):
    """Book a table at a restaurant for a number of people."""

    restaurant: str
    people: int = pydantic.Field(ge=1, le=12)


def test_a_pydantic_parameter_uses_the_sdk_schema_and_receives_the_model() -> None:
    registry = ToolRegistry()
    received = []

    @registry.register
    def book_table(booking: Booking) -> str:
        received.append(booking)
        return "booked"

    function = registry.definitions()[0]["function"]
    assert function["strict"] is True
    assert function["description"] == "Book a table at a restaurant for a number of people."
    assert set(function["parameters"]["required"]) == {"restaurant", "people"}
    assert registry.execute("book_table", '{"restaurant": "Jungsik", "people": 2}') == "booked"
    assert received == [Booking(restaurant="Jungsik", people=2)]
    result = registry.call("book_table", '{"restaurant": "Jungsik", "people": 40}')
    assert result.error_kind == "invalid_arguments" and "people" in error_of(result.content)


def test_parameters_may_be_a_pydantic_model() -> None:
    registry = ToolRegistry()
    registry.register(lambda booking: booking.people, name="count_people", parameters=Booking)
    assert registry.execute("count_people", '{"restaurant": "x", "people": 3}') == "3"


# ---- async tools ----

async def fetch_page(url: str) -> str:
    """Fetch a web page and return its title."""
    await asyncio.sleep(0)
    return f"title of {url}"


def test_async_tools_run_from_sync_code_and_inside_a_running_loop() -> None:
    registry = ToolRegistry()
    registry.register(fetch_page)
    assert registry.execute("fetch_page", '{"url": "a"}') == "title of a"

    async def inside_a_loop() -> tuple[str, str]:  # as in Jupyter, where a loop always runs
        sync_result = registry.execute("fetch_page", '{"url": "b"}')
        async_result = (await registry.call_async("fetch_page", '{"url": "c"}')).content
        return sync_result, async_result

    assert asyncio.run(inside_a_loop()) == ("title of b", "title of c")


def test_call_async_reports_errors_like_call() -> None:
    registry = make_registry()
    for args in [("nope", "{}"), ("get_weather", "{"), ("get_weather", '{"city": 1}')]:
        assert asyncio.run(registry.call_async(*args)) == registry.call(*args)


# ---- registration warnings: the seeds' causes of repeated errors ----

def caught(register: object) -> list[str]:
    with warnings.catch_warnings(record=True) as found:
        warnings.simplefilter("always")
        register()  # type: ignore[operator]
    assert all(w.category is ToolDefinitionWarning for w in found)
    return [str(w.message) for w in found]


def test_names_too_close_warn() -> None:
    registry = ToolRegistry()

    def getWeather(city: str) -> str:  # noqa: N802
        """Get the current weather for a city."""
        return city

    def getWeatherNow(city: str) -> str:  # noqa: N802
        """Get the weather right now for a city."""
        return city

    assert caught(lambda: registry.register(getWeather)) == []
    assert caught(lambda: registry.register(getWeatherNow)) == [
        "Tool names 'getWeatherNow' and 'getWeather' are very similar: the model may confuse "
        "them. Rename one so the names differ clearly."]


def test_missing_and_thin_descriptions_warn() -> None:
    registry = ToolRegistry()

    def a(x: int) -> int:
        return x

    def b(x: int) -> int:
        """Does b."""
        return x

    assert "has no description" in caught(lambda: registry.register(a))[0]
    assert "thin description ('Does b.')" in caught(lambda: registry.register(b))[0]


def test_registering_a_name_again_replaces_it_and_says_so() -> None:
    registry = make_registry()
    messages = caught(lambda: registry.register(
        lambda query: "new", name="search_docs", description="A newer search over the notes.",
        parameters={"type": "object", "properties": {"query": {"type": "string"}}}))
    assert messages == ["Tool 'search_docs' was already registered; the new definition "
                        "replaces it."]
    assert registry.execute("search_docs", '{"query": "x"}') == "new"
    assert len(registry) == 2


def test_distinct_well_described_tools_do_not_warn() -> None:
    assert caught(make_registry) == []
