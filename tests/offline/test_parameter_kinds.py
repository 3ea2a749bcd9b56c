"""The semantic type the offline model reads for a parameter (step 2): invented parameters, in
English and Korean, with the type a reader would expect from the name, description and schema."""

from __future__ import annotations

from typing import Any

import pytest

from helpers.offline.tools import parameter_kind

STR, INT, NUM = "string", "integer", "number"

# The name of a thing is read as a person's name today: arguments.py fills, lists ("초코 5.1kg,
# 보리 7.8kg": one call each) and asks for a person's name, but not yet a thing's name.
THING_NAME = pytest.mark.xfail(strict=True, reason="no kind yet for the name of a thing")

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
    pytest.param(*("pet_name", "The pet's name", STR, {}, "title"), marks=THING_NAME),
    pytest.param(*("plant_name", "식물 이름", STR, {}, "title"), marks=THING_NAME),
    pytest.param(*("song_name", "Name of the song to play", STR, {}, "title"), marks=THING_NAME),
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
]


@pytest.mark.parametrize(("name", "description", "json_type", "extra", "expected"), CASES)
def test_a_parameter_is_read_as_a_reader_would(
    name: str, description: str, json_type: str, extra: dict[str, Any], expected: str
) -> None:
    spec = {"type": json_type, **extra}
    if description:
        spec["description"] = description
    assert parameter_kind(name, spec) == expected
