"""Typed values read by meaning (entities.py): a street address is one place, a share of a scale
word multiplies it, a number with a counter of its own counts and ends no time range, and the
counters Korean counts things with. Every sentence is new, in domains no classroom case uses."""

from __future__ import annotations

from typing import Any

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.entities import read_values


def values(text: str) -> list[tuple[str, Any]]:
    """(kind, value) of every value the reader finds, in order."""
    return [(e.kind, e.value) for e in read_values(text)]


def places(text: str) -> list[Any]:
    """The places the reader finds, in order."""
    return [value for kind, value in values(text) if kind == "place"]


# ---------------------------------------------------------------- a street address is one place


@pytest.mark.parametrize(
    ("text", "address"),
    [
        ("유리창 기사님 부산 해운대구 우동 센텀중앙로 97로", "부산 해운대구 우동 센텀중앙로 97"),
        ("광주 북구 용봉로 77에서 강아지 미용 픽업해 주세요", "광주 북구 용봉로 77"),
        ("청소는 수원시 영통구 광교중앙로 145번길 8이에요", "수원시 영통구 광교중앙로 145번길 8"),
        ("Send the cleaner to 221 Maple Avenue at 3pm", "221 Maple Avenue"),
        ("The kayak is at 9 Harbor Road, by the pier", "9 Harbor Road"),
        ("deliver the cake to 1600 Pennsylvania Ave. tomorrow", "1600 Pennsylvania Ave"),
    ],
)
def test_a_street_address_is_one_place_as_written(text: str, address: str) -> None:
    assert places(text) == [address]


@pytest.mark.parametrize(
    "text",
    [
        "포스터 가로 1280 세로 720으로 뽑아줘",  # 가로: a width, a common word
        "오피스텔 매매로 12억까지 찾아줘",  # a particle on a common word, a scaled amount
        "택시로 20분이면 가",  # a number with its counter: a duration
        "카드로 3만원 결제해줘",
        "Room 12 Street View package, please",  # no number before the street's name
    ],
)
def test_a_word_and_a_number_are_no_address(text: str) -> None:
    assert places(text) == []


@pytest.mark.parametrize(
    ("text", "landmark"),
    [
        ("Drop the rental scooter at Union Square", "Union Square"),  # names no gazetteer knows
        ("Is the ice rink near Jukdo Beach open?", "Jukdo Beach"),
        ("a picnic spot in Seoul Forest", "Seoul Forest"),  # a known city and a kind of place
    ],
)
def test_a_capitalised_name_and_a_kind_of_place_is_one_landmark(text: str, landmark: str) -> None:
    assert places(text) == [landmark]


def test_a_verb_that_opens_the_sentence_names_no_landmark() -> None:
    assert places("Book Hall 3 for the choir on Monday") == []


# ---------------------------------------------------------------- shares of scale words


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Bake half a dozen bagels for pickup", 6),
        ("The video passed a quarter of a million views", 250_000),
        ("we need three quarters of a dozen chairs", 9),
    ],
)
def test_a_share_of_a_scale_word_multiplies_it(text: str, number: int) -> None:
    assert [v for kind, v in values(text) if kind == "number"] == [number]


# ---------------------------------------------------------------- a counted number ends no range


@pytest.mark.parametrize(
    ("text", "number", "start"),
    [
        ("오후 2시부터 3번 코트 두 시간 빌려줘", 3, "14:00"),
        ("오전 10시부터 5명이 들어가요", 5, "10:00"),
        ("오후 4시부터 2대 세차 예약", 2, "16:00"),
    ],
)
def test_a_number_with_its_own_counter_ends_no_time_range(
    text: str, number: int, start: str
) -> None:
    found = values(text)
    assert ("number", number) in found
    assert [v for kind, v in found if kind == "time"] == [start]


def test_a_bare_hour_after_a_time_still_ends_its_range() -> None:
    assert [v for kind, v in values("오후 1시부터 4까지 회의실") if kind == "time"] == [
        "13:00",
        "16:00",
    ]


