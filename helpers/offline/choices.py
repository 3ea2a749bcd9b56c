"""Arguments by type: the choice (an enum member) a request names beyond the member's words.

A weekday choice ("월" to "금", "mon" to "fri") is the weekday of a date the user said ("내일"
on a Thursday is 금); a choice that is a number with a counter ("9호선", "3층") is named by that
number ("Line 9"); a choice written in one language is named by a word of the other through the
glossary ("formula" names 분유, 안과 names ophthalmology, 중국집 names 중식).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import date
from functools import cache
from typing import Any

from helpers.offline.entities import Entity, korean_tail_ok
from helpers.offline.glossary import EVERYDAY_SYNONYMS
from helpers.offline.lexicon_entities import (
    DEGREE_PREFIXES,
    DEGREE_WORDS,
    ENUM_ABBREVIATIONS,
    ENUM_SYNONYMS,
    FREQUENCY_MEMBERS,
    FREQUENCY_PERIODS,
    KO_PARTICLES,
    LANGUAGES,
    WEEKDAYS_EN,
    WEEKDAYS_KO,
)
from helpers.offline.meaning import KOREAN_ENGLISH
from helpers.offline.words import HANGUL, Word, english_sounds, korean_sounds

WEEKDAY_NAMES = {
    **WEEKDAYS_EN, **WEEKDAYS_KO, **{name[0]: day for name, day in WEEKDAYS_KO.items()},
}  # fmt: skip  # "monday", "mon", "월요일", "월"
NUMBERED = re.compile(r"\D*?(\d+)\D*")  # "9호선", "Gate 12", "3F": one number and a counter


def member_beyond_words(
    members: list[Any],
    words: Iterable[Word],
    entities: Iterable[Entity],
    text: str = "",
    description: str = "",
) -> tuple[Any, str] | None:
    """The choice the request names by a date's weekday, a number, a language, how often, a
    word the description glosses, or a word in the other language (a translation, a
    loanword, a compound, a degree), with the words it came from; None when it names none."""
    choices = [m for m in members if isinstance(m, str)]
    said, said_words = list(entities), [*words, *unread_words(text, words)]
    return (
        member_by_weekday(choices, said)
        or member_by_number(choices, said)
        or member_by_language(choices, said)
        or member_by_frequency(choices, text, said)
        or member_by_gloss(members, description, text)
        or member_by_english_phrase(choices, text)
        or member_by_sound(choices, said_words)
        or member_by_translation(choices, said_words)
        or member_in_compound(choices, said_words)
        or member_by_degree(choices, said_words)
        or member_by_abbreviation(choices, said_words, text)
        or member_by_synonym_group(choices, text)
        or member_by_choice_word(choices, text)
    )


HANGUL_RUN = re.compile(r"[가-힣]{2,}")


def unread_words(text: str, words: Iterable[Word]) -> list[Word]:
    """Hangul words of the text the word reader left out (a loanword it did not know:
    "그란데"), as written (said_forms also reads them without a particle)."""
    starts = {w.start for w in words}
    found = []
    for run in HANGUL_RUN.finditer(text):
        if run.start() in starts:
            continue
        found.append(Word(run.group(), run.group(), "NOUN", run.start(), run.end()))
    return found


def without_particle(said: str) -> str:
    """A Korean word without the particle written after it ("벤티로" -> 벤티), at least two
    syllables kept."""
    particle = next((p for p in KO_PARTICLES if said.endswith(p) and len(said) - len(p) >= 2), "")
    return said[: len(said) - len(particle)]


KOREAN_START = r"(?<![가-힣])"  # a Korean word starts here ("싼 순" is not inside "비싼 순")


def said_from_word_start(word: str, text: str) -> bool:
    """Whether a Korean word or stem is said from the start of a word ("비싼" does not say
    "싼"; "깨져서" says "깨져")."""
    return re.search(KOREAN_START + re.escape(word), text) is not None


def member_by_synonym_group(choices: list[str], text: str) -> tuple[str, str] | None:
    """A choice that is itself one of the other words for a choice (ENUM_SYNONYMS: "lunch" is
    점심, 중식): the group's other words name it too ("for lunch" names 점심), when the group
    holds no other choice (a broad group, food: 아침, 점심, 저녁, names none of them)."""
    lower = text.lower()
    offered = {c.lower(): c for c in choices}
    for group in synonym_groups():
        inside = [offered[w] for w in group if w in offered]
        if len(inside) != 1:
            continue
        said = next((w for w in group if w not in offered and is_said(w, lower)), None)
        if said is not None:
            return inside[0], said
    return None


def is_said(word: str, lower: str) -> bool:
    """Whether a lower-case text says a word: an English word whole, a Korean one from a word's
    start."""
    if word.isascii():
        return re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", lower) is not None
    return said_from_word_start(word, lower)


@cache
def synonym_groups() -> list[tuple[str, ...]]:
    """Each ENUM_SYNONYMS entry as a group of words for one thing (its key and its words), the
    smallest groups first."""
    groups = [(key, *filter(None, listed.split(", "))) for key, listed in ENUM_SYNONYMS.items()]
    return sorted(groups, key=len)


def member_by_abbreviation(
    choices: list[str], words: list[Word], text: str
) -> tuple[str, str] | None:
    """A choice written as an abbreviation ("S", "M", "L", "XL", "hi", "lo"), said in full in
    either language: "large", 라지 (a loanword), 큰 (ENUM_SYNONYMS of "large")."""
    full = {c: ENUM_ABBREVIATIONS[c.lower()] for c in choices if c.lower() in ENUM_ABBREVIATIONS}
    if len(full) < 2:
        return None
    lower = text.lower()
    found = []  # the longest words first: 엑스라지 is XL before its 라지 is L
    for choice, word in full.items():
        said = [word, *filter(None, ENUM_SYNONYMS.get(word, "").split(", "))]
        named = [w for w in said if w in lower and (not w.isascii() or re.search(
            rf"(?<![a-z]){re.escape(w)}(?![a-z])", lower))]  # fmt: skip
        sound = member_by_sound([word], words)
        found += [(len(w), choice, w) for w in named] + ([(len(sound[1]), choice, sound[1])]
                                                         if sound else [])  # fmt: skip
    return max(found)[1:] if found else None


def member_by_language(choices: list[str], entities: list[Entity]) -> tuple[str, str] | None:
    """A language choice for a language said in either language ("French" names 프랑스어)."""
    offered = {c.lower(): c for c in choices}
    for found in (e for e in entities if e.kind == "language" and isinstance(e.value, dict)):
        names = LANGUAGE_NAMES.get(found.value.get("code", ""), ())
        named = [offered[n.lower()] for n in names if n.lower() in offered]
        if named:
            return named[0], found.text
    return None


LANGUAGE_NAMES = {code: (name, code, *korean) for name, code, korean in LANGUAGES}
FREQUENCY_SAID = re.compile(
    r"(?i)\b(?:a|per|every|each|once a|twice a)\s+(day|week|month|year)\b"
    r"|\b(daily|weekly|monthly|yearly|annually)\b"
    r"|(?<![가-힣])(?:한\s?|1\s?)?(하루|날|주|일주일|달|해|년)(?:에|마다)(?![가-힣])"
    r"|(?<![가-힣])매(일|주|달|월|년)"
)


def member_by_frequency(
    choices: list[str], text: str, entities: list[Entity]
) -> tuple[str, str] | None:
    """A choice of how often, for a rate said per period ("한 달에 오만 원" names 매달, "$20 a
    week" weekly, "매일" daily), or a span of one period ("1년짜리" names 연간, "for a month"
    monthly)."""
    said = [(FREQUENCY_PERIODS.get(next(g for g in m.groups() if g).lower()), m.group())
            for m in FREQUENCY_SAID.finditer(text)]  # fmt: skip
    said += [
        (ONE_PERIOD[e.value["seconds"]], e.text)
        for e in entities
        if e.kind == "duration"
        and isinstance(e.value, dict)
        and e.value.get("seconds") in ONE_PERIOD
    ]
    for period, words in said:
        named = [c for c in choices if c.lower() in FREQUENCY_MEMBERS.get(period or "", ())]
        if named:
            return named[0], words
    return None


ONE_PERIOD = {86_400: "day", 604_800: "week", 2_592_000: "month", 31_536_000: "year"}


GLOSS = re.compile(  # a lookahead: "종류: chlorine=염소" glosses chlorine as 염소 too
    r"(?<![\w.-])(?=([\w.-]+)\s*(?:은|는|=|:|means|is)\s*([^\W\d_]+))"
)


def member_by_gloss(members: list[Any], description: str, text: str) -> tuple[Any, str] | None:
    """A choice the parameter's description glosses with a word the user says ("0은 찬물":
    "찬물로" names 0; "1 = low")."""
    offered = {str(m).lower(): m for m in members}
    for gloss in GLOSS.finditer(description):
        member = offered.get(gloss.group(1).lower())
        word = re.escape(gloss.group(2))
        whole = rf"(?<!\w){word}(?!\w)" if gloss.group(2).isascii() else rf"(?<![가-힣]){word}"
        said = re.search(whole, text, re.I) if member is not None else None
        if said is not None:
            return member, said.group()
    return None


def member_by_degree(choices: list[str], words: list[Word]) -> tuple[str, str] | None:
    """A Korean choice of degree, its Sino-Korean prefix said in English or Korean ("low heat"
    names 저온 of 저온/중온/고온, "강하게" 강풍); an English one said by its prefix (저온 low)."""
    degrees = {c: DEGREE_PREFIXES.get(c[0]) for c in choices if HANGUL.match(c) and len(c) == 2}
    english = {c.lower(): c for c in choices if c.lower() in DEGREE_WORDS}
    for word in words:
        said = DEGREE_WORDS.get(word.lemma.lower()) or DEGREE_WORDS.get(word.text.lower())
        named = [c for c, degree in degrees.items() if degree is not None and degree == said]
        prefix = DEGREE_PREFIXES.get(word.text[0]) if len(word.text) >= 2 else None
        named += [c for e, c in english.items() if prefix and DEGREE_WORDS[e] == prefix]
        if len(named) == 1 and len(degrees) + len(english) >= 2:
            return named[0], word.text
    return None


def member_by_weekday(choices: list[str], entities: list[Entity]) -> tuple[str, str] | None:
    """A weekday choice for a date said: the member naming that date's weekday."""
    if not choices or any(c.lower() not in WEEKDAY_NAMES for c in choices):
        return None
    for found in (e for e in entities if e.kind in ("date", "datetime")):
        weekday = date.fromisoformat(str(found.value)[:10]).weekday()
        member = next((c for c in choices if WEEKDAY_NAMES[c.lower()] == weekday), None)
        if member is not None:
            return member, found.text
    return None


