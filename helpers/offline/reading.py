"""Reading the conversation: the latest user message, the one before, and the tool turns since."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from helpers.offline.words import language_of

ERROR_TEXT = re.compile(  # plain text that reports an error: how it starts, or what it says
    r"^\s*(?:error|failed|failure|exception|unknown|invalid|no such)"
    r"|^\s*(?:오류|에러|실패|미지의|알 수 없는)|찾을 수 없"
    r"|\b(?:not found|does not exist|is not defined|went wrong)\b",
    re.I,
)
EXPLANATION_CUES = (
    "expect",
    "must",
    "allowed",
    "available",
    "required",
    "valid",
    "should",
    "use ",
    "send",
    "choose",
    "one of",
    "not found",
    "does not exist",
    "사용 가능",
    "필수",
    "허용",
)


@dataclass(frozen=True)
class Call:
    """One function call the model makes: a name and its arguments as a JSON string."""

    name: str
    arguments: str

    def names(self) -> set[str]:
        """The words an error can use to say what went wrong: the tool's name, the fields'."""
        try:
            arguments = json.loads(self.arguments)
        except ValueError:
            arguments = None
        fields = set(arguments) if isinstance(arguments, dict) else set()
        return {self.name} | fields

    def key(self) -> tuple[str, str]:
        """The call's identity: name and arguments with JSON spacing and key order ignored."""
        try:
            return self.name, json.dumps(json.loads(self.arguments), sort_keys=True)
        except ValueError:
            return self.name, self.arguments


@dataclass(frozen=True)
class Outcome:
    """A call made earlier in this request and what its tool message said."""

    call: Call
    content: str

    def error(self) -> str | None:
        """The error text when the tool reported one (an empty reply counts as a vague error)."""
        text = self.content.strip()
        if not text:
            return ""
        try:
            data = json.loads(text)
        except ValueError:
            return text if ERROR_TEXT.search(text) else None
        error = data.get("error") if isinstance(data, dict) else None
        if error is None or error is False:  # {"error": null} reports success
            return None
        return error if isinstance(error, str) else json.dumps(error, ensure_ascii=False)


@dataclass(frozen=True)
class Conversation:
    """What the model reads from the messages: the request after the last user message."""

    request: str
    earlier: str  # the user message before it, for replies like "Paris, please"
    system: str
    korean: bool
    turns: list[list[Outcome]] = field(default_factory=list)
    assistant_messages: int = 0
    earlier_calls: list[Call] = field(default_factory=list)  # the calls that answered `earlier`
    asked: bool = False  # the model's message just before `request` asked the user a question

    def outcomes(self) -> list[Outcome]:
        """Every call made for the current request, with its result, in order."""
        return [outcome for turn in self.turns for outcome in turn]


def text_of(content: Any) -> str:
    """A message's content as plain text (strings, or lists of text parts)."""
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


def read_conversation(messages: list[dict[str, Any]]) -> Conversation:
    """Split the messages into the current request and the tool turns that followed it."""
    users = [i for i, m in enumerate(messages) if m["role"] == "user"]
    last = users[-1] if users else -1
    request = text_of(messages[last]["content"]) if users else ""
    earlier = text_of(messages[users[-2]]["content"]) if len(users) > 1 else ""
    previous = users[-2] + 1 if len(users) > 1 else 0
    system = "\n".join(
        text_of(m.get("content")) for m in messages if m["role"] in ("system", "developer")
    )
    return Conversation(
        request=request,
        earlier=earlier,
        system=system,
        korean=language_of(request) == "ko",
        turns=_tool_turns(messages[last + 1 :]),
        assistant_messages=sum(m["role"] == "assistant" for m in messages),
        earlier_calls=[o.call for turn in _tool_turns(messages[previous:last]) for o in turn],
        asked=_asked_before(messages[:last]),
    )


def _asked_before(messages: list[dict[str, Any]]) -> bool:
    """Whether the last message before the user's was the model asking a question (text with a
    question mark, no calls): the user's message then answers it."""
    if not messages or messages[-1]["role"] != "assistant" or messages[-1].get("tool_calls"):
        return False
    said = text_of(messages[-1].get("content"))
    return "?" in said or "？" in said


def _tool_turns(messages: list[dict[str, Any]]) -> list[list[Outcome]]:
    """Each assistant tool_calls message paired with the tool messages answering it."""
    replies = {
        m.get("tool_call_id"): text_of(m.get("content")) for m in messages if m["role"] == "tool"
    }
    turns = []
    for message in messages:
        if message["role"] == "assistant" and message.get("tool_calls"):
            turns.append(
                [
                    Outcome(
                        Call(c["function"]["name"], c["function"]["arguments"]),
                        replies.get(c["id"], ""),
                    )
                    for c in message["tool_calls"]
                ]
            )
    return turns


def is_informative(error: str, vocabulary: set[str]) -> bool:
    """An error the model can act on: it names tools, parameters or allowed values, or explains."""
    names = any(re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", error) for word in vocabulary)
    explains = len(error.split()) >= 5 and any(cue in error.lower() for cue in EXPLANATION_CUES)
    return names or explains
