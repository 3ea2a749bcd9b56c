"""How many calls, and what happens across turns.

A frontier model makes one call per distinct thing asked, never repeats a call a tool result in
the conversation already answered (even when it would now spell the values differently), makes
the calls still missing when results come in, corrects the call an error was about (not
another tool's), and takes a short reply to its own question as the answer to that question.
Tools and sentences are written for this file, in domains the classroom set does not use.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from offline_support import ask, calls_of, tool


def text(description: str) -> dict:
    """A string parameter with a description."""
    return {"type": "string", "description": description}


PASTRY = tool(
    "order_pastry",
    "Order pastries from the bakery.",
    {"item": text("Pastry name"), "qty": {"type": "integer", "description": "How many"}},
    ["item", "qty"],
)
PARKING = tool(
    "find_parking",
    "Find free parking spaces near a place.",
    {"area": text("Neighbourhood or landmark")},
    ["area"],
)
TIDES = tool("get_tides", "High and low tide times at a harbour.", {"harbour": text("Harbour")},
             ["harbour"])  # fmt: skip
RENEW = tool("renew_book", "Renew a borrowed library book.", {"title": text("Book title")},
             ["title"])  # fmt: skip
TEASPOONS = tool("grams_to_teaspoons", "Convert grams of loose tea to teaspoons.",
                 {"grams": {"type": "number"}}, ["grams"])  # fmt: skip
TRAIL = tool("trail_weather", "Mountain weather forecast for one hiking trail.",
             {"trail": text("Trail name")}, ["trail"])  # fmt: skip


def call_message(*calls: tuple[str, dict[str, Any]]) -> dict[str, Any]:
    """An assistant message with the given calls, ids call_1, call_2..."""
    return {
        "role": "assistant",
        "content": None,
        "tool_calls": [
            {
                "id": f"call_{n}",
                "type": "function",
                "function": {"name": name, "arguments": json.dumps(args, ensure_ascii=False)},
            }
            for n, (name, args) in enumerate(calls, 1)
        ],
    }


def results(*contents: str) -> list[dict[str, Any]]:
    """One tool message per call of the message before, in order."""
    return [
        {"role": "tool", "tool_call_id": f"call_{n}", "content": content}
        for n, content in enumerate(contents, 1)
    ]


def after_call(
    request_text: str, made: tuple[str, dict[str, Any]], result: str
) -> list[dict[str, Any]]:
    """A conversation so far: the request, the one call the model made, and its result."""
    return [{"role": "user", "content": request_text}, call_message(made), *results(result)]


def follow_up(
    first: str, made: tuple[str, dict[str, Any]], result: str, answer: str, reply: str
) -> list[dict[str, Any]]:
    """after_call, then the model's answer and the user's next message."""
    return [
        *after_call(first, made, result),
        {"role": "assistant", "content": answer},
        {"role": "user", "content": reply},
    ]


# ---------------------------------------------------------------- answered calls are not repeated


@pytest.mark.parametrize(
    ("request_text", "made", "tools"),
    [
        ("크루아상 2개 주문해줘", ("order_pastry", {"item": "croissant", "qty": 2}), [PASTRY]),
        ("강남역 근처 주차할 데 있어?", ("find_parking", {"area": "Gangnam Station"}), [PARKING]),
        ("Renew Dune for me", ("renew_book", {"title": "Dune (Frank Herbert)"}), [RENEW]),
        ("목포항 물때 알려줘", ("get_tides", {"harbour": "Mokpo"}), [TIDES, PARKING]),
    ],
)
def test_a_tool_that_already_answered_is_not_called_again_with_values_spelt_otherwise(
    request_text: str, made: tuple[str, dict[str, Any]], tools: list[dict]
) -> None:
    """The earlier call wrote the value its own way (translated, completed); its result is in,
    so the request is answered: the model answers, it does not ask the same tool again."""
    messages = after_call(request_text, made, '{"ok": true}')
    reply = ask(messages, tools=tools)
    assert calls_of(reply) == []
    assert reply.content


@pytest.mark.parametrize(
    ("request_text", "made", "missing", "answered"),
    [
        ("대청봉이랑 울산바위 날씨 알려줘", "Daecheongbong", "울산바위", "대청"),
        ("Trail weather for Skyline and Eagle Peak, please", "Skyline Trail", "Eagle", "Skyline"),
    ],
)
def test_the_call_still_missing_is_made_once_the_other_is_answered(
    request_text: str, made: str, missing: str, answered: str
) -> None:
    """Two trails asked, one answered (its name written otherwise): only the other is next."""
    messages = [
        {"role": "user", "content": request_text},
        call_message(("trail_weather", {"trail": made})),
        *results('{"forecast": "sunny"}'),
    ]
    calls = calls_of(ask(messages, tools=[TRAIL]))
    assert len(calls) == 1
    name, arguments = calls[0]
    assert name == "trail_weather" and isinstance(arguments, dict)
    assert missing in arguments["trail"] and answered not in arguments["trail"]


@pytest.mark.parametrize(
    ("request_text", "made", "tools", "expected"),
    [
        ("How many teaspoons is 3 grams of tea?", ("grams_to_teaspoons", {"grams": 5}),
         [TEASPOONS], ("grams", 3)),
        ("크루아상 3개 주문해줘", ("order_pastry", {"item": "croissant", "qty": 1}), [PASTRY],
         ("qty", 3)),
        ("Any parking near Berlin Hauptbahnhof?", ("find_parking", {"area": "Munich"}),
         [PARKING], ("area", "Berlin")),
    ],
)  # fmt: skip
def test_a_call_about_another_thing_than_asked_answers_nothing(
    request_text: str, made: tuple[str, dict[str, Any]], tools: list[dict], expected: tuple
) -> None:
    """A result for a value the request does not say (5 croissants, asked 3; Munich, asked
    Berlin) leaves the request unanswered: the model makes the call it asked for."""
    messages = after_call(request_text, made, '{"ok": true}')
    calls = calls_of(ask(messages, tools=tools))
    assert len(calls) == 1
    parameter, value = expected
    arguments = calls[0][1]
    assert isinstance(arguments, dict)
    assert (
        value in arguments[parameter] if isinstance(value, str) else arguments[parameter] == value
    )


# ---------------------------------------------------------------- a clause echoing the one before

POLLEN = tool("pollen_count", "Today's pollen count in one city.", {"city": text("City")},
              ["city"])  # fmt: skip
FERRY = tool("ferry_timetable", "Ferry departures to one island.", {"island": text("Island")},
             ["island"])  # fmt: skip
SNOW = tool("snow_depth", "Current snow depth at a ski area.", {"area": text("Ski area name")},
            ["area"])  # fmt: skip
FONT = tool("font_preview", "Render a sample of a font.", {"font": text("Font family name")},
            ["font"])  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "tools", "parameter", "expected"),
    [
        ("What's the pollen count in Austin and in Denver?", [POLLEN], "city",
         ["Austin", "Denver"]),
        ("Get the ferry timetable for Naxos, and also for Paros", [FERRY], "island",
         ["Naxos", "Paros"]),
        ("Check the snow depth at Niseko as well as at Hakuba", [SNOW], "area",
         ["Niseko", "Hakuba"]),
        ("Show a preview of Garamond and of Futura", [FONT], "font", ["Garamond", "Futura"]),
    ],
)  # fmt: skip
def test_a_clause_that_repeats_the_preposition_with_a_new_value_is_a_call_of_its_own(
    request_text: str, tools: list[dict], parameter: str, expected: list[str]
) -> None:
    """ "in Austin and in Denver": the second clause says the first one's frame again with
    another value (English repeats the preposition), so a tool that takes one value is called
    once for each."""
    calls = calls_of(ask(request_text, tools=tools))
    assert [name for name, _ in calls] == [tools[0]["function"]["name"]] * len(expected)
    said = [arguments[parameter] for _, arguments in calls if isinstance(arguments, dict)]
    assert all(any(value in s for s in said) for value in expected)


POLLEN_MANY = tool(
    "pollen_counts",
    "Today's pollen counts for several cities at once.",
    {"cities": {"type": "array", "items": {"type": "string"}, "description": "City names"}},
    ["cities"],
)


@pytest.mark.parametrize(
    ("request_text", "tools", "parameter", "expected"),
    [
        ("What are the pollen counts in Austin and in Denver?", [POLLEN_MANY], "cities",
         ["Austin", "Denver"]),
        ("Pollen counts for Chicago and for Boston, please", [POLLEN_MANY], "cities",
         ["Chicago", "Boston"]),
    ],
)  # fmt: skip
def test_an_echoing_clause_joins_the_list_of_a_tool_that_takes_a_list(
    request_text: str, tools: list[dict], parameter: str, expected: list[str]
) -> None:
    """A tool that takes a list takes every value in one call, prepositions repeated or not."""
    calls = calls_of(ask(request_text, tools=tools))
    assert len(calls) == 1
    arguments = calls[0][1]
    assert isinstance(arguments, dict)
    assert all(any(value in item for item in arguments[parameter]) for value in expected)


# ---------------------------------------------------------------- a reply to the model's question

KARAOKE = [
    tool(
        "book_room",
        "Book a karaoke room.",
        {"people": {"type": "integer"}, "hours": {"type": "integer", "description": "Hours"}},
        ["people", "hours"],
    ),
    tool(
        "extend_room",
        "Add hours to the karaoke room in use.",
        {"hours": {"type": "integer", "description": "Hours to add"}},
        ["hours"],
    ),  # fmt: skip
]
BIKES = [
    tool(
        "rent_bike",
        "Rent a bike.",
        {
            "bike_type": {"type": "string", "enum": ["city", "mountain", "electric"]},
            "hours": {"type": "integer", "description": "Rental length in hours"},
        },
        ["bike_type", "hours"],
    ),
    tool(
        "extend_rental",
        "Extend the current bike rental.",
        {"hours": {"type": "integer", "description": "Extra hours"}},
        ["hours"],
    ),  # fmt: skip
]


@pytest.mark.parametrize(
    ("first", "question", "reply", "tools", "expected"),
    [
        ("노래방 예약해줘", "몇 명이서 몇 시간 하실 건가요?", "4명, 두 시간", KARAOKE,
         ("book_room", {"people": 4, "hours": 2})),
        ("I'd like to rent a bike", "Which type of bike, and for how many hours?",
         "Mountain, 3 hours", BIKES, ("rent_bike", {"bike_type": "mountain", "hours": 3})),
        ("자전거 빌리고 싶어", "어떤 자전거로 몇 시간 빌릴까요?", "산악자전거로 세 시간", BIKES,
         ("rent_bike", {"hours": 3})),
    ],
)  # fmt: skip
def test_a_reply_to_the_models_question_answers_it(
    first: str, question: str, reply: str, tools: list[dict], expected: tuple
) -> None:
    """The model asked for values; a reply that only gives them ("4명, 두 시간") continues the
    request it asked about, even when those values alone would fit another tool (extend)."""
    messages = [
        {"role": "user", "content": first},
        {"role": "assistant", "content": question},
        {"role": "user", "content": reply},
    ]
    calls = calls_of(ask(messages, tools=tools))
    assert len(calls) == 1
    name, arguments = calls[0]
    assert name == expected[0] and isinstance(arguments, dict)
    assert {key: arguments.get(key) for key in expected[1]} == expected[1]


PHOTO = tool(
    "print_photo",
    "Print the photo the user uploaded.",
    {"paper": {"type": "string", "enum": ["glossy", "matte"]}},
    ["paper"],
)
BINDING = tool(
    "bind_document",
    "문서를 제본합니다.",
    {
        "binding": {
            "type": "string",
            "enum": ["무선", "스프링", "하드커버"],
            "description": "제본 방식",
        }
    },
    ["binding"],
)
PAINT = tool(
    "mix_paint",
    "Mix a can of wall paint.",
    {"finish": {"type": "string", "enum": ["matte", "satin", "gloss"]}},
    ["finish"],
)


@pytest.mark.parametrize(
    ("first", "question", "reply", "tools", "expected"),
    [
        ("Print my photo", "Glossy or matte paper?", "matte", [PHOTO], {"paper": "matte"}),
        ("제본 맡길게", "어떤 방식으로 제본할까요?", "스프링으로", [BINDING],
         {"binding": "스프링"}),
        ("Mix a can of paint for the hallway", "Which finish would you like?", "Satin, please",
         [PAINT], {"finish": "satin"}),
    ],
)  # fmt: skip
def test_a_reply_that_names_a_choice_gives_the_value_asked_for(
    first: str, question: str, reply: str, tools: list[dict], expected: dict
) -> None:
    """A choice the tool offers, said alone ("matte", "스프링으로"), is the value the model
    asked for, as much as a date or a number would be."""
    messages = [
        {"role": "user", "content": first},
        {"role": "assistant", "content": question},
        {"role": "user", "content": reply},
    ]
    calls = calls_of(ask(messages, tools=tools))
    assert [(name, arguments) for name, arguments in calls] == [
        (tools[0]["function"]["name"], expected)
    ]


LANES = tool(
    "book_lane",
    "Book a bowling lane.",
    {
        "alley": text("Bowling alley name"),
        "date": {"type": "string", "description": "YYYY-MM-DD"},
        "bowlers": {"type": "integer", "description": "Number of bowlers"},
    },
    ["alley", "date", "bowlers"],
)
WHEEL_CLASS = tool(
    "book_wheel_class",
    "도예 공방 물레 수업을 예약합니다.",
    {
        "date": {"type": "string", "description": "수업 날짜 YYYY-MM-DD"},
        "time": {"type": "string", "description": "시작 시각 HH:MM"},
        "people": {"type": "integer", "description": "인원"},
    },
    ["date", "time", "people"],
)
TUNING = tool(
    "schedule_tuning",
    "Schedule a piano tuning visit.",
    {
        "address": text("Street address of the piano"),
        "date": {"type": "string", "description": "YYYY-MM-DD"},
        "time": {"type": "string", "description": "HH:MM"},
    },
    ["address", "date", "time"],
)


@pytest.mark.parametrize(
    ("first", "question", "reply", "tools", "expected"),
    [
        ("Book a lane at Strike Zone tomorrow", "How many bowlers?", "Five of us", [LANES],
         {"alley": "Strike Zone", "date": "2026-01-02", "bowlers": 5}),
        ("내일 오후 3시에 물레 수업 예약해줘", "몇 분이세요?", "두 명이요", [WHEEL_CLASS],
         {"date": "2026-01-02", "time": "15:00", "people": 2}),
        ("Schedule a piano tuning at 22 Elm Street on Friday", "What time suits you?",
         "10am please", [TUNING], {"date": "2026-01-02", "time": "10:00"}),
    ],
)  # fmt: skip
def test_a_reply_to_the_models_question_keeps_what_the_request_said(
    first: str, question: str, reply: str, tools: list[dict], expected: dict
) -> None:
    """The reply gives the value asked for; the request before it still says the rest (the
    place, the day): the call carries both, as one request said in two messages."""
    messages = [
        {"role": "user", "content": first},
        {"role": "assistant", "content": question},
        {"role": "user", "content": reply},
    ]
    calls = calls_of(ask(messages, tools=tools))
    assert len(calls) == 1
    name, arguments = calls[0]
    assert name == tools[0]["function"]["name"] and isinstance(arguments, dict)
    assert {key: arguments.get(key) for key in expected} == expected


# ---------------------------------------------------------------- asking again about another thing

TANK = tool("get_tank_reading", "Latest water reading of one aquarium tank.",
            {"tank": text("Tank name")}, ["tank"])  # fmt: skip
BREAD_STOCK = tool("check_stock", "빵 한 종류의 오늘 남은 수량을 조회합니다.",
                   {"item": text("빵 이름")}, ["item"])  # fmt: skip


@pytest.mark.parametrize(
    ("first", "made", "tools", "reply", "parameter", "expected"),
    [
        ("What's the reading in the reef tank?", ("get_tank_reading", {"tank": "reef"}),
         [TANK], "And the guppy tank?", "tank", "guppy"),
        ("소금빵 몇 개 남았어?", ("check_stock", {"item": "소금빵"}), [BREAD_STOCK],
         "그럼 바게트는?", "item", "바게트"),
        ("How deep is the snow at Niseko?", ("snow_depth", {"area": "Niseko"}), [SNOW],
         "What about Hakuba?", "area", "Hakuba"),
    ],
)  # fmt: skip
def test_a_reply_that_asks_again_about_another_thing_repeats_the_call_with_it(
    first: str,
    made: tuple[str, dict[str, Any]],
    tools: list[dict],
    reply: str,
    parameter: str,
    expected: str,
) -> None:
    """ "And the guppy tank?", "그럼 바게트는?": the question answered before, asked again about
    another thing (a name of no kind the model reads as a value): the same call with it."""
    messages = follow_up(first, made, '{"ok": true}', "Done.", reply)
    calls = calls_of(ask(messages, tools=tools))
    assert len(calls) == 1
    name, arguments = calls[0]
    assert name == made[0] and isinstance(arguments, dict)
    assert expected in arguments[parameter]


# ---------------------------------------------------------------- an error about the call made

ESCAPE = [
    tool("check_availability", "Check whether an escape room is free on a date.",
         {"room": text("Room name"), "date": text("YYYY-MM-DD")}, ["room", "date"]),
    tool("book_escape_room", "Book an escape room.",
         {"room": text("Room name"), "date": text("YYYY-MM-DD")}, ["room", "date"]),
]  # fmt: skip
KILN = [
    tool("kiln_status", "가마의 현재 상태를 알려줍니다.", {"kiln_id": text("가마 번호")},
         ["kiln_id"]),
    tool("schedule_firing", "가마 소성을 예약합니다.",
         {"kiln_id": text("가마 번호"), "date": text("YYYY-MM-DD")}, ["kiln_id", "date"]),
]  # fmt: skip
LOANS = [
    tool("search_loans", "Find a book the user has on loan.", {"title": text("Book title")},
         ["title"]),
    tool("renew_book", "Renew a borrowed library book.", {"title": text("Book title")},
         ["title"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "made", "error", "tools"),
    [
        ("Book the Pharaoh room for Saturday",
         ("check_availability", {"room": "Pharaoh", "date": "2026-01-03"}),
         "room must be one of: Tomb, Jungle, Space", ESCAPE),
        ("내일 K1 가마 소성 잡아줘", ("kiln_status", {"kiln_id": "K1"}),
         "kiln_id must look like KILN-01", KILN),
        ("Renew Dune for me", ("search_loans", {"title": "Dune"}),
         "no loan found with title 'Dune'; titles on loan: Emma, Ulysses", LOANS),
    ],
)  # fmt: skip
def test_an_error_about_the_call_made_is_not_met_with_another_tool(
    request_text: str, made: tuple[str, dict[str, Any]], error: str, tools: list[dict]
) -> None:
    """The turn before called one tool and its error says what was wrong with the values: the
    model tells the user (or corrects that call); it does not go on to another tool with the
    value just refused."""
    messages = after_call(request_text, made, json.dumps({"error": error}))
    reply = ask(messages, tools=tools)
    assert [name for name, _ in calls_of(reply)] in ([], [made[0]])
    assert calls_of(reply) or reply.content


def test_an_error_that_points_to_another_tool_is_followed() -> None:
    """ "use renew_book": the error names the tool to call; the model calls it."""
    messages = [
        {"role": "user", "content": "Renew Dune for me"},
        call_message(("search_loans", {"title": "Dune"})),
        *results(json.dumps({"error": "search_loans only looks up loans; use renew_book"})),
    ]
    assert [name for name, _ in calls_of(ask(messages, tools=LOANS))] == ["renew_book"]


# ---------------------------------------------------------------- values the conversation set

TEE = [
    tool("list_tee_times", "List open tee times at a golf course on a date.",
         {"course": text("Course name"), "date": text("YYYY-MM-DD")}, ["course", "date"]),
    tool("book_tee_time", "Book a tee time.",
         {"course": text("Course name"), "date": text("YYYY-MM-DD"), "time": text("HH:MM"),
          "players": {"type": "integer", "description": "Number of players"}},
         ["course", "date", "time", "players"]),
]  # fmt: skip
CLASS_TYPE = {"type": "string", "enum": ["물레", "핸드빌딩"], "description": "수업 종류"}
WHEEL = [
    tool("list_classes", "도예 공방 수업의 빈자리를 날짜로 조회합니다.",
         {"date": text("날짜 YYYY-MM-DD"), "class_type": CLASS_TYPE}, ["date", "class_type"]),
    tool("book_class", "도예 공방 수업을 예약합니다.",
         {"date": text("날짜 YYYY-MM-DD"), "class_type": CLASS_TYPE,
          "time": text("시작 시각 HH:MM"), "people": {"type": "integer", "description": "인원"}},
         ["date", "class_type", "time", "people"]),
]  # fmt: skip
GROOMING = [
    tool("groom_price", "Price of a grooming service for a dog size.",
         {"service": {"type": "string", "enum": ["bath", "full", "nails"]},
          "dog_size": {"type": "string", "enum": ["small", "medium", "large"]}},
         ["service", "dog_size"]),
    tool("book_groom", "Book a grooming appointment.",
         {"service": {"type": "string", "enum": ["bath", "full", "nails"]},
          "dog_size": {"type": "string", "enum": ["small", "medium", "large"]},
          "date": text("YYYY-MM-DD"), "time": text("HH:MM")},
         ["service", "dog_size", "date", "time"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("first", "made", "result", "reply", "tools", "expected"),
    [
        ("Any tee times at Pine Ridge on Saturday?",
         ("list_tee_times", {"course": "Pine Ridge", "date": "2026-01-03"}),
         '{"open": ["07:30", "09:10"]}', "Book 9:10 for two of us", TEE,
         ("book_tee_time", {"course": "Pine Ridge", "date": "2026-01-03", "time": "09:10",
                            "players": 2})),
        ("토요일 물레 수업 자리 있어?",
         ("list_classes", {"date": "2026-01-03", "class_type": "물레"}),
         '{"open": ["10:00", "14:00"]}', "오후 2시 걸로 2명 예약해줘", WHEEL,
         ("book_class", {"date": "2026-01-03", "class_type": "물레", "time": "14:00",
                         "people": 2})),
        ("How much is a full groom for a medium dog?",
         ("groom_price", {"service": "full", "dog_size": "medium"}), '{"price_usd": 65}',
         "Book it for Friday at 11am", GROOMING,
         ("book_groom", {"service": "full", "dog_size": "medium", "date": "2026-01-02",
                         "time": "11:00"})),
        ("Any tee times at Pine Ridge on Saturday?",
         ("list_tee_times", {"course": "Pine Ridge", "date": "2026-01-03"}),
         '{"open": ["07:30"]}', "Book Sunday 7:30 for two", TEE,
         ("book_tee_time", {"course": "Pine Ridge", "date": "2026-01-04", "time": "07:30",
                            "players": 2})),
    ],
)  # fmt: skip
def test_a_new_request_takes_the_values_the_conversation_set(
    first: str,
    made: tuple[str, dict[str, Any]],
    result: str,
    reply: str,
    tools: list[dict],
    expected: tuple[str, dict[str, Any]],
) -> None:
    """After looking up Saturday at Pine Ridge, "Book 9:10 for two of us" books Pine Ridge on
    Saturday: a required value the new request leaves out is the one the calls before sent
    under the same name. What the new request says wins (Sunday)."""
    messages = follow_up(first, made, result, "Here is what I found.", reply)
    calls = calls_of(ask(messages, tools=tools))
    assert len(calls) == 1
    name, arguments = calls[0]
    assert name == expected[0] and isinstance(arguments, dict)
    assert {key: arguments.get(key) for key in expected[1]} == expected[1]
