"""Reading each tool, once: what it does (its concepts) and what each parameter holds.

A tool's name parts and description say what it is ABOUT (they weigh most); its parameters'
names and descriptions say what it takes. Each parameter gets a semantic type (an email, a
date, a duration in minutes, a place, free text...) from its JSON type, `format`, `enum`,
`pattern`, name and description, so arguments can be filled by type, never by position.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from lemminflect import getLemma

from helpers.offline.conform import resolve
from helpers.offline.lexicon import (
    ACTIONS,
    FETCH_VERBS,
    SOURCE_WORDS,
    STOPWORDS,
    TARGET_WORDS,
    TIME_FRAMES,
    TYPE_CUES,
)
from helpers.offline.lexicon_entities import UNITS
from helpers.offline.meaning import (
    is_content,
    meanings,
    read_senses,
    with_broader,
    word_topics,
)
from helpers.offline.words import Word, language_of, split_identifier, words

NAMED = 1.0  # a concept in the tool's name or the summary (first sentence) of its description
ABOUT = 1.25  # a concept in both: what the tool is ABOUT (get_weather, not a packing list)
DETAIL = 0.6  # a concept only in the description's later sentences (usage notes, caveats)
PARAMETER = 0.5  # a concept only in its parameters (or a docstring's Args: section)
RETURNS = 0.3  # a concept only in what a docstring says it returns
THIN_DESCRIPTION = 3  # a description of fewer content words than this is too thin to trust
SPECIFIC_KINDS = frozenset(
    "email phone url path datetime date time duration currency language channel handle code "
    "expression unit identifier".split()
)
NUMERIC_KINDS = frozenset({"duration", "money", "count", "number"})
TEXT_KINDS = frozenset({"title", "body", "query"})  # free text: the name's word gives way to a
SHORT_DESCRIPTION = 3  # description this short that names a value's type ("city")
STRING_KINDS = frozenset(
    "email phone url path datetime date time duration currency money language channel handle "
    "unit code identifier expression place person title body query".split()
)
FORMATS = {
    "email": "email", "idn-email": "email", "date": "date", "date-time": "datetime",
    "time": "time", "uri": "url", "url": "url", "iri": "url", "duration": "duration",
}  # fmt: skip
PATTERN_SAMPLES = {
    "date": "2026-01-01", "time": "09:00", "currency": "USD", "email": "ada@example.com",
    "phone": "+821012345678", "code": "AAPL",
}  # fmt: skip
DURATION_UNITS = {
    "seconds": "seconds second secs sec 초", "minutes": "minutes minute mins min 분",
    "hours": "hours hour hrs 시간", "milliseconds": "milliseconds ms", "days": "days day 일",
    "weeks": "weeks week 주", "nights": "nights night 박", "months": "months month 개월",
    "years": "years year 년",
}  # fmt: skip
CLOCK_PART = re.compile(r"(?i)HH[:.]?MM")  # a date format that spells a time too: YYYY-MM-DDTHH:MM
DATE_FORMATS = ("YYYY-MM-DD", "MM/DD/YYYY", "DD/MM/YYYY", "DD.MM.YYYY", "YYYY/MM/DD", "YYYY-MM")
ALTERNATIVE = re.compile(r"\bor\b|또는|혹은|/")
# A docstring's sections: "Args:", "Returns:", "Example:" on a line of their own.
SECTION = re.compile(
    r"^\s*(args|arguments|parameters|params|returns?|yields|raises|examples?|notes?)\s*:\s*$",
    re.I | re.M,
)
SENTENCE_END = re.compile(r"(?<=[.!?。])\s+|\n\s*\n|\n(?=\s*[-*•])")
# A concept the description says the tool does NOT do ("without sending it", "보내지 않고").
NEGATION_BEFORE = re.compile(
    r"\b(?:not|never|no|without|instead of|rather than|unlike|except|cannot|can'?t|don'?t|"
    r"doesn'?t|won'?t)\s+(?:[\w'-]+\s+){0,2}$",
    re.I,
)
NEGATION_AFTER = re.compile(
    r"(?:하)?(?:지|지는|지도|지를)\s*(?:마|말|않)|\s*없이|\s*(?:은|는)?\s*제외"
)
SENTENCE = re.compile(r"[^.;!?。]+")  # a sentence or a clause after a semicolon
INSTEAD = re.compile(r"\binstead\b|대신", re.I)  # a sentence that sends the reader elsewhere
PASSIVE_BEFORE = re.compile(r"\b(?:is|are|was|were|be|been|being|got|gets)\s+$", re.I)
CUE_WORD = re.compile(r"[a-z0-9]+|[\uac00-\ud7a3]+")


@dataclass(frozen=True)
class Parameter:
    """One parameter as the model understands it."""

    name: str
    spec: dict[str, Any]  # its schema, $ref resolved, the non-null branch of an anyOf taken
    kind: str  # its semantic type (lexicon.TYPE_CUES), or enum/boolean/list/object/text/number
    required: bool
    unit: str | None  # durations: seconds/minutes/hours; dates: the format asked for
    role: str | None  # "source" or "target" for one end of a pair ("from_currency")
    nullable: bool = False  # null is allowed (a required value the user did not say is null)
    also: tuple[str, ...] = ()  # other types the description allows ("name or phone number")

    def description(self) -> str:
        """Its description, as its schema says it ("" when there is none)."""
        return str(self.spec.get("description") or "")


@dataclass(frozen=True)
class ToolReading:
    """What one tool does and takes."""

    name: str
    description: str
    about: dict[str, float]  # concept -> how strongly the tool says it (name/description most)
    named: frozenset[str]  # the concepts its name or description says directly
    in_name: frozenset[str]  # the concepts its name says (what its arguments are not about)
    parameters: tuple[Parameter, ...]
    schema: dict[str, Any]
    thin: bool  # a description too short to trust
    summary: frozenset[str] = frozenset()  # the concepts of the description's first sentence
    refused: frozenset[str] = frozenset()  # what the description says it does not do
    action: frozenset[str] = frozenset()  # what its first word does ("send" of send_sms)
    objects: frozenset[str] = frozenset()  # what its other words name ("sms" of send_sms)
    frames: tuple[str, ...] = ()  # the times its name and description say it is about
    topics: dict[str, float] | None = None  # everyday topics its words belong to (topics.py)

    def required(self) -> tuple[Parameter, ...]:
        """The parameters the tool cannot be called without."""
        return tuple(p for p in self.parameters if p.required)

    def time_frame(self) -> str | None:
        """The time the tool is about (a forecast: the future), if its name or description says
        one (the name and the summary first: a later "unlike the forecast" does not count)."""
        return self.frames[0] if self.frames else None

    def actions(self) -> frozenset[str]:
        """What the tool does: the concepts of its first word (the verb of send_sms, or of the
        summary "Sends a text message" when the name is opaque: tool_1)."""
        return self.action


def read_tool(tool: dict[str, Any]) -> ToolReading:
    """Read a tool definition (cached: the same definition is read once)."""
    return _read(json.dumps(tool, sort_keys=True, ensure_ascii=False))


@lru_cache(maxsize=1024)
def _read(tool_json: str) -> ToolReading:
    """read_tool, worked out once per distinct tool definition."""
    tool = json.loads(tool_json)
    schema = tool.get("parameters") if isinstance(tool.get("parameters"), dict) else {}
    description = str(tool.get("description") or "")
    in_name = {s.concept for s in _senses(" ".join(split_identifier(tool["name"])))}
    parts = description_parts(description)
    said = {part: _concepts(text) for part, text in parts.items()}
    refused = set().union(*(negated for _, negated in said.values())) - in_name
    summary, detail = said["summary"][0], said["detail"][0] - said["summary"][0]
    action, objects = _action_and_objects(" ".join(split_identifier(tool["name"])))
    opaque = not in_name - {c for c in in_name if c.startswith("~")}  # tool_1, get_xyz
    if opaque and not _fetches(" ".join(split_identifier(tool["name"]))):
        action, objects = _action_and_objects(parts["summary"])
    parameters = _parameters(schema, parts["args"])
    about = {c: RETURNS for c in said["returns"][0]}
    about |= {c: PARAMETER for p in parameters for c in _parameter_concepts(p)}
    about |= {c: PARAMETER for c in said["args"][0]}
    about |= {c: DETAIL * share for c, share in with_broader(detail).items()}
    about |= {c: NAMED * share for c, share in with_broader(in_name | summary).items()}
    about |= {c: ABOUT for c in in_name & (summary | detail)}
    return ToolReading(
        tool["name"], description, about, frozenset(in_name | summary | detail),
        frozenset(in_name), parameters, schema, thin=_content_words(description) < THIN_DESCRIPTION,
        summary=frozenset(summary), refused=frozenset(refused), action=action,
        objects=objects,
        frames=_time_frames([" ".join(split_identifier(tool["name"])), parts["summary"],
                             parts["detail"]]),
        topics=_topics(" ".join(split_identifier(tool["name"])), parts),
    )  # fmt: skip


def _topics(name: str, parts: dict[str, str]) -> dict[str, float]:
    """The everyday topics (topics.py) the tool's words belong to, each weighted by where the
    tool says it: its name and summary most, later sentences less (what its parameters say is
    no topic of the tool: a car's "class" does not make a rental tool about school)."""
    weighted = ((parts["detail"], DETAIL), (name, NAMED), (parts["summary"], NAMED))
    topics: dict[str, float] = {}
    for text, weight in weighted:
        for word in words(text, language_of(text)):
            if is_content(word) and not ACTIONS.intersection(meanings(word)):  # no "show"
                topics |= dict.fromkeys(word_topics(word), weight)
    return topics


def description_parts(description: str) -> dict[str, str]:
    """A description cut into what a reader weighs differently: its summary (the first
    sentence), the detail after it, and a docstring's Args: and Returns: sections (examples
    and other sections are left out)."""
    sections = SECTION.split(description)
    main, parts = sections[0], {"args": "", "returns": ""}
    for heading, text in zip(sections[1::2], sections[2::2], strict=True):
        key = heading.lower()
        if key.startswith(("arg", "param")):
            parts["args"] += text
        elif key.startswith("return"):
            parts["returns"] += text
    sentences = [s for s in SENTENCE_END.split(_without_examples(main).strip()) if s.strip()]
    return {"summary": sentences[0] if sentences else "", "detail": " ".join(sentences[1:]),
            **parts}  # fmt: skip


def _senses(text: str) -> list[Any]:
    """The concepts of a text written in either language."""
    language = language_of(text)
    return list(read_senses(words(text, language), language))


def _is_participle(word: Word, text: str) -> bool:
    """An English participle that describes a noun ("a saved contact", "the selected file"),
    not one that says what is done ("Log that the pet was fed": passive, it is the action)."""
    written = word.text.lower()
    if word.tag != "ADJ" or not written.endswith("ed") or written == word.lemma.lower():
        return False
    return not PASSIVE_BEFORE.search(text, max(0, word.start - 12), word.start)


def _content_words(text: str) -> int:
    """How many content words a text has ("wx data": 2; "수입을 가계부에 기록합니다": 3)."""
    return sum(1 for word in words(text, language_of(text)) if is_content(word))


def _time_frames(texts: list[str]) -> tuple[str, ...]:
    """The times the texts say, in order, except those an adjective gives to a thing ("items
    from a past order" is about now; "historical prices" are about the past)."""
    frames: list[str] = []
    for text in texts:
        adjectives = {w.start for w in words(text, language_of(text)) if w.tag == "ADJ"}
        said = sorted(_senses(text), key=lambda sense: sense.start)
        for sense in said:
            if sense.concept in TIME_FRAMES and sense.start not in adjectives:
                frames.append(sense.concept)
    return tuple(dict.fromkeys(frames))


def _action_and_objects(text: str) -> tuple[frozenset[str], frozenset[str]]:
    """The concepts of a text's first word that says an action ("task_create": create; in Korean
    the last: "요약한 보고서를 만듭니다"), else of its first word that has any ("get" has none),
    and those of the other words:
    "show reading list" -> (list, read), (read, list). A name that starts with a verb of fetching
    ("get_logs", "fetch_orders") does nothing the lexicon names: what follows is its object."""
    senses = _senses(text)
    if _fetches(text):  # get_logs: the logs are its object
        return frozenset(), frozenset(s.concept for s in senses)
    acting = [s.start for s in senses if s.concept in ACTIONS]
    if language_of(text) == "ko":  # Korean puts the verb last: "보고서를 만듭니다"
        acting = acting[::-1]
    first = acting[0] if acting else senses[0].start if senses else -1
    action = frozenset(s.concept for s in senses if s.start == first)
    return action, frozenset(s.concept for s in senses if s.start != first)


def _fetches(name: str) -> bool:
    """Whether a tool's name starts with a verb that only fetches ("get daily intake")."""
    first = name.split()[:1]
    return bool(first) and first[0].lower() in FETCH_VERBS


def _concepts(text: str) -> tuple[set[str], set[str]]:
    """The concepts a description's text says it does, and those it says it does not."""
    said: set[str] = set()
    negated: set[str] = set()
    described = {w.start for w in words(text, language_of(text)) if _is_participle(w, text)}
    elsewhere = [m.span() for m in SENTENCE.finditer(text) if INSTEAD.search(m.group())]
    for sense in _senses(text):
        if sense.start in described:  # "to a saved contact": not what the tool does
            continue
        before, after = text[max(0, sense.start - 30) : sense.start], text[sense.end :][:8]
        pointed = any(a <= sense.start < b for a, b in elsewhere)  # "...use the forecast instead"
        if pointed or NEGATION_BEFORE.search(before) or NEGATION_AFTER.match(after):
            negated.add(sense.concept)
        else:
            said.add(sense.concept)
    return said - negated, negated


def _parameter_concepts(parameter: Parameter) -> set[str]:
    """What a parameter's name, description and choices say (examples of values excluded)."""
    choices = " ".join(str(v) for v in parameter.spec.get("enum", []) if isinstance(v, str))
    text = f"{' '.join(split_identifier(parameter.name))}. {_description(parameter.spec)} {choices}"
    return {s.concept for s in _senses(_without_examples(text))}


def _without_examples(text: str) -> str:
    """A description without its examples ("e.g. Beijing"): values are not meanings."""
    return re.sub(
        r"(?:e\.g\.|eg\.|예:|예를 들어|for example|such as|like)[^.;)]*", " ", text, flags=re.I
    )


def _description(spec: dict[str, Any]) -> str:
    """A schema's description and title."""
    return f"{spec.get('title', '')} {spec.get('description', '')}".strip()


def _parameters(schema: dict[str, Any], args: str = "") -> tuple[Parameter, ...]:
    """Every top-level parameter of a tool's schema, with its semantic type (and the default its
    description or its docstring's Args: line states)."""
    properties = resolve(schema, schema).get("properties") or {}
    required = set(resolve(schema, schema).get("required") or [])
    lines = docstring_lines(args)
    result = []
    for name, raw in properties.items():
        whole = resolve(raw, schema) if isinstance(raw, dict) else {}
        spec = chosen_branch(whole, schema)
        spec = with_stated_default(spec, f"{_description(spec)} {lines.get(name, '')}")
        kind = parameter_kind(name, spec)
        unit, role = _unit(name, spec, kind), _role(name, spec, kind)
        also = _alternatives(spec, kind)
        result.append(
            Parameter(name, spec, kind, name in required, unit, role, is_nullable(whole), also)
        )
    return tuple(result)


ARGS_LINE = re.compile(r"^\s*(\w+)\s*(?:\([^)\n]*\))?\s*:\s*(\S[^\n]*)$", re.M)


def docstring_lines(args: str) -> dict[str, str]:
    """Each parameter's line in a docstring's Args: section ("rooms: Number of rooms.")."""
    return {m.group(1): m.group(2).strip() for m in ARGS_LINE.finditer(args)}


# A description that states the value used when none is given: "default 7", "defaults to 1",
# "usually 60", "기본 2게임", "기본값은 18", "특별한 요청 없으면 18", "보통 실온 20도".
DEFAULT_CUE = re.compile(
    r"(?i)\b(?:by default|defaults?(?:\s+(?:is|to|value|of))?|usually|typically|normally)"
    r"\s*[:=]?\s*|(?:기본값?(?:은|는|으로)?|보통|통상|요청(?:이)?\s?없으면|생략하면)\s*"
)
STATED_NUMBER = re.compile(  # at most two words before it ("보통 실온 20도"); no range ("15-20")
    r"(?:[^\d\s,;.()]+\s+){0,2}?(-?\d+(?:\.\d+)?)(?![\d.]|\s*(?:[-–~]|to|and|or)\s*\d)"
)


def with_stated_default(spec: dict[str, Any], description: str) -> dict[str, Any]:
    """The schema with the default its description states, as a reader takes it ("Water as % of
    flour; default 70": 70 when the user says none): a number for a number, a member for an
    enum; a range ("usually 15-20") or a word for free text states no one value."""
    if "default" in spec:
        return spec
    for cue in DEFAULT_CUE.finditer(description):
        value = _stated_value(spec, description[cue.end() :])
        if value is not None:
            return {**spec, "default": value}
    return spec


def _stated_value(spec: dict[str, Any], after: str) -> Any:
    """The value a default's cue is followed by, if it fits the schema."""
    members = spec.get("enum")
    if isinstance(members, list):
        return next((m for m in members if after.lower().startswith(str(m).lower())), None)
    if json_type(spec) not in ("integer", "number"):
        return None
    number = STATED_NUMBER.match(after)
    if number is None:
        return None
    value = float(number.group(1))
    return int(value) if json_type(spec) == "integer" or value.is_integer() else value


def chosen_branch(spec: dict[str, Any], root: dict[str, Any]) -> dict[str, Any]:
    """The schema to fill: the first branch of an anyOf/oneOf that is not null, with the outer
    description ({"anyOf": [{"enum": [...]}, {"type": "null"}], "description": ...})."""
    branches = spec.get("anyOf") or spec.get("oneOf")
    if not isinstance(branches, list) or "type" in spec or "enum" in spec:
        return spec
    resolved = [resolve(b, root) for b in branches if isinstance(b, dict)]
    filled = next((b for b in resolved if b.get("type") != "null"), {})
    outer = {k: v for k, v in spec.items() if k not in ("anyOf", "oneOf")}
    return {**filled, **outer}


def is_nullable(spec: dict[str, Any]) -> bool:
    """Whether null is an allowed value ("type": [..., "null"], or a null branch of anyOf)."""
    kind = spec.get("type")
    if kind == "null" or (isinstance(kind, list) and "null" in kind):
        return True
    branches = spec.get("anyOf") or spec.get("oneOf") or []
    return any(isinstance(b, dict) and b.get("type") == "null" for b in branches)


def json_type(spec: dict[str, Any]) -> str:
    """A schema's JSON type: the first non-null one; the first branch of an anyOf/oneOf."""
    kind = spec.get("type")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "null")
    if isinstance(kind, str):
        return kind
    branches = spec.get("anyOf") or spec.get("oneOf") or []
    typed = [json_type(b) for b in branches if isinstance(b, dict)]
    return next((k for k in typed if k != "null"), "string")


