"""Broad word knowledge: the frequent Korean words the model gives a meaning, and a Korean request
meeting an English tool's words in domains the classroom set never uses."""

from __future__ import annotations

from functools import lru_cache

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.meaning import _meanings_of, read_senses
from helpers.offline.request import read_request
from helpers.offline.words import HANGUL, korean_analyzer, language_of, words

FREQUENT_LIST_SIZE = 20000  # wordfreq's Korean list, read until enough content words are found


@lru_cache(maxsize=1)
def frequent_korean_content_words() -> tuple[str, ...]:
    """The frequent Korean nouns, verbs and adjectives, in frequency order, as kiwipiepy
    lemmatises them (a noun of one syllable is left out: most are counters or particles)."""
    from wordfreq import top_n_list

    kiwi = korean_analyzer()
    found: list[str] = []
    for written in top_n_list("ko", FREQUENT_LIST_SIZE)[:8000]:
        tokens = kiwi.tokenize(written)
        endings = all(t.tag.startswith(("E", "J", "X")) for t in tokens[1:])
        if not tokens or not endings:
            continue
        first = tokens[0]
        if first.tag == "NNG" and len(first.form) > 1:
            found.append(first.form)
        elif first.tag in ("VV", "VA"):
            found.append(first.form + "다")
    return tuple(dict.fromkeys(found))


def has_meaning(word: str) -> bool:
    """Whether the model gives a Korean word any meaning (not just the word itself)."""
    meanings = _meanings_of(word, word)
    return not (len(meanings) == 1 and meanings[0].startswith("~") and HANGUL.search(meanings[0]))


@pytest.mark.parametrize(("top", "floor"), [(1000, 0.78), (2000, 0.76), (4000, 0.66)])
def test_most_frequent_korean_content_words_have_a_meaning(top: int, floor: float) -> None:
    frequent = frequent_korean_content_words()[:top]
    share = sum(map(has_meaning, frequent)) / len(frequent)
    assert share >= floor  # 2026-12 before the frequency-list glosses: 0.68, 0.59, 0.47


def concepts_of(text: str) -> set[str]:
    """The concepts meaning.read_senses finds in a text."""
    language = language_of(text)
    return {sense.concept for sense in read_senses(words(text, language), language)}


def request_concepts(text: str) -> set[str]:
    """The concepts the model reads in a request, its two-word phrases too ("call off")."""
    return {sense.concept for sense in read_request(text).senses}


@pytest.mark.parametrize(
    ("request_text", "description"),
    [
        ("파일 압축해줘", "Compress a folder into a zip archive."),  # actions
        ("목록을 이름순으로 정렬해줘", "Sort the rows of a sheet by a column."),
        ("캘린더 연동 설정", "Set up calendar integration with Outlook."),
        ("방금 한 거 되돌려줘", "Undo the last edit."),
        ("사진 파일명 개명", "Rename a photo file."),
        ("영수증 사진 첨부", "Attach a receipt photo to an expense."),
        ("주문 결과 통보해줘", "Notify the customer when the order ships."),
        ("가까운 세차장 탐색", "Search for car washes near a place."),
        ("진공 청소기 예약", "Schedule the robot vacuum."),  # things
        ("케잌 주문", "Order a birthday cake."),
        ("망원경 대여", "Rent a telescope for a night."),
        ("비료 주문해줘", "Buy fertilizer for the lawn."),
        ("모자이크 처리해줘", "Apply a mosaic blur to faces in a photo."),
        ("이번 시즌 리그 순위", "League standings for a season."),  # loan words
        ("에너지 사용량 보여줘", "Show household energy use."),
        ("키보드 매크로 라인 추가", "Add a line to a text file."),
        ("난이도 쉬움으로 퀴즈 만들어", "Create a quiz at a given difficulty."),  # qualities
        ("방수 재킷 찾아줘", "Find waterproof outdoor jackets."),
        ("수제 비누 주문", "Order handmade soap."),
        ("화성에 대해 퀴즈 내줘", "Make a quiz question about a planet such as Mars."),  # names
        ("목성 사진 보여줘", "Show space photos of Jupiter or Saturn."),
        ("파마 예약하고 싶어요", "Book a perm or a colour at the salon."),  # loan words
        ("브런치 메뉴 뭐 있어?", "Show the brunch menu."),
        ("카약 두 시간 빌려줘", "Rent a kayak by the hour."),
        ("타월 더 갖다 주세요", "Ask housekeeping for extra towels."),
        ("선인장 분갈이 방법 알려줘", "Step-by-step repotting guide for a plant."),  # more nouns
        ("해수욕장 수질 어때?", "Water quality readings for a beach."),
        ("그 영화 줄거리 요약해줘", "Summarise the storyline of a film."),
    ],
)
def test_a_korean_request_meets_an_english_description(request_text: str, description: str) -> None:
    shared = concepts_of(request_text) & concepts_of(description)
    assert shared, (request_text, description)


