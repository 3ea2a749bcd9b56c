"""Checkers for the lesson "what the model sees": predict what a description costs and says."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from helpers.exercises import checker, expect
from helpers.prompt_view import harmony_tools, hermes_tools
from helpers.registry import ToolRegistry

# Two descriptions of the same tool, get_weather(city). Seed 000, insight 6: the description is
# the model's only basis for choosing; the tip: every request pays for it.
DESCRIPTION_A = (
    "A very helpful and powerful weather tool that the assistant can use in many different "
    "situations, whenever weather information of any kind might possibly be useful to the user "
    "in some way or another."
)
DESCRIPTION_B = "Current sky and temperature (°C) in one city, right now. Not for forecasts."
ANSWERS = {  # what a learner may write for each description
    "A": {"a", "first", "1", "description_a", "description a"},
    "B": {"b", "second", "2", "description_b", "description b"},
}
CLEARER = "B"  # says what it returns, in what unit, for what, and what it is not for


def get_weather(city: str) -> dict[str, Any]:
    """The tool both descriptions describe (never run here: only its definition is rendered).

    Args:
        city: The city name, e.g. "Seoul".
    """
    return {"city": city}


def tools_described_as(description: str) -> list[dict[str, Any]]:
    """get_weather's definition with `description`, as step 2 sends it."""
    registry = ToolRegistry()
    registry.register(get_weather, description=description)
    return registry.definitions()


def tokens_read(description: str) -> int:
    """Tokens the model reads for the tool block (harmony; Qwen's where harmony is missing)."""
    rendering = harmony_tools(tools_described_as(description))
    if not rendering.available:
        rendering = hermes_tools(tools_described_as(description))
    return rendering.tokens


def label(answer: Any, field: str) -> str:
    """'A' or 'B' from the learner's spelling of it; a hint when it is neither."""
    text = str(answer).strip().lower()
    for name, spellings in ANSWERS.items():
        if text in spellings:
            return name
    expect(False, f"answer {field!r} with 'A' or 'B' (the description's letter); got {answer!r}.")
    return ""


@checker("12.1")
def check_prediction(predict: Callable[[], dict[str, Any]]) -> None:
    """12.1 (seed 000, insight 6 and the cost tip): tokens and clarity are different questions."""
    prediction = predict()
    expect(
        isinstance(prediction, dict),
        "return a dict with two keys, {'costs_more': ..., 'clearer': ...}, each 'A' or 'B'; "
        f"got a {type(prediction).__name__}.",
    )
    missing = [key for key in ("costs_more", "clearer") if key not in prediction]
    expect(not missing, f"your dict lacks {', '.join(missing)}: answer both questions.")
    costs = {name: tokens_read(text) for name, text in (("A", DESCRIPTION_A), ("B", DESCRIPTION_B))}
    dearer = max(costs, key=costs.__getitem__)
    expect(
        label(prediction["costs_more"], "costs_more") == dearer,
        f"not quite: rendered for the model, the tool block is {costs['A']} tokens with A "
        f"and {costs['B']} with B. Every word of a description is read (and paid for) on "
        "every request.",
    )
    expect(
        label(prediction["clearer"], "clearer") == CLEARER,
        "more words are not more clarity: A never says what the tool returns, for which "
        "place, or when not to use it. B names the result (sky, °C), the input (one city) "
        "and the case to leave alone (forecasts): what the model needs to choose.",
    )
