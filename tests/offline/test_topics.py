"""Topic frames: words of one everyday situation relate a request to a tool (topics.py).

The sentences here are new: written for these tests, not taken from the classroom cases.
"""

from __future__ import annotations

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.lexicon import ACTIONS
from helpers.offline.meaning import is_content, meanings, topic_index, word_topics
from helpers.offline.tools import read_tool
from helpers.offline.topics import TOPICS
from helpers.offline.words import HANGUL, Word

HOUSEPLANTS = tool("list_houseplants", "Show the houseplants the user keeps.", {}, [])
BUS = tool(
    "get_bus_times",
    "Next departures at a bus stop.",
    {"stop": {"type": "string", "description": "Stop name"}},
    ["stop"],
)
CARE_TIPS = tool(
    "get_plant_care",
    "Care advice for one kind of plant.",
    {"plant": {"type": "string", "description": "Plant name"}},
    ["plant"],
)
WATERED = tool(
    "record_watering",
    "Record that a plant was watered.",
    {
        "plant": {"type": "string", "description": "Plant name"},
        "ml": {"type": "integer", "description": "Water given, in ml"},
    },
    ["plant"],
)
BLINDS = tool(
    "open_blinds",
    "Open the window blinds of one room.",
    {"room": {"type": "string", "enum": ["living_room", "bedroom", "kitchen"]}},
    ["room"],
)
REMINDER = tool(
    "set_reminder",
    "Remind the user of something at a time or again and again.",
    {"text": {"type": "string", "description": "What to remind"}},
    ["text"],
)


def test_every_frame_speaks_both_languages() -> None:
    for topic, listed in TOPICS.items():
        written = listed.split()
        assert any(w.isascii() for w in written), topic
        assert any(HANGUL.search(w) for w in written), topic


@pytest.mark.parametrize("word", ["date", "return", "id", "report", "path", "show", "time"])
def test_words_that_name_other_things_are_in_no_frame(word: str) -> None:
    assert word not in topic_index()


def test_a_word_belongs_to_its_topics_in_either_language() -> None:
    assert "plant" in word_topics(Word("ferns", "fern", "NOUN", 0, 5))
    assert "plant" in word_topics(Word("분갈이", "분갈이", "NOUN", 0, 3))
    assert "camping" in word_topics(Word("모닥불", "모닥불", "NOUN", 0, 3))


def test_a_tool_has_the_topics_of_its_name_and_description_not_of_its_actions() -> None:
    reading = read_tool(HOUSEPLANTS["function"])
    assert set(reading.topics or {}) == {"plant"}  # "Show" relates nothing
    assert not ACTIONS & set(reading.topics or {})


def test_two_words_of_a_topic_choose_the_tool_of_that_topic() -> None:
    calls = calls_of(ask("Which ferns and orchids do I have at home?", [HOUSEPLANTS, BUS]))
    assert calls == [("list_houseplants", {})]


def test_korean_words_of_a_topic_choose_it_too() -> None:
    calls = calls_of(ask("우리 집 선인장이랑 난초 뭐 있었지?", [BUS, HOUSEPLANTS]))
    assert calls == [("list_houseplants", {})]


def test_one_common_word_of_a_topic_is_not_enough() -> None:
    message = ask("The sun is lovely this morning", [HOUSEPLANTS, BUS])
    assert message.tool_calls is None and message.content


def test_topic_words_do_not_make_a_recording_tool_fit_alone() -> None:
    message = ask("Tell me something about orchids and ferns", [WATERED, BUS])
    assert message.tool_calls is None


def test_tools_that_fit_only_by_their_topic_are_a_doubt_not_a_coin() -> None:
    message = ask("Which ferns and orchids?", [HOUSEPLANTS, CARE_TIPS])
    assert message.tool_calls is None


def test_a_question_about_a_difference_asks_for_knowledge() -> None:
    message = ask("What's the difference between a fern and a palm?", [CARE_TIPS, HOUSEPLANTS])
    assert message.tool_calls is None


def test_a_polite_question_that_asks_to_record_is_a_request() -> None:
    calls = calls_of(ask("Could you jot down that I watered the ficus?", [WATERED, CARE_TIPS]))
    assert [name for name, _ in calls] == ["record_watering"]


