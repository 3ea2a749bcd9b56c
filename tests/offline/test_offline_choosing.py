"""Planning: which tool fits (by meaning, from the descriptions), or a question, or text."""

from __future__ import annotations

from typing import Any

import pytest
from decision_support import (
    FORECAST,
    MUSEUM_TEXT,
    PACKING,
    STOCKS,
    TRAVEL,
    WEATHER_ABOUT,
    WEATHER_TEXT,
    first_calls,
    first_moves,
    named,
    user,
)
from offline_support import CITY, CURRENT, DOCS, WEATHER, ask, calls_of, tool, with_results

from helpers.offline import explain
from helpers.offline.tools import read_tool


@pytest.mark.parametrize(
    ("question", "plain", "swapped"),
    [
        ("What's the weather in Paris?", "tool_a", "tool_b"),
        ("Which museums are in Paris?", "tool_b", "tool_a"),
    ],
)
def test_choice_follows_the_descriptions(question: str, plain: str, swapped: str) -> None:
    assert calls_of(ask(question, named(WEATHER_TEXT, MUSEUM_TEXT))) == [(plain, {"city": "Paris"})]
    assert calls_of(ask(question, named(MUSEUM_TEXT, WEATHER_TEXT))) == [
        (swapped, {"city": "Paris"})
    ]


@pytest.mark.parametrize("question", ["hello!", "Thanks a lot", "What is the meaning of life?"])
def test_small_talk_and_general_questions_get_text(question: str) -> None:
    message = ask(question)
    assert message.tool_calls is None and message.content


def test_no_tool_fits_says_so_and_lists_the_tools() -> None:
    content = ask("Who wrote Hamlet?").content
    assert "get_weather" in content and "search_docs" in content


def test_several_entities_give_parallel_calls() -> None:
    calls = calls_of(ask("What's the weather in Tokyo and Paris?"))
    assert calls == [("get_weather", {"city": "Tokyo"}), ("get_weather", {"city": "Paris"})]


def test_two_tools_in_one_request_give_one_call_each() -> None:
    calls = calls_of(ask("weather in Edinburgh? and the price of AAPL?", [WEATHER, STOCKS]))
    assert calls == [
        ("get_weather", {"city": "Edinburgh"}),
        ("get_stock_price", {"ticker": "AAPL"}),
    ]


def test_parallel_tool_calls_false_makes_one_call_per_turn_then_answers() -> None:
    history = user("What's the weather in Tokyo and Paris?")
    first = ask(history, parallel_tool_calls=False)
    assert calls_of(first) == [("get_weather", {"city": "Tokyo"})]
    history = with_results(history, first, ['{"temp_c": 21}'])
    second = ask(history, parallel_tool_calls=False)
    assert calls_of(second) == [("get_weather", {"city": "Paris"})]
    history = with_results(history, second, ['{"temp_c": 17}'])
    answer = ask(history, parallel_tool_calls=False)
    assert answer.tool_calls is None and "21" in answer.content and "17" in answer.content


def test_tool_choice_none_answers_in_text() -> None:
    message = ask("What's the weather in Paris?", tool_choice="none")
    assert message.tool_calls is None and "get_weather" in message.content


def test_tool_choice_required_calls_even_for_small_talk() -> None:
    assert len(ask("hello!", tool_choice="required").tool_calls) == 1


def test_tool_choice_naming_a_function_calls_that_function() -> None:
    choice = {"type": "function", "function": {"name": "search_docs"}}
    calls = calls_of(ask("What's the weather in Paris?", tool_choice=choice))
    assert [name for name, _ in calls] == ["search_docs"]


def test_tool_choice_auto_is_the_default() -> None:
    question = "What's the weather in Paris?"
    assert calls_of(ask(question, tool_choice="auto")) == calls_of(ask(question))


def test_the_seeds_korean_example_calls_weather_and_answers_in_korean() -> None:
    history = user("베이징 날씨 어때?")
    message = ask(history)
    assert calls_of(message) == [("get_weather", {"city": "Beijing"})]
    answer = ask(with_results(history, message, ["맑음, 28도"])).content
    assert answer == "베이징: 맑음, 28도."


def test_korean_parallel_request() -> None:
    calls = calls_of(ask("도쿄와 파리 날씨 알려줘"))
    assert calls == [("get_weather", {"city": "Tokyo"}), ("get_weather", {"city": "Paris"})]


def test_any_tool_with_a_decent_description_works() -> None:
    email = tool(
        "send_email",
        "Send an email message to a recipient.",
        {
            "to": {"type": "string", "description": "Recipient email address"},
            "urgent": {"type": "boolean", "description": "Mark as urgent"},
        },
        ["to"],
    )
    calls = calls_of(ask("Send an urgent email to ada@example.com", [WEATHER, email, DOCS]))
    assert calls == [("send_email", {"to": "ada@example.com", "urgent": True})]


def test_near_identical_tools_are_a_toss_up_decided_by_the_seed() -> None:
    twins = [
        tool(
            "getWeather",
            "Get the weather for a city.",
            WEATHER["function"]["parameters"]["properties"],
            ["city"],
        ),
        tool(
            "getWeatherNow",
            "Get the weather for a city now.",
            WEATHER["function"]["parameters"]["properties"],
            ["city"],
        ),
    ]
    picks = {
        seed: ask("weather in Paris", twins, options={"seed": seed}).tool_calls[0].function.name
        for seed in range(8)
    }
    assert set(picks.values()) == {"getWeather", "getWeatherNow"}
    assert all(
        ask("weather in Paris", twins, options={"seed": s}).tool_calls[0].function.name == p
        for s, p in picks.items()
    )


def test_the_same_request_gets_the_same_reply() -> None:
    question = "Weather in Edinburgh, and search the docs for 'rate limits'"
    assert ask(question).model_dump() == ask(question).model_dump()


@pytest.mark.parametrize(
    "question",
    ["Do I need an umbrella in London?", "Is it raining in London?", "런던에 우산 필요해?"],
)
def test_umbrella_and_rain_mean_weather(question: str) -> None:
    assert calls_of(ask(question)) == [("get_weather", {"city": "London"})]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Weather forecast for Paris this week?", "get_forecast"),
        ("Tomorrow's weather in Paris?", "get_forecast"),
        ("Will it rain in Tokyo tomorrow?", "get_forecast"),
        ("베이징 날씨 어때?", "get_current_weather"),
        ("What's the weather in Paris now?", "get_current_weather"),
    ],
)
def test_forecast_words_pick_the_forecast_tool(question: str, expected: str) -> None:
    assert first_calls(question, [CURRENT, FORECAST]) == {expected}


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        (
            "파리에서 갈 만한 박물관 추천해줘",
            [("find_attractions", {"city": "Paris", "category": "museum"})],
        ),
        (
            "Where can I eat in Seoul?",
            [("find_attractions", {"city": "Seoul", "category": "food"})],
        ),
        (
            "서울 날씨랑 시간 알려줘",
            [("get_weather", {"city": "Seoul"}), ("get_local_time", {"city": "Seoul"})],
        ),
    ],
)
def test_travel_requests(question: str, expected: list) -> None:
    assert calls_of(ask(question, TRAVEL)) == expected


