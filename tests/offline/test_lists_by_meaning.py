"""Lists filled by meaning: a run of words listed side by side is a list's items.

Each test is a sentence the classroom does not use, against a tool written for it. A list is
said as short items joined by commas and "and"/"or" (Korean: a comma, 및, or 랑/이랑/하고/와/과
written onto the word before); its first item starts after the word that introduces it, its
last ends where another role begins ("to the game", "for the picnic", a quote, a particle).
"""

from __future__ import annotations

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.conform import conform
from helpers.offline.nested import listed_items, listed_run
from helpers.offline.request import read_request


def words(description: str, **extra: object) -> dict:
    """An array of strings with a description."""
    return {"type": "array", "items": {"type": "string"}, "description": description, **extra}


PACK = tool(
    "pack_bag",
    "Add things to the packing list for a trip.",
    {"things": words("Things to pack"), "trip": {"type": "string", "description": "Trip name"}},
    ["things"],
)
HERBS = tool(
    "log_planting",
    "화분에 심은 식물을 기록합니다.",
    {"plants": words("심은 식물 이름들")},
    ["plants"],
)
LABELS = tool(
    "label_note",
    "Put labels on a note.",
    {"note_id": {"type": "integer"}, "labels": words("Labels to add")},
    ["note_id", "labels"],
)
STUDY = tool(
    "invite_to_study",
    "Invite people to a study group.",
    {"members": words("Names of the people to invite"), "topic": {"type": "string"}},
    ["members"],
)
SALE = tool(
    "list_for_sale",
    "List second-hand things for sale.",
    {
        "listings": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"title": {"type": "string"}, "price": {"type": "number"}},
                "required": ["title", "price"],
            },
        }
    },
    ["listings"],
)

CAKES = tool(
    "order_cakes",
    "Order cakes from the bakery.",
    {
        "cakes": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "flavour": {"type": "string"},
                    "candles": {"type": "integer", "description": "Candles on top"},
                    "quantity": {"type": "integer", "minimum": 1},
                },
                "required": ["flavour", "quantity"],
            },
        }
    },
    ["cakes"],
)

SHELF = tool(
    "stock_shelf",
    "Put products on a shelf.",
    {
        "shelf": {"type": "string", "description": "Which shelf"},
        "products": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"name": {"type": "string"}, "count": {"type": "integer"}},
                "required": ["name", "count"],
            },
        },
    },
    ["shelf", "products"],
)
ROUTINE = tool(
    "save_routine",
    "Save a routine as ordered steps.",
    {"title": {"type": "string"}, "steps": words("Each step, in order")},
    ["title", "steps"],
)


def only_call(question: str, definition: dict) -> dict:
    """The arguments of the one call the model makes."""
    calls = calls_of(ask(question, [definition]))
    assert len(calls) == 1, calls
    arguments = calls[0][1]
    assert isinstance(arguments, dict)
    return arguments


@pytest.mark.parametrize(
    ("question", "things"),
    [
        ("Pack sunscreen, a towel and flip-flops", ["sunscreen", "towel", "flip-flops"]),
        ("For the ski trip pack goggles, gloves and a hat", ["goggles", "gloves", "hat"]),
        ("Add a charger or a power bank to the list", ["charger", "power bank"]),
    ],
)  # fmt: skip
def test_a_run_of_listed_words_is_the_list(question: str, things: list[str]) -> None:
    assert sorted(only_call(question, PACK)["things"]) == sorted(things)


@pytest.mark.parametrize(
    ("question", "plants"),
    [
        ("오늘 바질, 로즈메리, 민트 심었어", ["바질", "로즈메리", "민트"]),
        ("상추랑 깻잎 심었다고 기록해줘", ["상추", "깻잎"]),
        ("토마토하고 고추를 베란다 화분에 심었어", ["토마토", "고추"]),
    ],
)
def test_a_korean_run_ends_at_the_particle_of_its_last_word(
    question: str, plants: list[str]
) -> None:
    assert sorted(only_call(question, HERBS)["plants"]) == sorted(plants)


@pytest.mark.parametrize(
    ("question", "labels"),
    [
        ("Label note 7 with urgent, work and draft", ["urgent", "work", "draft"]),
        ("Label note 12 as travel, receipts and taxes", ["travel", "receipts", "taxes"]),
        ("Label note 3 with home and garden", ["home", "garden"]),
    ],
)
def test_a_word_after_the_list_s_name_gives_way_to_the_run(
    question: str, labels: list[str]
) -> None:
    arguments = only_call(question, LABELS)
    assert sorted(arguments["labels"]) == sorted(labels)


@pytest.mark.parametrize(
    ("question", "members"),
    [
        ("지훈, 소라, 민아랑 스터디에 초대해줘", ["지훈", "소라", "민아"]),
        ("예준하고 서아를 스터디에 초대해줘", ["예준", "서아"]),
        ("Invite Priya, Omar and Lena to the physics study group", ["Priya", "Omar", "Lena"]),
    ],
)
def test_words_listed_beside_a_person_are_people(question: str, members: list[str]) -> None:
    assert sorted(only_call(question, STUDY)["members"]) == sorted(members)


