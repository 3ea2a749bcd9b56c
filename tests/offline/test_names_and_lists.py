"""Names of things, lists of them, and free text: what span each parameter takes.

Each test is a sentence the classroom does not use, against a tool written for it. A name is read
by its shape (capitals, the word for its kind, a Korean written word), a list by its "and" (one
call per name for a parameter that takes one), free text as what is left of one sentence.
"""

from __future__ import annotations

import jsonschema
import pytest
from offline_support import ask, calls_of, tool


def text(description: str, **extra: object) -> dict:
    """A string parameter with a description."""
    return {"type": "string", "description": description, **extra}


ZONE = tool(
    "arm_zone",
    "Arm the alarm in one zone.",
    {"zone": text("Zone name, e.g. garage, attic")},
    ["zone"],
)
ZONE_KO = tool(
    "arm_zone", "구역별로 경보를 켭니다.", {"zone": text("구역 이름 (예: 차고)")}, ["zone"]
)
LAMP = tool("lamp_off", "Switch off the lamp in a room.", {"room": text("Room the lamp is in")},
            ["room"])  # fmt: skip
ARCHIVE = tool("archive_note", "Archive a note.", {"note_id": {"type": "integer"}}, ["note_id"])
WEIGH = tool(
    "log_weight",
    "Record a pet's weight.\n\nArgs:\n    pet_name: The pet's name.\n    kg: Weight in kilograms.",
    {"pet_name": {"type": "string"}, "kg": {"type": "number"}},
    ["pet_name", "kg"],
)
TEA = tool(
    "order_tea",
    "Order bubble tea.",
    {
        "items": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "drink": text("Drink name"),
                    "qty": {"type": "integer", "minimum": 1},
                    "toppings": {
                        "type": "array",
                        "items": {"type": "string"},
                        "description": "Toppings, e.g. pearls, 코코넛",
                    },
                },  # fmt: skip
                "required": ["drink", "qty"],
            },
        }
    },
    ["items"],
)
SPRINKLER = tool(
    "set_sprinkler",
    "Start or stop a garden sprinkler.",
    {"area": text("Area name"), "running": {"type": "boolean"}},
    ["area", "running"],
)
DAMAGE = tool(
    "report_damage",
    "Report damage on a delivery.",
    {
        "order_id": text("Order id like D-1234", pattern="^D-[0-9]{4}$"),
        "what_happened": text("What happened, in the customer's words"),
    },
    ["order_id", "what_happened"],
)
LAUNDRY = tool("add_laundry", "빨래 목록에 옷을 추가합니다.", {"garment": text("옷 이름")},
               ["garment"])  # fmt: skip
BANDS = tool("follow_band", "Get news when a band tours.", {"band": {"type": "string"}}, ["band"])
SHELF = tool(
    "add_book",
    "Add a book to a shelf.",
    {"name": text("What the user calls the book"), "shelf": text("Shelf name")},
    ["name"],
)


def only_call(question: str, definition: dict) -> dict:
    """The arguments of the one call the request makes, checked against the schema."""
    [(_, arguments)] = calls_of(ask(question, [definition]))
    jsonschema.validate(arguments, definition["function"]["parameters"])
    return arguments


def all_calls(question: str, definition: dict) -> list[dict]:
    """The arguments of every call the request makes."""
    return [arguments for _, arguments in calls_of(ask(question, [definition]))]


@pytest.mark.parametrize(
    ("question", "zone"), [("arm the attic", ZONE), ("차고 경보 켜줘", ZONE_KO)]
)
def test_a_value_the_description_gives_as_an_example_is_a_value(question: str, zone: dict) -> None:
    assert only_call(question, zone)["zone"] in ("attic", "차고")


@pytest.mark.parametrize(
    ("question", "zones", "definition"),
    [
        ("arm the attic and the garage", ["attic", "garage"], ZONE),
        ("arm the shed, the porch and the cellar", ["shed", "porch", "cellar"], ZONE),
        ("창고랑 다락방 경보 켜줘", ["창고", "다락방"], ZONE_KO),
    ],
)
def test_names_listed_with_and_make_one_call_each(
    question: str, zones: list[str], definition: dict
) -> None:
    assert sorted(a["zone"] for a in all_calls(question, definition)) == sorted(zones)


