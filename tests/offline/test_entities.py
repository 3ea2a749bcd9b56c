"""Reading the request, step 2: typed entities in English and Korean, from many tool domains."""

from __future__ import annotations

import base64
import random
import time
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.offline import entities as entity_module
from helpers.offline.entities import CLOCK, KINDS, Entity, find_entities, read_values


def read(text: str, language: str | None = None) -> list[tuple[str, Any]]:
    """The (kind, value) of every entity in a text, in order."""
    return [(e.kind, e.value) for e in find_entities(text, language)]


def money(amount: float, currency: str) -> dict[str, Any]:
    """A money value."""
    return {"amount": amount, "currency": currency}


def quantity(amount: float, unit: str) -> dict[str, Any]:
    """A quantity value."""
    return {"amount": amount, "unit": unit}


def seconds(value: int) -> dict[str, int]:
    """A duration value."""
    return {"seconds": value}


# Sentences whose every entity is known: the reading must be exactly this, nothing more.
EXACT = [
    # calculator
    (
        "What is 1234.5 times 6789 divided by 3?",
        [("number", 1234.5), ("number", 6789), ("number", 3)],
    ),
    ("what is 2 plus 3?", [("number", 2), ("number", 3)]),
    ("Add twelve and a dozen", [("number", 12), ("number", 12)]),
    ("two hundred and ten minus 1,000,000", [("number", 210), ("number", 1_000_000)]),
    ("3 더하기 4는?", [("number", 3), ("number", 4)]),
    ("-5 times 2.5", [("number", -5), ("number", 2.5)]),
    # currency conversion
    ("Convert 250 USD to EUR", [("money", money(250, "USD")), ("currency", "EUR")]),
    ("How much is $250 in yen?", [("money", money(250, "USD")), ("currency", "JPY")]),
    ("€5 to dollars", [("money", money(5, "EUR")), ("currency", "USD")]),
    ("5 euros into Korean won", [("money", money(5, "EUR")), ("currency", "KRW")]),
    ("250달러를 유로로 바꿔줘", [("money", money(250, "USD")), ("currency", "EUR")]),
    ("3만원을 엔화로 환전해줘", [("money", money(30_000, "KRW")), ("currency", "JPY")]),
    ("10만 원은 달러로 얼마야?", [("money", money(100_000, "KRW")), ("currency", "USD")]),
    ("100엔은 원화로 얼마야", [("money", money(100, "JPY")), ("currency", "KRW")]),
    ("I won 2 million dollars", [("money", money(2_000_000, "USD"))]),
    # unit conversion
    ("Convert 5 kilometers to miles", [("quantity", quantity(5, "km")), ("unit", "mile")]),
    ("100°F in celsius", [("quantity", quantity(100, "fahrenheit")), ("unit", "celsius")]),
    ("5km는 몇 마일이야?", [("quantity", quantity(5, "km")), ("unit", "mile")]),
    ("오늘 25도래", [("date", "2026-01-01"), ("quantity", quantity(25, "celsius"))]),
    (
        "3.5 GB free of 80%",
        [("quantity", quantity(3.5, "GB")), ("quantity", quantity(80, "percent"))],
    ),
    ("10파운드는 몇 킬로그램?", [("quantity", quantity(10, "lb")), ("unit", "kg")]),
    # restaurant booking
    (
        "Book a table at Mingles for 4 people on 2025-05-20 at 7:30pm",
        [("number", 4), ("datetime", "2025-05-20T19:30")],
    ),
    (
        "세 명 이번 주 토요일 저녁 7시에 예약해줘",
        [("number", 3), ("datetime", "2026-01-03T19:00")],
    ),
    # timers
    ("라면 끓이게 10분 타이머 맞춰줘", [("duration", seconds(600))]),
    ("Set a timer for an hour and a half", [("duration", seconds(5400))]),
    ("timer 1h30m", [("duration", seconds(5400))]),
    ("remind me in 90 seconds", [("duration", seconds(90))]),
    ("2시간 반 동안 알림 꺼줘", [("duration", seconds(9000))]),
    ("1 hour 30 minutes then 2 hours", [("duration", seconds(5400)), ("duration", seconds(7200))]),
    ("스무 개만 세 시간 동안", [("number", 20), ("duration", seconds(10_800))]),
    # messages
    ("엄마한테 오늘 늦는다고 문자 보내줘", [("person", "엄마"), ("date", "2026-01-01")]),
    ("김민수에게 3만원 보내줘", [("person", "김민수"), ("money", money(30_000, "KRW"))]),
    ("Text Sarah that I'm late", [("person", "Sarah")]),
    (
        "Post 'deploy done' in #general and ping @kim",
        [("quoted", "deploy done"), ("channel", "#general"), ("handle", "@kim")],
    ),
    # flights
    ("ICN to JFK on March 3", [("code", "ICN"), ("code", "JFK"), ("date", "2026-03-03")]),
    (
        "Flights from Seoul to Tokyo tomorrow",
        [("place", "Seoul"), ("place", "Tokyo"), ("date", "2026-01-02")],
    ),
    (
        "인천에서 도쿄 가는 항공편 모레",
        [("place", "Incheon"), ("place", "Tokyo"), ("date", "2026-01-03")],
    ),
    # weather
    ("What's the weather in New York?", [("place", "New York")]),
    ("서울 날씨 알려줘", [("place", "Seoul")]),
    ("베이징이랑 파리 날씨", [("place", "Beijing"), ("place", "Paris")]),
    # stocks
    (
        "How are AAPL and TSLA doing today?",
        [("code", "AAPL"), ("code", "TSLA"), ("date", "2026-01-01")],
    ),
    ("PLEASE check NOW", []),
    # translation
    (
        "Translate 'good morning' into French",
        [("quoted", "good morning"), ("language", {"name": "French", "code": "fr"})],
    ),
    ("이 문장을 일본어로 번역해줘", [("language", {"name": "Japanese", "code": "ja"})]),
    ("say hello in spanish", [("language", {"name": "Spanish", "code": "es"})]),
    # files
    ("Read /var/log/app.log", [("path", "/var/log/app.log")]),
    ("open C:\\Users\\kim\\notes.txt", [("path", "C:\\Users\\kim\\notes.txt")]),
    (
        "summarise ./data/report.csv and report.pdf",
        [("path", "./data/report.csv"), ("path", "report.pdf")],
    ),
    ("보고서.pdf 파일 읽어줘", [("path", "보고서.pdf")]),
    # contacts and addresses
    ("Email kim@example.com about it", [("email", "kim@example.com")]),
    ("kim.lee+tag@mail.example.co.kr로 보내줘", [("email", "kim.lee+tag@mail.example.co.kr")]),
    ("010-1234-5678로 전화해줘", [("phone", "+821012345678")]),
    ("Call (415) 555-2671", [("phone", "+14155552671")]),
    ("call +44 20 7946 0958", [("phone", "+442079460958")]),
    ("Open https://example.com/a?b=1.", [("url", "https://example.com/a?b=1")]),
    ("www.example.org 열어줘", [("url", "www.example.org")]),
    # inventory
    ("Restock SKU AB-1234 by 20 units", [("code", "AB-1234"), ("number", 20)]),
    # small talk and explanations
    ("Can you explain what a JSON schema is?", []),
    ("안녕하세요, 고마워요", []),
]


