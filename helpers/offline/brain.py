"""The decision (seed step 3): choose tools or text. A pure function of the request.

How it decides, in order:
1. A pinned script reply, if the config has one for this turn (script mode).
2. Rank the tools by how well their names, descriptions and parameter descriptions match
   the user's request, clause by clause; a tool "fits" when the match is clear.
3. Fill each chosen tool's arguments from the conversation (arguments.py); several values for
   its main parameter make parallel calls; a required value nowhere to be found makes it ask.
4. After tool results: calls still to make come next; an informative error gets corrected, a
   vague one repeated unchanged; when everything is in, it writes the answer (answers.py).
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from helpers.offline import answers, faults
from helpers.offline.arguments import (
    Mentions,
    fill_value,
    parameter_kind,
    read_mentions,
    schema_type,
    string_candidates,
)
from helpers.offline.config import ModelConfig, ScriptedReply
from helpers.offline.language import concepts
from helpers.offline.reading import Call, Conversation, is_informative, read_conversation

FITS = 1.0  # the least score at which a tool clearly fits
NEAR_TIE = 0.9  # tools scoring within this fraction of the best are a toss-up
WEIGHTS = {"description": 1.0, "name": 0.75, "parameters": 0.5}
CLAUSE_BREAK = re.compile(r"[.?!;,]\s*|\s+(?:and|also|then|plus)\s+|\s*(?:그리고|또한|및)\s*", re.I)
ENTITY_KINDS = ("place", "code")


@dataclass(frozen=True)
class Decision:
    """What the model says: text, tool calls, or both."""

    content: str | None
    calls: tuple[Call, ...] = ()


@dataclass(frozen=True)
class Ask:
    """A clarifying question: the tool that needs a value, and which parameter is missing."""

    tool: dict[str, Any]
    parameter: str


@dataclass(frozen=True)
class Task:
    """One part of the request and the tool that fits it."""

    tool: dict[str, Any]
    text: str


def decide(request: dict[str, Any], config: ModelConfig) -> Decision:
    """The model's whole decision for one request."""
    chat = read_conversation(request["messages"])
    if chat.assistant_messages < len(config.script):
        return scripted(config.script[chat.assistant_messages])
    tools = [tool["function"] for tool in request.get("tools") or []]
    choice = request.get("tool_choice", "auto")
    if not tools or choice == "none":
        fitting = best_tool(chat.request, tools, config.seed) if tools else None
        return Decision(answers.without_tools(chat, tools, fitting["name"] if fitting else None))
    plan = plan_calls(chat, tools, choice, config.seed)
    calls = next_calls(chat, plan if isinstance(plan, list) else [], tools)
    if not calls and choice != "auto" and isinstance(plan, list):
        calls = plan  # "required" or a named function: it must call, again if need be
    if request.get("parallel_tool_calls") is False:
        calls = calls[:1]
    if calls:
        fault = faults.for_turn(config, len(chat.turns), chat.system)
        return Decision(None, tuple(faults.apply(fault, calls, tools)))
    if chat.turns:
        return Decision(answers.final(chat, plan if isinstance(plan, list) else [], tools))
    if isinstance(plan, Ask):
        return Decision(answers.clarifying_question(plan.tool, plan.parameter, chat.korean))
    return Decision(answers.without_tools(chat, tools, fitting=None))


def scripted(reply: ScriptedReply) -> Decision:
    """A pinned reply: the text, or the calls exactly as written."""
    if isinstance(reply, str):
        return Decision(reply)
    return Decision(None, tuple(Call(c["name"], _as_json(c.get("arguments", {}))) for c in reply))


def _as_json(arguments: dict[str, Any] | str) -> str:
    """Arguments as the JSON string the wire carries (a string is sent as given)."""
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)


def plan_calls(
    chat: Conversation, tools: list[dict[str, Any]], choice: Any, seed: int
) -> list[Call] | Ask | None:
    """Every call the request needs, a question to ask first, or None when no tool fits."""
    tasks = _forced_task(chat.request, tools, choice) or find_tasks(chat.request, tools, seed)
    if not tasks:
        return None
    calls: list[Call] = []
    for task in tasks:
        made = calls_for(task, chat.request, forced=choice != "auto")
        if isinstance(made, Ask):
            return made
        calls += [c for c in made if c.key() not in {k.key() for k in calls}]
    return calls


