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
from dataclasses import dataclass, replace

from helpers.offline.entities import STREET_EN, Entity, areas_of, number_value
from helpers.offline.lexicon_entities import COUNTRY_CODES
from helpers.offline.request import Request
from helpers.offline.words import Word, final_consonant

ITEM_BREAK = re.compile(  # a space run is tried from its start only: linear in the text
    r"(?<!\s)\s*[,;]\s*(?:and\s+|plus\s+)?|(?<!\s)\s+(?:and|&|plus)\s+"
    r"|(?<=[가-힣])(?:이랑|랑|하고)\s+|(?<!\s)\s+및\s+",
    re.I,
)
ARTICLE = re.compile(r"(?i)(?<![\w-])(?:a|an|one|the|my|this|that)\s+(?=[A-Za-z])")
ENGLISH_ITEM_END = re.compile(
    r"(?i)\s+(?:at|for|to|from|with|without|each|per|by|on|in|into|delivered|deliver|sent|shipped|"
    r"please|costing|priced)\b|[.?!:(]|\s+@"
)
KOREAN_ROLE_ENDINGS = ("에게", "한테", "께", "에서", "으로", "로", "에", "까지")
LONGEST_KOREAN_ITEM = 3  # words before a count that can name the thing counted
SENTENCE_ENDS = (".", "?", "!", ",")  # a thing's name never runs back past one
MOST_ITEMS = 50  # a list longer than this is a paste, not an order: read its first items
# The Korean street of a postal address: wider than entities.STREET_KO, the road the reader takes
# as a place (a 동, 가 or 리 with a lot number, a 호); tried only where a word starts (linear).
STREET_KO = re.compile(
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
    options: tuple[str, ...] = ()  # what is said of it after its name ("with oat milk", "맵게")


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
            items[-1] = replace(last, price=price)
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
        options = _options_after(text, name[2], b, entities) if name else ()
        return Item(name[0], *name[1:], 1, None, price, options) if name else None
    counted, total = _part_of(text, count, entities)
    amount, unit = _counted(counted)
    if request.korean:
        name = _korean_name(text, a, count.start, used)
    else:
        name = _english_name(text, total.end, b, price)
    if name is None:
        return None
    after = max(name[2], total.end)  # Korean says its options after the count: "짬뽕 하나 맵게"
    options = _options_after(text, after, b, [e for e in entities if e is not count])
    return Item(name[0], name[1], name[2], amount, unit, price, options)


OPTION_LEAD = re.compile(r"(?i)^[\s,]*(?:(?:with|plus)\s+(?:(?:some|a|an|the|extra)\s+)?)?")
ENGLISH_OPTION = re.compile(r"(?i)^[\s,]*(?:with|without|plus|extra|no)\b")  # "with oat milk"
OPTION_TAIL = re.compile(r"(?:해서|하고|해|으로|로|요|주세요|줘)$")
LONGEST_OPTION = 4  # words: more is another sentence, not an option of the item
COUNTERS = re.compile(r"^\s?(?:개|잔|그릇|인분|병|장|봉지|판|조각|명|pcs?\b)")


def _options_after(text: str, start: int, end: int, entities: list[Entity]) -> tuple[str, ...]:
    """What a segment says after an item's name and count: its options ("with oat milk",
    "하나 맵게" -> 맵게, "1개 초 추가해서" -> 초 추가), up to a price or another value; a
    request's command (주문해줘) is no option."""
    stop = min([e.start for e in entities if e.start >= start] + [end])
    said = text[start:stop]
    if said.isascii() and not ENGLISH_OPTION.match(said):
        return ()  # English says an option with a word: "with", "no", "extra"
    said = COUNTERS.sub("", said)
    said = OPTION_LEAD.sub("", said, count=1).strip(" ,.?!")
    words = said.split()
    while words and OPTION_TAIL.fullmatch(words[-1]) is None and words[-1].endswith(COMMANDS):
        words.pop()
    if words:
        words[-1] = OPTION_TAIL.sub("", words[-1]) or words[-1]
    option = " ".join(words).strip()
    return (option,) if option and len(words) <= LONGEST_OPTION else ()


COMMANDS = ("줘", "주세요", "해줘", "할게", "할래", "please")


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
        ends_a_role = said.endswith(KOREAN_ROLE_ENDINGS) or said.endswith(SENTENCE_ENDS)
        if used(start + word.start()) or ends_a_role or said[0].isdigit():
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
    found = [e for e in request.entities if e.kind == "place" and not used(e.start)]
    places = [area for place in found for area in areas_of(place) if not _is_street(area, street)]
    if street is None and not places:
        return None
    city = _city_near(places, street) or _city_after_street(text, street)
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


CITY_AFTER_STREET = re.compile(
    r",\s*([A-Z][A-Za-z'.-]+(?: [A-Z][A-Za-z'.-]+){0,2})(?=\s*(?:,|\d|$))"
)


def _city_after_street(text: str, street: re.Match[str] | None) -> Entity | None:
    """A town the gazetteer does not know, read by its place in an address: the capitalised
    words after the street and its comma, before the postal code ("12 Elm Street, Springfield
    62704")."""
    if street is None:
        return None
    found = CITY_AFTER_STREET.match(text, street.end())
    if found is None:
        return None
    return Entity("place", found.group(1), found.start(1), found.end(1), found.group(1))


def _is_street(place: Entity, street: re.Match[str] | None) -> bool:
    """Whether a place is the street itself ("4 Birch Road" read as one place), not its city."""
    return street is not None and street.start() <= place.start < street.end()


def _city_near(places: list[Entity], street: re.Match[str] | None) -> Entity | None:
    """The place nearest the street (a city written just before or after it), else the first."""
    if street is None or not places:
        return places[0] if places else None
    return min(places, key=lambda e: min(abs(e.start - street.end()), abs(street.start() - e.end)))


# ---------------------------------------------------------------- names listed side by side

# What joins one name to the next in a list: a comma or "and" (an article may follow: "the
# rosemary and the lavender"); in Korean 랑/이랑/하고/와/과 written onto the name, or a comma.
JOIN_AFTER_EN = re.compile(
    r"(?i)(?:\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*)(?:(?:the|my|a|an|our|your|his|her|their)\s+)?"
)
JOIN_AFTER_KO = re.compile(r"(?:이랑|랑|하고|와|과)?,?\s+")
JOIN_BEFORE_EN = re.compile(r"(?i)(?:,|\band|&)\s+(?:(?:the|my|a|an|our|your|his|her|their)\s+)?$")
JOIN_BEFORE_KO = re.compile(r"(?:이랑|랑|하고|와|과|,)\s+$")
KO_JOINERS = ("이랑", "랑", "하고", "와", "과")
NAMING_TAGS = frozenset({"NOUN", "PROPN", "ADJ"})
IN_NAME = ("", " ", "-", "_")  # what joins the words of one name ("api-gateway", "walk in")
LONGEST_NAME = 4  # words: a longer stretch is a phrase, not the name of a thing
NAME_PARTICLES = ("이랑", "랑", "하고", "에서", "에게", "한테", "으로", "로", "에", "을", "를",
                  "은", "는", "이", "가", "도", "와", "과", "의")  # fmt: skip
VERBAL_NOUN = re.compile(r"(?:하|해|했|할|함|합|되|돼|됐)")  # 추가해줘: what is done, no name


@dataclass(frozen=True)
class Listed:
    """A name in a list, and whether the joiner before or after it is a conjunction."""

    start: int
    end: int
    conjoined: bool


def names_beside(
    request: Request, start: int, end: int, limit: tuple[int, int], own: Callable[[Word], bool]
) -> list[tuple[int, int]]:
    """The other names listed with the name at start..end ("the rosemary and the lavender",
    "고무나무랑 산세베리아"): each a short run of nouns joined to the next by a comma or "and"
    (Korean 랑/하고/와, written onto the name), never a word the tool uses for itself (`own`:
    "다락방 경보": the alarm is the tool's). A list says "and" somewhere: commas alone join
    clauses too ("in 90 seconds, the tea will be ready")."""
    found: list[Listed] = []
    here = Listed(start, end, False)
    while len(found) < MOST_ITEMS and (after := _name_after(request, here.end, limit[1], own)):
        found.append(after)
        here = after
    here = Listed(start, end, False)
    while len(found) < MOST_ITEMS and (before := _name_before(request, here.start, limit[0], own)):
        found.insert(0, before)
        here = before
    return [(n.start, n.end) for n in found] if any(n.conjoined for n in found) else []


def _name_after(
    request: Request, position: int, limit: int, own: Callable[[Word], bool]
) -> Listed | None:
    """The name joined after a position by a list's joiner, or None."""
    text = request.window or request.text
    joiner = (JOIN_AFTER_KO if request.korean else JOIN_AFTER_EN).match(text, position, limit)
    joined = text[position : joiner.end()].strip() if joiner else ""
    if joiner is None or (request.korean and joined.rstrip(",") not in (*KO_JOINERS, "")):
        return None
    if request.korean and not joined:
        return None
    run: list[Word] = []
    for word in request.words_in(joiner.end(), limit):
        gap = text[run[-1].end if run else joiner.end() : word.start]
        if gap not in IN_NAME or (not run and gap) or not _names(word, text, own):
            break
        run.append(word)
        if len(run) == LONGEST_NAME:
            break
    found = _name_span(text, run, request.korean)
    return Listed(*found, _conjoined(joined)) if found else None


def _name_before(
    request: Request, position: int, limit: int, own: Callable[[Word], bool]
) -> Listed | None:
    """The name joined before a position by a list's joiner, or None."""
    text = request.window or request.text
    pattern = JOIN_BEFORE_KO if request.korean else JOIN_BEFORE_EN
    joiner = pattern.search(text, max(limit, position - 40), position)
    if joiner is None:
        return None
    run: list[Word] = []
    for word in reversed(request.words_in(limit, joiner.start())):
        gap = text[word.end : run[0].start if run else joiner.start()]
        if word.end > joiner.start() or gap not in IN_NAME or not _names(word, text, own):
            break
        run.insert(0, word)
        if len(run) == LONGEST_NAME:
            break
    found = _name_span(text, run, request.korean)
    return Listed(*found, _conjoined(joiner.group())) if found else None


def _names(word: Word, text: str, own: Callable[[Word], bool]) -> bool:
    """Whether a word can be part of a thing's name: a noun or adjective, not the tool's own
    word, not a Korean noun made a verb ("추가해줘")."""
    verbal = not word.text.isascii() and VERBAL_NOUN.match(text, word.end) is not None
    return word.tag in NAMING_TAGS and not verbal and not own(word)


def _conjoined(joiner: str) -> bool:
    """Whether a joiner is a conjunction ("and", "&", 랑, 하고...), not only a comma."""
    said = joiner.strip().lower()
    return "and" in said.split() or "&" in said or said.rstrip(",").startswith(KO_JOINERS)


def _name_span(text: str, run: list[Word], korean: bool) -> tuple[int, int] | None:
    """Where a run of words names a thing: in Korean the whole written words, their particle or
    joiner left off ("산세베리아에" -> 산세베리아)."""
    if not run:
        return None
    start, end = run[0].start, run[-1].end
    if korean:
        while end < len(text) and not text[end].isspace() and text[end] not in ",.?!":
            end += 1
        written = text[start:end]
        particle = next((p for p in NAME_PARTICLES if written.endswith(p) and
                         len(written) > len(p) + 1), "")  # fmt: skip
        end -= len(particle)
    return start, end


# ---------------------------------------------------------------- a run of listed words

# What separates one listed word from the next: a comma, "and"/"or"/"&" (an article may follow:
# "a headlamp and a water filter"); in Korean a comma, 및, or 랑/이랑/하고/와/과 written onto
# the word before.
RUN_SEPARATOR_EN = re.compile(
    r"(?i)(?:\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|&|plus)\s+)"
    r"(?:(?:a|an|the|some|my|our|your|his|her|their)\s+)?"
)
RUN_SEPARATOR_KO = re.compile(
    r"(?:(?<=[가-힣A-Za-z0-9])(?P<joiner>이랑|랑|하고|와|과)\s*,?|\s*,)\s+(?:및\s+)?|\s+및\s+"
)
RUN_CONJUNCTION = re.compile(r"(?i)\b(?:and|or)\b|&|및|이랑|랑|하고|와|과")
RUN_ITEM_END_EN = re.compile(  # where the last listed words end: a preposition or punctuation
    r"(?i)\s+(?:to|for|on|at|in|into|from|with|by|as|about|tomorrow|today|tonight|next|this|"
    r"every|each|please|and|or|who|which|that|leaving|starting)\b|[.?!:;,()'\"]"
)
RUN_STOP_EN = re.compile(r"(?i)^(?:a|an|the|some|my|our|your|his|her|their|\d+|one|two|three|"
                         r"four|five|six|seven|eight|nine|ten|twelve|dozen)$")  # fmt: skip
LONGEST_RUN_ITEM = 3  # words: a longer stretch between separators is a clause, not an item
BATCHIM_JOINERS = {"이랑": True, "랑": False, "과": True, "와": False}  # after a final consonant?


def listed_run(
    request: Request, start: int, end: int, free: Callable[[int, int], bool]
) -> list[tuple[int, int]]:
    """The longest run of short items the words between two positions list side by side ("pizza,
    tacos or sushi", "a heron, two mallards and an egret", "왜가리, 청둥오리, 백로",
    "우롱차랑 자스민차"), each item where it is written. A list's first item starts after the
    word that introduces it, its last ends where another role begins (a preposition, a particle,
    a quote); `free` says whether a stretch is still unclaimed by another value. Two items
    need a conjunction between them ("and", 랑); three or more may be joined by commas only."""
    text = request.window or request.text
    korean = request.korean
    pattern = RUN_SEPARATOR_KO if korean else RUN_SEPARATOR_EN
    cuts = [m for m in pattern.finditer(text, start, end) if _joins_items(m, text)]
    best: list[tuple[int, int]] = []
    run: list[tuple[int, int]] = []
    joined = False
    for index, cut in enumerate(cuts):
        before = _run_item_before(request, text, cut.start(), start, korean)
        after_end = cuts[index + 1].start() if index + 1 < len(cuts) else end
        after = _run_item_after(request, text, cut.end(), after_end, korean)
        continues = bool(run) and before is not None and run[-1] == before
        if not continues:
            run, joined = ([before] if before else []), False
        if before is None or after is None or not all(free(*item) for item in (before, after)):
            run, joined = [], False
            continue
        run.append(after)
        joined = joined or bool(RUN_CONJUNCTION.search(cut.group()))
        if len(run) > len(best) and (joined or len(run) >= 3):
            best = list(run)
    return best[:MOST_ITEMS]


def _joins_items(cut: re.Match[str], text: str) -> bool:
    """Whether a Korean particle written onto a word joins it to the next (랑 after a vowel, 이랑
    after a consonant: "사과 " is an apple, not 사 and...); other separators always do."""
    joiner = cut.groupdict().get("joiner")
    if joiner not in BATCHIM_JOINERS or cut.start() == 0:
        return True
    final = final_consonant(text[cut.start() - 1])
    return final is None or final == BATCHIM_JOINERS[joiner]


def _run_item_before(
    request: Request, text: str, position: int, start: int, korean: bool
) -> tuple[int, int] | None:
    """The listed item that ends at a separator: in Korean its written word, in English up to
    three words back to a stop word, a verb or punctuation."""
    if korean:
        begin = text.rfind(" ", start, position) + 1 or start
        return _korean_item(request, text, max(begin, start), position)
    words = [w for w in request.words_in(start, position) if w.end <= position]
    kept: list[Word] = []
    for word in reversed(words):
        gap = text[word.end : kept[0].start if kept else position]
        if gap.strip() or (kept and (word.tag not in NAMING_TAGS or RUN_STOP_EN.match(word.text))):
            break
        kept.insert(0, word)
        if len(kept) == LONGEST_RUN_ITEM:
            break
    kept = [w for w in kept if not RUN_STOP_EN.match(w.text)] if len(kept) > 1 else kept
    return (kept[0].start, kept[-1].end) if kept else None


def _run_item_after(
    request: Request, text: str, position: int, end: int, korean: bool
) -> tuple[int, int] | None:
    """The listed item that starts after a separator: in Korean its written word, in English
    its words up to where another role begins (at most three)."""
    if korean:
        space = text.find(" ", position, end)
        return _korean_item(request, text, position, space if space >= 0 else end)
    stop = RUN_ITEM_END_EN.search(text, position, end)
    said = text[position : stop.start() if stop else end]
    words = [w for w in re.finditer(r"\S+", said) if not RUN_STOP_EN.match(w.group())]
    if not words or len(words) > LONGEST_RUN_ITEM:
        return None
    return position + words[0].start(), position + words[-1].end()


def _korean_item(request: Request, text: str, start: int, end: int) -> tuple[int, int] | None:
    """The nouns of one written Korean word, its particle or copula left off ("태윤이야" ->
    태윤, "가족으로" -> 가족); a word with a verb, a quote or a digit in it is no listed item, nor
    one marked as a place or a time ("스터디에": another role begins)."""
    written = text[start:end].rstrip(",")
    if not written or not re.fullmatch(r"[가-힣A-Za-z]+", written):
        return None
    if written.endswith(ITEM_ROLE_ENDINGS):
        return None
    words = [w for w in request.words_in(start, end) if w.end <= start + len(written)]
    if not words or any(w.tag not in NAMING_TAGS for w in words) or _counter(request, start):
        return None
    rest = text[words[-1].end : start + len(written)]
    if not rest or rest in ITEM_SUFFIXES:
        return start, words[-1].end
    suffix = next((s for s in ITEM_SUFFIXES if written.endswith(s) and len(written) > len(s)), "")
    return start, start + len(written) - len(suffix)


ITEM_ROLE_ENDINGS = (
    "에서",
    "에",
    "까지",
    "의",
)  # a place, a time, an owner (한테: a person list's own)
ITEM_SUFFIXES = sorted(  # what a listed noun carries: a particle, a joiner, a copula
    {*NAME_PARTICLES, *KO_JOINERS, "이에요", "예요", "입니다", "이야", "야", "이고", "이요", "요",
     "만"},
    key=len, reverse=True,
)  # fmt: skip


def _counter(request: Request, start: int) -> bool:
    """Whether a Korean word follows a number: a counter ("두 개", "세 마리"), not a thing."""
    before = [w for w in request.words_in(max(0, start - 12), start) if w.end <= start]
    gap = request.text[before[-1].end : start] if before else "x"
    return before[-1].tag == "NUM" and not gap.strip() if before else False
