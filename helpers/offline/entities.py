"""Reading the request, step 2: the typed entities of a text (numbers, money, dates, places...).

Which library reads which kind, and why:
- dateparser reads month-name dates ("May 20", "20 May 2025") and "in 3 days"-style windows,
  against the fixed CLOCK, so the same text always gives the same date. Weekdays ("next
  Friday", "다음 주 금요일"), weekends and Korean relative days follow our own week rules:
  dateparser reads "next Friday" as tomorrow on a Thursday and does not read Korean weeks.
- phonenumbers validates phone numbers and writes them in E.164 (region KR for Korean text,
  US otherwise, then the other), so "010-1234-5678" and "(415) 555-2671" come out comparable.
- wordfreq tells common words from codes ("NOW" is a word, "ICN" is a code) and, for Korean,
  rare proper nouns (names) from well-known ones (brands); lemminflect's dictionary
  (words.is_known_english) tells English words from names ("Sarah" is not in it).
- kiwipiepy (through words.words) finds Korean proper nouns.
The rest is read with the tables in lexicon_entities.py: numbers (digits, English number words,
Korean 3만 / 세 명 / 오천), what follows a number (a unit: quantity; a currency: money; a time
unit: duration), currencies and units named alone, times, emails, URLs, paths, quotes,
#channels, @handles, codes, places and languages (a gazetteer), people.
Where two readings overlap, the longer one wins, then the more specific (PRECEDENCE).

Reading is linear in the input: every pattern is one pass whose repeated parts are bounded or
start only where a run starts, a finder skips a text without its trigger characters or words
(Scan), and the libraries only see short windows, at most LIBRARY_WINDOWS per text.
"""

from __future__ import annotations

import bisect
import math
import re
import string
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import date, datetime, timedelta
from functools import cache, lru_cache
from itertools import islice
from typing import Any

import dateparser
import phonenumbers
from wordfreq import get_frequency_dict, zipf_frequency

from helpers.offline import words as word_reader
from helpers.offline.lexicon import TICKERS
from helpers.offline.lexicon_entities import (
    ADDITIVE_DIMENSIONS,
    AMBIGUOUS_CURRENCY_NAMES,
    AMOUNT_SCALES,
    COMMON_ACRONYMS,
    COUNTED_UNITS,
    COUNTRY_CODES,
    CURRENCY_CODES,
    CURRENCY_NAMES,
    CURRENCY_OF_COUNTRY,
    CURRENCY_SYMBOLS,
    DAY_PART_HOURS,
    DAY_PARTS,
    DEMONYMS,
    FILE_EXTENSIONS,
    FRACTION_WORDS_EN,
    HOLIDAYS,
    IDENTIFIER_NAME_PARTS,
    KILO_WORDS,
    KINSHIP_WORDS,
    KO_COUNTERS,
    KO_DAY_COUNTS,
    KO_DAY_PART_SPANS,
    KO_LOCAL_PLACES,
    KO_NAME_TAILS,
    KO_NATIVE_ONES,
    KO_NATIVE_TENS,
    KO_NOT_PERSONS,
    KO_PARTICLES,
    KO_PERSON_MARKERS,
    KO_PLACE_SUFFIXES,
    KO_ROLE_TITLES,
    KO_SCALES,
    KO_SINO_DIGITS,
    KO_SURNAMES,
    LANGUAGES,
    LONGEST_SPAN_OF_YEARS,
    MONEY_WORDS_EN,
    MONEY_WORDS_KO,
    MONTHS_EN,
    NAMED_TIMES,
    NOT_PERSONS_EN,
    NUMBER_WORDS_EN,
    OCCASION_COUNTERS,
    ORDINALS_EN,
    ORGANISATION_WORDS,
    PERSON_POSITIONS,
    PLACE_ALIASES,
    PLACE_PREPOSITIONS,
    PLACES,
    POUND_WORDS,
    RACE_WORDS,
    RELATIVE_DAYS,
    SCALE_WORDS_EN,
    STOP_WORDS_EN,
    TIME_UNITS,
    TITLES,
    TRANSIT_SERVICES,
    UNIT_SIZES,
    UNITS,
    UNITS_NAMED_ALONE,
    WEEK_OFFSETS,
    WEEKDAYS_EN,
    WEEKDAYS_KO,
    WEIGHT_CONTEXT_KO,
    WEIGHT_UNITS,
    YEAR_OFFSETS,
    YEAR_SECONDS,
)
from helpers.offline.words import HANGUL, is_known_english, language_of, without_blobs

CLOCK = datetime(2026, 1, 1, 9, 0)  # "now" for relative dates (a Thursday): deterministic output

KINDS = ("number", "quantity", "money", "currency", "date", "time", "datetime", "duration", "email",
         "phone", "url", "path", "quoted", "channel", "handle", "code", "place", "person",
         "language", "unit")  # fmt: skip
# When two readings cover the same span, the earlier kind here wins (the more specific reading).
PRECEDENCE = ("email", "url", "phone", "datetime", "money", "duration", "quantity", "date", "time",
              "path", "channel", "handle", "currency", "unit", "language", "place", "person",
              "code", "quoted", "number")  # fmt: skip
RANK = {kind: rank for rank, kind in enumerate(PRECEDENCE)}

LONGEST_NUMBER = 40  # characters: a longer run of digits is read as no number
LIBRARY_WINDOWS = 200  # at most this many windows per text go to dateparser / phonenumbers
DATEPARSER_SETTINGS = {"RELATIVE_BASE": CLOCK, "PREFER_DATES_FROM": "future"}
COMMON_WORD_ZIPF = 4.0  # wordfreq zipf at or above which an all-caps word is a word, not a code
KNOWN_KOREAN_ZIPF = 4.0  # a Korean proper noun this common is a brand or a place, not a person


@dataclass(frozen=True)
class Entity:
    """One typed entity: its kind, the span as written, where it is, and its normalised value."""

    kind: str  # one of KINDS
    text: str
    start: int
    end: int
    value: Any


@dataclass(frozen=True)
class Scan:
    """The text as the finders read it, with cheap facts that let a finder skip the whole text."""

    text: str  # base64-like blobs blanked, same length as the original
    original: str
    language: str
    words: frozenset[str]  # the lowercase English words in the text
    hangul: bool
    digits: bool


def find_entities(text: str, language: str | None = None) -> tuple[Entity, ...]:
    """The entities of a text, sorted by start; where readings overlap the longer one wins."""
    spaced = single_spaced(text)
    scan = scanned(spaced.text, language or language_of(text))
    found = [entity for finder in FINDERS for entity in finder(scan)]
    found = weekdays_after_dates(
        weekdays_beside_dates(scan.text, works_by_creators(scan.text, found))
    )
    found = ranged_times(scan.text, ranged_starts(scan.text, found))
    found += joined_datetimes(scan.text, found)
    found += range_end_datetimes(scan.text, found)
    found += dated_day_parts(scan.text, found)
    found += joined_durations(scan.text, found)
    return tuple(spaced.in_original(e, text) for e in resolved(found))


@dataclass(frozen=True)
class Spacing:
    """A text with each run of spaces read as one space, and how to find positions back."""

    text: str
    marks: list[int]  # positions (in .text) just after a run of spaces was made one space
    shifts: list[int]  # how far positions from each mark on lie in the original text

    def position(self, at: int) -> int:
        """The original text's position for a position in the single-spaced text."""
        i = bisect.bisect_right(self.marks, at)
        return at + (self.shifts[i - 1] if i else 0)

    def in_original(self, found: Entity, original: str) -> Entity:
        """An entity found in the single-spaced text, placed back in the original text."""
        if not self.marks:
            return found
        start, end = self.position(found.start), self.position(found.end)
        value = original[start + 1 : end - 1].strip() if found.kind == "quoted" else found.value
        return Entity(found.kind, original[start:end], start, end, value)


def single_spaced(text: str) -> Spacing:
    """The text with runs of spaces and tabs read as one space ("2  pm" is "2 pm")."""
    pieces, marks, shifts, shift, last = [], [], [], 0, 0
    for match in SPACE_RUN.finditer(text):
        pieces += [text[last : match.start()], " "]
        shift += len(match.group()) - 1
        marks.append(match.end() - shift)
        shifts.append(shift)
        last = match.end()
    return Spacing("".join([*pieces, text[last:]]), marks, shifts)


def scanned(text: str, language: str) -> Scan:
    """One cheap pass over the text: blobs blanked, which words, Hangul and digits it has."""
    blanked = without_blobs(text)
    said = frozenset(map(str.lower, ENGLISH_TOKEN.findall(blanked)))
    hangul = HANGUL.search(blanked) is not None
    return Scan(blanked, text, language, said, hangul, DIGIT.search(blanked) is not None)


def resolved(found: list[Entity]) -> tuple[Entity, ...]:
    """Keep the longest, most specific readings that do not overlap, in text order."""
    taken = bytearray(max((e.end for e in found), default=0))
    kept = []
    for entity in sorted(found, key=lambda e: (e.start - e.end, RANK[e.kind], e.start)):
        if taken.find(1, entity.start, entity.end) == -1:
            taken[entity.start : entity.end] = b"\x01" * (entity.end - entity.start)
            kept.append(entity)
    return tuple(sorted(kept, key=lambda e: e.start))


def entity(kind: str, text: str, start: int, end: int, value: Any) -> Entity:
    """An entity of one kind over text[start:end]."""
    return Entity(kind, text[start:end], start, end, value)


# --- Patterns ------------------------------------------------------------------------------------

# Patterns start with a character class, then look behind: the regex engine then jumps between
# the places that class allows instead of trying every position of the text.
SPACE_RUN = re.compile(r"[ \t\u00a0\u3000]{2,}|[\t\u00a0\u3000]")
ENGLISH_TOKEN = re.compile(r"[A-Za-zÀ-ÿ]+")  # Latin letters, accented ones too ("São")
DIGIT = re.compile(r"\d")


# --- Numbers and what they measure ----------------------------------------------------------------

DIGITS = re.compile(r"\d(?<![A-Za-z0-9_.]\d)(?:\d{0,2}(?:,\d{3})+|\d*)(?:\.\d+)?")
KO_SCALED = re.compile(
    r"\d(?<![\d.]\d)\d{0,15}(?:\.\d{1,6})?\s?[십백천만억]{1,3}(?:\s?\d+\s?[십백천만]{1,2}){0,3}(?!큼)"
)
KO_SINO_ONE = re.compile(r"(?<![가-힣])([삼사오육칠팔구]) (?=분|초|시간)")
KO_SCALED_PART = re.compile(r"(\d+(?:\.\d+)?)\s?([십백천만억]{1,3})")
KO_UNITS_COUNTED = frozenset(  # one syllable is too short to trust ("한도" is no "한 도")
    name for name in UNITS if HANGUL.match(name) and (len(name) > 1 or name == "컵")
)
KO_NATIVE = re.compile(
    r"(?<![가-힣])(?:(열|스물|스무|서른|마흔|쉰)\s?)?(하나|다섯|여섯|일곱|여덟|아홉|한|두|세|네|석|넉|둘|셋|넷|첫)?"
    r"(?=\s?(?:" + "|".join(sorted(KO_COUNTERS | KO_UNITS_COUNTED, key=len, reverse=True)) + "))"
)  # Korean counters, and units counted the same way ("세 컵", "두 리터")
# Native tens are numbers whatever noun follows ("스무 문제", "서른두 페이지"); 열 only with its
# ones ("열두 문제"), as 열 alone is also "open" and "heat".
KO_NATIVE_TENS_ALONE = re.compile(
    r"(?<![가-힣])(?:(스물|스무|서른|마흔|쉰)(?:\s?(하나|한|둘|두|셋|세|넷|네|다섯|여섯|일곱|여덟|아홉))?"
    r"|(열)\s?(하나|한|둘|두|셋|세|넷|네|다섯|여섯|일곱|여덟|아홉))(?=\s[가-힣])"
)
KO_NATIVE_ALONE = re.compile(  # a native number said alone, a particle after it ("둘이랑")
    r"(?<![가-힣])(?:(열|스물|서른|마흔|쉰)\s?)?(하나|둘|셋|넷|다섯|여섯|일곱|여덟|아홉)"
    r"(?=이랑|랑|하고|이서|이서요|과|와|[이야만도요씩]|\s다|\s|$|[,.?!])"
)
KO_SINO_UNITS = sorted(  # what a Sino-Korean number is read before: a unit, a currency, a counter
    {*(n for n in [*UNITS, *CURRENCY_NAMES, *TIME_UNITS] if HANGUL.match(n)), "명", "개", "년",
     "번", "층", "주", "배", "점", "회", "장", "권", "쪽", "페이지", "일", "알", "정", "병"},
    key=len, reverse=True,
)  # fmt: skip
KO_SINO = re.compile(  # "삼십", "이만 오천", a scale alone ("만 원", "백 개")
    r"(?<![가-힣])[일이삼사오육칠팔구십백천만억]{1,8}(?: [일이삼사오육칠팔구십백천만억]{1,8}){0,3}"
    r"(?=\s?(?:" + "|".join(KO_SINO_UNITS) + ")"
    r"|\s?(?:더하기|빼기|곱하기|나누기)"  # an operand of spoken arithmetic
    r"|(?:은|는|을|를|과|와|이랑|랑)?\s?[?.!]?\s*$)"  # a number that ends the sentence
)
NUMBER_WORD_GAP = re.compile(r"(?i)[\s-]+(?:and[\s-]+)?")
AFTER_NUMBER = re.compile(
    r"[ \t]?-?[ \t]?([A-Za-z]+(?:[ /][A-Za-z]+)?|[가-힣]+(?: [가-힣]+)?|°\s?[CFcf]?|[%℃℉€$£¥₩元])"
)
SCALE_AFTER = re.compile(r"[ \t]?((?i:thousand|million|billion|bn|mn)|[kKmMb])(?![A-Za-z])")
HALF_AFTER = re.compile(r"\s?반(?![가-힣])|\s(?:and\s)?a\shalf\b")
SYMBOL_BEFORE = re.compile(
    "(" + "|".join(re.escape(s) for s in sorted(CURRENCY_SYMBOLS, key=len, reverse=True)) + r")\s?$"
)
CURRENCY_ENDINGS = frozenset(symbol[-1] for symbol in CURRENCY_SYMBOLS) | set(
    string.ascii_uppercase
)
SCALE_BEFORE = re.compile(r"(섭씨|화씨)\s?$")
CODE_BEFORE = re.compile(r"(?<![A-Za-z])([A-Z]{3})\s?$")


def find_measures(scan: Scan) -> Iterator[Entity]:
    """Every number, read with what follows or precedes it: money, a duration, a quantity."""
    numbers = [*digit_numbers(scan), *korean_numbers(scan), *english_number_words(scan),
               *fractions(scan), *ordinals(scan), *times_over(scan), *couples(scan),
               *shares_of_scales(scan)]  # fmt: skip
    for number in resolved(numbers):
        yield measured(scan.text, with_a_half(scan.text, number))


TIMES_OVER = re.compile(r"[x×](?<![\w][x×])(\d{1,4})(?![\w.,])")


def times_over(scan: Scan) -> Iterator[Entity]:
    """A count written as "x20" or "×3" ("handout.pdf x20": twenty copies)."""
    text = scan.text if scan.digits else ""
    for match in TIMES_OVER.finditer(text):
        yield entity("number", text, match.start(), match.end(), int(match[1]))


AND_A_HALF = re.compile(r"(?i) (?:and )?a half\b")


COUPLE = re.compile(r"(?i)(?<![A-Za-z])a couple(?: of)?(?![A-Za-z])")


def couples(scan: Scan) -> Iterator[Entity]:
    """ "A couple of" is two ("a couple of hours", "for a couple")."""
    text = "" if "couple" not in scan.words else scan.text
    for match in COUPLE.finditer(text):
        yield entity("number", text, match.start(), match.end(), 2)


SHARE_OF_SCALE = re.compile(
    r"(?i)(?<![A-Za-z])(half|a quarter|three quarters)(?: of)? an? (dozen|hundred|thousand|million)"
    r"(?![A-Za-z])"
)
SCALE_SHARES = {"half": 0.5, "a quarter": 0.25, "three quarters": 0.75}


def shares_of_scales(scan: Scan) -> Iterator[Entity]:
    """A share of a scale word is that share of its size: "half a dozen" is 6, "a quarter of a
    million" 250,000 (the share multiplies the scale, it is no separate number)."""
    text = "" if scan.words.isdisjoint(("half", "quarter", "quarters")) else scan.text
    for match in SHARE_OF_SCALE.finditer(text):
        share = SCALE_SHARES[match[1].lower()] * SCALE_WORDS_EN[match[2].lower()]
        yield entity("number", text, match.start(), match.end(), whole(share))


def with_a_half(text: str, number: Entity) -> Entity:
    """A whole number and a half said after it: "two and a half" is 2.5, "5 and a half" 5.5; a
    half of the scale word it ends with: "a dozen and a half" is 18."""
    half = AND_A_HALF.match(text, number.end)
    if half is None or not isinstance(number.value, int):
        return number
    scale = AMOUNT_SCALES.get(number.text.rsplit(" ", 1)[-1].lower(), 1)
    return entity("number", text, number.start, half.end(), whole(number.value + scale / 2))


# A share of a whole: "three quarters", "a third", "half", "1/2 cup", "4분의 3", "절반", "반으로".
EN_FRACTION = re.compile(
    r"(?i)(?<![A-Za-z])(?:(a|one|two|three|four|five|six|seven|eight|nine|[1-9])[ -])?"
    r"(half|halves|thirds?|quarters?|fourths?|fifths?|tenths?)(?![A-Za-z])"
    r"(?!:| (?:past|to|after|before)\b)"  # "a quarter past": a time, not a share
)
DIGIT_FRACTION = re.compile(r"([1-9])(?<![\d/.][1-9])/([2-9]|1[0-2])(?![\d/])(?= [A-Za-z])")
KO_FRACTION = re.compile(
    r"(?<![가-힣\d])(\d{1,2}|[이삼사오육칠팔구십]{1,2}) ?분의 ?(\d{1,2}|[일이삼사오육칠팔구]{1,2})"
    r"|(?<![가-힣])(절반|반)(?=으로|만|쯤|정도|이|은|을|가|[ ,.?!]|$)"
)
SHARE_SAID = re.compile(r"(?i)half|halves|third|quarter|fourth|fifth|tenth|분의|반|/")