def parameter_kind(name: str, spec: dict[str, Any]) -> str:
    """A parameter's semantic type, from its schema first, then its name and description."""
    base = json_type(spec)
    if "enum" in spec or "const" in spec:
        return "enum"
    if base in ("boolean", "array", "object"):
        return {"boolean": "boolean", "array": "list", "object": "object"}[base]
    if spec.get("format") in FORMATS:
        return FORMATS[spec["format"]]
    numeric = base in ("integer", "number")
    if numeric and (_measured_in_a_unit(name) or _described_in_a_unit(spec)):
        return "number"
    if not numeric and _says_a_date_format(spec):
        return "datetime" if "hh" in _description(spec).lower() else "date"
    if not numeric and (said := _says_date_and_time(spec)):
        return said
    allowed = NUMERIC_KINDS if numeric else STRING_KINDS
    kind = _cued_kind(name, spec, allowed) or _pattern_kind(spec)
    if kind == "person":
        kind = _how_a_person_is_reached(spec) or kind
    if kind in CODED_KINDS:
        kind = _what_the_code_codes(name, spec, CODED_KINDS[kind]) or kind
    return kind or ("number" if numeric else "text")


def _measured_in_a_unit(name: str) -> bool:
    """A unit in a number's name makes it a quantity of that unit (`amount_ml`, `weight_kg`),
    not money or a count: the name's unit says what is measured."""
    return any(len(part) > 1 and part in UNITS for part in split_identifier(name))