def test_an_example_in_a_parameter_description_does_not_decide() -> None:
    lookup = tool(
        "lookup",
        "Looks things up.",
        {"city": {"type": "string", "description": "The city name, e.g. Beijing or 베이징."}},
        ["city"],
    )
    for question in ("베이징 날씨 어때?", "서울 날씨 어때?"):  # the same: a guess (see below)
        assert [c.function.name for c in ask(question, [lookup]).tool_calls] == ["get_weather"]


@pytest.mark.parametrize(
    "question",
    ["베이징 날씨 어때?", "What's the weather in Beijing?", "Weather in Paris this week?"],
)
def test_the_tool_about_the_request_beats_one_that_mentions_it(question: str) -> None:
    assert first_moves(question, [WEATHER_ABOUT, PACKING]) == {"get_weather"}
    assert first_moves("What should I pack for 3 days in Tokyo?", [WEATHER_ABOUT, PACKING]) == {
        "packing_list"
    }


@pytest.mark.parametrize("forecast_name", ["get_forecast", "weather_forecast"])
def test_a_question_with_no_time_word_asks_for_now(forecast_name: str) -> None:
    forecast = tool(
        forecast_name,
        "Get the weather forecast for the next 3 days in a city, one entry per day.",
        CITY,
        ["city"],
    )
    tools = [CURRENT, forecast]
    assert first_moves("베이징 날씨 어때?", tools) == {"get_current_weather"}
    assert first_moves("What's the weather in Beijing?", tools) == {"get_current_weather"}
    assert first_moves("베이징 내일 날씨 어때?", tools) == {forecast_name}


def city_tool(name: str, description: str) -> dict:
    """A tool that takes a city, told apart only by its name and description."""
    return tool(name, description, {"city": {"type": "string"}}, ["city"])


def test_a_description_that_disowns_the_tool_moves_the_choice() -> None:
    tools = [
        city_tool("get_weather", "Deprecated; returns nothing."),
        city_tool("get_time", "Get the local time in a city. Also reports the weather there."),
    ]
    assert calls_of(ask("베이징 날씨 어때?", tools)) == [("get_time", {"city": "Beijing"})]


def test_a_thin_description_is_guessed_past_even_among_fitting_neighbours() -> None:
    tools = [
        city_tool("get_weather", "Get the current weather for a city."),
        city_tool("get_local_time", "Get the local time in a city."),
        city_tool("poi", "POI lookup."),
    ]
    calls = calls_of(ask("Which museums can I visit in Paris?", tools))
    assert calls == [("get_museum", {"city": "Paris"})]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Write a draft to hr@acme.com asking about my payslip, don't send it yet", "draft_email"),
        ("Send hr@acme.com a note asking about my payslip", "send_email"),
    ],
)
def test_a_negated_action_rules_out_the_tool_that_does_it(question: str, expected: str) -> None:
    email = {"to": {"type": "string", "format": "email"}, "body": {"type": "string"}}
    tools = [
        tool("send_email", "Send an email now.", email, ["to", "body"]),
        tool("draft_email", "Save an email as a draft without sending it.", email, ["to", "body"]),
    ]
    assert [name for name, _ in calls_of(ask(question, tools))] == [expected]


# --- Choosing by general rules, on tools and phrasings of domains the classroom does not use ---


def chosen(question: str, tools: list[dict]) -> str:
    """The tool the model calls (or asks a value for), "answer" when it calls none."""
    why = explain({"messages": [{"role": "user", "content": question}], "tools": tools})
    if why.calls:
        return "+".join(sorted({call.split("(")[0] for call in why.calls}))
    return why.reason.split(" fits")[0] if why.action == "ask" else why.action


LOT = {"lot": {"type": "string", "description": "Parking lot name"}}
HOURS = {"hours": {"type": "integer", "description": "How many hours"}}
PARKING = [
    tool("reserve_parking", "Reserve a parking space at a lot.", {**LOT, **HOURS}, ["lot"]),
    tool(
        "estimate_parking_cost",
        "Estimate how much parking at a lot will cost, without reserving anything.",
        {**LOT, **HOURS},
        ["lot"],
    ),
]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("How much would 3 hours at Central Garage cost?", "estimate_parking_cost"),
        ("Reserve a spot at Central Garage for 3 hours", "reserve_parking"),
        ("센트럴 주차장에 3시간 세우면 주차비 얼마야?", "estimate_parking_cost"),
        ("센트럴 주차장 3시간 예약해줘", "reserve_parking"),
    ],
)
def test_look_alike_tools_are_told_apart_by_the_action_asked(question: str, expected: str) -> None:
    """A question that asks for no change looks up; a description that disowns an action
    ("without reserving anything") contradicts a request for it."""
    assert chosen(question, PARKING) == expected


SCHEDULE = [
    tool(
        "add_appointment",
        "Add an appointment to the planner.",
        {"title": {"type": "string"}, "day": {"type": "string", "format": "date"}},
        ["title", "day"],
    ),
    tool(
        "list_appointments",
        "List the appointments in the planner on a day.",
        {"day": {"type": "string", "format": "date"}},
        ["day"],
    ),
]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What's in my planner on Tuesday?", "list_appointments"),
        ("화요일에 무슨 약속 있어?", "list_appointments"),
        ("Put 'dentist' in my planner on Tuesday", "add_appointment"),
    ],
)
def test_a_question_without_a_change_does_not_create(question: str, expected: str) -> None:
    assert chosen(question, SCHEDULE) == expected


QUERY = {"query": {"type": "string", "description": "Topic"}}
SHOWS = {"podcast": {"type": "string", "description": "Podcast name"}}
PODCASTS = [
    tool("search_podcasts", "Search for podcasts by topic.", QUERY, ["query"]),
    tool("subscribe_podcast", "Subscribe to a podcast to get new episodes.", SHOWS, ["podcast"]),
    tool("play_episode", "Play the latest episode of a podcast.", SHOWS, ["podcast"]),
]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("역사 팟캐스트 찾아줘", "search_podcasts"),  # 역사 = history, 팟캐스트 = podcasts
        ("Any podcasts about cooking?", "search_podcasts"),
        ("Subscribe to Hardcore History", "subscribe_podcast"),
    ],
)
def test_plural_names_and_korean_words_meet_the_tool_s_words(question: str, expected: str) -> None:
    assert chosen(question, PODCASTS) == expected


MONTH = {"month": {"type": "string", "description": "Month as YYYY-MM"}}
SPENDING = [
    tool(
        "tool_1",
        "Add an expense to the budget.",
        {"amount": {"type": "number"}, "category": {"type": "string"}},
        ["amount", "category"],
    ),
    tool("tool_2", "Summarise spending per category for a month.", MONTH, ["month"]),
]


@pytest.mark.parametrize("question", ["Summarize my spending for 2025-11", "11월 지출 요약해줘"])
def test_british_and_american_spellings_are_one_word(question: str) -> None:
    assert chosen(question, SPENDING) == "tool_2"