def test_a_word_the_model_does_not_know_still_meets_only_itself() -> None:
    assert concepts_of("뷁") & concepts_of("Compress a folder into a zip archive.") == set()


def test_glossed_words_do_not_make_unrelated_tools_meet() -> None:
    assert concepts_of("사진 압축해줘") & concepts_of("Sort the rows of a sheet.") == set()


FILES = [
    tool(
        "compress_folder",
        "Compress a folder into a zip archive.",
        {"path": {"type": "string", "description": "Folder path"}},
        ["path"],
    ),
    tool(
        "sort_rows",
        "Sort the rows of a spreadsheet by one column.",
        {"column": {"type": "string", "description": "Column name"}},
        ["column"],
    ),
]

KILN = [
    tool("check_kiln_status", "Whether the kiln is firing, cooling or free.", {}, []),
    tool(
        "book_wheel_session",
        "Reserve a pottery wheel for a date.",
        {"date": {"type": "string", "format": "date"}},
        ["date"],
    ),
]

KARAOKE = [
    tool(
        "set_volume",
        "Set the speaker volume from 0 to 100.",
        {"level": {"type": "integer"}},
        ["level"],
    ),
    tool(
        "queue_song",
        "Add a song to the karaoke queue.",
        {"title": {"type": "string"}},
        ["title"],
    ),
]


@pytest.mark.parametrize(
    ("request_text", "tools", "expected"),
    [
        ("/data/photos 폴더 압축해줘", FILES, "compress_folder"),
        ("'price' 열 기준으로 정렬해줘", FILES, "sort_rows"),
        ("가마 상태 알려줘", KILN, "check_kiln_status"),
        ("볼륨 70으로 맞춰줘", KARAOKE, "set_volume"),
    ],
)
def test_the_model_chooses_the_tool_a_korean_word_names(
    request_text: str, tools: list[dict], expected: str
) -> None:
    names = [name for name, _ in calls_of(ask(request_text, tools))]
    assert names == [expected]


@pytest.mark.parametrize(
    ("request_word", "description_word"),
    [
        ("quotation", "quote"),  # the act or the doer -> the verb a description names
        ("followers", "follow"),
        ("sale", "sell"),
        ("arrival", "arrive"),
        ("listeners", "listen"),
        ("tutor", "teacher"),  # the same thing said another way
        ("fare", "price"),
        ("generate", "create"),
        ("permitted", "allowed"),
        ("boost", "increase"),
        ("locate", "find"),
    ],
)
def test_an_english_word_meets_its_family_or_synonym(
    request_word: str, description_word: str
) -> None:
    assert concepts_of(request_word) & concepts_of(description_word)


