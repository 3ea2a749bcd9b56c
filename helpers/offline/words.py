"""Reading the request, step 1: the content words of a text, with lemmas and coarse parts of speech.

English: one linear regex pass over the text; lemmas from `lemminflect`'s dictionary (pure Python,
no model to load), which also tells known words from names. The part of speech is a guess
from the lemmas a word can have and the word before it (there is no tagger).
Korean: `kiwipiepy` morphemes (its model ships as a package), so 끓이게/맞춰줘 read as
끓이다/맞추다; it loads once per process, on the first Korean text (about 1 s). Where kiwipiepy
cannot be imported (Pyodide in the browser) a small reader strips particles and endings
from space-separated words, so at least nouns match. kiwipiepy reads at most KIWI_BUDGET
characters per text (it grows faster than linearly on long inputs); the rest is read by the
small reader, so reading stays linear in the input length.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import Any

from lemminflect import getAllLemmas, getInflection

from helpers.offline.lexicon import CONCEPTS, GLOSSARY_KO_EN
from helpers.offline.lexicon_entities import (
    KIWI_TAGS,
    KO_HADA_ENDINGS,
    KO_NATIVE_ONES,
    KO_NATIVE_TENS,
    KO_PARTICLES,
    KO_VERB_ENDINGS,
    NEGATIONS_EN,
    NUMBER_WORDS_EN,
    SCALE_WORDS_EN,
    STOP_WORDS_EN,
    STOP_WORDS_KO,
)

HANGUL = re.compile(r"[\uac00-\ud7a3]")
# A base64-like run: it starts with a character class, then looks behind, so the regex engine
# jumps between candidate places instead of trying every position of a long text.
BLOB = re.compile(r"[A-Za-z0-9+/=_-](?<![A-Za-z0-9+/=_-]{2})[A-Za-z0-9+/=_-]{199,}")
# One token: a number ("1,234.5") or a run of letters with inner apostrophes/hyphens ("don't").
TOKEN = re.compile(r"\d+(?:[.,]\d+)*|[^\W\d_]+(?:['’-][^\W\d_]+)*")
INTENSIFIERS = frozenset("so very really too quite pretty super".split())
BREAK = re.compile(r"[.?!;:,\n]")  # punctuation that ends a phrase
# A line, or a piece of a long line: the unit handed to kiwipiepy.
SEGMENT = re.compile(r"[^\n]{1,400}")
IDENTIFIER_PART = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+|[^\W\d_]+")

KIWI_ENABLED = True  # set False to force the small Korean reader (what runs under Pyodide)
KIWI_BUDGET = 5_000  # characters per text read by kiwipiepy; the rest by the small reader
LONGEST_WORD = 40  # longer tokens (blobs, hashes) are kept as written, not looked up
LEMMA_PREFERENCE = ("VERB", "NOUN", "ADJ", "ADV", "AUX", "PROPN")
COARSE = {"VERB": "VERB", "NOUN": "NOUN", "ADJ": "ADJ", "ADV": "ADV", "AUX": "VERB",
          "PROPN": "PROPN"}  # fmt: skip
NOUN_CUES = frozenset(
    "a an the my your his her its our their this that these those any some every each all no "
    "more most few several is are was were be been being which what whose am i'm we're "
    "you're they're he's she's it's".split()
)  # determiners, quantifiers and forms of "be": a noun or an adjective follows ("any books"
# is no booking, "where is order 5" no ordering, "I'm bored" no boring)
CONTRACTED_VOWELS = {14: 13, 9: 8}  # ㅝ -> ㅜ (맞춰 -> 맞추), ㅘ -> ㅗ (봐 -> 보)
HADA_ENDINGS = frozenset(KO_HADA_ENDINGS)
REQUEST_ENDINGS = frozenset(KO_VERB_ENDINGS[:-4])  # 줘, 주세요 ...: the stem is a verb
LINKING_ENDINGS = frozenset(KO_VERB_ENDINGS[-4:])  # 고, 게, 기, 자: only after a longer stem
PARTICLES = frozenset(KO_PARTICLES)
LONGEST_ENDING = max(len(e) for e in (*KO_HADA_ENDINGS, *KO_VERB_ENDINGS, *KO_PARTICLES))
KO_FALLBACK_DROPPED = frozenset(KO_HADA_ENDINGS + KO_VERB_ENDINGS + ("주", "줘", "해", "좀"))


@dataclass(frozen=True)
class Word:
    """One content word: as written, its lemma, a coarse part of speech, and where it is."""

    text: str
    lemma: str
    tag: str  # "NOUN" | "PROPN" | "VERB" | "ADJ" | "NUM" | "ADV" | "OTHER"
    start: int
    end: int


def language_of(text: str) -> str:
    """The request's language: "ko" when the text has Hangul syllables, else "en"."""
    return "ko" if HANGUL.search(text) else "en"


