"""Checkers for lesson 07 (cost and latency): the shape of a result, and what tools cost."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from typing import Any

from helpers.agent import Agent
from helpers.demo_tools import demo_registry
from helpers.events import DecisionEvent, Event, RequestEvent
from helpers.exercises import checker, expect, offline_client
from helpers.registry import ToolRegistry
from helpers.tokens import count_tokens, tool_definition_tokens

MAX_RESULT_TOKENS = 40
USD_RATES = {
    "USD": 1.0, "AED": 3.6725, "AUD": 1.6104, "BRL": 6.0512, "CAD": 1.4385, "CHF": 0.9142,
    "CNY": 7.3301, "CZK": 24.3187, "DKK": 7.2514, "EUR": 0.9721, "GBP": 0.8194, "HKD": 7.7852,
    "INR": 86.4003, "JPY": 156.8843, "KRW": 1468.5012, "MXN": 20.6127, "NOK": 11.3496,
    "NZD": 1.7815, "PLN": 4.1472, "SEK": 11.1384, "SGD": 1.3675, "THB": 34.6021,
    "TRY": 35.4117, "TWD": 32.9468, "ZAR": 18.8901,
}


def rates_payload(base: str) -> dict[str, Any]:
    """A currency service's raw answer: metadata and the rate of every currency against `base`."""
    rates = {code: round(rate / USD_RATES[base], 6) for code, rate in USD_RATES.items()}
    return {
        "result": "success",
        "documentation": "https://www.example.com/docs",
        "terms_of_use": "https://www.example.com/terms",
        "time_last_update_unix": 1736899201,
        "time_last_update_utc": "Wed, 15 Jan 2025 00:00:01 +0000",
        "time_next_update_unix": 1736985601,
        "time_next_update_utc": "Thu, 16 Jan 2025 00:00:01 +0000",
        "base_code": base,
        "conversion_rates": rates,
    }


def leaves(value: Any) -> Iterator[Any]:
    """Every number and string inside a JSON value."""
    if isinstance(value, dict):
        for item in value.values():
            yield from leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from leaves(item)
    else:
        yield value


def as_json(value: Any) -> str | None:
    """The JSON text the tool message would carry, or None when `value` is not JSON data."""
    try:
        return json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError):
        return None


@checker("07.1")
def check_conversion_result(conversion_result: Callable[[dict, float, str], dict]) -> None:
    """07.1 (seed 000, insight 3): a compact, labelled result with the arithmetic done."""
    for base, amount, to_code in [("USD", 100, "KRW"), ("EUR", 250.5, "JPY"), ("GBP", 12, "CHF")]:
        raw = rates_payload(base)
        result = conversion_result(raw, amount, to_code)
        asked = f"converting {amount} {base} to {to_code}"
        expect(isinstance(result, dict),
               f"for {asked} you returned a {type(result).__name__}; return a dict of labelled "
               "fields (it becomes the JSON of the tool message).")
        text = as_json(result)
        expect(text is not None, f"for {asked} the result is not JSON data: use dicts, lists, "
                                 "strings and numbers only.")
        tokens = count_tokens(text or "")
        expect(tokens <= MAX_RESULT_TOKENS,
               f"for {asked} the result is {tokens} tokens as JSON; keep it to at most "
               f"{MAX_RESULT_TOKENS}. The second call, and every later request, pays for each "
               "token: leave the table of rates and the metadata out.")
        numbers = [v for v in leaves(result) if isinstance(v, int | float)
                   and not isinstance(v, bool)]
        exact = amount * raw["conversion_rates"][to_code]
        close = [v for v in numbers if abs(v - exact) < 0.01]
        expect(bool(close),
               f"for {asked} the result should hold the converted amount, about {exact:.2f} "
               f"(amount x the rate of {to_code} in raw['conversion_rates']); its numbers are "
               f"{numbers}. Do the arithmetic in the tool, not in the model.")
        expect(round(exact, 2) in close,
               f"for {asked} round the converted amount to 2 decimals ({round(exact, 2)}), "
               f"got {close[0]}: nobody pays {close[0]} {to_code}.")
        strings = {v for v in leaves(result) if isinstance(v, str)}
        expect({base, to_code} <= strings,
               f"for {asked} name both currencies in the result (e.g. \"from\": \"{base}\", "
               f"\"to\": \"{to_code}\"): a bare number does not say what it is. "
               f"Take the base from raw['base_code'].")


def offline_agent(registry: ToolRegistry, **offline_options: Any) -> Agent:
    """An Agent on the offline model (see offline_client), e.g. with scripted faults."""
    client, model = offline_client(**offline_options)
    return Agent(client, registry, model=model)


def run_events(agent: Agent, question: str) -> list[Event]:
    """The events of one run of `agent` on `question`."""
    events: list[Event] = []
    agent.subscribe(events.append)
    agent.run(question)
    return events


def share_of(events: list[Event], *, first_request_only: bool = False) -> float:
    """Tool-definition tokens over all prompt tokens (or the first request's, a common slip)."""
    requests = [e.request for e in events if isinstance(e, RequestEvent)]
    if first_request_only:
        requests = requests[:1]
    tools = sum(tool_definition_tokens(request.get("tools")) for request in requests)
    prompt = sum(e.usage["prompt_tokens"] or 0 for e in events
                 if isinstance(e, DecisionEvent) and e.usage)
    return tools / prompt


@checker("07.2")
def check_tool_token_share(tool_token_share: Callable[[list[Event]], float]) -> None:
    """07.2 (seed 000, tip: every turn pays for every tool): read the share from the events."""
    runs = {
        "'Hello!' (no tool called, one request)": (offline_agent(demo_registry()), "Hello!"),
        "'베이징 날씨 어때?' (two requests)": (offline_agent(demo_registry()), "베이징 날씨 어때?"),
        "a healed slip (three requests)": (
            offline_agent(demo_registry(), faults=("invented_tool_name",)), "베이징 날씨 어때?"
        ),
        "an agent with no tools (no 'tools' in the request)": (
            offline_agent(ToolRegistry()), "Hello!"
        ),
    }
    for label, (agent, question) in runs.items():
        events = run_events(agent, question)
        expected = share_of(events)
        got = tool_token_share(events)
        expect(isinstance(got, int | float) and not isinstance(got, bool),
               f"for {label} you returned {got!r}; return a number between 0 and 1.")
        if math.isclose(got, expected, rel_tol=1e-6, abs_tol=1e-9):
            continue
        expect(not math.isclose(got, 100 * expected, rel_tol=1e-6),
               f"for {label} you returned {got:.1f}, a percentage; return the fraction "
               f"({expected:.3f}).")
        expect(not math.isclose(got, share_of(events, first_request_only=True), rel_tol=1e-6),
               f"for {label} you counted the tool definitions of the first request only "
               f"({got:.3f}, expected {expected:.3f}): every request carries all of them "
               "(매 턴 이 비용을 지불한다).")
        expect(False,
               f"for {label} you returned {got:.3f}, expected {expected:.3f}: the tool-definition "
               "tokens of every request event, divided by the prompt tokens that the decision "
               "events' usage reports.")