def member_by_number(choices: list[str], entities: list[Entity]) -> tuple[str, str] | None:
    """The one choice numbered as a number said ("Line 9" names 9호선 of 1호선...9호선)."""
    numbered = {c: NUMBERED.fullmatch(c) for c in choices}
    for found in (e for e in entities if e.kind == "number" and isinstance(e.value, int)):
        same = [c for c, m in numbered.items() if m is not None and int(m[1]) == found.value]
        if len(same) == 1:
            return same[0], found.text
    return None


def member_by_translation(choices: list[str], words: Iterable[Word]) -> tuple[str, str] | None:
    """A choice named in the other language: a word whose English (through the glossary) is
    the member's English, or the head of it ("formula" is the head of "baby formula")."""
    english = {c: english_forms(c) for c in choices}
    for word in words:
        said = said_in_english(word)
        named = [choice for choice, forms in english.items() if said & forms]
        if len(named) == 1:  # "tea" is the head of 녹차 and 홍차 alike: it names neither
            return named[0], word.text
    return None


def member_by_english_phrase(choices: list[str], text: str) -> tuple[str, str] | None:
    """A Korean choice whose glossary English is a phrase the request says whole ("an iced
    black tea" names 홍차, black tea, not 녹차, green tea)."""
    lower = text.lower()
    named = [(c, KOREAN_ENGLISH[c]) for c in choices if " " in KOREAN_ENGLISH.get(c, "")]
    said = [(c, phrase) for c, phrase in named if is_said(phrase, lower)]
    return said[0] if len(said) == 1 else None


def member_in_compound(choices: list[str], words: list[Word]) -> tuple[str, str] | None:
    """A Korean choice said inside a Korean compound noun that begins or ends with it: 도시가스
    is a kind of 가스, 전기요금 the bill of 전기, 전기자전거 a 전기 bike (one choice only)."""
    korean = [c for c in choices if HANGUL.match(c) and len(c) >= SHORTEST_COMPOUND_PART]
    for word in words:
        for said in dict.fromkeys((word.lemma, word.text)):
            inside = [c for c in korean if len(said) > len(c) and said.startswith(c)]
            inside += [c for c in korean if len(said) > len(c) and said.endswith(c)]
            if len(set(inside)) == 1:
                return inside[0], word.text
    return None


SHORTEST_COMPOUND_PART = 2  # syllables: one syllable (울, 일) is inside too many words
SHORTEST_SOUNDS = 3  # consonant classes a loanword match needs (two for three syllables or more)


def member_by_sound(choices: list[str], words: list[Word]) -> tuple[str, str] | None:
    """A choice said as a loanword in the other script: 프리미엄 for premium, 라리가 for la_liga,
    "glamping" for 글램핑 (words.korean_sounds: the same consonants as Korean hears them)."""
    sounds = {c: choice_sounds(c) for c in choices}
    for said, text in said_forms(words):
        heard = korean_sounds(said) if HANGUL.match(said) else english_sounds(said)
        same = [
            c
            for c, sound in sounds.items()
            if sound == heard and is_other_script(c, said) and long_enough(heard, said, c)
        ]
        if len(same) == 1:
            return same[0], text
    return None


def said_forms(words: list[Word]) -> list[tuple[str, str]]:
    """Each word as said (its lemma, and without a particle: 벤티로), its parts (blow-dry), and
    two words written apart (오디오 가이드)."""
    forms = [(noun_form(w) if HANGUL.match(w.text) else w.text, w.text) for w in words]
    forms += [(without_particle(noun_form(w)), w.text) for w in words if HANGUL.match(w.text)]
    forms += [(part, w.text) for w in words if "-" in w.text for part in w.text.split("-")]
    pairs = [
        (a[0] + b[0], f"{a[1]} {b[1]}")
        for a, b, first, second in zip(forms, forms[1:], words, words[1:], strict=False)
        if second.start - first.end <= 1
    ]
    return forms + pairs


def noun_form(word: Word) -> str:
    """A Korean word as a loanword would be written: its lemma, but not a verb's dictionary
    form (여리 is not 여리다, 파인 not 파이다: a loanword is a noun, with no 다 to hear)."""
    verb = word.lemma.endswith("다") and word.lemma != word.text
    return word.text if verb else word.lemma