STEPS = {"steps": {"type": "integer", "description": "Steps walked"}}
VERBOSE_LOG = tool(
    "log_walk",
    "Record a walk the user has just finished, with the number of steps. The entry is stored in "
    "the activity diary, where weekly statistics, monthly statistics, trends, records and goals "
    "are computed from it and shown in reports and charts.",
    STEPS,
    ["steps"],
)
TERSE_STATS = tool("walk_statistics", "Show statistics of past walks.", {}, [])


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Show me my walking statistics", "walk_statistics"),
        ("I walked 8000 steps, record it", "log_walk"),
        ("산책 통계 보여줘", "walk_statistics"),
    ],
)
def test_a_long_description_does_not_win_by_its_many_words(question: str, expected: str) -> None:
    """Only a description's first sentence says what the tool is; the rest weighs less."""
    assert chosen(question, [VERBOSE_LOG, TERSE_STATS]) == expected


def test_a_docstring_s_returns_section_does_not_decide() -> None:
    lookup = tool(
        "lookup_book",
        "Find a book in the catalogue.\n\nArgs:\n    title: The title.\n\n"
        "Returns:\n    The book with its price, reviews and reservation status.",
        {"title": {"type": "string"}},
        ["title"],
    )
    reserve = tool(
        "reserve_book", "Reserve a copy of a book.", {"title": {"type": "string"}}, ["title"]
    )
    assert chosen("Reserve 'Dune' for me", [lookup, reserve]) == "reserve_book"
    assert chosen("Do you have 'Dune' in the catalog?", [lookup, reserve]) == "lookup_book"


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Turn the fan off", "fan_off"),
        ("Switch the fan on please", "fan_on"),
        ("Please turn the fan in the bedroom off", "fan_off"),
    ],
)
def test_a_phrasal_verb_may_have_its_object_in_between(question: str, expected: str) -> None:
    fans = [
        tool("fan_on", "Turn on the ceiling fan.", {}, []),
        tool("fan_off", "Turn off the ceiling fan.", {}, []),
    ]
    assert chosen(question, fans) == expected


def test_a_noun_is_not_an_action() -> None:
    """ "my list", "any books": a noun names a thing; only a verb asks for an action."""
    shelf = [
        tool("add_to_reading_list", "Add a book to the reading list.", QUERY, ["query"]),
        tool("show_reading_list", "Show the reading list.", {}, []),
    ]
    assert chosen("Put 'Dune' on my reading list", shelf) == "add_to_reading_list"
    assert chosen("Show my reading list", shelf) == "show_reading_list"


def test_a_short_korean_description_is_trusted() -> None:
    """Three Korean words say as much as a long English sentence: not thin."""
    income = tool(
        "record_income",
        "수입을 가계부에 기록합니다.",
        {"amount": {"type": "number", "description": "금액"}},
        ["amount"],
    )
    assert chosen("월급 300만원 들어왔어, 기록해줘", [income]) == "record_income"
    assert chosen("My salary of 3000 dollars came in, note it", [income]) == "record_income"


def test_a_phrase_in_a_description_means_what_it_means_there_too() -> None:
    """ "direct message" and "cover letter" are one idea in a tool's description as in a request."""
    people = {"user": {"type": "string", "description": "Handle such as @kim"}}
    text = {"text": {"type": "string"}}
    chat = [
        tool("post_to_channel", "Post a message to a team channel.", text, ["text"]),
        tool("send_dm", "Send a direct message to one person.", {**people, **text}, ["user"]),
    ]
    assert chosen("DM @kim that lunch is ready", chat) == "send_dm"
    job = {"job_id": {"type": "string", "description": "Posting id"}}
    jobs = [
        tool("submit_application", "Submit a job application for a posting.", job, ["job_id"]),
        tool("write_cover_letter", "Write a cover letter for a posting.", job, ["job_id"]),
    ]
    assert chosen("I need a cover letter for posting P-7", jobs) == "write_cover_letter"
    assert chosen("P-7 공고에 낼 자기소개서 써줘", jobs) == "write_cover_letter"


def test_a_korean_word_split_in_two_is_read_whole() -> None:
    """kiwipiepy reads 리마인드 as 리 + 마인드; the lexicon knows it whole."""
    remind = tool(
        "remind_me",
        "Remind the user of something at a time.",
        {"text": {"type": "string"}, "at": {"type": "string", "format": "date-time"}},
        ["text", "at"],
    )
    assert chosen("내일 오후 3시에 약 먹으라고 리마인드 해줘", [remind]) == "remind_me"


def test_an_action_word_used_as_a_noun_does_not_choose_a_tool() -> None:
    """ "What is binary search?" asks for an explanation, not a search."""
    finder = tool("find_files", "Search files by name.", {"name": {"type": "string"}}, ["name"])
    assert chosen("What is binary search?", [finder]) == "answer"
    assert chosen("Search my files for budget.xlsx", [finder]) == "find_files"


GARDEN = [
    tool(
        "log_watering",
        "Record that a plant was watered.",
        {"plant": {"type": "string", "description": "Plant name"}},
        ["plant"],
    ),
    tool(
        "watering_history",
        "Show when each plant was watered.",
        {"plant": {"type": "string", "description": "Plant name"}},
        [],
    ),
]


@pytest.mark.parametrize(
    "question", ["I just watered the basil", "바질에 물 줬어", "Did I water the basil?"]
)
def test_a_report_of_what_the_user_did_asks_to_record_it(question: str) -> None:
    """A statement of a past action that asks nothing means "record it"; a question about the
    past (did I...?) looks it up."""
    expected = "watering_history" if question.endswith("?") else "log_watering"
    assert chosen(question, GARDEN) == expected


def test_a_request_for_knowledge_is_not_served_by_a_tool_that_acts() -> None:
    """Why-questions and requests for tips want an explanation, not an action."""
    tools = [
        tool("generate_pin", "Generate a random PIN code.", {"digits": {"type": "integer"}}, []),
        tool("get_sleep_stats", "Get statistics of the user's sleep.", {}, []),
    ]
    assert chosen("Why do I need a PIN code at all?", tools) == "answer"
    assert chosen("잠을 잘 자는 팁 좀 알려줘", tools) == "answer"
    assert chosen("Generate a 6 digit PIN", tools) == "generate_pin"
    assert chosen("How did I sleep this week?", tools) == "get_sleep_stats"


def test_a_verb_standing_alone_acts_on_the_clause_before_it() -> None:
    """Korean puts the verb last; a clause cut before it ("...광고 / 찾아줘") is one task."""
    ads = [
        tool("search_ads", "Search classified ads.", {"query": {"type": "string"}}, ["query"]),
        tool("post_ad", "Post a new classified ad.", {"text": {"type": "string"}}, ["text"]),
    ]
    assert chosen("중고 자전거 광고 찾아줘", ads) == "search_ads"


def test_a_sentence_that_sends_the_reader_elsewhere_disowns_what_it_names() -> None:
    """ "...save a draft instead" in send's description: send is not for drafts."""
    body = {"body": {"type": "string"}}
    mail = [
        tool(
            "post_letter",
            "Post a letter now. If the user wants to check it first, save a draft instead.",
            body,
            ["body"],
        ),
        tool("keep_letter", "Keep a letter as a draft.", body, ["body"]),
    ]
    assert chosen("Save a draft letter saying I'll be late", mail) == "keep_letter"
    assert chosen("Post a letter saying I'll be late", mail) == "post_letter"