def test_the_same_tool_with_its_own_values_again_makes_a_second_call() -> None:
    calls = calls_of(ask("Open the kitchen blinds and the bedroom blinds", [BLINDS, BUS]))
    assert sorted(calls, key=str) == [
        ("open_blinds", {"room": "bedroom"}),
        ("open_blinds", {"room": "kitchen"}),
    ]


def test_told_again_and_again_is_a_reminder() -> None:
    calls = calls_of(ask("분갈이 한 달마다 알려줘", [WATERED, REMINDER]))
    assert [name for name, _ in calls] == ["set_reminder"]


def test_a_claim_is_also_insurance() -> None:
    assert "insurance" in meanings(Word("청구", "청구", "NOUN", 0, 2))


def test_a_one_syllable_korean_noun_a_dictionary_knows_is_a_word() -> None:
    assert is_content(Word("흙", "흙", "NOUN", 0, 1))
    assert not is_content(Word("것", "것", "NOUN", 0, 1))


CLASS = tool(
    "book_lesson",
    "Book a swimming lesson.",
    {
        "level": {"type": "string", "enum": ["beginner", "advanced"]},
        "start": {"type": "string", "format": "date-time"},
    },
    ["level", "start"],
)


def test_a_clause_that_says_another_set_of_the_same_values_is_another_call() -> None:
    calls = calls_of(ask("Book beginner Monday at 8am and advanced Tuesday at 6pm", [CLASS, BUS]))
    assert sorted(calls, key=str) == [
        ("book_lesson", {"level": "advanced", "start": "2026-01-06T18:00"}),
        ("book_lesson", {"level": "beginner", "start": "2026-01-05T08:00"}),
    ]


def test_a_clause_that_adds_a_value_stays_with_its_task() -> None:
    calls = calls_of(ask("Book beginner Monday at 8am, in the small pool", [CLASS, BUS]))
    assert [name for name, _ in calls] == ["book_lesson"]


def test_values_listed_before_the_tool_words_make_one_call_each() -> None:
    cancel = tool(
        "cancel_delivery",
        "배달 주문을 취소합니다.",
        {"order_no": {"type": "integer", "description": "주문 번호"}},
        ["order_no"],
    )
    calls = calls_of(ask("42번이랑 43번 배달 취소해줘", [cancel, BUS]))
    assert sorted(calls, key=str) == [
        ("cancel_delivery", {"order_no": 42}),
        ("cancel_delivery", {"order_no": 43}),
    ]


def test_topic_words_that_are_a_small_part_of_a_question_choose_nothing() -> None:
    washer = tool("washer_status", "Time left on the washing machine.", {}, [])
    question = "Can I put detergent straight on a grease stain from olive oil or pizza sauce?"
    message = ask(question, [washer, BUS])
    assert message.tool_calls is None


@pytest.mark.parametrize(
    ("word", "topic"),
    [
        ("층간소음", "apartment_life"),  # life in an apartment building
        ("upstairs", "apartment_life"),
        ("식세기", "appliances"),  # home appliances, any of them
        ("dryer", "appliances"),
        ("초조하다", "mood_journal"),  # how one feels
        ("grateful", "mood_journal"),
        ("과외", "tutoring"),  # private lessons
        ("요금제", "telecom"),  # phone plans
        ("증명사진", "photo"),  # photo studios
        ("페트병", "trash"),  # what is thrown out
    ],
)
def test_everyday_situations_have_frames(word: str, topic: str) -> None:
    assert topic in word_topics(Word(word, word, "NOUN", 0, len(word)))


COMPLAINT = tool(
    "submit_resident_complaint",
    "Send a complaint to the building management.",
    {"text": {"type": "string", "description": "What the complaint is about"}},
    ["text"],
)
JOURNAL = tool(
    "write_journal",
    "Save today's diary entry.",
    {"text": {"type": "string", "description": "Entry text"}},
    ["text"],
)


def test_words_of_life_in_a_building_choose_the_building_tool() -> None:
    calls = calls_of(ask("윗집 층간소음 때문에 못 자겠어요, 민원 넣어줘", [COMPLAINT, BUS]))
    assert [name for name, _ in calls] == ["submit_resident_complaint"]


def test_words_of_feeling_choose_the_diary() -> None:
    calls = calls_of(ask("오늘 좀 외롭고 심심했어, 일기에 남겨줘", [JOURNAL, BUS]))
    assert [name for name, _ in calls] == ["write_journal"]
