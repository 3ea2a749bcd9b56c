"""Arguments by type: an amount in the unit its parameter counts in.

A parameter named or described in a unit ("distance_km", "Target temperature in Celsius",
"fuel_pct") takes a quantity said in another unit of the same dimension converted, as a
model converts before it calls ("5 miles" -> 8.05 km, "150 pounds" -> 68.04 kg, "72°F" ->
22.2 °C). A share of a whole said as a fraction ("three quarters", "4분의 3", "반") is a
percent to a parameter counted in percent (75), and the same share of a bounded scale
otherwise (half of a volume from 0 to 10 is 5).
"""

from __future__ import annotations

import re
from typing import Any

from helpers.offline.lexicon_entities import (
    MONEY_UNITS,
    PARAMETER_UNIT_WORDS,
    TEMPERATURE_LETTERS,
    TEMPERATURE_SCALES,
    UNIT_SIZES,
    UNITS,
)
from helpers.offline.words import split_identifier

UNIT_WORD = re.compile(r"[a-z/%]+|[가-힣]+")
TEMPERATURE_WORDS = frozenset("temp temperature 온도 기온".split())
DECIMALS = 2  # a converted amount is rounded as a model writes it
FLUID_OUNCE = ("volume", 29.5735)  # millilitres


def amount_in(name: str, spec: dict[str, Any], value: Any) -> float | int | None:
    """The amount a number, money or quantity gives a numeric parameter, in the parameter's
    unit when the quantity is in another unit of the same dimension."""
    if not isinstance(value, dict):
        number = isinstance(value, (int, float)) and not isinstance(value, bool)
        if not number or (counts_whole(spec) and not float(value).is_integer()):
            return None  # "61.20" is no odometer reading: a whole count takes no fraction
        return in_money_unit(value, spec, said_as_money=False)
    if "currency" in value and isinstance(value.get("amount"), (int, float)):
        if parameter_unit(name, spec) not in (None, "percent"):
            return None  # money is no distance, weight or volume ("5만 8천 원" to odometer_km)
        return in_money_unit(value["amount"], spec, said_as_money=True)
    amount, unit = value.get("amount"), value.get("unit")
    if not isinstance(amount, (int, float)):
        return None
    wanted = parameter_unit(name, spec)
    if unit == "fraction" and wanted != "fraction":
        return share_of(amount, wanted, spec)
    if unit is None or wanted is None or unit == wanted:
        return amount
    return converted(amount, unit, wanted)


MONTH = 2_592_000  # seconds: the month of a duration (30 days)
YEAR = 31_536_000  # and its year (365 days): twelve months by the calendar, not 365 / 30


def duration_in(seconds: float, unit: float) -> float:
    """A duration in a unit of so many seconds, whole years counted as twelve months each
    ("30년" is 360 months, "2 years" 24) and whole months as a twelfth of a year."""
    if unit == MONTH and seconds >= YEAR and seconds % YEAR == 0:
        return seconds // YEAR * 12
    if unit == YEAR and seconds >= MONTH and seconds % MONTH == 0 and seconds % YEAR:
        return round(seconds / MONTH / 12, DECIMALS)
    return seconds / unit


def counts_whole(spec: dict[str, Any]) -> bool:
    """Whether a parameter counts whole things (a JSON integer)."""
    kind = spec.get("type")
    return kind == "integer" or (isinstance(kind, list) and "integer" in kind)


def fit_rank(name: str, spec: dict[str, Any], value: Any) -> int:
    """How well a value fits a parameter counted in a unit, for ordering (0 best): a quantity
    in that unit, then in that unit's dimension ("4.5%" for `rate_percent`, "500ml" for
    `amount_ml`), an amount of money last (money has no unit of measure); all alike when the
    parameter names no unit."""
    wanted = parameter_unit(name, spec)
    if wanted is None:
        return 0
    unit = value.get("unit") if isinstance(value, dict) else None
    if unit == wanted:
        return 0
    if unit is not None and dimension(unit) == dimension(wanted):
        return 1
    return 3 if isinstance(value, dict) and "currency" in value else 2


def dimension(unit: str) -> str:
    """What a unit measures: length, mass, volume, speed, share or temperature."""
    return "temperature" if unit in TEMPERATURE_SCALES else UNIT_SIZES.get(unit, (unit,))[0]