def words(
    text: str, language: str | None = None, *, use_kiwi: bool | None = None
) -> tuple[Word, ...]:
    """The content words of a text in order (function words, particles, punctuation dropped)."""
    language = language or language_of(text)
    return read_words(text, language, KIWI_ENABLED if use_kiwi is None else use_kiwi)


@lru_cache(maxsize=32)
def read_words(text: str, language: str, use_kiwi: bool) -> tuple[Word, ...]:
    """Read a text's content words once (the words and the entities readers both ask)."""
    readable = without_blobs(text)  # a pasted base64 blob has no words in it
    if language != "ko":
        return tuple(english_words(readable))
    return tuple(korean_words(readable, korean_analyzer() if use_kiwi else None))


def without_blobs(text: str) -> str:
    """The text with base64-like runs (200+ characters without a space) blanked, same length."""
    return BLOB.sub(lambda match: " " * len(match.group()), text)


def split_identifier(name: str) -> list[str]:
    """The lowercase parts of an identifier: "getWeatherNow" -> ["get", "weather", "now"]."""
    return [part.lower() for part in IDENTIFIER_PART.findall(name)]


# --- English --------------------------------------------------------------------------------------


def english_words(text: str, offset: int = 0) -> Iterator[Word]:
    """Read English tokens of text (placed at offset) into content words, with the word before."""
    before = ""
    tokens = list(TOKEN.finditer(text))
    for i, match in enumerate(tokens):
        token = match.group()
        if i and BREAK.search(text, tokens[i - 1].end(), match.start()):
            before = ""  # "I'm bored. Play something": a new sentence starts afresh
        following = tokens[i + 1].group() if i + 1 < len(tokens) else ""
        reading = english_reading(token, _in_phrase(before, following))
        before = next_cue(token, reading, before)
        if reading is not None:
            start = offset + match.start()
            yield Word(token, reading[0], reading[1], start, start + len(token))


def next_cue(token: str, reading: tuple[str, str] | None, before: str) -> str:
    """What a word tells of the next one: after an adjective or a determiner, a noun or an
    adjective; after a determiner and a noun ("my chore"), the noun phrase may go on."""
    if token.lower() in INTENSIFIERS:  # "I'm so tired": the cue goes on past "so"
        return before
    if reading is not None and reading[1] == "ADJ":
        return "ADJ"
    if reading is not None and reading[1] == "NOUN" and before == "cue":
        return "noun"
    return cue_of(token)


def _in_phrase(before: str, following: str) -> str:
    """The cue for a word after a determiner and a noun: it goes on the noun phrase ("my chore
    list", "my library books due back") unless a determiner follows it, which makes it a verb
    with its object ("the kids walk the dog")."""
    if before != "noun":
        return before
    return "" if cue_of(following) else "noun"


def english_word(token: str, start: int, previous: str) -> Word | None:
    """One English token as a content word, or None for a function word."""
    reading = english_reading(token, cue_of(previous))
    return None if reading is None else Word(token, *reading, start, start + len(token))


@lru_cache(maxsize=65_536)
def english_reading(token: str, before: str) -> tuple[str, str] | None:
    """The lemma and tag of one English token after a cue ("cue", "ADJ" or ""), None if dropped."""
    lower = token.lower().replace("’", "'")
    if lower in NEGATIONS_EN:
        return "not", "ADV"
    if lower in STOP_WORDS_EN:
        return None
    if token[0].isdigit():
        return token.replace(",", ""), "NUM"
    if lower in NUMBER_WORDS_EN or lower in SCALE_WORDS_EN:
        return lower, "NUM"
    lemma, tag = english_lemma(lower)
    if tag == "PROPN":
        return lemma, "PROPN" if token[0].isupper() else "NOUN"
    if tag == "VERB" and lower.endswith("ing") and lower != lemma and before != "cue":
        return lemma, "NOUN"  # a gerund ("just browsing", "stop playing"): no command
    return lemma, tag_after(before, lower, tag)