def fractions(scan: Scan) -> Iterator[Entity]:
    """Shares of a whole said as fractions, in words or digits, in English and Korean."""
    text = scan.text
    english = "" if scan.words.isdisjoint(FRACTION_WORDS_EN) else text
    for match in EN_FRACTION.finditer(english):
        numerator = (match[1] or "").lower()
        if not numerator and match[2].lower() != "half":  # "the third": an ordinal, not a share
            continue
        count = 1 if numerator in ("", "a") else NUMBER_WORDS_EN.get(numerator) or int(numerator)
        share = count / FRACTION_WORDS_EN[match[2].lower()]
        yield entity("number", text, match.start(), match.end(), round(share, 4))
    slashed = text if "/" in text else ""
    for match in DIGIT_FRACTION.finditer(slashed):
        if not DATE_WORD_BEFORE.search(text, max(0, match.start() - 12), match.start()):
            share = round(int(match[1]) / int(match[2]), 4)
            yield entity("number", text, match.start(), match.end(), share)
    for match in KO_FRACTION.finditer(text if scan.hangul else ""):
        share = 0.5 if match[3] else korean_count(match[2]) / korean_count(match[1])
        yield entity("number", text, match.start(), match.end(), round(share, 4))


def as_share(text: str, number: Entity) -> Entity | None:
    """A fraction said alone ("three quarters full", "반으로") as a share of a whole: a
    quantity in the unit "fraction" (a percent parameter takes it times 100); a fraction of a
    unit ("half a mile", "a third of a cup") is that much of the unit."""
    if not (0 < number.value < 1 and SHARE_SAID.search(number.text)):
        return None
    article = SHARE_ARTICLE.match(text, number.end)
    after = AFTER_NUMBER.match(text, article.end() - 1) if article else None
    unit = unit_named(after.group(1)) if after else None
    if after is not None and unit is not None and unit[0] == "quantity":
        end = after.start(1) + unit[2]
        return entity(
            "quantity", text, number.start, end, {"amount": number.value, "unit": unit[1]}
        )
    return replace(number, kind="quantity", value={"amount": number.value, "unit": "fraction"})


SHARE_ARTICLE = re.compile(r" (?:of )?(?:an?|the) ")


def korean_count(said: str) -> int:
    """A small number in digits or Sino-Korean numerals ("4", "사", "십이")."""
    return int(said) if said.isdigit() else sino_korean_value(said)


ORDINAL = re.compile(
    r"(?i)\b(?:the|my|our|your|his|her) (" + "|".join(ORDINALS_EN) + r")(?![A-Za-z])(?! \d)"
)


def ordinals(scan: Scan) -> Iterator[Entity]:
    """Ordinals after "the" ("the third episode", "my fifth visit"): the number they count."""
    text = "" if scan.words.isdisjoint(ORDINALS_EN) else scan.text
    for match in ORDINAL.finditer(text):
        value = ORDINALS_EN[match[1].lower()]
        yield entity("number", text, match.start(1), match.end(1), value)


def digit_numbers(scan: Scan) -> Iterator[Entity]:
    """Numbers written in digits: "1,234.5", "-3" (a sign after a space), "42"."""
    text = scan.text if scan.digits else ""
    for match in DIGITS.finditer(text):
        start = match.start()
        if start and text[start - 1] in "-+−" and text[start - 2 : start - 1] in ("", " ", "("):
            start -= 1
        written = text[start : match.end()]
        if len(written) <= LONGEST_NUMBER:  # longer digit runs are ids and dumps, not amounts
            yield entity("number", text, start, match.end(), number_value(written))


def number_value(written: str) -> int | float:
    """The value of a number written in digits (commas are thousands separators)."""
    cleaned = written.replace(",", "").replace("−", "-")
    return float(cleaned) if "." in cleaned else int(cleaned)


def korean_numbers(scan: Scan) -> Iterator[Entity]:
    """Korean numbers: digits with multipliers ("3만", "2만 5천") and native numerals ("세 명")."""
    text = scan.text if scan.hangul else ""
    for match in KO_SCALED.finditer(text):
        value = korean_scaled_value(KO_SCALED_PART.findall(match.group()))
        yield entity("number", text, match.start(), match.end(), whole(value))
    for match in KO_NATIVE.finditer(text):
        if match.group().strip():
            tens, ones = match.group(1), match.group(2)
            value = KO_NATIVE_TENS.get(tens or "", 0) + KO_NATIVE_ONES.get(ones or "", 0)
            end = match.start() + len(match.group().rstrip())
            yield entity("number", text, match.start(), end, value)
    for match in KO_NATIVE_TENS_ALONE.finditer(text):  # "스무 문제", "열두 쪽"
        tens, ones = match[1] or match[3], match[2] or match[4]
        value = KO_NATIVE_TENS[tens] + KO_NATIVE_ONES.get(ones or "", 0)
        yield entity("number", text, match.start(), match.end(), value)
    for match in KO_NATIVE_ALONE.finditer(text):  # "하나만", "스피커 하나야", "둘 다", "열둘이"
        value = KO_NATIVE_TENS.get(match[1] or "", 0) + KO_NATIVE_ONES[match[2]]
        yield entity("number", text, match.start(), match.end(), value)
    for match in KO_SINO_ONE.finditer(text):  # "삼 분", "오 초": one digit before a time unit
        yield entity("number", text, match.start(), match.start() + 1, KO_SINO_DIGITS[match[1]])
    for match in KO_SINO.finditer(text):
        said = match.group().replace(" ", "")
        if said == "만" and text.startswith("점", match.end()):
            continue  # 만점: full marks, not ten thousand
        if any(c in KO_SCALES for c in said) and said[-1] in KO_SINO_DIGITS | KO_SCALES:
            yield entity("number", text, match.start(), match.end(), sino_korean_value(said))


def korean_scaled_value(parts: list[tuple[str, str]]) -> float:
    """The value of digits with Korean scales ("3만 5천" = 35000). After 억 with no 만 said, the
    rest counts in 만, as people say prices: "2억 5천" is 250,000,000."""
    in_man = "억" in parts[0][1] and not any("만" in scales for _, scales in parts)
    total = 0.0
    for i, (digits, scales) in enumerate(parts):
        scale = math.prod(KO_SCALES[c] for c in scales)
        total += number_value(digits) * scale * (KO_SCALES["만"] if in_man and i else 1)
    return total


def sino_korean_value(said: str) -> int:
    """The value of Sino-Korean numerals: "오천" -> 5000, "삼십" -> 30, "이만오천" -> 25000."""
    total, section, digit = 0, 0, 0
    for char in said:
        if char in KO_SINO_DIGITS:
            digit = KO_SINO_DIGITS[char]
        elif char in "십백천":
            section, digit = section + (digit or 1) * KO_SCALES[char], 0
        else:  # 만, 억: a new group of four digits
            total, section, digit = total + ((section + digit) or 1) * KO_SCALES[char], 0, 0
    return total + section + digit


def whole(value: float) -> int | float:
    """An integral float as an int."""
    return int(value) if float(value).is_integer() else value


def english_number_words(scan: Scan) -> Iterator[Entity]:
    """Runs of English number words: "twelve", "twenty-five", "a dozen", "two hundred and ten"."""
    text = (
        "" if scan.words.isdisjoint(NUMBER_WORDS_EN.keys() | SCALE_WORDS_EN.keys()) else scan.text
    )
    run: list[re.Match[str]] = []
    for match in ENGLISH_TOKEN.finditer(text):
        lower = match.group().lower()
        if lower == "and" and run and run[-1].group().lower() in SCALE_WORDS_EN:
            continue  # "two hundred and ten"
        joined = not run or NUMBER_WORD_GAP.fullmatch(text, run[-1].end(), match.start())
        if lower in NUMBER_WORDS_EN or lower in SCALE_WORDS_EN or lower in ("a", "an"):
            run = [*run, match] if joined else [match]
            continue
        yield from number_word_run(text, run)
        run = []
    yield from number_word_run(text, run)


def number_word_run(text: str, run: list[re.Match[str]]) -> Iterator[Entity]:
    """The number a run of number words says, if it says one ("a" alone says none)."""
    while run and run[-1].group().lower() in ("a", "an"):
        run = run[:-1]
    while run and run[0].group().lower() in ("a", "an") and len(run) > 1:
        if run[1].group().lower() in SCALE_WORDS_EN:
            break
        run = run[1:]
    if not run or run[0].group().lower() in ("a", "an") and len(run) == 1:
        return
    value: int | float = number_words_value([m.group().lower() for m in run])
    end = run[-1].end()
    point = POINT_AFTER.match(text, end)  # "two point five": 2.5
    if point is not None:
        digits = "".join(str(DIGIT_WORDS[d.lower()]) for d in point.group(1).split())
        value, end = float(f"{value}.{digits}"), point.end()
    yield entity("number", text, run[0].start(), end, value)


DIGIT_WORDS = {"zero": 0, "oh": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5,
               "six": 6, "seven": 7, "eight": 8, "nine": 9}  # fmt: skip
POINT_AFTER = re.compile(
    r"(?i) point ((?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
    r"(?: (?:zero|oh|one|two|three|four|five|six|seven|eight|nine)){0,5})(?![A-Za-z])"
)


def number_words_value(said: list[str]) -> int:
    """The value of number words in order: ["two", "hundred", "ten"] -> 210."""
    total, current = 0, 0
    for word in said:
        if word in ("a", "an"):
            current = max(current, 1)
        elif word in NUMBER_WORDS_EN:
            current += NUMBER_WORDS_EN[word]
        elif word in ("hundred", "dozen"):
            current = max(current, 1) * SCALE_WORDS_EN[word]
        else:
            total += max(current, 1) * SCALE_WORDS_EN[word]
            current = 0
    return total + current


def measured(text: str, number: Entity) -> Entity:
    """The number with what it measures: money, a duration, a quantity, or the bare number."""
    before = money_before(text, number)
    if before is not None:
        return before
    match = AFTER_NUMBER.match(text, number.end)
    unit = unit_named(match.group(1)) if match is not None else None
    if match is None or unit is None:
        return scaled_money(text, number) or as_share(text, number) or scaled_number(text, number)
    kind, value, length = unit
    if kind == "duration" and value == YEAR_SECONDS and number.value > LONGEST_SPAN_OF_YEARS:
        return number  # "2025년", "in 2025 years' time" is rare: a calendar year
    end = match.start(1) + length
    if kind == "duration" and counts_the_noun_after(text, number, match.start(1)):
        return number
    seat = SEAT_CODE.match(text, number.start) and seat_said_before(text, number.start)
    if value in TEMPERATURES and seat:
        return number  # "seat 14C": a seat (find_seat_codes), no temperature
    return measure_entity(text, number, kind, value, end)


# A row number and a seat letter written onto it ("14C", "22A") after a word naming a seat, a
# berth or a locker, or after another such seat ("22A and 22B"), name a seat: a code.
SEAT_CODE = re.compile(r"\d(?<![\w.]\d)\d{0,2}[A-K](?![A-Za-z0-9])")
SEAT_BEFORE = re.compile(
    r"(?i)(?:\b(?:seat|seats|row|berth|cabin|locker|stall|bed)|좌석|자리|침대|사물함)"
    r" ?(?:no\.? ?|#)?$"
)
SEAT_LIST_GAP = re.compile(r"(?i)\s*(?:,|and|or|&|이랑|랑|하고|와|과)\s*")


def seat_said_before(text: str, start: int) -> bool:
    """Whether a word naming a seat comes just before `start`."""
    return SEAT_BEFORE.search(text, max(0, start - 12), start) is not None


def find_seat_codes(scan: Scan) -> Iterator[Entity]:
    """Seats written as a row and a letter: "seat 14C", "좌석 3F", "seats 22A and 22B"."""
    text = scan.text if scan.digits else ""
    previous_end = -1
    for match in SEAT_CODE.finditer(text):
        listed = previous_end >= 0 and SEAT_LIST_GAP.fullmatch(text, previous_end, match.start())
        if listed or seat_said_before(text, match.start()):
            previous_end = match.end()
            yield entity("code", text, match.start(), match.end(), match.group())


SINGULAR_UNIT_THEN_PLURAL = re.compile(r"(?i)(?:day|hour|week|month|night) ([a-z]+s)\b")


def counts_the_noun_after(text: str, number: Entity, unit_start: int) -> bool:
    """A count above one before a unit in the singular and a plural noun counts the noun: the
    unit names its kind ("two day passes", "three hour lessons" are passes and lessons)."""
    if not isinstance(number.value, int) or number.value < 2:
        return False
    said = SINGULAR_UNIT_THEN_PLURAL.match(text, unit_start)
    return said is not None and is_known_english(said.group(1).lower())


def measure_entity(text: str, number: Entity, kind: str, value: Any, end: int) -> Entity:
    """The entity a number and the unit, currency or time unit after it make together."""
    amount = number.value
    if kind == "money":
        return entity("money", text, number.start, end, {"amount": amount, "currency": value})
    half = HALF_AFTER.match(text, end) if value not in TEMPERATURES else None
    if half is not None and isinstance(amount, int):  # "1시간 반", "3킬로 반": and a half
        amount, end = amount + 0.5, half.end()
    if kind == "quantity":
        start, value = temperature_scale_before(text, number.start, value)
        below = BELOW_ZERO.search(text, max(0, start - 9), start) if value in TEMPERATURES else None
        if below is not None and amount > 0:  # "minus 40 degrees", "영하 10도"
            start, amount = below.start(), -amount
        return entity("quantity", text, start, end, {"amount": amount, "unit": value})
    return entity("duration", text, number.start, end, {"seconds": round(amount * value)})


BELOW_ZERO = re.compile(r"(?i)(?:minus|negative|영하) ?$")
TEMPERATURES = frozenset({"celsius", "fahrenheit", "degree", "kelvin"})


@lru_cache(maxsize=4096)
def temperature_scale_before(text: str, start: int, unit: str) -> tuple[int, str]:
    """A temperature scale said before the number ("화씨 86도", "섭씨 30도"): start and unit."""
    said = SCALE_BEFORE.search(text, max(0, start - 4), start)
    if said is None or unit not in ("celsius", "fahrenheit", "degree"):
        return start, unit
    return said.start(), UNITS[said[1]]


@lru_cache(maxsize=4096)
def unit_named(said: str) -> tuple[str, Any, int] | None:
    """What the words after a number name: (kind, unit or currency or seconds, length said)."""
    if "\uac00" <= said[0] <= "\ud7a3":
        return korean_unit_named(said)
    candidates = [said, said.split(" ")[0].split("/")[0]] if said[0].isalpha() else [said]
    for candidate in candidates:
        found = english_unit(candidate)
        if found is not None:
            return (*found, len(candidate))
    return None


def english_unit(said: str) -> tuple[str, Any] | None:
    """A unit, currency or time unit written in English or as a symbol, or None."""
    lower = said.lower().replace("° ", "°")
    if said.upper() in CURRENCY_CODES and (said.isupper() or said.islower()):
        return "money", said.upper()
    if lower in CURRENCY_NAMES:
        return "money", CURRENCY_NAMES[lower]
    if said in CURRENCY_SYMBOLS:
        return "money", CURRENCY_SYMBOLS[said]
    if lower in TIME_UNITS:
        return "duration", TIME_UNITS[lower]
    if lower in UNITS and said != "M":  # "1.5M" is a million and a half; metres are "m"
        return "quantity", UNITS[lower]
    if said in SCALE_LETTERS:  # "98.6 F", "37 C": a capital scale letter after a number
        return "quantity", SCALE_LETTERS[said]
    return None


SCALE_LETTERS = {"F": "fahrenheit", "C": "celsius"}


def korean_unit_named(said: str) -> tuple[str, Any, int] | None:
    """A Korean unit, currency or time unit at the start of the words after a number."""
    for name in korean_prefixes(said, KO_UNIT_NAMES):
        kind, value = KO_UNIT_NAMES[name]
        return kind, value, len(name)
    return None


def korean_prefixes(said: str, names: dict[str, Any]) -> Iterator[str]:
    """The names that start `said` and end where a particle or name tail begins, longest first."""
    if said[:2] not in KO_NAME_STARTS and said[:1] not in KO_NAME_STARTS:
        return
    for length in range(min(len(said), KO_LONGEST_NAME), 0, -1):
        name, rest = said[:length], said[length:]
        if name in names and korean_tail_ok(rest):
            yield name


def korean_tail_ok(rest: str) -> bool:
    """Whether what follows a Korean name ends it: a space, a particle, a tail or a noun."""
    if (
        not rest
        or rest[0] == " "
        or rest.startswith(KO_PARTICLES)
        or rest.startswith(KO_NAME_TAILS)
    ):
        return True
    return len(rest) >= 2 and korean_zipf(rest[:2]) >= KNOWN_KOREAN_ZIPF  # "서울날씨": a compound


def money_before(text: str, number: Entity) -> Entity | None:
    """Money written with its currency first: "$250", "€5", "USD 250", "₩30,000", "$5k"."""
    window = text[max(0, number.start - 4) : number.start]
    if window.rstrip(" ")[-1:] not in CURRENCY_ENDINGS:
        return None
    match = SYMBOL_BEFORE.search(window) or CODE_BEFORE.search(window)
    if match is None:
        return None
    code = CURRENCY_SYMBOLS.get(match.group(1)) or match.group(1)
    if code not in CURRENCY_CODES:
        return None
    start = number.start - len(window) + match.start()
    amount, end = number.value, number.end
    scale = SCALE_AFTER.match(text, end)
    if scale is not None:
        amount, end = whole(amount * amount_scale(scale.group(1))), scale.end()
    return entity("money", text, start, end, {"amount": amount, "currency": code})


