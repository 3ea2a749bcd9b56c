"""Arguments from the conversation, shaped by the chosen tool's JSON Schema (step 4's payload)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from helpers.offline.language import PLACES, STOPWORDS, concepts, translate_places

QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”|「([^」]+)」|『([^』]+)』|(?<!\w)'([^']+)'(?!\w)")
CAPITALISED = re.compile(r"\b[A-Z][a-z]+(?:[ -][A-Z][a-z]+)*")
CODE = re.compile(r"\b[A-Z]{2,6}\b")
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")
URL = re.compile(r"https?://\S+")
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")
WORDS = re.compile(r"[\w'.-]*\w")
CUE_AFTER = re.compile(r"\b(?:about|for|on|regarding|related to|called|named)\s+([^,.;?!]+)", re.I)
CUE_BEFORE = re.compile(r"(.+?)\s*(?:에\s*대해|에\s*대한|관련|라는|이라는)")
PLACE_ALIASES = {"nyc": "New York City", "sf": "San Francisco", "usa": "USA", "uk": "UK"}
IDENTIFIER = re.compile(r"\w_\w|\w\.\w|[a-z][A-Z]")
NOT_PLACES = set(
    "celsius fahrenheit kelvin english korean japanese chinese french german spanish json "
    "python january february march april may june july august september october november "
    "december monday tuesday wednesday thursday friday saturday sunday".split()
)
NEGATIONS = {"not", "no", "without", "don't", "dont", "never", "없이", "말고", "빼고"}

KIND_WORDS = {
    "place": {"city", "place", "country", "region", "destination", "area", "도시", "지역"},
    "code": {"ticker", "stock", "symbol", "code", "currency", "iso"},
    "email": {"email", "recipient"},
    "url": {"url", "link", "website"},
    "date": {"date", "day"},
    "query": set(
        "search text keyword term topic question phrase message content prompt q body note "
        "subject".split()
    ),
    "name": {"name", "person", "title", "user"},
}


@dataclass(frozen=True)
class Mentions:
    """What a text mentions, in order of appearance: the raw material for arguments."""

    text: str
    quoted: list[str]
    places: list[str]
    codes: list[str]
    names: list[str]
    numbers: list[tuple[int, float]]  # (word position, value)
    emails: list[str]
    urls: list[str]
    dates: list[str]

    def topic(self, tool_words: set[str]) -> str | None:
        """The thing asked about: quoted text, the words after 'about'/'for', or the leftovers."""
        if self.quoted:
            return self.quoted[0]
        after = CUE_AFTER.search(self.text)
        before = CUE_BEFORE.search(self.text)
        cued = after.group(1) if after else before.group(1) if before else None
        if cued is None:
            words = [w for w in WORDS.findall(self.text) if _is_topic_word(w, tool_words)]
            return " ".join(words) or None
        return _trimmed(cued, tool_words)


def _trimmed(phrase: str, tool_words: set[str]) -> str | None:
    """A cued phrase kept whole ("for parallel tool calls"), minus small words at its edges and
    the tool's own words joined to it by one ("the docs on streaming" -> "streaming")."""
    words = WORDS.findall(phrase)
    for edge in (0, -1):
        while words and _is_edge_word(words, edge, tool_words):
            words.pop(edge)
    return " ".join(words) or None


def _is_edge_word(words: list[str], edge: int, tool_words: set[str]) -> bool:
    """Whether the word at this edge is a small word, or a tool word before a small word."""
    word = words[edge].lower()
    inner = words[1 if edge == 0 else -2].lower() if len(words) > 1 else ""
    return word in STOPWORDS or (inner in STOPWORDS and bool(set(concepts(word)) & tool_words))


def _is_topic_word(word: str, tool_words: set[str]) -> bool:
    """Whether a word belongs to the topic rather than to the request or the tool.

    Identifiers (tool_call_id, asyncio.gather, camelCase) always belong to the topic."""
    if IDENTIFIER.search(word):
        return True
    meaning = concepts(word)
    return bool(meaning) and word.lower() not in STOPWORDS and not set(meaning) & tool_words