def test_an_adjective_does_not_give_a_tool_its_time() -> None:
    """ "items from a past order": the tool acts now; a tool named for history is about the
    past."""
    refund = tool(
        "start_refund",
        "Start a refund for items from a past order.",
        {"order": {"type": "string", "description": "Order number"}},
        ["order"],
    )
    assert chosen("I want a refund for order A-77", [refund]) == "start_refund"


def test_a_name_that_puts_its_object_first_still_says_its_action() -> None:
    """task_create creates; task_list lists ("which tasks are still open?" lists)."""
    tasks = [
        tool("task_create", "Creates a task.", {"title": {"type": "string"}}, ["title"]),
        tool("task_list", "Lists the open tasks.", {}, []),
    ]
    assert chosen("Which tasks are still open?", tasks) == "task_list"
    assert chosen("Create a task 'fix login'", tasks) == "task_create"


def test_the_request_s_verb_meets_the_tool_s_action() -> None:
    """Look-alikes that share their object differ by their action: the verb decides."""
    zone = {"zone": {"type": "string", "description": "Zone number"}}
    meters = [
        tool("fn_1", "Pays for street parking in a zone.", zone, ["zone"]),
        tool("fn_2", "Ends the parking session and stops the charge.", {}, []),
    ]
    assert chosen("Pay for parking in zone 14", meters) == "fn_1"
    assert chosen("14번 구역 주차비 내줘", meters) == "fn_1"
    assert chosen("End my parking session", meters) == "fn_2"


def test_a_korean_description_says_its_action_last() -> None:
    """ "요약한 보고서를 만듭니다": the tool makes a report (만들다), it does not summarise."""
    report = tool(
        "fn_r",  # an opaque name: the description says what the tool does
        "한 달 동안의 지출을 요약한 보고서를 만듭니다.",
        {"month": {"type": "string", "description": "YYYY-MM"}},
        ["month"],
    )
    assert "create" in read_tool(report["function"]).actions()


def called(question: str, tools: list[dict]) -> list[str]:
    """The names of the calls the model makes, one per call, sorted (["answer"] for none)."""
    why = explain({"messages": [{"role": "user", "content": question}], "tools": tools})
    return sorted(call.split("(")[0] for call in why.calls) or [why.action]


TEXT = {"text": {"type": "string", "description": "The words to send"}}
CHAT = [
    tool(
        "send_text",
        "Send a text message to a phone number.",
        {"number": {"type": "string", "description": "Phone number"}, **TEXT},
        ["number", "text"],
    ),
    tool(
        "post_to_channel",
        "Post a message in a team chat channel.",
        {"channel": {"type": "string", "description": "Channel such as #team"}, **TEXT},
        ["channel", "text"],
    ),
]
CHORES = [
    tool(
        "add_chore",
        "Add a chore to the household chore list.",
        {"chore": {"type": "string", "description": "What has to be done"}},
        ["chore"],
    ),
    tool("show_chores", "Show the household chore list.", {}, []),
]


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        (
            "Text +1 415 555 0134 that I'm late and post 'lunch moved' in #office",
            CHAT,
            ["post_to_channel", "send_text"],
        ),
        (
            "Post 'the site is live' in #launch and text +1 415 555 0199 that it's done",
            CHAT,
            ["post_to_channel", "send_text"],
        ),
        ("Don't wait for me, post 'standup at 10' in #team", CHAT, ["post_to_channel"]),
    ],
)
def test_an_apostrophe_inside_a_word_is_no_quote(
    question: str, tools: list[dict], expected: list[str]
) -> None:
    """ "I'm", "it's", "don't": an apostrophe between letters opens no quotation, so the "and"
    after it still cuts the request into its two tasks."""
    assert called(question, tools) == expected


SEATS = [
    tool(
        "book_seat",
        "Book a seat at the study hall for a date.",
        {"date": {"type": "string", "format": "date"}},
        ["date"],
    ),
    tool("list_bookings", "List the seats the user has booked, with their dates.", {}, []),
]


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("Add 'mop the floor' and 'water the plants' to my chore list", CHORES, ["add_chore"] * 2),
        ("Which chores are on my chore list?", CHORES, ["show_chores"]),
        ("When are my study hall bookings?", SEATS, ["list_bookings"]),
    ],
)
def test_a_noun_after_a_noun_is_part_of_the_noun_phrase(
    question: str, tools: list[dict], expected: list[str]
) -> None:
    """ "my chore list", "my library books": a word that can be a noun, after a determiner and a
    noun, names a thing (list, book); it does not ask for the action (list, book)."""
    assert called(question, tools) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("I'm bored. Play something upbeat", ["play_song"]),
        ("I'm so tired, play some calm piano", ["play_song"]),
    ],
)
def test_a_participle_after_be_is_a_state_not_a_report(question: str, expected: list[str]) -> None:
    """ "I'm bored" tells how the user is; it reports no action to log."""
    player = [
        tool("play_song", "Play a song or some music.", {"query": {"type": "string"}}, []),
        tool("set_level", "Set the speaker volume.", {"level": {"type": "integer"}}, ["level"]),
        tool("log_mood", "Log how the user feels.", {"mood": {"type": "string"}}, ["mood"]),
    ]
    assert called(question, player) == expected


@pytest.mark.parametrize(
    ("name", "description", "kind"),
    [
        ("number", "Phone number", "phone"),
        ("number", "휴대폰 번호", "phone"),
        ("chore", "What has to be done", "body"),
        ("number", "Order number", "identifier"),
        ("assignment_id", "과제 번호 (예: HW-102)", "identifier"),
        ("reservation_no", "예매 번호", "identifier"),
    ],
)
def test_a_description_says_what_kind_of_number_or_text_a_parameter_holds(
    name: str, description: str, kind: str
) -> None:
    """A parameter named `number` described as "Phone number" holds a phone; a word several
    types share ("to" in "What has to be done") says no type on its own."""
    definition = tool("fn", "Does something.", {name: {"type": "string",
                      "description": description}}, [name])  # fmt: skip
    assert read_tool(definition["function"]).parameters[0].kind == kind


GARAGE = [
    tool(
        "find_garage",
        "Find car parks with free spaces near a place.",
        {"near": {"type": "string", "description": "Place or address"}},
        ["near"],
    ),
    tool("end_parking", "End the running parking session and stop the charge.", {}, []),
    tool(
        "call_cab",
        "Order a taxi from a pickup point to a destination.",
        {"pickup": {"type": "string"}, "dropoff": {"type": "string"}},
        ["pickup", "dropoff"],
    ),
]
CLINIC = [
    tool(
        "book_doctor",
        "Book an appointment with the family doctor on a date.",
        {"date": {"type": "string", "format": "date"}},
        ["date"],
    ),
    tool("list_doctor_visits", "How many days the user saw the doctor this year.", {}, []),
    tool(
        "log_symptom",
        "Log a symptom the user has.",
        {"symptom": {"type": "string"}},
        ["symptom"],
    ),
]


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("I'm back in my car now, end the parking", GARAGE, ["end_parking"]),
        ("My car is parked downtown. End the parking session", GARAGE, ["end_parking"]),
        ("차에 다시 왔어, 주차 끝내줘", GARAGE, ["end_parking"]),
        ("머리가 아파, 내일 병원 예약해줘", CLINIC, ["book_doctor"]),
        ("I have a cough, book the doctor for tomorrow", CLINIC, ["book_doctor"]),
    ],
)
def test_a_statement_next_to_a_request_is_context_not_a_task(
    question: str, tools: list[dict], expected: list[str]
) -> None:
    """A clause that only tells the user's situation ("I'm back in my car", "머리가 아파"), next
    to one that asks for something, explains the request; it asks for no call of its own."""
    assert called(question, tools) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("I'm sick, please book the doctor for today and tomorrow", ["book_doctor"] * 2),
        ("I have the flu, I need a doctor today", ["book_doctor"]),
        ("Book the doctor for Monday, or Tuesday if it's full", ["book_doctor"]),
    ],
)
def test_a_clause_of_values_goes_on_with_the_task_before_it(
    question: str, expected: list[str]
) -> None:
    """ "... for today and tomorrow": a clause that only says values the task before it takes
    (dates for a booking) belongs to that task; a tool whose description merely mentions days
    is not a second task."""
    assert called(question, CLINIC)[:1] == expected[:1]
    assert "list_doctor_visits" not in called(question, CLINIC)


