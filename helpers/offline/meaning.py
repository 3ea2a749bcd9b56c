"""Meaning: the concepts a text's words stand for, and how informative each word is.

Both the request and each tool are read with these functions, so a request in Korean and a tool
described in English meet in the same concepts (lexicon.py). A word the lexicon does not know
stands for itself ("~ramen"), so tools from any domain still match on their own words.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from wordfreq import get_frequency_dict, zipf_frequency

from helpers.offline.glossary import EVERYDAY_KO_EN, EVERYDAY_SYNONYMS
from helpers.offline.lexicon import (
    BRITISH_SPELLINGS,
    BROADER,
    CONCEPTS,
    GLOSSARY_KO_EN,
    PHRASES,
    STOPWORDS,
)
from helpers.offline.topics import TOPICS
from helpers.offline.words import HANGUL, Word, is_known_english

COMMON_ZIPF = 7.0  # a word this frequent ("the") tells nothing
RARE_ZIPF = 3.0  # a word this rare or rarer tells the most
MIN_WEIGHT = 0.05
MAX_WEIGHT = 1.3
KOREAN_ENGLISH = {**EVERYDAY_KO_EN, **GLOSSARY_KO_EN}  # the workbook's own glossary wins
SHORTEST_PART = 3  # the shortest word a compound is split into ("show|times")
BROADER_SHARE = 0.6  # a match through a broader concept ("multiply" -> arithmetic) counts less


@dataclass(frozen=True)
class Sense:
    """One concept a word of the text stands for, how much the word tells, and where it is."""

    concept: str
    weight: float
    word: str
    start: int
    end: int
    negated: bool = False  # the request says NOT to ("don't send it yet")
    stress: float = 1.0  # how plainly it is asked: less for an action's word used as a noun


@lru_cache(maxsize=1)
def concept_index() -> dict[str, tuple[str, ...]]:
    """Every word of the lexicon and the concepts it can mean."""
    index: dict[str, list[str]] = {}
    for concept, listed in CONCEPTS.items():
        for word in listed.split():
            index.setdefault(word.lower(), []).append(concept)
    return {word: tuple(concepts) for word, concepts in index.items()}


@lru_cache(maxsize=1)
def _korean_frequencies() -> dict[str, float]:
    """wordfreq's Korean list (its own tokenizer needs MeCab, so we look words up directly)."""
    return get_frequency_dict("ko")


@lru_cache(maxsize=65536)
def informativeness(lemma: str, language: str) -> float:
    """How much a word tells about the request: rare words much, common words ("get") little."""
    if language == "ko":
        table = _korean_frequencies()
        frequency = table.get(lemma) or table.get(lemma.removesuffix("다"), 0.0)
        zipf = math.log10(frequency) + 9 if frequency else 0.0
    else:
        zipf = zipf_frequency(lemma, "en")
    if zipf == 0.0:
        return MAX_WEIGHT
    share = (COMMON_ZIPF - zipf) / (COMMON_ZIPF - RARE_ZIPF)
    return min(MAX_WEIGHT, max(MIN_WEIGHT, share))


def meanings(word: Word) -> tuple[str, ...]:
    """The concepts one word can mean; an unknown content word means itself."""
    return _meanings_of(word.text.lower(), word.lemma.lower())


@lru_cache(maxsize=65536)
def _meanings_of(text: str, lemma: str) -> tuple[str, ...]:
    """meanings() for one written form and lemma: the lexicon, then the same word in another
    spelling or number ("summarise", "podcasts"), in English ("역사" -> history), or a compound's
    head ("timesheet" -> sheet); else the word itself ("~ramen")."""
    index = concept_index()
    forms = [f.removesuffix("'s") for f in dict.fromkeys((text, lemma))]
    glossed = [KOREAN_ENGLISH[f] for f in forms if f in KOREAN_ENGLISH]
    glossed += [EVERYDAY_SYNONYMS[f] for f in forms + glossed if f in EVERYDAY_SYNONYMS]
    forms += glossed
    forms += [v for f in forms for v in variants(f)]
    for form in forms:
        if form in index:  # a word the lexicon knows broadly also means its glossary word:
            # 치과 is health, and dentistry; a dermatologist is health, and dermatology
            return index[form] + tuple(f"~{g}" for g in glossed if g not in index)
    if " " in forms[-1] and forms[-1] not in glossary_phrases():  # 일기예보 = weather forecast
        known = tuple(dict.fromkeys(c for w in forms[-1].split() for c in index.get(w, ())))
        if known:
            return known
    parts = compound_parts(forms[-1])
    if parts and len(index[parts[1]]) == 1:  # an English compound means what its head (its last
        return index[parts[1]]  # part) means: a postcard is a card; a head of several meanings
        # says none of them (a timetable is no database table, nor a restaurant's)
    return (f"~{forms[-1]}",)