@pytest.mark.parametrize(("text", "expected"), EXACT)
def test_exact_readings(text: str, expected: list[tuple[str, Any]]) -> None:
    assert read(text) == expected


# Sentences where some entities must be among the readings (others may be found too).
INCLUDES = [
    (
        "Meet John Smith next Friday at noon",
        [("person", "John Smith"), ("datetime", "2026-01-09T12:00")],
    ),
    ("다음 주 금요일 오후 3시 반에 회의 잡아줘", [("datetime", "2026-01-09T15:30")]),
    ("내일 아침 8시에 깨워줘", [("datetime", "2026-01-02T08:00")]),
    ("schedule it for 20 May 2025", [("date", "2025-05-20")]),
    ("due May 20th", [("date", "2026-05-20")]),
    ("5월 20일에 치과", [("date", "2026-05-20")]),
    ("in 3 days", [("date", "2026-01-04")]),
    ("3일 후에 알려줘", [("date", "2026-01-04")]),
    ("this Saturday", [("date", "2026-01-03")]),
    ("Friday", [("date", "2026-01-02")]),
    ("at 19:30", [("time", "19:30")]),
    ("at 7 pm", [("time", "19:00")]),
    ("at midnight", [("time", "00:00")]),
    ("3시 반에", [("time", "15:30")]),  # a bare 1-6 o'clock is afternoon
    ("밤 12시", [("time", "00:00")]),
    ("7:30 in the evening", [("time", "19:30")]),
    ("박지성한테 전화", [("person", "박지성")]),
    ("민수씨한테 물어봐", [("person", "민수")]),
    ("Ask Alice and Bob Marley", [("person", "Alice")]),
    ("weather in seoul", [("place", "Seoul")]),
    ("Korea and the USA", [("place", "South Korea"), ("place", "United States")]),
    ("Flights to LA and the UK", [("place", "Los Angeles"), ("place", "United Kingdom")]),
    ("I live in Paris.", [("place", "Paris")]),
    ("Fly to São Paulo or Zürich", [("place", "Sao Paulo"), ("place", "Zurich")]),
    ("weather in new york", [("place", "New York")]),
    ("내일오후3시에 회의", [("datetime", "2026-01-02T15:00")]),
    ("다음주 금요일 오후3시", [("datetime", "2026-01-09T15:00")]),
    ("서울날씨 알려줘", [("place", "Seoul")]),
    ("부산여행 계획", [("place", "Busan")]),
    ("2시간30분", [("duration", seconds(9000))]),
    ("WEATHER IN NEW YORK", [("place", "New York")]),
    ("convert 250 usd to eur", [("money", money(250, "USD")), ("currency", "EUR")]),
    ("TWO HUNDRED AND TEN", [("number", 210)]),
    ("FIND A TABLE TONIGHT AT 8", [("datetime", "2026-01-01T20:00")]),
    ("Weather in New York?", [("place", "New York")]),
    ("Translate it into French.", [("language", {"name": "French", "code": "fr"})]),
    ("Send it in euros.", [("currency", "EUR")]),
    ("“Bohemian Rhapsody” 틀어줘", [("quoted", "Bohemian Rhapsody")]),
    ("「사랑」 찾아줘", [("quoted", "사랑")]),
    ("#공지에 올려줘", [("channel", "#공지")]),
    ("the 5 o'clock train", [("time", "05:00")]),
    ("₩30,000 송금", [("money", money(30_000, "KRW"))]),
    ("USD 250", [("money", money(250, "USD"))]),
    ("$5k budget", [("money", money(5000, "USD"))]),
    ("a dozen eggs", [("number", 12)]),
    ("오천 원만 빌려줘", [("money", money(5000, "KRW"))]),
    ("삼십 분 뒤에", [("duration", seconds(1800))]),
    ("스무 살 생일", [("number", 20)]),
    ("오후 2시부터 4시까지 회의실", [("time", "14:00"), ("time", "16:00")]),
    ("from 2pm to 4", [("time", "14:00"), ("time", "16:00")]),
    ("다음 달 3일에 부산", [("date", "2026-02-03"), ("place", "Busan")]),
    ("Remind me to call Mom at 6", [("person", "Mom")]),
    ("Schedule it next Tuesday from 2pm", [("datetime", "2026-01-06T14:00")]),
    ("Find a table tonight at 8", [("datetime", "2026-01-01T20:00")]),
    ("tomorrow evening at 7:30", [("datetime", "2026-01-02T19:30")]),
    ("Set an alarm for 6:45 am tomorrow", [("datetime", "2026-01-02T06:45")]),
    ("2025-05-20T19:30", [("datetime", "2025-05-20T19:30")]),
    ("this weekend", [("date", "2026-01-03")]),
    ("다음 주말에 캠핑", [("date", "2026-01-10")]),
    ("Convert 5 km to miles", [("quantity", quantity(5, "km")), ("unit", "mile")]),
    ("1.5킬로그램은 몇 파운드야?", [("quantity", quantity(1.5, "kg")), ("unit", "lb")]),
    ("화씨 86도는 섭씨로?", [("quantity", quantity(86, "fahrenheit")), ("unit", "celsius")]),
    ("Text Sarah's mom", [("person", "Sarah")]),
    ("맞춰줘 김민수에게", [("person", "김민수")]),
    ("Call Dr. Lee at (02) 555-1234", [("person", "Dr. Lee"), ("phone", "+8225551234")]),
    ("강남역 근처 맛집 4명", [("place", "강남역"), ("number", 4)]),
    ("2 rooms from 12/24 to 12/27", [("date", "2026-12-24"), ("date", "2026-12-27")]),
    ("March 3rd, 2026 in San Francisco", [("date", "2026-03-03"), ("place", "San Francisco")]),
    ("Text 010 9876 5432 now", [("phone", "+821098765432")]),
    ("cat ~/projects/app/config.yaml", [("path", "~/projects/app/config.yaml")]),
    ("€2.5 million wire", [("money", money(2_500_000, "EUR"))]),
    ("Remind me on the 15th to pay rent", [("date", "2026-01-15")]),
    ("15일에 월세 내기", [("date", "2026-01-15")]),
    ("영희 씨한테 전화해줘", [("person", "영희")]),
    ("철수한테 내일 3시에 보자고 전해줘", [("person", "철수"), ("datetime", "2026-01-02T15:00")]),
    ("5시간 30분 동안 충전", [("duration", seconds(19_800))]),
    (
        "Set the oven to 180°C for 25 minutes",
        [("quantity", quantity(180, "celsius")), ("duration", seconds(1500))],
    ),
    (
        "Schedule a call with Priya on Thursday at 4:30 PM",
        [("person", "Priya"), ("datetime", "2026-01-08T16:30")],
    ),
    ("1,000,000원을 엔화로", [("money", money(1_000_000, "KRW")), ("currency", "JPY")]),
    ("half an hour", [("duration", seconds(1800))]),
]