def choice_sounds(choice: str) -> str:
    """A choice's consonants, its parts joined ("audio_guide" as "audioguide")."""
    joined = re.sub(r"[\s_-]+", "", choice)
    return korean_sounds(joined) if HANGUL.match(joined) else english_sounds(joined)


def long_enough(heard: str, said: str, choice: str) -> bool:
    """Whether a word has consonants enough to be matched by sound (not 풀, not "pro"): three,
    or two when its Hangul side has three syllables or more (라리가, 드라이), or two syllables
    for a Latin word of five letters or more (기타 guitar, 테너 tenor)."""
    hangul, latin = (said, choice) if HANGUL.match(said) else (choice, said)
    two = len(heard) == 2 and (len(hangul) >= 3 or (len(hangul) == 2 and len(latin) >= 5))
    return len(heard) >= SHORTEST_SOUNDS or two


def is_other_script(choice: str, said: str) -> bool:
    """Whether a choice and a word are written in different scripts (a loanword)."""
    return bool(HANGUL.match(choice)) != bool(HANGUL.match(said))


def english_forms(choice: str) -> set[str]:
    """A choice in English: itself, its glossary English if Korean, that phrase's head, and
    the usual form of each (the synonym table read from the choice's side too: "budget" and
    "cheap" share the form "cheap")."""
    plain = choice.lower().replace("_", " ").replace("-", " ")
    phrase = KOREAN_ENGLISH.get(choice, plain)
    forms = {plain, phrase, phrase.split()[-1]} if phrase else {plain}
    return forms | {EVERYDAY_SYNONYMS.get(form, form) for form in forms}


def said_in_english(word: Word) -> set[str]:
    """What a word of the request says in English: its lemma (and the usual form a
    description uses), or a Korean word's glossary English."""
    lemma = word.lemma.lower()
    if not word.text.isascii():
        english = KOREAN_ENGLISH.get(word.lemma) or KOREAN_ENGLISH.get(word.text)
        return {english, EVERYDAY_SYNONYMS.get(english, english)} if english else set()
    usual = {EVERYDAY_SYNONYMS.get(form, form) for form in (lemma, word.text.lower())}
    return {lemma, word.text.lower(), *usual, *phrase_ends(usual)}


def phrase_ends(phrases: set[str]) -> set[str]:
    """The two words of a two-word usual form: what kind and what thing ("electric bike" for
    an e-bike says electric, and bike)."""
    pairs = [phrase.split() for phrase in phrases]
    return {word for pair in pairs if len(pair) == 2 for word in pair}


BOTH = re.compile(r"(?i)둘 ?다|모두|각각|\bboth\b|\beach\b")
LIST_JOIN = re.compile(r"(?:이랑|랑|하고|와|과)?\s*(?:,|and|or|&|및)?\s*", re.I)


def listed_members(
    members: list[Any],
    text: str,
    start: int,
    end: int,
    entities: Iterable[Entity],
    words: Iterable[Word] = (),
) -> list[str]:
    """The choices a request lists for one parameter ("1호선이랑 4호선", "Monday and Tuesday"):
    two or more, each joined to the next by "and", a comma or a Korean "and" (랑, 하고)."""
    choices = [m for m in members if isinstance(m, str)]
    mentions = sorted(  # the longer reading first where two start together
        [
            *literal_mentions(choices, text, start, end),
            *value_mentions(choices, entities),
            *synonym_mentions(choices, text, start, end),
            *sound_mentions(choices, words),
        ],
        key=lambda mention: (mention[0], -mention[1]),
    )
    both = BOTH.search(text, start, end) is not None  # "둘 다", "both": however they are joined
    listed: list[tuple[int, int, str]] = []
    for mention in mentions:
        if listed and mention[0] < listed[-1][1]:
            continue  # the same words read twice
        if listed and not both and not LIST_JOIN.fullmatch(text, listed[-1][1], mention[0]):
            return []
        listed.append(mention)
    names = list(dict.fromkeys(member for _, _, member in listed))
    return names if len(names) > 1 else []


def literal_mentions(
    choices: list[str], text: str, start: int, end: int
) -> list[tuple[int, int, str]]:
    """Where the request writes a choice as it is (a Korean particle may follow it)."""
    found = []
    for choice in choices:
        pattern = re.compile(rf"(?<![\w]){re.escape(choice)}(?![A-Za-z0-9])", re.I)
        for match in pattern.finditer(text, start, end):
            rest = text[match.end() : match.end() + 4]  # "1호선이랑": a particle may follow
            if choice.isascii() or not HANGUL.match(rest) or korean_tail_ok(rest):
                found.append((match.start(), match.end(), choice))
    return found


def synonym_mentions(
    choices: list[str], text: str, start: int, end: int
) -> list[tuple[int, int, str]]:
    """Where the request names a choice by another word for it (ENUM_SYNONYMS: 적금 savings)."""
    lower = text[start:end].lower()
    found = []
    for choice in choices:
        key = choice.lower().replace("_", " ").replace("-", " ")
        for word in filter(None, ENUM_SYNONYMS.get(key, "").split(", ")):
            whole = (
                rf"(?<!\w){re.escape(word)}(?!\w)"
                if word.isascii()
                else KOREAN_START + re.escape(word)
            )
            said = re.search(whole, lower)  # an English word whole, a Korean stem from its start
            if said is not None:
                found.append((start + said.start(), start + said.end(), choice))
    return found


def sound_mentions(choices: list[str], words: Iterable[Word]) -> list[tuple[int, int, str]]:
    """Where the request names a choice as a loanword in the other script (라리가: la_liga)."""
    found = []
    for word in words:
        named = member_by_sound(choices, [word])
        if named is not None:
            found.append((word.start, word.end, named[0]))
    return found


def value_mentions(choices: list[str], entities: Iterable[Entity]) -> list[tuple[int, int, str]]:
    """Where the request names a choice by a value: a date's weekday, a number."""
    found = []
    for said in entities:
        named = member_by_weekday(choices, [said]) or member_by_number(choices, [said])
        if named is not None:
            found.append((said.start, said.end, named[0]))
    return found


def members_named(
    members: list[Any], text: str, start: int, end: int, entities: Iterable[Entity],
    words: Iterable[Word] = (),
) -> list[tuple[int, int, str]]:  # fmt: skip
    """Every choice the request names between start and end, wherever it is said, in the order
    said: as written or in the plural ("mushrooms"), by another word for it, as a loanword, by
    a date's weekday, by a weekday's name ("Tuesdays", "화"), or in the other language. A list of
    choices collects them all; no join is needed ("a monitor, a locker and a window seat")."""
    choices = [m for m in members if isinstance(m, str)]
    said = list(words)
    mentions = [
        *literal_mentions(choices, text, start, end),
        *plural_mentions(choices, said),
        *value_mentions(choices, entities),
        *synonym_mentions(choices, text, start, end),
        *sound_mentions(choices, said),
        *weekday_mentions(choices, text, start, end),
        *translation_mentions(choices, said),
    ]
    mentions.sort(key=lambda mention: (mention[0], -mention[1]))
    kept: list[tuple[int, int, str]] = []
    for mention in mentions:
        overlaps = kept and mention[0] < kept[-1][1]
        if not overlaps and mention[2] not in {m for _, _, m in kept}:
            kept.append(mention)
    return kept


def plural_mentions(choices: list[str], words: list[Word]) -> list[tuple[int, int, str]]:
    """Where the request names a choice in the plural ("olives" for olive, "Mondays")."""
    offered = {c.lower(): c for c in choices}
    found = []
    for word in words:
        single = word.lemma.lower() if word.text.isascii() else ""
        if single in offered and single != word.text.lower():
            found.append((word.start, word.end, offered[single]))
    return found


