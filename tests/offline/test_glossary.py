"""The everyday glossary (helpers/offline/glossary.py): its format, and words a dictionary has."""

from __future__ import annotations

import re

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.glossary import EVERYDAY_KO_EN, EVERYDAY_SYNONYMS
from helpers.offline.lexicon import GLOSSARY_KO_EN
from helpers.offline.meaning import variants

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
        ("수도", "water"),  # home utilities: the water supply, as on a bill
        ("난방", "heating"),
        ("정전", "power outage"),
        ("소음", "noise"),  # the building and its neighbours
        ("윗집", "upstairs neighbor"),
        ("식세기", "dishwasher"),  # appliances, short forms too
        ("우표", "stamp"),  # post
        ("페트병", "plastic bottle"),  # waste and recycling
        ("헌혈", "blood donation"),  # volunteering and giving
        ("증명사진", "id photo"),  # photo studios
        ("하객", "wedding guest"),  # weddings
        ("무제한", "unlimited"),  # phone plans
        ("초조", "nervous"),  # the root of 초조하다, as the word reader splits it
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
        ("radiator", "heating"),  # home utilities said another way
        ("power", "electricity"),
        ("loud", "noise"),
        ("peaceful", "calm"),  # moods: the word a tracker's choices use
        ("annoyed", "angry"),
        ("nervous", "anxiety"),
        ("glasses", "eyeglass"),
        ("trousers", "pants"),
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


def test_weighing_and_kilos_are_about_weight() -> None:
    assert "weight" in concepts_of("I weighed in at 72 kilos")


def test_words_whose_senses_split_evenly_are_left_out() -> None:
    for word in ("쓰다", "배", "말", "싸다", "짜다"):  # write/use/wear, belly/pear/ship, ...
        assert word not in EVERYDAY_KO_EN, word


def test_the_root_of_a_hada_word_the_reader_splits_off_is_known_too() -> None:
    from helpers.offline.meaning import KOREAN_ENGLISH, concept_index
    from helpers.offline.words import words

    missing = []
    for key in (k for k in EVERYDAY_KO_EN if k.endswith("하다") and len(k) >= 4):
        root = key.removesuffix("하다")
        read = [w.lemma for w in words(f"오늘 {root}해", "ko")]
        if root in read and root not in KOREAN_ENGLISH and root not in concept_index():
            missing.append(root)  # 초조해 reads as 초조 + 해: 초조 needs its own line
    assert missing == []


# ---------------------------------------------------------------- choices named across languages

ROOM_PROBLEM = tool(
    "report_room_problem",
    "Tell the front desk about a problem in a hotel room.",
    {
        "issue": {"type": "string", "enum": ["heating", "noise", "internet", "cleaning"]},
        "room": {"type": "string", "description": "Room number"},
    },
    ["issue"],
)
OFFICE_FAULT = tool(
    "report_building_fault",
    "사무실 건물의 고장이나 불편을 신고합니다.",
    {"category": {"type": "string", "enum": ["난방", "소음", "전기", "수도"]}},
    ["category"],
)
FEELING = tool(
    "rate_session",
    "How the student felt after today's lesson.",
    {"feeling": {"type": "string", "enum": ["happy", "angry", "anxious", "tired", "calm"]}},
    ["feeling"],
)
BUS = tool(
    "get_bus_times",
    "Next departures at a bus stop.",
    {"stop": {"type": "string", "description": "Stop name"}},
    ["stop"],
)


@pytest.mark.parametrize(
    ("request_text", "tools", "argument", "choice"),
    [
        ("옆방이 너무 시끄러워요, 프런트에 말해 주세요", [ROOM_PROBLEM, BUS], "issue", "noise"),
        ("The power is out on our floor, report it", [OFFICE_FAULT, BUS], "category", "전기"),
        (
            "It's way too loud near the meeting rooms, please file it",
            [OFFICE_FAULT, BUS],
            "category",
            "소음",
        ),
        (
            "수업 끝나고 학생이 많이 초조해했어요, 기록해 주세요",
            [FEELING, BUS],
            "feeling",
            "anxious",
        ),
        ("오늘 수업 후에 짜증을 많이 냈어요", [FEELING, BUS], "feeling", "angry"),
        ("She seemed really peaceful after the lesson", [FEELING, BUS], "feeling", "calm"),
        ("The student was irritated the whole lesson, log it", [FEELING, BUS], "feeling", "angry"),
    ],
)
def test_a_choice_is_named_by_a_word_of_the_other_language_or_its_usual_form(
    request_text: str, tools: list[dict], argument: str, choice: str
) -> None:
    calls = calls_of(ask(request_text, tools))
    assert len(calls) == 1
    assert calls[0][1][argument] == choice


@pytest.mark.parametrize(
    ("word", "american"),
    [("colour", "color"), ("centre", "center"), ("licence", "license"), ("analyse", "analyze")],
)
def test_a_british_spelling_is_read_in_american(word: str, american: str) -> None:
    assert american in variants(word)


@pytest.mark.parametrize("word", ["residence", "detour", "contour", "practise"])
def test_a_dictionary_word_is_never_respelled_into_a_non_word(word: str) -> None:
    """'residence' ends like 'licence' but has no other spelling: it stays itself."""
    assert variants(word) == []