def _described_in_a_unit(spec: dict[str, Any]) -> bool:
    """A unit the description measures in makes a number a quantity of it (`amount`: "Liters of
    fuel"; "몸무게(kg)"); a unit a price is per ("Price per kg", "kg당 가격") does not, nor a
    word that is also money ("pounds")."""
    text = _without_examples(_description(spec)).lower()
    for match in CUE_WORD.finditer(text):
        word = match.group()
        if len(word) < 2 or word not in UNITS or word in MONEY_UNITS:
            continue
        before = text[: match.start()]
        per = PER_BEFORE.search(before) or text[match.end() :].startswith("당")
        said = before.rstrip().endswith(tuple("0123456789"))  # "of 30 liters": an amount said
        if not per and not said:
            return True
    return False


MONEY_UNITS = frozenset({"pound", "pounds"})  # £ as well as lb
PER_BEFORE = re.compile(r"(?:\bper|/|\ba|\ban|\beach)\s*(?:\d+\s*)?$")


def _says_a_date_format(spec: dict[str, Any]) -> bool:
    """A description that spells a date's format ("YYYY-MM-DD") asks for a date, whatever the
    name (`start`, `due_date`); one that also spells a time ("HH:MM") asks for a datetime."""
    text = _description(spec).lower()
    return any(f.lower() in text for f in DATE_FORMATS)


