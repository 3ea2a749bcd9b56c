"""Choosing the tool by meaning: the general ideas a real model uses to pick (or not pick) a tool.

Each test states one idea in domains the classroom set does not use, in English and Korean.
"""

from __future__ import annotations

from typing import Any

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline import explain


def string(description: str) -> dict[str, str]:
    """A string parameter."""
    return {"type": "string", "description": description}


def tool_names(text: str, tools: list[dict[str, Any]]) -> list[str]:
    """The names of the tools the model calls for one user message ([] for a text reply)."""
    return [call.function.name for call in ask(text, tools).tool_calls or []]


SUBWAY = [
    tool(
        "get_line_congestion",
        "지하철 노선의 현재 혼잡도를 알려줍니다.",
        {"line": string("노선")},
        ["line"],
    ),
    tool(
        "get_timetable",
        "역의 열차 시간표를 조회합니다.",
        {"station": string("역 이름")},
        ["station"],
    ),
]
GARAGE = [
    tool("get_free_spaces", "Live count of free parking spaces in the garage.", {}, []),
    tool(
        "pay_parking",
        "Pay the parking fee for a car.",
        {"plate": string("licence plate")},
        ["plate"],
    ),
]


@pytest.mark.parametrize(
    ("text", "tools", "expected"),
    [
        ("지금 2호선 사람 많아?", SUBWAY, "get_line_congestion"),
        ("Are there many cars in the garage right now?", GARAGE, "get_free_spaces"),
        ("지금 주차장에 차 많아?", GARAGE, "get_free_spaces"),
    ],
)
def test_a_question_about_right_now_asks_a_live_tool(
    text: str, tools: list[dict[str, Any]], expected: str
) -> None:
    """How a place stands at this moment is live data no model knows: the tool that reports it
    answers, though the question names things (people, cars) the tool's words do not."""
    assert tool_names(text, tools) == [expected]


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("Why do cars need oil changes?", GARAGE),
        ("지하철에서 멀미가 나는 이유가 뭐야?", SUBWAY),
        ("What causes the squeak when a car brakes in a parking garage?", GARAGE),
        ("지하철 연착의 원인은 뭐야?", SUBWAY),
    ],
)
def test_a_timeless_question_about_the_world_gets_text(
    text: str, tools: list[dict[str, Any]]
) -> None:
    """Knowledge that holds at any time is not live data, and asking for a reason or a cause
    ("what causes", "이유가 뭐야") asks for knowledge as "why" does: no tool is called."""
    assert tool_names(text, tools) == []


FERRY = [
    tool(
        "next_sailings",
        "Upcoming sailings of the ferry line.",
        {"date": string("YYYY-MM-DD")},
        [],
    ),
    tool(
        "sailing_history", "Sailing history of the ferry line.", {"date": string("YYYY-MM-DD")}, []
    ),
]


def time_conflicts(text: str, tool_name: str) -> list[str]:
    """The time conflicts ("future vs past") the scorer finds between a request and a tool."""
    request = {"messages": [{"role": "user", "content": text}], "tools": FERRY}
    score = next(s for s in explain(request).scores if s.tool == tool_name)
    return [c for c in score.conflicts if " vs " in c]


@pytest.mark.parametrize(
    "text",
    [
        "What time did the ferry sail yesterday?",
        "어제 배 몇 시에 출항했어?",
        "Was the ferry late on December 30, 2025?",
    ],
)
def test_a_date_before_today_is_about_the_past(text: str) -> None:
    """A date says which time the request is about by where it falls on the clock: yesterday
    is the past, so a history tool is about the same time ("future vs past" was wrong)."""
    assert time_conflicts(text, "sailing_history") == []


@pytest.mark.parametrize("text", ["When does the ferry leave tomorrow?", "내일 배 몇 시에 떠나?"])
def test_a_date_after_today_is_about_the_future(text: str) -> None:
    """Tomorrow is later: the history tool is about another time than the request."""
    assert time_conflicts(text, "sailing_history") == ["future vs past"]


FLOWERS = [
    tool(
        "order_flowers",
        "Order a bouquet for delivery.",
        {"bouquet": string("bouquet name"), "quantity": {"type": "integer"}},
        ["bouquet", "quantity"],
    ),
    tool(
        "track_order",
        "Show where an order is now.",
        {"order_id": string("order number")},
        ["order_id"],
    ),
]
PERSONAL_TRAINING = [
    tool(
        "book_pt_session",
        "헬스장 PT 수업을 예약합니다.",
        {"date": string("YYYY-MM-DD"), "trainer": string("트레이너 이름")},
        ["date", "trainer"],
    ),
    tool(
        "cancel_pt_session",
        "예약한 PT 수업을 취소합니다.",
        {"booking_id": string("예약 번호")},
        ["booking_id"],
    ),
]
YOGA = [
    tool(
        "register_yoga_class",
        "요가 수업에 등록합니다.",
        {
            "class_name": string("수업 이름"),
            "level": {"type": "string", "enum": ["초급", "중급"]},
        },
        ["class_name", "level"],
    ),
    tool(
        "cancel_yoga_registration",
        "요가 수업 등록을 취소합니다.",
        {"registration_id": string("등록 번호")},
        ["registration_id"],
    ),
]
COURSES = [
    tool(
        "register_course",
        "Register for an evening course.",
        {"course": string("course")},
        ["course"],
    ),
    tool(
        "withdraw_course",
        "Withdraw from a course you registered for.",
        {"registration_id": string("registration id")},
        ["registration_id"],
    ),
]