def tag_after(before: str, lower: str, tag: str) -> str:
    """The part of speech the word before suggests: after "the"/"4" an adjective or a noun."""
    can_be = lemma_tags(lower)
    if before in ("cue", "ADJ") and "ADJ" in can_be:  # "the open issues", "still open"
        return "ADJ"
    if before == "cue" and can_be == {"VERB"} and lower.endswith("ed"):
        return "ADJ"  # "a saved contact": a participle describes a noun
    if before and "NOUN" in can_be:
        return "NOUN"
    return tag


@lru_cache(maxsize=65_536)
def cue_of(token: str) -> str:
    """ "cue" when a word makes the next one a noun or adjective (a determiner, a number)."""
    lower = token.lower()
    is_cue = lower in NOUN_CUES or lower[:1].isdigit() or lower in NUMBER_WORDS_EN
    return "cue" if is_cue else ""


@lru_cache(maxsize=65_536)
def english_lemma(lower: str) -> tuple[str, str]:
    """The lemma and coarse tag of one lowercase English word, from lemminflect's dictionary."""
    if len(lower) > LONGEST_WORD:
        return lower, "OTHER"
    lemmas = getAllLemmas(lower)
    for tag in LEMMA_PREFERENCE:
        if tag in lemmas:
            return lemmas[tag][0].lower(), COARSE[tag]
    return lower, "PROPN"  # not in the dictionary: a name, a brand, a code, a misspelling


@lru_cache(maxsize=65_536)
def lemma_tags(lower: str) -> frozenset[str]:
    """The parts of speech lemminflect's dictionary knows for one lowercase word."""
    return frozenset(getAllLemmas(lower)) if len(lower) <= LONGEST_WORD else frozenset()


def is_known_english(lower: str) -> bool:
    """Whether a lowercase word is in the English dictionary (names mostly are not)."""
    return bool(lemma_tags(lower))


# --- Korean ---------------------------------------------------------------------------------------


@cache
def korean_analyzer() -> Any | None:
    """kiwipiepy's analyser, loaded once per process; None where kiwipiepy is not installed."""
    try:
        from kiwipiepy import Kiwi
    except ImportError:
        return None
    kiwi = Kiwi()
    for noun in lexicon_nouns():  # "로그" is one word, not 로 (a particle) + 그
        kiwi.add_user_word(noun, "NNG")
    kiwi.tokenize("준비")  # the first call sets the model up (about 2 s): pay it here, once
    return kiwi


def lexicon_nouns() -> list[str]:
    """The Korean nouns the lexicon knows (two syllables or more; verbs end in 다)."""
    listed = [w for line in CONCEPTS.values() for w in line.split()] + list(GLOSSARY_KO_EN)
    return sorted(
        {w for w in listed if len(w) > 1 and HANGUL.fullmatch(w[-1]) and not w.endswith("다")}
    )


def korean_words(text: str, kiwi: Any | None) -> Iterator[Word]:
    """Read a Korean text segment by segment: English, kiwipiepy, or the small reader."""
    budget = KIWI_BUDGET if kiwi is not None else 0
    for match in SEGMENT.finditer(text):
        segment, offset = match.group(), match.start()
        if not HANGUL.search(segment):
            yield from english_words(segment, offset)
        elif budget >= len(segment):
            budget -= len(segment)
            yield from kiwi_words(kiwi, text, segment, offset)
        else:
            yield from fallback_korean_words(segment, offset)


def kiwi_words(kiwi: Any, text: str, segment: str, offset: int) -> Iterator[Word]:
    """Read one segment's kiwipiepy morphemes into content words (a split name joined again)."""
    pending: Word | None = None
    for token in kiwi.tokenize(segment):
        word = kiwi_word(token, text, offset)
        if word is None:
            continue
        if pending is not None and pending.tag == word.tag == "PROPN" and pending.end == word.start:
            name = text[pending.start : word.end]  # "김" + "민수": one name
            pending = Word(name, name, "PROPN", pending.start, word.end)
            continue
        if pending is not None:
            yield pending
        pending = word
    if pending is not None:
        yield pending