def after_call(question: str, name: str, arguments: str, result: str, tools: list[dict]) -> Any:
    """The model's reply once a call (made for the question) has its result in."""
    history = [
        {"role": "user", "content": question},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "c1", "type": "function", "function": {"name": name, "arguments": arguments}}
            ],
        },
        {"role": "tool", "tool_call_id": "c1", "content": result},
    ]
    return ask(history, tools)


BOOKINGS = [
    tool(
        "cancel_booking",
        "Cancel a booking by its code.",
        {"code": {"type": "string", "description": "Booking code, e.g. BK-12"}},
        ["code"],
    ),
    tool("find_venues", "Find venues near a place where events are held.", {}, []),
    tool("booking_status", "Where the user's latest booking stands.", {}, []),
]


@pytest.mark.parametrize(
    ("question", "error"),
    [
        ("Cancel booking BK-5521", '{"error": "booking BK-5521 not found"}'),
        ("BK-5521 예약 취소해줘", "BK-5521: 찾을 수 없음"),
        ("Please cancel BK-5521", "No such booking: BK-5521"),
    ],
)
def test_an_error_that_blames_the_value_sent_is_not_retried(question: str, error: str) -> None:
    """ "booking BK-5521 not found" names the value the call sent: sending it again cannot help,
    so the model tells the user (a real model does not loop on it)."""
    arguments = '{"code": "BK-5521"}'
    message = after_call(question, "cancel_booking", arguments, error, BOOKINGS)
    assert message.tool_calls is None and "BK-5521" in message.content


@pytest.mark.parametrize("question", ["where's my booking at??", "내 예약 어떻게 됐어?"])
def test_results_of_another_call_answer_the_request(question: str) -> None:
    """The turn before called a tool the model would not have picked first; its result is in and
    answers the request, so the model answers instead of starting a plan of its own."""
    result = '{"booking": "BK-77", "state": "confirmed"}'
    message = after_call(question, "booking_status", "{}", result, BOOKINGS)
    assert message.tool_calls is None and "confirmed" in message.content


NOW_TOOLS = [
    tool("todays_menu", "Show what the canteen serves today.", {}, []),
    tool(
        "current_queue",
        "How many people are waiting in the queue right now.",
        {"branch": {"type": "string"}},
        ["branch"],
    ),
    tool(
        "search_articles",
        "Search recent news articles.",
        {"query": {"type": "string"}},
        ["query"],
    ),
]


@pytest.mark.parametrize(
    "question",
    ["Thanks, that's all for today!", "Good night, see you tomorrow", "고마워, 오늘은 여기까지!",
     "안녕! 지금 기분 최고야"],
)  # fmt: skip
def test_a_time_alone_makes_no_tool_fit(question: str) -> None:
    """ "today", "now", 오늘 say when, never what: a tool that is about today (a menu, a queue)
    does not fit a goodbye that mentions the day."""
    assert called(question, NOW_TOOLS) == ["answer"]


@pytest.mark.parametrize(
    "question",
    ["Why did oil prices jump this week?", "요즘 금값이 왜 이렇게 올랐어?",
     "Any tips for keeping basil alive?"],
)  # fmt: skip
def test_a_why_question_asks_a_search_tool(question: str) -> None:
    """A why-question or a request for tips wants knowledge: a search tool serves it."""
    assert called(question, NOW_TOOLS) == ["search_articles"]


SHELF = [
    tool(
        "find_books",
        "Search the bookshop's stock.",
        {"query": {"type": "string", "description": "What to look for"}},
        ["query"],
    ),
    tool("show_basket", "Show what is in the basket and the total.", {}, []),
]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Show me cookbooks under 20 dollars", ["find_books"]),
        ("Show me thriller novels, newest first", ["find_books"]),
        ("요리책 싼 순서로 보여줘", ["find_books"]),
        ("Show me my basket", ["show_basket"]),
        ("장바구니 보여줘", ["show_basket"]),
    ],
)
def test_a_tool_without_parameters_acts_only_on_what_it_names(
    question: str, expected: list[str]
) -> None:
    """show_basket takes nothing: it shows the basket. "Show me cookbooks" shares its verb but
    names another thing, so it is not for show_basket (a search takes any thing)."""
    assert "show_basket" not in called(question, SHELF) or expected == ["show_basket"]
    if expected == ["show_basket"]:
        assert called(question, SHELF) == expected


@pytest.mark.parametrize(
    ("text", "word"), [("Stop playing the music", "playing"), ("Just browsing", "browsing")]
)
def test_a_gerund_is_no_command(text: str, word: str) -> None:
    """An -ing form that no "be" precedes names an activity ("stop playing"); it asks for none."""
    from helpers.offline.request import read_request

    tags = {w.text: w.tag for w in read_request(text).words}
    assert tags[word] == "NOUN"


STOCK = [
    tool(
        "fn_adjust",
        "Changes the stock count of an item by a number of units (deliveries, losses).",
        {"item": {"type": "string"}, "units": {"type": "integer"}},
        ["item", "units"],
    ),
    tool(
        "fn_order",
        "Creates a purchase order to a supplier.",
        {"supplier": {"type": "string"}},
        ["supplier"],
    ),
]


@pytest.mark.parametrize(
    "question",
    ["We just got a delivery of 40 units of oat milk", "Two units of oat milk were lost"],
)  # fmt: skip
def test_a_report_suggests_recording_without_contradicting_a_change(question: str) -> None:
    """A report of what happened ("we got 40 units") asks to record it; a tool that records it by
    changing a count is not contradicted by the "create" a report only suggests."""
    assert called(question, STOCK) == ["fn_adjust"]


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Leave a comment on issue 42: 'needs a test'", "comment_issue"),
        ("42번 이슈에 '테스트 필요' 코멘트 남겨줘", "comment_issue"),
        ("I'd like to go see the flat at 3 Elm Street tomorrow", "book_visit"),
        ("내일 그 집 보러 가고 싶어요", "book_visit"),
    ],
)
def test_comments_and_visits_have_their_words(question: str, expected: str) -> None:
    """A comment is a note on something; going to see a place is a visit, in both languages."""
    tools = [
        tool("comment_issue", "Add a comment to an issue.",
             {"issue": {"type": "integer"}, "body": {"type": "string"}}, ["issue", "body"]),
        tool("close_issue", "Close an issue with a closing note.",
             {"issue": {"type": "integer"}}, ["issue"]),
        tool("book_visit", "Book a visit to a flat for sale.",
             {"when": {"type": "string", "format": "date-time"}}, []),
        tool("search_flats", "Search flats for sale in an area.",
             {"area": {"type": "string"}}, ["area"]),
    ]  # fmt: skip
    assert chosen(question, tools) == expected


