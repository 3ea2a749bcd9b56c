"""Enum members chosen by meaning: degrees on a scale, a member's own description, lengths and
repeats written as codes, the usual words for common members, and a stated default."""

from __future__ import annotations

import pytest
from offline_support import ask, calls_of, tool

SAUNA = tool(
    "set_sauna",
    "Set the sauna's heat.",
    {"heat": {"type": "string", "enum": ["low", "medium", "high"]}},
    ["heat"],
)
PHO = tool(
    "order_pho",
    "쌀국수를 주문합니다.",
    {
        "broth": {"type": "string", "enum": ["beef", "chicken"], "description": "육수"},
        "chili": {"type": "string", "enum": ["none", "mild", "medium", "hot"]},
    },
    ["broth"],
)
CLIMB = tool(
    "book_climbing_route",
    "Book a guided climbing route.",
    {
        "grade": {"type": "string", "enum": ["beginner", "intermediate", "advanced"]},
        "climbers": {"type": "integer"},
    },
    ["grade", "climbers"],
)
COFFEE = tool(
    "brew_coffee",
    "Brew a coffee.",
    {"strength": {"type": "string", "enum": ["light", "regular", "strong"]}},
    [],
)
DEGREES = [
    ("Turn the sauna up as high as it goes", [SAUNA], {"heat": "high"}),
    ("사우나 온도 아주 세게 해줘", [SAUNA], {"heat": "high"}),
    ("사우나 약하게 틀어줘", [SAUNA], {"heat": "low"}),
    ("소고기 쌀국수 하나, 아주 맵게요", [PHO], {"broth": "beef", "chili": "hot"}),
    ("chicken pho, not spicy please", [PHO], {"broth": "chicken", "chili": "mild"}),
    (
        "book a climbing route for 2, we're total novices",
        [CLIMB],
        {"grade": "beginner", "climbers": 2},
    ),
    ("클라이밍 중급 코스 3명", [CLIMB], {"grade": "intermediate", "climbers": 3}),
    ("brew me a coffee, extra strong", [COFFEE], {"strength": "strong"}),
    ("커피 연하게 한 잔 내려줘", [COFFEE], {"strength": "light"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), DEGREES)
def test_a_degree_names_its_place_on_a_scale(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


def test_a_scale_left_unsaid_stays_out() -> None:
    [(_, arguments)] = calls_of(ask("beef pho please", [PHO]))
    assert arguments == {"broth": "beef"}


BOAT = tool(
    "rent_boat",
    "Rent a boat at the marina.",
    {
        "boat": {
            "type": "string",
            "enum": ["kayak", "canoe", "pontoon"],
            "description": "kayak: 1-2 people, canoe: 3-4 people, pontoon: 5 people or more",
        },
    },
    ["boat"],
)
PARCEL = tool(
    "ship_parcel",
    "택배를 보냅니다.",
    {
        "box": {
            "type": "string",
            "enum": ["A", "B", "C"],
            "description": "A: 2kg 이하, B: 2-5kg, C: 5kg 초과",
        }
    },
    ["box"],
)
RANGES = [
    ("Rent a boat for the four of us", [BOAT], {"boat": "canoe"}),
    ("8명이 탈 배 빌려줘", [BOAT], {"boat": "pontoon"}),
    ("3kg짜리 택배 보내줘", [PARCEL], {"box": "B"}),
    ("ship a 7 kg parcel", [PARCEL], {"box": "C"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), RANGES)
def test_a_number_falls_in_a_members_described_range(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


GROOM = tool(
    "book_dog_grooming",
    """Book a grooming visit for a dog.

    Args:
        service: bath (wash and dry only), tidy (bath plus a paw trim),
            full (tidy plus a full haircut).
    """,
    {"service": {"type": "string", "enum": ["bath", "tidy", "full"]}},
    ["service"],
)
SHOES = tool(
    "repair_shoes",
    "구두 수선을 맡깁니다.",
    {
        "repair": {
            "type": "string",
            "enum": ["basic", "full", "color"],
            "description": "basic(밑창 보강), full(밑창 전체 교체와 굽 교체), color(가죽 염색)",
        }
    },
    ["repair"],
)
SEGMENTS = [
    ("Book my poodle in for a full haircut", [GROOM], {"service": "full"}),
    ("Book a grooming visit for Max, just a wash and dry", [GROOM], {"service": "bath"}),
    ("구두 염색 맡기고 싶어", [SHOES], {"repair": "color"}),
    ("굽 교체 좀 해주세요", [SHOES], {"repair": "full"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), SEGMENTS)
def test_a_members_own_description_names_it(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


PARKING = tool(
    "buy_parking_pass",
    "Buy a parking pass.",
    {"length": {"type": "string", "enum": ["30min", "1h", "2h", "4h"]}},
    ["length"],
)
CLEANING = tool(
    "schedule_window_cleaning",
    "Set how often the window cleaner comes.",
    {"frequency": {"type": "string", "enum": ["weekly", "biweekly", "monthly", "quarterly"]}},
    ["frequency"],
)
CODES = [
    ("주차권 두 시간짜리 끊어줘", [PARKING], {"length": "2h"}),
    ("a four-hour parking pass", [PARKING], {"length": "4h"}),
    ("Window cleaning every two weeks please", [CLEANING], {"frequency": "biweekly"}),
    ("창문 청소 3개월마다 와주세요", [CLEANING], {"frequency": "quarterly"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), CODES)
def test_a_length_or_a_repeat_names_its_code(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


BUS = tool(
    "book_airport_shuttle",
    "Book an airport shuttle.",
    {
        "seat": {
            "type": "string",
            "enum": ["premium", "standard"],
            "description": "Defaults to standard.",
        },
        "terminal": {"type": "string", "enum": ["T1", "T2"]},
    },
    ["seat", "terminal"],
)


def test_a_required_member_left_unsaid_takes_the_stated_default() -> None:
    [(_, arguments)] = calls_of(ask("book an airport shuttle to T2", [BUS]))
    assert arguments == {"seat": "standard", "terminal": "T2"}


SMOOTHIE = tool(
    "order_smoothie",
    "Order a smoothie.",
    {"temperature": {"type": "string", "enum": ["iced", "room"]}, "fruit": {"type": "string"}},
    ["fruit"],
)
TUTOR = tool(
    "book_tutor",
    "과외 선생님을 예약합니다.",
    {"subject": {"type": "string"}, "mode": {"type": "string", "enum": ["online", "in_person"]}},
    ["subject", "mode"],
)
SCANS = tool(
    "export_scans",
    "Export scanned documents.",
    {"batch": {"type": "string"}, "format": {"type": "string", "enum": ["jpg", "pdf", "raw"]}},
    ["batch", "format"],
)
BOOKCLUB = tool(
    "suggest_book",
    "Suggest a book for the club.",
    {"genre": {"type": "string", "enum": ["romance", "mystery", "sci_fi", "history"]}},
    ["genre"],
)
USUAL_WORDS = [
    ("망고 스무디 차갑게 주세요", [SMOOTHIE], {"fruit": "망고", "temperature": "iced"}),
    ("수학 과외 비대면으로 잡아줘", [TUTOR], {"subject": "수학", "mode": "online"}),
    ("영어 과외 대면으로 잡아줘", [TUTOR], {"mode": "in_person"}),
    ("export batch B7 as the original unedited files", [SCANS], {"format": "raw"}),
    ("suggest a book about space travel for the club", [BOOKCLUB], {"genre": "sci_fi"}),
    ("독서 모임에 추리 소설 하나 추천해줘", [BOOKCLUB], {"genre": "mystery"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), USUAL_WORDS)
def test_a_usual_word_names_a_common_member(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert {name: arguments.get(name) for name in expected} == expected


NOODLES = tool(
    "order_noodles",
    "Order a bowl of noodles.",
    {"noodle": {"type": "string", "enum": ["냉면", "칼국수", "잔치국수", "우동"]}},
    ["noodle"],
)
GUEST_TEA = tool(
    "send_tea_to_room",
    "Send a pot of tea to a guest room.",
    {"tea": {"type": "string", "enum": ["녹차", "홍차", "보리차"]}},
    ["tea"],
)
PHRASES = [
    ("one bowl of cold noodles please", [NOODLES], {"noodle": "냉면"}),
    ("a cup of barley tea for the guest room", [GUEST_TEA], {"tea": "보리차"}),
    ("black tea for the guest room, please", [GUEST_TEA], {"tea": "홍차"}),
    ("a bowl of udon", [NOODLES], {"noodle": "우동"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), PHRASES)
def test_an_english_phrase_names_its_korean_member(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


LEMONADE = tool(
    "order_lemonade",
    "Order a lemonade.",
    {"ice": {"type": "string", "enum": ["regular", "light", "none"]}, "size": {"type": "string"}},
    [],
)
MILK_TEA = tool(
    "order_milk_tea",
    "밀크티를 주문합니다.",
    {"sugar": {"type": "string", "enum": ["normal", "half", "none"], "description": "당도"}},
    ["sugar"],
)
ABSENCE = [
    ("a lemonade with no ice", [LEMONADE], {"ice": "none"}),
    ("레모네이드 얼음 빼고 주세요", [LEMONADE], {"ice": "none"}),
    ("밀크티 설탕 없이 한 잔", [MILK_TEA], {"sugar": "none"}),
    ("milk tea, sugar-free please", [MILK_TEA], {"sugar": "none"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), ABSENCE)
def test_none_of_what_a_parameter_measures_is_its_none(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


DETAILING = tool(
    "book_bike_service",
    """Book a bicycle service.

    Args:
        level: basic (brakes and gears), full (basic plus chain and cable replacement),
            premium (full plus frame polish).
    """,
    {"level": {"type": "string", "enum": ["basic", "full", "premium"]}},
    ["level"],
)
PARTY_BUDGET = tool(
    "log_party_expense",
    "Log an expense for the birthday party.",
    {
        "category": {"type": "string", "enum": ["venue", "catering", "music", "flowers"]},
        "amount": {"type": "number"},
    },
    ["category", "amount"],
)
DESCRIBED_AND_USUAL = [
    ("자전거 점검 예약해줘, 체인이랑 케이블 교체까지", [DETAILING], {"level": "full"}),
    ("자전거 점검, 프레임 폴리시까지 해줘", [DETAILING], {"level": "premium"}),
    ("생일 파티 밴드 섭외비 30만 원 기록해줘", [PARTY_BUDGET], {"category": "music"}),
    ("log $200 for the florist for the party", [PARTY_BUDGET], {"category": "flowers"}),
    ("파티 출장 뷔페 80만 원 썼어", [PARTY_BUDGET], {"category": "catering"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), DESCRIBED_AND_USUAL)
def test_a_loanword_or_a_usual_word_names_a_member(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert {name: arguments.get(name) for name in expected} == expected


KENNEL = tool(
    "book_kennel",
    "Book a kennel stay for a dog.",
    {
        "size": {"type": "string", "enum": ["small", "medium", "large"]},
        "nights": {"type": "integer"},
    },
    ["size", "nights"],
)
LOCKER = tool(
    "rent_locker",
    "헬스장 락커를 빌립니다.",
    {"size": {"type": "string", "enum": ["소", "중", "대"], "description": "락커 크기"}},
    ["size"],
)
PIZZA = tool(
    "order_pizza",
    "Order a pizza.",
    {
        "topping": {"type": "string"},
        "crust": {"type": "string", "enum": ["thin", "thick", "stuffed"]},
    },
    ["topping", "crust"],
)
UNNAMED = [
    ("Book a kennel stay for 3 nights", [KENNEL], "size"),
    ("헬스장 락커 하나 빌려줘", [LOCKER], "크기"),
    ("a pepperoni pizza please", [PIZZA], "crust"),
]


@pytest.mark.parametrize(("question", "tools", "asked"), UNNAMED)
def test_a_required_member_nobody_names_is_asked_for(
    question: str, tools: list, asked: str
) -> None:
    message = ask(question, tools)
    assert message.tool_calls is None and asked in message.content


BIKE_FIT = tool(
    "book_bike_fit",
    "자전거 피팅을 예약합니다.",
    {"level": {"type": "string", "enum": ["간단", "보통", "정밀"], "description": "기본값은 보통"}},
    ["level"],
)
PARKING = tool(
    "find_parking",
    "Find a parking spot.",
    {
        "near": {"type": "string", "description": "Place to park near"},
        "spot": {"type": "string", "enum": ["any", "covered", "ev_charging"]},
    },
    ["near", "spot"],
)
DEFAULTS = [
    ("자전거 피팅 예약해줘", [BIKE_FIT], {"level": "보통"}),
    ("find me parking near the stadium", [PARKING], {"near": "stadium", "spot": "any"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), DEFAULTS)
def test_an_unnamed_member_is_the_described_default_or_no_preference(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


FAN = tool(
    "set_fan",
    "Control the ceiling fan.",
    {"power": {"type": "string", "enum": ["on", "off"]}, "speed": {"type": "integer"}},
    ["power"],
)
HUMIDIFIER = tool(
    "control_humidifier",
    "가습기를 조작합니다.",
    {"power": {"type": "string", "enum": ["켜기", "끄기"]}, "level": {"type": "integer"}},
    ["power"],
)
TAKE_HOME = tool(
    "estimate_take_home",
    "Estimate take-home pay after tax.",
    {"salary": {"type": "number"}, "country": {"type": "string", "enum": ["KR", "US", "JP"]}},
    ["salary", "country"],
)
OVEN = tool(
    "preheat_oven",
    "Preheat the oven.",
    {
        "temperature": {"type": "number"},
        "unit": {"type": "string", "enum": ["fahrenheit", "celsius"]},
    },
    ["temperature", "unit"],
)
IMPLIED = [
    ("오븐 200도로 예열해줘", [OVEN], {"temperature": 200, "unit": "celsius"}),
    ("set the ceiling fan to speed 3", [FAN], {"power": "on", "speed": 3}),
    ("turn the fan off", [FAN], {"power": "off"}),
    ("가습기 2단으로 틀어줘", [HUMIDIFIER], {"power": "켜기", "level": 2}),
    ("월급 300만 원이면 실수령액 얼마야?", [TAKE_HOME], {"salary": 3000000, "country": "KR"}),
    ("take-home pay on a $90,000 salary?", [TAKE_HOME], {"salary": 90000, "country": "US"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), IMPLIED)
def test_a_required_member_the_request_implies(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


JOURNAL = tool(
    "log_feeling",
    "Write today's feeling in the journal.",
    {"feeling": {"type": "string", "enum": ["happy", "sad", "angry", "anxious", "tired", "calm"]}},
    ["feeling"],
)
ACADEMY = tool(
    "enroll_class",
    "학원 수업에 등록합니다.",
    {
        "subject": {
            "type": "string",
            "enum": ["수학", "과학", "미술", "영어"],
            "description": "과목",
        }
    },
    ["subject"],
)
SCRAP = tool(
    "collect_scrap",
    "Collect old items for disposal.",
    {"item": {"type": "string", "enum": ["furniture", "appliances", "electronics"]}},
    ["item"],
)
REPAIR = tool(
    "request_fix",
    "가전 수리를 요청합니다.",
    {"device": {"type": "string", "enum": ["air_conditioner", "refrigerator", "dishwasher"]}},
    ["device"],
)
TAILOR = tool(
    "alter",
    "옷 수선을 맡깁니다.",
    {"work": {"type": "string", "enum": ["hem", "take_in", "let_out", "shorten_sleeves"]}},
    ["work"],
)
BOARD = tool(
    "order_cutting_board",
    "도마를 주문합니다.",
    {"wood": {"type": "string", "enum": ["maple", "walnut", "oak"]}},
    ["wood"],
)
NEIGHBOURHOODS = [
    ("너무 피곤하다, 일기에 적어줘", [JOURNAL], {"feeling": "tired"}),
    ("I'm so worried about my exams, log it", [JOURNAL], {"feeling": "anxious"}),
    ("enroll my son in a biology class", [ACADEMY], {"subject": "과학"}),
    ("그림 그리는 수업 등록해줘", [ACADEMY], {"subject": "미술"}),
    ("come collect my old microwave", [SCRAP], {"item": "appliances"}),
    ("collect my two old laptops", [SCRAP], {"item": "electronics"}),
    ("에어컨이 고장 났어요, 수리 요청해 주세요", [REPAIR], {"device": "air_conditioner"}),
    ("바지 허리가 너무 헐렁해서 수선 맡길게요", [TAILOR], {"work": "take_in"}),
    ("재킷 소매 줄이는 수선 부탁해요", [TAILOR], {"work": "shorten_sleeves"}),
    ("단풍나무 도마 하나 주문해줘", [BOARD], {"wood": "maple"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), NEIGHBOURHOODS)
def test_a_common_word_of_a_members_kind_names_it(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


RESIN = tool(
    "order_craft_kit",
    "공예 키트를 주문합니다.",
    {"material": {"type": "string", "enum": ["resin", "clay"], "description": "재료: resin=레진"}},
    ["material"],
)
BOXES = tool(
    "order_moving_boxes",
    "Order moving boxes.",
    {"size": {"type": "string", "enum": ["소", "중", "대"]}, "count": {"type": "integer"}},
    ["size", "count"],
)
GLOSSED_AND_SIZED = [
    ("레진 공예 키트 주문해줘", [RESIN], {"material": "resin"}),
    ("10 of the largest moving boxes", [BOXES], {"size": "대", "count": 10}),
    ("이사 박스 제일 큰 걸로 5개", [BOXES], {"size": "대", "count": 5}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), GLOSSED_AND_SIZED)
def test_a_glossed_word_or_a_size_names_its_member(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


BAND = tool(
    "join_band_section",
    "Join a section of the community band.",
    {"section": {"type": "string", "enum": ["트럼펫", "드럼", "기타", "베이스"]}},
    ["section"],
)
CHOIR = tool(
    "join_choir",
    "합창단 파트에 가입합니다.",
    {"part": {"type": "string", "enum": ["soprano", "alto", "tenor", "bass"]}},
    ["part"],
)
EVENT = tool(
    "record_reply",
    "Record a guest's reply to the invitation.",
    {
        "guest": {"type": "string", "description": "Guest name"},
        "reply": {"type": "string", "enum": ["attending", "declined", "maybe"]},
    },
    ["guest", "reply"],
)
SOUNDS_AND_REPLIES = [
    ("sign me up for the guitar section", [BAND], {"section": "기타"}),
    ("합창단 테너 파트로 가입할게요", [CHOIR], {"part": "tenor"}),
    ("Record a reply for Mina Park: she's not coming", [EVENT], {"reply": "declined"}),
    ("Record a reply for Mina Park: she's coming", [EVENT], {"reply": "attending"}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), SOUNDS_AND_REPLIES)
def test_a_loanword_or_the_longer_phrase_names_its_member(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert {name: arguments.get(name) for name in expected} == expected


SCANNER = tool(
    "scan_film",
    "Scan old film negatives.",
    {"resolution": {"type": "string", "enum": ["1200dpi", "2400dpi", "4800dpi"]}},
    ["resolution"],
)
NAP = tool(
    "set_nap_timer",
    "낮잠 타이머를 맞춥니다.",
    {"minutes": {"type": "integer", "enum": [20, 40, 90]}},
    ["minutes"],
)
EXTREMES = [
    ("scan my negatives at the highest resolution", [SCANNER], {"resolution": "4800dpi"}),
    ("필름 스캔 해상도 제일 낮은 걸로 해줘", [SCANNER], {"resolution": "1200dpi"}),
    ("낮잠 타이머 제일 짧게 맞춰줘", [NAP], {"minutes": 20}),
]


@pytest.mark.parametrize(("question", "tools", "expected"), EXTREMES)
def test_a_superlative_names_an_end_of_a_numbered_scale(
    question: str, tools: list, expected: dict
) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected


CAR_SEAT = tool(
    "adjust_seat_heater",
    "Turn on the heater of one front seat.",
    {"seat": {"type": "string", "enum": ["driver", "passenger"]}},
    ["seat"],
)
BUS_TICKET = tool(
    "buy_bus_ticket",
    "Buy one bus ticket.",
    {"fare": {"type": "string", "enum": ["adult", "child", "senior"]}},
    ["fare"],
)
SALON = tool(
    "book_haircut",
    "Book a haircut.",
    {"cut": {"type": "string", "enum": ["women", "men", "kids"]}, "time": {"type": "string"}},
    ["cut"],
)


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("Warm up the passenger's seat, please", [CAR_SEAT], {"seat": "passenger"}),
        ("One child's ticket for the bus", [BUS_TICKET], {"fare": "child"}),
        ("Book a men's haircut", [SALON], {"cut": "men"}),
    ],
)
def test_a_possessive_names_its_noun_as_a_choice(
    question: str, tools: list[dict], expected: dict
) -> None:
    """The passenger's seat names the passenger: the noun of a possessive is said."""
    [(_, arguments)] = calls_of(ask(question, tools))
    assert arguments == expected
