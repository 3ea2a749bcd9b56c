"""Checked exercises: `check("03.1", my_function)` runs lesson 03's checker and says what is wrong.

A lesson's checkers live in `helpers/exercises/lessonNN.py`, each registered with
`@checker("NN.k")`; they are imported the first time one of that lesson's exercises is checked.
A checker calls the learner's function and uses `expect(condition, hint)` for each property;
a checker that needs a model asks the offline one through `offline_client()`.
Solutions sit between nbgrader's markers; `stub_solutions` makes the student version.
"""

from __future__ import annotations

import io
import os
import re
from collections.abc import Callable
from contextlib import redirect_stdout
from dataclasses import dataclass
from importlib import import_module
from typing import Any
from unittest import mock

import openai

from helpers.backend import connect, model_name

Checker = Callable[[Any], None]

CHECKERS: dict[str, Checker] = {}
EXERCISE_ID = re.compile(r"(?P<lesson>\d{2})\.(?P<number>\d+)")
SOLUTION_BEGIN = "### BEGIN SOLUTION"
SOLUTION_END = "### END SOLUTION"
STUB = ("# YOUR CODE HERE", "raise NotImplementedError()")
NAMED_LESSONS = {  # checker modules not yet renamed lessonNN.py
    "11": "lesson_loop",
    "12": "lesson_prompt",
    "13": "lesson_mcp",
    "14": "lesson_approval",
    "15": "lesson_responses",
}


class WrongAnswer(Exception):
    """A checker's verdict: the message names what is wrong so the learner can fix it."""


def expect(condition: bool, hint: str) -> None:
    """Fail the check with `hint` unless `condition` holds."""
    if not condition:
        raise WrongAnswer(hint)


def offline_client(**options: Any) -> tuple[openai.OpenAI, str]:
    """A client of the offline model (with `options`, e.g. faults) and its model id, quietly,
    whatever backend the learner set: a verdict must be free and the same every time."""
    with mock.patch.dict(os.environ, {"WORKBOOK_FORCE_OFFLINE": "1"}):
        with redirect_stdout(io.StringIO()):  # a check prints one line: not connect()'s
            return connect(**options), model_name()


def lesson_of(exercise_id: str) -> str:
    """The lesson number 'NN' of an exercise id 'NN.k'."""
    match = EXERCISE_ID.fullmatch(str(exercise_id))
    if match is None:
        raise ValueError(
            f"Exercise ids look like '03.1' (lesson, dot, number); got {exercise_id!r}."
        )
    return match["lesson"]


def checker(exercise_id: str) -> Callable[[Checker], Checker]:
    """Register the decorated function as the checker of `exercise_id`."""
    lesson_of(exercise_id)

    def register(function: Checker) -> Checker:
        if exercise_id in CHECKERS:
            raise ValueError(f"Exercise {exercise_id} already has a checker.")
        CHECKERS[exercise_id] = function
        return function

    return register


def import_lesson(lesson: str) -> None:
    """Import `lessonNN.py`, whose `@checker` decorators register that lesson's checkers."""
    module = f"{__name__}.{NAMED_LESSONS.get(lesson, 'lesson' + lesson)}"
    try:
        import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module:
            raise
        raise LookupError(f"Lesson {lesson} has no checkers: {module} does not exist.") from None


def find_checker(exercise_id: str) -> Checker:
    """The checker of `exercise_id`, importing its lesson's module on first use."""
    lesson = lesson_of(exercise_id)
    if exercise_id not in CHECKERS:
        import_lesson(lesson)
    if exercise_id not in CHECKERS:
        known = sorted(key for key in CHECKERS if lesson_of(key) == lesson)
        raise LookupError(
            f"No exercise {exercise_id}. Lesson {lesson} has: {', '.join(known) or 'none'}."
        )
    return CHECKERS[exercise_id]


@dataclass(frozen=True)
class Verdict:
    """What check() found; a notebook shows it as one line, and it is true when right."""

    exercise_id: str
    passed: bool
    message: str

    def __bool__(self) -> bool:
        return self.passed

    def __repr__(self) -> str:
        return f"{'✅' if self.passed else '❌'} Exercise {self.exercise_id}: {self.message}"


def check(exercise_id: str, answer: Any) -> Verdict:
    """Run the checker on `answer`: ✅, or ❌ with a hint naming what is wrong."""
    run_checker = find_checker(exercise_id)
    if not callable(answer):
        return Verdict(
            exercise_id, False,
            f"pass the function itself, e.g. check({exercise_id!r}, my_function); "
            f"got a value of type {type(answer).__name__}.",
        )
    try:
        run_checker(answer)
    except NotImplementedError:
        return Verdict(
            exercise_id, False,
            "not done yet: replace `raise NotImplementedError()` with your code, then run again.",
        )
    except WrongAnswer as wrong:
        return Verdict(exercise_id, False, str(wrong))
    except Exception as error:  # the learner's code failed: say how, never crash the notebook
        return Verdict(exercise_id, False, f"your function raised {type(error).__name__}: {error}")
    return Verdict(exercise_id, True, "correct.")


def stub_solutions(source: str) -> str:
    """The student version of a cell: each solution region becomes nbgrader's stub."""
    lines: list[str] = []
    inside = False
    for number, line in enumerate(source.splitlines(), start=1):
        marker = line.strip()
        if marker == SOLUTION_BEGIN:
            if inside:
                raise ValueError(f"Line {number}: {SOLUTION_BEGIN} inside a solution region.")
            inside = True
            indent = line[: len(line) - len(line.lstrip())]
            lines += [indent + stub_line for stub_line in STUB]
        elif marker == SOLUTION_END:
            if not inside:
                raise ValueError(f"Line {number}: {SOLUTION_END} without {SOLUTION_BEGIN}.")
            inside = False
        elif not inside:
            lines.append(line)
    if inside:
        raise ValueError(f"{SOLUTION_BEGIN} is never closed by {SOLUTION_END}.")
    return "\n".join(lines) + ("\n" if source.endswith("\n") else "")
