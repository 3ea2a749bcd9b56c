"""Explaining: why the model decided what it did, as a small tree a learner can read.

`helpers.offline.explain(request)` runs the decision the HTTP endpoint runs and returns this:
what the model read (language, concepts, entities), each tool's score with the words and
values that matched, the parameter each value filled and from which words, and the rule that
acted (the plan, a question, healing after an error, a scripted fault, a thin description...).
Over HTTP the same explanation travels in the `x-offline-explanation` header.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from helpers.offline.arguments import Filling
    from helpers.offline.brain import Decision
    from helpers.offline.planning import Score
    from helpers.offline.request import Request

HEADER = "x-offline-explanation"
HEADER_LIMIT = 4000  # characters of compact JSON sent in the header
SHOWN_SCORES = 5  # tools listed in the readable text, best first


@dataclass(frozen=True)
class ToolScore:
    """One tool's score, and the request's words that matched its meaning."""

    tool: str
    total: float
    meaning: float
    slots: float  # how well the request's values fit its required parameters
    contradiction: float
    matched: tuple[str, ...]  # "weather<-날씨"
    conflicts: tuple[str, ...]
    slots_counted: bool = True  # values count only for a tool that shares meaning (the gate)
    fits: bool = False  # meaning minus contradictions reaches planning.FITS: it may be called
    by_parameters: bool = False  # its name and description unsaid: the words and values the
    # request gives are its parameters' (planning._filled_in)


@dataclass(frozen=True)
class Explanation:
    """Why the model said what it said."""

    rule: str  # which rule acted: plan, ask, answer, healing, vague error, fault, script...
    action: str  # call, ask, answer
    reason: str
    language: str = ""
    concepts: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()  # "place 'Paris' -> Paris"
    scores: tuple[ToolScore, ...] = ()
    filled: tuple[str, ...] = ()  # "city = 'Paris' (from 'Paris')"
    calls: tuple[str, ...] = ()

    @classmethod
    def of(
        cls,
        understood: Request,
        scores: tuple[Score, ...],
        fillings: tuple[Filling, ...],
        rule: str,
        reason: str,
        decision: Decision,
    ) -> Explanation:
        """The explanation of one decision, from what the planner read and scored."""
        action = "call" if decision.calls else "ask" if rule == "ask" else "answer"
        ranked = sorted(scores, key=lambda s: -s.total)
        return cls(
            rule=rule,
            action=action,
            reason=reason,
            language=understood.language,
            concepts=tuple(dict.fromkeys(s.concept for s in understood.senses)),
            entities=tuple(f"{e.kind} {e.text!r} -> {e.value}" for e in understood.entities[:20]),
            scores=tuple(_tool_score(s) for s in ranked),
            filled=tuple(f"{f.parameter} = {f.value!r} (from {f.source!r})" for f in fillings),
            calls=tuple(f"{c.name}({c.arguments})" for c in decision.calls),
        )

    @classmethod
    def scripted(cls) -> Explanation:
        """A reply pinned by the script: nothing was decided."""
        return cls("script", "script", "the reply was pinned by the script (script mode)")

    def to_dict(self) -> dict[str, Any]:
        """The explanation as plain JSON-ready data."""
        return asdict(self)

    def header(self) -> str:
        """Compact ASCII JSON for the x-offline-explanation header, cut to HEADER_LIMIT."""
        text = json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=True)
        return text if len(text) <= HEADER_LIMIT else text[: HEADER_LIMIT - 3] + "..."

    def __str__(self) -> str:
        """The explanation as a few readable lines."""
        lines = [f"{self.action} ({self.rule}): {self.reason}".rstrip(": ")]
        if self.language:
            lines.append(f"read ({self.language}): {', '.join(self.concepts) or '-'}")
        lines += [f"  value: {entity}" for entity in self.entities]
        lines += [f"  {_score_line(score)}" for score in self.scores[:SHOWN_SCORES]]
        lines += [f"  filled {filled}" for filled in self.filled]
        lines += [f"  -> {call}" for call in self.calls]
        return "\n".join(lines)


def _score_line(score: ToolScore) -> str:
    """One tool's line: its total and the parts it is made of, the gates made visible ("values
    not counted" when nothing of the tool's meaning was asked; whether it fits at all)."""
    matched = ", ".join(score.matched) or "no shared meaning"
    conflicts = f"; conflicts: {', '.join(score.conflicts)}" if score.conflicts else ""
    values = f"values {score.slots:+.2f}"
    if not score.slots_counted and score.slots:
        values = f"values 0.00 ({score.slots:+.2f} not counted: no shared meaning)"
    verdict = "fits" if score.fits else "does not fit"
    if score.by_parameters:
        verdict += ", by its parameters"
    return (
        f"{score.tool}: {score.total:.2f} = meaning {score.meaning:.2f} + {values} "
        f"- contradictions {score.contradiction:.2f} [{verdict}] ({matched}{conflicts})"
    )


def _tool_score(score: Score) -> ToolScore:
    """A planner's Score as the explanation shows it."""
    return ToolScore(
        score.tool,
        score.total,
        score.meaning,
        score.slots,
        score.contradiction + score.other_time,
        tuple(f"{m.concept}<-{m.word}" for m in score.matches),
        score.conflicts,
        slots_counted=score.grounded,
        by_parameters=score.filled_in,
        fits=score.fits,
    )
