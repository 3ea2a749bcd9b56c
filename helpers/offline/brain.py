"""The decision (seed step 3): choose tools or text. A pure function of the request.

How it decides, in order:
1. A pinned script reply, if the config has one for this turn (script mode).
2. Rank the tools by how well their names, descriptions and parameter descriptions match
   the user's request, clause by clause; a tool "fits" when the match is clear (ranking.py).
3. Fill each chosen tool's arguments from the conversation (arguments.py); several values for
   its main parameter make parallel calls; a required value nowhere to be found makes it ask.
4. After tool results: calls still to make come next; an informative error gets corrected, a
   vague one repeated unchanged; when everything is in, it writes the answer (answers.py).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from helpers.offline import answers, faults
from helpers.offline.arguments import (
    Mentions,
    fill_value,
    nullable,
    read_mentions,
    says_a_value,
    schema_type,
    string_candidates,
)
from helpers.offline.config import ModelConfig, ScriptedReply
from helpers.offline.language import concepts
from helpers.offline.ranking import (
    Task,
    best_tool,
    distrusted_fit,
    find_tasks,
    relevance,
    tool_vocabulary,
)
from helpers.offline.reading import (
    Call,
    Conversation,
    Outcome,
    is_informative,
    read_conversation,
)


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
class Guess:
    """Calls to a tool the model expected but was not given: no listed tool says it does this."""

    calls: list[Call]


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
    if isinstance(plan, Guess):
        planned, calls = plan.calls, _unanswered(chat, plan.calls, tools)
    else:
        planned = plan if isinstance(plan, list) else []
        calls = next_calls(chat, planned, tools)
    if not calls and choice != "auto":
        calls = planned  # "required" or a named function: it must call, again if need be
    if request.get("parallel_tool_calls") is False:
        calls = calls[:1]
    if calls:
        fault = faults.for_turn(config, len(chat.turns), chat.system)
        return Decision(None, tuple(faults.apply(fault, calls, tools)))
    if chat.turns:
        return Decision(answers.final(chat, planned, tools))
    if isinstance(plan, Ask):
        return Decision(answers.clarifying_question(plan.tool, plan.parameter, chat.korean))
    return Decision(answers.without_tools(chat, tools, fitting=None))


def scripted(reply: ScriptedReply) -> Decision:
    """A pinned reply: the text, the calls exactly as written, or both."""
    if isinstance(reply, str):
        return Decision(reply)
    both = isinstance(reply, dict)
    content, calls = (reply["content"], reply["calls"]) if both else (None, reply)
    made = tuple(Call(c["name"], _as_json(c.get("arguments", {}))) for c in calls)
    return Decision(content, made)


def _as_json(arguments: dict[str, Any] | str) -> str:
    """Arguments as the JSON string the wire carries (a string is sent as given)."""
    return arguments if isinstance(arguments, str) else json.dumps(arguments, ensure_ascii=False)


def plan_calls(
    chat: Conversation, tools: list[dict[str, Any]], choice: Any, seed: int
) -> list[Call] | Ask | Guess | None:
    """Every call the request needs, a question to ask first, a guess at a tool that was not
    given (when the only tool that could fit says nothing about the request), or None."""
    if isinstance(choice, dict):  # tool_choice names the function to call
        named = next(t for t in tools if t["name"] == choice["function"]["name"])
        tasks = [Task(named, chat.request)]
    else:
        tasks = find_tasks(chat.request, tools, seed) or follow_up(chat, tools, seed)
    if not tasks and choice == "auto" and (distrusted := distrusted_fit(chat.request, tools)):
        return guess(chat, *distrusted, tools)
    if not tasks and choice == "required":  # nothing fits, but it must call: the best tool
        scores = relevance(concepts(chat.request), tools)
        tasks = [Task(tools[scores.index(max(scores))], chat.request)]
    calls: list[Call] = []
    for task in tasks:
        made = calls_for(task, f"{chat.earlier}\n{chat.request}", forced=choice != "auto")
        if isinstance(made, Ask):
            return made
        calls += [c for c in made if c.key() not in {k.key() for k in calls}]
    return calls or None


def guess(
    chat: Conversation, tool: dict[str, Any], topic: str, tools: list[dict[str, Any]]
) -> Guess | Ask:
    """Call the tool the model expected ("get_weather") with the values the distrusted one takes.

    The error that comes back ("Unknown tool 'get_weather'. Available tools: wx") does not help:
    the listed tool still says nothing about the request, so the model guesses again."""
    made = calls_for(Task(tool, chat.request), chat.request, forced=False)
    if isinstance(made, Ask):
        return made
    name = faults.unused_name(f"get_{topic}", tools)
    return Guess([Call(name, call.arguments) for call in made])


def _unanswered(chat: Conversation, plan: list[Call], tools: list[dict[str, Any]]) -> list[Call]:
    """The planned calls that have not succeeded yet."""
    succeeded = {identity(o.call, tools) for o in chat.outcomes() if o.error() is None}
    return [call for call in plan if identity(call, tools) not in succeeded]


def identity(call: Call, tools: list[dict[str, Any]]) -> tuple[str, str]:
    """A call's identity with its tool's defaults filled in: {"city": "Beijing"} is the same call
    as {"city": "Beijing", "unit": "celsius"} when "celsius" is the default."""
    tool = next((t for t in tools if t["name"] == call.name), {})
    properties = tool.get("parameters", {}).get("properties", {})
    defaults = {name: spec["default"] for name, spec in properties.items() if "default" in spec}
    try:
        arguments = json.loads(call.arguments)
    except ValueError:
        return call.key()
    if not isinstance(arguments, dict):
        return call.key()
    return Call(call.name, json.dumps(defaults | arguments)).key()


def follow_up(chat: Conversation, tools: list[dict[str, Any]], seed: int) -> list[Task]:
    """A reply that only gives values ("Paris, please", "and in Tokyo?") continues the tasks of
    the user's previous message; one that gives none of their values ("thanks") does not."""
    said = read_mentions(chat.request)
    return [
        Task(task.tool, chat.request)
        for task in find_tasks(chat.earlier, tools, seed)
        if says_a_value(task.tool, said)
    ]