@pytest.mark.parametrize(("text", "expected"), INCLUDES)
def test_readings_include(text: str, expected: list[tuple[str, Any]]) -> None:
    found = read(text)
    assert all(item in found for item in expected), found


# Things that look like entities but are not.
NOT_READ = [
    ("Book a table at Mingles", "place"),
    ("Book a table at Mingles", "person"),
    ("What is 1234.5 times 6789?", "duration"),
    ("I want to go there", "place"),
    ("Tell me about China plates", "person"),
    ("Send an API request with JSON", "code"),
    ("I may go", "date"),
    ("A 3-hour meeting", "time"),
    ("날씨가 좋네", "person"),
    ("함께 가자", "person"),
    ("v2.3.4 release", "date"),
    ("version 1.2", "phone"),
    ("and/or km/h", "path"),
    ("Node uses npm", "code"),
    ("the 90s", "phone"),
    ("YouTube에서 찾아줘", "person"),
    ("Create an invoice for Acme Corp", "person"),
    ("Mom said hi", "person"),
    ("천만에요", "number"),
    ("I try 5 times", "currency"),
    ("서울날씨 알려줘", "person"),
    ("파리바게트 빵", "place"),
    ("10분기 실적", "duration"),
    ("I WON 2 MILLION DOLLARS", "currency"),
    ("learn php in 5 days", "currency"),
    ("Hi there!", "person"),
    ("a room at the Hilton", "person"),
    ("eat 1/2 of it", "date"),
    ("강남역 근처", "person"),
    ("la la land with us", "place"),
    ("Tell us about it", "place"),
    ("I was in the room", "unit"),
]


