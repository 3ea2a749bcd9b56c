"""The semantic type the offline model reads for a parameter (step 2): invented parameters, in
English and Korean, with the type a reader would expect from the name, description and schema."""

from __future__ import annotations

from typing import Any

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.tools import parameter_kind, with_stated_default

STR, INT, NUM = "string", "integer", "number"

# (name, description, JSON type, extra schema, the type a reader expects)
CASES: list[Any] = [
    # a unit in the name: a quantity of that unit, not money
    ("amount_ml", "How much water was drunk", INT, {}, "number"),
    ("volume_ml", "마신 물의 양", NUM, {}, "number"),
    ("weight_kg", "Body weight in kilograms", NUM, {}, "number"),
    ("distance_km", "달린 거리(km)", NUM, {}, "number"),
    ("amount", "Amount to transfer in KRW", NUM, {}, "money"),
    ("price", "가격(원)", INT, {}, "money"),
    ("duration_minutes", "How long to study", INT, {}, "duration"),
    ("guests", "Number of guests", INT, {}, "count"),
    # "X_name": the name of an X; a person only when X is a person
    ("pet_name", "The pet's name", STR, {}, "title"),
    ("plant_name", "식물 이름", STR, {}, "title"),
    ("song_name", "Name of the song to play", STR, {}, "title"),
    ("recipient_name", "Who receives the parcel", STR, {}, "person"),
    ("contact_name", "연락처 이름", STR, {}, "person"),
    ("name", "The person's full name", STR, {}, "person"),
    ("student_name", "학생 이름", STR, {}, "person"),
    # the head noun decides; a modifier only colours it
    ("reason", "Why the pet needs to see the vet", STR, {}, "body"),
    ("word", "The word to look up", STR, {}, "query"),
    ("tutor", "Name of the tutor to book", STR, {}, "person"),
    ("city", "City to check", STR, {}, "place"),
    ("destination", "여행 목적지", STR, {}, "place"),
    ("recipient", "Email address of the recipient", STR, {}, "email"),
    ("phone_number", "Mobile number with country code", STR, {}, "phone"),
    ("order_id", "주문 번호", STR, {}, "identifier"),
    ("order_ids", "", STR, {}, "identifier"),  # an array's items: only the name
    ("message", "보낼 메시지 내용", STR, {}, "body"),
    ("title", "Title of the event", STR, {}, "title"),
    ("currency", "Three-letter currency code", STR, {}, "currency"),
    ("language", "Target language", STR, {}, "language"),
    ("file_path", "Path to the file", STR, {}, "path"),
    # ...or in the description; not a unit a price is per, nor an amount the description says
    ("amount", "Liters of fuel", NUM, {}, "number"),
    ("fuel", "주유량(리터)", NUM, {}, "number"),
    ("amount", "Amount to transfer in KRW", NUM, {}, "money"),
    ("price", "Price per kg", NUM, {}, "money"),
    ("price", "kg당 가격(원)", INT, {}, "money"),
    ("total", "Total cost of 30 liters", NUM, {}, "money"),
    # a date format string decides a date (not a datetime, not free text)
    ("start", "출발일 YYYY-MM-DD", STR, {}, "date"),
    ("end", "귀국일 YYYY-MM-DD", STR, {}, "date"),
    ("due_date", "Due date, YYYY-MM-DD", STR, {}, "date"),
    ("deadline", "마감일 (YYYY-MM-DD)", STR, {}, "date"),
    ("when", "When the meeting starts, ISO 8601 date and time", STR, {}, "datetime"),
    ("birthday", "생일", STR, {}, "date"),
    ("check_in", "Check-in date", STR, {}, "date"),
    ("at", "시각 (HH:MM)", STR, {}, "time"),
    ("email", "", STR, {"format": "email"}, "email"),
    ("start_at", "", STR, {"format": "date-time"}, "datetime"),
    ("fx", "", STR, {"pattern": "^[A-Z]{3}$"}, "currency"),
    # written after the fix, to check that the rules reach parameters they were not made on
    ("height_cm", "키", INT, {}, "number"),
    ("calories_kcal", "", NUM, {}, "number"),
    ("budget", "예산(원)", INT, {}, "money"),
    ("to", "Recipient's email", STR, {}, "email"),
    ("receiver", "받는 사람 전화번호", STR, {}, "phone"),
    ("depart_date", "출발 날짜 (YYYY/MM/DD)", STR, {}, "date"),
    ("ticket_ids", "", STR, {}, "identifier"),
    ("assignee", "Who should do it; their @handle", STR, {}, "handle"),
    ("owner", "Owner of the repo", STR, {}, "person"),
    # the name of a thing (whose name it is: no person, no other type's word) is a name, a title
    ("hive_name", "", STR, {}, "title"),
    ("drone", "드론 별명", STR, {}, "title"),
    ("nickname", "The car's nickname", STR, {}, "title"),
    ("starter_name", "Name of your sourdough starter", STR, {}, "title"),
    ("device", "Name of the speaker to play on", STR, {}, "title"),
    ("robot", "로봇청소기의 이름", STR, {}, "title"),
    ("name", "What the user calls the plant", STR, {}, "title"),
    ("label", "What you call this kettle", STR, {}, "title"),
    ("name", "Who to call", STR, {}, "person"),
    # ...and the name of a person, or of a place, is not
    ("child", "아이 이름", STR, {}, "person"),
    ("stylist", "Stylist name", STR, {}, "person"),
    ("first_name", "", STR, {}, "person"),
    ("name", "Name for the reservation", STR, {}, "person"),
    ("guest_name", "손님 성함", STR, {}, "person"),
    ("city_name", "City name", STR, {}, "place"),
    # a name of only shared words ("name", "to") is what its description agrees it is
    ("name", "Who the code is for", STR, {}, "person"),
    ("to", "Destination city", STR, {}, "place"),
    ("name", "Event name", STR, {}, "title"),
    ("to", "받는 사람 전화번호", STR, {}, "phone"),
    ("from", "ISO currency code", STR, {}, "currency"),
    ("from", "Sender's email", STR, {}, "email"),
    ("from", "", STR, {}, "place"),
    # a plural name is read in the singular, as the dictionary has it
    ("cities", "", STR, {}, "place"),
    ("attendees", "", STR, {}, "person"),
    ("addresses", "", STR, {}, "place"),
    # the words a schema's author uses for a kind, abbreviations and Korean included
    ("departure_port", "", STR, {}, "place"),
    ("harbour", "Harbour to sail from", STR, {}, "place"),
    ("terminal", "출발 터미널", STR, {}, "place"),
    ("cc", "", STR, {}, "email"),
    ("copies", "", INT, {}, "count"),
    ("qty", "", INT, {}, "count"),
    ("timeout", "", INT, {}, "duration"),
    ("postcode", "", STR, {}, "code"),
    ("zip", "우편번호", STR, {}, "code"),
]