@pytest.mark.parametrize(
    ("question", "titles", "prices"),
    [
        ("List my desk for $60 and the chair for $25", ["desk", "chair"], [60, 25]),
        ("List the blue vase for $12 and a mirror for $30", ["blue vase", "mirror"], [12, 30]),
        ("List my old scooter for $80", ["old scooter"], [80]),
    ],
)
def test_things_with_a_price_are_listed_without_a_count(
    question: str, titles: list[str], prices: list[int]
) -> None:
    listings = only_call(question, SALE)["listings"]
    assert [x["title"] for x in listings] == titles
    assert [x["price"] for x in listings] == prices


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("사과 두 개랑 배 하나", []),  # 사과: an apple, not 사 joined by 과
        ("결과 보고서 보내줘", []),
        ("a price of $40 and the lamp", []),  # a number is a count or a price, no item
        ("What's the rate between 9 and 5?", []),
        ("연필과 지우개, 자", ["연필", "지우개", "자"]),  # 과 after a final consonant joins
        ("우유와 빵 사줘", ["우유", "빵"]),  # 와 after a vowel joins
    ],
)
def test_only_words_joined_as_a_list_make_a_run(text: str, items: list[str]) -> None:
    request = read_request(text)
    unclaimed = lambda a, b: any(c.isalpha() for c in text[a:b])  # noqa: E731
    assert [text[a:b] for a, b in listed_run(request, 0, len(text), unclaimed)] == items


@pytest.mark.parametrize(
    ("question", "flavour", "quantity"),
    [
        ("Order two chocolate cakes", "chocolate", 2),
        ("Order a lemon cake", "lemon", 1),
        ("초코 케이크 세 개 주문해줘", "초코", 3),
    ],
)
def test_an_item_s_required_count_is_how_many_of_it(
    question: str, flavour: str, quantity: int
) -> None:
    [cake] = only_call(question, CAKES)["cakes"]
    assert flavour in cake["flavour"]
    assert cake["quantity"] == quantity
    assert "candles" not in cake  # a count of something else is not the item's count


@pytest.mark.parametrize(
    "question",
    [
        "생일 파티 케이크 주문할게. 초코 케이크 두 개",
        "케이크 좀 부탁해요! 치즈 케이크 한 개",
        "내일 찾으러 갈게요, 딸기 케이크 세 개",
    ],
)
def test_a_korean_thing_s_name_never_runs_back_past_a_sentence_end(question: str) -> None:
    [cake] = only_call(question, CAKES)["cakes"]
    assert cake["flavour"].split()[0] in {"초코", "치즈", "딸기"}


@pytest.mark.parametrize(
    ("question", "names", "counts"),
    [
        ("Put 6 mugs and 4 bowls on the top shelf", ["mugs", "bowls"], [6, 4]),
        ("Stock the bottom shelf with 3 kettles and 2 toasters", ["kettles", "toasters"], [3, 2]),
        ("Put 12 candles and 5 vases on the window shelf", ["candles", "vases"], [12, 5]),
    ],
)
def test_listed_things_are_read_before_prose(
    question: str, names: list[str], counts: list[int]
) -> None:
    products = only_call(question, SHELF)["products"]
    assert [p["name"] for p in products] == names
    assert [p["count"] for p in products] == counts


@pytest.mark.parametrize(
    ("question", "steps"),
    [
        (
            "Save a routine called Reset with steps: unplug the router, wait ten seconds, "
            "plug it back in",
            ["unplug the router", "wait ten seconds", "plug it back in"],
        ),
        (
            "Save 'Morning' with steps: stretch for five minutes; run two laps; cool down",
            ["stretch for five minutes", "run two laps", "cool down"],
        ),
    ],
)
def test_a_list_its_name_introduces_with_a_colon_holds_phrases(
    question: str, steps: list[str]
) -> None:
    assert only_call(question, ROUTINE)["steps"] == steps


def test_a_korean_list_after_its_name_and_a_colon_holds_phrases() -> None:
    poll = tool(
        "start_poll",
        "투표를 만듭니다.",
        {"question": {"type": "string"}, "options": words("선택지", minItems=2)},
        ["question", "options"],
    )
    arguments = only_call("점심 메뉴 투표 만들어줘. 선택지: 김치찌개, 돈가스 정식, 비빔밥", poll)
    assert arguments["options"] == ["김치찌개", "돈가스 정식", "비빔밥"]


MAIL = tool(
    "mail_postcard",
    "Mail a postcard.",
    {
        "to": {
            "type": "object",
            "properties": {
                "street": {"type": "string"},
                "city": {"type": "string"},
                "zip": {"type": "string"},
            },
            "required": ["street", "city", "zip"],
        }
    },
    ["to"],
)