@pytest.mark.parametrize("question", ["공원 한 바퀴 돌고 왔어", "방금 동생이랑 장 봐 줬어"])
def test_a_contracted_korean_past_is_a_report(question: str) -> None:
    """ "왔어", "줬어": Korean contracts its past (오+았, 주+었); the report still asks to log."""
    tools = [
        tool("log_activity", "Log something the user did.", {"what": {"type": "string"}}, []),
        tool("suggest_activity", "Suggest something to do.", {}, []),
    ]
    assert called(question, tools) == ["log_activity"]


DRIVE = [
    tool("open_doc", "Open a document from the shared drive and return its text.",
         {"path": {"type": "string"}}, ["path"]),
    tool("list_folder", "List the documents in a folder of the shared drive.",
         {"path": {"type": "string", "description": "Folder path"}}, ["path"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("budget.xlsx 처음 몇 줄 보여줘", "open_doc"),
        ("Show me minutes/2025-03.md", "open_doc"),
        ("What's in the invoices/ folder?", "list_folder"),
    ],
)
def test_a_file_path_is_no_folder(question: str, expected: str) -> None:
    """A path with a file's extension names a file: a tool whose path is a folder does not take
    it, and the tool that reads files does."""
    assert chosen(question, DRIVE) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Log a 15 minute call with Dana — she'll email the quote on Friday", ["log_call"]),
        ("Log a call with Dana - they'll send the contract next week", ["log_call"]),
    ],
)
def test_a_dash_sets_off_a_statement(question: str, expected: list[str]) -> None:
    """ "— she'll email the quote": a dash between words starts another clause, and one that
    only says what someone will do is context, not a second task."""
    tools = [
        tool("log_call", "Record a phone call with a client.",
             {"client": {"type": "string"}, "minutes": {"type": "integer"}}, ["client"]),
        tool("send_mail", "Send an email.", {"to": {"type": "string"}}, ["to"]),
    ]  # fmt: skip
    assert called(question, tools) == expected


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("What's Mina Park's number?", "find_person"),
        ("Drop off the van at the airport branch", "return_van"),
        ("Put 'renew passport' on my list", "add_item"),
        ("Put some jazz on", "play_tunes"),
    ],
)
def test_a_phrase_means_what_its_words_together_mean(question: str, expected: str) -> None:
    """A person's number is a phone number; "drop off" is a return, not a deletion; "put X on my
    list" adds (the "on" is a preposition), "put some jazz on" plays."""
    tools = [
        tool("find_person", "Find people in the address book by name.",
             {"name": {"type": "string"}}, ["name"]),
        tool("return_van", "Return a rented van.", {"branch": {"type": "string"}}, ["branch"]),
        tool("delete_van", "Delete a van from the fleet.", {"van": {"type": "string"}}, ["van"]),
        tool("add_item", "Add an item to the user's list.", {"item": {"type": "string"}}, ["item"]),
        tool("play_tunes", "Play music.", {"query": {"type": "string"}}, []),
    ]  # fmt: skip
    assert chosen(question, tools) == expected


HOME = [
    tool("make_reminder", "Remind the user of something at a time.",
         {"text": {"type": "string"}, "at": {"type": "string", "format": "date-time"}},
         ["text", "at"]),
    tool("send_chat", "Send a chat message to a friend.",
         {"friend": {"type": "string"}, "text": {"type": "string"}}, ["friend", "text"]),
    tool("save_memo", "Save a memo with a title and text.",
         {"title": {"type": "string"}, "text": {"type": "string"}}, ["text"]),
    tool("list_memos", "List the user's saved memos.", {}, []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("한 시간 뒤에 화분에 물 주라고 알려줘", ["make_reminder"]),
        ("Tell me to stretch in 20 minutes", ["make_reminder"]),
        ("지수한테 늦는다고 알려줘", ["send_chat"]),
    ],
)
def test_asking_to_be_told_later_is_a_reminder(question: str, expected: list[str]) -> None:
    """ "물 주라고 알려줘", "tell me to stretch": being told to do something later is a reminder;
    with someone else to tell ("지수한테") it is a message."""
    assert called(question, HOME) == expected


@pytest.mark.parametrize(
    "question",
    ["Write me a short poem about the sea", "Tell me a joke about cats",
     "고양이에 대한 동시 하나 써줘", "재밌는 농담 하나 해줘"],
)  # fmt: skip
def test_a_request_to_compose_is_answered_not_saved(question: str) -> None:
    """ "Write me a poem", "농담 하나 해줘" ask the model itself to compose: a memo tool that could
    store text is not what the user asked for."""
    assert called(question, HOME) == ["answer"]


def test_a_tool_that_takes_nothing_cannot_act_on_a_named_thing() -> None:
    """ "'Groceries' memo 있어?" names a memo: list_memos takes no value, so it is not the call
    (a real model would not list every memo for it, nor call list_memos with nothing)."""
    assert "list_memos" not in called("Do I have a memo called 'Groceries'?", HOME)
    assert "list_memos" not in called("'장보기' 메모 있어?", HOME)
    assert called("Show my memos", HOME) == ["list_memos"]


PET_LOG = [
    tool("log_meal_pet", "Log that the pet was fed.", {"food": {"type": "string"}}, []),
    tool("log_walk_pet", "Log a walk with the pet, in minutes.",
         {"minutes": {"type": "integer"}}, []),
    tool("find_vet", "Find a vet near a place.", {"near": {"type": "string"}}, ["near"]),
]  # fmt: skip
BASKET = [
    tool("basket_add", "Put a product in the shopping basket.",
         {"product": {"type": "string"}, "count": {"type": "integer"}}, []),
    tool("basket_remove", "Take a product out of the shopping basket.",
         {"product": {"type": "string"}}, []),
    tool("pay_basket", "Pay for the basket and ship it.", {}, []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("강아지한테 사료 먹였어(한 컵). 그리고 산책도 30분 했어", PET_LOG,
         ["log_meal_pet", "log_walk_pet"]),
        ("I fed the dog. And we walked for 30 minutes", PET_LOG, ["log_meal_pet", "log_walk_pet"]),
        ("장바구니에서 우유는 빼고 계란 두 판 담아줘", BASKET, ["basket_add", "basket_remove"]),
        ("충전기 하나 장바구니에 담아줘", BASKET, ["basket_add"]),
    ],
)  # fmt: skip
def test_two_reports_or_two_actions_make_two_calls(
    question: str, tools: list[dict], expected: list[str]
) -> None:
    """Two things the user did ("사료 줬어 ... 산책도 했어") are two records; "빼고 ... 넣어줘"
    are two actions. A bare "그리고" or an aside in brackets changes neither; 담다 puts in, and
    충전기 (a charger) is no payment."""
    assert called(question, tools) == expected