DATE_AND_TIME = re.compile(r"(?i)\bdate[- ]?time\b|\bdate and time\b|날짜와 시간|날짜 및 시간")
CLOCK_FORMAT = re.compile(r"(?i)\bhh:mm\b")


def _says_date_and_time(spec: dict[str, Any]) -> str | None:
    """A description that names a date and a time together ("ISO 8601 date-time", "날짜와
    시간") asks for a datetime; one that spells only a clock's format ("HH:MM") asks for a time."""
    text = _description(spec)
    if DATE_AND_TIME.search(text):
        return "datetime"
    return "time" if CLOCK_FORMAT.search(text) else None


def _how_a_person_is_reached(spec: dict[str, Any]) -> str | None:
    """A person parameter whose description asks for one way to reach them ("Email address of
    the recipient") takes that: the description says the value's form, the name whom."""
    description = _description(spec).lower()
    if ALTERNATIVE.search(description):  # "Contact name or phone number": either is fine
        return None
    said = set(CUE_WORD.findall(description)) - _shared_cues()
    return _first_cued(said, True, REACHED_BY)


REACHED_BY = frozenset({"email", "phone", "handle"})


CODED_KINDS = {  # "a currency code", "언어 코드", "Phone number": codes and numbers of a known kind
    "code": ("currency", "language"),
    "identifier": ("phone",),
}


