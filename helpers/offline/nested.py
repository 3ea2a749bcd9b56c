"""Reading what a request lists and where it sends things: the items of an order, an address.

Items. A list of things is said as items joined by commas and "and" (랑, 하고, 및 in Korean);
each item is a count and the thing counted ("2 cartons of milk", "a muffin", "the blender": one,
"사과 3개",
"커피 원두 두 봉지"), perhaps with its price ("at 12 euros each", "봉지당 25,000원"). English puts
the thing after its count, Korean before it. An item's words end where another role begins: a
preposition in English ("at", "for", "to"), a particle of place or person in Korean (에, 한테,
으로). An object parameter of a list is then built from these items by its properties' types
(a count, a price, a name), never by position.

Addresses. A street is a number and a street word ("12 Baker Street") or, in Korean, a road or
district and its number ("월드컵로 10", "해운대구 우동 1408번지"); the city is a place the
gazetteer knows; the country is the one that city is in (a Korean street address is in KR).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from helpers.offline.entities import Entity, number_value
from helpers.offline.lexicon_entities import COUNTRY_CODES
from helpers.offline.request import Request

ITEM_BREAK = re.compile(  # a space run is tried from its start only: linear in the text
    r"(?<!\s)\s*[,;]\s*(?:and\s+|plus\s+)?|(?<!\s)\s+(?:and|&|plus)\s+"
    r"|(?<=[가-힣])(?:이랑|랑|하고)\s+|(?<!\s)\s+및\s+",
    re.I,
)
ARTICLE = re.compile(r"(?i)(?<![\w-])(?:a|an|one|the|my|this|that)\s+(?=[A-Za-z])")
ENGLISH_ITEM_END = re.compile(
    r"(?i)\s+(?:at|for|to|from|with|each|per|by|on|in|into|delivered|deliver|sent|shipped|"
    r"please|costing|priced)\b|[.?!:(]|\s+@"
)
KOREAN_ROLE_ENDINGS = ("에게", "한테", "께", "에서", "으로", "로", "에", "까지")
LONGEST_KOREAN_ITEM = 3  # words before a count that can name the thing counted
MOST_ITEMS = 50  # a list longer than this is a paste, not an order: read its first items
STREET_EN = re.compile(
    r"\b\d{1,5}[A-Za-z]?\s+(?:[A-Z][\w'-]*\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Boulevard"
    r"|Blvd|Lane|Ln|Drive|Dr|Way|Place|Pl|Court|Ct|Square|Sq|Terrace|Parkway|Highway)\b\.?"
)
STREET_KO = re.compile(  # tried only where a word starts: linear in the text
    r"(?<![가-힣0-9])(?:[가-힣]{1,10}(?:구|군|읍|면)\s)?[가-힣0-9]{1,20}(?:로|길|동|가|리)\s?\d{1,5}"
    r"(?:-\d{1,5})?(?:번지|번길|호)?"
)
# A part said of a whole: "two OF THE three", "세 개 중에 두 개" (English: the part first).
PART_OF_EN = re.compile(r"(?i)\s+of\s+(?:the|my|those|these|our|all)\s+$")
PART_OF_KO = re.compile(r"\s?[가-힣]{0,2}\s?중(?:에서|에)?\s+$")
POSTAL_CODE = re.compile(r"(?<![\d-])\d{5}(?:-\d{4})?(?![\d-])")


@dataclass(frozen=True)
class Item:
    """One thing a request lists: what it is, how many (and in what unit), at what price."""

    name: str
    start: int
    end: int
    count: int | float
    unit: str | None
    price: Entity | None


@dataclass(frozen=True)
class Address:
    """A postal address said in prose: the street as written, the city, the country code."""

    street: str | None
    city: Entity | None
    country: str | None
    postal_code: str | None
    start: int
    end: int


def listed_items(request: Request, start: int, end: int, used: Callable[[int], bool]) -> list[Item]:
    """Every item the words between two positions list, in order."""
    items: list[Item] = []
    for a, b in _segments(request.window or request.text, start, end)[:MOST_ITEMS]:
        entities = [e for e in request.entities_in(a, b) if not used(e.start)]
        item = _item(request, a, b, entities, used)
        price = next((e for e in entities if e.kind == "money"), None)
        if item is not None:
            items.append(item)
        elif price is not None and items and items[-1].price is None:  # "봉지당 25,000원"
            last = items[-1]
            items[-1] = Item(last.name, last.start, last.end, last.count, last.unit, price)
    return items


def _segments(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The stretches between list separators (commas, "and", 랑/하고/및)."""
    cuts = list(ITEM_BREAK.finditer(text, start, end))
    starts = [start] + [m.end() for m in cuts]
    ends = [m.start() for m in cuts] + [end]
    return [(a, b) for a, b in zip(starts, ends, strict=True) if text[a:b].strip()]