def read_mentions(text: str) -> Mentions:
    """Find names, places, codes, numbers and quoted text (Korean places read as English)."""
    text = translate_places(text)
    quoted = [next(g for g in m.groups() if g) for m in QUOTED.finditer(text)]
    places = _places(text)
    known = {p.lower() for p in places}
    codes = [c for c in CODE.findall(text) if c.lower() not in known and c.lower() not in STOPWORDS]
    names = [n for n in _names(text) if n.lower() not in known]
    words = re.findall(r"\S+", text)
    numbers = [(i, float(m.group())) for i, w in enumerate(words) for m in NUMBER.finditer(w)]
    dates = DATE.findall(text)
    numbers = [(i, v) for i, v in numbers if not any(str(int(v)) in d for d in dates)]
    return Mentions(
        text, quoted, places, codes, names, numbers, EMAIL.findall(text), URL.findall(text), dates
    )


def _places(text: str) -> list[str]:
    """Known places (longest names first) and capitalised words after 'in', 'at', 'to', 'from'."""
    found: list[tuple[int, str]] = []
    taken = [False] * len(text)
    lower = text.lower()
    for place in sorted(PLACES, key=len, reverse=True):
        for m in re.finditer(rf"(?<![\w]){re.escape(place)}(?![\w])", lower):
            if not any(taken[m.start() : m.end()]):
                taken[m.start() : m.end()] = [True] * (m.end() - m.start())
                found.append(
                    (m.start(), PLACE_ALIASES.get(place, text[m.start() : m.end()].title()))
                )
    for m in re.finditer(r"\b(?:in|at|to|from|near)\s+((?:[A-Z][a-z]+ ?)+)", text):
        if not any(taken[m.start(1) : m.end(1)]) and m.group(1).strip().lower() not in NOT_PLACES:
            found.append((m.start(1), m.group(1).strip()))
    return _unique(name for _, name in sorted(found))


def _names(text: str) -> list[str]:
    """Capitalised word runs that are not the first word of a sentence nor common words."""
    names = []
    for m in CAPITALISED.finditer(text):
        words = m.group().split()
        if m.start() == 0 or text[: m.start()].rstrip().endswith((".", "?", "!")):
            words = words[1:]
        while words and words[0].lower() in STOPWORDS:
            words = words[1:]
        if words:
            names.append(" ".join(words))
    return _unique(names)


def _unique(items: Any) -> list[str]:
    """Items without repeats, first occurrence kept."""
    return list(dict.fromkeys(items))


def schema_type(spec: dict[str, Any]) -> str:
    """A schema's JSON type ('string' when unsaid; the first non-null one of a list)."""
    kind = spec.get("type", "string")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    return kind if isinstance(kind, str) else "string"


def chosen_branch(spec: dict[str, Any]) -> dict[str, Any]:
    """The schema to fill: the first branch of an anyOf/oneOf that is not null, marked nullable
    when a null branch exists ({"anyOf": [{"enum": [...]}, {"type": "null"}]})."""
    branches = spec.get("anyOf") or spec.get("oneOf")
    if not isinstance(branches, list) or "type" in spec or "enum" in spec:
        return spec
    schemas = [b for b in branches if isinstance(b, dict)]
    filled = next((b for b in schemas if b.get("type") != "null"), {})
    has_null = any(b.get("type") == "null" for b in schemas)
    kinds = [schema_type(filled), "null"] if has_null else schema_type(filled)
    outer = {k: v for k, v in spec.items() if k not in ("anyOf", "oneOf")}
    return {**outer, **filled, "type": kinds}


def nullable(spec: dict[str, Any]) -> bool:
    """Whether null is an allowed value ("type": [..., "null"], or a null branch)."""
    kind = chosen_branch(spec).get("type")
    return kind == "null" or (isinstance(kind, list) and "null" in kind)


def parameter_kind(name: str, spec: dict[str, Any]) -> str:
    """What a string parameter holds, judged from its name and description."""
    words = set(concepts(f"{name.replace('_', ' ')} {spec.get('description', '')}"))
    name_words = set(concepts(name.replace("_", " ")))
    for kind, cues in KIND_WORDS.items():  # the name decides first, then the description
        if name_words & cues:
            return kind
    for kind, cues in KIND_WORDS.items():
        if words & cues:
            return kind
    return "generic"