@pytest.mark.parametrize(("text", "kind"), NOT_READ)
def test_look_alikes_are_not_read(text: str, kind: str) -> None:
    assert kind not in [k for k, _ in read(text)]


@pytest.mark.parametrize(
    ("text", "winner", "loser"),
    [
        ("250 USD", "money", "number"),
        ("2025-05-20 at 7:30pm", "datetime", "date"),
        ("kim@example.com", "email", "handle"),
        ("https://example.com/data/report.csv", "url", "path"),
        ("010-1234-5678", "phone", "number"),
        ("10분", "duration", "number"),
        ("'ICN to JFK'", "quoted", "code"),
    ],
)
def test_overlaps_go_to_the_longer_more_specific_reading(
    text: str, winner: str, loser: str
) -> None:
    kinds = [k for k, _ in read(text)]
    assert kinds == [winner], kinds
    assert loser != winner


def readings_without_quotes(text: str) -> list[tuple[str, Any]]:
    """The readings of a text, quoted text aside (its inside keeps the spaces as written)."""
    return [(kind, value) for kind, value in read(text) if kind != "quoted"]


@pytest.mark.parametrize("variant", ["{}.", "{}?", "({})", "{} ", "double spaces", "tabs"])
@pytest.mark.parametrize("text", [text for text, _ in EXACT])
def test_spacing_and_punctuation_leave_the_reading(text: str, variant: str) -> None:
    changed = {"double spaces": text.replace(" ", "  "), "tabs": text.replace(" ", "\t")}.get(
        variant, variant.format(text)
    )
    assert readings_without_quotes(changed) == readings_without_quotes(text)
    assert all(changed[e.start : e.end] == e.text for e in find_entities(changed))