def _forced_task(text: str, tools: list[dict[str, Any]], choice: Any) -> list[Task]:
    """tool_choice naming a function, or 'required' with nothing fitting: the best tool anyway."""
    if isinstance(choice, dict):
        name = choice["function"]["name"]
        return [Task(next(t for t in tools if t["name"] == name), text)]
    if choice == "required" and not find_tasks(text, tools, seed=0):
        scores = relevance(concepts(text), tools)
        return [Task(tools[scores.index(max(scores))], text)]
    return []


def find_tasks(text: str, tools: list[dict[str, Any]], seed: int) -> list[Task]:
    """Split the request into clauses and give each clause that a tool fits its own task.

    A clause no tool fits (" and Paris") belongs to the task before it; clauses before
    the first task belong to the first task."""
    spans: list[tuple[dict[str, Any], int, int]] = []
    for start, end in _clauses(text):
        tool = best_tool(text[start:end], tools, seed, follows_task=bool(spans))
        if tool is not None:
            spans.append((tool, start if spans else 0, end))
        elif spans:
            spans[-1] = (spans[-1][0], spans[-1][1], end)
    return [Task(tool, text[start:end]) for tool, start, end in spans]


def _clauses(text: str) -> list[tuple[int, int]]:
    """Where the request's clauses are: cut at sentence ends, commas and 'and', not in quotes."""
    quotes = [m.span() for m in re.finditer(r"\"[^\"]*\"|'[^']*'|“[^”]*”|「[^」]*」", text)]
    cuts = [
        m for m in CLAUSE_BREAK.finditer(text) if not any(a <= m.start() < b for a, b in quotes)
    ]
    starts = [0] + [m.end() for m in cuts]
    ends = [m.start() for m in cuts] + [len(text)]
    return [(a, b) for a, b in zip(starts, ends, strict=True) if text[a:b].strip()]


def best_tool(
    text: str, tools: list[dict[str, Any]], seed: int, follows_task: bool = False
) -> dict[str, Any] | None:
    """The tool that clearly fits the text; near-equal tools are a toss-up decided by the seed.

    After a task, a clause must match a tool's name or description to start a new one: words
    that only match parameters ("top 3 results") refine the task before them instead."""
    words = concepts(text)
    named = relevance(words, tools, fields=("name", "description"))
    scores = [
        score + _entity_bonus(text, tool) if about > 0 or not follows_task else 0.0
        for score, about, tool in zip(relevance(words, tools), named, tools, strict=True)
    ]
    best = max(scores, default=0.0)
    if best < FITS:
        return None
    close = [tool for tool, score in zip(tools, scores, strict=True) if score >= best * NEAR_TIE]
    return close[_toss(text, seed, len(close))]


def relevance(
    words: list[str], tools: list[dict[str, Any]], fields: tuple[str, ...] = tuple(WEIGHTS)
) -> list[float]:
    """Each tool's score: the request's words found in its texts, rarer words counting more."""
    vocabularies = [tool_vocabulary(tool) for tool in tools]
    holders = {word: sum(word in v["all"] for v in vocabularies) for word in set(words)}
    scores = []
    for vocabulary in vocabularies:
        score = 0.0
        for word, count in holders.items():
            weight = max((WEIGHTS[f] for f in fields if word in vocabulary[f]), default=0.0)
            score += weight * (1 + math.log(len(tools) / count)) if weight else 0.0
        scores.append(score)
    return scores


def tool_vocabulary(tool: dict[str, Any]) -> dict[str, frozenset[str]]:
    """The concepts in a tool's name, description and parameters (its only "documentation")."""
    return _vocabulary(json.dumps(tool, sort_keys=True))


@lru_cache(maxsize=1024)
def _vocabulary(tool_json: str) -> dict[str, frozenset[str]]:
    """tool_vocabulary, worked out once per distinct tool definition."""
    tool = json.loads(tool_json)
    properties = tool.get("parameters", {}).get("properties", {})
    parameter_text = " ".join(
        f"{name.replace('_', ' ')} {spec.get('description', '')} "
        + " ".join(map(str, spec.get("enum", [])))
        for name, spec in properties.items()
    )
    fields = {
        "name": frozenset(concepts(tool["name"].replace("_", " ").replace("-", " "))),
        "description": frozenset(concepts(tool.get("description", ""))),
        "parameters": frozenset(concepts(parameter_text)),
    }
    return fields | {"all": frozenset().union(*fields.values())}