def string_candidates(
    name: str, spec: dict[str, Any], said: Mentions, tool_words: set[str]
) -> list[str]:
    """Every value in the conversation that could fill this string parameter, best first."""
    kind = parameter_kind(name, spec)
    topic = [t] if (t := said.topic(tool_words)) else []
    by_kind = {
        "place": said.places,
        "code": said.codes,
        "email": said.emails,
        "url": said.urls,
        "date": said.dates or _relative_dates(said.text),
        "query": said.quoted or topic,
        "name": said.quoted or said.names,
        "generic": said.quoted or said.names or said.codes or said.places,
    }
    return by_kind[kind]


def _relative_dates(text: str) -> list[str]:
    """'today', 'tomorrow' (and their Korean) as the words the user said."""
    return [w for w in ("today", "tomorrow", "yesterday") if w in concepts(text)]


def enum_value(spec: dict[str, Any], said: Mentions, taken: set[str]) -> Any:
    """The first enum value the conversation names and no other parameter took, or None.

    Taking them in the order they are said lets "100 USD to EUR" fill from_ and to_currency."""
    for word in concepts(said.text):
        for value in spec["enum"]:
            if word in concepts(str(value)) and value not in taken:
                return value
    return None


def number_value(name: str, spec: dict[str, Any], said: Mentions, required: bool) -> float | None:
    """A number next to the parameter's words ('top 3 results'), or the first one if required."""
    cues = set(concepts(f"{name.replace('_', ' ')} {spec.get('description', '')}"))
    words = re.findall(r"\S+", said.text)
    for position, value in said.numbers:
        nearby = " ".join(words[max(0, position - 3) : position + 4])
        if set(concepts(nearby)) & cues:
            return value
    return said.numbers[0][1] if required and said.numbers else None


def _within_bounds(value: float, spec: dict[str, Any]) -> float:
    """Clamp a number into the schema's minimum and maximum."""
    low, high = spec.get("minimum"), spec.get("maximum")
    if isinstance(low, (int, float)):
        value = max(value, float(low))
    if isinstance(high, (int, float)):
        value = min(value, float(high))
    return value


def boolean_value(name: str, said: Mentions) -> bool | None:
    """True when the parameter's words are said, False when negated, None when not mentioned."""
    words = [w.lower() for w in re.findall(r"[\w']+", said.text)]
    cues = set(concepts(name.replace("_", " ")))
    for i, word in enumerate(words):
        if set(concepts(word)) & cues:
            return not NEGATIONS & set(words[max(0, i - 3) : i])
    return None


def fill_value(
    name: str,
    spec: dict[str, Any],
    said: Mentions,
    tool_words: set[str],
    required: bool,
    taken: set[str],
) -> Any:
    """One parameter's value from the conversation, or None when it was not said.

    `taken` holds the values other parameters already got (an enum value is used once)."""
    spec = chosen_branch(spec)
    required = required and not nullable(spec)  # null is a fine answer when it was not said
    kind = schema_type(spec)
    if "enum" in spec:
        found = enum_value(spec, said, taken)
        if found is None:
            first = spec["enum"][0] if required and spec["enum"] else None
            found = spec.get("default", first)  # a required choice falls back to the first one
        return found
    if kind in ("integer", "number"):
        value = number_value(name, spec, said, required)
        if value is None:
            return spec.get("default")
        value = _within_bounds(value, spec)
        return int(value) if kind == "integer" or value.is_integer() else value
    if kind == "boolean":
        value = boolean_value(name, said)
        return value if value is not None else spec.get("default", False if required else None)
    items = spec.get("items") if isinstance(spec.get("items"), dict) else {}
    if kind == "array" and schema_type(items) == "string":
        values = string_candidates(name, items, said, tool_words)
        return values or spec.get("default")
    if kind == "string":
        values = string_candidates(name, spec, said, tool_words)
        return values[0] if values else spec.get("default")
    return spec.get("default")


def says_a_value(tool: dict[str, Any], said: Mentions) -> bool:
    """Whether the text gives a value for any of the tool's parameters (defaults do not count)."""
    properties = tool.get("parameters", {}).get("properties", {})
    words = set(concepts(f"{tool['name'].replace('_', ' ')} {tool.get('description', '')}"))
    return any(
        fill_value(name, spec, said, words, False, set()) not in (None, spec.get("default"))
        for name, spec in properties.items()
    )