# ---------------------------------------------------------------- Korean counters


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("운동장 다섯 바퀴 뛰었어", 5),
        ("장갑 한 짝을 잃어버렸어", 1),
        ("인생네컷 사진 네 컷 뽑아줘", 4),
        ("마당에 감나무 세 그루 심었어", 3),
        ("안개꽃 두 다발 주문", 2),
        ("키친타월 여섯 롤 남았어", 6),
        ("민원 두 건 접수됐어", 2),
    ],
)
def test_a_native_number_before_a_counter_is_a_count(text: str, number: int) -> None:
    assert ("number", number) in values(text)


# ---------------------------------------------------------------- a count names what it counts


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("two day passes for the water park", 2),  # passes, not a two-day span
        ("Book 3 hour lessons with the sailing club", 3),
        ("four night tickets for the ferry", 4),
    ],
)
def test_a_count_before_a_singular_unit_and_a_plural_noun_counts_the_noun(
    text: str, count: int
) -> None:
    found = values(text)
    assert ("number", count) in found
    assert not [v for kind, v in found if kind == "duration"]


def test_a_plural_unit_is_still_a_span() -> None:
    assert ("duration", {"seconds": 2 * 86_400}) in values("rent the kayak for two days")


# ---------------------------------------------------------------- identifiers and names in Korean


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("세탁 주문번호는 302-5581907이고 셔츠 두 장이에요", "302-5581907"),  # a particle after it
        ("접수번호 2024-11-0387로 조회해줘", "2024-11-0387"),
    ],
)
def test_a_dashed_reference_number_before_a_particle_is_one_code(text: str, code: str) -> None:
    assert ("code", code) in values(text)


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("정하늘 선생님으로 피아노 조율 예약", "정하늘"),  # a title, then a particle of means
        ("한지민 코치님이랑 수영 수업 잡아줘", "한지민"),
        ("윤바다 기사님으로 배정해 주세요", "윤바다"),
    ],
)
def test_a_name_before_a_role_title_is_a_person(text: str, name: str) -> None:
    assert ("person", name) in values(text)


def test_a_common_word_before_a_title_is_no_name() -> None:
    assert not [v for kind, v in values("오늘 선생님으로 바꿔줘") if kind == "person"]


# ---------------------------------------------------------------- seats: a row and a letter


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("Can I switch to seat 14C on the ferry?", ["14C"]),  # a seat, not 14 degrees Celsius
        ("야간열차 침대 3F로 바꿔줘", ["3F"]),
        ("Put us in seats 22A and 22B at the concert hall", ["22A", "22B"]),
    ],
)
def test_a_row_and_a_letter_after_a_seat_word_is_a_seat(text: str, codes: list[str]) -> None:
    found = values(text)
    assert [v for kind, v in found if kind == "code"] == codes
    assert not [v for kind, v in found if kind == "quantity"]


def test_a_number_and_a_scale_letter_alone_is_still_a_temperature() -> None:
    assert values("set the greenhouse to 20C") == [("quantity", {"amount": 20, "unit": "celsius"})]


# -------------------------------------------------- a description names the form of a value


@pytest.mark.parametrize(
    ("name", "description", "expected"),
    [
        ("start", "ISO 8601 date-time", "2026-01-02T19:00"),  # a date and a time, not the date
        ("begins", "date and time of the pickup", "2026-01-02T19:00"),
        ("start", "픽업 날짜와 시간", "2026-01-02T19:00"),
        ("start_time", "pickup clock time, HH:MM", "19:00"),  # a clock's format: the time alone
    ],
)
def test_a_description_names_the_form_of_a_moment(
    name: str, description: str, expected: str
) -> None:
    pickup = tool(
        "schedule_pickup",
        "Schedule a dry-cleaning pickup.",
        {name: {"type": "string", "description": description}},
        [name],
    )
    [(_, arguments)] = calls_of(ask("Pick up my suits tomorrow at 7pm", [pickup]))
    assert arguments == {name: expected}


# -------------------------------------------------- end to end: each value to its parameter