def kiwi_word(token: Any, text: str, offset: int) -> Word | None:
    """One kiwipiepy morpheme as a content word, or None for particles, endings and such."""
    start = offset + token.start
    end = start + token.len
    written = text[start:end]
    if token.tag == "SL":
        return english_word(written, start, "")
    if token.tag == "MM" and token.form in KO_NATIVE_ONES | KO_NATIVE_TENS:
        return Word(written, token.form, "NUM", start, end)
    tag = KIWI_TAGS.get(token.tag)
    if tag is None or token.form in STOP_WORDS_KO:
        return None
    return Word(written, korean_lemma(token), tag, start, end)


def korean_lemma(token: Any) -> str:
    """The dictionary form of a kiwipiepy morpheme: verbs and adjectives end in 다."""
    if token.tag.startswith(("VV", "VA")):
        lemma = getattr(token, "lemma", "") or token.form + "다"
        return lemma if lemma.endswith("다") else lemma + "다"
    if token.tag == "XR":
        return token.form + "하다"
    return token.form.lower() if token.tag.startswith("W_") else token.form


def fallback_korean_words(segment: str, offset: int) -> Iterator[Word]:
    """Read a Korean segment without kiwipiepy: tokens with particles and endings stripped."""
    for match in TOKEN.finditer(segment):
        token, start = match.group(), offset + match.start()
        if not HANGUL.search(token):
            word = english_word(token, start, "")
        else:
            word = fallback_korean_word(token, start)
        if word is not None:
            yield word


def fallback_korean_word(token: str, start: int) -> Word | None:
    """One Korean token as a content word, by stripping a request ending or a particle."""
    reading = fallback_korean_lemma(token)
    return None if reading is None else Word(token, *reading, start, start + len(token))


@lru_cache(maxsize=65_536)
def fallback_korean_lemma(token: str) -> tuple[str, str] | None:
    """The lemma and tag of one Korean token without kiwipiepy (None for a bare ending)."""
    if token in KO_FALLBACK_DROPPED or token in STOP_WORDS_KO:
        return None
    if token in KO_NATIVE_ONES or token in KO_NATIVE_TENS:
        return token, "NUM"
    noun = strip_ending(token, HADA_ENDINGS, shortest_stem=1)
    if noun:
        return noun, "NOUN"
    stem = strip_ending(token, REQUEST_ENDINGS, shortest_stem=1)
    if stem:
        return uncontracted(stem) + "다", "VERB"
    noun = strip_ending(token, PARTICLES, shortest_stem=2)
    if noun:
        return noun, "NOUN"
    stem = strip_ending(token, LINKING_ENDINGS, shortest_stem=2)
    return (uncontracted(stem) + "다", "VERB") if stem else (token, "NOUN")


def final_consonant(char: str) -> bool | None:
    """Whether a Hangul syllable ends in a final consonant (받침: 책 does, 차 does not); None for
    any other character."""
    syllable = ord(char) - 0xAC00 if len(char) == 1 else -1
    return syllable % 28 != 0 if 0 <= syllable < 11_172 else None


def uncontracted(stem: str) -> str:
    """A verb stem with its last vowel uncontracted: 맞춰 -> 맞추, 바꿔 -> 바꾸, 봐 -> 보."""
    syllable = ord(stem[-1]) - 0xAC00
    if not 0 <= syllable < 11_172 or syllable % 28:  # not Hangul, or has a final consonant
        return stem
    vowel = syllable // 28 % 21
    plain = CONTRACTED_VOWELS.get(vowel, vowel)
    return stem[:-1] + chr(ord(stem[-1]) + (plain - vowel) * 28)


def strip_ending(token: str, endings: frozenset[str], shortest_stem: int) -> str:
    """The token without the longest ending it has from a set, or "" if none fits."""
    for length in range(min(len(token) - shortest_stem, LONGEST_ENDING), 0, -1):
        if token[-length:] in endings:
            return token[:-length]
    return ""


# --- Loanwords: a word's consonants as Korean writes them -----------------------------------------

