"""The classroom evaluation: send each case to a model through the real openai SDK and grade it.

A case states the outcomes a frontier model would plausibly give (README.md, "Cases"); the
grader accepts the reply if it matches any one of them. Separately, every call's arguments are
checked to be a JSON object that validates against its tool's parameters schema.

    python -m tests.offline.classroom.evaluate --half dev [--verbose] [--show-failures]
    python tests/offline/classroom/evaluate.py --half test --backend   # whatever connect() gives
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import io
import json
import os
import re
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

HERE = Path(__file__).resolve().parent
HALVES = ("dev", "test")
QUESTION_MARKS = ("?", "？")
MISSING = object()  # an argument the model left out


# ---------------------------------------------------------------- loading the data


def load_toolsets() -> dict[str, list[dict[str, Any]]]:
    """The named tool sets, each a list of OpenAI chat `tools` entries."""
    return json.loads((HERE / "toolsets.json").read_text(encoding="utf-8"))


def load_cases(half: str) -> list[dict[str, Any]]:
    """The cases of one half ('dev' or 'test')."""
    if half not in HALVES:
        raise ValueError(f"half must be one of {HALVES}, not {half!r}")
    return json.loads((HERE / f"cases_{half}.json").read_text(encoding="utf-8"))


def case_tools(case: dict[str, Any], toolsets: dict[str, list[dict[str, Any]]]) -> list[dict]:
    """The tools a case sends: its inline `tools`, or the named tool set."""
    if "tools" in case:
        return case["tools"]
    return toolsets[case["toolset"]]


# ---------------------------------------------------------------- the outcome of one turn


@dataclass
class Call:
    """One tool call as the model made it: its name and its raw argument text."""

    name: str
    raw_arguments: str

    def arguments(self) -> Any:
        """The parsed arguments, or None when they are not valid JSON."""
        try:
            return json.loads(self.raw_arguments or "")
        except json.JSONDecodeError:
            return None


@dataclass
class Outcome:
    """What the model did in one turn: calls, text, or an error from the API."""

    calls: list[Call] = field(default_factory=list)
    text: str = ""
    error: str = ""

    def summary(self) -> str:
        """One line for failure listings."""
        if self.error:
            return f"error: {self.error}"
        if self.calls:
            return " + ".join(f"{c.name}({c.raw_arguments})" for c in self.calls)
        return f"text: {self.text[:160]!r}"


# ---------------------------------------------------------------- matching values


def normalise_text(value: str) -> str:
    """Case- and whitespace-insensitive form of a string."""
    return " ".join(value.split()).casefold()


def is_number(value: Any) -> bool:
    """A JSON number (booleans are not numbers here)."""
    return isinstance(value, int | float) and not isinstance(value, bool)


def parse_datetime(value: Any) -> dt.datetime | None:
    """An ISO date or date-time string as a naive datetime, else None."""
    if not isinstance(value, str):
        return None
    text = value.strip().replace("Z", "").replace(" ", "T")
    text = re.sub(r"[+-]\d\d:?\d\d$", "", text) if "T" in text else text
    try:
        return dt.datetime.fromisoformat(text)
    except ValueError:
        return None


def match_contains(expected: str | list[str], actual: Any) -> bool:
    """Free text that contains every expected piece (case- and space-insensitive)."""
    if not isinstance(actual, str):
        return False
    pieces = [expected] if isinstance(expected, str) else expected
    return all(normalise_text(piece) in normalise_text(actual) for piece in pieces)


def match_datetime(expected: str, actual: Any) -> bool:
    """The same moment, however it is written (seconds, 'T' or space, a zone suffix)."""
    want, got = parse_datetime(expected), parse_datetime(actual)
    return want is not None and got is not None and want == got


def match_date(expected: str, actual: Any) -> bool:
    """A date, or a date-time on that date."""
    want, got = parse_datetime(expected), parse_datetime(actual)
    return want is not None and got is not None and want.date() == got.date()


def match_phone(expected: str, actual: Any) -> bool:
    """The same phone number however it is punctuated: the last 8 digits agree."""
    digits = re.sub(r"\D", "", actual) if isinstance(actual, str) else ""
    wanted = re.sub(r"\D", "", expected)
    return len(digits) >= 7 and digits[-8:] == wanted[-8:]


def match_digits(expected: str, actual: Any) -> bool:
    """The same digits, whatever spaces or dashes separate them (tracking numbers)."""
    return isinstance(actual, str) and re.sub(r"[\s-]", "", actual) == expected


MATCHERS: dict[str, Callable[[Any, Any], bool]] = {
    "$contains": match_contains,
    "$any": lambda _expected, actual: actual is not MISSING,
    "$absent": lambda _expected, actual: actual is MISSING,
    "$oneof": lambda options, actual: any(match_value(o, actual) for o in options),
    "$datetime": match_datetime,
    "$date": match_date,
    "$phone": match_phone,
    "$digits": match_digits,
}


def is_matcher(expected: Any) -> bool:
    """A one-key object whose key names a matcher ($absent is handled by the caller)."""
    return isinstance(expected, dict) and len(expected) == 1 and next(iter(expected)) in MATCHERS


def match_value(expected: Any, actual: Any) -> bool:
    """Whether `actual` matches `expected` under the README's rules."""
    if is_matcher(expected):
        key, operand = next(iter(expected.items()))
        return MATCHERS[key](operand, actual)
    if isinstance(expected, dict):
        return isinstance(actual, dict) and match_arguments(expected, actual)
    if isinstance(expected, list):
        return isinstance(actual, list) and match_unordered(expected, actual, match_value)
    if isinstance(expected, str):
        return isinstance(actual, str) and normalise_text(expected) == normalise_text(actual)
    if is_number(expected):
        return is_number(actual) and float(expected) == float(actual)
    return expected == actual and type(expected) is type(actual)