ALL_TEXTS = [text for text, _ in EXACT + INCLUDES] + [text for text, _ in NOT_READ]


@pytest.mark.parametrize("text", ALL_TEXTS)
def test_offsets_kinds_and_order(text: str) -> None:
    found = find_entities(text)
    assert all(text[e.start : e.end] == e.text for e in found)
    assert all(e.kind in KINDS for e in found)
    assert all(a.end <= b.start for a, b in zip(found, found[1:], strict=False))


def test_reading_is_deterministic() -> None:
    text = "Meet Sarah next Friday at 7pm, budget $5k, call 010-1234-5678, 다음 주 금요일 3시"
    assert find_entities(text) == find_entities(text) == find_entities(text, None)
    assert CLOCK.weekday() == 3  # Thursday: the relative dates above depend on it


def test_entities_are_frozen() -> None:
    found = find_entities("Convert 250 USD")
    assert isinstance(found[0], Entity)
    with pytest.raises(AttributeError):
        found[0].kind = "number"  # type: ignore[misc]


def test_the_language_hint_sets_the_phone_region() -> None:
    assert read("02-123-4567", "ko") == [("phone", "+8221234567")]
    assert read("(212) 555-0188", "en")[0][0] == "phone"


def test_korean_names_without_kiwipiepy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(entity_module.word_reader, "KIWI_ENABLED", False)
    entity_module.word_reader.read_words.cache_clear()
    found = read("김민수에게 엄마한테 3만원 보내줘")
    assert ("person", "김민수") in found and ("person", "엄마") in found


def test_library_windows_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    original = entity_module.phone_number.__wrapped__

    def counting(said: str, region: str) -> str | None:
        calls.append(said)
        return original(said, region)

    monkeypatch.setattr(entity_module, "phone_number", counting)
    text = " ".join(f"010-{i:04d}-{i:04d}" for i in range(1, 2_000))
    find_entities(text)
    assert len(calls) <= 2 * entity_module.LIBRARY_WINDOWS


def test_dateparser_sees_only_short_windows(monkeypatch: pytest.MonkeyPatch) -> None:
    windows: list[str] = []
    original = entity_module.read_date.__wrapped__

    def recording(window: str) -> str | None:
        windows.append(window)
        return original(window)

    monkeypatch.setattr(entity_module, "read_date", recording)
    text = "Meet on May 20 or in 3 days, then 20 June 2025. " * 2_000
    found = find_entities(text)
    assert 0 < len(windows) <= entity_module.LIBRARY_WINDOWS
    assert max(len(w) for w in windows) < 30
    assert ("date", "2026-05-20") in [(e.kind, e.value) for e in found]


def random_text(seed: int, size: int) -> str:
    """Random words, numbers and punctuation."""
    rng = random.Random(seed)
    pieces = ["the", "Kim", "at", "@", "#", "/", ".", "-", "12", "3.5", "km", "USD", "$", "'",
              '"', "May", "7pm", "010", "x@y", "서울", "한테", "에게", "3만", "\n", "ABC", "a.b",
              "\\"]  # fmt: skip
    return "".join(rng.choice(pieces) + rng.choice(["", " ", " "]) for _ in range(size // 3))[:size]


@pytest.mark.parametrize(
    "text",
    [
        random_text(1, 100_000),
        base64.b64encode(random.Random(2).randbytes(75_000)).decode(),
        "a" * 100_000,
        "a." * 50_000,
        "@" * 100_000,
        "kim@" * 25_000,
        "1" * 100_000,
        "1-" * 50_000,
        "/a" * 50_000,
        "'x" * 50_000,
        "서울" * 50_000,
        ("엄마한테 3만원 보내줘 " * 10_000)[:100_000],
        "가" * 100_000,
        ("한국돈으로 영하 5도 4분의 3 " * 6_000)[:100_000],
        ("three quarters of a cup, 1/2 cup " * 3_500)[:100_000],
        "1234 " * 20_000,
        "x12 " * 25_000,
        ("이만 오천 원 2억 5천 사흘 뒤 월말 " * 5_000)[:100_000],
        ("from Monday to Friday 2 to 3pm Sun " * 3_000)[:100_000],
        ("Play Yesterday by The Band, Friday, January 9 " * 2_500)[:100_000],
    ],
    ids=["random", "base64", "a", "a.", "at", "kim@", "ones", "1-", "/a", "'x", "서울", "korean",
         "hangul run", "ko money shares", "fractions", "digit groups", "times", "ko scales",
         "weekday ranges", "works and weekdays beside dates"],
)  # fmt: skip
def test_long_inputs_finish(text: str) -> None:
    find_entities("워밍업 John 010-1234-5678 May 20")  # load the libraries outside the measure
    began = time.process_time()  # this process's time: other load does not count
    found = find_entities(text)
    assert time.process_time() - began < 2.0  # generous: tens of milliseconds are expected
    assert all(text[e.start : e.end] == e.text for e in found[:1000])


TRICKY = "0123456789 .,:;-+/\\@#$€₩%'\"“”「」()\nAaZzIPMamT가나다만원시분에게한테오후"


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=TRICKY, max_size=120) | st.text(max_size=80))
def test_any_text_reads_without_error(text: str) -> None:
    found = find_entities(text)
    assert all(text[e.start : e.end] == e.text and e.kind in KINDS for e in found)
    assert all(a.end <= b.start for a, b in zip(found, found[1:], strict=False))
    assert find_entities(text) == found


