"""Typed values by general grammar: totals of counts per unit, numbers said in Korean, lists of
values with their counters, choices said as loanwords, by degree, by frequency, by a gloss of
the description, and dates a past-tense sentence points back to (entities.py, choices.py,
words.py). Every sentence here is new: none is a classroom case."""

from __future__ import annotations

from typing import Any

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.choices import member_beyond_words
from helpers.offline.entities import read_values
from helpers.offline.words import english_sounds, korean_sounds, tells_of_the_past, words


def values(text: str) -> list[tuple[str, Any]]:
    """(kind, value) of every value the reader finds, in order."""
    return [(e.kind, e.value) for e in read_values(text)]


@pytest.mark.parametrize(
    ("text", "amount", "unit"),
    [
        ("우유 세 컵 마셨어, 한 컵에 200ml", 600, "ml"),  # the count a sentence before
        ("Poured four glasses, 150 ml each", 600, "ml"),
        ("Bought 5 bags of rice, 2 kg per bag", 10, "kg"),
        ("물 300ml씩 두 병 챙겼어", 600, "ml"),  # the amount first, its count after
        ("화분 네 개에 각각 흙 1.5리터씩 넣었어", 6, "liter"),
    ],
)
def test_a_count_times_an_amount_per_unit_is_a_total(text: str, amount: float, unit: str) -> None:
    quantities = [v for kind, v in values(text) if kind == "quantity"]
    assert quantities == [{"amount": amount, "unit": unit}]
    assert not [v for kind, v in values(text) if kind == "number"]  # the count is used up


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a serving per occasion is no total ("한 번에 50g씩, 하루 두 번")
        ("고양이 사료 한 번에 50그램씩 하루 두 번", {"amount": 50, "unit": "g"}),
        # an amount per unit with no count of that unit stays as said
        ("Mix 30 ml per litre of water", {"amount": 30, "unit": "ml"}),
    ],
)
def test_an_amount_per_occasion_or_without_a_count_stays(text: str, expected: dict) -> None:
    assert ("quantity", expected) in values(text)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("휘발유 오십 리터 넣었어", ("quantity", {"amount": 50, "unit": "liter"})),
        ("주스 이백오십 미리", ("quantity", {"amount": 250, "unit": "ml"})),
        ("쌀 2킬로 반 샀어", ("quantity", {"amount": 2.5, "unit": "kg"})),  # a weight: 쌀
        ("시럽 15cc", ("quantity", {"amount": 15, "unit": "ml"})),
        ("손님 셋이서 왔어", ("number", 3)),
        ("사과 열둘이랑 배 다섯", ("number", 12)),
    ],
)
def test_korean_numbers_and_units(text: str, expected: tuple[str, Any]) -> None:
    assert expected in values(text)


def test_a_half_after_a_temperature_is_not_read_as_half_a_degree() -> None:
    assert ("quantity", {"amount": 20, "unit": "celsius"}) in values("20도 반 정도로 맞춰")


