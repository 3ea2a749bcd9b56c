"""Reading the request, step 1: content words with lemmas and parts of speech (English, Korean)."""

from __future__ import annotations

import random
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers.offline import words as word_module
from helpers.offline.words import Word, language_of, split_identifier, words


def lemmas(text: str, language: str | None = None, **options: bool) -> list[str]:
    """The lemmas of a text's content words, in order."""
    return [word.lemma for word in words(text, language, **options)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("What is 1234.5 times 6789 divided by 3?", ["1234.5", "time", "6789", "divide", "3"]),
        ("Show me the cities I booked", ["show", "city", "book"]),
        ("I sent two emails", ["send", "two", "email"]),
        ("Cancel my booking for tomorrow", ["cancel", "book", "tomorrow"]),
        ("List all flights leaving from Paris", ["list", "flight", "leave", "paris"]),
        ("Remind me to buy 1,200 grams of flour", ["remind", "buy", "1200", "gram", "flour"]),
        ("Don't delete the reminders", ["not", "delete", "reminder"]),
        ("I can’t find my booking", ["not", "find", "book"]),
        ("The children were running", ["child", "run"]),
    ],
)
def test_english_lemmas(text: str, expected: list[str]) -> None:
    assert lemmas(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("라면 끓이게 10분 타이머 맞춰줘", ["라면", "끓이다", "10", "분", "타이머", "맞추다"]),
        ("엄마한테 오늘 늦는다고 문자 보내줘", ["엄마", "오늘", "늦다", "문자", "보내다"]),
        ("서울 날씨 알려줘", ["서울", "날씨", "알리다"]),
        ("250달러를 유로로 바꿔줘", ["250", "달러", "유로", "바꾸다"]),
        ("회의실을 예약해줘", ["회의실", "예약"]),
        ("이 files 읽어줘", ["file", "읽다"]),
        ("세 명 자리 있어?", ["세", "명", "자리", "있다"]),
        ("맞춰줘 김민수에게", ["맞추다", "김민수"]),  # a name kiwipiepy splits is joined again
    ],
)
def test_korean_lemmas_with_kiwi(text: str, expected: list[str]) -> None:
    assert lemmas(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("라면 끓이게 10분 타이머 맞춰줘", ["라면", "끓이다", "10", "분", "타이머", "맞추다"]),
        ("엄마한테 문자 보내줘", ["엄마", "문자", "보내다"]),
        ("서울의 날씨가 궁금해", ["서울", "날씨", "궁금"]),
        ("회의실을 예약해줘", ["회의실", "예약"]),
        ("환율 좀 바꿔 줘", ["환율", "바꿔"]),
        ("보고서.pdf 파일을 읽어 줘", ["보고서", "pdf", "파일", "읽어"]),
    ],
)
def test_korean_fallback_reader_keeps_the_nouns(text: str, expected: list[str]) -> None:
    assert lemmas(text, use_kiwi=False) == expected


def test_the_module_flag_forces_the_fallback_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    word_module.read_words.cache_clear()
    monkeypatch.setattr(word_module, "KIWI_ENABLED", False)
    said = words("날씨가 어때")
    assert [w.lemma for w in said] == ["날씨", "어때"]  # the small reader: no verb analysis


def test_without_kiwipiepy_korean_is_still_read(monkeypatch: pytest.MonkeyPatch) -> None:
    word_module.read_words.cache_clear()
    monkeypatch.setattr(word_module, "korean_analyzer", lambda: None)
    assert [w.lemma for w in words("타이머를 맞춰줘", use_kiwi=True)] == ["타이머", "맞추다"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Book a table for 4 people", [("Book", "VERB"), ("table", "NOUN"), ("4", "NUM"),
                                       ("people", "NOUN")]),
        ("Send it to Sarah", [("Send", "VERB"), ("Sarah", "PROPN")]),
        ("twelve quick steps", [("twelve", "NUM"), ("quick", "ADJ"), ("steps", "NOUN")]),
        ("서울 날씨 빨리", [("서울", "PROPN"), ("날씨", "NOUN"), ("빨리", "ADV")]),
        ("예쁜 꽃 스무 송이", [("예쁜", "ADJ"), ("꽃", "NOUN"), ("스무", "NUM"), ("송이", "NOUN")]),
    ],
)  # fmt: skip
def test_coarse_tags(text: str, expected: list[tuple[str, str]]) -> None:
    assert [(w.text, w.tag) for w in words(text)] == expected