# Korean writes an English loanword with the consonants it hears (프리미엄 premium, 스탠다드
# standard, 익스프레스 express, 라리가 La Liga): comparing the consonants of both, in classes
# Korean does not tell apart (b/p/f/v, d/t, g/k/c, l/r, z/j/ch), matches a Hangul word to the
# English word it borrows. Vowels are left out: Korean adds 으 where English has none.
KO_INITIALS = (
    "k k n t t l m p p s s _ j j j k t p h".split()
)  # ㄱ ㄲ ㄴ ㄷ ㄸ ㄹ ㅁ ㅂ ㅃ ㅅ ㅆ ㅇ ...
KO_FINALS = [""] + "k k k n n n t l l l l l l l l m p p t t N t t k t p t".split()
ENGLISH_SOUNDS = (  # letters (a run first) -> consonant class, read left to right
    ("tion", "sn"), ("tch", "j"), ("ch", "j"), ("sh", "s"), ("th", "s"), ("ph", "p"), ("ck", "k"),
    ("ng", "N"), ("qu", "k"), ("x", "ks"), ("ce", "s"), ("ci", "s"), ("cy", "s"), ("ge", "j"),
    ("gi", "j"),
    ("b", "p"), ("f", "p"), ("v", "p"), ("p", "p"), ("d", "t"), ("t", "t"), ("c", "k"),
    ("g", "k"), ("k", "k"), ("q", "k"), ("l", "l"), ("r", "l"), ("z", "j"), ("j", "j"),
    ("s", "s"), ("m", "m"), ("n", "n"),
)  # fmt: skip
VOWELS = frozenset("aeiouyw")


def korean_sounds(word: str) -> str:
    """The consonants of a Hangul word, in loanword classes ("스탠다드" -> "stntt" -> "stnt")."""
    sounds = []
    for char in word:
        code = ord(char) - 0xAC00
        if not 0 <= code < 11_172:
            continue
        sounds += [KO_INITIALS[code // 588], KO_FINALS[code % 28]]
    return _collapsed("".join(sounds).replace("_", ""))


def english_sounds(word: str) -> str:
    """The consonants of an English word, in the same classes ("standard" -> "stnt"); an "r"
    before a consonant or at the end is silent, as Korean writes it (스탠다드), and so is "h"
    after the first letter."""
    lower, sounds, i = word.lower(), [], 0
    while i < len(lower):
        run = next((pair for pair in ENGLISH_SOUNDS if lower.startswith(pair[0], i)), None)
        if run is None:
            sounds.append("h" if lower[i] == "h" and i == 0 else "")
            i += 1
            continue
        silent_r = run[0] == "r" and (i + 1 == len(lower) or lower[i + 1] not in VOWELS)
        sounds.append("" if silent_r else run[1])
        i += len(run[0])
    return _collapsed("".join(sounds))


def _collapsed(sounds: str) -> str:
    """A run of one consonant class as one ("ll" -> "l", "mm" -> "m")."""
    return "".join(c for i, c in enumerate(sounds) if i == 0 or c != sounds[i - 1])


# --- Tense: whether a sentence tells of the past ----------------------------------------------

KO_PRESENT_SS = frozenset(
    "있없겠"
)  # syllables with a final ㅆ that are no past tense (있다, 없다, -겠-)
ENGLISH_WORD = re.compile(r"[A-Za-z]+")


def tells_of_the_past(sentence: str) -> bool:
    """Whether a sentence has a verb in the past tense: an English past form that is not also
    the plain verb ("bought", "happened"; not "set", "put"), or a Korean syllable closed by the
    past tense's ㅆ ("났어", "샀어", "다쳤어"; not 있/없/겠)."""
    if any(_korean_past(char) for char in sentence):
        return True
    return any(_english_past(word.lower()) for word in ENGLISH_WORD.findall(sentence))


def _korean_past(char: str) -> bool:
    """Whether a Hangul syllable ends in ㅆ as the past tense does (했, 났, 었)."""
    code = ord(char) - 0xAC00
    return 0 <= code < 11_172 and code % 28 == 20 and char not in KO_PRESENT_SS


@lru_cache(maxsize=65_536)
def _english_past(lower: str) -> bool:
    """Whether an English word is a verb's past form and not its plain form too."""
    if len(lower) > LONGEST_WORD:
        return False
    lemmas = getAllLemmas(lower).get("VERB", ())
    return any(lower != lemma and lower in getInflection(lemma, "VBD") for lemma in lemmas)