KOREAN_WEEKDAY = re.compile(r"(?<![가-힣])([월화수목금토일])(?:요일)?(?![가-힣])")
ENGLISH_WEEKDAY = re.compile(r"(?i)\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b")


def weekday_mentions(
    choices: list[str], text: str, start: int, end: int
) -> list[tuple[int, int, str]]:
    """Where the request names a weekday choice by the weekday's name in either language
    ("Tuesdays", "화요일", "화" standing alone), for choices that are weekdays."""
    if not choices or any(c.lower() not in WEEKDAY_NAMES for c in choices):
        return []
    found = []
    for pattern in (KOREAN_WEEKDAY, ENGLISH_WEEKDAY):
        for match in pattern.finditer(text, start, end):
            day = WEEKDAY_NAMES.get(match.group(1).lower())
            member = next((c for c in choices if WEEKDAY_NAMES[c.lower()] == day), None)
            if member is not None:
                found.append((match.start(), match.end(), member))
    return found


def translation_mentions(choices: list[str], words: list[Word]) -> list[tuple[int, int, str]]:
    """Where the request names a choice in the other language (사물함 for locker)."""
    found = []
    for word in words:
        named = member_by_translation(choices, [word])
        if named is not None and is_other_script(named[0], word.text):  # not a phrase's head
            found.append((word.start, word.end, named[0]))
    return found


# --- Degrees on a scale ----------------------------------------------------------------------

# A member's place on a scale, by the words its name is made of ("less_sweet" is low, "firm"
# high): 1 low, 2 middle, 3 high, 4 the top of an urgency scale (emergency above high).
SCALE_MEMBER_WORDS = {
    1: "low mild light gentle soft weak easy beginner beginners novice basic small less "
       "lite slow minimal minor thin 낮음 낮은 약 약함 약하게 순한 순함 하 초급 초보 쉬움 "
       "쉬운 입문 소 저 연하게 적게",
    2: "medium normal regular moderate standard intermediate mid middle average 보통 중간 "
       "중 중급 적당",
    3: "high hot strong firm hard heavy intense advanced large big extra spicy deep max "
       "maximum fast strict expert severe premium major thick bulky 높음 높은 강 강함 강하게 상 "
       "상급 고급 어려움 어려운 매움 매운 대 고 많이",
    4: "urgent emergency critical asap immediate 긴급 응급 위급",
}  # fmt: skip
MEMBER_LEVEL = {
    word: level for level, words in SCALE_MEMBER_WORDS.items() for word in words.split()
}

# What a request says about a degree, by the level it names. A word for the quality itself
# ("spicy", 맵게) names the high end; "not", "less", 덜, 안 before it the low end; "very",
# 아주 before a word leaves its level as it is.
SAID_LEVEL = {
    1: "mild, gently, gentle, softly, soft, weak, weakly, lightly, easy, easiest, beginner, "
       "beginners, beginner-friendly, novice, novices, newbie, just starting, first time, "
       "초급, 하급, 기초, smallest, lowest, "
       "no rush, not urgent, whenever, not spicy, not too spicy, not too sweet, "
       "not too strong, less sweet, less spicy, thin, 약하게, 약한, 살살, 부드럽게, 순하게, "
       "안 맵게, 안 맵, 덜, 연하게, 연한, 가볍게, 쉬운, 쉽게, 초보, 초심자, 입문, 처음 해, "
       "처음이, 천천히, 급하지 않, 급한 거 아니, 적게, 조금만, 약간만, 얇은, small, smaller, "
       "tiny, 작은, "
       "작게, 소형",
    2: "medium, moderate, moderately, normal, regular, average, intermediate, 보통, 중간, "
       "적당히, 적당한, 중급, 평범",
    3: "strong, strongly, hard, firmly, firm, deep, intense, heavy, spicy, extra, full, "
       "fully, maximum, max, advanced, expert, experienced, hardest, toughest, challenging, "
       "thick, chunky, 세게, 강하게, 강한, 진하게, 진한, 맵게, 매운, 어려운, 어렵게, 고수, "
       "상급, 숙련, 높게, 높은, 두꺼운, 두껍게, 빡세게, 많이, big, bigger, huge, 큰, 크게, "
       "대형, 고급, large, larger, largest, biggest, highest, 제일 큰, 가장 큰, 뜨겁게, "
       "뜨거운, hottest",
    4: "urgent, urgently, asap, emergency, immediately, right away, right now, 지금 당장, "
       "당장, 급해, 급하게, 긴급, 응급, 빨리 와",
}  # fmt: skip
SAID_AT_LEVEL = [(word, level) for level, words in SAID_LEVEL.items() for word in words.split(", ")]
SAID_AT_LEVEL.sort(key=lambda pair: -len(pair[0]))  # the longest first: "not spicy" before "spicy"
NEGATED_BEFORE = re.compile(r"(?i)(?:\bnot(?:\s+too)?|\bno|\bless|n't|\b안|\b덜)\s*$")


def member_level(member: Any) -> int | None:
    """A member's place on a scale ("less_sweet": low, "regular": middle, "hot": high), None
    when no word of it is a degree or two say different ones."""
    parts = [p for p in re.split(r"[\W_]+", str(member).lower()) if p]
    levels = {MEMBER_LEVEL[p] for p in parts if p in MEMBER_LEVEL}
    return levels.pop() if len(levels) == 1 else None


def is_scale(members: list[Any]) -> bool:
    """Whether the members are degrees of one thing: two or more at different places."""
    return len({member_level(m) for m in members} - {None}) >= 2


def level_said(text: str) -> tuple[int, str] | None:
    """The degree a request says ("아주 맵게": high, "not spicy": low) and the words that say it;
    a high word negated ("not strong", "덜 달게" before it) says low."""
    lower = text.lower()
    for word, level in SAID_AT_LEVEL:
        found = re.search(KOREAN_START + re.escape(word), lower) if not word.isascii() else (
            re.search(rf"(?<![a-z]){re.escape(word)}(?![a-z])", lower))  # fmt: skip
        if found is None:
            continue
        if level >= 3 and NEGATED_BEFORE.search(lower, 0, found.start()):
            return 1, found.group()
        return level, found.group()
    return None


def member_by_scale(members: list[Any], text: str) -> tuple[Any, str] | None:
    """The member at the degree the request says, on a scale of members (low/medium/high,
    mild/hot, beginner/advanced, light/firm): the one member at that level, or the member at
    the end of the scale for a degree past it (urgent on low/normal/high is high)."""
    said = level_said(text)
    if said is None or not is_scale(members):
        return None
    placed = {m: member_level(m) for m in members if member_level(m) is not None}
    same = [m for m, level in placed.items() if level == said[0]]
    if len(same) == 1:
        return same[0], said[1]
    if same:
        return None
    top, bottom = max(placed.values()), min(placed.values())
    end = top if said[0] > top else bottom if said[0] < bottom else None
    at_end = [m for m, level in placed.items() if level == end]
    return (at_end[0], said[1]) if len(at_end) == 1 else None


# --- A member's own description --------------------------------------------------------------