SHELVES = tool(
    "open_shelves",
    "Unlock library shelves by their numbers.",
    {"shelf_numbers": {"type": "array", "items": {"type": "integer"}}},
    ["shelf_numbers"],
)
REFUNDS = tool(
    "refund_bookings",
    "Refund one or more bookings.",
    {"booking_ids": {"type": "array", "items": {"type": "string"}}},
    ["booking_ids"],
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("5번, 9번이랑 11번 서가 열어줘", [SHELVES], {"shelf_numbers": [5, 9, 11]}),
        ("Open shelf 4 and shelf 8", [SHELVES], {"shelf_numbers": [4, 8]}),
        ("Refund BK-7781 and BK-7790", [REFUNDS], {"booking_ids": ["BK-7781", "BK-7790"]}),
    ],
)
def test_several_values_fill_one_list(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


@pytest.mark.parametrize(
    ("korean", "english"),
    [("디럭스", "deluxe"), ("스탠다드", "standard"), ("익스프레스", "express"), ("셔틀", "shuttle"),
     ("하이브리드", "hybrid"), ("프로덕션", "production"), ("클래식", "classic")],
)  # fmt: skip
def test_a_loanword_has_the_consonants_of_its_english(korean: str, english: str) -> None:
    assert korean_sounds(korean) == english_sounds(english)


@pytest.mark.parametrize(
    ("korean", "english"), [("프리미엄", "standard"), ("디럭스", "basic"), ("셔틀", "taxi")]
)
def test_other_words_sound_otherwise(korean: str, english: str) -> None:
    assert korean_sounds(korean) != english_sounds(english)


def choice(members: list[Any], text: str, description: str = "") -> Any:
    """The member a request names beyond its words, or None."""
    language = "ko" if any("가" <= c <= "힣" for c in text) else "en"
    entities = read_values(text, language)
    named = member_beyond_words(members, words(text, language), entities, text, description)
    return named[0] if named else None


@pytest.mark.parametrize(
    ("members", "text", "description", "expected"),
    [
        # a loanword in the other script
        (["basic", "deluxe", "suite"], "디럭스 룸으로 잡아줘", "", "deluxe"),
        (["일반", "익스프레스"], "express lane please", "", "익스프레스"),
        # a Korean choice inside a compound noun
        (["전기", "수도", "가스"], "도시가스 요금 조회", "", "가스"),
        # a language said in the other language
        (["영어", "독일어", "일본어"], "quiz me in German", "", "독일어"),
        (["en", "de", "ja"], "일본어로 퀴즈", "", "ja"),
        # how often, said per period
        (["daily", "weekly", "monthly"], "용돈 일주일에 만 원", "", "weekly"),
        (["매일", "매주", "매달"], "Water it twice a month", "", "매달"),
        # a gloss of the description
        ([0, 1, 2], "불은 약하게", "0 = off, 1 = 약하게, 2 = 세게", 1),
        ([1, 2, 3], "set it to high", "Fan speed: 1 is low, 3 is high", 3),
        # a degree said by its Sino-Korean prefix
        (["저속", "중속", "고속"], "run it at high speed", "", "고속"),
        (["low", "medium", "high"], "강도는 중간으로", "", "medium"),
    ],
)
def test_a_choice_named_by_general_grammar(
    members: list[Any], text: str, description: str, expected: Any
) -> None:
    assert choice(members, text, description) == expected


@pytest.mark.parametrize(
    ("members", "text"),
    [
        (["pro", "basic"], "풀 세트로"),  # two consonants of a short word: too little to match
        (["가스", "전기", "도시가스"], "그냥 조회"),  # nothing said
        (["daily", "weekly"], "every hour"),
    ],
)
def test_no_choice_when_none_is_said(members: list[Any], text: str) -> None:
    assert choice(members, text) is None


@pytest.mark.parametrize(
    ("sentence", "past"),
    [
        ("We sold the car on November 30", True),
        ("지난번에 보일러가 고장 났어", True),
        ("Put the party on November 30", False),
        ("11월 30일에 약속 있어", False),
        ("I will pay on November 30", False),
    ],
)
def test_a_sentence_in_the_past_tense(sentence: str, past: bool) -> None:
    assert tells_of_the_past(sentence) is past


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("We sold the car on November 30", "2025-11-30"),
        ("11월 30일에 넘어져서 다쳤어", "2025-11-30"),
        ("I rescheduled it to November 30", "2026-11-30"),  # the target of the verb: ahead
        ("We arrived on January 20", "2026-01-20"),  # near ahead: as written, the next one
    ],
)
def test_a_past_sentence_points_a_yearless_date_back(text: str, day: str) -> None:
    assert ("date", day) in values(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("단어 서른 개 외웠어", 30),
        ("책 마흔세 쪽 읽음", 43),
        ("열한 문제 풀었어", 11),
        ("쉰 줄", 50),
    ],
)
def test_korean_native_tens_are_numbers_before_any_noun(text: str, value: int) -> None:
    assert ("number", value) in values(text)


def test_open_is_not_ten() -> None:
    assert not [v for kind, v in values("창문 열어 줘") if kind == "number"]


