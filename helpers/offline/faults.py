"""Scripted faults: the mistakes real models make, made on demand for a lesson.

Each fault is made on the first call of a tool-call turn. ModelConfig.faults lists them in the
order of the request's tool-call turns; fault_count repeats each one that many turns in a row.
A system prompt that restricts the model to the given tools suppresses invented tool names,
as such a prompt makes real models less likely to invent them.
"""

from __future__ import annotations

import json
import re
from typing import Any

from helpers.offline.config import ModelConfig
from helpers.offline.reading import Call
from helpers.offline.tools import json_type

SENTENCE = re.compile(r"[^.!?;\n]+")
RESTRICTING_WORDS = (  # one sentence with all three: "Use only the tools listed below."
    re.compile(r"\bonly\b", re.I),
    re.compile(r"\b(?:tools?|functions?)\b", re.I),
    re.compile(r"\b(?:provided|given|listed|available|these|list|below|above)\b", re.I),
)
RESTRICTING_KOREAN = re.compile(
    r"(?:주어진|제공된|등록된|아래|위의|목록).{0,12}도구.{0,8}(?<=\w)만(?!\w)|도구\s*목록\w*만(?!\w)"
)
VERBS = ("get", "fetch", "search", "find", "lookup", "list", "read", "query", "check", "show")


def for_turn(config: ModelConfig, turn: int, system_prompt: str) -> str | None:
    """The fault to make on this tool-call turn of the request, if any."""
    index = turn // config.fault_count
    if index >= len(config.faults):
        return None
    fault = config.faults[index]
    if fault == "invented_tool_name" and restricts_choice(system_prompt):
        return None
    return fault


def restricts_choice(system_prompt: str) -> bool:
    """Whether the system prompt limits the choice to the given tools (seed: 「주어진 도구
    목록에서만 고를 것」): one sentence that says "only", names tools and points at them."""
    sentences = SENTENCE.findall(system_prompt)
    english = any(all(w.search(s) for w in RESTRICTING_WORDS) for s in sentences)
    return english or bool(RESTRICTING_KOREAN.search(system_prompt))


def apply(fault: str | None, calls: list[Call], tools: list[dict[str, Any]]) -> list[Call]:
    """The calls with the fault made on the first one (a call that is already wrong, such as
    a repeated mistake, is left as it is)."""
    first = calls[0]
    tool = next((t for t in tools if t["name"] == first.name), None)
    arguments = _json_object(first.arguments)
    if fault is None or tool is None or arguments is None:
        return calls
    spoiled = {
        "invented_tool_name": lambda: Call(invented_name(first.name, tools), first.arguments),
        "invalid_json": lambda: Call(first.name, first.arguments[:-1] or "{"),
        "wrong_type": lambda: Call(first.name, _dumps(wrong_type(arguments, tool))),
        "missing_required": lambda: Call(first.name, _dumps(without_required(arguments, tool))),
    }[fault]()
    return [spoiled, *calls[1:]]


def _json_object(text: str) -> dict[str, Any] | None:
    """The arguments as a dict, or None when they are not a JSON object."""
    try:
        value = json.loads(text)
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def _dumps(arguments: dict[str, Any]) -> str:
    """Arguments as the model writes them."""
    return json.dumps(arguments, ensure_ascii=False)


def invented_name(name: str, tools: list[dict[str, Any]]) -> str:
    """A plausible name that is not among the tools: get_weather -> weather_lookup."""
    words = name.split("_")
    guess = (
        "_".join([*words[1:], "lookup"]) if words[0] in VERBS and len(words) > 1 else f"get_{name}"
    )
    return unused_name(guess, tools)


def unused_name(guess: str, tools: list[dict[str, Any]]) -> str:
    """`guess`, or `guess` with "_v2" added until no tool has that name."""
    existing = {tool["name"] for tool in tools}
    while guess in existing:
        guess += "_v2"
    return guess


def wrong_type(arguments: dict[str, Any], tool: dict[str, Any]) -> dict[str, Any]:
    """The first argument in the wrong JSON type: a number as a string, a string as a list."""
    properties = tool.get("parameters", {}).get("properties", {})
    typed = [
        n for n in arguments if json_type(properties.get(n, {})) in ("integer", "number", "boolean")
    ]
    for name in typed or list(arguments):
        value = arguments[name]
        return {**arguments, name: str(value).lower() if name in typed else [value]}
    return arguments  # no argument to spoil


def without_required(arguments: dict[str, Any], tool: dict[str, Any]) -> dict[str, Any]:
    """The arguments without the first required field."""
    required = tool.get("parameters", {}).get("required", [])
    return {name: value for name, value in arguments.items() if name not in required[:1]}