def test_a_fetching_verb_names_no_action_of_its_own() -> None:
    """get_logs fetches logs: it does not log (create) anything, so "show me the logs" and a
    question about logs do not contradict it; the same for get_orders and fetch_bookings."""
    tools = [
        tool("get_logs", "Fetch recent log lines of a server.",
             {"server": {"type": "string"}, "minutes": {"type": "integer"}}, ["server"]),
        tool("restart_server", "Restart a server.", {"server": {"type": "string"}}, ["server"]),
    ]  # fmt: skip
    assert read_tool(tools[0]["function"]).actions() == frozenset()
    assert chosen("Show me the last 30 minutes of logs for web-1", tools) == "get_logs"
    assert chosen("web-1 서버 로그 지난 30분 치 보여줘", tools) == "get_logs"
    orders = tool("fetch_bookings", "Fetch the user's bookings.", {}, [])
    assert "reserve" not in read_tool(orders["function"]).actions()


AUDIO = [
    tool("play_audiobook", "Play an audiobook.", {"title": {"type": "string"}}, ["title"]),
    tool("set_speed", "Set the playback speed.",
         {"speed": {"type": "number", "enum": [0.5, 1, 1.5, 2]}}, ["speed"]),
    tool("set_sleep", "Stop playing after a number of minutes.",
         {"minutes": {"type": "integer"}}, ["minutes"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("Play the audiobook 'Dune' at 1.5x speed", ["play_audiobook", "set_speed"]),
        ("'듄' 오디오북 1.5배속으로 틀어줘", ["play_audiobook", "set_speed"]),
        ("Play the audiobook 'Dune'", ["play_audiobook"]),
        ("Set the speed to 2x", ["set_speed"]),
    ],
)
def test_a_value_for_what_another_tool_sets_is_another_call(
    question: str, expected: list[str]
) -> None:
    """ "at 2x speed": the play tool has no speed, and a tool that sets just the speed takes 2;
    a real model calls both. Without the speed, or with only the speed, one call."""
    assert called(question, AUDIO) == expected


def test_a_tool_with_a_place_for_the_value_takes_it_itself() -> None:
    """When the task's own tool has the speed, no second tool is called for it."""
    speed = {"title": {"type": "string"}, "speed": {"type": "number"}}
    player = tool("play_audiobook", "Play an audiobook at a playback speed.", speed, ["title"])
    assert called("Play the audiobook 'Dune' at 2x speed", [player, AUDIO[1]]) == ["play_audiobook"]


def test_a_value_far_from_another_tool_s_word_is_not_for_it() -> None:
    """ "call with Dana — she'll email the quote": the name is not said with "email"; no mail
    is asked for."""
    tools = [
        tool("log_call", "Record a phone call with a client.",
             {"client": {"type": "string"}}, ["client"]),
        tool("send_mail", "Send an email.", {"to": {"type": "string"}}, ["to"]),
    ]  # fmt: skip
    assert called("Log a call with Dana, she'll email the quote on Friday", tools) == ["log_call"]


@pytest.mark.parametrize(
    "question",
    ["Show me hiking boots, cheapest first", "등산화 싼 순서로 보여줘", "Find me a blue raincoat"],
)
def test_showing_a_thing_no_tool_names_is_a_search(question: str) -> None:
    """ "Show me hiking boots": no tool names boots; a search that takes what to look for
    serves it (a tool that shows the basket does not)."""
    shop = [
        tool("search_shop", "Search the shop's catalogue.",
             {"query": {"type": "string", "description": "What to look for"}}, ["query"]),
        tool("show_basket", "Show what is in the basket.", {}, []),
        tool("empty_basket", "Remove everything from the basket.", {}, []),
    ]  # fmt: skip
    assert called(question, shop) == ["search_shop"]


def test_a_wish_said_as_a_statement_still_asks() -> None:
    """ "I'm looking for a hotel in Busan, something cheap" asks for a hotel search: the first
    clause opens with its subject, yet it says what the user wants."""
    hotels = [
        tool("find_hotel", "Search hotels in a city.", {"city": {"type": "string"}}, ["city"]),
        tool("cancel_hotel", "Cancel a hotel booking.", {"code": {"type": "string"}}, ["code"]),
    ]
    assert called("I'm looking for a hotel in Busan, something cheap", hotels) == ["find_hotel"]
    assert called("I was hoping to find a hotel in Jeju, near the beach", hotels) == ["find_hotel"]


REFUNDS = [
    tool("start_refund", "Start a refund for an order.",
         {"order": {"type": "string", "pattern": "^[0-9]{3}-[0-9]{4}$"}}, ["order"]),
    tool("refund_status", "Check the status of a refund by its RMA number.",
         {"rma": {"type": "string", "pattern": "^RMA-[0-9]+$"}}, ["rma"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("환불 접수해줘. 주문번호는 123-4567이야", "start_refund"),
        ("Refund please, order 123-4567", "start_refund"),
        ("RMA-5521 환불 어떻게 됐어?", "refund_status"),
    ],
)
def test_a_word_in_a_parameter_s_shape_is_its_value(question: str, expected: str) -> None:
    """ "123-4567" has the shape start_refund's order asks (^[0-9]{3}-[0-9]{4}$), whatever kind
    of value the reader took it for; refund_status's RMA-number is nowhere: start_refund fits."""
    assert chosen(question, REFUNDS) == expected


def test_a_time_counts_beside_a_value_the_tool_takes() -> None:
    """ "How did Tesla do over the past month?": Tesla is the ticker the history tool takes and
    "past" says which of the two stock tools; the time counts when a value comes with it."""
    stocks = [
        tool("quote_now", "Current price of a stock.", {"ticker": {"type": "string"}},
             ["ticker"]),
        tool("price_history", "Past prices of a stock over a period.",
             {"ticker": {"type": "string"}}, ["ticker"]),
    ]  # fmt: skip
    assert chosen("How did Nvidia do over the past month?", stocks) == "price_history"


@pytest.mark.parametrize(
    "question", ["고마워! 덕분에 살았어", "Thanks, you saved me. I finished it"]
)
def test_a_report_alone_asks_no_tool_that_only_creates(question: str) -> None:
    """ "덕분에 살았어" reports something, but says nothing a to-do tool is about: what a
    report suggests (record it) counts only beside a word the tool says."""
    todo = [tool("add_task", "Add a task to the to-do list.", {"task": {"type": "string"}},
                 ["task"])]  # fmt: skip
    assert called(question, todo) == ["answer"]


BIRDS = [
    tool("get_bird_sightings", "List the recent bird sightings in a park.",
         {"park": {"type": "string", "description": "Park name"}}, ["park"]),
    tool("search_field_notes", "Search the user's own birding field notes.",
         {"query": {"type": "string", "description": "Words to look for"}}, ["query"]),
]  # fmt: skip
BEANS = [
    tool("get_bean_stock", "원두 재고를 조회합니다.",
         {"bean": {"type": "string", "description": "원두 이름"}}, ["bean"]),
    tool("search_bean_catalog", "Search the roastery's catalogue of coffee beans.",
         {"query": {"type": "string", "description": "search words"}}, ["query"]),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "tools"),
    [
        ("Do birds really sleep standing on one leg, or is that a myth?", BIRDS),
        ("Is it true that crows can recognise human faces?", BIRDS),
        ("커피를 많이 마시면 키가 안 큰다는 게 사실이야?", BEANS),
        ("Why does coffee make some people sleepy?", BEANS),
    ],
)
def test_a_question_about_the_world_is_answered_not_looked_up(question: str, tools: list) -> None:
    """A question about the world names things (sleep, legs, height) that no tool acts on: a
    tool sharing only its topic (birds, coffee) or an action's noun with it is not called."""
    assert called(question, tools) == ["answer"]


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("Which birds were seen in Hyde Park?", BIRDS, "get_bird_sightings"),
        ("What have I got in my field notes about herons?", BIRDS, "search_field_notes"),
        ("에티오피아 원두 재고 있어?", BEANS, "get_bean_stock"),
    ],
)
def test_a_question_about_a_tool_s_object_or_the_user_s_records_is_looked_up(
    question: str, tools: list, expected: str
) -> None:
    """A question that asks about what a tool acts on (sightings, stock), or about the user's
    own records ("what have I got in my notes"), which no model knows, is the tool's."""
    assert called(question, tools) == [expected]