def amount_scale(said: str) -> int:
    """The multiplier a scale word says: "k" 1000, "M" a million, "Billion" a billion."""
    return AMOUNT_SCALES.get(said) or AMOUNT_SCALES[said.lower()]


RACE_AFTER = re.compile(r"[ \t-]?([A-Za-z]+)")
SCALE_ATTACHED = re.compile(
    r"(?:[kK]|M|[ \t]?(?i:dozen|hundred|thousand|million|billion))(?![A-Za-z])"
)


def scaled_number(text: str, number: Entity) -> Entity:
    """A number with its scale: "120k" is 120,000, "3 million" 3,000,000 ("5m" stays 5: a
    lowercase m is minutes or metres; a "5k run" is a race of 5 km)."""
    scale = SCALE_ATTACHED.match(text, number.end)
    if scale is None or not isinstance(number.value, (int, float)):
        return number
    race = RACE_AFTER.match(text, scale.end())
    if scale.group() == "k" and race and race.group(1).lower() in RACE_WORDS:  # "a 5k run"
        return entity("quantity", text, number.start, scale.end(), {"amount": number.value,
                                                                     "unit": "km"})  # fmt: skip
    value = whole(number.value * amount_scale(scale.group().strip()))
    return entity("number", text, number.start, scale.end(), value)


def scaled_money(text: str, number: Entity) -> Entity | None:
    """Money with a multiplier between the amount and the currency: "2 million dollars"."""
    scale = SCALE_AFTER.match(text, number.end)
    if scale is None:
        return None
    match = AFTER_NUMBER.match(text, scale.end())
    unit = unit_named(match.group(1)) if match else None
    if match is None or unit is None or unit[0] != "money":
        return None
    amount = whole(number.value * amount_scale(scale.group(1)))
    end = match.start(1) + unit[2]
    return entity("money", text, number.start, end, {"amount": amount, "currency": unit[1]})


# --- Names: places, languages, currencies named without an amount ---------------------------------

NAME_TOKEN = re.compile(r"[A-Za-zÀ-ÿ]+(?:['’][A-Za-z]+)?")
HANGUL_WORD = re.compile(r"[가-힣]+")
LONGEST_ENGLISH_NAME = 4  # words


def english_name_index() -> dict[tuple[str, ...], tuple[str, Any]]:
    """English names by their lowercase words: places, languages, currency names and codes."""
    index: dict[tuple[str, ...], tuple[str, Any]] = {}
    for english, _korean in PLACES:
        index[tuple(english.lower().split())] = ("place", english)
    for alias, english in PLACE_ALIASES.items():
        index[tuple(alias.lower().split())] = ("place", english)
    for name, code, _korean_names in LANGUAGES:
        index[(name.lower(),)] = ("language", {"name": name, "code": code})
    for name, code in CURRENCY_NAMES.items():
        if name.isascii():
            index[tuple(name.split())] = ("currency", code)
    for code in CURRENCY_CODES:  # "eur" written small: read after "to"/"in" (name_fits)
        index.setdefault((code.lower(),), ("currency", code))
    for name in UNITS_NAMED_ALONE:
        if name.isascii():
            index[tuple(name.split())] = ("unit", UNITS[name])
    return index


def korean_name_index() -> dict[str, tuple[str, Any]]:
    """Korean names as written: places, languages and currency names."""
    index: dict[str, tuple[str, Any]] = {}
    for english, korean in PLACES:
        index[korean] = ("place", english)
    for korean in KO_LOCAL_PLACES:
        index[korean] = ("place", korean)
    for name, code, korean_names in LANGUAGES:
        for korean in korean_names:
            index[korean] = ("language", {"name": name, "code": code})
    for name, code in CURRENCY_NAMES.items():
        if not name.isascii() and name not in AMBIGUOUS_CURRENCY_NAMES:
            index[name] = ("currency", code)
    for name in UNITS_NAMED_ALONE:
        if not name.isascii():
            index.setdefault(name, ("unit", UNITS[name]))
    return index


def korean_unit_index() -> dict[str, tuple[str, Any]]:
    """Korean (and symbol) names of units, currencies and time units after a number."""
    index: dict[str, tuple[str, Any]] = {}
    for name, code in CURRENCY_NAMES.items():
        if not name.isascii():
            index[name] = ("money", code)
    for name, seconds in TIME_UNITS.items():
        if not name.isascii():
            index[name] = ("duration", seconds)
    for name, unit in UNITS.items():
        if not name.isascii():
            index.setdefault(name, ("quantity", unit))
    return index


ENGLISH_NAMES = english_name_index()
KOREAN_NAMES = korean_name_index()
KO_UNIT_NAMES = korean_unit_index()
KO_LONGEST_NAME = max(len(name) for name in [*KOREAN_NAMES, *KO_UNIT_NAMES])
KO_NAME_STARTS = frozenset(name[:2] for name in [*KOREAN_NAMES, *KO_UNIT_NAMES])
CAPITAL_ALIASES = frozenset(alias for alias in PLACE_ALIASES if alias.replace(".", "").isupper())
FIRST_NAME_WORDS = frozenset(words[0] for words in ENGLISH_NAMES)


def find_names(scan: Scan) -> Iterator[Entity]:
    """Places, languages, currencies and units named in the text (a lookup per word)."""
    text = scan.text
    for token in HANGUL_WORD.finditer(text if scan.hangul else ""):
        yield from korean_name(text, token)
    if scan.words.isdisjoint(FIRST_NAME_WORDS):
        return
    tokens = list(NAME_TOKEN.finditer(text))
    for i, token in enumerate(tokens):
        if token.group().lower() in FIRST_NAME_WORDS:
            yield from english_name(text, tokens, i)


def korean_name(text: str, token: re.Match[str]) -> Iterator[Entity]:
    """A Korean place, language or currency at the start of a word, before its particle."""
    said = token.group()
    name = next(korean_prefixes(said, KOREAN_NAMES), None) or korean_place_with_tail(said)
    if name is None:
        return
    kind, value = KOREAN_NAMES[name]
    if kind == "place":
        name, value = korean_place_as_written(said, name, value)
    yield entity(kind, text, token.start(), token.start() + len(name), value)


# A station, terminal or port named after a place (서울역, 목포항, Seoul Station) is a place of
# its own; so is a district (성수동, 해운대구); a city or county word (제주시) is the place.
KO_PLACE_TAIL = r"(?:에서|까지|으로|로|에|은|는|이|가|을|를|의|근처|앞|행)?$"
KO_STATION = re.compile(r"(역|터미널|여객터미널|항|공항)" + KO_PLACE_TAIL)
KO_PART_OF_PLACE = re.compile(r"(동|구|시|군)" + KO_PLACE_TAIL)


def korean_place_with_tail(said: str) -> str | None:
    """A known place written with the kind of place after it (성수동까지, 목포항에서)."""
    for length in range(min(len(said) - 1, KO_LONGEST_NAME), 1, -1):
        name = said[:length]
        if KOREAN_NAMES.get(name, ("",))[0] != "place":
            continue
        if KO_STATION.match(said, length) or KO_PART_OF_PLACE.match(said, length):
            return name
    return None


def korean_place_as_written(said: str, name: str, value: Any) -> tuple[str, Any]:
    """A place with the kind of place after it: a station or a district as written, a city
    word (제주시) as the city itself."""
    station = KO_STATION.match(said, len(name))
    if station:
        return name + station.group(1), name + station.group(1)
    within = KO_PART_OF_PLACE.match(said, len(name))
    if within is None:
        return name, value
    written = name + within.group(1)
    return written, value if within.group(1) in ("시", "군") else written


LANDMARK_WORDS = (
    "Station|Terminal|Square|Park|Forest|Beach|Market|Plaza|Tower|Bridge|Mall|Harbor|Harbour"
    "|Pier|Stadium|Arena|Island|Lake|Palace|Museum|Hall|Center|Centre|Airport|Street|Avenue"
)
EN_STATION = re.compile(rf" (?:{LANDMARK_WORDS}|station|terminal)\b")  # "Seoul Forest"
# A landmark named by capitalised words and the kind of place it is ("Union Square", "Jukdo
# Beach", "Hyde Park"): one place, as written, though the gazetteer knows neither word.
LANDMARK = re.compile(
    rf"[A-Z](?<![A-Za-z][A-Z])[a-z'’-]+(?: [A-Z][a-z'’-]+){{0,2}} (?:{LANDMARK_WORDS})(?![A-Za-z])"
)
NOT_A_NAME_START = frozenset("the a an my our your his her their this that these those".split())


def find_landmarks(scan: Scan) -> Iterator[Entity]:
    """Landmarks named by a capitalised name and the kind of place they are."""
    text = scan.text
    for match in LANDMARK.finditer(text):
        first = match.group().split()[0].lower()
        opening = SENTENCE_START.search(text, 0, match.start()) is not None
        if opening and zipf_frequency(first, "en") >= COMMON_WORD_ZIPF:
            continue  # "Book Hall 3": a verb that opens the sentence, capitalised
        if first not in NOT_A_NAME_START:
            yield entity("place", text, match.start(), match.end(), match.group())


def english_name(text: str, tokens: list[re.Match[str]], i: int) -> Iterator[Entity]:
    """The longest English place, language or currency name starting at token i."""
    for n in range(min(LONGEST_ENGLISH_NAME, len(tokens) - i), 0, -1):
        said = tokens[i : i + n]
        if any(text[a.end() : b.start()] != " " for a, b in zip(said, said[1:], strict=False)):
            continue
        key = tuple(t.group().lower() for t in said)
        if key in ENGLISH_NAMES:
            kind, value = ENGLISH_NAMES[key]
            if name_fits(text, said, kind, tokens[i - 1].group().lower() if i else ""):
                yield station_or_place(text, said[0].start(), said[-1].end(), kind, value)
                return


def station_or_place(text: str, start: int, end: int, kind: str, value: Any) -> Entity:
    """A named place, or the station named after it ("Seoul Station"), as written."""
    station = EN_STATION.match(text, end) if kind == "place" else None
    if station is None:
        return entity(kind, text, start, end, value)
    return entity(kind, text, start, station.end(), text[start : station.end()])


def name_fits(text: str, said: list[re.Match[str]], kind: str, previous: str) -> bool:
    """Whether a gazetteer match is meant as that name here (case and the word before tell)."""
    first, written = said[0].group(), " ".join(t.group() for t in said)
    after_to = previous in ("to", "in", "into")
    if kind == "currency":  # "won", "real", "try", "eur": only after "to"/"in"
        small_code = first.upper() in CURRENCY_CODES and not first.isupper()
        return after_to or not (small_code or first.lower() in AMBIGUOUS_CURRENCY_NAMES)
    if kind == "unit":
        return True
    if written.upper() in CAPITAL_ALIASES:  # "la", "us": only "LA", "US" name the places
        return written.isupper()
    if len(said) > 1 or first[0].isupper():  # "New York", "new york", "Paris"
        return True
    return (
        kind == "language" and after_to or kind == "place" and not is_known_english(first.lower())
    )


KO_COUNTRY_MONEY = re.compile(
    r"(?<![가-힣])([가-힣]{1,10}) ?(?:" + "|".join(MONEY_WORDS_KO) + r")([가-힣]*)"
)
EN_COUNTRY_MONEY = re.compile(
    r"(?i)(?<![A-Za-z])([a-z]{2,12}) (?:" + "|".join(MONEY_WORDS_EN) + r")\b()"
)


def find_country_currencies(scan: Scan) -> Iterator[Entity]:
    """A country's money named by the country ("한국 돈으로", "in Japanese money"): a
    currency, the one that country uses (a learner says whose money, not its code)."""
    text = scan.text
    korean = text if scan.hangul else ""
    english = "" if scan.words.isdisjoint(MONEY_WORDS_EN) else text
    for match in [*KO_COUNTRY_MONEY.finditer(korean), *EN_COUNTRY_MONEY.finditer(english)]:
        code = CURRENCY_OF_COUNTRY.get(country_of(match.group(1)) or "")
        if code is not None and korean_tail_ok(match.group(2)):
            yield entity("currency", text, match.start(), match.start(2), code)


def country_of(said: str) -> str | None:
    """The ISO country code of a country or its adjective, in English or Korean."""
    lower = said.lower()
    if lower in DEMONYMS:
        return DEMONYMS[lower]
    named = KOREAN_NAMES.get(said) or ENGLISH_NAMES.get(tuple(lower.split()))
    if named is None or named[0] != "place":
        return None
    return COUNTRY_CODES.get(str(named[1]))


CODE_WORD = re.compile(r"[A-Z](?<![A-Za-z0-9_-][A-Z])[A-Z]{2}(?![A-Za-z0-9_])")


def find_currency_codes(scan: Scan) -> Iterator[Entity]:
    """ISO currency codes said without an amount: "to EUR"."""
    text = scan.text
    for match in CODE_WORD.finditer(text):
        if match.group() in CURRENCY_CODES:
            yield entity("currency", text, match.start(), match.end(), match.group())


# --- Dates and times ------------------------------------------------------------------------------

MONTH_NAMES = "|".join(sorted(MONTHS_EN, key=len, reverse=True))
WEEKDAY_NAMES = "|".join(name for name in WEEKDAYS_EN if len(name) > 4)
ISO_DATE = re.compile(r"(\d(?<![\d-]\d)\d{3})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])")
MONTH_SLASH_DAY = re.compile(r"(\d(?<![\d/.]\d)\d?)/(\d{1,2})(?![\d/])")  # "12/24" after "on"
DATE_WORD_BEFORE = re.compile(r"(?i)\b(?:on|from|to|until|till|by|before|after|since|due)\s$")
US_DATE = re.compile(r"(\d(?<![\d/]\d)\d?)/(\d{1,2})/(\d{4})(?!\d)")
KO_DATE = re.compile(r"(?<!\d)(?:(\d{4}|\d{2})\s?년\s?)?(\d{1,2})\s?월\s?(\d{1,2})\s?일")
MONTH_DAY = re.compile(
    rf"(?i)(?<![A-Za-z])(?=[adfjmnos])(?:{MONTH_NAMES})\.?\s(?:\d{{1,2}})(?:st|nd|rd|th)?(?![\d:])(?:,?\s\d{{4}})?"
    rf"|(?<![\w])\d{{1,2}}(?:st|nd|rd|th)?\s(?:of\s)?(?:{MONTH_NAMES})\.?(?![A-Za-z])(?:,?\s\d{{4}})?"
)
IN_DAYS = re.compile(
    r"(?i)(?<![A-Za-z])(?=[a-z\d])(?:in\s(\d{1,3}|[a-z]{1,9})\s(days?|weeks?|fortnights?|months?|years?)"
    r"|(\d{1,3}|[a-z]{1,9})\s(days?|weeks?|months?)\s(?:from\s(?:now|today)|later))(?![A-Za-z])"
)
AGO_EN = re.compile(r"(?i)(?<![A-Za-z])(\d{1,3}|[a-z]{1,9})\s(days?|weeks?|months?|years?)\sago\b")
KO_BEFORE_DAYS = re.compile(r"(?<![\d.])(\d{1,3})\s?(일|주)\s?전(?![가-힣]{2})")  # "3일 전에 샀어"
RELATIVE_DAY_EN = re.compile(
    r"(?i)(?<![A-Za-z])(?=[dtny])(?:(?:the\s)?day\s(?:after\stomorrow|before\syesterday)|today|tonight"
    r"|tomorrow|yesterday)(?![A-Za-z])"
)
WEEKDAY_EN = re.compile(
    rf"(?i)(?<![A-Za-z])(?=[cfjlmnstw])(?:(this|next|coming|last)\s)?({WEEKDAY_NAMES})(?![A-Za-z])"
)
WEEKDAY_SHORT = re.compile(  # "Wed 4pm", "next Fri": written capitalised ("sat" is a verb)
    r"(?<![A-Za-z])(?:((?i:this|next|coming|last))\s)?(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)"
    r"\.?(?![A-Za-z])"
)
WEEKDAY_KO = re.compile(r"(?:(이번|다다음|다음|지난|담|금)\s?주\s?)?([월화수목금토일])요일")
LAST_WEEKDAY_KO = re.compile(r"(?<![가-힣])지난\s([월화수목금토일])요일")  # the latest one
KO_RELATIVE = re.compile(r"(?<![가-힣])(내일모레|오늘밤|그저께|오늘|내일|모레|글피|어제|그제)")
DATE_SPAN_WORDS = frozenset("day days week weeks fortnight month months year years".split())
WEEKEND_EN = re.compile(r"(?i)(?<![A-Za-z])(?:(this|next|coming)\s)?weekend(?![A-Za-z])")
WEEKEND_KO = re.compile(r"(?:(이번|다다음|다음|담)\s?)?주말")
EN_MONTH_DAY = re.compile(
    r"(?i)(?<![A-Za-z])(?:the\s)?(\d{1,2})(?:st|nd|rd|th)\s(?:of\s)?(this|next)\smonth(?![A-Za-z])"
)
KO_MONTH_DAY = re.compile(r"(?<![가-힣])(이번|다음|다다음|지난)\s?달\s?(\d{1,2})\s?일")
DAY_OF_MONTH_EN = re.compile(  # "the 15th" alone; "the 15th of March" is left to dateparser
    rf"(?i)\bthe\s(\d{{1,2}})(?:st|nd|rd|th)\b(?!\s(?:of\s)?(?:{MONTH_NAMES})\b)"
)
DAY_OF_MONTH_KO = re.compile(  # "15일에", "15일 오후 2시" (a day and then its time)
    r"(?<![\d.])(\d{1,2})\s?일(?=에|까지|부터|날|이나|쯤|경|\s?(?:오전|오후|아침|저녁|밤|새벽|낮|\d{1,2}\s?시))"
)
KO_AFTER_DAYS = re.compile(r"(?<![\d.])(\d{1,3})\s?(일|주)\s?(?:후|뒤)(?![가-힣]{2})")