def match_arguments(expected: dict[str, Any], actual: dict[str, Any]) -> bool:
    """Every listed key matches (a missing key is MISSING: only $absent accepts it)."""
    return all(match_value(want, actual.get(key, MISSING)) for key, want in expected.items())


def match_unordered(expected: list, actual: list, match: Callable[[Any, Any], bool]) -> bool:
    """Same length, and some pairing of the two lists matches item by item."""
    return len(expected) == len(actual) and pair_up(expected, list(actual), match)


def pair_up(expected: list, unused: list, match: Callable[[Any, Any], bool]) -> bool:
    """Whether each expected item can take its own matching item from `unused` (backtracking)."""
    if not expected:
        return True
    first, rest = expected[0], expected[1:]
    for index, candidate in enumerate(unused):
        others = unused[:index] + unused[index + 1 :]
        if match(first, candidate) and pair_up(rest, others, match):
            return True
    return False


# ---------------------------------------------------------------- matching outcomes


def match_call(expected: dict[str, Any], call: Call) -> bool:
    """Same tool name and matching arguments."""
    arguments = call.arguments()
    if call.name != expected["name"] or not isinstance(arguments, dict):
        return False
    return match_arguments(expected.get("arguments", {}), arguments)


def has_question(text: str) -> bool:
    """A clarifying question: text with a question mark."""
    return any(mark in text for mark in QUESTION_MARKS)


def match_alternative(alternative: dict[str, Any], outcome: Outcome) -> bool:
    """Whether the outcome is this acceptable alternative (call set, ask, or answer)."""
    if outcome.error:
        return False
    if "call" in alternative:
        return match_unordered(alternative["call"], outcome.calls, match_call)
    if outcome.calls or not outcome.text.strip():
        return False
    if "ask" in alternative:
        return has_question(outcome.text)
    return bool(alternative.get("answer"))


def grade(case: dict[str, Any], outcome: Outcome) -> bool:
    """Right if the outcome matches any one of the case's acceptable alternatives."""
    return any(match_alternative(alternative, outcome) for alternative in case["accept"])


# ---------------------------------------------------------------- schema validity


def schema_errors(tools: list[dict[str, Any]], calls: Iterable[Call]) -> list[str]:
    """One message per call whose arguments are not JSON, not an object, or not schema-valid."""
    by_name = {tool["function"]["name"]: tool["function"] for tool in tools}
    errors = []
    for call in calls:
        problem = call_schema_error(by_name.get(call.name), call)
        if problem:
            errors.append(f"{call.name}: {problem}")
    return errors


def call_schema_error(function: dict[str, Any] | None, call: Call) -> str:
    """Why this call's arguments are invalid, or '' when they validate."""
    if function is None:
        return "no tool has this name"
    arguments = call.arguments()
    if not isinstance(arguments, dict):
        return f"arguments are not a JSON object: {call.raw_arguments[:80]!r}"
    schema = function.get("parameters") or {"type": "object", "properties": {}}
    validator = schema_validator(schema)
    problems = sorted(validator.iter_errors(arguments), key=lambda error: list(error.path))
    return "; ".join(problem.message for problem in problems[:3])


def schema_validator(schema: dict[str, Any]) -> jsonschema.Draft202012Validator:
    """A Draft 2020-12 validator that resolves the schema's own $ref/$defs."""
    resource = Resource.from_contents(schema, default_specification=DRAFT202012)
    registry = Registry().with_resource(uri="urn:tool-parameters", resource=resource)
    return jsonschema.Draft202012Validator(schema, registry=registry)


# ---------------------------------------------------------------- asking the model


def offline_client() -> tuple[Any, str]:
    """The in-process offline model through the real SDK (WORKBOOK_FORCE_OFFLINE=1)."""
    os.environ["WORKBOOK_FORCE_OFFLINE"] = "1"
    return configured_client()


def configured_client() -> tuple[Any, str]:
    """Whatever helpers.connect() gives for the environment, and the model name to send."""
    from helpers import connect, model_name

    with contextlib.redirect_stdout(io.StringIO()):  # connect() prints the backend line
        client = connect()
    return client, model_name()


