"""Free text and flags by meaning: the span a parameter asks for, and the flags a request states.

Each test is a sentence the classroom does not use, against a tool written for it, in a domain
of its own. A message holds what is to be said, not the words that frame it ("Email Grace that
the slides are done": the slides are done); a flag takes what the request says of it, by its
word, its opposite ("private" says a public flag is false), or a negation in either language
("알림은 보내지 마", "비공개로", "without ice").
"""

from __future__ import annotations

import jsonschema
import pytest
from offline_support import ask, calls_of, tool


def flag(description: str) -> dict:
    """A boolean parameter with a description."""
    return {"type": "boolean", "description": description}


def text(description: str) -> dict:
    """A string parameter with a description."""
    return {"type": "string", "description": description}


VIDEO = tool(
    "upload_video",
    "Upload a video to the family channel.",
    {"video_title": text("Title of the video"), "is_public": flag("Anyone can watch it")},
    ["video_title"],
)
SMOOTHIE = tool(
    "order_smoothie",
    "Order a smoothie at the juice bar.",
    {"flavour": text("Smoothie flavour, e.g. mango"), "iced": flag("Blend with ice")},
    ["flavour"],
)
BREAD = tool(
    "order_loaf",
    "Order a loaf from the bakery.",
    {"bread": text("Kind of bread, e.g. sourdough"), "sliced": flag("Slice the loaf")},
    ["bread"],
)
BACKUP = tool(
    "start_backup",
    "사진 폴더를 백업한다.",
    {"folder": text("폴더 이름"), "notify": flag("끝나면 알림 보내기")},
    ["folder"],
)
MESSAGE = tool(
    "send_text",
    "Send a text message to a contact.",
    {"to": text("Contact name"), "body": text("What the message says")},
    ["to", "body"],
)


def only_call(question: str, definition: dict) -> dict:
    """The arguments of the one call the request makes, checked against the schema."""
    [(_, arguments)] = calls_of(ask(question, [definition]))
    jsonschema.validate(arguments, definition["function"]["parameters"])
    return arguments


@pytest.mark.parametrize(
    ("question", "public"),
    [
        ("Upload the beach trip video as private", False),
        ("Upload the beach trip video, keep it hidden", False),
        ("Upload the beach trip video and make it public", True),
    ],
)
def test_a_flag_said_by_its_opposite_word_is_false(question: str, public: bool) -> None:
    assert only_call(question, VIDEO)["is_public"] is public


@pytest.mark.parametrize(
    ("question", "public"),
    [("생일 파티 영상 비공개로 올려줘", False), ("생일 파티 영상 공개로 올려줘", True)],
)
def test_a_korean_negating_prefix_says_the_opposite(question: str, public: bool) -> None:
    assert only_call(question, VIDEO)["is_public"] is public


@pytest.mark.parametrize(
    ("question", "definition", "name", "value"),
    [
        ("A mango smoothie without ice", SMOOTHIE, "iced", False),
        ("A mango smoothie with ice", SMOOTHIE, "iced", True),
        ("One sourdough loaf, please don't slice it", BREAD, "sliced", False),
        ("One sourdough loaf, sliced", BREAD, "sliced", True),
    ],
)
def test_a_flag_is_said_by_another_form_of_its_word(
    question: str, definition: dict, name: str, value: bool
) -> None:
    assert only_call(question, definition)[name] is value


@pytest.mark.parametrize(
    "question",
    [
        "여행 사진 폴더 백업해줘, 알림은 보내지 마",
        "여행 사진 폴더 백업해줘. 알림은 필요 없어",
        "여행 사진 폴더 백업해줘, 알림 안 보내도 돼",
    ],
)
def test_a_korean_verb_after_the_flag_s_word_can_negate_it(question: str) -> None:
    assert only_call(question, BACKUP)["notify"] is False


def test_a_flag_nobody_mentions_is_left_out() -> None:
    assert "notify" not in only_call("여행 사진 폴더 백업해줘", BACKUP)
    assert "iced" not in only_call("A mango smoothie please", SMOOTHIE)


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Text Priya that the slides are done", "the slides are done"),
        ("Send Leo a text saying the plumber is here", "the plumber is here"),
        ("Text Hana that dinner is at eight", "dinner is at eight"),
    ],
)
def test_a_message_holds_what_is_said_not_the_word_that_introduces_it(
    question: str, said: str
) -> None:
    body = only_call(question, MESSAGE)["body"]
    assert body.rstrip(".").lower() == said