@pytest.mark.parametrize(
    "text",
    ["1,000" * 2_000, "in 999 years", "9" * 150 + "만원", "$" + "9" * 39, "", "   \n\t "],
    ids=["comma groups", "far future", "huge 만", "huge dollars", "empty", "blank"],
)
def test_odd_numbers_and_blanks(text: str) -> None:
    found = find_entities(text)
    assert all(text[e.start : e.end] == e.text for e in found)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # identifiers, the known values of one reader: codes that mix letters and digits, slugs,
        # long digit runs (tracking numbers), companies by their ticker
        ("parcel 4209876543210987 is late", [("code", "4209876543210987")]),
        ("ticket PRJ-88 in owner/tool", [("code", "PRJ-88"), ("code", "owner/tool")]),
        ("how is Nvidia doing", [("code", "NVDA")]),
        # the end of a date range in the same month, and a delay from now
        ("off from March 3 to 5", [("date", "2026-03-03"), ("date", "2026-03-05")]),
        # spans of months and years are durations; a calendar year is not
        ("chart for the past 3 months", [("duration", seconds(3 * 2_592_000))]),
        ("2년 동안 적금", [("duration", seconds(2 * 31_536_000))]),
        ("2019년에 만든 파일", [("number", 2019)]),
    ],
)
def test_known_values_are_read_once_by_the_entity_reader(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize("text", ["45 minutes from now", "45분 뒤에"])
def test_a_delay_from_now_is_both_a_duration_and_a_moment(text: str) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == [
        ("datetime", "2026-01-01T09:45"),
        ("duration", seconds(2700)),
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # dash-joined reference numbers are identifiers; phone shapes stay phones
        ("refund order 204-5518872 please", [("code", "204-5518872")]),
        ("account 301-22-778812 for rent", [("code", "301-22-778812")]),
        ("ring 212-555-0187", [("phone", "+12125550187")]),
        ("dial 02-312-4567", [("phone", "+8223124567")]),
        ("a 12-word passphrase", [("number", 12)]),
        # a scale after a number; a "10k run" is a distance
        ("budget of 40k", [("number", 40_000)]),
        ("2.5 million downloads", [("number", 2_500_000)]),
        ("signed up for a 10k race", [("quantity", quantity(10, "km"))]),
        ("a quarter past: an hour and a quarter", [("duration", seconds(4500))]),
        ("세 배 빠르게", [("number", 3)]),
        # a month alone is its first day, the nearest such month; relative months
        ("costs in November", [("date", "2025-11-01")]),
        ("holiday in April", [("date", "2026-04-01")]),
        ("지난달 전기 요금", [("date", "2025-12-01")]),
        ("next month's rent", [("date", "2026-02-01")]),
        ("11월 카드값", [("date", "2025-11-01")]),
        # a range's start comes first
        ("11월 3일부터 오늘까지", [("date", "2025-11-03"), ("date", "2026-01-01")]),
        ("from December 28 to January 2", [("date", "2026-12-28"), ("date", "2027-01-02")]),
    ],
)
def test_values_by_general_rules(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a dictionary word where a name goes is a name; at a sentence's start it is a verb
        ("Send a note to Bob saying hi", [("person", "Bob")]),
        ("Please call Mark about it", [("person", "Mark")]),
        ("Bill Grace Lee for the repair", [("person", "Grace Lee")]),
        ("Mark the invoice as paid", []),
        # a bare hour after "at": with a part of the day said, else 1-6 is afternoon/evening
        ("pick me up at 5", [("time", "17:00")]),
        ("standup at 9:15", [("time", "09:15")]),
        ("supper at 8", [("time", "20:00")]),
        ("leave at 4 in the morning", [("time", "04:00")]),
    ],
)
def test_names_in_a_name_position_and_hours_after_at(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # clock phrases, and an hour from 1 to 6 said bare is in the afternoon
        ("call at half past 2", [("time", "14:30")]),
        ("quarter to ten", [("time", "09:45")]),
        ("목요일 4시 미팅", [("datetime", "2026-01-08T16:00")]),
        ("새벽 4시 알람", [("time", "04:00")]),
        # holidays on a fixed day are the next one
        ("party on Halloween", [("date", "2026-10-31")]),
        ("성탄절에 쉬어", [("date", "2026-12-25")]),
    ],
)
def test_clock_phrases_bare_hours_and_holidays(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


def share(amount: float) -> dict[str, Any]:
    """A share of a whole (a fraction said in words or digits)."""
    return {"amount": amount, "unit": "fraction"}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a fraction said alone is a share of a whole; with a unit, an amount of it
        ("the printer has two thirds of its ink", [("quantity", share(0.6667))]),
        ("my phone battery is a quarter charged", [("quantity", share(0.25))]),
        ("the water bottle is half empty", [("quantity", share(0.5))]),
        ("stir in 3/4 cup of milk", [("quantity", quantity(0.75, "cup"))]),
        ("배터리가 5분의 1 남았어", [("quantity", share(0.2))]),
        ("화면 밝기를 반으로 낮춰줘", [("quantity", share(0.5))]),
        ("케이크 절반만 포장해줘", [("quantity", share(0.5))]),
        # not a share: a time, a duration, a date after "on", Korean words that start with 반
        ("meet at a quarter past 4", [("time", "16:15")]),
        ("rest for three quarters of an hour", [("duration", seconds(2700))]),
        ("책을 반납해줘", []),
        # a whole number and a half; an ordinal after "the" counts
        ("walk the dog for one and a half hours", [("duration", seconds(5400))]),
        ("the shelf is 3 and a half feet wide", [("quantity", quantity(3.5, "foot"))]),
        ("skip to the fifth track", [("number", 5)]),
        ("첫 번째 사진 지워줘", [("number", 1)]),
    ],
)
def test_fractions_halves_and_ordinals(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a lone Sino-Korean scale is a number; spaced groups are one number
        ("주차비 만 원 냈어", [("money", money(10_000, "KRW"))]),
        ("관리비 십이만 삼천 원", [("money", money(123_000, "KRW"))]),
        # after 억 with no 만, the rest counts in 만 ("2억 5천" is 250 million)
        ("전세 3억 5천에 계약했어", [("number", 350_000_000)]),
        ("종이컵 백 개 주문", [("number", 100)]),
        # native counters for seats and lines
        ("창가 쪽으로 두 자리 잡아줘", [("number", 2)]),
        ("로그 스무 줄 보여줘", [("number", 20)]),
        # a condition after a currency or unit ends its name ("유로면")
        ("30파운드면 몇 킬로그램이야", [("quantity", quantity(30, "lb")), ("unit", "kg")]),
        ("엔화 5천 엔이면 충분해?", [("currency", "JPY"), ("money", money(5000, "JPY"))]),
        # a country's money is its currency; "quid" is sterling
        ("태국 돈으로 환전하면 얼마야", [("currency", "THB")]),
        ("what is that in Canadian money", [("currency", "CAD")]),
        ("lend me 40 quid", [("money", money(40, "GBP"))]),
    ],
)
def test_korean_scales_counters_and_money_named_by_country(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a weekday said alone after a date is the first such day after it
        ("check in next Thursday, check out Monday",
         [("date", "2026-01-08"), ("date", "2026-01-12")]),
        ("다다음 주 화요일에 출발해서 목요일에 돌아와",
         [("date", "2026-01-13"), ("date", "2026-01-15")]),
        ("the gym is closed Tuesday through Saturday",
         [("date", "2026-01-06"), ("date", "2026-01-10")]),
        # a time range's start takes the end's part of the day, and its day
        ("block my calendar tomorrow from 1 to 2:30pm",
         [("datetime", "2026-01-02T13:00"), ("datetime", "2026-01-02T14:30")]),
        # the end of a month or a year
        ("pay the rent by the end of the month", [("date", "2026-01-31")]),
        ("보고서는 다음 달 말까지 내면 돼", [("date", "2026-02-28")]),
        ("연말까지 예약 다 찼어?", [("date", "2026-12-31")]),
        # days counted in native Korean words, weeks and months from now
        ("나흘 뒤에 택배 와", [("date", "2026-01-05")]),
        ("이틀 동안 주차할게", [("duration", seconds(2 * 86_400))]),
        ("water the plants in a week", [("date", "2026-01-08")]),
        ("renew it a month from today", [("date", "2026-02-01")]),
    ],
)  # fmt: skip
def test_dates_relative_to_other_dates_and_period_ends(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # below zero, and a capital scale letter after a number
        ("the freezer is at minus 18 degrees", [("quantity", quantity(-18, "degree"))]),
        ("내일 아침 영하 7도래",
         [("datetime", "2026-01-02T09:00"), ("quantity", quantity(-7, "celsius"))]),
        ("bake at 350 F", [("quantity", quantity(350, "fahrenheit"))]),
        # "킬로" weighs something when the request is about weight, else it is a distance
        ("수하물 23킬로 넘으면 추가 요금이야?", [("quantity", quantity(23, "kg"))]),
        ("자전거로 40킬로 탔어", [("quantity", quantity(40, "km"))]),
        # "pounds" with money is sterling, whatever writes the amount
        ("change fifty pounds into dollars",
         [("money", money(50, "GBP")), ("currency", "USD")]),
    ],
)  # fmt: skip
def test_signs_scales_and_units_read_from_their_context(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # of two dates that end where a time starts, the longer joins it
        ("dentist on the 12th of February at 9am", [("datetime", "2026-02-12T09:00")]),
        ("2월 12일 오후 5시에 미용실", [("datetime", "2026-02-12T17:00")]),
        # weekday abbreviations, capitalised ("sat" and "sun" are words unless a day is meant)
        ("standup moved to Thu 10am", [("datetime", "2026-01-08T10:00")]),
        ("brunch on Sun", [("date", "2026-01-04")]),
        ("Sun is out, let's walk", []),
    ],
)
def test_dates_joined_with_times_and_short_weekdays(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a Korean proper noun that ends as places are named is a place; addressed, a person
        ("망원동 원룸 찾아줘", [("place", "망원동")]),
        ("서초구 맛집 알려줘", [("place", "서초구")]),
        ("이서구 씨한테 보내줘", [("person", "이서구")]),
        # a count written as times
        ("print the flyer x40", [("number", 40)]),
    ],
)
def test_korean_places_by_their_ending_and_counts_as_times(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a day and a part of it with no clock time: that part's usual hour
        ("pick up the cake Saturday afternoon", [("datetime", "2026-01-03T15:00")]),
        ("모레 저녁에 회식", [("datetime", "2026-01-03T18:00")]),
        ("모레 저녁 8시에 회식", [("datetime", "2026-01-03T20:00")]),
        # a couple is two; day-first dates; two-digit Korean years; months later by the calendar
        ("snooze it for a couple of minutes", [("duration", seconds(120))]),
        ("invoice dated 28/02/2026", [("date", "2026-02-28")]),
        ("27년 3월 1일 만기", [("date", "2027-03-01")]),
        ("석 달 뒤에 갱신",
         [("datetime", "2026-04-01T09:00"), ("duration", seconds(3 * 2_592_000))]),
    ],
)  # fmt: skip
def test_day_parts_couples_and_other_date_shapes(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # one Sino-Korean digit before a time unit; a quarter of an hour without "a"
        ("라면 사 분만 끓여", [("duration", seconds(240))]),
        ("steep for quarter of an hour", [("duration", seconds(900))]),
        # the past week, year: a span back from now (never a moment ahead)
        ("my spending over the past month", [("duration", seconds(2_592_000))]),
        ("errors in the last day", [("duration", seconds(86_400))]),
        ("last month's bill", [("date", "2025-12-01")]),
    ],
)
def test_short_korean_numbers_and_spans_back_from_now(text: str, expected: list) -> None:
    assert [(e.kind, e.value) for e in read_values(text)] == expected


def test_a_number_word_opening_a_sentence_is_a_number_not_a_name() -> None:
    assert [(e.kind, e.value) for e in read_values("Four boxes came in today")] == [
        ("number", 4),
        ("date", "2026-01-01"),
    ]