@pytest.mark.parametrize(
    ("text", "tools", "expected"),
    [
        ("Where is my bouquet? Order number 55120", FLOWERS, ["track_order"]),
        ("PT 수업 취소해줘, 예약번호 P-3381", PERSONAL_TRAINING, ["cancel_pt_session"]),
        ("수강 철회할게, 등록번호 R-552", COURSES, ["withdraw_course"]),
        ("요가 수업 신청 취소하고 싶어, 등록번호 Y-118", YOGA, ["cancel_yoga_registration"]),
        ("Register me for the Spanish course", COURSES, ["register_course"]),
    ],
)
def test_a_word_before_number_names_a_value_not_an_action(
    text: str, tools: list[dict[str, Any]], expected: list[str]
) -> None:
    """ "Order number", "예약번호", "등록번호" name an identifier (the number of an order): the
    action word in them asks for no second call of the tool that orders, books or registers."""
    assert tool_names(text, tools) == expected


BAKERIES = [tool("find_bakeries", "Find bakeries in an area.", {"area": string("area")}, ["area"])]
STORAGE = [
    tool(
        "find_luggage_storage",
        "Find luggage storage near a train station.",
        {"station": string("station")},
        ["station"],
    )
]


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("Order two croissants for me", BAKERIES),
        ("크루아상 두 개 주문해줘", BAKERIES),
        ("Book me a KTX ticket to Busan", STORAGE),
        ("부산 가는 기차표 예매해줘", STORAGE),
    ],
)
def test_a_look_up_tool_of_the_topic_does_not_make_a_change(
    text: str, tools: list[dict[str, Any]]
) -> None:
    """Words of a tool's topic (croissants ~ bakeries, a train ticket ~ a station) say what a
    request is about, not what to do: a request to order or book is not served by a tool that
    only finds things, so the model says it cannot, rather than calling or asking for it."""
    reply = ask(text, tools)
    assert reply.tool_calls is None and "?" not in reply.content


@pytest.mark.parametrize(
    ("text", "tools", "expected"),
    [
        ("Find bakeries in Mapo", BAKERIES, "find_bakeries"),
        ("서울역 근처 짐 보관소 찾아줘", STORAGE, "find_luggage_storage"),
    ],
)
def test_a_look_up_tool_still_serves_a_look_up(
    text: str, tools: list[dict[str, Any]], expected: str
) -> None:
    """Asked to find what it finds, the look-up tool is called."""
    assert tool_names(text, tools) == [expected]


# Telling someone else something is passing a message on (as "지수한테 늦는다고 알려줘" is);
# telling me is asking to be told.
CREW = [
    tool(
        "post_to_crew",
        "Post a note to a crew member's inbox.",
        {"member": string("Crew member's first name"), "note": string("The note")},
        ["member", "note"],
    ),
    tool("check_tide", "Check the tide at a harbour.", {"harbour": string("Harbour")}, ["harbour"]),
]


@pytest.mark.parametrize(
    "text",
    [
        "Tell Bruno the boat is fuelled",
        "Let Aiko know the sails are dry",
        "Let everyone on deck know we leave at noon",
        "tell Ines I'll be late to the dock",
    ],
)
def test_telling_someone_sends_them_a_note(text: str) -> None:
    assert tool_names(text, CREW) == ["post_to_crew"]


@pytest.mark.parametrize("text", ["Tell me about sailing knots", "Let me know the tide at Brixham"])
def test_telling_me_sends_no_note(text: str) -> None:
    assert "post_to_crew" not in tool_names(text, CREW)


LESSONS = [
    tool(
        "book_lesson",
        "Book a lesson.",
        {
            "instrument": {"type": "string", "enum": ["piano", "violin", "cello"]},
            "minutes": {"type": "integer", "description": "Lesson length in minutes"},
            "date": string("YYYY-MM-DD"),
        },
        ["instrument", "date"],
    ),
    tool(
        "cancel_lesson", "Cancel a lesson.", {"lesson_id": string("Lesson number")}, ["lesson_id"]
    ),
]
TASTING = [
    tool(
        "book_tasting",
        "시음 예약",
        {
            "wine_type": {"type": "string", "enum": ["레드", "화이트", "스파클링"]},
            "guests": {"type": "integer", "description": "인원"},
            "date": string("날짜 YYYY-MM-DD"),
        },
        ["wine_type", "guests"],
    )
]
KILN = [
    tool(
        "reserve_slot",
        "Reserve a slot.",
        {
            "kiln": {
                "type": "string",
                "enum": ["electric", "gas", "raku"],
                "description": "Which kiln",
            },
            "pieces": {"type": "integer", "description": "Number of pots to fire"},
            "date": string("Firing date, YYYY-MM-DD"),
        },
        ["kiln", "pieces", "date"],
    )
]


