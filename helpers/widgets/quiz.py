"""Quiz: a multiple-choice "quick check" with a Check button and feedback that explains."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as widgets

from helpers.widgets.style import FullTextRepr, text_html

QUIZ_KEYS = ("question", "options", "answer", "explanation")


class Quiz(FullTextRepr, widgets.VBox):
    """One question, one row per option (a letter button and the option's text, which wraps),
    a Check button and the feedback.

    Each option is its own row so that a long option wraps inside its row and never runs over
    the next one, at any width (a RadioButtons' labels cannot wrap).
    """

    def __init__(
        self, question: str, options: Sequence[str], answer: int | str, explanation: str
    ) -> None:
        self.question = question
        self.options = _distinct_options(options)
        self.answer = _answer_index(self.options, answer)
        self.explanation = explanation
        self.chosen: int | None = None
        self.option_buttons = [_letter_button(index) for index in range(len(self.options))]
        for index, button in enumerate(self.option_buttons):
            button.observe(lambda change, index=index: self._toggled(index, change["new"]),
                           names="value")
        self.choices = widgets.VBox(
            [_option_row(button, option) for button, option in zip(
                self.option_buttons, self.options, strict=True)],
            layout=widgets.Layout(width="100%"),
        )
        self.button = widgets.Button(description="Check")
        self.feedback = widgets.HTML()
        self.button.on_click(lambda _button: self.check())
        super().__init__(
            children=[widgets.HTML(f'<div style="line-height:1.4;white-space:normal;padding:4px 0">'
                                   f"<b>{text_html(question)}</b></div>"),
                      self.choices, self.button, self.feedback]
        )

    def choose(self, option: int | str) -> None:
        """Select an option by its index or its text (what a click on its letter button does)."""
        self.option_buttons[_answer_index(self.options, option)].value = True

    def _toggled(self, index: int, pressed: bool) -> None:
        """A letter button was pressed or released: one option at most is chosen."""
        if pressed:
            self.chosen = index
            for other, button in enumerate(self.option_buttons):
                button.value = other == index
        elif self.chosen == index:
            self.chosen = None

    def check(self) -> bool:
        """Show right or wrong with the explanation; True when the chosen option is the answer."""
        chosen = self.chosen
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


def _letter_button(index: int) -> widgets.ToggleButton:
    """The button that chooses option `index`: (a), (b), ..., pressed while chosen."""
    letter = chr(ord("a") + index)
    return widgets.ToggleButton(
        description=f"({letter})", tooltip=f"Choose ({letter})",
        layout=widgets.Layout(width="3.2em", min_width="3.2em", flex="0 0 auto"),
    )


def _option_row(button: widgets.ToggleButton, option: str) -> widgets.HBox:
    """One option: its letter button, then its text, which wraps within the row."""
    label = widgets.HTML(
        f'<div style="white-space:normal;overflow-wrap:anywhere;line-height:1.4;'
        f'padding:4px 0">{text_html(option)}</div>',
        layout=widgets.Layout(flex="1 1 auto", width="auto", min_width="0", height="auto"),
    )
    label.add_class("workbook-quiz-option")  # what the browser test measures
    return widgets.HBox(
        [button, label],
        layout=widgets.Layout(width="100%", align_items="flex-start", height="auto",
                              margin="2px 0"),
    )


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
