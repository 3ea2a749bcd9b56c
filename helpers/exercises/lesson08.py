"""Checkers for lesson 08 (capstone): a tool added end to end, and choices compared by model."""

from __future__ import annotations

import json
import re
import warnings
from collections.abc import Callable
from typing import Any

from helpers.demo_tools import convert_currency, demo_registry, get_time, get_weather
from helpers.events import DecisionEvent
from helpers.exercises import checker, expect, offline_client
from helpers.exercises.lesson03 import record_requests
from helpers.exercises.lesson07 import offline_agent, run_events
from helpers.registry import ToolRegistry
from helpers.tokens import count_tokens

PACKING_QUESTION = "What should I pack for 3 days in Tokyo?"
MAX_RESULT_TOKENS = 80


def raised(call: Callable[[], Any]) -> Exception | None:
    """The exception `call` raises (the verdict wants one), or None; a stub stays a stub."""
    try:
        call()
    except NotImplementedError:
        raise
    except Exception as error:
        return error
    return None


def check_packing_result(packing_list: Callable[[str, int], Any]) -> None:
    """The result: compact, labelled, an umbrella exactly where it rains."""
    for city, days, rainy in [("Tokyo", 3, True), ("London", 1, True), ("Paris", 5, False)]:
        result = packing_list(city, days)
        asked = f"packing_list({city!r}, {days})"
        expect(isinstance(result, dict),
               f"{asked} returned a {type(result).__name__}; return a dict with the labels "
               "city, days and items.")
        expect(result.get("city") == city and result.get("days") == days,
               f"{asked} returned city={result.get('city')!r}, days={result.get('days')!r}: "
               "label the result with the city and the days it is for.")
        items = result.get("items")
        expect(isinstance(items, list) and bool(items) and all(isinstance(i, str) for i in items),
               f"{asked}: 'items' should be a non-empty list of strings, got {items!r}.")
        umbrella = any("umbrella" in item.lower() for item in items)
        weather = "it rains or drizzles" if rainy else "it is sunny"
        expect(umbrella == rainy,
               f"{asked}: in {city} {weather}, so the items should "
               f"{'' if rainy else 'not '}include an umbrella; got {items}.")
        tokens = count_tokens(json.dumps(result, ensure_ascii=False))
        expect(tokens <= MAX_RESULT_TOKENS,
               f"{asked} is {tokens} tokens as JSON; keep the result under {MAX_RESULT_TOKENS} "
               "(the second LLM call pays for every token).")


def returned_value(packing_list: Callable[[str, int], Any], city: str, days: int) -> str:
    """What a call returned instead of raising, named by its type and value."""
    value = packing_list(city, days)
    return f"a {type(value).__name__} ({value!r:.80})"


TWO_JOBS = re.compile(  # a verb offering the weather itself, not a packing list built from it
    r"\b(get|gets|fetch|fetches|check|checks|look up|looks up|report|reports|give|gives|"
    r"return|returns|show|shows|tell|tells)\b(?:(?!pack)[^.;]){0,30}?\b(weather|forecast|"
    r"temperature)\b",
    re.IGNORECASE,
)


def check_one_job(registry: ToolRegistry) -> None:
    """One tool, one job: a description that also offers the weather competes with get_weather."""
    description = registry.get("packing_list").description
    offered = TWO_JOBS.search(description)
    if offered is not None:
        expect(False,
               f"packing_list's description says {offered.group(0)!r} as well as packing: it "
               "describes two jobs, and get_weather already does the first. Describe one job "
               "(what to pack for a trip); the tool may read the forecast inside, but getting "
               "the weather is get_weather's.")


def check_packing_errors(packing_list: Callable[[str, int], Any]) -> None:
    """The errors: written for the model, naming what is allowed."""
    unknown = raised(lambda: packing_list("Atlantis", 2))
    if unknown is None:
        expect(False,
               f"packing_list('Atlantis', 2) returned {returned_value(packing_list, 'Atlantis', 2)}"
               " for a city you have no weather for, which the agent counts as a success; raise "
               "an error instead (e.g. ValueError naming the cities there are): the registry "
               "turns it into an error message the model reads, and counts it as an error.")
    expect(all(city in str(unknown) for city in ("Tokyo", "Paris")),
           f"the error for an unknown city says {str(unknown)!r}; name the cities there are, "
           "so the model (and the user) can act on it.")
    too_short = raised(lambda: packing_list("Tokyo", 0))
    expect(too_short is not None and "day" in str(too_short).lower(),
           f"packing_list('Tokyo', 0) should raise an error that names days (at least 1); "
           f"got {too_short!r}.")