METER = tool(
    "log_meter_reading",
    "Record a water meter reading and what the bill came to.",
    {
        "reading_m3": {"type": "integer", "description": "Meter reading in cubic metres"},
        "bill": {"type": "number", "description": "Bill amount"},
        "distance_km": {"type": "integer", "description": "Distance walked to the meter"},
    },
    ["reading_m3"],
)
REFILL = tool(
    "log_gas_refill",
    "Log a gas cylinder refill.",
    {
        "kg": {"type": "number", "description": "Gas added in kg"},
        "price_per_kg": {"type": "number", "description": "Price per kg"},
    },
    ["kg"],
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        # a fraction never fills a whole count; money never fills a distance
        ("Meter reads 4512, bill came to 38.75", [METER], {"reading_m3": 4512, "bill": 38.75}),
        ("Meter reads 4512, the bill was ₩32,000", [METER], {"reading_m3": 4512, "bill": 32000}),
        # a rate's unit is what it counts: money per kg is money
        ("가스 12킬로 넣었어, 킬로당 삼천 원", [REFILL], {"kg": 12, "price_per_kg": 3000}),
    ],
)
def test_which_number_goes_to_which_parameter(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a year word dates a month and day (the clock: Thursday 2026-01-01)
        ("내년 2월 14일에 결혼해", ("date", "2027-02-14")),
        ("작년 11월 9일 영수증", ("date", "2025-11-09")),
        ("the gala is on June 12 next year", ("date", "2027-06-12")),
        ("we met last year on August 8", ("date", "2025-08-08")),
        # "this" or "coming" weekday already past this week: the coming one
        ("this coming Tuesday", ("date", "2026-01-06")),
        ("see you this Wednesday", ("date", "2026-01-07")),
        # minutes past or to an hour, in words or digits; Korean minutes in Sino-Korean
        ("meet at twenty past seven", ("time", "07:20")),
        ("the bus leaves at ten to eight", ("time", "07:50")),
        ("오후 네 시 사십 분에 보자", ("time", "16:40")),
        # kitchen units and a fortnight
        ("간장 3큰술", ("quantity", {"amount": 3, "unit": "tablespoon"})),
        ("2 pints of cream", ("quantity", {"amount": 2, "unit": "pint"})),
        ("for 2 fortnights", ("duration", {"seconds": 2_419_200})),
    ],
)
def test_dates_times_and_units_by_general_grammar(text: str, expected: tuple[str, Any]) -> None:
    assert expected in values(text)


@pytest.mark.parametrize("text", ["open from 9 to 5", "the score went from three to five"])
def test_a_range_of_numbers_is_no_clock_time(text: str) -> None:
    assert not [v for kind, v in values(text) if kind == "time"]


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("I'd give the hotel three out of five", 3),
        ("맛은 10점 만점에 7점", 7),
        ("rated it 9/10", 9),
    ],
)
def test_a_score_is_the_number_before_its_scale(text: str, score: float) -> None:
    assert [v for kind, v in values(text) if kind == "number"] == [score]


@pytest.mark.parametrize(
    ("members", "text", "expected"),
    [
        (["S", "M", "L"], "미디엄 사이즈로 두 잔", "M"),
        (["S", "M", "L", "XL"], "one small coffee", "S"),
        (["S", "M", "L", "XL"], "엑스라지 티셔츠", "XL"),  # the longer word first
        (["lo", "hi"], "fan on low", "lo"),
    ],
)
def test_a_choice_written_as_an_abbreviation(members: list[str], text: str, expected: str) -> None:
    assert choice(members, text) == expected


MORTGAGE = tool(
    "mortgage_payment",
    "Compute the monthly payment of a mortgage.",
    {
        "principal": {"type": "integer", "description": "Loan amount"},
        "months": {"type": "integer", "description": "Term in months"},
    },
    ["principal", "months"],
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Mortgage payment on 250k over 25 years?", {"principal": 250000, "months": 300}),
        ("Monthly payment on a 2 year loan of 15000", {"principal": 15000, "months": 24}),
    ],
)
def test_whole_years_are_twelve_months_each(question: str, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, [MORTGAGE]))
    assert arguments == expected


@pytest.mark.parametrize(
    ("members", "text", "expected"),
    [
        (["월간", "연간"], "1년 단위로 결제할게", "연간"),
        (["daily", "weekly", "monthly"], "a one-week pass please", "weekly"),
        (["tall", "grande", "venti"], "벤티로 한 잔", "venti"),  # a loanword the reader leaves
    ],
)
def test_a_choice_by_a_span_of_one_period_or_a_loanword(
    members: list[str], text: str, expected: str
) -> None:
    assert choice(members, text) == expected


@pytest.mark.parametrize(
    ("members", "text", "expected"),
    [
        # a choice that is one of the other words for a choice: its group names it
        (["아침", "점심", "저녁", "간식"], "soup for dinner", "저녁"),
        (["조식", "중식", "석식"], "book me lunch", "중식"),
    ],
)
def test_a_choice_named_by_its_synonym_group(members: list[str], text: str, expected: str) -> None:
    assert choice(members, text) == expected


def test_a_korean_synonym_is_said_from_a_word_start() -> None:
    sort = tool(
        "list_products",
        "List products in the shop.",
        {"order": {"type": "string", "enum": ["price_asc", "price_desc", "newest"]}},
        ["order"],
    )
    [(_, arguments)] = calls_of(ask("상품 목록 비싼 순으로 보여줘", [sort]))
    assert arguments == {"order": "price_desc"}  # "싼 순" is not inside "비싼 순"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("add one point five litres", ("quantity", {"amount": 1.5, "unit": "liter"})),
        ("rate: three point two five percent", ("quantity", {"amount": 3.25, "unit": "percent"})),
    ],
)
def test_english_decimals_in_words(text: str, expected: tuple[str, Any]) -> None:
    assert expected in values(text)