@pytest.mark.parametrize(
    ("question", "city", "zip_code"),
    [
        ("Mail a postcard to 4 Birch Road, Millbrook 12545", "Millbrook", "12545"),
        ("Mail a postcard to 77 Harbor Avenue, Port Clemens 48043", "Port Clemens", "48043"),
        ("Mail a postcard to 9 Quarry Lane, Ashby, 01431", "Ashby", "01431"),
    ],
)
def test_an_unknown_town_is_read_by_its_place_in_an_address(
    question: str, city: str, zip_code: str
) -> None:
    address = only_call(question, MAIL)["to"]
    assert (address["city"], address["zip"]) == (city, zip_code)


def people(description: str, choice: str, members: list[str], said: str = "") -> dict:
    """An array of objects, each a person's name and one choice (an enum)."""
    options = {"type": "string", "enum": members, **({"description": said} if said else {})}
    return {
        "type": "array",
        "description": description,
        "items": {
            "type": "object",
            "properties": {"name": {"type": "string", "description": "Full name"}, choice: options},
            "required": ["name", choice],
        },
    }


@pytest.mark.parametrize(
    ("question", "definition", "expected"),
    [
        (
            "Register Priya Shah and Omar Haddad with VIP tickets",
            tool("register", "Register people for a conference.",
                 {"attendees": people("Attendees", "ticket", ["standard", "vip"])}, ["attendees"]),
            [{"name": "Priya Shah", "ticket": "vip"}, {"name": "Omar Haddad", "ticket": "vip"}],
        ),
        (
            "Add Jonas Berg and Ola Lind as deckhands",
            tool("add_crew", "Add crew members to a sailing trip.",
                 {"crew": people("Crew", "role", ["skipper", "deckhand", "cook"])}, ["crew"]),
            [{"name": "Jonas Berg", "role": "deckhand"}, {"name": "Ola Lind", "role": "deckhand"}],
        ),
        (
            "통로 쪽으로 이서연이랑 최유진 예약해줘",
            tool("book_bus_tour", "버스 투어 좌석을 예약합니다.",
                 {"riders": people("탑승자 목록", "seat", ["window", "aisle"], "창가 또는 통로")},
                 ["riders"]),
            [{"name": "이서연", "seat": "aisle"}, {"name": "최유진", "seat": "aisle"}],
        ),
    ],
)  # fmt: skip
def test_each_named_person_is_an_object_with_the_choice_said_once_for_all(
    question: str, definition: dict, expected: list[dict]
) -> None:
    [listed] = only_call(question, definition).values()
    assert listed == expected


def test_a_list_whose_every_item_fails_its_schema_is_missing() -> None:
    schema = {
        "type": "object",
        "properties": {"guests": people("Guests", "side", ["bride", "groom"])},
        "required": ["guests"],
    }
    conformed = conform(schema, {"guests": ["list"]})
    assert "guests" in conformed.missing


@pytest.mark.parametrize(
    ("text", "items"),
    [
        ("실 두 타래랑 단추 세 개", [("실", 2), ("단추", 3)]),
        ("시금치 한 단이랑 마늘 세 톨", [("시금치", 1), ("마늘", 3)]),
        ("밥 두 공기하고 설탕 한 큰술", [("밥", 2), ("설탕", 1)]),
    ],
)
def test_a_korean_counter_says_how_many_of_the_thing_before_it(
    text: str, items: list[tuple[str, int]]
) -> None:
    request = read_request(text)
    listed = listed_items(request, 0, len(text), lambda _position: False)
    assert [(item.name, item.count) for item in listed] == items


NUMBERED = tool(
    "hold_numbered",
    "Hold numbered things for a guest.",
    {
        "numbers": {"type": "array", "items": {"type": "integer"}, "description": "Which ones"},
        "size": {"type": "string", "enum": ["2x3", "4x6"], "description": "Size"},
    },
    ["numbers"],
)


@pytest.mark.parametrize(
    ("question", "numbers"),
    [
        ("Hold 4x6 frames 3, 8 and 11", [3, 8, 11]),
        ("For 2 guests hold tables 5, 9 and 12", [5, 9, 12]),
        ("In 2x3 hold posters 21 and 22", [21, 22]),
    ],
)
def test_a_list_of_numbers_is_the_run_listed_together_not_a_lone_number_before_it(
    question: str, numbers: list[int]
) -> None:
    assert only_call(question, NUMBERED)["numbers"] == numbers


@pytest.mark.parametrize(
    ("name", "question", "items"),
    [
        ("teas", "녹차랑 보리차 주문해줘", ["녹차", "보리차"]),
        ("breads", "식빵, 크림빵, 소금빵 주문해줘", ["식빵", "크림빵", "소금빵"]),
        ("flowers", "국화랑 안개꽃 주문해줘", ["국화", "안개꽃"]),
    ],
)
def test_a_korean_item_ending_in_the_list_s_own_word_keeps_that_word(
    name: str, question: str, items: list[str]
) -> None:
    shop = tool("order_items", "가게에 주문합니다.", {name: words("주문할 것")}, [name])
    assert sorted(only_call(question, shop)[name]) == sorted(items)