def test_a_comma_alone_joins_no_names() -> None:
    calls = all_calls("arm the porch, the dog is out", ZONE)
    assert calls == [{"zone": "porch"}]


@pytest.mark.parametrize(
    ("question", "ids"),
    [
        ("archive notes 4, 9 and 11", [4, 9, 11]),
        ("메모 3번이랑 5번 보관해줘", [3, 5]),
        ("archive notes #6 & #8", [6, 8]),
        ("archive note no. 2 and no. 7", [2, 7]),
    ],
)
def test_whole_numbers_listed_for_one_integer_make_one_call_each(
    question: str, ids: list[int]
) -> None:
    assert sorted(a["note_id"] for a in all_calls(question, ARCHIVE)) == ids


@pytest.mark.parametrize(
    ("question", "room"),
    [("turn off the lamp in the guest room", "guest room"), ("Switch off the study lamp", "study")],
)
def test_a_room_that_is_no_chat_room_is_a_thing_s_name(question: str, room: str) -> None:
    assert only_call(question, LAMP) == {"room": room}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("루이 몸무게 6.3킬로 나왔어", {"pet_name": "루이", "kg": 6.3}),
        ("Mochi weighs 4.8 kg now", {"pet_name": "Mochi", "kg": 4.8}),
    ],
)
def test_a_docstring_args_line_says_what_a_parameter_holds(question: str, expected: dict) -> None:
    assert only_call(question, WEIGH) == expected


@pytest.mark.parametrize(
    ("question", "items"),
    [
        (
            "2 milk teas with pearls and a taro tea",
            [{"drink": "milk teas", "qty": 2, "toppings": ["pearls"]},
             {"drink": "taro tea", "qty": 1}],
        ),
        (
            "밀크티 코코넛 두 잔이랑 녹차 한 잔 주문해줘",
            [{"drink": "밀크티", "qty": 2, "toppings": ["코코넛"]}, {"drink": "녹차", "qty": 1}],
        ),
    ],
)  # fmt: skip
def test_an_item_s_options_are_said_after_it_or_named_by_the_description(
    question: str, items: list[dict]
) -> None:
    assert only_call(question, TEA) == {"items": items}


def test_a_flag_for_a_state_takes_what_the_request_switches() -> None:
    assert only_call("Stop the sprinkler by the hedge", SPRINKLER)["running"] is False


@pytest.mark.parametrize(
    ("question", "told"),
    [
        ("D-4821 신고할게요. 상자가 젖어서 왔어요", "상자가 젖어서 왔어요"),
        ("Report D-1199. The screen arrived cracked.", "The screen arrived cracked"),
    ],
)
def test_free_text_is_the_sentence_that_tells_not_the_one_that_frames(
    question: str, told: str
) -> None:
    assert only_call(question, DAMAGE)["what_happened"] == told


@pytest.mark.parametrize(
    ("question", "garment"),
    [
        ("빨래 목록에 카키 코듀로이 셔츠 넣어줘", "카키 코듀로이 셔츠"),
        ("베이지 후드티랑 양말 빨래 목록에 넣어줘", None),
    ],
)
def test_a_korean_name_runs_over_whole_written_words(question: str, garment: str | None) -> None:
    calls = all_calls(question, LAUNDRY)
    if garment is None:  # a list: one call per garment, the joiner left off
        assert sorted(a["garment"] for a in calls) == ["베이지 후드티", "양말"]
    else:
        assert calls == [{"garment": garment}]


def test_names_said_in_one_breath_are_one_call_each() -> None:
    calls = all_calls("follow ABBA and Radiohead", BANDS)
    assert sorted(a["band"] for a in calls) == ["ABBA", "Radiohead"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("add my old atlas to the kitchen shelf", {"name": "atlas", "shelf": "kitchen shelf"}),
        ("Add the Hobbit book to the hall shelf", {"name": "Hobbit", "shelf": "hall shelf"}),
    ],
)
def test_a_thing_said_with_its_kind_word_is_named_by_the_words_before_it(
    question: str, expected: dict
) -> None:
    """Lowercase words make a compound with the kind word ("kitchen shelf"); a capitalised name
    is the thing's name alone ("the Hobbit book": Hobbit)."""
    assert only_call(question, SHELF) == expected


