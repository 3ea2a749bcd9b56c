"""The everyday glossary (helpers/offline/glossary.py): its format, and words a dictionary has."""

from __future__ import annotations

import re

import pytest

from helpers.offline.glossary import EVERYDAY_KO_EN, EVERYDAY_SYNONYMS
from helpers.offline.lexicon import GLOSSARY_KO_EN

HANGUL_WORD = re.compile(r"^[\uac00-\ud7a3]+$")
ENGLISH_LEMMA = re.compile(r"^[a-z]+(?:[ -][a-z]+)*$")

# Particles, endings, function words and contractions (전 = 저는, 난 = 나는, 절 = 저를): a Korean
# text is full of them, so none may mean a thing.
PARTICLES_AND_ENDINGS = frozenset(
    "은 는 이 가 을 를 에 에서 로 으로 와 과 도 만 의 께 께서 에게 한테 부터 까지 처럼 보다 마다 "
    "이나 나 랑 이랑 하고 요 고 며 면 서 지 게 죠 네 다 니 어 아 야 여 하다 되다 있다 없다 이다 "
    "것 거 수 등 및 좀 더 안 못 잘 또 그 저 제 내 나 너 우리 뭐 몇 때 중 데 듯 뿐 채 척 체 "
    "전 난 절 넌 널".split()
)


def test_korean_keys_are_single_hangul_words() -> None:
    bad = [key for key in EVERYDAY_KO_EN if not HANGUL_WORD.match(key)]
    assert bad == []


def test_english_values_are_lowercase_lemmas() -> None:
    bad = {key: value for key, value in EVERYDAY_KO_EN.items() if not ENGLISH_LEMMA.match(value)}
    assert bad == {}


def test_no_key_is_a_particle_or_an_ending() -> None:
    assert sorted(PARTICLES_AND_ENDINGS & EVERYDAY_KO_EN.keys()) == []


def test_no_key_repeats_the_lexicon_glossary() -> None:
    assert sorted(GLOSSARY_KO_EN.keys() & EVERYDAY_KO_EN.keys()) == []


def test_the_glossary_is_broad() -> None:
    assert len(EVERYDAY_KO_EN) >= 2000
    assert len(EVERYDAY_SYNONYMS) >= 500


def test_synonyms_are_lowercase_english() -> None:
    bad = {
        word: lemma
        for word, lemma in EVERYDAY_SYNONYMS.items()
        if not (ENGLISH_LEMMA.match(word) and ENGLISH_LEMMA.match(lemma))
    }
    assert bad == {}


def test_synonyms_never_map_a_word_to_itself() -> None:
    assert [word for word, lemma in EVERYDAY_SYNONYMS.items() if word == lemma] == []


def test_synonyms_need_one_lookup_only() -> None:
    synonyms = EVERYDAY_SYNONYMS
    chains = {word: lemma for word, lemma in synonyms.items() if lemma in synonyms}
    assert chains == {}


@pytest.mark.parametrize(
    ("korean", "english"),
    [
        ("피부과", "dermatology"),  # clinic departments by their field
        ("소아과", "pediatrics"),
        ("중국집", "chinese"),  # cuisines
        ("분식", "snack"),
        ("양식", "western"),
        ("배포", "deploy"),  # devops
        ("롤백", "rollback"),
        ("운영", "production"),
        ("스테이징", "staging"),
        ("장애", "outage"),
        ("월세", "monthly rent"),  # real estate
        ("매매", "sale"),
        ("월요일", "monday"),  # calendar
        ("잔", "glass"),  # measure words
        ("그릇", "bowl"),
        ("마리", "animal"),
        ("응가", "poop"),  # colloquial and loan words
        ("폰", "phone"),
        ("알바", "part-time job"),
        ("빨간색", "red"),  # colours
        ("화학", "chemistry"),  # school subjects
        ("우체국", "post office"),  # places in a city
    ],
)
def test_everyday_korean_words(korean: str, english: str) -> None:
    assert EVERYDAY_KO_EN[korean] == english


@pytest.mark.parametrize(
    ("word", "lemma"),
    [
        ("dermatologist", "dermatology"),
        ("dentist", "dentistry"),
        ("prod", "production"),
        ("doc", "document"),
        ("pic", "photo"),
        ("convo", "conversation"),
        ("healthy", "health"),
        ("lorry", "truck"),
    ],
)
def test_everyday_english_synonyms(word: str, lemma: str) -> None:
    assert EVERYDAY_SYNONYMS[word] == lemma


# ---------------------------------------------------------------- how meaning.py reads it


def concepts_of(text: str) -> list[str]:
    """The concepts meaning.read_senses finds in a text, in order."""
    from helpers.offline.meaning import read_senses
    from helpers.offline.words import language_of, words

    language = language_of(text)
    return [sense.concept for sense in read_senses(words(text, language), language)]


def test_a_korean_word_means_its_english_word_from_the_everyday_glossary() -> None:
    assert "~dentistry" in concepts_of("치과")
    assert concepts_of("dentistry") == ["~dentistry"]
    assert "~치과" not in concepts_of("치과")


def test_a_word_the_lexicon_knows_broadly_also_means_its_specific_word() -> None:
    assert {"music", "~singer"} <= set(concepts_of("가수"))  # music: lexicon.py
    assert {"medicine", "~supplement"} <= set(concepts_of("영양제"))
    assert "~dermatology" in concepts_of("dermatologist")


def test_an_english_word_also_means_the_form_descriptions_use() -> None:
    assert "~production" in concepts_of("prod")


def test_a_two_word_english_name_is_one_unit_in_either_language() -> None:
    assert "~internal medicine" in concepts_of("내과")
    assert concepts_of("internal medicine") == ["~internal medicine"]


def test_a_phrase_of_known_words_is_read_word_by_word() -> None:
    assert {"weather", "future"} <= set(concepts_of("the weather forecast"))
    assert {"weather", "future"} <= set(concepts_of("일기예보"))
