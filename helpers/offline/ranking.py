"""Which tool fits which part of the request (seed step 3): the model's only real choice.

The request is cut into clauses; each clause is compared with every tool's name, description
and parameter descriptions. Description words weigh most, and words that many tools share
count less (like IDF in search engines). A tool fits when its score is clear; near-equal tools
are a toss-up that the seed decides, as near-identical tools confuse real models.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from helpers.offline.arguments import parameter_kind, read_mentions
from helpers.offline.language import BROADER, PLACES, broader, concepts

FITS = 1.0  # the least score at which a tool clearly fits
NEAR_TIE = 0.9  # tools scoring within this fraction of the best are a toss-up
WEIGHTS = {"description": 1.0, "name": 0.75, "parameters": 0.5, "related": 0.5}
ALSO_NAMED = 0.25  # a description word that is in the name too: the tool is ABOUT it
NARROWER = 0.8  # a tool about a narrower topic than asked (a forecast for a plain "weather?")
CLAUSE_BREAK = re.compile(
    r"[.?!;,]\s*|\s+(?:and|also|then|plus)\s+|\s*(?:그리고|또한|및)\s*"
    r"|(?<=[\uac00-\ud7a3])(?:이랑|랑|하고|와|과)\s+",  # "날씨랑 시간": a Korean "and"
    re.I,
)
ENTITY_KINDS = ("place", "code")
THIN_DESCRIPTION = 4  # fewer words than this: a description too thin to trust (as the registry)


@dataclass(frozen=True)
class Task:
    """One part of the request and the tool that fits it."""

    tool: dict[str, Any]
    text: str


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
    words += broader(words)
    named = relevance(words, tools, fields=("name", "description"))
    scores = [
        _narrowed(score, words, tool) + _entity_bonus(text, tool)
        if about > 0 or not follows_task
        else 0.0
        for score, about, tool in zip(relevance(words, tools), named, tools, strict=True)
    ]
    best = max(scores, default=0.0)
    if best < FITS:
        return None
    close = [tool for tool, score in zip(tools, scores, strict=True) if score >= best * NEAR_TIE]
    return close[_toss(text, seed, len(close))]


def distrusted_fit(text: str, tools: list[dict[str, Any]]) -> tuple[dict[str, Any], str] | None:
    """A tool that takes the request's values but says nothing about the request (seed cause 2,
    "설명이 충분히 명확하지 않음"): its description is thin and neither its name nor its
    description shares a word with the request. The model does not trust it; it returns the tool
    and the concept the model expected a tool for ("weather"), or None."""
    words = concepts(text)
    topic = next((w for w in words if w.isascii() and w.isalpha() and w not in PLACES), None)
    if topic is None:
        return None
    for tool in tools:
        vocabulary = tool_vocabulary(tool)
        thin = len(tool.get("description", "").split()) < THIN_DESCRIPTION
        unrelated = not set(words) & (vocabulary["name"] | vocabulary["description"])
        if thin and unrelated and _entity_bonus(text, tool):
            return tool, topic
    return None


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
            if {"name", "description"} <= set(fields) and _named_and_described(word, vocabulary):
                weight += ALSO_NAMED
            score += weight * (1 + math.log(len(tools) / count)) if weight else 0.0
        scores.append(score)
    return scores


def _named_and_described(word: str, vocabulary: dict[str, frozenset[str]]) -> bool:
    """Whether the word is in the tool's name and its description: what the tool is about."""
    return word in vocabulary["name"] and word in vocabulary["description"]


def _narrowed(score: float, words: list[str], tool: dict[str, Any]) -> float:
    """The score, lowered when the tool is about a narrower topic than the request asks for:
    a forecast tool for "베이징 날씨 어때?" (no time word: the user means now)."""
    vocabulary = tool_vocabulary(tool)
    topics = vocabulary["name"] | vocabulary["description"]
    narrower = any(BROADER[w] in words and w not in words for w in topics & BROADER.keys())
    return score * NARROWER if narrower else score


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
        "parameters": frozenset(concepts(parameter_text)) - PLACES,  # values, not meanings
    }
    fields["related"] = frozenset(broader([*fields["name"], *fields["description"]]))
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