def _what_the_code_codes(name: str, spec: dict[str, Any], kinds: tuple[str, ...]) -> str | None:
    """ "Code" or "number" says a value's shape; the word with it says its kind: `from_code`
    described as "원래 통화 코드" (currency code) takes a currency, `lang_code` a language,
    `number` described as "Phone number" a phone."""
    said = set(split_identifier(name)) | set(CUE_WORD.findall(_description(spec).lower()))
    cues = dict(TYPE_CUES)
    return next((k for k in kinds if said & (set(cues[k].split()) - NUMBER_WORDS)), None)


NUMBER_WORDS = frozenset({"number", "번호", "no"})  # "과제 번호" is an id, "전화번호" a phone


def _pattern_kind(spec: dict[str, Any]) -> str | None:
    """The type a `pattern` admits, tried on one sample value of each type."""
    pattern = spec.get("pattern")
    if not isinstance(pattern, str):
        return None
    try:
        compiled = re.compile(pattern)
    except re.error:
        return None
    if compiled.fullmatch("hello"):  # a pattern any word fits ("^[^#\\s]+$") says no kind
        return None
    return next((k for k, sample in PATTERN_SAMPLES.items() if compiled.fullmatch(sample)), None)


def _cued_kind(name: str, spec: dict[str, Any], allowed: frozenset[str]) -> str | None:
    """The type the name says, else the description (specific types first, then general), else
    what a name word shared by several types ("to": a place or a person) says."""
    name_words = _name_words(name)
    described = set(CUE_WORD.findall(_without_examples(_description(spec)).lower()))
    described -= PREPOSITIONS
    weak = name_words & (_shared_cues() | PREPOSITIONS)  # `from`: "ISO currency" is a currency
    if _names_a_thing(name, spec, allowed):
        return "title"
    agreed = _agreed_kind(name_words, weak, described, allowed)
    if agreed and not ALTERNATIVE.search(_description(spec)):  # "Contact name or phone number"
        return agreed
    valued = allowed - TEXT_KINDS
    passes = [(name_words - weak, valued)]
    if len(described) <= SHORT_DESCRIPTION:  # "q": "city": the description names the type
        passes.append((described - _shared_cues(), valued))
    shared = described & _shared_cues()  # "What has to be done": "to" says no place here
    passes += [(name_words - weak, allowed), (described - shared, allowed)]
    passes += [(weak | shared, allowed)]
    for words_seen, kinds in passes:
        for specific in (True, False):
            found = _first_cued(words_seen, specific, kinds)
            if found:
                return found
    return None