UNBOUNDED = 10**9
RANGE_SAID = (  # (pattern, how its numbers bound the range): "2-3명", "11명 이상", "under 3cm"
    (re.compile(r"(\d+)\s*[-~–]\s*(\d+)\s*([^\W\d_]*)"), lambda a, b: (a, b)),
    (re.compile(r"(\d+)\s*([^\W\d_]*)\s*(?:이상|or more|and up|and over|\+)"),
     lambda a: (a, None)),
    (re.compile(r"(\d+)\s*([^\W\d_]*)\s*(?:초과)"), lambda a: (a + 1, None)),
    (re.compile(r"(\d+)\s*([^\W\d_]*)\s*(?:이하|or less|or fewer|and under)"), lambda a: (0, a)),
    (re.compile(r"(\d+)\s*([^\W\d_]*)\s*(?:미만)"), lambda a: (0, a - 1)),
    (re.compile(r"(?i)(?:under|below|less than|fewer than)\s*(\d+)\s*([^\W\d_]*)"),
     lambda a: (0, a - 1)),
    (re.compile(r"(?i)(?:up to|at most)\s*(\d+)\s*([^\W\d_]*)"), lambda a: (0, a)),
    (re.compile(r"(?i)(?:over|above|more than)\s*(\d+)\s*([^\W\d_]*)"), lambda a: (a + 1, None)),
)  # fmt: skip
COUNTERS = frozenset("명 인 people persons person guests players pax 개 items".split())
STOP_WORDS = frozenset(
    "only and plus the with for from more than less under over any one all also not per each "
    "this that its their other 또는 및 이상 이하 미만 초과 포함".split()
)


def member_segments(members: list[Any], description: str) -> dict[Any, str]:
    """What the description says of each member ("kayak: 1-2 people, canoe: 3-4 people"; "basic
    (exterior only), deluxe (...)"): the text after the member up to the next one; empty when
    fewer than two members are described."""
    found = []
    for member in members:
        label = rf"(?<![\w-]){re.escape(str(member))}(?=\s*(?:[:=(]|[-–]\s|means\b|is\b|은\s|는\s))"
        at = re.search(label, description)
        if at is not None:
            found.append((at.start(), at.end(), member))
    found.sort(key=lambda place: place[0])
    if len(found) < 2:
        return {}
    ends = [start for start, _, _ in found[1:]] + [len(description)]
    pairs = zip(found, ends, strict=True)
    return {member: description[end:stop] for (_, end, member), stop in pairs}


def ranges_in(segment: str) -> list[tuple[int, int, str]]:
    """The ranges a member's description gives ("3-7cm": 3 to 7 cm, "11명 이상": 11 and up)."""
    found = []
    for pattern, bounds in RANGE_SAID:
        for match in pattern.finditer(segment):
            numbers = [int(g) for g in match.groups()[:-1]]
            low, high = bounds(*numbers)
            found.append((low, UNBOUNDED if high is None else high, match.groups()[-1].lower()))
    return found


def said_amounts(entities: Iterable[Entity]) -> list[tuple[float, str]]:
    """The amounts a request says, with their units ("" for a count: "5명", "twelve")."""
    found: list[tuple[float, str]] = []
    for entity in entities:
        if entity.kind == "number" and isinstance(entity.value, (int, float)):
            found.append((entity.value, ""))
        elif entity.kind == "quantity" and isinstance(entity.value, dict):
            found.append((entity.value.get("amount", 0), str(entity.value.get("unit", ""))))
    return found


def member_by_range(
    members: list[Any], description: str, entities: Iterable[Entity]
) -> tuple[Any, str] | None:
    """The member whose described range holds an amount the request says ("S: 2-3명, M: 4-6명":
    five people is M; "A: 2kg 이하": 1 kg is A), counts for counted ranges, a unit for its own."""
    segments = member_segments(members, description)
    amounts = said_amounts(entities)
    for amount, unit in amounts:
        inside = [
            member
            for member, segment in segments.items()
            for low, high, counter in ranges_in(segment)
            if low <= amount <= high and _same_unit(unit, counter)
        ]
        if len(set(inside)) == 1:
            return inside[0], str(amount)
    return None


def _same_unit(said: str, counter: str) -> bool:
    """Whether an amount's unit is a range's: a count for a counter ("명", "people"), else the
    same unit ("kg")."""
    if not said:
        return counter in COUNTERS or not counter
    return said.lower() == counter


def member_by_description(
    members: list[Any], description: str, words: list[Word]
) -> tuple[Any, str] | None:
    """The member whose own description the request's words say, words no other member's
    description has ("wash and dry": bath (wash and dry only); 염색: color (가죽 염색))."""
    segments = member_segments(members, description)
    if not segments:
        return None
    own = {m: segment_words(s) for m, s in segments.items()}
    said = {form: w.text for w in words for form in word_forms(w)}
    scores = []
    for member, mine in own.items():
        others = set().union(*(w for m, w in own.items() if m != member))
        hits = [said[word] for word in mine - others if word in said]
        scores.append((len(hits), member, hits))
    scores.sort(key=lambda score: -score[0])
    best = scores[0]
    if best[0] and (len(scores) == 1 or scores[1][0] < best[0]):
        return best[1], best[2][0]
    return None


def segment_words(segment: str) -> set[str]:
    """The content words of a member's description, lower-case, Korean without particles."""
    found = set()
    for word in re.findall(r"[^\W\d_]+", segment.lower()):
        plain = without_particle(word) if HANGUL.match(word) else word
        if len(plain) >= (2 if HANGUL.match(plain) else 3) and plain not in STOP_WORDS:
            found |= {plain} | ({f"~{english_sounds(plain)}"} if plain.isascii() else set())
    return found


def word_forms(word: Word) -> set[str]:
    """A request word as a description may write it: as said, its lemma, without a particle,
    and its glossary English."""
    forms = {word.text.lower(), word.lemma.lower()}
    if HANGUL.match(word.text):
        forms |= {without_particle(word.text), without_particle(word.lemma)}
    return forms | said_in_english(word) | {f"~{sound}" for sound in loanword_sounds(forms)}


def loanword_sounds(forms: set[str]) -> set[str]:
    """The consonants of Korean word forms as an English loanword has them (왁스: wax), long
    enough to match by sound."""
    heard = {korean_sounds(form) for form in forms if HANGUL.match(form)}
    return {sound for sound in heard if len(sound) >= 2}


# --- Lengths and repeats written as codes ----------------------------------------------------

LENGTH_CODE = re.compile(r"(?i)(\d+(?:\.\d+)?)\s?(min|mins|minutes?|분|h|hr|hrs|hours?|시간)")
LENGTH_UNITS = {"min": 60, "분": 60, "h": 3600, "시": 3600}  # by a unit's first letters


def member_by_length(
    members: list[Any], entities: Iterable[Entity], name: str = ""
) -> tuple[Any, str] | None:
    """The member that is a length the request says: a code ("30min", "2h", "1시간") or, for a
    parameter counted in minutes or hours ("minutes", "duration_min"), that number."""
    counted = 60 if re.search(r"(?i)min|분", name) else 0
    counted = counted or (3600 if re.search(r"(?i)hour|시간", name) else 0)
    for entity in entities:
        if entity.kind != "duration" or not isinstance(entity.value, dict):
            continue
        seconds = entity.value.get("seconds")
        same = [m for m in members if _length_of(m, counted) == seconds]
        if len(same) == 1:
            return same[0], entity.text
    return None


def _length_of(member: Any, counted: int) -> float | None:
    """A member's length in seconds: a code's ("90min"), or a number's in the counted unit."""
    if isinstance(member, (int, float)) and not isinstance(member, bool):
        return member * counted if counted else None
    code = LENGTH_CODE.fullmatch(str(member).strip())
    if code is None:
        return None
    unit = next(s for start, s in LENGTH_UNITS.items() if code[2].lower().startswith(start))
    return float(code[1]) * unit


