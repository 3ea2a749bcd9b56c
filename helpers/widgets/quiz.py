"""Quiz: a multiple-choice "quick check" with a Check button and feedback that explains."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from helpers.widgets.style import FullTextRepr, text_html

QUIZ_KEYS = ("question", "options", "answer", "explanation")


class Quiz(FullTextRepr, widgets.VBox):
    """One question, its options as radio buttons, a Check button and the feedback."""

    def __init__(
        self, question: str, options: Sequence[str], answer: int | str, explanation: str
    ) -> None:
        self.question = question
        self.options = _distinct_options(options)
        self.answer = _answer_index(self.options, answer)
        self.explanation = explanation
        self.choices = widgets.RadioButtons(options=self.options, value=None)
        self.button = widgets.Button(description="Check")
        self.feedback = widgets.HTML()
        self.button.on_click(lambda _button: self.check())
        super().__init__(
            children=[widgets.HTML(f"<b>{text_html(question)}</b>"), self.choices, self.button,
                      self.feedback]
        )

    def choose(self, option: int | str) -> None:
        """Select an option by its index or its text (what a click on a radio button does)."""
        self.choices.index = _answer_index(self.options, option)

    def check(self) -> bool:
        """Show right or wrong with the explanation; True when the chosen option is the answer."""
        chosen = self.choices.index
        if chosen is None:
            self.feedback.value = "Choose an option first, then press Check."
            return False
        right = chosen == self.answer
        verdict = "✅ Right." if right else "❌ Not quite."
        colour = "#15803d" if right else "#b91c1c"
        self.feedback.value = (
            f'<div style="color:{colour}"><b>{verdict}</b> {text_html(self.explanation)}</div>'
        )
        return right

    def __repr__(self) -> str:
        lines = [f"Quiz: {self.question}"]
        lines += [f"  ({chr(ord('a') + i)}) {option}" for i, option in enumerate(self.options)]
        return "\n".join(lines)


class Quizzes(FullTextRepr, widgets.VBox):
    """Several quizzes one under the other (a lesson's "Quick check")."""

    def __init__(self, quizzes: Iterable[Quiz]) -> None:
        self.quizzes = list(quizzes)
        super().__init__(children=self.quizzes)

    def __repr__(self) -> str:
        return "\n".join(repr(quiz) for quiz in self.quizzes)


def quiz_from(questions: Iterable[Mapping[str, Any]]) -> Quizzes:
    """Build quizzes from dicts with the keys question, options, answer and explanation."""
    quizzes = []
    for number, spec in enumerate(questions, start=1):
        missing = [key for key in QUIZ_KEYS if key not in spec]
        if missing:
            raise ValueError(
                f"Question {number} lacks {', '.join(missing)}; "
                f"each question needs {', '.join(QUIZ_KEYS)}."
            )
        quizzes.append(Quiz(**{key: spec[key] for key in QUIZ_KEYS}))
    return Quizzes(quizzes)


def _distinct_options(options: Sequence[str]) -> list[str]:
    """The options as a list; a quiz needs at least two, all different."""
    found = [str(option) for option in options]
    if len(found) < 2 or len(set(found)) != len(found):
        raise ValueError(f"A quiz needs at least two different options; got {found}.")
    return found


def _answer_index(options: list[str], answer: int | str) -> int:
    """The index of `answer`, given as an index or as an option's text."""
    if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(options):
        return answer
    if isinstance(answer, str) and answer in options:
        return options.index(answer)
    raise ValueError(
        f"{answer!r} is not one of the options: give an index from 0 to {len(options) - 1} "
        f"or one of {options}."
    )