def variants(form: str) -> list[str]:
    """The same English word in American spelling and, when it is not a dictionary word, in the
    singular: "catalogue" -> catalog, "summarise" -> summarize, "podcasts" -> podcast. A
    dictionary word is respelled only into another ("residence" is no British "residense")."""
    found = []
    for ending, replacement in BRITISH_SPELLINGS:
        if form.endswith(ending) and len(form) > len(ending) + 2:
            found.append(form[: -len(ending)] + replacement)
    if is_known_english(form):
        found = [american for american in found if is_known_english(american)]
    if form.isascii() and not is_known_english(form) and len(form) > 4:
        found += [form[:-3] + "y"] if form.endswith("ies") else []
        found += [form[:-2]] if form.endswith(("ches", "shes", "xes", "sses")) else []
        found += [form[:-1]] if form.endswith("s") and not form.endswith("ss") else []
    return found


def compound_parts(form: str) -> tuple[str, str] | None:
    """An English compound the lexicon knows both halves of ("postcard" -> post, card)."""
    index = concept_index()
    if not form.isascii() or not form.isalpha() or form in index:
        return None
    for cut in range(SHORTEST_PART, len(form) - SHORTEST_PART + 1):
        head, tail = form[:cut], form[cut:]
        if head in index and tail in index:
            return head, tail
    return None


def is_content(word: Word) -> bool:
    """Whether a word can carry meaning: letters, and not a small function word."""
    lemma = word.lemma.lower()
    if lemma in STOPWORDS or lemma.removesuffix("'s") in STOPWORDS:  # "where's"
        return False
    if not any(c.isalpha() for c in lemma):
        return False
    return len(lemma) > 1 or lemma in concept_index() or _known_syllable(word)


def _known_syllable(word: Word) -> bool:
    """A Korean noun of one syllable that a dictionary here knows (흙 soil, 옷 clothes, 빵
    bread): a word, not a particle or a counter."""
    lemma = word.lemma
    known = lemma in KOREAN_ENGLISH or lemma in topic_index()
    return word.tag == "NOUN" and bool(HANGUL.match(lemma)) and known


def read_senses(words: Sequence[Word], language: str) -> tuple[Sense, ...]:
    """Every concept the words stand for, two-word phrases first ("cover letter", "look up")."""
    found: list[Sense] = []
    i = 0
    while i < len(words):
        unit, concepts, taken = _unit_at(words, i)
        if unit is not None:
            weight = informativeness(unit.lemma.lower(), language)
            found += [Sense(c, weight, unit.text, unit.start, unit.end) for c in concepts]
            found += _head_senses(unit, words[i + 1 : i + taken], concepts, weight)
            found += _gloss_head_senses(unit, concepts, weight)
        i += taken
    return tuple(found)


def _head_senses(
    unit: Word, rest: Sequence[Word], concepts: tuple[str, ...], weight: float
) -> list[Sense]:
    """A two-word name the lexicon does not know as one concept ("high tide") is a kind of what
    its last word names (a tide): it means that word too, less strongly. Only a word that stands
    for itself: a head the lexicon files under a broad concept would carry it too far (the
    "front door" of a camera is no lock)."""
    phrase = len(rest) == 1 and " " in unit.text  # two words read as one (not 리+마인드)
    if not phrase or len(concepts) != 1 or not concepts[0].startswith("~"):
        return []
    share = weight * BROADER_SHARE
    heads = [c for c in meanings(rest[0]) if c.startswith("~")]
    return [Sense(c, share, unit.text, unit.start, unit.end) for c in heads]