EVERY_AFTER = re.compile(r"\s?(?:마다|에\s?한\s?번|에\s?1\s?번|에\s?한번|에\s?1회|간격)")
EVERY_BEFORE = re.compile(r"(?i)\b(?:every|once every|once in)\s+$")
MULTIPLE_PERIODS = {  # choices of how often that repeat every few periods ("biweekly": 2 weeks)
    1_209_600: frozenset("biweekly fortnightly every_2_weeks every_other_week 격주 2주".split()),
    7_776_000: frozenset("quarterly every_3_months 분기 분기별 3개월".split()),
    15_552_000: frozenset("semiannual semiannually half_yearly biannual 반기 6개월".split()),
}


def member_by_repeat(
    members: list[Any], text: str, entities: Iterable[Entity]
) -> tuple[Any, str] | None:
    """A choice that repeats every few periods, for a length said as a repeat ("every two
    weeks", "2주마다", "3개월에 한 번": biweekly, quarterly)."""
    for entity in entities:
        if entity.kind != "duration" or not isinstance(entity.value, dict):
            continue
        repeated = EVERY_AFTER.match(text, entity.end) or EVERY_BEFORE.search(text, 0, entity.start)
        names = MULTIPLE_PERIODS.get(entity.value.get("seconds", 0), frozenset())
        named = [m for m in members if str(m).lower() in names]
        if repeated and len(named) == 1:
            return named[0], entity.text
    repeating = [m for m in members if str(m).lower() in set().union(*MULTIPLE_PERIODS.values())]
    return member_by_choice_word(repeating, text)  # "2주에 한 번", "격주로": a count "2" only


def member_by_code(
    members: list[Any], text: str, entities: list[Entity], description: str, name: str
) -> tuple[Any, str] | None:
    """A member named by an amount the request says: a repeat ("every two weeks": biweekly), a
    length ("두 시간": 2h) or a number inside a member's described range (5명: "M: 4-6명")."""
    return (
        member_by_repeat(members, text, entities)
        or member_by_length(members, entities, name)
        or member_by_range(members, description, entities)
    )


# --- The usual words for common members ------------------------------------------------------