@pytest.mark.parametrize(("name", "description", "json_type", "extra", "expected"), CASES)
def test_a_parameter_is_read_as_a_reader_would(
    name: str, description: str, json_type: str, extra: dict[str, Any], expected: str
) -> None:
    spec = {"type": json_type, **extra}
    if description:
        spec["description"] = description
    assert parameter_kind(name, spec) == expected


# A default the description states is the value a reader uses when the user says none; a
# range or a word states no one value.
STATED_DEFAULTS: list[Any] = [
    (INT, "Session length in minutes, usually 60", 60),
    (NUM, "Water as % of flour; default 70", 70),
    (INT, "Retries before giving up (defaults to 3)", 3),
    (INT, "게임 수 (기본 2게임)", 2),
    (INT, "두께(mm), 특별한 요청 없으면 18", 18),
    (NUM, "현재 온도(℃), 보통 실온 20도", 20),
    (NUM, "Tip percentage, usually 15-20", None),
    (INT, "Players, usually between 2 and 5", None),
    (INT, "How many players", None),
    (STR, "Start time (default now)", None),
]


@pytest.mark.parametrize(("json_type", "description", "expected"), STATED_DEFAULTS)
def test_a_default_the_description_states_is_read(
    json_type: str, description: str, expected: Any
) -> None:
    spec = with_stated_default({"type": json_type}, description)
    assert spec.get("default") == expected