def calls_for(task: Task, request: str, forced: bool) -> list[Call] | Ask:
    """The calls for one task: one per value of its main parameter, or a question.

    Values come from the task's own text first, then from the whole `request`."""
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
        if value is None and name in required and nullable(spec):
            arguments[name] = None  # required but not said: null says so (strict schemas)
            continue
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
    settled = {identity(o.call, tools) for o in chat.outcomes() if _settled(o, vocabulary)}
    remaining = [call for call in plan if identity(call, tools) not in settled]
    repeats: list[Call] = []
    for outcome in chat.turns[-1] if chat.turns else []:
        if _settled(outcome, vocabulary):
            continue
        repeats.append(outcome.call)
        remaining = _without_counterpart(remaining, outcome.call)
    return repeats + remaining


def _settled(outcome: Outcome, vocabulary: set[str]) -> bool:
    """A call is settled when it succeeded, or failed with an error that names what went wrong
    (the failed call's tool or one of its fields) or what is allowed."""
    error = outcome.error()
    return error is None or is_informative(error, vocabulary | outcome.call.names())


def _without_counterpart(plan: list[Call], failed: Call) -> list[Call]:
    """The plan minus the call a repeated call stands for: same arguments, same name, or first."""
    same_arguments = [i for i, call in enumerate(plan) if call.arguments == failed.arguments]
    same_name = [i for i, call in enumerate(plan) if call.name == failed.name]
    chosen = (same_arguments or same_name or [0])[0]
    return plan[:chosen] + plan[chosen + 1 :]


def error_vocabulary(tools: list[dict[str, Any]]) -> set[str]:
    """Words that make an error specific: tool names, parameter names, allowed values."""
    vocabulary = {tool["name"] for tool in tools}
    for tool in tools:
        for name, spec in tool.get("parameters", {}).get("properties", {}).items():
            vocabulary.add(name)
            vocabulary.update(str(v) for v in spec.get("enum", []) if len(str(v)) > 2)
    return vocabulary
