"""What the model writes in text: answers from tool results (seed step 7), questions, small talk."""

from __future__ import annotations

import json
from typing import Any

from helpers.offline.language import concepts
from helpers.offline.reading import Call, Conversation, Outcome

MAX_TEXT = 400  # longest tool text quoted in an answer


def final(chat: Conversation, plan: list[Call], tools: list[dict[str, Any]]) -> str:
    """The answer after the tool results: each result turned into a line of language."""
    successes = _latest_per_call([o for o in chat.outcomes() if o.error() is None])
    planned = {call.key() for call in plan}
    failures = [
        o
        for o in chat.outcomes()
        if o.error() is not None and (o.call.key() in planned or not successes)
    ]
    lines = []
    for outcome in successes:
        subjects = _subjects(outcome.call, tools)
        lines.append(f"- {_label(outcome.call, subjects)}: {describe(outcome.content, subjects)}")
    for outcome in _latest_per_call(failures):
        label = _label(outcome.call, _subjects(outcome.call, tools))
        lines.append(f"- {label}: {_failed(chat.korean)} {outcome.error() or '?'}")
    intro = "찾아본 결과입니다:" if chat.korean else "Here is what I found:"
    return "\n".join([intro, *lines])


def _latest_per_call(outcomes: list[Outcome]) -> list[Outcome]:
    """One outcome per distinct call: the last one, in the order the calls were first made."""
    latest: dict[tuple[str, str], Outcome] = {}
    for outcome in outcomes:
        latest[outcome.call.key()] = outcome
    return list(latest.values())


def _failed(korean: bool) -> str:
    """The words that introduce an error the model could not fix."""
    return "실패했습니다 -" if korean else "this failed -"


def _subjects(call: Call, tools: list[dict[str, Any]]) -> list[str]:
    """What a call was about: its free-text arguments ("Beijing"), not its enum choices."""
    try:
        arguments = json.loads(call.arguments)
    except ValueError:
        return []
    if not isinstance(arguments, dict):
        return []
    tool = next((t for t in tools if t["name"] == call.name), {})
    properties = tool.get("parameters", {}).get("properties", {})
    return [
        value
        for name, value in arguments.items()
        if isinstance(value, str) and "enum" not in properties.get(name, {})
    ]


def _label(call: Call, subjects: list[str]) -> str:
    """A result's heading: its subjects and the tool's name ("Beijing (get_weather)")."""
    return f"{', '.join(subjects)} ({call.name})" if subjects else call.name


def describe(content: str, subjects: list[str]) -> str:
    """A tool result in words: JSON fields as 'key: value' (minus the subjects), text as it is."""
    try:
        data = json.loads(content)
    except ValueError:
        return _shorten(content.strip())
    if isinstance(data, dict):
        data = {key: value for key, value in data.items() if value not in subjects} or data
    return _shorten(_words_for(data))


def _words_for(data: Any) -> str:
    """JSON data read aloud: objects as 'key: value, ...', lists item by item."""
    if isinstance(data, dict):
        return ", ".join(
            f"{key.replace('_', ' ')}: {_words_for(value)}" for key, value in data.items()
        )
    if isinstance(data, list):
        return "; ".join(
            f"({_words_for(item)})" if isinstance(item, dict) else _words_for(item) for item in data
        )
    if isinstance(data, bool):
        return "yes" if data else "no"
    return "none" if data is None else str(data)


def _shorten(text: str) -> str:
    """At most MAX_TEXT characters, cut at a word."""
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT].rsplit(" ", 1)[0] + " …"


def clarifying_question(tool: dict[str, Any], parameter: str, korean: bool) -> str:
    """Ask for the one value the chosen tool needs and the conversation does not give."""
    spec = tool.get("parameters", {}).get("properties", {}).get(parameter, {})
    hint = f" ({spec['description'].rstrip('.')})" if spec.get("description") else ""
    if korean:
        return (
            f"{tool['name']} 도구를 쓰려면 {parameter} 값이 필요합니다{hint}. "
            f"어떤 {parameter}인가요?"
        )
    return f"To use {tool['name']} I need the {parameter}{hint}. Which {parameter} do you mean?"


def without_tools(chat: Conversation, tools: list[dict[str, Any]], fitting: str | None) -> str:
    """Text when no tool is called: small talk, tools switched off, or nothing that fits."""
    words = set(concepts(chat.request))
    if chat.turns:
        return final(chat, [], tools)
    if "hello" in words:
        return _greeting(tools, chat.korean)
    if "thanks" in words:
        return "천만에요!" if chat.korean else "You're welcome!"
    if fitting:
        if chat.korean:
            return (
                f"이 요청에는 {fitting} 도구가 맞지만, "
                "이번 요청에서는 도구 사용이 꺼져 있습니다(tool_choice='none')."
            )
        return (
            f"I would use {fitting} for this, "
            "but tools are switched off for this request (tool_choice='none')."
        )
    return _no_fit(chat.request, tools, chat.korean)


def _greeting(tools: list[dict[str, Any]], korean: bool) -> str:
    """Hello, and what the model can do with the tools it was given."""
    names = ", ".join(tool["name"] for tool in tools)
    if korean:
        return (
            f"안녕하세요! 저는 offline-tutor입니다. 쓸 수 있는 도구: {names}."
            if tools
            else "안녕하세요!"
        )
    return (
        f"Hello! I'm offline-tutor. I can use these tools: {names}."
        if tools
        else "Hello! How can I help?"
    )


def _no_fit(request: str, tools: list[dict[str, Any]], korean: bool) -> str:
    """An honest answer when no tool fits: what was asked, and what the tools can do."""
    listing = "; ".join(f"{t['name']} ({t.get('description', '').rstrip('.')})" for t in tools)
    if korean:
        tools_part = f" 제 도구: {listing}." if tools else ""
        return (
            f"“{request.strip()}”에 맞는 도구가 없습니다. "
            f"저는 작은 오프라인 모델이라 도구 없이는 답을 찾을 수 없습니다.{tools_part}"
        )
    tools_part = f" My tools: {listing}." if tools else ""
    return (
        f"None of my tools fits “{request.strip()}”, and as a small offline model I cannot "
        f"answer it from my own knowledge.{tools_part}"
    )
