"""Reading, once: the request (concepts, values, clauses) and each tool (what it takes)."""

from __future__ import annotations

import pytest

from helpers.offline.request import read_request
from helpers.offline.tools import parameter_kind, read_tool


def concepts(text: str) -> list[str]:
    """The concepts the model reads in a text (negated ones marked with "not ")."""
    return [("not " if s.negated else "") + s.concept for s in read_request(text).senses]


def values(text: str) -> list[tuple[str, object]]:
    """The typed values the model reads in a text."""
    return [(e.kind, e.value) for e in read_request(text).entities]


@pytest.mark.parametrize(
    ("text", "meant", "not_meant"),
    [
        ("What is 1234.5 times 6789 divided by 3?", "multiply", "time"),
        ("3 곱하기 4는?", "multiply", "time"),
        ("What time is it in Tokyo?", "time", "multiply"),
        ("라면 끓이게 10분 타이머 맞춰줘", "timer", "multiply"),
        ("엄마한테 늦는다고 문자 보내줘", "sms", "email"),
        ("Turn off the kitchen lights", "turn_off", "turn_on"),
    ],
)
def test_words_mean_concepts_in_either_language(text: str, meant: str, not_meant: str) -> None:
    assert meant in concepts(text) and not_meant not in concepts(text)


@pytest.mark.parametrize(
    "text", ["Write a draft to hr@acme.com, don't send it yet", "메일 초안만 써 둬. 보내지는 마"]
)
def test_a_negated_action_is_read_as_not_wanted(text: str) -> None:
    assert "not send" in concepts(text) and "send" not in concepts(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Book a hotel in Busan from January 10 to 12", ("date", "2026-01-12")),
        ("1월 19일부터 23일까지 연차 쓸게", ("date", "2026-01-23")),
        ("30분 뒤에 빨래 꺼내라고 알림 줘", ("datetime", "2026-01-01T09:30")),
        ("테슬라 주가 알려줘", ("code", "TSLA")),
        ("Pull up invoice INV-2025-031", ("code", "INV-2025-031")),
    ],
)
def test_values_a_model_knows_beyond_the_entity_reader(text: str, expected: tuple) -> None:
    assert expected in values(text)


def test_clauses_are_cut_at_and_and_korean_and() -> None:
    request = read_request("서울 날씨랑 시간 알려줘")
    assert [request.text[c.start : c.end] for c in request.clauses] == ["서울 날씨", "시간 알려줘"]


def test_a_long_paste_is_read_in_a_window() -> None:
    blob = "QUJD" * 25_000 + " what is 2 plus 3?"
    request = read_request(blob)
    assert len(request.text) == len(blob) and "add" in concepts(blob)


@pytest.mark.parametrize(
    ("name", "spec", "kind"),
    [
        ("to", {"type": "string", "description": "Recipient email address"}, "email"),
        ("to", {"type": "string", "format": "email"}, "email"),
        ("q", {"type": "string", "description": "city"}, "place"),
        ("minutes", {"type": "integer", "description": "Length in minutes"}, "duration"),
        ("party_size", {"type": "integer"}, "count"),
        ("origin", {"type": "string", "pattern": "^[A-Z]{3}$"}, "place"),
        ("code", {"type": "string", "pattern": "^[A-Z]{3}$"}, "code"),
        ("when", {"type": "string", "format": "date-time"}, "datetime"),
        ("expression", {"type": "string"}, "expression"),
        ("unit", {"type": "string", "enum": ["celsius", "fahrenheit"]}, "enum"),
        ("invoice_number", {"type": "string"}, "identifier"),
        ("message", {"type": "string", "description": "The message body"}, "body"),
    ],
)
def test_a_parameter_s_type_comes_from_its_schema_name_and_description(
    name: str, spec: dict, kind: str
) -> None:
    assert parameter_kind(name, spec) == kind


NAMES = ("to", "from_currency", "delay_seconds")


def test_reading_a_tool_gives_roles_units_and_alternatives() -> None:
    tool = read_tool(
        {
            "name": "send_sms",
            "description": "Send a text message.",
            "parameters": {
                "type": "object",
                "properties": {
                    "to": {"type": "string", "description": "Contact name or phone number"},
                    "from_currency": {"type": "string"},
                    "delay_seconds": {"type": "integer", "description": "Delay in seconds"},
                },
            },
        }
    )
    to, source, delay = (next(p for p in tool.parameters if p.name == n) for n in NAMES)
    assert to.kind == "phone" and "person" in to.also
    assert source.role == "source" and delay.unit == "seconds"
    assert "sms" in tool.named and "send" in tool.in_name


@pytest.mark.parametrize(
    "text",
    ["Email Joe, then book a table at 7 and text Ana", "내일 3시에 회의 잡고 철수한테 문자 보내줘"],
)
def test_words_in_gives_exactly_the_words_that_start_between_two_positions(text: str) -> None:
    request = read_request(text)
    for start in range(len(text) + 1):
        for end in range(start, len(text) + 1, 3):
            expected = tuple(w for w in request.words if start <= w.start < end)
            assert request.words_in(start, end) == expected