def _gloss_head_senses(unit: Word, concepts: tuple[str, ...], weight: float) -> list[Sense]:
    """A word glossed as a two-word name (깍두기 "radish kimchi", 월식 "lunar eclipse") is a kind
    of what the gloss's last word names, as _head_senses reads a two-word name: it means that
    word too, less strongly."""
    if len(concepts) != 1 or not concepts[0].startswith("~") or " " not in concepts[0]:
        return []
    head = concepts[0].split()[-1]
    heads = [c for c in _meanings_of(head, head) if c.startswith("~")]
    return [Sense(c, weight * BROADER_SHARE, unit.text, unit.start, unit.end) for c in heads]


def _unit_at(words: Sequence[Word], i: int) -> tuple[Word | None, tuple[str, ...], int]:
    """The unit of meaning at word i: a two-word phrase, a Korean word kiwipiepy split, or one
    content word; its concepts, and how many words it takes."""
    phrase = _phrase(words, i)
    if phrase is not None:
        first, second = words[i], words[i + 1]
        lemma = f"{first.lemma} {second.lemma}"
        return (
            Word(f"{first.text} {second.text}", lemma, "VERB", first.start, second.end),
            (phrase,),
            2,
        )
    joined = _joined(words, i)
    if joined is not None:
        return joined, meanings(joined), 2
    if is_content(words[i]):
        return words[i], meanings(words[i]), 1
    return None, (), 1


def _joined(words: Sequence[Word], i: int) -> Word | None:
    """Two Korean morphemes written as one word that the lexicon knows whole (리+마인드)."""
    if i + 1 >= len(words) or words[i].end != words[i + 1].start:
        return None
    text = words[i].text + words[i + 1].text
    known = text.lower() in concept_index() or text in KOREAN_ENGLISH
    if not HANGUL.search(text) or not known:
        return None
    return Word(text, text, "NOUN", words[i].start, words[i + 1].end)


def _phrase(words: Sequence[Word], i: int) -> str | None:
    """The concept of a two-word phrase starting at word i: one the lexicon lists, or a two-word
    English name the glossary gives a Korean word ("internal medicine" = 내과)."""
    if i + 1 >= len(words):
        return None
    phrase = f"{words[i].lemma.lower()} {words[i + 1].lemma.lower()}"
    if phrase in PHRASES:
        return PHRASES[phrase]
    return f"~{phrase}" if phrase in glossary_phrases() else None


@lru_cache(maxsize=1)
def glossary_english() -> frozenset[str]:
    """The English words the glossary gives Korean words ("kimchi", "tteokbokki"): words the
    model knows, though the concept table does not."""
    return frozenset(english for english in KOREAN_ENGLISH.values() if " " not in english)


@lru_cache(maxsize=1)
def glossary_phrases() -> frozenset[str]:
    """The two-word English names in the glossary: each is read as one unit, in English text
    as in a Korean word's meaning, so the two meet."""
    index = concept_index()
    return frozenset(
        english
        for english in KOREAN_ENGLISH.values()
        if english.count(" ") == 1 and not all(word in index for word in english.split())
    )  # "weather forecast" is read word by word: the lexicon knows both words


def with_broader(concepts: Iterable[str]) -> dict[str, float]:
    """The concepts with the broader ones they belong to, each with its share (1 or less)."""
    shares: dict[str, float] = {}
    for concept in concepts:
        shares[concept] = 1.0
        share = 1.0
        while concept in BROADER:
            concept, share = BROADER[concept], share * BROADER_SHARE
            shares[concept] = max(shares.get(concept, 0.0), share)
    return shares


@lru_cache(maxsize=1)
def topic_index() -> dict[str, frozenset[str]]:
    """Every word of the topic frames (topics.py) and the frames it belongs to."""
    index: dict[str, set[str]] = {}
    for topic, listed in TOPICS.items():
        for word in listed.split():
            index.setdefault(word.lower(), set()).add(topic)
    return {word: frozenset(topics) for word, topics in index.items()}


def topics_of(keys: Iterable[str]) -> frozenset[str]:
    """The everyday topics any of a word's forms belongs to (its text, lemma, or the English
    word a Korean word means: 설거지 -> dishwashing -> chores)."""
    index = topic_index()
    found: set[str] = set()
    for key in keys:
        found |= index.get(key.lower().removeprefix("~"), frozenset())
    return frozenset(found)


def word_topics(word: Word) -> frozenset[str]:
    """The topics of one word, by its text, its lemma and what it means."""
    return topics_of((word.text, word.lemma, *meanings(word)))