def _agreed_kind(
    name_words: set[str], weak: set[str], described: set[str], allowed: frozenset[str]
) -> str | None:
    """The one type a name of only shared words (`name`, `to`) and its description agree on:
    `name`: "Who the code is for" is a person (the code is what it is for, not what it is),
    `to`: "Destination city" a place. None when they agree on two ("Recipient email address":
    a person, or an address?) or on none: the description's own words decide."""
    if not weak or (name_words - weak) & _all_cues():
        return None
    said = described - _shared_cues()
    agreed = [
        kind
        for kind, cues in TYPE_CUES
        if kind in allowed and weak & set(cues.split()) and said & set(cues.split())
    ]
    return agreed[0] if len(agreed) == 1 else None


def _names_a_thing(name: str, spec: dict[str, Any], allowed: frozenset[str]) -> bool:
    """Whether a parameter is the name of a thing (`pet_name`: "The pet's name", `medicine`:
    "약 이름", `drone_name`: "드론 별명"): it says whose name it is, that owner is no person
    (not "Student name", not "아이 이름", not "Full name") and no word of another type (not
    "City name"), and nothing else in it cues a type ("What the user calls the plant": who
    calls it is no cue; what is called is the owner)."""
    description = _without_examples(_description(spec)).lower()
    called = CALLED.search(description)
    if called:  # the words before the verb say who names it
        description = description[called.start() :]
    owners = _name_owners(name, description) | ({called.group(1)} if called else set())
    if "title" not in allowed or not owners - STOPWORDS:
        return False
    said = _name_words(name) | set(CUE_WORD.findall(description))
    others = said & _all_cues() - NAMING_WORDS - PREPOSITIONS
    return not others and not any(_is_person(owner) for owner in owners)