CLAIM = tool(
    "report_lost_item",
    "Report a lost or stolen item to the insurer.",
    {
        "item": {"type": "string", "description": "What was lost"},
        "loss_date": {"type": "string", "description": "Date of the loss, YYYY-MM-DD"},
    },
    ["item", "loss_date"],
)


@pytest.mark.parametrize(
    ("question", "day"),
    [
        ("My camera was stolen on November 18", "2025-11-18"),  # a loss is in the past
        ("Report my bike, lost on Saturday", "2025-12-27"),  # the last Saturday
        ("I lost my wallet yesterday", "2025-12-31"),
    ],
)
def test_a_parameter_about_what_happened_takes_a_past_date(question: str, day: str) -> None:
    [(_, arguments)] = calls_of(ask(question, [CLAIM]))
    assert arguments["loss_date"] == day


@pytest.mark.parametrize(
    ("text", "span"),
    [("비타민 하루 두 알씩 한 달 치", 2_592_000), ("일주일에 세 번, 석 달 동안", 7_776_000)],
)
def test_a_period_a_count_is_said_per_is_no_span(text: str, span: int) -> None:
    assert [v for kind, v in values(text) if kind == "duration"] == [{"seconds": span}]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("rent the tent for a week", ("duration", {"seconds": 604_800})),
        ("keep it for one night", ("duration", {"seconds": 86_400})),
        ("due on the 12th of next month", ("date", "2026-02-12")),
    ],
)
def test_one_period_for_how_long_and_a_day_of_a_named_month(
    text: str, expected: tuple[str, Any]
) -> None:
    assert expected in values(text)


def test_a_day_said_as_a_rate_is_no_duration() -> None:
    assert not [v for kind, v in values("feed her twice a day") if kind == "duration"]


# ---------------------------------------------------------------- round "values 2"
# Each idea is tried on sentences from domains the classroom set does not use.


@pytest.mark.parametrize(
    ("text", "days"),
    [
        # a day of the month alone is a date whatever word follows it (not only a month's name)
        ("Close the pool from the 8th to the 10th for cleaning", ["2026-01-08", "2026-01-10"]),
        ("Hold my mail between the 20th and the 24th please", ["2026-01-20", "2026-01-24"]),
        ("Payroll runs on the 25th as usual", ["2026-01-25"]),
    ],
)
def test_a_day_of_the_month_before_any_word_is_a_date(text: str, days: list[str]) -> None:
    assert [v for kind, v in values(text) if kind == "date"] == days


@pytest.mark.parametrize(
    ("text", "places"),
    [
        # Korean towns and neighbourhoods, as written (a tool is given the user's own word)
        ("홍대에서 합정까지 걸어가는 길 알려줘", ["홍대", "합정"]),
        ("통영항에서 출발하는 배 있어?", ["통영항"]),  # a port named after its town
        ("해운대구 횟집 찾아줘", ["해운대구"]),  # a district of a place
        ("춘천 닭갈비 맛집", ["춘천"]),
    ],
)
def test_korean_towns_and_neighbourhoods_are_places(text: str, places: list[str]) -> None:
    assert [v for kind, v in values(text) if kind == "place"] == places


@pytest.mark.parametrize("text", ["고양이 사료 두 포대 주문해줘", "분당 심박수가 너무 높아"])
def test_a_word_that_only_sounds_like_a_town_is_no_place(text: str) -> None:
    assert not [v for kind, v in values(text) if kind == "place"]


@pytest.mark.parametrize(
    ("text", "codes"),
    [
        ("내일 SRT 타고 대전 가", []),  # a kind of train
        ("ITX 1203 좌석 있어?", ["ITX"]),  # with its number: one train
    ],
)
def test_a_train_service_is_a_code_only_with_its_number(text: str, codes: list[str]) -> None:
    assert [v for kind, v in values(text) if kind == "code"] == codes