def in_money_unit(amount: float, spec: dict[str, Any], said_as_money: bool) -> float:
    """An amount in the money unit the parameter counts in ("만 원 단위": 12억 is 120000, "in
    cents": $5.20 is 520); a bare number only when it is a whole number of that unit (it was
    said in ones: "12억"), not when the user already counts in it ("5000")."""
    described = str(spec.get("description", "")).lower()
    size = next((size for said, size in MONEY_UNITS.items() if said in described), None)
    if size is None:
        return amount
    if not said_as_money and (size < 1 or amount < size or amount % size):
        return amount
    scaled = round(amount / size, DECIMALS)
    return int(scaled) if float(scaled).is_integer() else scaled


def share_of(share: float, wanted: str | None, spec: dict[str, Any]) -> float:
    """A fraction as the parameter counts it: a percent (0.75 -> 75), or the same share of
    the parameter's range when it has an upper bound (half of 0..10 is 5), else as said."""
    if wanted == "percent":
        return round(share * 100, DECIMALS)
    top = spec.get("maximum")
    bottom = spec.get("minimum", 0)
    if isinstance(top, (int, float)) and top > 1 and bottom == 0:
        return round(share * top, DECIMALS)
    return share


def converted(amount: float, unit: str, wanted: str) -> float:
    """An amount from one unit into another of the same dimension (else unchanged)."""
    if unit in TEMPERATURE_SCALES and wanted in TEMPERATURE_SCALES:
        scale, offset = TEMPERATURE_SCALES[unit]
        celsius = (amount - offset) * scale
        scale, offset = TEMPERATURE_SCALES[wanted]
        return round(celsius / scale + offset, DECIMALS - 1)
    said, target = UNIT_SIZES.get(unit), UNIT_SIZES.get(wanted)
    if unit == "ounce" and target is not None and target[0] == "volume":
        said = FLUID_OUNCE  # "4 oz of formula" in ml: an ounce of a liquid is a fluid ounce
    if said is None or target is None or said[0] != target[0]:
        return amount
    return round(amount * said[1] / target[1], DECIMALS)


def parameter_unit(name: str, spec: dict[str, Any]) -> str | None:
    """The unit a numeric parameter counts in, from its name's parts first ("distance_km",
    "temp_f"), then its description ("Target in Celsius", "몸무게(kg)")."""
    parts = before_per(split_identifier(name))
    described = before_per(  # one letter ("g" of "e.g.") names no unit in a sentence
        [w for w in UNIT_WORD.findall(str(spec.get("description", "")).lower()) if len(w) > 1]
    )
    temperature = bool(TEMPERATURE_WORDS & {*parts, *described})
    for words in (parts, described):
        for word in words:
            unit = unit_word(word, temperature)
            if unit is not None:
                return unit
    return None


def before_per(words: list[str]) -> list[str]:
    """The words before "per" (a rate's unit is what it counts, not what it divides by:
    `price_per_liter` is money, not litres)."""
    return words[: words.index("per")] if "per" in words else words


def unit_word(word: str, temperature: bool) -> str | None:
    """The unit one word of a parameter's name or description names, if it names one."""
    if temperature and word in TEMPERATURE_LETTERS:
        return TEMPERATURE_LETTERS[word]
    unit = PARAMETER_UNIT_WORDS.get(word) or UNITS.get(word)
    if unit in UNIT_SIZES or unit in TEMPERATURE_SCALES:
        return unit
    return None


LOWER_WORDS = frozenset("min minimum least fewest lowest lower from 최소 이상 부터 하한".split())
UPPER_WORDS = frozenset("max maximum most highest upper limit 최대 이하 까지 상한".split())
RANGE_JOIN = re.compile(  # "3 to 5", "3-5", "6~8명", "4명에서 6명까지", "between 18 and 24"
    r"\s*(?:[가-힣]{1,2}|[A-Za-z]{0,8})?\s*(?:to|and|-|–|~|부터|에서)\s*", re.I
)


def bound_of(name: str, spec: dict[str, Any]) -> str | None:
    """Whether a parameter is the lower or the upper bound of a range, by the words of its name
    and description ("min_guests", "gears_at_most", "최대 인원"); None when it is neither or
    both."""
    words = set(split_identifier(name)) | set(UNIT_WORD.findall(str(spec.get("description", ""))))
    words = {w.lower() for w in words}
    lower, upper = bool(words & LOWER_WORDS), bool(words & UPPER_WORDS)
    if lower == upper:
        return None
    return "lower" if lower else "upper"


def ranged(text: str, first_end: int, second_start: int) -> bool:
    """Whether two numbers are the two ends of one range: only a joining word (to, -, ~, 에서,
    "and" after "between") and at most a counter ("4명에서 6명") stand between them."""
    between = text[first_end:second_start]
    if RANGE_JOIN.fullmatch(between) is None:
        return False
    return (
        "and" not in between.lower()
        or re.search(r"(?i)between\s+\S*$", text[:first_end]) is not None
    )