def test_a_stated_default_chooses_an_enum_member() -> None:
    spec = {"type": "string", "enum": ["mild", "medium", "hot"]}
    assert with_stated_default(spec, "Spice level (default medium)")["default"] == "medium"


def _tool(name: str, description: str, properties: dict[str, Any]) -> dict[str, Any]:
    return tool(name, description, properties, list(properties))


KILN = _tool(
    "fire_kiln",
    "Fire a pottery kiln.",
    {
        "cone": {"type": "integer", "description": "Firing cone, usually 6"},
        "pieces": {"type": "integer", "description": "How many pieces go in"},
    },
)
DARTS = _tool(
    "start_darts",
    "다트 게임을 시작합니다.",
    {
        "people": {"type": "integer", "description": "참가 인원"},
        "score": {"type": "integer", "description": "시작 점수 (기본 501)"},
    },
)
FERRY = tool(
    "book_ferry",
    "Book ferry seats.\n\nArgs:\n    seats: Number of seats (default 1).\n    port: Where to board",
    {"seats": {"type": "integer"}, "port": {"type": "string"}},
    ["seats", "port"],
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("Fire the kiln with 12 pieces", [KILN], {"cone": 6, "pieces": 12}),
        ("Fire 8 pieces at cone 10", [KILN], {"cone": 10, "pieces": 8}),
        ("다트 3명 시작해줘", [DARTS], {"people": 3, "score": 501}),
        ("Book a ferry seat from Mokpo", [FERRY], {"seats": 1, "port": "Mokpo"}),
    ],
)
def test_a_required_value_the_user_leaves_out_takes_the_stated_default(
    question: str, tools: list[dict[str, Any]], expected: dict[str, Any]
) -> None:
    assert calls_of(ask(question, tools)) == [(tools[0]["function"]["name"], expected)]


def test_a_required_value_with_no_stated_default_is_asked_for() -> None:
    message = ask("다트 게임 시작해줘", [DARTS])
    assert not message.tool_calls and "참가 인원(people)" in message.content


SNOOZE = _tool(
    "snooze",
    "Snooze a reminder.",
    {"title": {"type": "string"}, "minutes_from_now": {"type": "integer"}},
)
FX = _tool(
    "fx_quote",
    "Quote an exchange rate.",
    {
        "amount": {"type": "number"},
        "from": {"type": "string", "description": "ISO currency code"},
        "to": {"type": "string", "description": "ISO currency code"},
    },
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("Snooze 'water the plants' for 2 hours", [SNOOZE], {"minutes_from_now": 120}),
        ("'스트레칭' 알림 20분 뒤로 미뤄줘", [SNOOZE], {"minutes_from_now": 20}),
        ("How much is 50 USD in won?", [FX], {"amount": 50, "from": "USD", "to": "KRW"}),
        ("엔화 3000엔이면 달러로 얼마야?", [FX], {"amount": 3000, "from": "JPY", "to": "USD"}),
    ],
)
def test_a_from_in_a_name_is_an_end_only_of_what_has_ends(
    question: str, tools: list[dict[str, Any]], expected: dict[str, Any]
) -> None:
    """`minutes_from_now` is a length (counted from now), not the start of a pair; `from`
    described as a currency code is a currency, not a place."""
    (call,) = calls_of(ask(question, tools))
    assert {key: call[1][key] for key in expected} == expected