CLINIC = tool(
    "book_checkup",
    "Book a checkup at the family doctor.",
    {"patient": text("Patient's name"), "reason": text("Why the patient needs to be seen")},
    ["patient", "reason"],
)
CLINIC_KO = tool(
    "book_checkup",
    "가정의학과 진료를 예약합니다.",
    {"patient": text("환자 이름"), "reason": text("진료 사유, 환자가 말한 그대로")},
    ["patient", "reason"],
)


@pytest.mark.parametrize(
    ("question", "definition", "reason"),
    [
        ("Book Ana a checkup because her knee hurts when she runs", CLINIC,
         "her knee hurts when she runs"),
        ("지호 진료 예약해줘. 요즘 자꾸 어지러워", CLINIC_KO, "요즘 자꾸 어지러워"),
    ],
)  # fmt: skip
def test_a_reason_is_what_follows_because_or_the_sentence_that_tells(
    question: str, definition: dict, reason: str
) -> None:
    assert reason in only_call(question, definition)["reason"]


WASH = tool(
    "start_wash",
    "세탁기를 돌립니다.",
    {
        "course": {
            "type": "string",
            "enum": ["표준세탁", "울세탁", "이불빨래"],
            "description": "코스",
        }
    },
    ["course"],
)


def test_a_choice_written_with_a_korean_particle_is_the_choice() -> None:
    assert only_call("세탁기 이불빨래로 돌려줘", WASH) == {"course": "이불빨래"}


GALLERY = tool(
    "buy_entry",
    "Buy gallery entry tickets.",
    {
        "party": {
            "type": "object",
            "properties": {"adults": {"type": "integer"}, "children": {"type": "integer"}},
        }
    },
    ["party"],
)


def test_an_irregular_plural_counts_what_its_singular_names() -> None:
    assert only_call("one adult and four child tickets", GALLERY) == {
        "party": {"adults": 1, "children": 4}
    }


TRIP = tool(
    "rent_boat",
    "Rent a rowing boat.",
    {
        "hours": {"type": "integer"},
        "extras": {
            "type": "array",
            "items": {"type": "string"},
            "description": "Extras to add, e.g. life vests, cooler, umbrella",
        },
    },  # fmt: skip
    ["hours"],
)


def test_a_list_takes_every_example_its_description_gives_that_was_said() -> None:
    arguments = only_call("rent a boat for 3 hours with a cooler and an umbrella", TRIP)
    assert arguments == {"hours": 3, "extras": ["cooler", "umbrella"]}


COPIER = tool("copier_queue", "Show a copier's queue.", {"copier": text("copier name")}, [])
SERVICES = tool("restart_service", "Restart a service.", {"service": {"type": "string"}},
                ["service"])  # fmt: skip
POTS = tool(
    "add_pot",
    "Add a pot plant to the list.",
    {
        "name": text("What the user calls the plant"),
        "spot": {"type": "string", "enum": ["kitchen", "balcony", "garden"]},
    },
    ["name", "spot"],
)


def test_a_korean_name_keeps_the_digits_written_onto_it() -> None:
    assert only_call("2층 복사기 대기열 보여줘", COPIER) == {"copier": "2층"}


def test_a_name_joined_by_hyphens_is_one_listed_name() -> None:
    calls = all_calls("restart billing-worker and search-api", SERVICES)
    assert sorted(a["service"] for a in calls) == ["billing-worker", "search-api"]


def test_a_word_that_named_a_choice_is_no_name() -> None:
    assert only_call("베란다에 로즈마리 새로 들였어, 목록에 추가해줘", POTS) == {
        "name": "로즈마리",
        "spot": "balcony",
    }


def test_left_over_words_that_list_names_are_one_call_each() -> None:
    calls = all_calls("follow abba and radiohead", BANDS)  # no capitals: the words left over
    assert sorted(a["band"] for a in calls) == ["abba", "radiohead"]


GUESTS = tool("add_guest", "Add a guest to the list.", {"guest": text("Guest")}, ["guest"])


def test_free_text_ends_before_a_phrase_of_the_tool_s_own_words() -> None:
    calls = all_calls("add grandma and uncle joe to the guest list", GUESTS)
    assert sorted(a["guest"] for a in calls) == ["grandma", "uncle joe"]