def registered(packing_list: Callable[[str, int], Any]) -> ToolRegistry:
    """Weather, time and currency tools plus the learner's, with no registration warning."""
    registry = ToolRegistry()
    for tool in (get_weather, get_time, convert_currency):
        registry.register(tool)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        registry.register(packing_list, name="packing_list")
    expect(not caught,
           f"registering packing_list warns: {caught[0].message if caught else ''}")
    properties = registry.get("packing_list").parameters.get("properties", {})
    undescribed = [name for name, spec in properties.items() if not spec.get("description")]
    expect(not undescribed,
           f"parameter {', '.join(undescribed)} has no description: add an `Args:` section to "
           "the docstring with one line per parameter.")
    return registry


@checker("08.1")
def check_packing_list(packing_list: Callable[[str, int], Any]) -> None:
    """08.1 (seed 000, steps 1-7): a tool written, described, registered and chosen by the model."""
    check_packing_result(packing_list)
    check_packing_errors(packing_list)
    registry = registered(packing_list)
    check_one_job(registry)
    agent = offline_agent(registry)
    events = run_events(agent, PACKING_QUESTION)
    calls = [(call["name"], call["arguments"]) for event in events
             if isinstance(event, DecisionEvent) for call in event.tool_calls]
    chosen = [json.loads(arguments) for name, arguments in calls if name == "packing_list"]
    answer = agent.messages[-1]["content"] or ""
    did = f"called {calls}" if calls else f"answered in text ({answer[:120]!r})"
    expect(bool(chosen),
           f"for {PACKING_QUESTION!r} the offline model {did}, not packing_list. It chooses by "
           "the description and the parameters alone: say what the tool does in the words a "
           "traveller uses (packing, a trip, days), and give each parameter its type.")
    expect({"city": "Tokyo", "days": 3} in chosen,
           f"the model called packing_list with {chosen[0]}; the parameters' names and "
           "descriptions should tell it where 'Tokyo' and '3 days' go.")
    weather = run_events(offline_agent(registered(packing_list)), "베이징 날씨 어때?")
    first = next(event.tool_calls for event in weather if isinstance(event, DecisionEvent))
    expect(bool(first) and first[0]["name"] == "get_weather",
           f"for '베이징 날씨 어때?' the model now calls {first or 'no tool'}: packing_list's "
           "description competes with get_weather's for weather questions, and near-identical "
           "descriptions make the choice a toss-up. Say what packing_list is for (packing) and "
           "leave the weather to get_weather.")


QUESTIONS = {  # question: the tool it should get (None: an answer in text)
    "베이징 날씨 어때?": "get_weather",
    "What time is it in Seoul?": "get_time",
    "Hello!": None,
    "What is the price of AAPL stock?": "get_stock_price",
    "Convert 100 USD to EUR": "search_docs",  # a wrong expectation: the measure must see it
}


def first_choice(response: Any) -> str | None:
    """The name of the first tool a response calls, None for text."""
    calls = response.choices[0].message.tool_calls or []
    return calls[0].function.name if calls else None


@checker("08.2")
def check_choice_accuracy(choice_accuracy: Callable[..., float]) -> None:
    """08.2 (seed 000, insight 7): measure a model's choices with every tool sent."""
    for tools in (demo_registry().definitions(), demo_registry(failing=False).definitions()):
        client, model = offline_client()
        sent = record_requests(client)
        got = choice_accuracy(client, model, tools, dict(QUESTIONS))
        expect(len(sent) == len(QUESTIONS),
               f"the function asked the model {len(sent)} times for {len(QUESTIONS)} "
               "questions; ask once per question.")
        for request, _ in sent:
            names = [tool["function"]["name"] for tool in request.get("tools") or []]
            expect(len(names) == len(tools),
                   f"a request carried {len(names)} of the {len(tools)} tools ({names}); send "
                   "them all: the agent filters nothing (step 2), the model chooses.")
        choices = {request["messages"][-1]["content"]: first_choice(response)
                   for request, response in sent}
        right = sum(choices.get(q) == wanted for q, wanted in QUESTIONS.items())
        expected = right / len(QUESTIONS)
        expect(got == expected,
               f"with {len(tools)} tools you returned {got!r}, expected {expected} "
               f"({right} of {len(QUESTIONS)} right). The model chose: "
               + "; ".join(f"{q!r} -> {c}" for q, c in choices.items())
               + ". Compare each with expected[question]; None means a text answer.")
