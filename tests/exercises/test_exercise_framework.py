"""helpers.exercises: check() runs the lesson's checker and prints feedback a learner can act on."""

from __future__ import annotations

import pytest

from helpers.exercises import (
    CHECKERS,
    check,
    checker,
    expect,
    find_checker,
    lesson_of,
    stub_solutions,
)

SOLVED = '''import math

def llm_calls_needed(rounds: int) -> int:
    """How many LLM calls a run with `rounds` rounds of tool calls makes."""
    ### BEGIN SOLUTION
    if rounds < 0:
        raise ValueError("rounds >= 0")
    return rounds + 1
    ### END SOLUTION

print("defined")
'''


def test_a_right_answer_passes() -> None:
    verdict = check("00.1", lambda rounds: rounds + 1)
    assert verdict.passed is True
    assert repr(verdict) == "✅ Exercise 00.1: correct."


def test_a_wrong_answer_fails_with_a_hint_naming_the_difference() -> None:
    verdict = check("00.1", lambda rounds: 2 * rounds)
    assert not verdict
    out = repr(verdict)
    assert out.startswith("❌ Exercise 00.1: llm_calls_needed(0) returned 0, expected 1.")
    assert "the final answer needs one more" in out


def test_a_stub_is_not_done_yet() -> None:
    def llm_calls_needed(rounds: int) -> int:
        raise NotImplementedError()

    verdict = check("00.1", llm_calls_needed)
    assert not verdict
    assert "not done yet" in repr(verdict)


def test_an_answer_that_crashes_is_reported_not_raised() -> None:
    verdict = check("00.1", lambda: 1)
    assert not verdict
    assert "your function raised TypeError" in repr(verdict)


def test_passing_a_value_instead_of_the_function_is_explained() -> None:
    verdict = check("00.1", 2)
    assert not verdict
    assert "pass the function itself, e.g. check('00.1', my_function)" in repr(verdict)


def test_the_example_solution_cell_passes_and_its_stub_is_rejected() -> None:
    solved: dict = {}
    exec(SOLVED, solved)
    assert check("00.1", solved["llm_calls_needed"]).passed
    stubbed: dict = {}
    exec(stub_solutions(SOLVED), stubbed)
    assert not check("00.1", stubbed["llm_calls_needed"]).passed


@pytest.mark.parametrize(("exercise_id", "message"), [
    ("00.9", "No exercise 00.9. Lesson 00 has: 00.1."),
    ("97.1", "Lesson 97 has no checkers: helpers.exercises.lesson97 does not exist."),
])
def test_unknown_exercises_are_named(exercise_id: str, message: str) -> None:
    with pytest.raises(LookupError) as raised:
        find_checker(exercise_id)
    assert str(raised.value) == message


@pytest.mark.parametrize("bad", ["3.1", "03", "03.x", "lesson03.1", ""])
def test_malformed_ids_are_refused(bad: str) -> None:
    with pytest.raises(ValueError, match="Exercise ids look like '03.1'"):
        lesson_of(bad)


def test_a_second_checker_for_the_same_id_is_refused() -> None:
    with pytest.raises(ValueError, match="Exercise 00.1 already has a checker"):
        checker("00.1")(lambda answer: None)


def test_a_registered_checker_is_found_and_run() -> None:
    @checker("99.7")
    def check_double(double) -> None:
        expect(double(2) == 4, f"double(2) should be 4, got {double(2)!r}.")

    try:
        assert find_checker("99.7") is check_double
        assert check("99.7", lambda x: x + x).passed
        wrong = check("99.7", lambda x: x + 1)
        assert not wrong.passed
        assert "double(2) should be 4, got 3." in repr(wrong)
    finally:
        del CHECKERS["99.7"]


def test_stub_keeps_indentation_and_everything_outside_the_markers() -> None:
    stubbed = stub_solutions(SOLVED)
    assert stubbed == (
        "import math\n\n"
        "def llm_calls_needed(rounds: int) -> int:\n"
        '    """How many LLM calls a run with `rounds` rounds of tool calls makes."""\n'
        "    # YOUR CODE HERE\n"
        "    raise NotImplementedError()\n\n"
        'print("defined")\n'
    )


def test_every_region_is_stubbed_and_cells_without_markers_are_unchanged() -> None:
    source = "a = 1\n### BEGIN SOLUTION\nb = 2\n### END SOLUTION\n" \
             "def f():\n        ### BEGIN SOLUTION\n        return 3\n        ### END SOLUTION"
    assert stub_solutions(source) == (
        "a = 1\n# YOUR CODE HERE\nraise NotImplementedError()\ndef f():\n"
        "        # YOUR CODE HERE\n        raise NotImplementedError()"
    )
    assert stub_solutions("x = 1\n") == "x = 1\n"


@pytest.mark.parametrize(("source", "message"), [
    ("### BEGIN SOLUTION\nx = 1", "never closed"),
    ("x = 1\n### END SOLUTION", "Line 2: ### END SOLUTION without ### BEGIN SOLUTION"),
    ("### BEGIN SOLUTION\n### BEGIN SOLUTION\n### END SOLUTION", "Line 2: ### BEGIN SOLUTION"),
])
def test_unbalanced_markers_are_named(source: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        stub_solutions(source)