COURT = tool(
    "reserve_court",
    "Reserve a tennis court.",
    {
        "court": {"type": "integer", "description": "court number"},
        "start": {"type": "string", "description": "ISO 8601 date-time"},
        "hours": {"type": "integer", "description": "how many hours"},
    },
    ["court", "start", "hours"],
)
CLEANING = tool(
    "book_house_cleaning",
    "집 청소 예약",
    {
        "address": {"type": "string", "description": "방문 주소"},
        "date": {"type": "string", "description": "YYYY-MM-DD"},
    },
    ["address", "date"],
)
BAKERY = tool(
    "order_bagels",
    "Order bagels for pickup.",
    {"count": {"type": "integer", "description": "how many bagels"}},
    ["count"],
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        (
            "내일 오후 2시부터 3번 코트 두 시간 예약해줘",
            [COURT],
            {"court": 3, "start": "2026-01-02T14:00", "hours": 2},
        ),
        (
            "모레 대전 서구 둔산로 100으로 청소 예약해줘",
            [CLEANING],
            {"address": "대전 서구 둔산로 100", "date": "2026-01-03"},
        ),
        ("Order half a dozen bagels", [BAKERY], {"count": 6}),
    ],
)
def test_each_value_goes_to_the_parameter_of_its_type(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


# -------------------------------------------------- a pass, a bill or a worth of a measure


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("헬스장 3개월권 끊어줘", ("duration", {"seconds": 3 * 2_592_000})),  # a pass that long
        ("노래방 1시간권 두 장", ("duration", {"seconds": 3600})),
        ("귤 만원어치만 주세요", ("money", {"amount": 10000, "currency": "KRW"})),  # worth
        ("상품권은 5만원권으로 주세요", ("money", {"amount": 50000, "currency": "KRW"})),  # a bill
    ],
)
def test_a_pass_or_a_worth_of_a_measure_keeps_the_measure(
    text: str, expected: tuple[str, Any]
) -> None:
    assert expected in values(text)


# -------------------------------------------------- a part of a day said as one word


@pytest.mark.parametrize(
    ("text", "seconds"),
    [
        ("전기자전거 반나절만 빌릴게요", 4 * 3600),  # half a working day
        ("보트 반나절 대여 얼마예요?", 4 * 3600),
        ("게스트하우스 하룻밤 묵을 방 있어요?", 86_400),  # one night's stay
    ],
)
def test_a_part_of_a_day_said_as_a_word_is_a_duration(text: str, seconds: int) -> None:
    assert ("duration", {"seconds": seconds}) in values(text)


def test_a_part_of_a_day_before_now_is_no_duration() -> None:
    assert [kind for kind, _ in values("반나절 전에 택배 왔어")] == []


# -------------------------------------------------- a format that spells a date and a time


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Push the dog grooming to Friday at 3pm", "2026-01-02T15:00"),
        ("미용 예약을 모레 오전 11시로 옮겨줘", "2026-01-03T11:00"),
        ("Move the grooming slot to tomorrow evening at 6:30", "2026-01-02T18:30"),
    ],
)
def test_a_format_with_a_clock_part_takes_the_date_and_the_time(
    question: str, expected: str
) -> None:
    grooming = tool(
        "move_grooming",
        "Move a pet grooming appointment to a new date and time.",
        {"new_start": {"type": "string", "description": "New start, YYYY-MM-DDTHH:MM"}},
        ["new_start"],
    )
    [(_, arguments)] = calls_of(ask(question, [grooming]))
    assert arguments == {"new_start": expected}


# -------------------------------------------------- a digit number before a scale word


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("Bake 2 dozen cupcakes for the fair", 24),
        ("We need 3 hundred folding chairs", 300),
        ("order a dozen and a half bagels", 18),  # a half of the dozen, not of one
        ("the hike took two and a half", 2.5),
    ],
)
def test_a_scale_word_multiplies_the_number_before_it(text: str, number: float) -> None:
    assert values(text) == [("number", number)]
