"""Nested values from prose: lists of things with counts and prices, and postal addresses."""

from __future__ import annotations

import jsonschema
import pytest
from offline_support import ask, calls_of, tool

ITEM = {
    "type": "object",
    "properties": {"product": {"type": "string"}, "qty": {"type": "integer", "minimum": 1}},
    "required": ["product", "qty"],
}
ADDRESS = {
    "type": "object",
    "properties": {
        "street": {"type": "string"},
        "city": {"type": "string"},
        "country": {"type": "string", "pattern": "^[A-Z]{2}$"},
    },
}
BAKERY = tool(
    "order_bakery",
    "Order baked goods and drinks from the bakery, delivered to an address.",
    {"lines": {"type": "array", "items": ITEM, "minItems": 1}, "ship_to": ADDRESS},
    ["lines"],
)
QUOTE = tool(
    "make_quote",
    "Write a price quote listing each product with its quantity and price per unit.",
    {
        "rows": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "label": {"type": "string", "description": "What is sold"},
                    "count": {"type": "integer"},
                    "price": {"type": "number"},
                },
                "required": ["label", "count", "price"],
            },
        }
    },
    ["rows"],
)


def _call(question: str, tools: list[dict]) -> dict:
    """The arguments of the one call the model makes, checked against the tool's schema."""
    [(name, arguments)] = calls_of(ask(question, tools))
    schema = next(t for t in tools if t["function"]["name"] == name)["function"]["parameters"]
    jsonschema.validate(arguments, schema)
    return arguments


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Order 3 bagels and a flat white", [("bagels", 3), ("flat white", 1)]),
        ("Order four croissants, 2 scones and one espresso", [("croissants", 4), ("scones", 2),
                                                                ("espresso", 1)]),
        ("식빵 2개하고 우유 한 병 주문해줘", [("식빵", 2), ("우유", 1)]),
        ("크루아상 세 개랑 커피 두 잔 주문할게", [("크루아상", 3), ("커피", 2)]),
    ],
)  # fmt: skip
def test_each_listed_thing_becomes_one_object_with_its_count(question: str, expected) -> None:
    lines = _call(question, [BAKERY])["lines"]
    assert [(line["product"], line["qty"]) for line in lines] == expected


def test_a_street_and_a_city_fill_an_address_object_with_the_country_of_the_city() -> None:
    arguments = _call("Order 2 muffins to 7 Elm Street, Chicago", [BAKERY])
    assert arguments["ship_to"] == {"street": "7 Elm Street", "city": "Chicago", "country": "US"}
    assert arguments["lines"] == [{"product": "muffins", "qty": 2}]


def test_a_korean_road_address_is_in_korea() -> None:
    arguments = _call("대구 중구 동성로 25로 케이크 1개 보내줘", [BAKERY])
    assert arguments["ship_to"] == {"street": "중구 동성로 25", "city": "대구", "country": "KR"}
    assert arguments["lines"] == [{"product": "케이크", "qty": 1}]


def test_no_address_said_leaves_the_optional_address_out() -> None:
    arguments = _call("Order 5 donuts", [BAKERY])
    assert "ship_to" not in arguments


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Quote 4 chairs at 30 dollars each and 1 table at 250 dollars", [("chairs", 4, 30),
                                                                          ("table", 1, 250)]),
        ("의자 네 개, 개당 3만 원으로 가격 견적 만들어줘", [("의자", 4, 30000)]),
    ],
)  # fmt: skip
def test_a_price_said_with_or_after_an_item_is_its_unit_price(question: str, expected) -> None:
    rows = _call(question, [QUOTE])["rows"]
    assert [(row["label"], row["count"], row["price"]) for row in rows] == expected