def test_clause_openings_are_the_first_word_of_each_clause() -> None:
    request = read_request("Email Joe, then book a table at 7")
    openings = {request.text[i : i + 5] for i in request.clause_openings}
    assert "Email" in openings and " " not in {request.text[i] for i in request.clause_openings}


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("장보기 할 일에 넣어줘", "todo"),
        ("지금 몇 대 몇이야?", "game"),
        ("할 일 목록 보여줘", "todo"),
    ],
)
def test_a_korean_phrase_may_take_a_particle(text: str, concept: str) -> None:
    """ "할 일에": Korean attaches particles to a phrase's last word; the phrase still reads."""
    assert concept in read_request(text).concepts()


@pytest.mark.parametrize(
    ("text", "concept"),
    [
        ("피자 한 판 시켜줘", "order"),
        ("Is there a free slot on Friday?", "available"),
        ("토요일에 빈 스터디룸 있어?", "available"),
        ("EPL 순위표 보여줘", "standings"),
        ("Show me the league rankings", "standings"),
        ("How do I get to the stadium from here?", "route"),
        ("시청에서 공항 가는 방법 알려줘", "route"),
        ("Is the payment gateway healthy?", "status"),
        ("애기 방금 잠들었어", "sleep"),
        ("Mark the invoice as paid", "update"),
        ("I drank two glasses", "water"),
        ("SRT 표 있어?", "train"),
    ],
)
def test_everyday_words_of_the_new_domains_mean_their_concepts(text: str, concept: str) -> None:
    """Words a learner's users say about ordering, free slots, league tables, routes, service
    health, sleep, marking a state, drinking and trains, in both languages."""
    assert concept in read_request(text).concepts()


@pytest.mark.parametrize(
    "text",
    [
        "Turn the music down and drop off the car at 5",
        "거실 불 끄고 30분 뒤에 빨래 꺼내라고 알려줘",
    ],
)
def test_senses_in_gives_exactly_the_senses_that_start_between_two_positions(text: str) -> None:
    """Found by bisection, the senses of a span are the same as a filter over every sense."""
    request = read_request(text)
    for start in range(len(text) + 1):
        for end in range(start, len(text) + 1, 3):
            expected = [s for s in request.senses if start <= s.start < end]
            found = request.senses_in(start, end)
            assert len(found) == len(expected) and set(found) == set(expected)


@pytest.mark.parametrize(
    ("text", "concept"),
    [("Is the 7:40 train on time?", "delay"), ("이 건은 보류로 처리해줘", "update")],
)
def test_on_time_and_processing_as_a_state(text: str, concept: str) -> None:
    """ "on time" asks about a delay; "…로 처리해줘" (mark it as) changes a state."""
    assert concept in read_request(text).concepts()


@pytest.mark.parametrize(
    ("text", "concept"),
    [("그 집 토요일에 보러 갈게요", "visit"), ("시청까지 어떻게 갈 수 있어?", "route")],
)
def test_a_korean_phrase_s_last_syllable_may_take_a_final_consonant(
    text: str, concept: str
) -> None:
    """ "보러 가" is said "보러 갈게요", "어떻게 가" "어떻게 갈": the phrase still reads."""
    assert concept in read_request(text).concepts()


def borrowed(text: str) -> list[set[str]]:
    """The concepts each clause of a text shares with the verb of its list."""
    return [{s.concept for s in c.borrowed} for c in read_request(text).clauses]


@pytest.mark.parametrize(
    ("text", "shared"),
    [
        ("요가랑 수영 둘 다 예약해줘", "reserve"),  # Korean says the verb after the last item
        ("화분이랑 선반 다 삭제해줘", "delete"),
        ("Cancel the yoga class and the swim lesson", "delete"),  # English before the first
    ],
)
def test_a_list_item_without_a_verb_shares_the_list_s_verb(text: str, shared: str) -> None:
    clauses, korean = borrowed(text), read_request(text).korean
    assert shared in clauses[0 if korean else 1]
    assert shared not in clauses[-1 if korean else 0]  # the verb's own clause borrows nothing


def test_a_korean_item_shares_what_follows_the_next_item() -> None:
    first, second = borrowed("월요일이랑 수요일 식단표 보여줘")
    assert {"list"} <= first and not second  # the timetable's words and the showing, not 수요일


def test_a_clause_with_its_own_verb_borrows_nothing() -> None:
    assert borrowed("충전기는 빼고 케이블 주문해줘") == [set(), set()]


def test_a_list_item_of_another_sentence_shares_no_verb() -> None:
    assert borrowed("전기요금. 가스요금 알려줘")[0] == set()


@pytest.mark.parametrize("text", ["전기, 가스 둘 다 꺼줘", "거실이랑 안방 셋 다 켜줘"])
def test_both_and_all_three_are_no_numbers(text: str) -> None:
    assert not [v for v in values(text) if v[0] == "number"]


@pytest.mark.parametrize(
    "text", ["Book a checkup with Dr. Kim on Monday", "Ask Ms. Park about the St. Mary trip"]
)
def test_an_abbreviation_s_period_ends_no_clause(text: str) -> None:
    assert len(read_request(text).clauses) == 1


@pytest.mark.parametrize(
    ("text", "corrects"),
    [
        ("Set it for 5pm, actually make it 6pm", True),
        ("3번 칸으로 옮겨줘, 아니 5번 칸으로", True),
        ("Set it for 5pm and notify Nora", False),
    ],
)
def test_a_clause_that_corrects_what_was_said_is_read_as_a_correction(
    text: str, corrects: bool
) -> None:
    request = read_request(text)
    assert request.corrects(request.clauses[-1]) is corrects