def find_dates(scan: Scan) -> Iterator[Entity]:
    """Dates, absolute ("2025-05-20", "May 20", "5월 20일") or relative ("tomorrow", "내일")."""
    yield from numeric_dates(scan)
    yield from library_dates(scan)
    yield from relative_dates(scan)
    yield from weekday_dates(scan)
    yield from month_dates(scan)
    yield from holiday_dates(scan)
    yield from weekdays_counted_on(scan)


HOLIDAY = re.compile(
    r"(?i)(?<![\w'])(?:"
    + "|".join(re.escape(name).replace("'", "['’]?") for name in sorted(HOLIDAYS, key=len)[::-1])
    + r")(?![A-Za-z0-9])"  # a Korean particle may follow ("크리스마스에")
)


def holiday_dates(scan: Scan) -> Iterator[Entity]:
    """Holidays on a fixed day ("Christmas", "New Year's Eve", "어린이날"): the next one."""
    text = scan.text
    for match in HOLIDAY.finditer(text):
        key = re.sub(r"['’]?", "", match.group().lower())
        month, day = next(v for k, v in HOLIDAYS.items() if k.replace("'", "") == key)
        yield from dated(text, match, None, month, day)


FULL_MONTH_NAMES = "|".join(name for name in MONTHS_EN if len(name) > 3)
MONTH_ALONE_EN = re.compile(
    rf"(?<![A-Za-z])(?:({FULL_MONTH_NAMES})(?!\s?\d)|(this|last|next)\smonth)(?![A-Za-z])", re.I
)
MONTH_ALONE_KO = re.compile(r"(?<![\d.])(\d{1,2})\s?월(?!\s?\d{1,2}\s?일)|(이번|지난|다음)\s?달")
MONTH_OFFSETS = {"this": 0, "last": -1, "next": 1, "이번": 0, "지난": -1, "다음": 1}


def month_dates(scan: Scan) -> Iterator[Entity]:
    """A month said without a day ("in December", "this month", "12월", "지난달"): its first
    day; a month named alone is the nearest one (at New Year, "December" is last month)."""
    text = scan.text
    english = "" if scan.words.isdisjoint(MONTHS_EN) and "month" not in scan.words else text
    for match in [*MONTH_ALONE_EN.finditer(english), *MONTH_ALONE_KO.finditer(text)]:
        if match.group() == "may":
            continue  # lowercase "may" is the verb
        named, relative = match.group(1), match.group(2)
        if relative:
            year, month = month_ahead(MONTH_OFFSETS[relative.lower()])
        else:
            number = int(named) if named.isdigit() else MONTHS_EN[named.lower()]
            year, month = nearest_month(number)
        if 1 <= month <= 12:
            yield entity("date", text, match.start(), match.end(), f"{year}-{month:02d}-01")


def nearest_month(month: int) -> tuple[int, int]:
    """The year of the month nearest CLOCK with this number (back or ahead)."""
    ahead = (month - CLOCK.month) % 12
    return month_ahead(ahead if ahead <= 6 else ahead - 12)


def names_a_month(said: str) -> bool:
    """Whether a date was said as a whole month ("December", "이번 달"), not one day."""
    return bool(MONTH_ALONE_EN.fullmatch(said) or MONTH_ALONE_KO.fullmatch(said))


def numeric_dates(scan: Scan) -> Iterator[Entity]:
    """Dates written in numbers: ISO "2025-05-20", US "05/20/2025", Korean "5월 20일"."""
    text = scan.text if scan.digits else ""
    for match in ISO_DATE.finditer(text):
        yield from dated(text, match, int(match[1]), int(match[3]), int(match[4]))
    for match in US_DATE.finditer(text):  # "15/01/2026": a first number over 12 is the day
        first, second = int(match[1]), int(match[2])
        month, day = (second, first) if first > 12 else (first, second)
        yield from dated(text, match, int(match[3]), month, day)
    for match in MONTH_SLASH_DAY.finditer(text if "/" in text else ""):
        if DATE_WORD_BEFORE.search(text, max(0, match.start() - 12), match.start()):
            yield from dated(text, match, None, int(match[1]), int(match[2]))
    for match in KO_DATE.finditer(text if scan.hangul else ""):
        year = int(match[1]) if match[1] else None
        year = year + 2000 if year is not None and year < 100 else year  # "26년" is 2026
        yield from dated(text, match, year, int(match[2]), int(match[3]))


def dated(
    text: str, match: re.Match[str], year: int | None, month: int, day: int
) -> Iterator[Entity]:
    """A date entity for a matched span, if the numbers make a real date (no year: the next one)."""
    try:
        found = date(year or CLOCK.year, month, day)
    except ValueError:
        return
    if year is None and found < CLOCK.date():
        found = found.replace(year=found.year + 1)
    if year is None and told_of_the_past(text, match.start(), found.isoformat()):
        found = found.replace(year=found.year - 1)
    yield entity("date", text, match.start(), match.end(), found.isoformat())


def library_dates(scan: Scan) -> Iterator[Entity]:
    """Month-name dates and "in 3 days"-style spans, read by dateparser against CLOCK."""
    text = scan.text
    months = "" if scan.words.isdisjoint(MONTHS_EN) or not scan.digits else text
    spans = "" if scan.words.isdisjoint(DATE_SPAN_WORDS) else text
    for match in IN_DAYS.finditer(spans):
        found = ahead_of_now(match[1] or match[3], match[2] or match[4])
        if found is not None:
            yield entity("date", text, match.start(), match.end(), found)
    for match in AGO_EN.finditer(spans if "ago" in scan.words else ""):
        found = ahead_of_now(match[1], match[2], sign=-1)
        if found is not None:
            yield entity("date", text, match.start(), match.end(), found)
    for match in islice(MONTH_DAY.finditer(months), LIBRARY_WINDOWS):
        if match.group().startswith("may ") or match.group().endswith(" may"):
            continue  # lowercase "may" is the verb
        found = read_date(match.group())
        back = POINTS_BACK.search(text, 0, match.start())
        if found is not None and (back or told_of_the_past(text, match.start(), found)):
            found = the_past_one(found, match.group())
        if found is not None:
            yield entity("date", text, match.start(), match.end(), found)


def ahead_of_now(count: str, unit: str, sign: int = 1) -> str | None:
    """The day some days, weeks, months or years from now ("in 3 days", "a week from today"),
    or, with sign -1, before now ("3 days ago")."""
    lower = count.lower()
    number = int(count) if count.isdigit() else 1 if lower in ("a", "an") else None
    number = NUMBER_WORDS_EN.get(lower, number)
    if number is None:
        return None
    number *= sign
    days = {"d": 1, "w": 7, "f": 14, "일": 1, "주": 7}.get(unit[0].lower())
    if days is not None:
        return days_from_now(number * days)
    months = number * (12 if unit[0].lower() == "y" else 1)
    year, month = month_ahead(months)
    return date(year, month, min(CLOCK.day, 28)).isoformat()


POINTS_BACK = re.compile(r"(?i)\b(?:since|last)\s$")  # "since December 15" looks back
FAR_AHEAD = 183  # days: a yearless date this far ahead, in a sentence about the past, was last year
SENTENCE_AROUND = 160  # characters read each side of a date for its sentence
SENTENCE_BREAK = re.compile(r"[.?!\n]")
TARGET_BEFORE = re.compile(r"(?i)\b(?:to|for|until|till|by|before|on or before)\s(?:the\s)?$")


def told_of_the_past(text: str, start: int, found: str) -> bool:
    """Whether a yearless date far ahead belongs to a sentence in the past tense ("I bought it on
    December 20", "12월 28일에 사고 났어": the last such day), and is no target of it ("moved
    it to March 3")."""
    if (date.fromisoformat(found) - CLOCK.date()).days < FAR_AHEAD:
        return False
    if TARGET_BEFORE.search(text, max(0, start - 16), start):
        return False
    return word_reader.tells_of_the_past(sentence_of(text, start))


def sentence_of(text: str, start: int) -> str:
    """The sentence around a position (at most SENTENCE_AROUND characters each side)."""
    window_start = max(0, start - SENTENCE_AROUND)
    breaks = [m.end() for m in SENTENCE_BREAK.finditer(text, window_start, start)]
    after = SENTENCE_BREAK.search(text, start, start + SENTENCE_AROUND)
    end = after.start() if after else start + SENTENCE_AROUND
    return text[breaks[-1] if breaks else window_start : end]


YEAR_WRITTEN = re.compile(r"\d{4}")


PAST_EVENT = re.compile(  # a parameter about something that has happened
    r"(?i)incident|accident|occurred|happened|purchase|bought|paid|spent|injur|loss|lost|stolen"
    r"|birth|born|since|joined|사고|발생|구매|구입|결제일|지출일|분실|도난|생년|생일|가입일|다친"
)


def date_asked(parameter_said: str, found: Entity) -> str:
    """The date a parameter takes from a date said: the last such day, not the next, when the
    parameter asks about something that has happened ("Date of the incident", "구매일") and the
    user wrote no year ("the accident on December 28" is last December)."""
    day = str(found.value)[:10]
    if found.kind not in ("date", "datetime") or not PAST_EVENT.search(parameter_said):
        return day
    if (date.fromisoformat(day) - CLOCK.date()).days <= 0:
        return day
    if BARE_WEEKDAY.fullmatch(found.text):  # "it happened on Friday": last Friday
        return (date.fromisoformat(day) - timedelta(days=7)).isoformat()
    return the_past_one(day, found.text) if MONTH_SAID.search(found.text) else day


def the_past_one(found: str, written: str) -> str:
    """A month and day that the sentence points back to: the last such day, not the next."""
    day = date.fromisoformat(found)
    if YEAR_WRITTEN.search(written) or day <= CLOCK.date():
        return found
    return day.replace(year=day.year - 1).isoformat()


@lru_cache(maxsize=1024)
def read_date(window: str) -> str | None:
    """One date window as "YYYY-MM-DD", read by dateparser (None if it cannot read it)."""
    try:
        parsed = dateparser.parse(window, languages=["en"], settings=DATEPARSER_SETTINGS)
    except (ValueError, OverflowError):  # "in 999 years" past the calendar's end
        return None
    return parsed.date().isoformat() if parsed else None


def relative_dates(scan: Scan) -> Iterator[Entity]:
    """Days named relative to today: "today", "the day after tomorrow", "내일", "3일 후"."""
    text, korean = scan.text, scan.text if scan.hangul else ""
    english = "" if scan.words.isdisjoint(RELATIVE_DAYS) else text
    for match in [*RELATIVE_DAY_EN.finditer(english), *KO_RELATIVE.finditer(korean)]:
        offset = RELATIVE_DAYS[re.sub(r"\s+", " ", match.group().lower())]
        yield entity("date", text, match.start(), match.end(), days_from_now(offset))
    for match in KO_MONTH_DAY.finditer(korean):
        yield from dated(text, match, *month_ahead(WEEK_OFFSETS[match[1]]), int(match[2]))
    for match in EN_MONTH_DAY.finditer(
        text if "month" in scan.words else ""
    ):  # "the 3rd of next month"
        yield from dated(text, match, *month_ahead(WEEK_OFFSETS[match[2].lower()]), int(match[1]))
    days = text if scan.digits and ("일" in text or "the" in scan.words) else ""
    for match in [*DAY_OF_MONTH_EN.finditer(days), *DAY_OF_MONTH_KO.finditer(days)]:
        yield from day_of_month(text, match)
    for match in KO_AFTER_DAYS.finditer(korean):
        offset = int(match[1]) * (7 if match[2] == "주" else 1)
        yield entity("date", text, match.start(), match.end(), days_from_now(offset))
    for match in KO_BEFORE_DAYS.finditer(korean):
        if word_reader.tells_of_the_past(sentence_of(text, match.start())):  # not "3일 전에 알려줘"
            found = ahead_of_now(match[1], match[2], sign=-1) or ""
            yield entity("date", text, match.start(), match.end(), found)
    yield from korean_day_counts(korean)
    yield from period_ends(scan)


KO_DAY_COUNT = re.compile(
    r"(?<![가-힣])(" + "|".join(sorted(KO_DAY_COUNTS, key=len, reverse=True)) + r")"
    r"(?: ?(뒤|후)(?![가-힣]{2})| ?(?:동안|간))?"
)


KO_BEFORE_NOW = re.compile(r" ?전(?![가-힣]{2})")  # "사흘 전에 샀어": three days ago


def korean_day_counts(text: str) -> Iterator[Entity]:
    """Days counted in native Korean words: "사흘 뒤" is a date, "이틀 동안" a duration."""
    for match in KO_DAY_COUNT.finditer(text if any(d in text for d in KO_DAY_COUNTS) else ""):
        days = KO_DAY_COUNTS[match[1]]
        before = KO_BEFORE_NOW.match(text, match.end())
        past = before and word_reader.tells_of_the_past(sentence_of(text, match.start()))
        if past and not match[2]:
            yield entity("date", text, match.start(), before.end(), days_from_now(-days))
        elif match[2]:
            yield entity("date", text, match.start(), match.end(), days_from_now(days))
        else:
            yield entity("duration", text, match.start(), match.end(), {"seconds": days * 86_400})


PERIOD_END = re.compile(
    r"(?i)(?<![A-Za-z])(?:the )?end of (?:the |this |(next) )?(month|year)(?![A-Za-z])"
    r"|(?<![가-힣])(?:(이번|다음) ?달 ?말|월말|(이번|다음) ?(?:해|년) ?말|연말|올해 ?말)"
)