TAXI = tool(
    "call_taxi",
    "택시를 부릅니다.",
    {
        "pickup": {"type": "string", "description": "타는 곳"},
        "dropoff": {"type": "string", "description": "내릴 곳"},
    },
    ["pickup", "dropoff"],
)
DRY_CLEANING = tool(
    "schedule_pickup",
    "Schedule a dry-cleaning pickup.",
    {"at": {"type": "string", "description": "Pickup, YYYY-MM-DDTHH:MM"}},
    ["at"],
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("이태원에서 명동까지 택시 불러줘", [TAXI], {"pickup": "이태원", "dropoff": "명동"}),
        # a description that spells a date and a time asks for both ("YYYY-MM-DDTHH:MM")
        ("Pick up the dry cleaning tomorrow at 5pm", [DRY_CLEANING], {"at": "2026-01-02T17:00"}),
    ],
)
def test_places_and_moments_reach_their_parameters(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


@pytest.mark.parametrize(
    ("text", "days"),
    [
        # a weekday written beside a date names that day: one date, not a second one
        ("Can the plumber come Friday, January 9?", ["2026-01-09"]),
        ("Hold the hall for Saturday the 10th", ["2026-01-10"]),
        ("1월 10일 토요일에 세차 예약", ["2026-01-10"]),
        # a weekday apart from the date is still a day of its own
        ("다음 주 금요일에 빌려서 일요일에 반납", ["2026-01-09", "2026-01-11"]),
    ],
)
def test_a_weekday_beside_a_date_is_that_date(text: str, days: list[str]) -> None:
    assert [str(v)[:10] for kind, v in values(text) if kind in ("date", "datetime")] == days


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("I returned the drill 3 days ago", "2025-12-29"),
        ("Log the swim I did two days ago", "2025-12-30"),
        ("일주일 전에 택배 보냈어", "2025-12-25"),
        ("2주 전에 화분 분갈이 했어", "2025-12-18"),
        ("지난달 15일에 낸 관리비", "2025-12-15"),
    ],
)
def test_days_before_now_are_past_dates(text: str, day: str) -> None:
    assert ("date", day) in values(text)


def test_days_before_an_event_are_no_date() -> None:
    # "3일 전에 알려줘": three days before something, not three days ago
    assert not [v for kind, v in values("공연 3일 전에 알려줘") if kind == "date"]


@pytest.mark.parametrize(
    ("text", "persons"),
    [
        # a role said after a name is that person's title, not a second person
        ("박서연 학생한테 보강 일정 보내줘", ["박서연"]),
        ("최유리 고객님께 배송 안내 문자 보내", ["최유리"]),
        ("우리 선생님께 연락해", ["선생"]),  # a role alone is who is meant
    ],
)
def test_a_title_after_a_name_is_no_second_person(text: str, persons: list[str]) -> None:
    assert [v for kind, v in values(text) if kind == "person"] == persons


@pytest.mark.parametrize(
    ("text", "title", "creator"),
    [
        # a day's or month's name that a verb takes, with "by" and a name after it, is a work
        ("Add Today by the Smashing Pumpkins to my running mix", "Today", "Smashing Pumpkins"),
        ("Cue up April by Deep Purple", "April", "Deep Purple"),
        ("Stream Sunday by Sonic Youth and Jack & Meg", "Sunday", "Sonic Youth and Jack & Meg"),
    ],
)
def test_a_work_by_its_creator_is_no_date(text: str, title: str, creator: str) -> None:
    found = values(text)
    assert ("quoted", title) in found
    assert ("person", creator) in found
    assert not [v for kind, v in found if kind in ("date", "datetime")]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Deliver it Tuesday by FedEx", "2026-01-06"),  # the verb's object is "it"
        ("Finish the mural by Friday", "2026-01-02"),  # "by" a day: a deadline
    ],
)
def test_a_day_before_by_stays_a_day(text: str, day: str) -> None:
    assert ("date", day) in values(text)


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # days counted on from a weekday
        ("Walk the dogs the Friday after next", "2026-01-09"),
        ("The piano tuner comes two weeks from Monday", "2026-01-19"),
        ("Renew the parking permit a week from Friday", "2026-01-09"),
        ("Sublet the flat in a fortnight", "2026-01-15"),
        ("Camp at the lake the weekend after next", "2026-01-10"),
        # "last Monday" is the latest Monday before today (a Thursday); so is "지난 월요일"
        ("The boiler was serviced last Monday", "2025-12-29"),
        ("지난 월요일에 보일러 점검 받았어", "2025-12-29"),
        ("지난주 월요일에 보일러 점검 받았어", "2025-12-22"),  # the Monday of last week
    ],
)
def test_days_counted_on_from_a_weekday(text: str, day: str) -> None:
    assert [v for kind, v in values(text) if kind == "date"] == [day]


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # holidays on a fixed day of the year, the next one from today
        ("현충일에 캠핑장 예약해줘", "2026-06-06"),
        ("어버이날 꽃 배달 주문", "2026-05-08"),
        ("Book the grill for Independence Day", "2026-07-04"),
        ("Remind me about Boxing Day sales", "2026-12-26"),
    ],
)
def test_fixed_holidays_are_dates(text: str, day: str) -> None:
    assert ("date", day) in values(text)