def request_for(case: dict[str, Any], tools: list[dict[str, Any]], model: str) -> dict[str, Any]:
    """The chat.completions.create keyword arguments for a case (non-streamed)."""
    request: dict[str, Any] = {"model": model, "messages": case["messages"], "tools": tools}
    if "tool_choice" in case:
        request["tool_choice"] = case["tool_choice"]
    return request


def ask_model(client: Any, request: dict[str, Any]) -> Outcome:
    """One turn: the model's calls and text, or the API error it raised."""
    try:
        completion = client.chat.completions.create(**request)
    except Exception as error:  # any API failure fails the case, and the run goes on
        return Outcome(error=f"{type(error).__name__}: {error}")
    message = completion.choices[0].message
    calls = [Call(c.function.name, c.function.arguments) for c in message.tool_calls or []]
    return Outcome(calls=calls, text=message.content or "")


# ---------------------------------------------------------------- running and reporting


@dataclass
class CaseResult:
    """One graded case."""

    case: dict[str, Any]
    outcome: Outcome
    correct: bool
    schema_errors: list[str]


@dataclass
class Evaluation:
    """The graded run of one half."""

    half: str
    results: list[CaseResult]

    @property
    def accuracy(self) -> float:
        """Share of cases answered acceptably."""
        return sum(r.correct for r in self.results) / max(1, len(self.results))

    @property
    def schema_invalid(self) -> int:
        """How many argument sets did not validate against their tool's schema."""
        return sum(len(r.schema_errors) for r in self.results)

    def failures(self) -> list[CaseResult]:
        """The cases graded wrong."""
        return [r for r in self.results if not r.correct]

    def breakdown(self, key: str) -> dict[str, tuple[int, int]]:
        """(right, total) per value of a case field ('categories' counts each tag)."""
        table: dict[str, list[int]] = defaultdict(lambda: [0, 0])
        for result in self.results:
            values = result.case[key] if key == "categories" else [result.case[key]]
            for value in values:
                table[value][0] += result.correct
                table[value][1] += 1
        return {name: (right, total) for name, (right, total) in sorted(table.items())}


def evaluate(half: str, client: Any = None, model: str = "") -> Evaluation:
    """Run every case of a half against the model (the offline one unless a client is given)."""
    if client is None:
        client, model = offline_client()
    toolsets = load_toolsets()
    results = [run_case(case, toolsets, client, model) for case in load_cases(half)]
    return Evaluation(half, results)


def run_case(case: dict[str, Any], toolsets: dict, client: Any, model: str) -> CaseResult:
    """Send one case and grade the reply."""
    tools = case_tools(case, toolsets)
    outcome = ask_model(client, request_for(case, tools, model))
    errors = schema_errors(tools, outcome.calls)
    return CaseResult(case, outcome, grade(case, outcome), errors)


def table_text(title: str, rows: dict[str, tuple[int, int]]) -> str:
    """A small aligned table of right/total and accuracy."""
    lines = [f"{title:<28} right/total  accuracy"]
    for name, (right, total) in rows.items():
        lines.append(f"  {name:<26} {right:>4}/{total:<5}  {right / total:6.1%}")
    return "\n".join(lines)


def report(evaluation: Evaluation, verbose: bool = False, show_failures: bool = False) -> str:
    """The printed summary: overall, per category, per language, per domain, failures."""
    total = len(evaluation.results)
    right = total - len(evaluation.failures())
    parts = [
        f"half {evaluation.half}: {right}/{total} right, accuracy {evaluation.accuracy:.1%}; "
        f"schema-invalid argument sets: {evaluation.schema_invalid}",
        table_text("category", evaluation.breakdown("categories")),
        table_text("language", evaluation.breakdown("lang")),
    ]
    if verbose:
        parts.append(table_text("domain", evaluation.breakdown("domain")))
    if show_failures or verbose:
        parts.append(failure_text(evaluation))
    return "\n\n".join(parts)


def failure_text(evaluation: Evaluation) -> str:
    """The failing cases, each with what the model did, and the schema errors."""
    lines = ["failures:"]
    for result in evaluation.failures():
        said = result.case["messages"][-1].get("content", "")
        lines.append(f"  {result.case['id']}: {said!r}\n      got {result.outcome.summary()}")
    for result in evaluation.results:
        lines.extend(f"  schema-invalid {result.case['id']}: {e}" for e in result.schema_errors)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> Evaluation:
    """Command line: evaluate one half and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--half", choices=HALVES, default="dev")
    parser.add_argument("--verbose", action="store_true", help="also per domain and failures")
    parser.add_argument("--show-failures", action="store_true")
    parser.add_argument(
        "--backend", action="store_true", help="use helpers.connect() as configured (no forcing)"
    )
    args = parser.parse_args(argv)
    client, model = configured_client() if args.backend else offline_client()
    evaluation = evaluate(args.half, client, model)
    print(report(evaluation, args.verbose, args.show_failures))
    return evaluation


if __name__ == "__main__":
    main()