@pytest.mark.parametrize(
    "text",
    [
        "What is 1234.5 times 6789 divided by 3?",
        "Email kim@example.com: the 'Q3 report' isn't ready.",
        "😀 라면 끓이게 10분 타이머 맞춰줘 and call me",
        "엄마한테\n오늘 늦는다고 문자 보내줘!!",
        "x" * 50 + " long-token " + "y-" * 30,
    ],
)
@pytest.mark.parametrize("use_kiwi", [True, False])
def test_offsets_point_at_the_words_as_written(text: str, use_kiwi: bool) -> None:
    said = words(text, use_kiwi=use_kiwi)
    assert said
    assert all(text[w.start : w.end] == w.text for w in said)
    assert [w.start for w in said] == sorted(w.start for w in said)


def test_function_words_and_punctuation_are_dropped() -> None:
    assert words("the of and, to? it is!") == ()
    assert lemmas("엄마가 밥을 먹는다.") == ["엄마", "밥", "먹다"]


def test_words_are_frozen_and_deterministic() -> None:
    first = words("엄마한테 문자 보내줘 and book a flight")
    assert first == words("엄마한테 문자 보내줘 and book a flight")
    with pytest.raises(AttributeError):
        first[0].lemma = "x"  # type: ignore[misc]
    assert isinstance(first[0], Word)


@pytest.mark.parametrize(
    ("text", "language"),
    [("hello", "en"), ("서울 weather", "ko"), ("", "en"), ("123 ㅋㅋ", "en"), ("안녕", "ko")],
)
def test_language_of(text: str, language: str) -> None:
    assert language_of(text) == language


def test_a_korean_language_hint_on_english_text_still_reads_english() -> None:
    assert lemmas("booking cities", "ko") == ["book", "city"]


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("getWeatherNow", ["get", "weather", "now"]),
        ("send_sms", ["send", "sms"]),
        ("tool-1", ["tool", "1"]),
        ("HTTPServerStatus", ["http", "server", "status"]),
        ("convert2USD", ["convert", "2", "usd"]),
        ("날씨_조회", ["날씨", "조회"]),
        ("", []),
    ],
)
def test_split_identifier(name: str, parts: list[str]) -> None:
    assert split_identifier(name) == parts


def test_kiwi_reads_at_most_its_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    analyzer = word_module.korean_analyzer()
    seen: list[int] = []

    class Counting:
        def tokenize(self, text: str) -> list:
            seen.append(len(text))
            return analyzer.tokenize(text)

    monkeypatch.setattr(word_module, "korean_analyzer", lambda: Counting())
    word_module.read_words.cache_clear()
    text = "엄마한테 오늘 늦는다고 문자 보내줘. " * 5_000
    said = words(text, use_kiwi=True)
    assert sum(seen) <= word_module.KIWI_BUDGET
    assert said[-1].lemma == "보내다"  # the rest is read by the small reader
    assert len(said) >= 4 * 5_000


@pytest.mark.parametrize(
    "kind", ["random", "korean", "base64", "one long line", "digits and punctuation"]
)
def test_long_inputs_finish(kind: str) -> None:
    rng = random.Random(9)
    alphabet = {
        "random": "abcdefghij klmnop,.'-\n0123456789",
        "korean": "가나다라마바사 아자차카 타파하를에게 ",
        "base64": "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/",
        "one long line": "abcdefghijklmnopqrstuvwxyz'-",
        "digits and punctuation": "0123456789.,:-/ ",
    }[kind]
    text = "".join(rng.choice(alphabet) for _ in range(100_000))
    words("워밍업", use_kiwi=True)  # load kiwipiepy outside the measured call
    began = time.process_time()  # this process's time: other load does not count
    words(text)
    assert time.process_time() - began < 2.0  # generous: milliseconds are expected (bench/)


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80), st.sampled_from([None, "en", "ko"]), st.booleans())
def test_any_text_reads_into_words(text: str, language: str | None, use_kiwi: bool) -> None:
    said = words(text, language, use_kiwi=use_kiwi)
    assert all(text[w.start : w.end] == w.text and w.lemma for w in said)
    assert all(w.tag in {"NOUN", "PROPN", "VERB", "ADJ", "NUM", "ADV", "OTHER"} for w in said)


def test_kiwipiepy_keeps_the_lexicon_s_nouns_whole() -> None:
    """ "api 로그": without help kiwipiepy reads 로 (a particle) + 그; told the lexicon's nouns,
    it reads the noun 로그 (log)."""
    from helpers.offline.words import words

    assert "로그" in [w.lemma for w in words("payments-api 로그 보여줘", "ko")]
