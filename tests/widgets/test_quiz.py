"""Quiz: choose, check, feedback with the explanation; a text repr without the answer."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import nbformat
import pytest

from helpers.widgets import Quiz, quiz_from

QUESTION = {
    "question": "Who chooses the tool?",
    "options": ["The agent, by keywords", "The model, by reading the descriptions"],
    "answer": 1,
    "explanation": "The agent only carries and executes; the choice happens in step 3.",
}


def test_the_right_option_is_praised_with_the_explanation() -> None:
    quiz = Quiz(**QUESTION)
    quiz.choose(1)
    assert quiz.check() is True
    assert "✅ Right." in quiz.feedback.value
    assert "step 3" in quiz.feedback.value


def test_a_wrong_option_is_corrected_with_the_explanation() -> None:
    quiz = Quiz(**QUESTION)
    quiz.choose("The agent, by keywords")
    assert quiz.check() is False
    assert "❌ Not quite." in quiz.feedback.value and "step 3" in quiz.feedback.value


def test_the_check_button_checks() -> None:
    quiz = Quiz(**{**QUESTION, "answer": "The model, by reading the descriptions"})
    quiz.option_buttons[1].value = True  # what a click on (b) does
    quiz.button.click()
    assert "✅" in quiz.feedback.value


def test_one_option_at_most_is_chosen_and_a_second_click_releases_it() -> None:
    quiz = Quiz("Q?", ["one", "two", "three"], 2, "")
    quiz.option_buttons[0].value = True
    quiz.option_buttons[2].value = True
    assert [button.value for button in quiz.option_buttons] == [False, False, True]
    assert quiz.chosen == 2
    quiz.option_buttons[2].value = False
    assert quiz.chosen is None and quiz.check() is False


def test_each_option_is_a_row_whose_text_wraps() -> None:
    long = "A long option that must wrap inside its own row " * 4
    quiz = Quiz("Q?", [long, "<short>"], 0, "")
    rows = quiz.choices.children
    assert len(rows) == 2
    for row, letter in zip(rows, ["(a)", "(b)"], strict=True):
        button, label = row.children
        assert button.description == letter
        assert "white-space:normal" in label.value and label.layout.min_width == "0"
    assert long.strip() in rows[0].children[1].value
    assert "&lt;short&gt;" in rows[1].children[1].value


def test_checking_before_choosing_asks_for_a_choice() -> None:
    quiz = Quiz(**QUESTION)
    assert quiz.check() is False
    assert quiz.feedback.value == "Choose an option first, then press Check."


def test_repr_lists_question_and_options_only() -> None:
    quiz = Quiz(**QUESTION)
    assert repr(quiz) == (
        "Quiz: Who chooses the tool?\n"
        "  (a) The agent, by keywords\n"
        "  (b) The model, by reading the descriptions"
    )


def test_explanation_and_question_are_escaped() -> None:
    quiz = Quiz("Is <b> bold?", ["yes", "no"], 0, "<script>x</script>")
    quiz.choose(0)
    quiz.check()
    assert "<script>" not in quiz.feedback.value
    assert "Is &lt;b&gt; bold?" in quiz.children[0].value


@pytest.mark.parametrize("answer", [2, -1, "maybe", True])
def test_an_answer_that_is_no_option_is_refused(answer: object) -> None:
    with pytest.raises(ValueError, match="is not one of the options"):
        Quiz("Q?", ["yes", "no"], answer, "")  # type: ignore[arg-type]


def test_options_must_be_at_least_two_and_different() -> None:
    with pytest.raises(ValueError, match="at least two different options"):
        Quiz("Q?", ["yes", "yes"], 0, "")


def test_quiz_from_builds_several_and_names_missing_keys() -> None:
    quizzes = quiz_from([QUESTION, {**QUESTION, "question": "Again?"}])
    assert len(quizzes.quizzes) == 2 and list(quizzes.children) == quizzes.quizzes
    assert repr(quizzes).count("Quiz: ") == 2
    with pytest.raises(ValueError, match="Question 2 lacks answer, explanation"):
        quiz_from([QUESTION, {"question": "?", "options": ["a", "b"]}])


# ---- the lessons' quizzes do not give their answers away ----

LESSONS = sorted((Path(__file__).resolve().parents[2] / "notebooks").glob("[0-9][0-9]_*.ipynb"))


def lesson_questions(path: Path) -> list[dict[str, Any]]:
    """The questions of every quiz_from([...]) call in a lesson's code cells, read with ast."""
    questions = []
    for cell in nbformat.read(path, as_version=4).cells:
        if cell.cell_type != "code" or "quiz_from(" not in cell.source:
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "quiz_from":
                questions += ast.literal_eval(node.args[0])
    return questions


def answer_position(question: dict[str, Any]) -> int:
    answer = question["answer"]
    return answer if isinstance(answer, int) else question["options"].index(answer)


@pytest.mark.parametrize("lesson", LESSONS, ids=lambda path: path.stem)
def test_the_right_option_is_not_always_the_longest_nor_in_one_place(lesson: Path) -> None:
    questions = lesson_questions(lesson)
    assert len(questions) >= 3
    longest = [len(q["options"][answer_position(q)]) == max(map(len, q["options"]))
               for q in questions]
    assert not all(longest), "the right option is the longest in every question"
    assert sum(longest) <= len(questions) // 2, f"the longest option is right in {longest}"
    positions = [answer_position(q) for q in questions]
    assert len(set(positions)) > 1, f"the right option is always at position {positions[0]}"
    for question in questions:  # and each builds a quiz
        Quiz(**question)
