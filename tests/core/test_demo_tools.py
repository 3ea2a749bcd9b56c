"""The seeds' demo tools: deterministic data, descriptions that pass the registry's checks."""

from __future__ import annotations

import json
import time
import warnings

from helpers.demo_tools import demo_registry, get_weather, weather_registry


def test_beijing_is_sunny_and_28_degrees_as_in_seed_000() -> None:
    assert get_weather("베이징") == get_weather("베이징")
    weather = get_weather("베이징")
    assert (weather["condition"], weather["temperature"], weather["summary"]) == (
        "sunny", 28, "맑음, 28도")
    assert get_weather("Beijing", unit="fahrenheit")["temperature"] == 82


def test_any_other_city_gets_the_same_made_up_weather_every_time() -> None:
    first, again = get_weather("Reykjavik"), get_weather(" reykjavik")
    assert first["temperature"] == again["temperature"] and 5 <= first["temperature"] < 30
    assert first["condition"] == again["condition"]
    temperatures = {get_weather(city)["temperature"] for city in ["Oslo", "Lima", "Cairo", "Rome"]}
    assert len(temperatures) > 1  # made up, but not one constant


def test_demo_registry_has_the_seed_tools_and_no_definition_warnings() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        registry = demo_registry()
        weather_registry()
    assert registry.names == ["get_weather", "search_docs", "convert_currency", "get_time",
                              "get_stock_price"]
    assert demo_registry(failing=False).names == registry.names[:-1]


def test_tools_through_the_registry() -> None:
    registry = demo_registry()
    docs = json.loads(registry.execute("search_docs", '{"query": "tool_call_id", "top_k": 2}'))
    assert len(docs) == 2 and docs[0]["title"] == "tool_call_id"
    money = json.loads(registry.execute(
        "convert_currency", '{"amount": 10, "from_currency": "EUR", "to_currency": "USD"}'))
    assert money["result"] == 10.8
    assert json.loads(registry.execute("get_time", '{"city": "서울"}'))["local_time"] == (
        "2025-01-15 12:00")
    assert registry.call("get_time", '{"city": "Atlantis"}').error_kind == "tool_failed"
    failed = registry.call("get_stock_price", '{"ticker": "AAPL"}')
    assert failed.error_kind == "tool_failed" and "ConnectionError" in failed.content


def test_delay_slows_every_tool_but_keeps_its_schema() -> None:
    slow, fast = demo_registry(delay=0.1), demo_registry()
    assert slow.definitions() == fast.definitions()
    started = time.monotonic()
    slow.execute("get_weather", '{"city": "서울"}')
    assert time.monotonic() - started >= 0.1