@pytest.mark.parametrize(
    ("question", "to", "said"),
    [
        ("Text Grace that the slides are done", "Grace", "the slides are done"),
        ("Message Dorothy that the parcel arrived", "Dorothy", "the parcel arrived"),
        ("Text Omar that I am at the gate", "Omar", "i am at the gate"),
    ],
)
def test_the_person_after_a_verb_of_sending_is_whom_it_addresses(
    question: str, to: str, said: str
) -> None:
    arguments = only_call(question, MESSAGE)
    assert (arguments["to"], arguments["body"].rstrip(".").lower()) == (to, said)


COMMENT = tool(
    "add_order_comment",
    "주문 건에 댓글을 남긴다.",
    {"comment": text("댓글 내용"), "internal": flag("고객에게 보이지 않게")},
    ["comment"],
)
BOILER = tool(
    "request_boiler_repair",
    "Ask for a boiler technician.",
    {"problem": text("What is wrong"), "urgent": flag("Needs a visit today")},
    ["problem"],
)
CAMP_SALE = tool(
    "sell_item",
    "Put a used item up for sale.",
    {
        "item": text("What is sold"),
        "price_won": {"type": "integer", "description": "Asking price in won"},
        "negotiable": flag("Buyers may haggle"),
    },
    ["item", "price_won"],
)


@pytest.mark.parametrize(
    ("question", "definition", "name", "value"),
    [
        ("배송 지연 건에 내부 메모로 댓글 남겨줘: 택배사 확인 중", COMMENT, "internal", True),
        ("보일러에서 찬물만 나와요. 급하니까 오늘 와주세요", BOILER, "urgent", True),
        ("캠핑 의자 2만원에 팔아줘, 네고 가능", CAMP_SALE, "negotiable", True),
        ("캠핑 의자 2만원에 팔아줘, 네고 불가", CAMP_SALE, "negotiable", False),
        ("캠핑 의자 2만원에 팔아줘, 흥정은 안 받아", CAMP_SALE, "negotiable", False),
    ],
)
def test_a_korean_request_states_a_flag_by_the_korean_word_for_it(
    question: str, definition: dict, name: str, value: bool
) -> None:
    assert only_call(question, definition).get(name) is value


LESSON = tool(
    "cancel_lesson",
    "Cancel a booked lesson.",
    {"lesson": text("Which lesson"), "reason": text("Why it is cancelled")},
    ["lesson"],
)


@pytest.mark.parametrize(
    ("question", "why"),
    [
        ("Cancel my piano lesson, my wrist is sore", "my wrist is sore"),
        ("Cancel the swimming lesson. The pool is closed for repairs", "pool is closed"),
        ("내일 요가 수업 취소해줘, 허리가 아파서", "허리가 아파서"),
        ("수영 강습 취소해줘. 회의가 늦게 끝나서", "회의가 늦게 끝나서"),
    ],
)
def test_a_reason_is_the_clause_that_explains_even_without_because(question: str, why: str) -> None:
    assert why in only_call(question, LESSON).get("reason", "")


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Text Marco and let him know the rent is paid", "the rent is paid"),
        ("Send Marco a text telling him the rent is paid", "the rent is paid"),
        ("Message Ana and tell her the keys are under the mat", "the keys are under the mat"),
    ],
)
def test_a_message_leaves_out_the_words_that_tell_whom_it_is_for(question: str, said: str) -> None:
    assert only_call(question, MESSAGE)["body"].rstrip(".").lower() == said


CHAT = tool(
    "post_to_chat",
    "Post a message in the neighbourhood chat.",
    {"message": text("What to post"), "notify": flag("Send everyone a push notification")},
    ["message"],
)
QUIET_CHAT = tool(
    "message_family",
    "Send a message to the family group chat.",
    {"message": text("What to send"), "silent": flag("Deliver without a notification sound")},
    ["message"],
)
BIKE_SALE = tool(
    "list_bike",
    "List a used bike for sale.",
    {
        "title": text("Listing title"),
        "price": {"type": "integer", "description": "Price in dollars"},
        "negotiable": flag("Buyers may make offers"),
    },
    ["title", "price"],
)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Post in the chat, no notifications please: the water is back on", False),
        ("Post in the chat without a notification: the water is back on", False),
        ("Post in the chat with a notification: the water is back on", True),
    ],
)
def test_a_flag_is_said_by_the_noun_derived_from_its_word(question: str, value: bool) -> None:
    assert only_call(question, CHAT)["notify"] is value