def period_ends(scan: Scan) -> Iterator[Entity]:
    """The end of a month or a year ("by the end of the month", "월말", "연말"): its last day."""
    text = scan.text if "end" in scan.words or scan.hangul else ""
    for match in PERIOD_END.finditer(text):
        said = match.group()
        ahead = 1 if (match[1] or match[3] or match[4] or "").lower() in ("next", "다음") else 0
        yearly = match[2] and match[2].lower() == "year" or "년" in said or "해" in said
        yearly = yearly or "연말" in said
        year, month = (CLOCK.year + ahead, 12) if yearly else month_ahead(ahead)
        last = date(year + month // 12, month % 12 + 1, 1) - timedelta(days=1)
        yield entity("date", text, match.start(), match.end(), last.isoformat())


def day_of_month(text: str, match: re.Match[str]) -> Iterator[Entity]:
    """A day of the month said alone ("on the 15th", "15일에"): this month's, or next month's."""
    day = int(match[1])
    later = day < CLOCK.day
    yield from dated(text, match, *month_ahead(1 if later else 0), day)


def month_ahead(months: int) -> tuple[int, int]:
    """The year and month some months after CLOCK's."""
    index = CLOCK.year * 12 + CLOCK.month - 1 + months
    return index // 12, index % 12 + 1


def days_from_now(days: int) -> str:
    """The date a number of days from CLOCK, as "YYYY-MM-DD"."""
    return (CLOCK.date() + timedelta(days=days)).isoformat()


def weekday_dates(scan: Scan) -> Iterator[Entity]:
    """Weekdays: "Friday" (the next one), "this/next Friday", "이번 주 토요일", "다음 주 금요일"."""
    text = scan.text
    english = "" if scan.words.isdisjoint(WEEKDAYS_EN) else text
    for match in [*WEEKDAY_EN.finditer(english), *WEEKDAY_SHORT.finditer(english)]:
        qualifier = (match[1] or "").lower()
        if (
            match[2] in ("Sat", "Sun")
            and not qualifier
            and text[match.start() - 3 : match.start()] != "on "
        ):
            continue  # "Sun is out": the sun; "on Sat", "next Sun": a day
        weekday = WEEKDAYS_EN[match[2].lower()]
        yield entity("date", text, match.start(), match.end(), weekday_date(qualifier, weekday))
    for match in WEEKDAY_KO.finditer(text if "요일" in text else ""):
        weekday = WEEKDAYS_KO[match[2] + "요일"]
        yield entity("date", text, match.start(), match.end(), weekday_date(match[1], weekday))
    for match in LAST_WEEKDAY_KO.finditer(text if "지난" in text else ""):  # "지난 금요일"
        weekday = WEEKDAYS_KO[match[1] + "요일"]
        yield entity("date", text, match.start(), match.end(), weekday_date("last", weekday))
    yield from weekend_dates(scan)


def weekend_dates(scan: Scan) -> Iterator[Entity]:
    """Weekends, read as their Saturday: "this weekend", "next weekend", "이번 주말"."""
    text = scan.text
    english = "" if "weekend" not in scan.words else text
    for match in [
        *WEEKEND_EN.finditer(english),
        *WEEKEND_KO.finditer(text if "주말" in text else ""),
    ]:
        qualifier = (match[1] or "").lower()
        yield entity("date", text, match.start(), match.end(), weekday_date(qualifier, 5))


BARE_WEEKDAY = re.compile(rf"(?i)(?:{WEEKDAY_NAMES}|[월화수목금토일]요일)")


def weekdays_after_dates(found: list[Entity]) -> list[Entity]:
    """A weekday said alone after a date is the first such day after that date: "다음 주
    금요일에 빌려서 일요일에 반납" returns on the Sunday after that Friday, "from Monday to
    Friday" ends that week (a weekday names the next one after the last day spoken of)."""
    dates = sorted((e for e in found if e.kind == "date"), key=lambda e: e.start)
    moved: dict[int, Entity] = {}
    read: list[Entity] = []  # the dates before, as read (a few steps back skip overlaps)
    for day in dates:
        earlier = next((d for d in reversed(read[-3:]) if d.end <= day.start), None)
        read.append(day)
        if earlier is None or not BARE_WEEKDAY.fullmatch(day.text):
            continue
        after = date.fromisoformat(str(earlier.value)[:10])
        weekday = date.fromisoformat(str(day.value)).weekday()
        ahead = (weekday - after.weekday()) % 7 or 7
        moved[day.start] = read[-1] = replace(
            day, value=(after + timedelta(days=ahead)).isoformat()
        )
    return [moved.get(e.start, e) if e.kind == "date" else e for e in found]


BY_CREATOR = re.compile(r" by (?:the )?[A-Z][a-z]")  # "Yesterday by the Beatles"


def works_by_creators(text: str, found: list[Entity]) -> list[Entity]:
    """A day's or month's name followed by "by" and a name is the title of a work by its
    creator ("Yesterday by the Beatles", "September by Earth, Wind & Fire"), not a date: it is
    read as a title set apart, as quotes would set it; "by" and a day after it is a deadline
    ("by Friday")."""
    days = {e.start for e in found if e.kind in ("date", "datetime")}
    works = [e for e in found if is_work_by_creator(text, e, days)]
    titles = [replace(e, kind="quoted", value=e.text) for e in works]  # as if in quotes
    creators = [creator_of(text, work) for work in works]
    taken = {id(e) for e in works}
    return [e for e in found if id(e) not in taken] + titles + creators


CREATOR = re.compile(r" by (?:the )?([A-Z][\w'’]*(?:(?: & | and |, | )[A-Z][\w'’]*){0,5})")


def creator_of(text: str, work: Entity) -> Entity:
    """Who made a work: the capitalised name after "by" ("Earth, Wind & Fire")."""
    said = CREATOR.match(text, work.end)
    start, end = (said.start(1), said.end(1)) if said else (work.end, work.end)
    return entity("person", text, start, end, text[start:end])


def is_work_by_creator(text: str, found: Entity, days: set[int]) -> bool:
    """Whether a date is the title of a work: the object of a verb ("Play Yesterday", "Add
    September"), with "by" and a name that is no date after it ("Deliver it Tuesday by FedEx"
    is a day: the verb's object is "it")."""
    if found.kind not in ("date", "datetime") or not found.text[:1].isupper():
        return False
    creator = BY_CREATOR.match(text, found.end)
    if creator is None:
        return False
    verb = WORD_BEFORE.search(text, max(0, found.start - LONGEST_VERB), found.start)
    return (
        creator is not None
        and creator.end() - 2 not in days
        and verb is not None
        and "VERB" in word_reader.lemma_tags(verb.group(1).lower())
    )


LONGEST_VERB = 30  # characters read back for the verb before a work's title
WORD_BEFORE = re.compile(r"([A-Za-z]+) (?:up )?$")  # "Cue up April by ...": the verb


WEEKDAY_GAP = re.compile(r"[ ,(]{0,3}")  # "Friday, January 9", "1월 10일 토요일", "Sat (Jan 10)"


def weekdays_beside_dates(text: str, found: list[Entity]) -> list[Entity]:
    """A weekday written next to a date names that same day ("Friday, January 9", "Saturday
    the 10th", "1월 10일 토요일"): one date, as the date says, not a second day."""
    days = sorted(
        (e for e in found if e.kind in ("date", "datetime") and not is_bare_weekday(e)),
        key=lambda e: e.start,
    )
    starts = [e.start for e in days]
    merged: dict[int, Entity] = {}
    for weekday in [e for e in found if is_bare_weekday(e)]:
        at = bisect.bisect_left(starts, weekday.end)  # the dates just after and just before
        near = [days[i] for i in (at, at - 1) if 0 <= i < len(days)]
        beside = next((d for d in near if is_beside(text, weekday, d)), None)
        if beside is not None:
            start, end = min(weekday.start, beside.start), max(weekday.end, beside.end)
            merged[id(weekday)] = merged[id(beside)] = replace(
                merged.get(id(beside), beside), start=start, end=end, text=text[start:end]
            )
    kept = [merged.get(id(e), e) for e in found]
    return list({(e.kind, e.start, e.end, str(e.value)): e for e in kept}.values())


def is_bare_weekday(found: Entity) -> bool:
    """A date said only as a weekday ("Friday", "토요일")."""
    return found.kind == "date" and bool(BARE_WEEKDAY.fullmatch(found.text))


def is_beside(text: str, first: Entity, second: Entity) -> bool:
    """Whether two values are written next to each other, a comma or a space apart."""
    gap = text[first.end : second.start] if first.end <= second.start else None
    gap = text[second.end : first.start] if gap is None and second.end <= first.start else gap
    return gap is not None and bool(WEEKDAY_GAP.fullmatch(gap))


AFTER_NEXT = re.compile(rf"(?i)\bthe\s({WEEKDAY_NAMES}|weekend)\safter\snext\b")
WEEKS_FROM_DAY = re.compile(
    rf"(?i)(?<![A-Za-z])(a|one|two|three|four|\d)\s(weeks?|days?)\s(?:from|after)\s({WEEKDAY_NAMES})\b"
)


def weekdays_counted_on(scan: Scan) -> Iterator[Entity]:
    """Days counted on from a weekday: "the Friday after next" is a week after the coming
    Friday, "a week from Monday" seven days after the coming Monday."""
    text = scan.text if "after" in scan.words or "from" in scan.words else ""
    for match in AFTER_NEXT.finditer(text):
        weekday = WEEKDAYS_EN.get(match[1].lower(), 5)  # a weekend: its Saturday
        day = date.fromisoformat(weekday_date(None, weekday)) + timedelta(weeks=1)
        yield entity("date", text, match.start(), match.end(), day.isoformat())
    for match in WEEKS_FROM_DAY.finditer(text):
        count = (
            NUMBER_WORDS_EN.get(match[1].lower(), 1) if not match[1].isdigit() else int(match[1])
        )
        days = count * (7 if match[2].lower().startswith("week") else 1)
        start = date.fromisoformat(weekday_date(None, WEEKDAYS_EN[match[3].lower()]))
        yield entity("date", text, match.start(), match.end(), str(start + timedelta(days=days)))


def weekday_date(qualifier: str | None, weekday: int) -> str:
    """The date of a weekday: in the week the qualifier names, or the next one after today;
    "last Monday" is the latest Monday before today."""
    today = CLOCK.date()
    if qualifier == "last":
        return (today - timedelta(days=(today.weekday() - weekday) % 7 or 7)).isoformat()
    past_this_week = qualifier == "this" and weekday < today.weekday()  # "this Monday": ahead
    if not qualifier or qualifier == "coming" or past_this_week:
        ahead = (weekday - today.weekday()) % 7 or 7
        return (today + timedelta(days=ahead)).isoformat()
    monday = today - timedelta(days=today.weekday())
    return (monday + timedelta(weeks=WEEK_OFFSETS[qualifier], days=weekday)).isoformat()


CLOCK_TIME = re.compile(
    r"(?i)(\d(?<![\d:.]\d)\d?):([0-5]\d)(?::[0-5]\d)?(?![\d:])(?:\s?([ap])\.?m\b\.?)?"
)
HOUR_OF_DAY = re.compile(r"(?i)(\d(?<![\d:.]\d)\d?)\s?(?:([ap])\.?m\b\.?|o['’]clock\b)")
NAMED_TIME = re.compile(r"(?i)(?<![A-Za-z])(?:noon|midday|midnight)(?![A-Za-z])|정오|자정")
KO_TIME = re.compile(
    r"(?:(?<![\d])(?=오전|오후|아침|저녁|밤|새벽|낮)|(?<![가-힣\d]))(?:(오전|오후|아침|저녁|밤|새벽|낮)\s?)?"
    r"(\d{1,2}|열두|열한|열|한|두|세|네|다섯|여섯|일곱|여덟|아홉)\s?시(?!간|작|계|청|민|장)"
    r"(?:\s?(\d{1,2}|[일이삼사오육칠팔구십]{1,3})\s?분|\s?(반))?"  # "7시 15분", "여덟 시 십오 분"
)
PART_WORDS = {"tonight": "tonight", "morning": "in the morning", "afternoon": "in the afternoon",
              "evening": "in the evening", "night": "at night", "dinner": "in the evening",
              "supper": "in the evening", "breakfast": "in the morning"}  # fmt: skip
AFTERNOON_HOURS = 6  # "at 1" to "at 6" with no part of the day said: in the afternoon
AT_HOUR = re.compile(
    r"\d(?<=\b[Aa][Tt] \d)\d?(?::[0-5]\d)?(?![\d:]|\s?[AaPp]\.?[Mm]\b|\s?o['’]clock)"
)
PART_BEFORE = re.compile(
    r"(?i)\b(tonight|morning|afternoon|evening|night|dinner|supper|breakfast)\W+(?:\w+\W+){0,2}$"
)
DAY_PART_AFTER = re.compile(r"(?i)\s(in\sthe\s(?:morning|afternoon|evening)|at\snight|tonight)\b")
KO_HOURS = {word: value for word, value in [*KO_NATIVE_ONES.items(), ("열", 10), ("열한", 11),
                                                ("열두", 12)]}  # fmt: skip


def find_times(scan: Scan) -> Iterator[Entity]:
    """Times of day as "HH:MM": "7:30pm", "19:30", "7 pm", "noon", "오후 3시", "3시 반"."""
    text = scan.text if scan.digits else ""
    for match in CLOCK_TIME.finditer(text if ":" in text else ""):
        yield from timed(text, match, int(match[1]), int(match[2]), day_part(match[3]))
    for match in HOUR_OF_DAY.finditer(text):
        if 1 <= int(match[1]) <= 12:
            yield from timed(text, match, int(match[1]), 0, day_part(match[2]))
    yield from named_times(scan)


def named_times(scan: Scan) -> Iterator[Entity]:
    """Times said in words: "noon", "midnight", "정오", "오후 세 시", "저녁 7시"."""
    text = scan.text
    named = "" if scan.words.isdisjoint(NAMED_TIMES) and not scan.hangul else text
    for match in NAMED_TIME.finditer(named):
        named = NAMED_TIMES[match.group().lower()]
        yield entity("time", text, match.start(), match.end(), named)
    for match in KO_TIME.finditer(text if "시" in text else ""):
        hour = int(match[2]) if match[2].isdigit() else KO_HOURS[match[2]]
        minute = 30 if match[4] else korean_count(match[3] or "0")
        part = DAY_PARTS.get(match[1] or "", "") or afternoon_hour(text, match, hour)
        yield from timed(text, match, hour, minute, part)
    yield from hours_after_at(scan)
    yield from clock_phrases(scan)


def afternoon_hour(text: str, match: re.Match[str], hour: int) -> str:
    """The part of the day of an hour said without one: "3시 회의" is at 15:00 (1 to 6 are
    afternoon or evening hours when nothing around says morning), else as written."""
    said = PART_BEFORE.search(text, max(0, match.start() - 40), match.start())
    after = DAY_PART_AFTER.match(text, match.end())
    return "pm" if not said and not after and 1 <= hour <= AFTERNOON_HOURS else ""


CLOCK_PHRASE = re.compile(  # "half past 3", "quarter to five", "twenty past nine", "10 to 6"
    r"(?i)(?<![A-Za-z])(half|quarter|\d{1,2}|[a-z]{3,6}(?:-[a-z]{3,5})?)(?:\sminutes?)?"
    r"\s(past|after|to|before)\s(\d{1,2}|[a-z]{3,6})(?![A-Za-z\d:])"
)


def clock_phrases(scan: Scan) -> Iterator[Entity]:
    """Times said the English way: "half past 3" (15:30), "quarter to five" (16:45)."""
    text = "" if scan.words.isdisjoint({"past", "to", "after", "before"}) else scan.text
    for match in CLOCK_PHRASE.finditer(text):
        said = match[3].lower()
        hour = int(said) if said.isdigit() else NUMBER_WORDS_EN.get(said, -1)
        minutes = minutes_said(match[1].lower())
        if minutes is None or not 0 < minutes < 60 or is_a_range(text, match):
            continue
        if match[2].lower() in ("to", "before"):
            hour, minutes = hour - 1, 60 - minutes
        if 0 <= hour <= 12:
            yield from timed(text, match, hour, minutes, afternoon_hour(text, match, hour))


RANGE_BEFORE = re.compile(r"(?i)\b(?:from|between)\s$")


def is_a_range(text: str, match: re.Match[str]) -> bool:
    """Whether "5 to 9" is a range, not a time: after "from"/"between", or digits before "to"
    with no "minutes" ("10 past 6" is a time, "from 5 to 9" and "5 to 9" are not)."""
    if RANGE_BEFORE.search(text, max(0, match.start() - 8), match.start()):
        return True
    said_minutes = "minute" in match.group().lower()
    return match[1].isdigit() and not said_minutes and match[2].lower() in ("to", "before")


def minutes_said(said: str) -> int | None:
    """The minutes of a clock phrase: "half" 30, "quarter" 15, "twenty" 20, "twenty-five" 25."""
    if said in ("half", "quarter"):
        return 30 if said == "half" else 15
    if said.isdigit():
        return int(said)
    parts = said.split("-")
    if not all(part in NUMBER_WORDS_EN for part in parts):
        return None
    return sum(NUMBER_WORDS_EN[part] for part in parts)


def hours_after_at(scan: Scan) -> Iterator[Entity]:
    """A bare hour after "at" as a time of day: with the part of the day said around it
    ("tonight at 8", "dinner at 7"), else read as people mean it: 1 to 6 in the afternoon or
    evening ("at 6", "at 3:30"), 7 to 12 as written."""
    text = scan.text if "at" in scan.words else ""
    for match in AT_HOUR.finditer(text):
        before = PART_BEFORE.search(text, max(0, match.start() - 40), match.start())
        hour, _, minute = match.group().partition(":")
        said = before or DAY_PART_AFTER.match(text, match.end())
        assumed = "pm" if not said and 1 <= int(hour) <= AFTERNOON_HOURS else ""
        yield from timed(text, match, int(hour), int(minute or 0), assumed)


def day_part(letter: str | None) -> str:
    """The part of the day, "am" or "pm", from the letter before "m" ("" when none was said)."""
    return {"a": "am", "p": "pm"}.get((letter or "").lower(), "")


def timed(text: str, match: re.Match[str], hour: int, minute: int, part: str) -> Iterator[Entity]:
    """A time entity for a matched span, with a part of the day said after or just before it."""
    end = match.end()
    after = DAY_PART_AFTER.match(text, end)
    if not part and after is not None:
        part, end = DAY_PARTS[after[1].lower()], after.end()
    before = None if part else PART_BEFORE.search(text, max(0, match.start() - 40), match.start())
    if before is not None:
        part = DAY_PARTS[PART_WORDS[before[1].lower()]]
    hour = hour_of_day(hour, part, match.group())
    if 0 <= hour <= 23 and 0 <= minute <= 59:
        yield entity("time", text, match.start(), end, f"{hour:02d}:{minute:02d}")


def hour_of_day(hour: int, part: str, said: str) -> int:
    """The 24-hour clock hour for a 12-hour reading and its part of the day."""
    if part == "pm" and hour < 12:
        return hour + 12
    if part == "am" and hour == 12 or said.startswith("밤") and hour == 12:
        return 0
    return hour


DATETIME_GAP = re.compile(
    r"(?i)\s?(?:(?:morning|afternoon|evening|night)\s)?(?:,|(?:at|on|from)\b|@|에|T(?=\d))?\s?"
)
RANGE_GAP = re.compile(r"(?i)\s?(?:부터|에서|~|-|–|to|until|till|through)\s?")
PART_OF_DAY_SAID = re.compile(
    r"(?i)[ap]\.?m|오전|오후|아침|저녁|밤|새벽|낮|noon|midnight|정오|자정"
)


THING_COUNTERS = sorted(KO_COUNTERS - {"시", "시간", "분", "초"}, key=len, reverse=True)
COUNTED_AFTER = re.compile(r"\s?(?:" + "|".join(THING_COUNTERS) + ")")  # it counts, it is no hour


def ranged_times(text: str, found: list[Entity]) -> list[Entity]:
    """The end of a time range said without a part of the day takes the start's ("2pm to 4");
    a number with a counter of its own after it ("2시부터 3번 레인") counts, it ends no range."""
    times = {e.start: e for e in found if e.kind == "time"}
    ends = {
        e.start: e
        for e in found
        if e.kind == "number" and e.value in range(1, 13) and not COUNTED_AFTER.match(text, e.end)
    } | times
    changed: dict[int, Entity] = {}
    for first in times.values():
        gap = RANGE_GAP.match(text, first.end)
        second = ends.get(gap.end()) if gap else None
        if second is not None and not PART_OF_DAY_SAID.search(second.text):
            changed[second.start] = range_end(first, second)
    return [changed.get(e.start, e) if e.kind in ("time", "number") else e for e in found]


RANGE_START_BEFORE = re.compile(r"(?i)\b(?:from|between)\s$")
RANGE_GAP_BEFORE = re.compile(r"(?i)\s?(?:-|–|~|to|until|till|and)\s?$")


def ranged_starts(text: str, found: list[Entity]) -> list[Entity]:
    """The start of a time range said without a part of the day takes the end's: "from 2 to
    3:30pm" starts at 14:00 ("from" or "between" before a bare hour makes it a time)."""
    starts = {e.end: e for e in found if e.kind in ("number", "time") and e.kind != "date"}
    changed: dict[int, Entity] = {}
    for end in (e for e in found if e.kind == "time" and PART_OF_DAY_SAID.search(e.text)):
        gap = RANGE_GAP_BEFORE.search(text, max(0, end.start - 8), end.start)
        first = starts.get(gap.start()) if gap else None
        if first is None or PART_OF_DAY_SAID.search(first.text):
            continue
        if first.kind == "number" and not RANGE_START_BEFORE.search(
            text, max(0, first.start - 9), first.start
        ):
            continue
        hour = first.value if first.kind == "number" else int(first.value[:2])
        minutes = ":00" if first.kind == "number" else first.value[2:]
        if isinstance(hour, int) and 1 <= hour <= 12:
            hour += 12 if end.value >= "12:00" and hour + 12 <= int(end.value[:2]) else 0
            changed[first.start] = replace(first, kind="time", value=f"{hour:02d}{minutes}")
    return [changed.get(e.start, e) if e.kind in ("time", "number") else e for e in found]


def range_end(first: Entity, second: Entity) -> Entity:
    """The end of a time range, in the afternoon when its start is and that keeps it later."""
    hour, minutes = (
        (second.value, ":00")
        if second.kind == "number"
        else (int(second.value[:2]), second.value[2:])
    )
    if first.value >= "12:00" and hour < 12 and hour + 12 > int(first.value[:2]):
        hour += 12
    return replace(second, kind="time", value=f"{hour:02d}{minutes}")


def joined_datetimes(text: str, found: list[Entity]) -> list[Entity]:
    """A date and a time said together ("2025-05-20 at 7:30pm", "내일 오후 3시") as one datetime;
    of two readings that end (or start) at the same place, the longer ("3월 3일", not "3일")."""
    longest_first = sorted(found, key=lambda e: e.end - e.start)  # a longer one overwrites
    dates = {e.end: e for e in longest_first if e.kind == "date"}
    times = {e.end: e for e in longest_first if e.kind == "time"}
    starts = {e.start: e for e in longest_first if e.kind in ("date", "time")}
    joined = []
    for first in [*dates.values(), *times.values()]:
        gap = DATETIME_GAP.match(text, first.end)
        second = starts.get(gap.end()) if gap else None
        if second is None or second.kind == first.kind:
            continue
        day, clock = (first, second) if first.kind == "date" else (second, first)
        value = f"{day.value}T{clock.value}"
        joined.append(entity("datetime", text, first.start, second.end, value))
    return joined


DAY_PART_AFTER_DATE = re.compile(
    r"(?i) ?(morning|afternoon|evening|night|아침|오전|점심|오후|저녁|밤)"
    r"(?! ?\d)(?! ?(?:at|열|한|두|세|네|다섯|여섯|일곱|여덟|아홉) )"  # no clock time after it
)


def dated_day_parts(text: str, found: list[Entity]) -> list[Entity]:
    """A day and a part of it with no clock time ("tomorrow evening", "내일 저녁") as a moment
    at that part's usual hour (DAY_PART_HOURS): evening is 18:00, not the start of the day."""
    parts = []
    for day in (e for e in found if e.kind == "date"):
        said = DAY_PART_AFTER_DATE.match(text, day.end)
        if said is not None:
            hour = DAY_PART_HOURS[said[1].lower()]
            value = f"{day.value}T{hour}"
            parts.append(entity("datetime", text, day.start, said.end(), value))
    return parts


def range_end_datetimes(text: str, found: list[Entity]) -> list[Entity]:
    """The end of a range said as a time alone after a datetime ("Tuesday from 2 to 3:30pm",
    "내일 오후 2시부터 4시까지") is on the same day: a datetime."""
    times = {e.start: e for e in found if e.kind == "time"}
    ends = []
    for start in (e for e in found if e.kind == "datetime"):
        gap = RANGE_GAP.match(text, start.end)
        end = times.get(gap.end()) if gap else None
        if end is not None and end.value > str(start.value)[11:16]:
            value = f"{str(start.value)[:10]}T{end.value}"
            ends.append(replace(end, kind="datetime", value=value))
    return ends


# --- Durations said in words ----------------------------------------------------------------------

COMPACT_DURATION = re.compile(
    r"(?i)(\d(?<![\w.]\d)\d{0,3})(?:(h)(?:\s?(\d{1,4})m(?:in)?)?(?:\s?(\d{1,4})s)?|m\s?(\d{1,4})s)"
    r"(?![A-Za-z0-9])"
)
WORD_DURATION = re.compile(
    r"(?i)(?<![A-Za-z])(half\san|an?\shalf|(?:an?\s)?quarter\sof\san|three\squarters\sof\san"
    r"|an?|one)"
    r"\s(hour|minute|second)s?"
    r"(\s(?:and\s)?a\s(?:half|quarter))?"
    r"(?![A-Za-z])"
)
PARTS_OF_A_UNIT = {"three quarters": 0.75, "quarter": 0.25, "half": 0.5}  # of an hour
DURATION_GAP = re.compile(r"(?i)\s?(?:,|and)?\s?")


def find_durations(scan: Scan) -> Iterator[Entity]:
    """Durations not read from a number and unit: "1h30m", "2m30s", "an hour and a half"."""
    text = scan.text
    for match in COMPACT_DURATION.finditer(text if scan.digits else ""):
        if match[2]:  # hours first: "1h30m", "2h", "1h 5m 10s"
            total = int(match[1]) * 3600 + int(match[3] or 0) * 60 + int(match[4] or 0)
        else:  # minutes and seconds: "2m30s"
            total = int(match[1]) * 60 + int(match[5])
        yield entity("duration", text, match.start(), match.end(), {"seconds": total})
    for match in WORD_DURATION.finditer("" if scan.words.isdisjoint(TIME_UNITS) else text):
        unit = TIME_UNITS[match[2].lower()]
        amount = next((v for k, v in PARTS_OF_A_UNIT.items() if k in match[1].lower()), 1.0)
        amount += (0.25 if "quarter" in match[3].lower() else 0.5) if match[3] else 0.0
        yield entity(
            "duration", text, match.start(), match.end(), {"seconds": round(amount * unit)}
        )
    for match in FOR_A_PERIOD.finditer("" if "for" not in scan.words else text):
        seconds = TIME_UNITS[match[2].lower()]
        yield entity("duration", text, match.start(1), match.end(), {"seconds": seconds})
    yield from past_spans(scan)
    yield from korean_day_part_spans(scan.text)


KO_DAY_PART_SPAN = re.compile(
    r"(?<![가-힣])(" + "|".join(KO_DAY_PART_SPANS) + r")(?! ?(?:전|후|뒤)(?![가-힣]{2}))"
)


def korean_day_part_spans(text: str) -> Iterator[Entity]:
    """A part of a day said as one word: "반나절만 빌릴게" (half a day), "하룻밤 묵을" (a night)."""
    for match in KO_DAY_PART_SPAN.finditer(text if "반" in text or "밤" in text else ""):
        seconds = KO_DAY_PART_SPANS[match[1]]
        yield entity("duration", text, match.start(), match.end(), {"seconds": seconds})


# "for a week", "for a month": one unit of time said with an article, after "for" (not "a day"
# alone, which is a rate: "twice a day").
FOR_A_PERIOD = re.compile(
    r"(?i)(?<![A-Za-z])for\s(?:about\s|around\s)?((?:an?|one)\s(day|week|fortnight|month|year|night))"
    r"(?![A-Za-z])"
)


PAST_SPAN = re.compile(
    r"(?i)(?<![A-Za-z])(?:the\s)?(?:past|last)\s(day|week|month|year)(?![A-Za-z])"
)


def past_spans(scan: Scan) -> Iterator[Entity]:
    """ "Over the past year", "the last week": a span of one unit back from now (a duration);
    "last month" alone stays the month before (a date)."""
    text = "" if scan.words.isdisjoint({"past", "last"}) else scan.text
    for match in PAST_SPAN.finditer(text):
        if match.group().lower().startswith(("past", "the")):
            seconds = TIME_UNITS[match[1].lower()]
            yield entity("duration", text, match.start(), match.end(), {"seconds": seconds})


def joined_durations(text: str, found: list[Entity]) -> list[Entity]:
    """Durations said in parts ("1 hour 30 minutes", "1시간 30분") as one duration."""
    starts = {e.start: e for e in found if e.kind == "duration"}
    joined = []
    for first in sorted(starts.values(), key=lambda e: e.start):
        last, seconds = first, first.value["seconds"]
        gap = DURATION_GAP.match(text, last.end)
        while gap and gap.end() in starts and starts[gap.end()].value["seconds"] < unit_of(seconds):
            last = starts[gap.end()]
            seconds += last.value["seconds"]
            gap = DURATION_GAP.match(text, last.end)
        if last is not first:
            joined.append(entity("duration", text, first.start, last.end, {"seconds": seconds}))
    return joined


def unit_of(seconds: int) -> int:
    """The smallest time unit a duration is a whole number of (a following part must be smaller)."""
    return next(unit for unit in (86_400, 3600, 60, 1) if seconds % unit == 0)


# --- Addresses: emails, phones, URLs, paths -------------------------------------------------------

EMAIL = re.compile(
    r"[\w.+-](?<![\w.+-]{2})[\w.+-]{0,63}@[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8}"
)
URL = re.compile(r"(?i)(?<![\w/])(?:https?://|ftp://|www\.)[^\s<>\"'`]{1,2000}")
DOMAIN_HINT = re.compile(r"\.(?:com|org|net|io|dev|ai|co|kr|jp|uk|edu|gov|app)(?![\w-])", re.I)
BARE_DOMAIN = re.compile(
    r"(?i)[a-z0-9-](?<![\w@./-][a-z0-9-])[a-z0-9-]{0,62}\.(?:[a-z0-9-]{1,63}\.){0,3}(?:com|org|net|io|dev|ai|co|kr|jp|uk|edu|gov|app)"
    r"(?:/[^\s<>\"'`]{0,2000})?(?![\w-])"
)
URL_TRAILING = re.compile(r"[.,;:!?)\]}'\"가-힣]+$")
PHONE_REST = r"[\s.-]?\d{3,4}[\s.-]?\d{4}(?!\d)"  # the exchange and the line number
PHONE = re.compile(
    rf"\+(?<![\w+]\+)\d{{1,3}}[\s.-]?(?:\(\d{{2,4}}\)|\d{{2,4}}){PHONE_REST}"
    rf"|\((?<![\w+]\()\d{{2,4}}\){PHONE_REST}|\d(?<![\w+]\d)\d{{1,3}}{PHONE_REST}"
)
PATH_SEGMENTS = r"(?:[\w.@+-]{1,255}/){0,32}[\w.@+-]{0,255}"
UNIX_PATH = re.compile(
    rf"/(?<![\w/.~:@-]/){PATH_SEGMENTS}|~(?<![\w/.~:@-]~)/{PATH_SEGMENTS}"
    rf"|\.(?<![\w/.~:@-]\.)\.?/{PATH_SEGMENTS}"
)
WINDOWS_PATH = re.compile(
    r"[A-Za-z](?<!\w[A-Za-z]):\\(?:[^\\\s:*?\"<>|]{1,255}\\){0,32}[^\\\s:*?\"<>|]{0,255}"
)
RELATIVE_PATH = re.compile(r"[\w.-](?<![\w/.~@-][\w.-])[\w.-]{0,254}(?:/[\w.-]{1,255}){1,32}")
FILE_NAME = re.compile(
    r"[\w-](?<![\w./\\@-][\w-])[\w-]{0,199}(?:\.[\w-]{1,50}){0,4}\.([A-Za-z0-9]{1,5})(?![A-Za-z0-9_-])"
)


def find_emails(scan: Scan) -> Iterator[Entity]:
    """Email addresses: "kim@example.com"."""
    text = scan.text
    for match in EMAIL.finditer(text if "@" in text else ""):
        address = match.group().rstrip(".-")
        if "." in address.split("@")[1]:
            yield entity("email", text, match.start(), match.start() + len(address), address)


def find_urls(scan: Scan) -> Iterator[Entity]:
    """URLs: "https://example.com/a?b=1", "www.example.com", "github.com/openai"."""
    text = scan.text
    schemes = text if "://" in text or "www." in text.lower() else ""
    domains = text if DOMAIN_HINT.search(text) else ""
    for match in [*URL.finditer(schemes), *BARE_DOMAIN.finditer(domains)]:
        address = URL_TRAILING.sub("", match.group())
        if "." in address:
            yield entity("url", text, match.start(), match.start() + len(address), address)


def find_phones(scan: Scan) -> Iterator[Entity]:
    """Phone numbers, valid in the text's region (KR for Korean, else US) or the other: E.164."""
    text = scan.text if scan.digits else ""
    regions = ("KR", "US") if scan.language == "ko" else ("US", "KR")
    for match in islice(PHONE.finditer(text), LIBRARY_WINDOWS):
        e164 = phone_shaped(match.group(), regions)
        if e164:
            yield entity("phone", text, match.start(), match.end(), e164)


def phone_shaped(said: str, regions: tuple[str, str]) -> str | None:
    """A number written as a phone number, in E.164: with "+", a trunk "0" or "(" in either
    region; grouped without them only in the US shape (415-555-2671), so an order number such
    as 112-4829301 is no Korean phone."""
    if said[0] in "+0(":
        return phone_number(said, regions[0]) or phone_number(said, regions[1])
    if [len(group) for group in re.findall(r"\d+", said)] == [3, 3, 4]:
        return phone_number(said, "US")
    return None


@lru_cache(maxsize=1024)
def phone_number(said: str, region: str) -> str | None:
    """A phone number in E.164 if phonenumbers finds it valid for the region, else None."""
    try:
        number = phonenumbers.parse(said, region)
    except phonenumbers.NumberParseException:
        return None
    if not phonenumbers.is_valid_number(number):
        return None
    return phonenumbers.format_number(number, phonenumbers.PhoneNumberFormat.E164)


def find_paths(scan: Scan) -> Iterator[Entity]:
    """File paths: "/var/log/app.log", "C:\\Users\\kim\\notes.txt", "./data/a.csv", "report.pdf"."""
    text = scan.text
    slashed = text if "/" in text else ""
    for match in UNIX_PATH.finditer(slashed):
        said = match.group().rstrip(".")
        if said.count("/") >= 2 or has_extension(said) or said[0] in "~.":
            yield entity("path", text, match.start(), match.start() + len(said), said)
    for match in WINDOWS_PATH.finditer(text if ":\\" in text else ""):
        said = match.group().rstrip(".,;:!?)")
        yield entity("path", text, match.start(), match.start() + len(said), said)
    named = text if "." in text else ""
    for match in [*RELATIVE_PATH.finditer(slashed), *FILE_NAME.finditer(named)]:
        if has_extension(match.group()):
            yield entity("path", text, match.start(), match.end(), match.group())


def has_extension(path: str) -> bool:
    """Whether a path ends in a known file extension."""
    name = path.rsplit("/", 1)[-1]
    return "." in name and name.rsplit(".", 1)[1].lower() in FILE_EXTENSIONS


# --- Quotes, channels, handles, codes -------------------------------------------------------------

QUOTES = {  # marks that differ at each end: the quoted text never holds its closing mark
    "“": re.compile(r"“([^”\n]{1,500})”"),
    "「": re.compile(r"「([^」\n]{1,500})」"),
    "『": re.compile(r"『([^』\n]{1,500})』"),
}
# Marks that may also be an apostrophe (' and ’) or an inch mark ("): a quotation opens where a
# word starts and closes where a word ends, before a space, punctuation, the end or a Korean
# particle ('hi'라고); the mark between two letters inside (We're, grandma's, Don’t) is an
# apostrophe and closes nothing.
AMBIGUOUS_QUOTES = {"'": "'", "‘": "’", '"': '"'}
QUOTE_OPENS = {
    mark: re.compile(rf"(?<![\w{re.escape(close)}]){re.escape(mark)}(?=[^\s{re.escape(close)}])")
    for mark, close in AMBIGUOUS_QUOTES.items()
}
QUOTE_CLOSES = {
    close: re.compile(rf"(?<=\S){re.escape(close)}(?![A-Za-z0-9])")
    for close in set(AMBIGUOUS_QUOTES.values())
}
LONGEST_QUOTE = 500  # characters
CHANNEL = re.compile(r"#(?<![\w&#/]#)[A-Za-z가-힣][\w-]{0,79}")
HANDLE = re.compile(r"@(?<![\w@.]@)[A-Za-z0-9_][A-Za-z0-9_.-]{0,38}")
CODE = re.compile(r"[A-Z](?<![A-Za-z0-9_-][A-Z])[A-Z0-9]{1,5}(?:-\d{1,8})?(?![A-Za-z0-9_-])")


def find_quoted(scan: Scan) -> Iterator[Entity]:
    """Text in quotes ("...", '...', “...”, ‘...’, 「...」, 『...』): the value is the inside."""
    text = scan.original
    for opening, pattern in QUOTES.items():
        for match in pattern.finditer(text if opening in text else ""):
            yield from quoted(text, match.start(), match.end())
    for opening, closing in AMBIGUOUS_QUOTES.items():
        for start, end in quotation_spans(text, opening, closing):
            yield from quoted(text, start, end)


def quoted(text: str, start: int, end: int) -> Iterator[Entity]:
    """The quoted entity from its opening mark to its closing mark, if its inside is not blank."""
    inside = text[start + 1 : end - 1].strip()
    if inside:
        yield entity("quoted", text, start, end, inside)


def quotation_spans(text: str, opening: str, closing: str) -> Iterator[tuple[int, int]]:
    """Each quotation of a mark that may be an apostrophe: a closing paired with the last
    opening before it on the same line (earlier openings with no closing were apostrophes:
    'cause, 'em); one pass with a binary search per closing, so hundreds of unmatched
    apostrophes in a long paste stay linear."""
    if opening not in text:
        return
    opens = [m.start() for m in QUOTE_OPENS[opening].finditer(text)]
    previous = -1  # the end of the last quotation: an opening before it is taken
    for close in (m.start() for m in QUOTE_CLOSES[closing].finditer(text)):
        at = bisect.bisect_left(opens, close) - 1
        start = opens[at] if at >= 0 else -1
        if start > previous and close - start <= LONGEST_QUOTE and "\n" not in text[start:close]:
            previous = close
            yield start, close + 1


def find_channels_and_handles(scan: Scan) -> Iterator[Entity]:
    """Chat channels ("#general") and handles ("@kim"), as written."""
    text = scan.text
    for match in CHANNEL.finditer(text if "#" in text else ""):
        name = strip_korean_particle(match.group())
        yield entity("channel", text, match.start(), match.start() + len(name), name)
    for match in HANDLE.finditer(text if "@" in text else ""):
        name = match.group().rstrip(".-")
        if len(name) > 1:
            yield entity("handle", text, match.start(), match.start() + len(name), name)


def strip_korean_particle(name: str) -> str:
    """A name without the Korean particle written right after it ("#공지에" -> "#공지")."""
    for particle in KO_PARTICLES:
        if name.endswith(particle) and len(name) > len(particle) + 2:
            return name[: -len(particle)]
    return name


def find_codes(scan: Scan) -> Iterator[Entity]:
    """All-caps codes: tickers ("AAPL"), airports ("ICN"), SKUs ("AB-1234"); not words."""
    text = scan.text
    for match in CODE.finditer(text):
        code = match.group()
        if is_code(code) or (code in TRANSIT_SERVICES and NUMBER_AFTER.match(text, match.end())):
            yield entity("code", text, match.start(), match.end(), code)


NUMBER_AFTER = re.compile(r" ?\d")  # "KTX 105": a service and its number name one train


def is_code(code: str) -> bool:
    """Whether an all-caps token is a code rather than a word, acronym, currency or place."""
    letters = code.split("-")[0]
    if code in COMMON_ACRONYMS or code in CURRENCY_CODES or code in PLACE_ALIASES:
        return False
    if code in TRANSIT_SERVICES:  # "the KTX": a kind of train, not one thing
        return False
    if any(c.isdigit() for c in code):
        return any(c.isalpha() for c in letters)
    return common_word_zipf(code.lower()) < COMMON_WORD_ZIPF


@lru_cache(maxsize=8192)
def common_word_zipf(lower: str) -> float:
    """How common an English word is (wordfreq's zipf scale: 3 rare, 6 very common)."""
    return zipf_frequency(lower, "en")


# --- People ---------------------------------------------------------------------------------------

CAPITALISED_RUN = re.compile(
    r"[A-Z](?<![A-Za-z'’.-][A-Z])[a-z]{1,20}(?: [A-Z][a-z]{1,20}){0,3}"
    r"(?![A-Za-z-])(?!['’](?![sS](?![A-Za-z])))"  # "Sarah's" is Sarah
)
SENTENCE_START = re.compile(r"(?:^|[.!?:\n]\s*)$")
PREVIOUS_WORD = re.compile(r"([A-Za-z]+)\s+(?:(?:the|a|an)\s+)?$")  # "at the Hilton": "at"
TITLED_NAME = re.compile(
    r"\b(?:Dr|Mr|Mrs|Ms|Mx|Prof|Sir|Dame|Miss)\.?\s[A-Z][a-z]{1,20}(?:\s[A-Z][a-z]{1,20})?(?![A-Za-z])"
)
KO_ADDRESSED = re.compile(
    r"(?<![가-힣])([가-힣]{2,6}?)(" + "|".join(KO_PERSON_MARKERS) + r")(?:는|도|요|서)?(?![가-힣])"
    r"|(?<![가-힣])([가-힣]{2,4}) (?=(?:씨|님)(?:"
    + "|".join(KO_PERSON_MARKERS)
    + r"|이|가|을|를)?)"
)
NOT_NAME_WORDS = frozenset(  # "Three units of...": a number word is no name
    [*MONTHS_EN, *WEEKDAYS_EN, *NOT_PERSONS_EN, *TITLES, *NUMBER_WORDS_EN, *SCALE_WORDS_EN]
)


def find_persons(scan: Scan) -> Iterator[Entity]:
    """People's names: capitalised names that are not words or places; Korean names."""
    text = scan.text
    for match in CAPITALISED_RUN.finditer(text):
        yield from english_person(text, match)
    for match in TITLED_NAME.finditer(text):  # "Dr. Lee": a title makes any name a person's
        yield entity("person", text, match.start(), match.end(), match.group())
    if scan.hangul:
        yield from korean_addressed(text)
        yield from korean_proper_names(scan.original)
        yield from names_before_titles(text)


def english_person(text: str, match: re.Match[str]) -> Iterator[Entity]:
    """The name in a run of capitalised words, from its first word that is not a known word."""
    previous = PREVIOUS_WORD.search(text, max(0, match.start() - 20), match.start())
    if previous is not None and previous[1].lower() in PLACE_PREPOSITIONS:
        return
    parts = match.group().split(" ")
    first = next((i for i, part in enumerate(parts) if is_name_word(part, i, match, text)), None)
    before = [previous[1] if previous else "", *parts[:-1]]  # the word before each part
    placed = (i for i, part in enumerate(parts) if in_name_position(before[i], part))
    first = next(placed, None) if first is None else first  # "to Bob", "Call Mark"
    if first is None or parts[-1].lower() in ORGANISATION_WORDS:
        return
    start = match.start() + sum(len(part) + 1 for part in parts[:first])
    name = " ".join(parts[first:])
    yield entity("person", text, start, start + len(name), name)


def in_name_position(previous: str, word: str) -> bool:
    """Whether a capitalised word stands where a person's name goes: right after a word that
    addresses someone ("to", "with", "call", "text", "invite", "bill"), and is no word that is
    never a name (a month, a weekday, a greeting, a unit)."""
    lower = word.lower()
    if previous.lower() not in PERSON_POSITIONS or lower in NOT_NAME_WORDS:
        return False
    return lower not in STOP_WORDS_EN and lower not in UNITS and (lower,) not in ENGLISH_NAMES


def is_name_word(word: str, i: int, run: re.Match[str], text: str) -> bool:
    """Whether a capitalised word reads as a name: not in the dictionary, not a place or such."""
    lower = word.lower()
    if lower in NOT_NAME_WORDS or (lower,) in ENGLISH_NAMES or lower in UNITS:
        return False
    if lower in STOP_WORDS_EN:  # "Hi", "Hey": greetings and function words
        return False
    if lower in KINSHIP_WORDS:  # "call Mom": a family word written as a name, mid-sentence
        return i > 0 or not SENTENCE_START.search(text[max(0, run.start() - 3) : run.start()])
    return not is_known_english(lower)


def korean_addressed(text: str) -> Iterator[Entity]:
    """Korean nouns someone is addressed by: "엄마한테" -> 엄마, "김민수에게" -> 김민수."""
    for match in KO_ADDRESSED.finditer(text):
        said, start = (match[1], match.start(1)) if match[1] else (match[3], match.start(3))
        name = said[:-1] if said[-1] in "씨님" and len(said) > 2 else said
        marker = match[2] or ""
        if name in KO_NOT_PERSONS or name in KOREAN_NAMES or is_word_with(name, marker):
            continue
        titled = titled_name(text, start) if name in KO_ROLE_TITLES else None
        if titled is not None:  # "김하늘 학생한테": the student is 김하늘
            start, name = titled.start(1), titled.group(1)
        yield entity("person", text, start, start + len(name), name)


TITLE_AFTER = re.compile(" (?:" + "|".join(sorted(KO_ROLE_TITLES, key=len, reverse=True)) + ")")
NAME_BEFORE_TITLE = re.compile(r"(?<![가-힣])([가-힣]{2,4}) $")


def titled_name(text: str, start: int) -> re.Match[str] | None:
    """The name a title at `start` follows: the word before it, when that word is rare, as
    names are ("김하늘 학생"; not "오늘 선생님께", where 오늘 is a common word)."""
    word = NAME_BEFORE_TITLE.search(text, max(0, start - 5), start)
    if word is None or korean_zipf(word.group(1)) >= KNOWN_KOREAN_ZIPF:
        return None
    return word


def names_before_titles(text: str) -> Iterator[Entity]:
    """A name written before a role title is a person's, whatever particle follows the title
    ("정하늘 선생님으로", "한지민 코치님이랑"): a family name and one or two rare syllables."""
    for title in TITLE_AFTER.finditer(text):
        word = titled_name(text, title.start() + 1)  # the title's first syllable, after a space
        if word is not None and looks_like_korean_name(word.group(1)):
            yield entity("person", text, word.start(1), word.end(1), word.group(1))


def is_word_with(name: str, marker: str) -> bool:
    """Whether a name's last syllable and a 씨/님 after it make a common word ("날씨")."""
    return marker in ("씨", "님") and korean_zipf(name[-1] + marker) >= KNOWN_KOREAN_ZIPF


def korean_proper_names(text: str) -> Iterator[Entity]:
    """Korean proper nouns shaped like a person's name: a family name and one or two syllables;
    one that ends as places are named ("연남동", "마포구") is a place, as written."""
    for word in word_reader.words(text, "ko"):
        if word.tag != "PROPN":
            continue
        addressed = (
            text.startswith(KO_PERSON_MARKERS, word.end)
            or text[word.end :].startswith((" 씨", " 님"))
            or bool(TITLE_AFTER.match(text, word.end))  # "최유리 고객님": a name, not a 리
        )
        if len(word.text) > 2 and word.text.endswith(KO_PLACE_SUFFIXES) and not addressed:
            yield Entity("place", word.text, word.start, word.end, word.text)
        elif looks_like_korean_name(word.text):
            yield Entity("person", word.text, word.start, word.end, word.text)


def looks_like_korean_name(noun: str) -> bool:
    """Whether a Korean proper noun reads as a person's name rather than a place or a brand."""
    if not (2 <= len(noun) <= 3 and noun[0] in KO_SURNAMES):
        return False
    if any(korean_prefixes(noun, KOREAN_NAMES)):  # "강남역": a place and its station
        return False
    return korean_zipf(noun) < KNOWN_KOREAN_ZIPF


def korean_zipf(word: str) -> float:
    """How common a Korean word is, from wordfreq's Korean list (looked up directly)."""
    frequency = korean_frequencies().get(word, 0.0)
    return math.log10(frequency * 1e9) if frequency else 0.0


@cache
def korean_frequencies() -> dict[str, float]:
    """wordfreq's Korean word list (its own tokenizer would need MeCab), loaded once."""
    return get_frequency_dict("ko")


# --- Values a model knows beyond the patterns ----------------------------------------------------

# An identifier: an owner/name slug, dash-joined parts with a digit and a letter, a token of six
# or more characters mixing letters and digits ("INV-2025-031", "1Z999AA10123456784",
# "acme/api"), or a run of twelve or more digits (a tracking or account number, not an amount).
IDENTIFIER = re.compile(
    r"(?<![\w@./-])(?:[A-Za-z][\w.-]*/[\w.-]+"
    r"|(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+"
    r"|(?=[A-Za-z]*\d)(?=\d*[A-Za-z])[A-Za-z0-9]{6,}|\d{12,}|\d+(?:-\d+)+)(?![A-Za-z0-9_@/-])"
)
# A code that joins digits and a short Hangul mark, as Korean vehicle plates ("12가3456",
# "12가 3456", "123허4567") and case numbers ("2024가합12345") are written: digits, one to
# three syllables, then four digits or more; a particle may follow ("12가3456를").
HANGUL_CODE = re.compile(r"(?<![\w.])\d{2,4}([가-힣]{1,3})\s?\d{4,6}(?![\dA-Za-z]|[.,]\d)")
# Syllables that make digits a number or a measure, not a code ("10만5000", "3시1530").
NUMBER_SYLLABLES = frozenset("십백천만억조시분초년월일원번층호개명세")
LONGEST_DASHED_NUMBER = 7  # digits: dash-joined digit groups with more are a reference number
COMPOUND = re.compile(r"\d+(?:\.\d+)?-([A-Za-z]+)")  # "20-character", "30-minute": a measure
DATE_RANGE_GAP = re.compile(
    r"\s*(?:from\s)?(?:to|-|–|~|through|until|till|부터|에서)\s*(?:부터\s*)?", re.I
)
RANGE_DAY = re.compile(r"(?:st|nd|rd|th|일)|(?=\s|$|[,.?!])")
DELAY_AFTER = re.compile(r"\s*(?:뒤|후|later|from now)")
DELAY_BEFORE = re.compile(r"\bin\s+$", re.I)


def read_values(text: str, language: str | None = None) -> tuple[Entity, ...]:
    """The values of a request: its entities, and what a model knows beyond them (tickers, the
    end of a date range, a delay as a moment). Unlike find_entities, a delay from now is read
    twice over the same words: a duration ("30분": a timer) and a moment (a reminder's time)."""
    return with_known_values(find_entities(text, language), text)


def with_known_values(entities: tuple[Entity, ...], text: str) -> tuple[Entity, ...]:
    """The entities, plus values a model knows beyond the entity reader: identifiers and
    companies' tickers ("Tesla" -> TSLA), the end of a date range that shares its month
    ("January 10 to 12"), and a time said as a delay from now ("30분 뒤", "in 2 hours")."""
    replacing = [
        *range_ends(text, entities), *identifiers(text, entities), *company_codes(text, entities)
    ]  # fmt: skip
    kept = [e for e in entities if not any(r.start <= e.start < r.end for r in replacing)]
    kept = per_unit_totals(kilos_by_context(pounds_as_money(kept), text), text)
    kept = without_rates(without_scales(with_years_said(kept, text), text), text)
    found = [*in_order(kept, text), *replacing, *delays(text, entities)]
    return tuple(sorted(found, key=lambda e: (e.start, e.kind != "datetime")))


ONE_PERIOD_SECONDS = frozenset({86_400, 604_800, 2_592_000, 31_536_000})
RATE_AFTER = re.compile(
    r"\s?(?:에|마다|당)?\s?(?:\d|한|두|세|네|다섯|여섯|일곱|여덟|아홉|열|스무|서른)"
)


def without_rates(entities: list[Entity], text: str) -> list[Entity]:
    """A period a count is said per is no span of time: "하루 세 알씩", "일주일에 두 번",
    "한 달에 오만 원" say how often, not for how long (the count after it is what is per)."""
    numbers = {e.start for e in entities if e.kind in ("number", "money", "quantity")}
    return [e for e in entities if not is_rate_period(e, text, numbers)]


def is_rate_period(found: Entity, text: str, numbers: set[int]) -> bool:
    """Whether a duration of one period is followed by a count said per it ("하루 세 알")."""
    if found.kind != "duration" or not isinstance(found.value, dict):
        return False
    if found.value.get("seconds") not in ONE_PERIOD_SECONDS or not HANGUL.search(found.text):
        return False
    after = RATE_AFTER.match(text, found.end)
    return after is not None and (after.end() - 1) in numbers


SCALE_OF_A_SCORE = re.compile(r"(?i)\bout of\s?$|/\s?$")  # "four out of five", "4/5"
KO_FULL_MARKS = re.compile(r"\s?(?:점\s?)?만점")  # "5점 만점에 4점"


def without_scales(entities: list[Entity], text: str) -> list[Entity]:
    """A score's scale is no value of its own: "four out of five stars" and "5점 만점에 4점"
    say 4 (the five is what it is out of)."""
    return [e for e in entities if not (e.kind == "number" and is_scale_of_a_score(e, text))]


def is_scale_of_a_score(number: Entity, text: str) -> bool:
    """Whether a number is what a score is out of ("out of 5", "4/5", "10점 만점")."""
    before = SCALE_OF_A_SCORE.search(text, max(0, number.start - 8), number.start)
    return before is not None or KO_FULL_MARKS.match(text, number.end) is not None


YEAR_SAID = re.compile(
    r"(?i)(?<![가-힣A-Za-z])(재작년|작년|지난해|올해|금년|내년|내후년|(?:last|this|next) year)"
)
YEAR_REACH = 12  # characters between a year word and the date it dates ("내년 3월 2일")


def with_years_said(entities: list[Entity], text: str) -> list[Entity]:
    """A month and day dated by a year word said just before or after it: "내년 1월 5일" is
    2027, "작년 12월 3일" 2025, "March 3 next year" 2027 (the year said, not the next such day)."""
    years = [(m.start(), m.end(), YEAR_OFFSETS[m.group().lower()]) for m in YEAR_SAID.finditer(
        text if "년" in text or "해" in text or "year" in text.lower() else "")]  # fmt: skip
    if not years:
        return entities
    return [dated_in_year(e, text, years) if e.kind == "date" else e for e in entities]


def dated_in_year(found: Entity, text: str, years: list[tuple[int, int, int]]) -> Entity:
    """A date in the year a year word near it says (unchanged when none is near, or the date
    writes its own year or is relative: "내년 이맘때" is no month and day)."""
    if YEAR_WRITTEN.search(found.text) or not MONTH_SAID.search(found.text):
        return found
    offset = next(
        (o for a, b, o in years if 0 <= found.start - b <= YEAR_REACH or 0 <= a - found.end <= 2),
        None,
    )
    if offset is None:
        return found
    day = date.fromisoformat(str(found.value)[:10])
    return replace(found, value=day.replace(year=CLOCK.year + offset).isoformat())


MONTH_SAID = re.compile(  # a date that names its month: "3월 2일", "March 2", "3/2"
    r"(?i)\d\s?월|(?<![a-z])(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|\d{1,2}/\d{1,2}"
)


def in_order(entities: list[Entity], text: str) -> list[Entity]:
    """A range's start comes first: when it was read after its end, the end is the next such
    day ("December 20 to January 3"), or, when the end is relative, the start is the one before
    it ("12월 1일부터 오늘까지" is last December)."""
    dates = [e for e in entities if e.kind == "date"]
    moved = {}
    for first, second in zip(dates, dates[1:], strict=False):
        joined = DATE_RANGE_GAP.fullmatch(text, first.end, second.start)
        written_year = YEAR_WRITTEN.search(first.text)
        if not joined or written_year or str(first.value) <= str(second.value):
            continue
        if re.search(r"\d|[A-Z]", second.text):  # an absolute end: it is the next one after
            moved[second.start] = a_year_later(second, 1)
        else:  # the end is relative ("오늘"): the start is the one before it
            moved[first.start] = a_year_later(first, -1)
    return [moved.get(e.start, e) if e.kind == "date" else e for e in entities]


def a_year_later(found: Entity, years: int) -> Entity:
    """A date entity moved by whole years."""
    day = date.fromisoformat(str(found.value)[:10])
    return replace(found, value=day.replace(year=day.year + years).isoformat())


def pounds_as_money(entities: list[Entity]) -> list[Entity]:
    """ "Pounds" (파운드) names a weight and a currency: it is money, GBP, when the request's
    other values are money or currencies and none is a weight ("75 euros to pounds"), and a
    weight otherwise ("12 pounds in kg")."""
    pounds = [e for e in entities if is_pound(e)]
    others = [e for e in entities if not is_pound(e)]
    money = any(e.kind in ("money", "currency") for e in others)
    weight = any(unit_of_entity(e) in WEIGHT_UNITS for e in others)
    if not pounds or not money or weight:
        return entities
    return [as_pounds_sterling(e) if is_pound(e) else e for e in entities]


# An amount said per unit (distributive): "200 ml each", "250ml씩", "250 ml per glass" after it;
# "한 잔에 250ml", "잔당 250ml", "각각 100ml", "each 200 ml" before it. The unit named ("잔",
# "glass") is what the count counts.
PER_UNIT_AFTER = re.compile(r"(?i) ?(?:each\b|apiece\b|씩|per ([a-z]+)\b)")
PER_UNIT_BEFORE = re.compile(
    r"(?i)(?:(?:한|1) ?([가-힣]{1,3})(?:에|당)|([가-힣]{1,3})당|각각|각|\beach|\bper ([a-z]+)) ?$"
)
PER_UNIT_REACH = 60  # characters between a count and the amount it multiplies
CLAUSE_END = re.compile(r"[.?!;\n]")


def per_unit_totals(entities: list[Entity], text: str) -> list[Entity]:
    """A count of things and an amount said per thing make a total, as a model multiplies
    before it calls: "물 두 잔, 한 잔에 250ml" is 500 ml, "three cups, 200 ml each" 600 ml.
    The amount's entity carries the total; the count is used up by it."""
    for amount in [e for e in entities if is_measured_amount(e)]:
        marker = per_unit_marker(text, amount)
        count = None if marker is None else count_for(entities, text, amount, marker)
        if count is None:
            continue
        total = whole(round(count_of(count) * amount.value["amount"], DECIMALS_OF_TOTAL))
        entities = [
            replace(e, value={**e.value, "amount": total}) if e is amount else e
            for e in entities
            if e is not count and not marker[0] <= e.start < amount.start  # "한" of "한 잔에"
        ]
    return entities


DECIMALS_OF_TOTAL = 4
ADDITIVE_UNITS = frozenset(u for u, (kind, _) in UNIT_SIZES.items() if kind in ADDITIVE_DIMENSIONS)


def is_measured_amount(found: Entity) -> bool:
    """Whether an entity is an amount of a measure that adds up (ml, g, km), not a share or a
    temperature."""
    return found.kind == "quantity" and unit_of_entity(found) in ADDITIVE_UNITS


def per_unit_marker(text: str, amount: Entity) -> tuple[int, str] | None:
    """Where the words that make an amount per unit start (before it, or the amount's start
    when they follow it), and the unit they name ("잔" of "한 잔에", "" when none)."""
    before = PER_UNIT_BEFORE.search(text, max(0, amount.start - 10), amount.start)
    if before is not None:
        return before.start(), next((g for g in before.groups() if g), "")
    after = PER_UNIT_AFTER.match(text, amount.end)
    return (amount.start, after.group(1) or "") if after is not None else None


def count_for(
    entities: list[Entity], text: str, amount: Entity, marker: tuple[int, str]
) -> Entity | None:
    """The count an amount per unit multiplies: a count of the unit named ("두 잔" for "한
    잔에", even a sentence before), else the nearest count before it in the same clause, else
    right after it ("250ml씩 두 잔")."""
    at, unit = marker
    if unit.lower() in OCCASION_COUNTERS:  # "한 번에 80g씩, 하루 세 번": a serving, not a total
        return None
    near = [
        e
        for e in entities
        if is_count(e)
        and e is not amount
        and (0 <= at - e.end <= PER_UNIT_REACH or 0 <= e.start - amount.end <= PER_UNIT_REACH // 2)
    ]
    if unit:
        named = [e for e in near if counts_unit(text, e, unit)]
        return named[-1] if named else None
    before = [e for e in near if e.end <= at and not CLAUSE_END.search(text, e.end, at)]
    after = [e for e in near if e.start >= amount.end and not CLAUSE_END.search(
        text, amount.end, e.start)]  # fmt: skip
    return (before[-1:] or after[:1] or [None])[0]


def counts_unit(text: str, count: Entity, unit: str) -> bool:
    """Whether a count counts the unit named ("두 잔" counts 잔; "3 glasses" counts glass)."""
    said = text[count.end : count.end + len(unit) + 4].lstrip(" -").lower()
    return said.startswith(unit.lower()) or unit.lower() in count.text.lower()


def is_count(found: Entity) -> bool:
    """Whether an entity counts things: a whole number of two or more, or a number of cups."""
    if found.kind == "quantity" and unit_of_entity(found) in COUNTED_UNITS:
        found = replace(found, kind="number", value=found.value["amount"])
    return found.kind == "number" and isinstance(found.value, int) and found.value >= 2


def count_of(found: Entity) -> int | float:
    """How many things a count entity counts."""
    return found.value["amount"] if isinstance(found.value, dict) else found.value


def kilos_by_context(entities: list[Entity], text: str) -> list[Entity]:
    """ "킬로" names a kilometre or a kilogram: a kilogram when the request weighs something
    ("몸무게 70킬로", "짐 20킬로", "70킬로는 몇 파운드"), a kilometre otherwise ("10킬로
    뛰었어")."""
    if not any(word in text for word in WEIGHT_CONTEXT_KO):
        return entities
    return [
        replace(e, value={**e.value, "unit": "kg"})
        if e.kind == "quantity" and e.value.get("unit") == "km" and said_in_kilos(e.text)
        else e
        for e in entities
    ]


def said_in_kilos(said: str) -> bool:
    """Whether an amount is said in 킬로 ("70킬로", "3킬로 반"), not in 킬로미터."""
    return any(said.endswith(word) or f"{word} " in said for word in KILO_WORDS)


def is_pound(found: Entity) -> bool:
    """Whether a quantity or unit is said with the word "pound" (not "lb", which is a weight)."""
    said = re.findall(r"[A-Za-z가-힣]+", found.text)  # the unit is the last word: "twenty pounds"
    return unit_of_entity(found) == "lb" and bool(said) and said[-1].lower() in POUND_WORDS


def unit_of_entity(found: Entity) -> str | None:
    """The unit a quantity or a unit entity names."""
    if found.kind == "quantity" and isinstance(found.value, dict):
        return found.value.get("unit")
    return found.value if found.kind == "unit" else None


def as_pounds_sterling(found: Entity) -> Entity:
    """A pound read as money: an amount in GBP, or the currency GBP said alone."""
    if found.kind == "quantity":
        return replace(
            found, kind="money", value={"amount": found.value["amount"], "currency": "GBP"}
        )
    return replace(found, kind="currency", value="GBP")


def company_codes(text: str, entities: tuple[Entity, ...]) -> list[Entity]:
    """Companies named instead of their ticker, as code entities (a known company's name is no
    person's, though it is capitalised like one: "Nvidia")."""
    lowered = text.lower()
    found: list[Entity] = []
    others = [e for e in entities if e.kind != "person"]
    for company in sorted(TICKERS, key=len, reverse=True):
        for match in re.finditer(rf"(?<![\w]){re.escape(company)}", lowered):
            covered = any(e.start <= match.start() < e.end for e in [*others, *found])
            if not covered:
                found.append(
                    Entity("code", text[match.start() : match.end()], match.start(), match.end(),
                           TICKERS[company])
                )  # fmt: skip
    return found


def identifiers(text: str, entities: tuple[Entity, ...]) -> list[Entity]:
    """Identifiers the reader took for numbers: tokens that mix letters and digits or join
    parts with dashes or slashes ("INV-2025-031", "1Z999AA10123456784", "acme/web")."""
    found = []
    spaced = [m for m in SPACED_DIGITS.finditer(text) if len(m.group()) - m.group().count(" ")
              >= SHORTEST_SPACED_REFERENCE]  # fmt: skip
    plates = [m for m in HANGUL_CODE.finditer(text) if is_hangul_code(m.group(1))]
    for match in [*IDENTIFIER.finditer(text), *spaced, *plates]:
        covered = [e for e in entities if e.start < match.end() and match.start() < e.end]
        if is_identifier(match.group()) and all(
            e.kind in ("number", "code", "person") for e in covered
        ):
            found.append(Entity("code", match.group(), match.start(), match.end(), match.group()))
    return found


LIST_GAP = re.compile(  # the mark of a number may repeat: "#4 & #5", "no. 4 and no. 9"
    r"\s*(?:,|and|or|&|및|와|과|랑|이랑|하고|,\s*and)?\s*(?:#|no\.\s?)?", re.I
)
COUNTER_AFTER = re.compile(r"[가-힣]{1,3}?(?=이랑|랑|하고|와|과|,|\s)|[A-Za-z]+(?=,|\s)")
COUNTER_BEFORE = re.compile(r"\s?([A-Za-z]+|[가-힣]{1,3})\s?$")


def listed_together(text: str, first: Entity, second: Entity) -> bool:
    """Whether two values are listed together: only a comma or "and" between them, the counter
    or noun each carries aside ("3번이랑 7번", "room 4 and room 5", "#12, #14")."""
    if second.start <= first.end:
        return False
    start, end = first.end, second.start
    counter = COUNTER_AFTER.match(text, start)  # "3번이랑 7번": 번 follows both
    if counter is not None and text.startswith(counter.group(), second.end):
        start = counter.end()
    noun = COUNTER_BEFORE.search(text, max(0, first.start - 12), first.start)
    head = text[start:end].rstrip()
    if noun is not None and head.endswith(noun.group(1)):  # "room 4 and room 5"
        end = start + len(head) - len(noun.group(1))
    return bool(LIST_GAP.fullmatch(text, start, max(start, end)))


def names_identifiers(name: str) -> bool:
    """Whether a parameter's name says it holds identifiers ("order_ids", "ticket_numbers")."""
    return bool(IDENTIFIER_NAME_PARTS.intersection(word_reader.split_identifier(name)))


# Digits in groups split by single spaces, as cards and parcels print them ("1234 5678 90"):
# one reference number when the groups hold ten digits or more.
SPACED_DIGITS = re.compile(r"\d(?<![\w.,]\d)\d{1,5}(?: \d{2,6}){2,6}(?![\w.,])")
SHORTEST_SPACED_REFERENCE = 10


def is_identifier(said: str) -> bool:
    """Whether a token shaped like an identifier is one: not a number and a word joined as
    one adjective ("20-character"), not a short run of numbers ("3-4", "2-1" a score)."""
    compound = COMPOUND.fullmatch(said)
    if compound is not None and is_known_english(compound.group(1).lower()):
        return False
    digits_only = said.replace("-", "").replace(" ", "").isdigit()
    return not digits_only or sum(c.isdigit() for c in said) > LONGEST_DASHED_NUMBER


def is_hangul_code(mark: str) -> bool:
    """Whether the Hangul between two digit runs marks a code (가, 허, 가합), not a number's
    unit or counter (만, 시, 원)."""
    return not NUMBER_SYLLABLES.intersection(mark)


def range_ends(text: str, entities: tuple[Entity, ...]) -> list[Entity]:
    """A day number after a date and "to"/"-"/"부터" ends a range in the same month."""
    ends = []
    dates = [e for e in entities if e.kind == "date"]  # resolved: in order, not overlapping
    date_ends = [d.end for d in dates]
    for number in (e for e in entities if e.kind == "number" and isinstance(e.value, int)):
        at = bisect.bisect_right(date_ends, number.start)  # the last date before the number
        before = dates[at - 1] if at else None
        if before is None or not DATE_RANGE_GAP.fullmatch(text[before.end : number.start]):
            continue
        if not 1 <= number.value <= 31 or not RANGE_DAY.match(text[number.end : number.end + 3]):
            continue
        start = date.fromisoformat(str(before.value))
        day = date(start.year, start.month, number.value)
        day = (
            day
            if day >= start
            else date(start.year + start.month // 12, start.month % 12 + 1, number.value)
        )
        ends.append(Entity("date", text[number.start : number.end], number.start, number.end,
                           day.isoformat()))  # fmt: skip
    return ends


def delays(text: str, entities: tuple[Entity, ...]) -> list[Entity]:
    """A duration said as a delay from now ("30분 뒤에", "in 2 hours") is a moment."""
    moments = []
    for duration in (e for e in entities if e.kind == "duration"):
        seconds = duration.value.get("seconds") if isinstance(duration.value, dict) else None
        after = text[duration.end : duration.end + 10]
        before = text[max(0, duration.start - 4) : duration.start]
        back = PAST_SPAN.fullmatch(duration.text)  # "in the last week" looks back, not ahead
        if seconds and not back and (DELAY_AFTER.match(after) or DELAY_BEFORE.search(before)):
            moment = later_by(seconds).strftime("%Y-%m-%dT%H:%M")
            moments.append(Entity("datetime", duration.text, duration.start, duration.end, moment))
    return moments


MONTH_SECONDS = 2_592_000


def later_by(seconds: int) -> datetime:
    """The moment a delay after CLOCK: whole months and years by the calendar ("한 달 뒤" on
    January 1 is February 1), other delays by the clock."""
    if seconds >= YEAR_SECONDS and seconds % YEAR_SECONDS == 0:
        months = seconds // YEAR_SECONDS * 12
    elif seconds >= MONTH_SECONDS and seconds % MONTH_SECONDS == 0:
        months = seconds // MONTH_SECONDS
    else:
        return CLOCK + timedelta(seconds=seconds)
    year, month = month_ahead(months)
    return CLOCK.replace(year=year, month=month, day=min(CLOCK.day, 28))


# --- Street addresses -----------------------------------------------------------------------------

# A street address is one place, however many place words it holds: "42 Elm Street", and the
# Korean road address, a road (로) or lane (길) and its building number, after the city, district
# and neighbourhood it is in ("서울 마포구 월드컵로12길 34"). Its value is the address as written.
STREET_EN = re.compile(
    r"\d(?<![\w.,:-]\d)\d{0,4}[A-Za-z]?\s+(?:[A-Z][\w'-]*\s+){1,3}(?:Street|St|Road|Rd|Avenue"
    r"|Ave|Boulevard|Blvd|Lane|Ln|Drive|Dr|Way|Place|Pl|Court|Ct|Square|Sq|Terrace|Parkway"
    r"|Highway)\b\.?"
)
STREET_KO = re.compile(  # a road or lane name (never a word in 으로), then the building number
    r"[가-힣](?<![가-힣0-9][가-힣])[가-힣0-9]{0,11}(?<!으)(?:로|길)\s?\d{1,5}(?:-\d{1,5})?"
    r"(?:번길\s?\d{1,5}(?:-\d{1,5})?)?(?:번지)?(?![\d.,])"
)
KO_AREA_WORD = re.compile(
    r"([가-힣]{1,10}(?:특별시|광역시|특별자치시|특별자치도|도|시|군|구|읍|면|동)) $"
)
COUNTED_OR_SCALED = sorted(KO_COUNTERS | KO_SCALES.keys() | {"원", "층", "호", "일"}, key=len)
KO_NUMBER_COUNTED = re.compile(  # a number and its counter count: "서울로 2명" is no address
    r"\s?(?:" + "|".join(reversed(COUNTED_OR_SCALED)) + ")"
)
ROAD = re.compile(r"([가-힣]+?)\d*(?:로|길)")  # 월드컵로12길: the road's name is 월드컵
ADDRESS_END = re.compile(r"(?:에서|에|으로|로|까지|이에요|예요|입니다|이고|[ ]?[.,?!)]|$)")
LONGEST_AREA_RUN = 4  # words: 서울특별시 마포구 상암동, and one more


def find_street_addresses(scan: Scan) -> Iterator[Entity]:
    """Street addresses, English and Korean, each one place over all its words."""
    text = scan.text if scan.digits else ""
    for match in STREET_EN.finditer(text):
        said = match.group().rstrip(".")
        yield entity("place", text, match.start(), match.start() + len(said), said)
    for match in STREET_KO.finditer(text if scan.hangul else ""):
        if KO_NUMBER_COUNTED.match(text, match.end()):
            continue
        start = start_of_areas(text, match.start())
        if start == match.start() and not is_road_alone(text, match):
            continue
        yield entity("place", text, start, match.end(), text[start : match.end()])


def areas_of(place: Entity) -> list[Entity]:
    """The places a street address holds before its road (대구 in "대구 중구 동성로 25"): an
    address's city; any other place is its own one."""
    road = STREET_KO.search(place.text) if place.value == place.text else None
    if road is None or road.start() == 0:
        return [place]
    inside = find_entities(place.text[: road.start()])
    shifted = [replace(e, start=e.start + place.start, end=e.end + place.start) for e in inside]
    return [e for e in shifted if e.kind == "place"]


def is_road_alone(text: str, match: re.Match[str]) -> bool:
    """Whether a road said with no city or district before it is one: a road's proper name,
    its number ending the phrase ("오금로 12에서"); a common word or a name with the particle
    로 ("가로 1280", "매매로 12억", "루비로 17의 제곱") is no road."""
    return bool(ADDRESS_END.match(text, match.end())) and is_road_name(match.group())


def is_road_name(said: str) -> bool:
    """Whether a road's name is a proper name, not a common word."""
    road = ROAD.match(said)
    if road is None:
        return False
    name = road.group(1) if len(road.group(1)) > 1 else ""
    return max(korean_zipf(name), korean_zipf(road.group())) < KNOWN_KOREAN_ZIPF


def start_of_areas(text: str, start: int) -> int:
    """Where the areas written before a Korean road begin: city, district and neighbourhood
    words (서울특별시, 마포구, 상암동) or places the gazetteer knows (서울, 대전)."""
    for _ in range(LONGEST_AREA_RUN):
        before = re.search(r"([가-힣]{1,10}) $", text[max(0, start - 12) : start])
        if before is None:
            break
        word = before.group(1)
        if not KO_AREA_WORD.fullmatch(word + " ") and KOREAN_NAMES.get(word, ("",))[0] != "place":
            break
        start -= len(word) + 1
    return start


FINDERS: tuple[Callable[[Scan], Iterator[Entity]], ...] = (
    find_emails,
    find_urls,
    find_paths,
    find_phones,
    find_channels_and_handles,
    find_measures,
    find_durations,
    find_dates,
    find_times,
    find_names,
    find_currency_codes,
    find_country_currencies,
    find_codes,
    find_persons,
    find_quoted,
    find_street_addresses,
    find_seat_codes,
    find_landmarks,
)