@pytest.mark.parametrize(
    ("text", "tools", "expected"),
    [
        ("cello on January 12th for an hour", LESSONS, "book_lesson"),
        ("스파클링 2명이요", TASTING, "book_tasting"),
        ("Raku firing, 6 pots, next Wednesday", KILN, "reserve_slot"),
        ("가스 가마로 내일 도자기 3개", KILN, "reserve_slot"),
    ],
)
def test_a_request_that_fills_in_a_tools_parameters_calls_it(
    text: str, tools: list[dict[str, Any]], expected: str
) -> None:
    assert tool_names(text, tools) == [expected]
    best = explain({"messages": [{"role": "user", "content": text}], "tools": tools}).scores[0]
    assert best.by_parameters and best.fits and best.slots_counted


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("What's the best violin for a beginner?", LESSONS),
        ("화이트 와인은 무슨 음식이랑 잘 어울려?", TASTING),
        ("Is raku firing dangerous?", KILN),
    ],
)
def test_a_parameters_word_without_its_values_calls_nothing(
    text: str, tools: list[dict[str, Any]]
) -> None:
    assert tool_names(text, tools) == []


GOLF = [
    tool(
        "book_tee_time",
        "Reserve a tee time.",
        {
            "course": string("Course name"),
            "holes": {"type": "integer", "enum": [9, 18]},
            "transport": {"type": "string", "enum": ["walk", "cart"]},
        },
        ["course", "holes"],
    )
]
HANBOK = [
    tool(
        "rent_hanbok",
        "Rent traditional clothes.",
        {
            "adults": {"type": "integer", "description": "Number of adults"},
            "date": string("YYYY-MM-DD"),
        },
        ["adults", "date"],
    )
]


@pytest.mark.parametrize(
    ("text", "tools"),
    [
        ("Is it better to walk or take a cart for 18 holes?", GOLF),
        ("I broke 3 pots in the gas kiln yesterday", KILN),
        ("어른 2명이 토요일에 입으면 예쁠까?", HANBOK),
        ("Would the cello suit a 45 minute slot this Friday?", LESSONS),
    ],
)
def test_a_question_or_a_report_fills_in_no_form_that_changes_something(
    text: str, tools: list[dict[str, Any]]
) -> None:
    why = explain({"messages": [{"role": "user", "content": text}], "tools": tools})
    assert why.action == "answer" and not any(score.fits for score in why.scores)


LENS = tool(
    "fix_distortion",
    "Correct lens distortion in a photo.",
    {"photo": {"type": "string", "description": "photo file name"}},
    ["photo"],
)
BIRDING = tool(
    "log_bird", "Log a bird you saw today.", {"species": {"type": "string"}}, ["species"]
)
WEB = tool("search_web", "Search the web.", {"query": {"type": "string"}}, ["query"])


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("beach.jpg 왜곡 보정해줘", [LENS], "fix_distortion"),  # 왜곡 distort, not 왜 why
        ("오늘 왜가리 봤어", [BIRDING], "log_bird"),  # 왜가리 a heron
        ("왜 새들이 겨울에 남쪽으로 가?", [BIRDING, WEB], "search_web"),  # 왜 itself: why
    ],
)
def test_a_word_that_only_begins_like_why_asks_no_why(
    question: str, tools: list[dict], expected: str
) -> None:
    """A knowledge cue is a word of its own: 왜 asks why, 왜가리 (a heron) and 왜곡 do not."""
    assert [name for name, _ in calls_of(ask(question, tools))] == [expected]


DRYER = tool("dryer_status", "Show the dryer's status and the time remaining.", {}, [])
KILN = tool(
    "kiln_status", "Report the kiln's temperature and how long the firing has left.", {}, []
)
PHARMACIES = tool("find_pharmacies", "Find pharmacies that are open now.", {}, [])


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("How long until the dryer is finished?", [DRYER], "dryer_status"),
        ("Is the kiln still hot, or is it cool since the firing ended?", [KILN], "kiln_status"),
        ("Any pharmacies open near me?", [PHARMACIES], "find_pharmacies"),
    ],
)
def test_a_preposition_or_a_where_names_no_thing_the_tool_must_mention(
    question: str, tools: list[dict], expected: str
) -> None:
    """Until, since and near (근처) say when or where, not what a question is about."""
    assert [name for name, _ in calls_of(ask(question, tools))] == [expected]