def _name_owners(name: str, description: str) -> set[str]:
    """What a name belongs to, as the parameter's name or description says it: `pet_name`,
    "The pet's name", "Name of the song", "식물 이름", "반려동물의 별명" (no stopword)."""
    parts = split_identifier(name)
    owners = {p for p in parts if p not in NAMING_WORDS} if NAMING_WORDS & set(parts) else set()
    for match in OWNER_EN.finditer(description):
        owners |= {m for m in match.groups() if m}
    owners |= {m.group(1) for m in OWNER_KO.finditer(description)}
    return owners - STOPWORDS


def _is_person(word: str) -> bool:
    """Whether a noun names a person, or a part of a person's own name ("first", "성함")."""
    return (
        word in PERSON_NOUNS
        or word in _cues_of("person")
        or bool({s.concept for s in _senses(word)} & PERSON_CONCEPTS)
    )


@lru_cache(maxsize=32)
def _cues_of(kind: str) -> frozenset[str]:
    """The cue words of one type."""
    return frozenset(dict(TYPE_CUES)[kind].split())


NAMING_WORDS = frozenset({"name", "nickname", "이름", "별명", "별칭", "닉네임", "애칭"})
OWNER_EN = re.compile(
    r"([a-z]+)'s\s+(?:nick)?name|(?:nick)?name\s+of\s+(?:the\s+|a\s+|an\s+|your\s+|this\s+)?"
    r"([a-z]+)|([a-z]+)\s+(?:nick)?name\b"
)
CALLED = re.compile(  # "What the user calls the plant", "what you call your sourdough starter"
    r"\bcall(?:s|ed)?\s+(?:the\s+|your\s+|their\s+|this\s+|its\s+|a\s+)?(?:[a-z]+\s+)?"
    r"([a-z]+)\b"
)
OWNER_KO = re.compile(r"([\uac00-\ud7a3]+?)(?:의)?\s*(?:이름|별명|별칭|닉네임|애칭)")
PERSON_CONCEPTS = frozenset({"person", "family"})
# Nouns for people, and the words of a person's own name ("full name", "성함"): the name of one
# of these is a person's; the name of anything else is a thing's (a pet, a plant, a drone).
PERSON_NOUNS = frozenset(
    """
    person people human man woman men women boy girl child children kid baby son daughter
    parent mother father mom dad mum grandma grandpa grandmother grandfather sister brother
    sibling wife husband spouse partner friend guest visitor customer client patient student
    pupil teacher tutor coach trainer instructor doctor nurse dentist therapist driver rider
    passenger player member user employee staff worker colleague coworker manager boss owner
    tenant landlord neighbor neighbour resident caller sender receiver recipient attendee
    author writer artist singer musician actor actress director chef cook stylist
    barber hairdresser photographer representative contact candidate applicant
    volunteer traveler traveller tourist lawyer accountant caregiver nanny babysitter
    mentor guardian beneficiary buyer seller vendor
    first last full given middle family surname display real legal maiden
    사람 아이 어린이 아기 아들 딸 엄마 아빠 어머니 아버지 부모 부모님 할머니 할아버지 형 누나
    언니 오빠 동생 남편 아내 배우자 친구 손님 고객 환자 학생 선생님 선생 강사 코치 트레이너
    의사 간호사 기사 운전자 승객 선수 회원 사용자 직원 동료 상사 담당자 집주인 세입자 이웃
    보호자 작가 가수 배우 감독 요리사 미용사 디자이너 사진작가 참석자 수신자 발신자 신청자
    지원자 여행자 예약자 주문자 받는분 성함 성명 실명 본명 본인 가족 자녀 직원분
    """.split()
)


