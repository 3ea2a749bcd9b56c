"""Exercise 13.1's checker: it accepts fair solutions and names what is wrong in others."""

from __future__ import annotations

from typing import Any

import pytest

from helpers.exercises import check

Listed = list[dict[str, Any]]


def entry(name: str, description: str | None, parameters: Any, **extra: Any) -> dict[str, Any]:
    function = {"name": name, "parameters": parameters, **extra}
    if description is not None:
        function["description"] = description
    return {"type": "function", "function": function}


def with_empty_description(listed: Listed) -> Listed:
    return [entry(t["name"], t.get("description", ""), t["inputSchema"]) for t in listed]


def without_missing_description(listed: Listed) -> Listed:
    return [entry(t["name"], t.get("description"), t["inputSchema"]) for t in listed]


def stub(listed: Listed) -> Listed:
    raise NotImplementedError()


def as_listed(listed: Listed) -> Listed:
    return listed


def flat_shape(listed: Listed) -> Listed:
    return [{"type": "function", "name": t["name"], "parameters": t["inputSchema"]} for t in listed]


def strict_added(listed: Listed) -> Listed:
    return [
        entry(t["name"], t.get("description", ""), t["inputSchema"], strict=True) for t in listed
    ]


def schema_rebuilt(listed: Listed) -> Listed:
    return [
        entry(
            t["name"],
            t.get("description", ""),
            {"type": "object", "properties": t["inputSchema"].get("properties", {})},
        )
        for t in listed
    ]


def everything_copied(listed: Listed) -> Listed:
    return [
        {
            "type": "function",
            "function": {("parameters" if k == "inputSchema" else k): v for k, v in t.items()},
        }
        for t in listed
    ]


def listing_changed(listed: Listed) -> Listed:
    for tool in listed:
        tool["parameters"] = tool.pop("inputSchema")
    return [entry(t["name"], t.get("description", ""), t["parameters"]) for t in listed]


def first_only(listed: Listed) -> Listed:
    return with_empty_description(listed[:1])


@pytest.mark.parametrize("solution", [with_empty_description, without_missing_description])
def test_fair_solutions_pass(solution: Any) -> None:
    verdict = check("13.1", solution)
    assert verdict.passed, verdict


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        (stub, "not done yet"),
        (as_listed, '"type": "function"'),
        (flat_shape, 'under "function"'),
        (strict_added, "strict"),
        (schema_rebuilt, "inputSchema, unchanged"),
        (everything_copied, "annotations"),
        (listing_changed, "do not change the listing"),
        (first_only, "one entry per listed tool"),
    ],
)
def test_wrong_answers_are_named(answer: Any, hint: str) -> None:
    verdict = check("13.1", answer)
    assert not verdict.passed
    assert hint in verdict.message