@pytest.mark.parametrize(
    "question",
    [
        "what's the difference between arabica and robusta?",
        "원두가 시큼한 건 로스팅 때문이야, 아니면 원두 종류 때문이야?",
    ],
)
def test_what_a_sentence_asks_holds_for_each_of_its_clauses(question: str) -> None:
    """A sentence cut into clauses ("... arabica / and robusta?") asks what it asks as a whole:
    its question mark and its "difference between" reach every clause, so "robusta?" alone does
    not make a stock lookup fit."""
    assert called(question, BEANS) == ["answer"]


CHOICE = {"type": "string", "enum": ["전채", "메인", "디저트"], "description": "코스"}
SPECIALS = [
    tool("list_specials", "오늘의 특선 메뉴를 보여줍니다.", {"course": CHOICE}, []),
    tool("book_table", "테이블을 예약합니다.",
         {"people": {"type": "integer"}, "time": {"type": "string", "description": "HH:MM"}},
         ["people", "time"]),
]  # fmt: skip
STYLE = {"type": "string", "enum": ["yoga", "pilates", "spinning"], "description": "class style"}
STUDIO = [
    tool("get_class_times", "Show when classes run this week.", {"style": STYLE}, []),
    tool("cancel_membership", "Cancel the member's gym membership.",
         {"reason": {"type": "string"}}, []),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("오늘 디저트 뭐 있어?", SPECIALS, ("list_specials", {"course": "디저트"})),
        ("Any spinning this week?", STUDIO, ("get_class_times", {"style": "spinning"})),
        ("When is pilates on?", STUDIO, ("get_class_times", {"style": "pilates"})),
    ],
)
def test_a_request_naming_a_tool_s_choice_is_the_tool_s(
    question: str, tools: list, expected: tuple
) -> None:
    """A request that names one of a tool's choices (디저트 of course, spinning of style), even
    of an optional parameter, asks what that tool offers: with a word of its description
    ("today", "this week") it fits."""
    assert calls_of(ask(question, tools)) == [expected]


DAY = {"type": "string", "format": "date", "description": "day"}
JOB = {"type": "string", "description": "what to do"}
GARDEN_JOBS = [
    tool("plan_garden_job", "Plan a gardening job for a day.", {"job": JOB, "day": DAY}, ["job"]),
    tool("list_garden_jobs", "List the gardening jobs.", {}, []),
]


@pytest.mark.parametrize(
    "question",
    [
        "Weeding and repotting on Saturday",
        "Fertilizer and compost for the roses on Monday",
        "Soil and seeds next Tuesday",
    ],
)
def test_look_alike_tools_of_one_topic_are_told_apart_by_the_values_given(question: str) -> None:
    """Two gardening tools fit only by words of their topic (weeding, compost, soil): the one
    that takes the day the request gives plans the job; the list takes no day."""
    [(name, arguments)] = calls_of(ask(question, GARDEN_JOBS))
    assert name == "plan_garden_job" and "day" in arguments


LISTINGS = [
    tool("view_wishlist", "Show the user's wishlist.", {}, []),
    tool("search_listings", "Search the second-hand listings.",
         {"query": {"type": "string"}}, ["query"]),
]  # fmt: skip


@pytest.mark.parametrize(
    "question",
    ["Hey, just browsing today", "Hi! Only looking around for now, thanks", "Just browsing 😊"],
)
def test_what_the_user_is_just_doing_asks_for_nothing(question: str) -> None:
    """ "Just browsing" tells what the user is doing, not an action to take: no tool is called
    (while "Show me my wishlist" still shows it)."""
    assert called(question, LISTINGS) == ["answer"]
    assert called("Show me my wishlist", LISTINGS) == ["view_wishlist"]


def _text(description: str) -> dict[str, str]:
    """A string parameter with a description."""
    return {"type": "string", "description": description}


HARBOUR = [
    tool("get_tide", "Tide times for a harbour.", {"harbour": _text("harbour name")},
         ["harbour"]),
    tool("rent_kayak", "Rent a kayak for some hours.", {"hours": {"type": "integer"}},
         ["hours"]),
]  # fmt: skip
ROASTERY = [
    tool("check_beans", "Check which beans are in stock.",
         {"origin": _text("country of origin")}, []),
    tool("book_cupping", "Book a tasting session.", {"date": _text("YYYY-MM-DD")}, ["date"]),
]  # fmt: skip
CAR_WASH = [
    tool("wash_prices", "Prices of each wash program at the bay.", {}, []),
    tool("buy_wax", "Buy a bottle of car wax.", {"bottles": {"type": "integer"}}, ["bottles"]),
]


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("When's high tide in Brighton?", HARBOUR, "get_tide"),
        ("Any coffee beans from Kenya?", ROASTERY, "check_beans"),
        ("How much is a car wash?", CAR_WASH, "wash_prices"),
    ],
)
def test_a_two_word_name_is_a_kind_of_its_last_word(
    question: str, tools: list, expected: str
) -> None:
    """ "High tide" is a tide, "coffee beans" are beans: a two-word name the lexicon does not
    know as one concept also means its last word, so the tool that says that word fits."""
    assert called(question, tools) == [expected]


SONG = {"type": "string", "description": "Song title"}
PLAYLIST = [
    tool("add_song", "Add a song to the playlist.", {"title": SONG}, ["title"]),
    tool("remove_song", "Remove a song from the playlist.", {"title": SONG}, ["title"]),
]


@pytest.mark.parametrize(
    ("request_text", "expected"),
    [
        ("플레이리스트에 '밤편지' 넣어줘", "add_song"),  # 넣다: put in, so add
        ("'밤편지'도 플레이리스트에 담아줘", "add_song"),  # 담다: put in (a cart, a list)
        ("플레이리스트에서 '밤편지' 빼줘", "remove_song"),  # 빼다: take out
    ],
)
def test_korean_put_in_and_take_out_choose_add_and_remove(request_text: str, expected: str):
    assert [name for name, _ in calls_of(ask(request_text, PLAYLIST))] == [expected]