def _entity_bonus(text: str, tool: dict[str, Any]) -> float:
    """A little extra when the text names a place or a code and the tool takes one."""
    said = read_mentions(text)
    found = {"place": said.places, "code": said.codes}
    kinds = {
        parameter_kind(n, s) for n, s in tool.get("parameters", {}).get("properties", {}).items()
    }
    return 0.5 if any(found[k] and k in kinds for k in ENTITY_KINDS) else 0.0


def _toss(text: str, seed: int, sides: int) -> int:
    """A deterministic coin: the same text and seed always land the same way."""
    digest = hashlib.sha256(f"{seed}:{text}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % sides


def calls_for(task: Task, request: str, forced: bool) -> list[Call] | Ask:
    """The calls for one task: one per value of its main parameter, or a question."""
    tool = task.tool
    schema = tool.get("parameters", {})
    properties: dict[str, Any] = schema.get("properties", {})
    required = [name for name in schema.get("required", []) if name in properties]
    said, context = read_mentions(task.text), read_mentions(request)
    vocabulary = tool_vocabulary(tool)
    words = set(vocabulary["name"] | vocabulary["description"])
    arguments: dict[str, Any] = {}
    for name, spec in properties.items():
        taken = {v for v in arguments.values() if isinstance(v, str)}
        value = fill_value(name, spec, said, words, name in required, taken)
        if value is None and name in required:
            value = fill_value(name, spec, context, words, True, taken)
        if value is None and name in required:
            if not forced:
                return Ask(tool, name)
            value = _best_guess(spec, request)
        if value is not None:
            arguments[name] = value
    return [
        Call(tool["name"], json.dumps(a, ensure_ascii=False))
        for a in _spread(arguments, properties, said, words)
    ]


def _best_guess(spec: dict[str, Any], request: str) -> Any:
    """A value for a parameter the model must fill but was never told (tool_choice forced it)."""
    guesses = {"integer": 1, "number": 1, "boolean": False, "array": [], "object": {}}
    return guesses.get(schema_type(spec), request.strip())


def _spread(
    arguments: dict[str, Any], properties: dict[str, Any], said: Mentions, words: set[str]
) -> list[dict[str, Any]]:
    """Several values for the first string parameter ("Tokyo and Paris") make several calls."""
    for name, value in arguments.items():
        spec = properties[name]
        if schema_type(spec) != "string" or "enum" in spec:
            continue
        values = string_candidates(name, spec, said, words)
        if len(values) > 1 and value == values[0]:
            return [{**arguments, name: v} for v in values]
        return [arguments]
    return [arguments]


def next_calls(chat: Conversation, plan: list[Call], tools: list[dict[str, Any]]) -> list[Call]:
    """What to call now: planned calls not yet answered, with the last turn's errors handled.

    An informative error lets the planned (correct) call through; a vague one makes the model
    repeat its failed call unchanged; a correct call that failed informatively is not retried."""
    vocabulary = error_vocabulary(tools)
    settled = {o.call.key() for o in chat.outcomes() if _settled(o.error(), vocabulary)}
    remaining = [call for call in plan if call.key() not in settled]
    repeats: list[Call] = []
    for outcome in chat.turns[-1] if chat.turns else []:
        if _settled(outcome.error(), vocabulary):
            continue
        repeats.append(outcome.call)
        remaining = _without_counterpart(remaining, outcome.call)
    return repeats + remaining


def _settled(error: str | None, vocabulary: set[str]) -> bool:
    """A call is settled when it succeeded, or failed with an error that says why."""
    return error is None or is_informative(error, vocabulary)


def _without_counterpart(plan: list[Call], failed: Call) -> list[Call]:
    """The plan minus the call a repeated call stands for (same arguments, same name, or first)."""
    for match in (
        lambda c: c.arguments == failed.arguments,
        lambda c: c.name == failed.name,
        lambda c: True,
    ):
        for i, call in enumerate(plan):
            if match(call):
                return plan[:i] + plan[i + 1 :]
    return plan


def error_vocabulary(tools: list[dict[str, Any]]) -> set[str]:
    """Words that make an error specific: tool names, parameter names, allowed values."""
    vocabulary = {tool["name"] for tool in tools}
    for tool in tools:
        for name, spec in tool.get("parameters", {}).get("properties", {}).items():
            vocabulary.add(name)
            vocabulary.update(str(v) for v in spec.get("enum", []) if len(str(v)) > 2)
    return vocabulary