@pytest.mark.parametrize(
    ("question", "definition", "name", "value"),
    [
        ("Message the family, don't notify anyone: grandma is here", QUIET_CHAT, "silent", True),
        ("Post in the chat quietly: the water is back on", CHAT, "notify", False),
        ("List my blue fixie for 200 dollars, price is firm", BIKE_SALE, "negotiable", False),
        ("가족방에 조용히 보내줘: 할머니 잘 도착하셨어", QUIET_CHAT, "silent", True),
    ],
)
def test_a_flag_is_said_by_the_words_for_its_opposite_state(
    question: str, definition: dict, name: str, value: bool
) -> None:
    assert only_call(question, definition)[name] is value


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Message the family quietly: dinner is at 7", "dinner is at 7"),
        ("Message the family, don't notify anyone: grandma landed safely", "grandma landed safely"),
        ("Text the family group: the car is fixed", "the car is fixed"),
    ],
)
def test_what_follows_a_colon_is_the_message_not_the_command_before_it(
    question: str, said: str
) -> None:
    assert only_call(question, QUIET_CHAT)["message"].rstrip(".").lower() == said


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("회원들에게 다음 주 월요일은 휴관이라고 전해줘", "다음 주 월요일은 휴관"),
        ("엄마께 오늘 저녁 늦는다고 전해줘", "오늘 저녁 늦는다"),
        ("삼촌한테 택배 잘 받았다고 보내줘", "택배 잘 받았다"),
    ],
)
def test_a_korean_message_leaves_out_whom_it_is_for(question: str, said: str) -> None:
    assert only_call(question, QUIET_CHAT)["message"] == said


@pytest.mark.parametrize(
    ("question", "said"),
    [
        ("Let everyone know the pool is closed on Friday", "pool is closed on friday"),
        ("Let everyone know the market opens at 7 tomorrow", "market opens at 7 tomorrow"),
        ("Tell the chat we meet at the north gate at 7", "we meet at the north gate at 7"),
    ],
)
def test_a_message_keeps_the_day_and_hour_no_other_parameter_takes(
    question: str, said: str
) -> None:
    assert said in only_call(question, CHAT)["message"].lower()


PLAYLIST = tool(
    "create_playlist",
    "Create a playlist.",
    {"name": text("Playlist name"), "public": flag("Visible to other listeners")},
    ["name"],
)
BOARD_NOTICE = tool(
    "post_notice",
    "Post a notice on the building board.",
    {"title": text("Notice title"), "body": text("Notice text")},
    ["title", "body"],
)


@pytest.mark.parametrize(
    ("question", "definition", "name", "said"),
    [
        ("Make a playlist called Songs for Rainy Days", PLAYLIST, "name", "Songs for Rainy Days"),
        ("Create a playlist named Gym Hits and keep it private", PLAYLIST, "name", "Gym Hits"),
        (
            "Post a notice called Lost Keys and pin it: silver keyring by the mailboxes",
            BOARD_NOTICE,
            "title",
            "Lost Keys",
        ),
        (
            "Post a notice titled Boiler check on floor 3: no hot water until noon",
            BOARD_NOTICE,
            "title",
            "Boiler check on floor 3",
        ),
    ],
)
def test_a_name_after_called_runs_to_its_clause_s_end_with_its_small_words(
    question: str, definition: dict, name: str, said: str
) -> None:
    assert only_call(question, definition)[name] == said


@pytest.mark.parametrize(
    ("question", "name", "count", "expected"),
    [
        (
            "Book a boat tour with Harbor Point for 6 passengers at 9am",
            "passengers",
            6,
            "Harbor Point",
        ),
        ("Book a pottery class at Clayworks for 3 students tomorrow", "students", 3, "Clayworks"),
        ("Book a tasting at Stone Barn for 4 guests on Saturday", "guests", 4, "Stone Barn"),
    ],
)
def test_a_word_naming_a_parameter_is_no_text_for_another(
    question: str, name: str, count: int, expected: str
) -> None:
    """ "for 6 passengers" says how many of the `passengers` parameter, not the place's name."""
    booking = tool(
        "make_booking",
        "Make a booking with a business.",
        {"business": {"type": "string"}, name: {"type": "integer"}},
        ["business", name],
    )
    [(_, arguments)] = calls_of(ask(question, [booking]))
    assert arguments == {"business": expected, name: count}


def test_the_issues_booking_example_names_the_restaurant() -> None:
    """Issue 9's own example: the restaurant is Mingles, not the `people` the count names."""
    table = tool(
        "book_table",
        "Book a table at a restaurant.",
        {
            "restaurant": {"type": "string"},
            "people": {"type": "integer"},
            "date": {"type": "string"},
            "time": {"type": "string"},
        },
        ["restaurant", "people", "date", "time"],
    )
    question = "Book a table at Mingles for 4 people on 2025-05-20 at 7:30pm"
    [(_, arguments)] = calls_of(ask(question, [table]))
    assert arguments == {
        "restaurant": "Mingles",
        "people": 4,
        "date": "2025-05-20",
        "time": "19:30",
    }