# Members tools often offer, keyed as written lower-case ("_" and "-" read as spaces), and the
# words, English and Korean, that name each; a Korean word matches from a word's start.
CHOICE_WORDS = {
    # repeats every few periods
    "biweekly": "격주, fortnightly, every other week, every two weeks, 2주마다, "
        "2주에 한 번, 이주에 한 번",
    "fortnightly": "격주, biweekly, every other week, every two weeks, 2주마다, "
        "2주에 한 번",
    "quarterly": "분기, every three months, 3개월마다, 석 달마다, 3개월에 한 번",
    "semiannual": "반기, every six months, twice a year, 6개월마다, 반년마다",
    # temperatures of a drink or a dish
    "hot": "따뜻한, 따뜻하게, 뜨거운, 뜨겁게, 따뜻, warm",
    "warm": "따뜻한, 따뜻하게, 미지근",
    "iced": "아이스, 차가운, 차갑게, 시원한, 시원하게, cold, ice",
    "cold": "차가운, 차갑게, 시원한, 아이스, iced",
    # where and how a service is given
    "in person": "대면, 직접, 방문, 오프라인, face to face, face-to-face, offline",
    "online": "온라인, 비대면, 화상, 줌, remote, remotely, video call, zoom",
    "outdoor": "실외, 야외, 밖, 마당, 베란다, outside, outdoors",
    "pickup": "픽업, 포장, 찾으러, 가지러, pick up, pick it up, collect, takeout, "
        "take-out",
    "in store": "매장, 직접 찾, 찾으러, 가지러, pick up, pick it up, collect",
    "delivery": "배달, 배송, deliver, delivered, bring it",
    # files as delivered
    "raw": "원본, 무보정, original, originals, unedited",
    "pdf": "피디에프, 피디에프로",
    "csv": "엑셀, spreadsheet, 스프레드시트",
    "mp3": "음원, audio only",
    "mp4": "동영상, 영상",
    # stories and genres
    "sci fi": "에스에프, 공상과학, 우주, space, science fiction, sf",
    "horror": "공포, 무서운, scary, creepy",
    "mystery": "추리, 미스터리, detective, whodunit",
    "fantasy": "판타지, 마법, magic",
    "comedy": "코미디, 웃긴, funny",
    "romance": "로맨스, 연애, romantic",
    "thriller": "스릴러",
    "documentary": "다큐, 다큐멘터리, docu",
    "animation": "애니, 애니메이션, 만화, cartoon, animated",
    # states of a deal, a case, an alarm
    "won": "성사, 수주, 따냈, 계약했, closed the deal, signed, 이겼",
    "lost": "실패, 무산, 날아갔, 놓쳤, 졌, fell through",
    "away": "외출, 출근, 집 비, 나가, leaving, going out, out of the house, nobody home",
    "night": "자러, 잘게, 취침, bed, bedtime, sleep, sleeping, 야간",
    "home": "집에 있, staying in, at home",
    # thickness and weight of yarn, paper, fabric
    "lace": "얇은, 극세",
    "heavy": "두꺼운, 무거운",
    # time of day
    "morning": "오전, 아침",
    "afternoon": "오후, 낮",
    "evening": "저녁",
    "day": "주간, 낮",
    # papers and photos
    "passport": "여권, 증명사진, 여권사진, id photo",
    # what an event's budget is spent on
    "flowers": "꽃, 꽃집, 플로리스트, 부케, florist, bouquet",
    "venue": "예식장, 웨딩홀, 대관, 장소, hall",
    "photography": "사진, 스냅, 촬영, 사진작가, photographer, photos",
    "catering": "케이터링, 출장 뷔페, 식대, caterer",
    "music": "음악, 밴드, 연주, 디제이, dj, band",
    "attire": "드레스, 턱시도, 예복, 한복, dress, tuxedo, suit",
    # snow sports
    "snowboard": "보드, 스노보드, 스보, board, boarding",
    "ski": "스키, skiing",
    "profile": "프로필",
    # water and air readings
    "temperature": "수온, 온도, 기온, temp",
    "humidity": "습도",
    # where a thing stands: a room of a house is indoors
    "indoor": "실내, 집 안, 방 안, 실내용, inside, indoors, bedroom, living room, kitchen, "
        "bathroom, office, study, hallway, 침실, 안방, 거실, 부엌, 주방, 욕실, 화장실, 사무실, "
        "서재, 현관",
    "balcony": "베란다, 발코니, 테라스, terrace, veranda, patio",
    "garden": "정원, 마당, 텃밭, 화단, yard, backyard, flower bed",
    # parts of a house a camera or a lock watches
    "front door": "현관, 정문, 현관문, 앞문, entrance, front entrance",
    "front": "현관, 정문, 현관문, 앞문, entrance",
    "backyard": "뒷마당, 뒤뜰, 뒷뜰, 마당, back yard, garden",
    "back": "뒷문, 후문, back door",
    "garage": "차고, 주차장, carport",
    "living room": "거실, lounge",
    # kinds of waste and what is picked up
    "food waste": "음식물, 음식 쓰레기, 음쓰, 음식물쓰레기, leftovers, food scraps, scraps",
    "food": "음식물, 음식 쓰레기, 음쓰, leftovers, food scraps",
    "recycling": "재활용, 분리수거, 플라스틱, 페트병, 캔, 유리병, plastic, cans, bottles",
    "bulky": "대형 폐기물, 대형, 소파, 침대, 매트리스, 장롱, 가구, furniture, sofa, couch, "
        "mattress, wardrobe, bulky waste, chunky, 굵은, 두꺼운, 극태",  # waste; a yarn's weight
    "general": "일반 쓰레기, 일반쓰레기, 종량제, trash, garbage, household waste",
    "electronics": "전자제품, 전자기기, 노트북, 컴퓨터, 모니터, 휴대폰, 핸드폰, 태블릿, "
        "laptop, computer, monitor, phone, tablet, printer, e-waste, ewaste",
    "e waste": "전자제품, 전자기기, 노트북, 컴퓨터, 모니터, 휴대폰, 핸드폰, laptop, "
        "computer, monitor, phone, tablet, printer, electronics",
    "appliances": "가전, 가전제품, 냉장고, 세탁기, 건조기, 전자레인지, 에어컨, fridge, "
        "refrigerator, washer, washing machine, dryer, microwave, oven, freezer, dishwasher",
    "furniture": "가구, 소파, 의자, 책상, 침대, 식탁, 옷장, sofa, couch, chair, desk, bed, table, "
        "wardrobe, dresser",
    # household appliances by their everyday and short names
    "dishwasher": "식세기, 식기세척기, 식세",
    "washing machine": "세탁기, washer",
    "refrigerator": "냉장고, fridge",
    "air conditioner": "에어컨, aircon, a/c",
    "tv": "티비, 텔레비전, 테레비, television",
    # school subjects and what each teaches
    "coding": "코딩, 프로그래밍, programming, program, code, python, 파이썬, computer science",
    "programming": "코딩, 프로그래밍, coding, code, python, 파이썬",
    "science": "과학, chemistry, physics, biology, 화학, 물리, 생물, 지구과학",
    "과학": "science, chemistry, physics, biology, 화학, 물리, 생물, 지구과학",
    "math": "수학, 산수, maths, algebra, geometry, calculus, arithmetic",
    "수학": "math, maths, algebra, geometry, calculus, arithmetic, 산수",
    "art": "미술, 그림, draw, drawing, paint, painting, sketch",
    "미술": "art, draw, drawing, paint, painting, sketch, 그림, 드로잉",
    "english": "영어",
    "영어": "english",
    "국어": "korean, 한국어",
    # how a person feels
    "sad": "우울, 슬퍼, 슬픈, 슬프, 속상, depressed, down, blue, unhappy, upset",
    "happy": "행복, 기뻐, 기쁜, 기분 좋, 신나, glad, joyful, cheerful",
    "angry": "화나, 화가, 짜증, 열받, mad, furious, annoyed",
    "anxious": "불안, 걱정, 초조, 긴장, nervous, worried, stressed",
    "tired": "피곤, 지쳐, 지친, 졸려, 졸린, exhausted, sleepy, worn out",
    "calm": "평온, 차분, 편안, 평화, peaceful, relaxed, serene",
    # clays, woods and yarns by their Korean names
    "stoneware": "석기, 석기토, 조합토",
    "porcelain": "자기, 자기토, 백자, 백자토, 도자기토",
    "earthenware": "토기, 옹기, 옹기토, 테라코타, terracotta",
    "oak": "참나무, 오크",
    "walnut": "호두나무, 월넛",
    "pine": "소나무, 파인, 송목",
    "maple": "단풍나무, 메이플",
    "birch": "자작나무",
    "cherry": "벚나무, 체리",
    # causes people volunteer for
    "animals": "유기견, 유기묘, 유기동물, 동물, 보호소, shelter, dogs, cats, pets",
    "elderly": "노인, 어르신, 요양원, 경로당, seniors, older people, nursing home",
    "environment": "환경, 환경정화, 플로깅, 쓰레기 줍, cleanup, clean-up, litter, environmental",
    "children": "아이들, 아동, 어린이, 아이, kids, youth",
    "disability": "장애인, 장애, disabled",
    "유기동물": "animal, animals, shelter, dogs, cats, 유기견, 유기묘, 보호소, 동물",
    "노인돌봄": "elderly, seniors, nursing home, 노인, 어르신, 요양원",
    "환경정화": "environmental, environment, cleanup, clean-up, litter, 환경, 플로깅",
    "교육": "tutoring, teaching, education, 공부, 멘토링",
    "급식": "soup kitchen, meals, food bank, 배식, 무료급식",
    # file formats by their other names
    "jpg": "jpeg, jpegs, 제이펙, 사진 파일",
    "tiff": "tif",
    # garment alterations
    "hem": "기장, 밑단, 단 줄, hemming, too long",
    "take in": "헐렁, 통 줄, 품 줄, 허리 줄, too loose, loose, baggy",
    "let out": "꽉 껴, 끼어, 끼는, 늘려, too tight, tight",
    "shorten sleeves": "소매, sleeve, sleeves",
    # car wash programmes
    "interior": "실내, 내부, 차 안, inside, inner",
    # blood and its parts
    "plasma": "혈장",
    "platelets": "혈소판",
    "whole blood": "전혈",
    # flavours
    "matcha": "녹차, 말차, green tea",
    "chocolate": "초코, 초콜릿, 초콜렛, choco",
    "vanilla": "바닐라",
    "strawberry": "딸기",
    # washing programmes
    "quick": "급속, 쾌속, 빨리, 빠른, fast, express",
    "급속": "quick, fast, express, 빨리, 빠른, 빨리 끝나",
    "쾌속": "quick, fast, express, 빨리, 빠른, 빨리 끝나",
    "이불": "blanket, duvet, comforter, bedding",
    "울": "wool, delicate, 니트",
    # the two sides of a wedding
    "신부": "bride, bride's",
    "신랑": "groom, groom's",
    "bride": "신부, 신부측, 신부 측",
    "groom": "신랑, 신랑측, 신랑 측",
    # answers to an invitation
    "attending": "coming, come, will attend, 참석, 온대, 온다고, 올게, 갈게, 간대",
    "declined": "not coming, can't come, cannot come, can't make it, won't come, won't make it, "
        "불참, 못 온, 못 와, 못 간, 안 온, 안 와",
    "maybe": "not sure, might come, 미정, 아직 몰라, 모르겠",
    # which trade a repair needs
    "plumber": "배관, 누수, 물이 새, 물 새, 변기, 싱크대, 하수구, 수도꼭지, 막혔, leak, leaking, "
        "leaks, toilet, sink, pipe, drain, faucet, clogged, plumbing",
    "electrician": "전기, 콘센트, 차단기, 전등, 두꺼비집, 누전, outlet, wiring, breaker, socket, "
        "power cut, fuse, light fixture, 환풍기, exhaust fan, ceiling fan",
    "locksmith": "열쇠, 도어락, 문이 잠, 잠겼, locked out, lock, key, keys",
    "handyman": "선반, 조립, 액자, 커튼, shelf, shelves, assemble, hang, mount, curtain",
    # what a building's office fixes
    "수도": "water, faucet, tap, leak, leaking, dripping, pipe, plumbing, 누수, 물이 새, 수도꼭지",
    "난방": "heating, heater, radiator, boiler, 보일러, 온수",
    "전기": "electricity, power, outlet, blackout, 정전, 콘센트, 차단기",
    "엘리베이터": "elevator, lift, 승강기",
    "주차": "parking, 주차장",
    "소음": "noise, noisy, loud, 층간소음, 시끄러",
    # seats of a study cafe or a library
    "고정석": "fixed seat, fixed seats, fixed, assigned seat, 지정석",
    "자유석": "open seating, open seat, any seat, 자유",
    "스터디룸": "study room, group room, meeting room",
    # kinds of photo sessions
    "가족사진": "family, 가족",
    "증명사진": "passport, id photo, 여권",
    "반려동물": "pet, pets, dog, cat, 강아지, 고양이",
}  # fmt: skip