EXCHANGE_ITEMS = tool(
    "exchange_items",
    "Exchange items from an order.",
    {
        "lines": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "product": {"type": "string"},
                    "qty": {"type": "integer"},
                    "why": {"type": "string", "enum": ["damaged", "wrong_size", "other"]},
                },
                "required": ["product", "qty", "why"],
            },
        }
    },
    ["lines"],
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Exchange the lamp, it came broken", [("lamp", 1, "damaged")]),
        ("컵 하나 교환해줘, 깨져서 왔어", [("컵", 1, "damaged")]),
    ],
)
def test_a_choice_said_once_applies_to_every_listed_thing(question: str, expected) -> None:
    lines = _call(question, [EXCHANGE_ITEMS])["lines"]
    assert [(line["product"], line["qty"], line["why"]) for line in lines] == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Exchange two of the four plates, they came broken", [("plates", 2, "damaged")]),
        ("접시 다섯 개 중에 세 개만 교환해줘, 깨져서 왔어", [("접시", 3, "damaged")]),
        ("양말 여섯 켤레 중 두 켤레 교환해 줘, 사이즈가 안 맞아", [("양말", 2, "wrong_size")]),
    ],
)
def test_a_part_of_a_whole_counts_the_part(question: str, expected) -> None:
    lines = _call(question, [EXCHANGE_ITEMS])["lines"]
    assert [(line["product"], line["qty"], line.get("why", "other")) for line in lines] == expected


BILLING = tool(
    "bill_client",
    "Create a bill for a client, listing each service with its quantity and unit price.",
    {
        "client": {
            "type": "object",
            "properties": {"name": {"type": "string"}, "email": {"type": "string"}},
            "required": ["name"],
        },
        "lines": {
            "type": "array",
            "items": QUOTE["function"]["parameters"]["properties"]["rows"]["items"],
        },
    },
    ["client", "lines"],
)


@pytest.mark.parametrize(
    ("question", "client"),
    [
        ("바른디자인 스튜디오에 로고 작업 1건 50만 원으로 청구해줘", "바른디자인 스튜디오"),
        ("다온상사에 번역 2건 건당 10만 원 청구해줘", "다온상사"),
    ],
)
def test_a_korean_addressee_the_lexicon_does_not_know_is_a_name(question: str, client: str) -> None:
    arguments = _call(question, [BILLING])
    assert arguments["client"] == {"name": client}
    assert len(arguments["lines"]) == 1


def test_a_known_word_before_a_korean_particle_is_no_name() -> None:
    message = ask("회의실에 로고 작업 1건 50만 원으로 청구해줘", [BILLING])
    assert message.tool_calls is None and "?" in message.content  # whom to bill is asked


FERRY = tool(
    "book_ferry",
    "여객선 표를 예매합니다.",
    {
        "sailing_id": {"type": "string", "description": "운항편 ID"},
        "riders": {
            "type": "object",
            "description": "유형별 승객 수",
            "properties": {
                "adult": {"type": "integer", "description": "어른", "minimum": 0},
                "child": {"type": "integer", "description": "어린이", "minimum": 0},
                "senior": {"type": "integer", "description": "경로", "minimum": 0},
            },
            "required": ["adult"],
        },
    },
    ["sailing_id", "riders"],
)


@pytest.mark.parametrize(
    ("question", "sailing", "riders"),
    [
        ("JS 12 어른 세 명이랑 어린이 두 명 예매해줘", "JS 12", {"adult": 3, "child": 2}),
        ("JS 7 아이 하나, 어른 하나 예매해 줘", "JS 7", {"adult": 1, "child": 1}),
        ("Book JS 30 ferry for 2 adults and 1 senior", "JS 30", {"adult": 2, "senior": 1}),
    ],
)
def test_each_count_goes_to_the_property_its_noun_names(
    question: str, sailing: str, riders: dict
) -> None:
    arguments = _call(question, [FERRY])
    assert arguments == {"sailing_id": sailing, "riders": riders}  # a series and its number: one id


HOUSES = tool(
    "find_homes",
    "집을 검색합니다.",
    {
        "area": {"type": "string", "description": "동네 이름"},
        "rooms": {"type": "integer", "description": "방 개수 최소"},
        "budget": {"type": "integer", "description": "예산 상한 (만 원)"},
    },
    ["area"],
)


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("성산동에 방 2개짜리 집 찾아줘", {"area": "성산동", "rooms": 2}),
        ("방 4개 있는 집 수지구에서 찾아줘", {"area": "수지구", "rooms": 4}),
        ("옥수동 집 보여줘", {"area": "옥수동"}),
    ],
)
def test_a_korean_place_by_its_kind_and_a_count_by_its_noun(question: str, expected: dict) -> None:
    assert _call(question, [HOUSES]) == expected