# In a description, "to" and "from" are prepositions ("The word to look up"), not a place's ends.
PREPOSITIONS = frozenset({"to", "from"})


def _name_words(name: str) -> set[str]:
    """A name's parts, the whole name, and the singular of a plural part that is no cue itself
    (`order_ids`: the items of a list are named by its plural; `cities`: city)."""
    parts = set(split_identifier(name)) | {name.lower()}
    cues = _all_cues()
    return parts | {singular_noun(p) for p in parts if p.isascii() and p not in cues}


def singular_noun(word: str) -> str:
    """An English noun's singular as the dictionary reads it ("cities" -> "city", "ids" -> "id",
    "attendees" -> "attendee"); a word that is no plural comes back as it is."""
    return getLemma(word, upos="NOUN")[0].lower() if word else word


@lru_cache(maxsize=1)
def _all_cues() -> frozenset[str]:
    """Every word that cues some type."""
    return frozenset(cue for _, cues in TYPE_CUES for cue in cues.split())


@lru_cache(maxsize=1)
def _shared_cues() -> frozenset[str]:
    """Cue words that several types share ("to", "name"): they say little on their own."""
    seen: dict[str, int] = {}
    for _, cues in TYPE_CUES:
        for cue in set(cues.split()):
            seen[cue] = seen.get(cue, 0) + 1
    return frozenset(cue for cue, count in seen.items() if count > 1)


def _alternatives(spec: dict[str, Any], kind: str) -> tuple[str, ...]:
    """The other types a description offers with "or" ("Contact name or phone number")."""
    description = _description(spec).lower()
    if not ALTERNATIVE.search(description):
        return ()
    seen = set(CUE_WORD.findall(description))
    others = [k for k, cues in TYPE_CUES if k != kind and seen & set(cues.split())]
    return tuple(k for k in others if k in STRING_KINDS)


def _first_cued(seen: set[str], specific: bool, allowed: frozenset[str]) -> str | None:
    """The first type (in TYPE_CUES order) one of whose cues was seen, among those allowed."""
    for kind, cues in TYPE_CUES:
        if kind not in allowed or (kind in SPECIFIC_KINDS) != specific:
            continue
        if seen & set(cues.split()):
            return kind
    return None


def _unit(name: str, spec: dict[str, Any], kind: str) -> str | None:
    """The unit a duration is counted in, or the format a date is written in."""
    text = f"{' '.join(split_identifier(name))} {_description(spec)}"
    if kind == "duration":
        seen = set(CUE_WORD.findall(text.lower())) | set(split_identifier(name))
        return next(
            (u for u, cues in DURATION_UNITS.items() if seen & set(cues.split())), "seconds"
        )
    if kind == "datetime" and CLOCK_PART.search(text):
        return None  # a date and a time, not the date-only format it begins with
    if kind in ("date", "datetime"):
        return next((f for f in DATE_FORMATS if f.lower() in text.lower()), None)
    return None


def _role(name: str, spec: dict[str, Any], kind: str) -> str | None:
    """Whether a parameter is the source or the target end of a pair ("from", "to"); a length
    or a count has no ends (`minutes_from_now`: "from now" is where it is counted from)."""
    if kind in ("duration", "count"):
        return None
    parts = set(split_identifier(name)) | {"".join(split_identifier(name))}  # check_in: checkin
    if parts & SOURCE_WORDS:
        return "source"
    if parts & TARGET_WORDS:
        return "target"
    described = set(CUE_WORD.findall(_description(spec).lower())) - STOPWORDS
    if described & SOURCE_WORDS and not described & TARGET_WORDS:
        return "source"
    if described & TARGET_WORDS and not described & SOURCE_WORDS:
        return "target"
    return None