@pytest.mark.parametrize(
    ("request_text", "description"),
    [
        ("Call off tomorrow's piano lesson", "Cancel a booked lesson."),  # phrasal verbs
        ("I want to back out of the marathon", "Cancel a race entry."),
        ("Top up my transit card with 20 dollars", "Recharge a prepaid card."),
        ("Push back my haircut to Friday", "Reschedule a salon appointment."),
        ("Hand back the projector", "Return equipment to the AV desk."),
        ("Opt out of the weekly digest", "Unsubscribe from a newsletter."),
        ("Hand in my lab report", "Submit an assignment."),
        ("Settle the invoice from the plumber", "Pay a bill."),
        ("We're flying past it, is the comet visible?", "When a comet can be seen from a city."),
        ("교통카드 만원 충전해줘", "Top up a transit card."),  # Korean verbs and loan words
        ("미용실 예약 금요일로 미뤄줘", "Reschedule a salon appointment."),
        ("빌린 우산 돌려드릴게요", "Return a borrowed item."),
        ("수영 강습 이제 그만 다닐래", "Unsubscribe from a class."),
        ("헬스장 회원 탈퇴하고 싶어요", "Terminate a gym membership."),
        ("그 약속은 없던 걸로 해줘", "Cancel an appointment."),
        ("대여 기간 하루 늘려줘", "Extend a rental."),
        ("내 체스 레이팅 알려줘", "Show a player's chess rating."),
        ("다음 주 라운딩 부킹해줘", "Book a golf round."),
        ("동호회 회비 정산해줘", "Settle up club fees."),
        ("근처 클라이밍장 좀 찾아봐줘", "Search bouldering gyms near a place."),
        ("이번 주 분리수거 당번은 민호한테 맡겨줘", "Assign a duty to a roommate."),
        ("Delegate the cake order to Sam", "Assign a task to a team member."),
        ("프린터 토너 갈아끼워줘", "Replace a printer cartridge."),
        ("며칠 연속으로 명상했어?", "Show the current meditation streak."),
        ("Reorder the same dog food as last month", "Order pet supplies."),
        ("Resend the invoice to Dana", "Send an invoice by email."),
        ("Put off the piano tuning until May", "Reschedule a tuning visit."),
        ("Reach out to the landlord about the heater", "Send a message to a landlord."),
        ("세탁소에 전화 좀 걸어줘", "Call a dry cleaner by phone."),
        ("치과 예약 30분만 당겨줘", "Reschedule a dental appointment."),
    ],
)
def test_an_action_said_another_way_meets_the_tools_verb(
    request_text: str, description: str
) -> None:
    shared = request_concepts(request_text) & concepts_of(description)
    assert shared, (request_text, description)


LIFTS = [
    tool("get_lift_status", "Whether each ski lift is running.", {}, []),
    tool(
        "buy_lift_pass",
        "Buy a day pass.",
        {"days": {"type": "integer"}},
        ["days"],
    ),
]

STARGAZING = [
    tool(
        "planet_visibility",
        "When a planet is visible from a city tonight.",
        {"planet": {"type": "string"}, "city": {"type": "string"}},
        ["planet", "city"],
    ),
    tool("moon_phase", "Moon phase on a date.", {"date": {"type": "string"}}, ["date"]),
]


@pytest.mark.parametrize(
    ("request_text", "tools", "expected"),
    [
        ("Is the gondola open yet?", LIFTS, "get_lift_status"),
        ("Can I see Mars from Daegu?", STARGAZING, "planet_visibility"),
    ],
)
def test_a_kind_or_a_derivation_meets_the_tools_word(
    request_text: str, tools: list[dict], expected: str
) -> None:
    names = [name for name, _ in calls_of(ask(request_text, tools))]
    assert names == [expected]


def test_new_action_words_do_not_make_unrelated_tools_meet() -> None:
    assert request_concepts("교통카드 충전해줘") & concepts_of("Reschedule a salon visit.") == set()
    assert request_concepts("Call off the meeting") & concepts_of("Recharge a card.") == set()


@pytest.mark.parametrize(
    ("korean", "head"),
    [("깍두기", "~kimchi"), ("월식", "~eclipse"), ("우롱차", "~tea"), ("개기일식", "~eclipse")],
)
def test_a_word_glossed_as_a_two_word_name_also_means_its_last_word(korean: str, head: str) -> None:
    """깍두기 is "radish kimchi": a kind of kimchi, so it meets a tool that only says kimchi."""
    assert head in {sense.concept for sense in read_senses(words(korean, "ko"), "ko")}