def _item(
    request: Request, a: int, b: int, entities: list[Entity], used: Callable[[int], bool]
) -> Item | None:
    """The item one segment says: a count (or "a"/"an") and the thing counted."""
    count = next((e for e in entities if e.kind in ("number", "quantity", "duration")), None)
    price = next((e for e in entities if e.kind == "money"), None)
    text = request.text
    if count is None:
        article = ARTICLE.search(text, a, b)
        if article is None or request.korean:
            return None
        name = _english_name(text, article.end(), b, price)
        return Item(name[0], *name[1:], 1, None, price) if name else None
    counted, total = _part_of(text, count, entities)
    amount, unit = _counted(counted)
    if request.korean:
        name = _korean_name(text, a, count.start, used)
    else:
        name = _english_name(text, total.end, b, price)
    return Item(name[0], name[1], name[2], amount, unit, price) if name else None


def _part_of(text: str, count: Entity, entities: list[Entity]) -> tuple[Entity, Entity]:
    """The count of a part said of a whole, and the whole: "two of the three mugs" and "머그컵
    세 개 중에 두 개" count two (the items meant are the part). Else the count is its own whole."""
    following = [e for e in entities if e.start >= count.end and e.kind == "number"]
    if not following:
        return count, count
    english = PART_OF_EN.match(text, count.end, following[0].start)
    korean = PART_OF_KO.match(text, count.end, following[0].start)
    if english:  # "two of the three mugs": the part first, the whole (and the thing) after
        return count, following[0]
    return (following[0], count) if korean else (count, count)


def _counted(count: Entity) -> tuple[int | float, str | None]:
    """How many, and in what unit: a number, a quantity's amount and unit ("2 kg"), or the
    number of a span of time ("3개월")."""
    if count.kind == "duration":  # "유지보수 3개월": three (months) of a service
        said = re.match(r"\d+(?:\.\d+)?", count.text)
        return (number_value(said.group()) if said else 1), None
    if isinstance(count.value, dict):
        return count.value.get("amount", 1), count.value.get("unit")
    return count.value, None


def _english_name(
    text: str, start: int, end: int, price: Entity | None
) -> tuple[str, int, int] | None:
    """The thing counted, after its count: the words up to a preposition or the price."""
    stop = _english_end(
        text, start, min(end, price.start if price and price.start > start else end)
    )
    name = text[start:stop].strip(" ,.-")
    if not name or not any(c.isalpha() for c in name):
        return None
    begin = text.find(name, start)
    return name, begin, begin + len(name)


def _english_end(text: str, start: int, end: int) -> int:
    """Where the words naming a thing end: before a preposition, punctuation or "@"."""
    found = ENGLISH_ITEM_END.search(text, start, end)
    return found.start() if found else end


def _korean_name(
    text: str, start: int, count_start: int, used: Callable[[int], bool]
) -> tuple[str, int, int] | None:
    """The thing counted, before its count (Korean): the words back to a particle of place or
    person ("김철수 고객한테 커피 원두 두 봉지" -> 커피 원두), a value taken, or three words."""
    words = list(re.finditer(r"\S+", text[start:count_start]))
    kept: list[re.Match[str]] = []
    for word in reversed(words[-LONGEST_KOREAN_ITEM:]):
        said = word.group()
        if used(start + word.start()) or said.endswith(KOREAN_ROLE_ENDINGS) or said[0].isdigit():
            break
        kept.insert(0, word)
    if not kept:
        return None
    begin, finish = start + kept[0].start(), start + kept[-1].end()
    name = _without_particle(text[begin:finish])
    return (name, begin, begin + len(name)) if re.search(r"[가-힣A-Za-z]", name) else None


def _without_particle(said: str) -> str:
    """A noun without the object or topic particle written after it ("원두를" -> 원두)."""
    for particle in ("을", "를", "은", "는"):
        if said.endswith(particle) and len(said) > 2:
            return said[: -len(particle)]
    return said


def address_in(request: Request, used: Callable[[int], bool]) -> Address | None:
    """The postal address a request says: its street, its city and the city's country."""
    text = request.window or request.text  # a long paste's middle is not read
    street = next(
        (m for m in [*STREET_EN.finditer(text), *STREET_KO.finditer(text)] if not used(m.start())),
        None,
    )
    places = [e for e in request.entities if e.kind == "place" and not used(e.start)]
    if street is None and not places:
        return None
    city = _city_near(places, street)
    country = COUNTRY_CODES.get(str(city.value)) if city else None
    if country is None and street is not None and STREET_KO.fullmatch(street.group()):
        country = "KR"  # a road and number written the Korean way: an address in Korea
    postal = POSTAL_CODE.search(text, street.end()) if street else None
    spans = [s for s in (street.span() if street else None, city and (city.start, city.end)) if s]
    return Address(
        street.group().rstrip(".") if street else None, city, country,
        postal.group() if postal else None,
        min(a for a, _ in spans), max(b for _, b in spans),
    )  # fmt: skip


def _city_near(places: list[Entity], street: re.Match[str] | None) -> Entity | None:
    """The place nearest the street (a city written just before or after it), else the first."""
    if street is None or not places:
        return places[0] if places else None
    return min(places, key=lambda e: min(abs(e.start - street.end()), abs(street.start() - e.end)))