def member_by_choice_word(choices: list[str], text: str) -> tuple[str, str] | None:
    """The one choice a usual word for it names (CHOICE_WORDS: 원본 raw, 격주 biweekly, "space"
    sci_fi, 출근 away); none when the words name two choices."""
    lower = text.lower()
    named = {}
    for choice in choices:
        key = choice.lower().replace("_", " ").replace("-", " ")
        words = filter(None, CHOICE_WORDS.get(key, "").split(", "))
        said = next((w for w in words if said_or_plural(w, lower)), None)
        if said is not None:
            named[choice] = said
    named = {c: w for c, w in named.items() if not inside_another(w, named.values())}
    return next(iter(named.items())) if len(named) == 1 else None


def inside_another(word: str, words: Iterable[str]) -> bool:
    """Whether a word said is part of a longer one said for another choice ("coming" inside
    "not coming"): the longer words say more."""
    return any(word != other and word in other for other in words)


# --- A required choice the request does not name ---------------------------------------------

DEFAULT_MARK = re.compile(r"(?i)\bdefaults?\b|\bby default\b|기본값|기본으로|기본은|기본 ")
# members that mean "no particular one": a request that names none of the others means them
NO_PREFERENCE = frozenset("none any all auto automatic default 전체 자동 무관 상관없음".split())


def member_written(member: Any, text: str) -> re.Match[str] | None:
    """Where a choice is written in a text as a whole word ("M" in "Defaults to M."; a
    one-letter choice as written, a longer one in any case; a Korean one before a particle)."""
    word = re.escape(str(member))
    if not str(member).isascii():
        return re.search(rf"(?<![가-힣]){word}", text)
    flags = 0 if len(str(member)) == 1 else re.I
    return re.search(rf"(?<![\w-]){word}(?![\w-])", text, flags)


def described_default(members: list[Any], description: str) -> Any | None:
    """The choice a parameter's description names as its default ("Defaults to M", "기본값은
    보통", "medium (default)"): the member written first after the mark, else the one written
    last just before it."""
    for mark in DEFAULT_MARK.finditer(description):
        after = description[mark.end() : mark.end() + 30]
        found = [(m.start(), member) for member in members if (m := member_written(member, after))]
        if found:
            return min(found, key=lambda pair: pair[0])[1]
        before = description[max(0, mark.start() - 16) : mark.start()]
        found = [(m.end(), member) for member in members if (m := member_written(member, before))]
        if found:
            return max(found, key=lambda pair: pair[0])[1]
    return None


def no_preference_member(members: list[Any]) -> Any | None:
    """The one choice that means no particular one ("none", "any", "all", 전체, 자동)."""
    neutral = [m for m in members if str(m).lower() in NO_PREFERENCE]
    return neutral[0] if len(neutral) == 1 else None


def said_or_plural(word: str, lower: str) -> bool:
    """Whether a lower-case text says a word, an English one also in the plural ("laptops")."""
    if word.isascii():
        return re.search(rf"(?<![a-z]){re.escape(word)}(?:s|es)?(?![a-z])", lower) is not None
    return said_from_word_start(word, lower)


# --- A required choice the request implies ---------------------------------------------------

SWITCH_ON = frozenset("on 켜기 켜짐 켬 power_on".split())
SWITCH_OFF = frozenset("off 끄기 꺼짐 끔 power_off".split())
OFF_SAID = re.compile(r"(?i)\b(?:off|shut|stop)\b|(?<![가-힣])(?:끄|꺼|끈|정지)")
# the country whose currency an amount is in (the euro is many countries' and names none)
CURRENCY_COUNTRY = {
    "KRW": "KR", "USD": "US", "GBP": "GB", "JPY": "JP", "CNY": "CN", "CAD": "CA", "AUD": "AU",
    "INR": "IN", "CHF": "CH", "VND": "VN", "THB": "TH", "SGD": "SG", "HKD": "HK", "TWD": "TW",
    "MXN": "MX", "BRL": "BR", "NZD": "NZ", "SEK": "SE", "NOK": "NO", "DKK": "DK",
}  # fmt: skip


def switched_on_member(members: list[Any], text: str) -> Any | None:
    """The "on" of an on/off choice when the request works the device without saying off
    ("dim the lights to 30%", "터보로 틀어줘" need it on); None when it says off."""
    on = [m for m in members if str(m).lower() in SWITCH_ON]
    off = [m for m in members if str(m).lower() in SWITCH_OFF]
    if len(members) != 2 or len(on) != 1 or len(off) != 1 or OFF_SAID.search(text):
        return None
    return on[0]


def country_of_currency(members: list[Any], entities: Iterable[Entity]) -> Any | None:
    """The country choice (a two-letter code) whose currency the amounts said are in ("연봉 5천만
    원" is KR's won); None for amounts in several currencies or in one many countries use."""
    offered = {str(m).upper(): m for m in members}
    currencies = {
        e.value.get("currency") for e in entities if e.kind == "money" and isinstance(e.value, dict)
    }
    countries = {CURRENCY_COUNTRY.get(str(c)) for c in currencies}
    if len(countries) != 1:
        return None
    return offered.get(str(countries.pop()))


METRIC = frozenset("celsius c °c 섭씨 metric km kilometers kg kilograms cm meters liters".split())
IMPERIAL = frozenset("fahrenheit f °f 화씨 imperial mi miles lb lbs pounds inches feet".split())


def metric_member(members: list[Any]) -> Any | None:
    """The metric one of a choice of measuring units (celsius of celsius/fahrenheit, metric of
    metric/imperial): the units most of the world, and Korea, measure in."""
    units = [str(m).lower() for m in members]
    if not units or not set(units) <= METRIC | IMPERIAL:
        return None
    metric = [m for m, unit in zip(members, units, strict=True) if unit in METRIC]
    return metric[0] if len(metric) == 1 else None


# --- The ends of a numbered scale ------------------------------------------------------------

MOST_SAID = re.compile(
    r"(?i)\b(?:highest|largest|biggest|longest|maximum)\b|(?:제일|가장)\s?(?:높|큰|긴)|최고|최대"
)
LEAST_SAID = re.compile(
    r"(?i)\b(?:lowest|smallest|shortest|minimum)\b|(?:제일|가장)\s?(?:낮|작|짧)|최저|최소"
)


def numbered_scale(members: list[Any]) -> dict[Any, float] | None:
    """Each member's number when every member holds one and they differ ("150dpi", "600dpi";
    30, 60, 90), else None."""
    found = {}
    for member in members:
        number = NUMBERED.fullmatch(str(member))
        if number is None:
            return None
        found[member] = float(number.group(1))
    return found if len(set(found.values())) == len(found) >= 2 else None


def member_at_extreme(members: list[Any], text: str) -> tuple[Any, str] | None:
    """The member at the top or the bottom of a numbered scale for a superlative the request
    says ("the highest resolution": 600dpi, "제일 짧은 걸로": 30)."""
    numbers = numbered_scale(members)
    most, least = MOST_SAID.search(text), LEAST_SAID.search(text)
    if numbers is None or bool(most) == bool(least):
        return None
    pick = max if most else min
    said = most or least
    return pick(numbers, key=lambda m: numbers[m]), said.group() if said else ""
