"""Explaining: every decision carries its reasons, in process (explain()) and over HTTP."""

from __future__ import annotations

import json

import httpx2
from offline_support import TOOLS, tool

from helpers.offline import MODEL_ID, ModelConfig, explain, sync_transport
from helpers.offline.explain import HEADER
from helpers.offline.service import CHAT_PATH, handle

WEATHER_REQUEST = {"messages": [{"role": "user", "content": "베이징 날씨 어때?"}], "tools": TOOLS}


def test_explain_shows_the_scores_the_matched_words_and_the_filled_values() -> None:
    why = explain(WEATHER_REQUEST)
    assert (why.action, why.language) == ("call", "ko")
    best = why.scores[0]
    assert best.tool == "get_weather" and "weather<-날씨" in best.matched
    assert any(line.startswith("city = 'Beijing'") for line in why.filled)
    assert "get_weather" in str(why) and why.to_dict()["rule"] == why.rule


def test_explain_says_why_it_asks_or_answers() -> None:
    asked = explain(
        {"messages": [{"role": "user", "content": "What's the weather like?"}], "tools": TOOLS}
    )
    assert asked.action == "ask" and "city" in asked.reason
    calculator = tool(
        "calculate",
        "Evaluate a math expression.",
        {"expression": {"type": "string"}},
        ["expression"],
    )
    question = "Can you explain what a JSON schema is?"
    answered = explain({"messages": [{"role": "user", "content": question}], "tools": [calculator]})
    assert answered.action == "answer" and answered.rule == "answer"


def test_a_description_change_moves_the_scores() -> None:
    city = {"city": {"type": "string"}}
    vague = explain({**WEATHER_REQUEST, "tools": [tool("wx", "Data.", city, ["city"])]})
    clear = explain(
        {
            **WEATHER_REQUEST,
            "tools": [tool("wx", "Get the current weather in a city.", city, ["city"])],
        }
    )
    assert clear.scores[0].meaning > vague.scores[0].meaning == 0


def test_script_mode_and_faults_are_named_as_the_rule_that_acted() -> None:
    assert explain(WEATHER_REQUEST, script=["Pinned."]).rule == "script"
    assert explain(WEATHER_REQUEST, faults=("invalid_json",)).rule == "fault: invalid_json"


def test_the_http_reply_carries_the_same_explanation_as_compact_ascii_json() -> None:
    body = json.dumps({"model": MODEL_ID, **WEATHER_REQUEST}).encode()
    reply = handle("POST", CHAT_PATH, body, ModelConfig())
    header = reply.headers()[HEADER]
    expected = json.loads(json.dumps(explain(WEATHER_REQUEST).to_dict()))
    assert header.isascii() and json.loads(header) == expected


def test_the_explanation_header_is_on_the_wire_in_process_and_over_http(served_url: str) -> None:
    body = {"model": MODEL_ID, **WEATHER_REQUEST}
    with httpx2.Client(
        transport=sync_transport(ModelConfig()), base_url="http://offline.invalid"
    ) as local:
        here = local.post("/v1/chat/completions", json=body)
    there = httpx2.post(f"{served_url}/chat/completions", json=body, trust_env=False)
    expected = json.loads(json.dumps(explain(WEATHER_REQUEST).to_dict()))
    assert json.loads(here.headers[HEADER]) == expected
    assert json.loads(there.headers[HEADER]) == expected
    assert there.headers["content-type"].startswith("application/json")


def test_each_line_shows_the_parts_and_the_gates_of_a_score() -> None:
    """A tool whose values would fit but that shares no meaning shows 0.00 and says why."""
    tickets = tool(
        "buy_tickets",
        "Buy concert tickets for a show.",
        {"show_id": {"type": "string"}, "seats": {"type": "integer", "description": "Seats"}},
        ["seats"],
    )
    question = "Is 4 a lucky number?"  # a number for `seats`, but no shared meaning
    why = explain({"messages": [{"role": "user", "content": question}], "tools": [tickets]})
    line = next(line for line in str(why).splitlines() if line.strip().startswith("buy_tickets"))
    score = why.scores[0]
    assert score.slots > 0 and not score.slots_counted and not score.fits
    assert "not counted: no shared meaning" in line and "[does not fit]" in line
    assert "contradictions" in line


def test_a_contradiction_is_shown_with_its_reason_and_the_tool_does_not_fit() -> None:
    city = {"city": {"type": "string", "description": "A city"}}
    tools = [
        tool("send_postcard", "Send a postcard from a city.", city, ["city"]),
        tool("draft_postcard", "Write a postcard from a city without sending it.", city, ["city"]),
    ]
    why = explain(
        {"messages": [{"role": "user", "content": "Send a postcard from Rome"}], "tools": tools}
    )
    draft = next(s for s in why.scores if s.tool == "draft_postcard")
    assert not draft.fits and any("does not send" in c for c in draft.conflicts)
    assert "[fits]" in str(why) and "[does not fit]" in str(why)
