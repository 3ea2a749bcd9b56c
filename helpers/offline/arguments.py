"""Arguments by type, never by position: each parameter gets the value its semantic type asks for.

An email parameter takes the email the user wrote, a duration in minutes takes the duration
converted to minutes, a currency code takes the currency named, a message body takes the span
the description asks for ("...that I'm late", "...늦는다고"). conform.py then makes the
arguments valid against the schema, whatever it says ($ref, enum, const, anyOf, minimum...).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date as date_type
from datetime import datetime as datetime_type
from datetime import timedelta
from functools import lru_cache
from typing import Any

from helpers.offline.choices import (
    WEEKDAY_NAMES,
    country_of_currency,
    described_default,
    is_scale,
    listed_members,
    member_at_extreme,
    member_beyond_words,
    member_by_code,
    member_by_description,
    member_by_scale,
    members_named,
    metric_member,
    no_preference_member,
    numbered_scale,
    said_from_word_start,
    switched_on_member,
)
from helpers.offline.composing import (
    LANGUAGE_NAMES,
    arithmetic,
    asks_for_code,
    asks_for_sql,
    language_named,
    language_said,
    program,
    sql_query,
    tables_in,
)
from helpers.offline.conform import conform, resolve
from helpers.offline.entities import (
    CLOCK,
    Entity,
    date_asked,
    is_pound,
    listed_together,
    names_a_month,
    names_identifiers,
    strip_korean_particle,
)
from helpers.offline.lexicon import AIRPORTS, QUESTION_WORDS, STOPWORDS
from helpers.offline.lexicon_entities import (
    COUNT_NAMES,
    ENUM_SYNONYMS,
    KO_PARTICLES,
    LIST_NAMES,
    MEASURED_BY,
    REMOVAL_WORDS,
    TIME_UNITS,
)
from helpers.offline.meaning import (
    KOREAN_ENGLISH,
    concept_index,
    informativeness,
    is_content,
    meanings,
)
from helpers.offline.measures import amount_in, bound_of, duration_in, fit_rank, ranged
from helpers.offline.nested import (
    LONGEST_NAME,
    MOST_ITEMS,
    NAME_PARTICLES,
    Item,
    address_in,
    listed_items,
    listed_run,
    names_beside,
)
from helpers.offline.request import Request
from helpers.offline.tools import (
    Parameter,
    ToolReading,
    description_parts,
    docstring_lines,
    json_type,
    parameter_kind,
)
from helpers.offline.words import HANGUL, Word, english_lemma, split_identifier

UNSAID = ("not said (null allowed)", "the default", "not said: the first choice", "as its start")
ROLE_ORDER = {"source": 0, None: 1, "target": 2}  # "from X to Y": the source end is read first
TEXT_ORDER = {
    "body": 1,
    "text": 2,
    "query": 2,
    "title": 3,
    "list": 4,
}  # free text is read after values
NAME_ORDER = 0.9  # the name of a thing before any prose ("흰둥이 엔진오일 교체했어": the car)
LIST_ORDER = 1.5  # a list of words is read before prose, after a message's body
CHOICE_ORDER = 0.5  # a choice after the values (its word may be inside one: "banner.png")
SUMMARY_WORDS = 8  # a title written from a message takes its first words
SECONDS = {
    "seconds": 1, "minutes": 60, "hours": 3600, "milliseconds": 0.001, "days": 86400,
    "weeks": 604800, "nights": 86400, "months": 2_592_000, "years": 31_536_000,
}  # fmt: skip
FILLED_BY = {  # which entity kinds can fill a parameter of each semantic type
    "email": ("email",), "phone": ("phone",), "url": ("url",), "path": ("path", "quoted"),
    "channel": ("channel",), "handle": ("handle",), "code": ("code",),
    "place": ("place", "code"), "identifier": ("code",), "unit": ("quantity", "unit"),
    "person": ("person", "handle"), "language": ("language",),
    "currency": ("currency", "money", "quantity", "unit"),
    "money": ("money", "number", "quantity"), "count": ("number", "quantity"),
    "number": ("number", "money", "quantity"), "duration": ("duration",),
    "date": ("date", "datetime"), "time": ("time", "datetime"), "datetime": ("datetime", "date"),
}  # fmt: skip
BODY_CUE = re.compile(
    r"\b(?:that|saying|says|to say|reading|with the (?:text|message)|message|text)\s*[:,]?\s+(.+)"
    r"|(?<!\d):(?!\d)\s*(.+)",
    re.I,
)
COLON_CUE = re.compile(r"(?<!\d):(?!\d)\s*(.+)")  # "Message the team quietly: ..." (not 7:40)
REMINDER_CUE = re.compile(
    r"\b(?:remind(?:er)?(?: me)?|note|task|todo|to-do)\s+(?:to|that|about)\s+(.+)", re.I
)
TOPIC_CUE = re.compile(
    r"\b(?:about|for|regarding|called|titled|named|asking(?: whether| if)?)\s+([^,;.?!]+)", re.I
)
# a span before a Korean cue is at most 300 characters: linear in the text
KOREAN_QUOTE_CUE = re.compile(
    r"(\S.{0,300}?(?:다|요|까|자))고(?=\s|$)|(\S.{0,300}?)(?:이)?라고(?=\s|$)"
)
KOREAN_TOPIC_CUE = re.compile(  # at most one space before a cue: a run of blanks is no topic
    r"(\S.{0,300}?)\s?(?:에\s?대해|에\s?대한|관련|라는|이라는|을|를)\s"
)
# "버튼이 안 눌린다는 이슈": what the thing says
KOREAN_REPORTED_CUE = re.compile(r"(?<!\S)(\S.{0,300}?다)는\s")
SLUG = re.compile(r"[A-Za-z][\w.-]*/[\w.-]+")  # owner/name
REFERENCE_DIGITS = 5  # a whole number this long, said for an identifier, is a reference
LABEL = re.compile(r"(\w+)\s*[:=]?\s*$")
NAME_WORDS = re.compile(r"\b(?:nick)?name\b|이름|title|제목|별명|별칭")
PROPER_NAME = re.compile(r"\b[A-Z][\w'&-]*(?:\s+(?:of\s+|the\s+|de\s+)?[A-Z][\w'&-]*)*")
ENGLISH_PLACE = re.compile(
    r"\b(?:in|at|to|from|near|into)\s+(?:the\s+)?([A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)*"
    r"|(?<=the\s)[a-z]+(?:\s+(?:station|airport|office|center|centre))?)"
)
KOREAN_PLACE = re.compile(  # "잠실에서", "올림픽공원까지", "코엑스 근처에" (a place, then where)
    r"([\uac00-\ud7a3A-Za-z0-9]+?)(?:에서|까지|으로|로|\s?(?:근처|주변|앞|옆)에?서?|에)(?=\s|$|[,.?!])"
)
KOREAN_GOING_TO = re.compile(  # "여의도 가는", "속초 도착하는": a place, then going or arriving
    r"(?<![가-힣A-Za-z0-9])([가-힣A-Za-z0-9]{2,12})(?=\s(?:들어)?(?:가는|가려|가고|가서|갈|가자|가야|간다)"
    r"|\s?도착)"
)
RELATIVE_PLACES = frozenset(  # where, not what; and limits ("3억 이하로"), not places
    "근처 주변 앞 옆 뒤 안 밖 여기 거기 저기 이하 이상 미만 초과 이내 정도".split()
)
LISTABLE = frozenset(  # values a request lists to make one call each ("Tokyo and Paris")
    "place currency code person email language date path url identifier phone enum body text "
    "title query".split()
)
RAW_WORD = re.compile(r"[\w'-]+")
NEGATION = frozenset(  # words that negate an option, or end it ("stop recording", "녹화 꺼줘")
    "not no without don't dont never stop disable pause off "
    "없이 말고 빼고 안 끄다 중지 멈추다".split()
)


@dataclass(frozen=True)
class Filling:
    """One value the model put in a parameter, and the words it came from."""

    parameter: str
    value: Any
    source: str


@dataclass(frozen=True)
class Arguments:
    """A tool's arguments (one dict per call: "Tokyo and Paris" makes two) and how they came."""

    calls: tuple[dict[str, Any], ...]
    fillings: tuple[Filling, ...]
    missing: tuple[str, ...] = ()
    changed: tuple[str, ...] = field(default=())


@dataclass
class Span:
    """The part of the request a task reads, and the entities its parameters have taken."""

    request: Request
    start: int
    end: int
    taken: set[tuple[int, str]] = field(default_factory=set)  # (entity start, facet)
    used: list[tuple[int, int]] = field(default_factory=list)  # text spans free text took
    labels: dict[int, str] = field(default_factory=dict)  # entity start -> the parameter named
    labelled: dict[str, tuple[int, int]] = field(default_factory=dict)  # "body: ..." spans

    @property
    def text(self) -> str:
        """The words of this part."""
        return self.request.text[self.start : self.end]

    @property
    def words(self) -> tuple[Word, ...]:
        """The words of this part."""
        return self.request.words_in(self.start, self.end)

    def entities(
        self, kinds: tuple[str, ...], facet: str = "value", owner: str = ""
    ) -> list[Entity]:
        """The entities of these kinds whose facet is untaken, here first, then elsewhere; those
        the user labelled with this parameter's name first, those labelled for another never.

        An amount of money has two facets: "100 USD" gives an amount and a currency."""
        inside = self.request.entities_in(self.start, self.end)
        elsewhere = [e for e in self.request.entities if not self.start <= e.start < self.end]
        found = [
            e
            for e in (*inside, *elsewhere)
            if e.kind in kinds
            and (e.start, facet) not in self.taken
            and self.labels.get(e.start, owner) == owner
        ]
        return sorted(found, key=lambda e: e.start not in self.labels)

    def use(self, start: int, end: int) -> None:
        """Mark a stretch of the request as taken by a free-text parameter, with the values
        inside it ("Daniel Cho from Brightwave": the company's name is no second person)."""
        self.used.append((start, end))
        for entity in self.request.entities_in(start, end):
            if entity.end <= end:
                self.take(entity)

    def is_used(self, position: int) -> bool:
        """Whether a free-text parameter already took the text at this position."""
        return any(start <= position < end for start, end in self.used)

    def take(self, entity: Entity, facet: str = "value") -> None:
        """Mark one facet of an entity as used by a parameter."""
        self.taken.add((entity.start, facet))

    def is_taken(self, entity: Entity) -> bool:
        """Whether any parameter used this entity."""
        return any(start == entity.start for start, _ in self.taken)


def fill(
    tool: ToolReading, span: Span, forced: bool, earlier: tuple[Filling, ...] = ()
) -> Arguments:
    """The arguments for one task: every parameter the request gives a value for, by type.

    Typed values go first (an email, a time), then free text, which takes what is left; a
    required value this task's words do not say is the one an earlier task of the request took
    under the same name (`earlier`)."""
    span.labels = _labels(tool, span)
    span.labelled = _labelled_spans(tool, span) | _korean_named_spans(tool, span)
    found = {}
    documented = [_documented(p, tool) for p in tool.parameters]
    for parameter in sorted(documented, key=_reading_order):
        filling = value_for(parameter, span, tool, found)
        if filling is not None:
            found[parameter.name] = filling
    found |= _said_before(tool, found, earlier)
    fillings = [found[p.name] for p in tool.parameters if p.name in found]
    proposed = {f.parameter: f.value for f in fillings}
    conformed = conform(tool.schema, proposed, fill_required=forced)
    missing = tuple(conformed.missing)
    calls = tuple(_spread(conformed.value, tool, span, fillings))
    return Arguments(calls, tuple(fillings), missing, tuple(conformed.changed))


def _said_before(
    tool: ToolReading, found: dict[str, Filling], earlier: tuple[Filling, ...]
) -> dict[str, Filling]:
    """The required values a task's own words leave out that an earlier task of the same
    request took under the same name: a request names its subject once ("book a vet visit for
    Luna on Monday and log her weight as 4 kg": the pet is Luna in both calls)."""
    taken = {f.parameter: f for f in earlier}
    return {
        p.name: taken[p.name]
        for p in tool.required()
        if (p.name not in found or found[p.name].source in UNSAID) and p.name in taken
    }


def _documented(parameter: Parameter, tool: ToolReading) -> Parameter:
    """A parameter with the description a docstring's Args: section gives it ("pet_name: The
    pet's name."), when its schema has none."""
    if parameter.spec.get("description"):
        return parameter
    line = docstring_lines(description_parts(tool.description)["args"]).get(parameter.name)
    return replace(parameter, spec={**parameter.spec, "description": line}) if line else parameter


def _reading_order(parameter: Parameter) -> tuple[int, bool, float, int]:
    """Typed values before free text (a list of typed values is typed: emails, people); a
    required parameter before an optional one (a value said once goes where it must: "to",
    not "cc"; a quoted name to the required title, not the optional body); then a message
    body before a title; a pair's source end before its target end. Every choice (an enum)
    comes after the values and before any free text ("low priority" is the choice's, not the
    task's)."""
    order = TEXT_ORDER.get(parameter.kind, CHOICE_ORDER if parameter.kind == "enum" else 0)
    if parameter.kind == "list" and _item_kind(parameter) in FILLED_BY:
        order = 0
    elif parameter.kind == "list" and _lists_said_things(parameter.spec):
        order = LIST_ORDER  # listed words before prose: "피자, 타코, 초밥" are the options'
    if parameter.kind != "list" and _asks_for_a_name(parameter) and (order or _thing(parameter)):
        order = NAME_ORDER  # a name is short and found by its shape; prose takes what is left
    group = 0 if order == 0 else 1 if order == CHOICE_ORDER else 2
    return group, not parameter.required, order, ROLE_ORDER[parameter.role]


def _thing(parameter: Parameter) -> bool:
    """Whether a parameter typed as a person names a thing ("What the user calls the plant"):
    it is read after the choices, whose words ("베란다에": balcony) are no name."""
    return parameter.kind == "person" and not PERSON_WORDS.search(_said_about(parameter))


PERSON_WORDS = re.compile(
    r"(?i)\b(?:person|people|contact|customer|recipient|who|employee|member|guest|"
    r"patient|attendee|assignee|owner|friend|client|student|teacher|driver|passenger)\b"
    r"|사람|고객|수신자|담당자|회원|직원|학생|손님|환자"
)


def _item_kind(parameter: Parameter) -> str:
    """The semantic type of a list's items (their own schema, $ref left to the list reader)."""
    return _kind_of_items(parameter, parameter.spec.get("items"))


def _kind_of_items(parameter: Parameter, items: Any) -> str:
    """The semantic type of a list's items; items that say nothing of themselves are what one of
    them is called: the list's name made singular ("cities": each a city, a place)."""
    if not isinstance(items, dict):
        return "text"
    kind = parameter_kind(parameter.name, items)
    if kind != "text" or items.get("description"):
        return kind
    return parameter_kind(_one_of(parameter.name), items)


def _one_of(name: str) -> str:
    """A plural parameter name made singular, its last part as a dictionary reads it
    ("target_cities" -> "target_city")."""
    head, _, last = name.rpartition("_")
    single = english_lemma(last.lower())[0]
    return f"{head}_{single}" if head else single


def _labels(tool: ToolReading, span: Span) -> dict[int, str]:
    """Values the user labelled with a parameter's name ("cc c@x.com", "subject 'Q4 report'";
    in Korean after the value: "'회의 취소' 제목으로"): each belongs to that parameter."""
    names = _label_names(tool)
    labels = {}
    text = span.request.text
    for entity in span.request.entities_in(span.start, span.end):
        label = LABEL.search(text[max(0, entity.start - 16) : entity.start])
        korean = span.request.korean  # Korean labels follow the value: "'회의 취소' 제목으로"
        named = _labelled_as(label.group(1).lower(), names, tool, not korean) if label else None
        after = KOREAN_LABEL_AFTER.match(text, entity.end) if korean else None
        named = named or (_labelled_as(after.group(1), names, tool) if after else None)
        before = KOREAN_LABEL_BEFORE.search(text, max(0, entity.start - 16), entity.start)
        before = before if korean and before and not _labels_a_value(span, before.start()) else None
        named = named or (_labelled_as(before.group(1), names, tool) if before else None)
        counted = _counted_parameter(entity, span, tool) if entity.kind == "number" else None
        if named and _can_label(tool, named, entity):
            labels[entity.start] = named
        elif counted:
            labels[entity.start] = counted
    return labels


def _labels_a_value(span: Span, position: int) -> bool:
    """Whether a Korean label word right after another value labels that one ("octo/app
    저장소에 '…'": 저장소 is the repository's word, not the quoted title's)."""
    return any(
        0 <= position - e.end <= 1 and not span.request.text[e.end : position].strip()
        for e in span.request.entities
    )


KOREAN_LABEL_BEFORE = re.compile(r"([가-힣]{2,10})(?:에|은|는|:)\s?$")  # "요청사항에 '…'"
KOREAN_LABEL_AFTER = re.compile(
    r"\s?(?:이?라는\s?)?([가-힣]+?)(?:으로|로|은|는|이|가|을|를|에)?(?=[\s,.?!]|$)"
)
COLON_LABEL = re.compile(r"(?<![^\W\d_])([^\W\d_]+)\s?[:=]\s*")  # from a word's start: linear
NEXT_LABEL = re.compile(r",\s*([^\W\d_]+)")
SENTENCE_END = re.compile(r"[.?!](?:\s|$)|\n")


def _label_names(tool: ToolReading) -> dict[str, str]:
    """The words that name a parameter: its name, and a part of its name no other one has."""
    names = {p.name.lower(): p.name for p in tool.parameters}
    names |= {
        part: p.name
        for p in tool.parameters
        for part in p.name.lower().split("_")
        if len(part) > 2 and part not in STOPWORDS and _unique_part(part, tool)
    }
    return names


def _labelled_as(
    word: str, names: dict[str, str], tool: ToolReading, by_meaning: bool = True
) -> str | None:
    """The parameter a label word names: its name or a part of it (inflected: "titled"), or
    (by meaning) a word meaning the same ("제목" for `subject`), when one parameter means it."""
    named = next((n for n in names if word == n or _inflected(word, n)), None)
    if named:
        return names[named]
    if not by_meaning or _kind_labelled(word, tool):
        return _kind_labelled(word, tool)
    said = set(concept_index().get(word, ()))
    meant = [p.name for p in tool.parameters if said and said & _name_concepts(p.name)]
    if len(meant) == 1:
        return meant[0]
    return None if word.isascii() else _korean_label_owner(word, names, tool)


KIND_LABELS = {  # words that label free text of one kind, whatever its parameter is called
    "title": frozenset("titled title subject called named headed heading 제목".split()),
    "body": frozenset("saying says reading reads body message content text 내용 본문".split()),
}


def _kind_labelled(word: str, tool: ToolReading) -> str | None:
    """The one parameter of the free-text kind a label word names ("titled 'X'" a title, however
    the tool calls it: `subject`; "saying ..." a message body: `content`)."""
    kinds = [kind for kind, words in KIND_LABELS.items() if word in words]
    owners = [p.name for p in tool.parameters if kinds and p.kind == kinds[0]]
    return owners[0] if len(owners) == 1 else None


def _korean_label_owner(word: str, names: dict[str, str], tool: ToolReading) -> str | None:
    """The parameter a Korean label word names: the one its English (the glossary's "선택지" ->
    option) names, else the one whose description says the word ("요청사항" for a parameter
    described "가게 사장님께 요청사항")."""
    english = KOREAN_ENGLISH.get(word, "")
    named = next((n for n in names if english and english in (n, n.rstrip("s"))), None)
    if named:
        return names[named]
    described = [p.name for p in tool.parameters if len(word) > 1 and word in _description_of(p)]
    return described[0] if len(described) == 1 else None


def _name_concepts(name: str) -> set[str]:
    """The concepts a parameter's name says ("subject_line": subject)."""
    index = concept_index()
    return {c for part in name.lower().split("_") for c in index.get(part, ())}


KOREAN_NAMED_AS = re.compile(  # "회의록이라는 제목으로", "주간 점검이란 이름으로": value, label
    r"(?<!\S)((?:\S{1,20}\s){0,2}?\S{1,20}?)(?:이)?(?:라는|란)\s?([가-힣]{1,6}?)"
    r"(?:으로|로|은|는|이|가|을|를)?(?=\s|$)"
)
KOREAN_ROLE_PARTICLE = re.compile(r"(?:에|에서|에게|한테|로|으로|을|를|은|는|이|가)$")


def _korean_named_spans(tool: ToolReading, span: Span) -> dict[str, tuple[int, int]]:
    """Free text Korean labels after it with a parameter's word: "회의록이라는 제목으로" gives
    the title 회의록 (up to three words, back to one that ends in a particle of another role)."""
    if not span.request.korean:
        return {}
    names = _label_names(tool)
    text = span.request.window or span.request.text
    found: dict[str, tuple[int, int]] = {}
    for match in KOREAN_NAMED_AS.finditer(text, span.start, span.end):
        owner = _labelled_as(match.group(2), names, tool)
        words = list(re.finditer(r"\S+", match.group(1)))
        while len(words) > 1 and KOREAN_ROLE_PARTICLE.search(words[0].group()):
            words = words[1:]  # "팀 채널에 회의록이라는": the value starts after 채널에
        if owner is not None and owner not in found and words and _is_free_text(owner, tool):
            found[owner] = (match.start(1) + words[0].start(), match.end(1))
            span.use(match.start(1) + words[0].start(), match.end())  # its label is no text
    for match in KOREAN_LABEL_FIRST.finditer(text, span.start, span.end):
        owner = _labelled_as(match.group(1), names, tool)
        if owner is not None and owner not in found and _is_free_text(owner, tool):
            found[owner] = match.span(2)
            span.use(match.start(), match.end(2))
    return found


KOREAN_LABEL_FIRST = re.compile(  # "제목은 주간 회의", "메모: 우산 챙기기": a label, then the text
    r"(?<![가-힣])([가-힣]{1,8})(?:은|는|:)\s+([^\s'\"][^.?!\n,'\"]{0,200}?)"
    r"(?:\s?(?:이?라고|으로|로|입니다|이에요|예요))?(?=\s*(?:[.?!\n,]|$))"
)


def _is_free_text(name: str, tool: ToolReading) -> bool:
    """Whether a parameter takes free text (a label before prose gives only such a parameter
    its words: "주문번호는 401-…" leaves the number to the typed reader)."""
    parameter = next(p for p in tool.parameters if p.name == name)
    return parameter.kind in TEXT_ORDER and parameter.kind != "list"


def _labelled_spans(tool: ToolReading, span: Span) -> dict[str, tuple[int, int]]:
    """Free text the user labels with a parameter's name and a colon ("body: it fails on
    login", "제목: 주간 회의"): it runs to the next such label or the end of the sentence."""
    names = _label_names(tool)
    text = span.request.window or span.request.text
    marks = []
    for match in COLON_LABEL.finditer(text, span.start, span.end):
        owner = _labelled_as(match.group(1).lower(), names, tool)
        if owner is not None:
            marks.append((owner, match.end(), match.start()))
    spans = {}
    for i, (owner, begin, _) in enumerate(marks):
        stop = marks[i + 1][2] if i + 1 < len(marks) else span.end
        others = (
            m.start()
            for m in NEXT_LABEL.finditer(text, begin, stop)
            if _labelled_as(m.group(1).lower(), names, tool, False) not in (None, owner)
        )
        stop = next(others, stop)  # ", tags auth": another parameter's label ends this one
        end = SENTENCE_END.search(text, begin, stop)
        said = text[begin : end.start() if end else stop].rstrip(" ,;")
        if said.strip():
            spans[owner] = (begin, begin + len(said))
    return spans


ADDRESS_KINDS = frozenset({"phone", "email", "url", "handle"})
MEASURED_KINDS = frozenset(  # values a label never makes free text ("post two hours from now")
    {"date", "time", "datetime", "duration", "number", "money", "quantity"}
)
TYPED_KINDS = frozenset({"date", "time", "datetime", "duration", "money"})  # never free text
NEVER_NAMES = TYPED_KINDS | {"number", "quantity", "email", "phone", "url"}


def _can_label(tool: ToolReading, name: str, entity: Entity) -> bool:
    """Whether a label can give this value to that parameter: "Text 010-2222-3333" names the
    verb, not the text parameter; an address (a phone, an email) or a measured value (a time,
    an amount) is never free text; a typed
    parameter takes only a value of its type ("six people next Saturday": the day is no
    number of people); a person is whom a tool with a person's parameter addresses ("Text
    Omar that ...": Omar is no message)."""
    parameter = next(p for p in tool.parameters if p.name == name)
    free_text = parameter.kind in TEXT_ORDER and parameter.kind != "list"
    accepted = [k for kind in (parameter.kind, *parameter.also) for k in FILLED_BY.get(kind, ())]
    if parameter.kind in FILLED_BY and entity.kind not in accepted:
        return False
    addressed = entity.kind == "person" and any(p.kind == "person" for p in tool.parameters)
    return not (free_text and (entity.kind in ADDRESS_KINDS | MEASURED_KINDS or addressed))


COUNTED_NOUN = re.compile(r"[\s-]?([A-Za-z]+|[가-힣]+)")  # "4 people", "20-character"


def _counted_parameter(entity: Entity, span: Span, tool: ToolReading) -> str | None:
    """The one parameter a number counts, by the noun after it: "two rooms" counts rooms,
    "4 people" and "성인 2명" count guests (people), as a counted noun names what it counts."""
    partner = _range_partner(entity, span)  # "6~8명": the counter after a range counts both ends
    noun = COUNTED_NOUN.match(span.request.text, entity.end)
    if noun is None and partner is not None and partner.start > entity.start:
        noun = COUNTED_NOUN.match(span.request.text, partner.end)
    numeric = [p for p in tool.parameters if p.kind in ("count", "number", "money")]
    said = _without_particle(noun.group(1).lower()) if noun else ""
    counts = [p.name for p in numeric if said and _counts(said, p.name)]
    counts = _bounded_by(counts, entity, span, tool)
    if len(counts) == 1:
        return counts[0]
    owners = _counting(_nouns_beside(span.request.text, entity, span.request.korean), numeric)
    owners = _bounded_by(owners, entity, span, tool)
    return owners[0] if len(owners) == 1 else None


def _without_particle(counter: str) -> str:
    """A Korean counter without the particle after it ("명에서" -> 명, "개까지" -> 개)."""
    particle = next((p for p in KO_PARTICLES if counter.endswith(p) and counter != p), "")
    return counter[: len(counter) - len(particle)] if not counter.isascii() else counter


def _bounded_by(names: list[str], entity: Entity, span: Span, tool: ToolReading) -> list[str]:
    """Of several parameters counting the same thing (min_guests, max_guests), the bound whose
    end of a range the number is ("4명에서 6명까지": 4 the lower, 6 the upper)."""
    end = _range_end(entity, span)
    if len(names) < 2 or end is None:
        return names
    bounds = {p.name: bound_of(p.name, p.spec) for p in tool.parameters if p.name in names}
    return [name for name in names if bounds.get(name) == end] or names


def _range_end(entity: Entity, span: Span) -> str | None:
    """Whether a number is the low or the high end of a range said with the number beside it."""
    other = _range_partner(entity, span)
    if other is None:
        return None
    return "lower" if entity.value < other.value else "upper"


def _range_partner(entity: Entity, span: Span) -> Entity | None:
    """The other end of a range a number is one end of ("4 to 6", "6~8명"), if any."""
    numbers = [e for e in span.request.entities if e.kind == "number" and e is not entity]
    text = span.request.text
    for other in numbers:
        first, second = sorted((entity, other), key=lambda e: e.start)
        if ranged(text, first.end, second.start) and other.value != entity.value:
            return other
    return None


NOUN_BEFORE = re.compile(r"([가-힣]+|[A-Za-z]+)\s?$")
COUNT_PARTICLES = ("이", "가", "은", "는", "도")


def _nouns_beside(text: str, entity: Entity, korean: bool) -> list[str]:
    """The noun a number counts: Korean says it before the number ("어른 둘", "방 3개"; a
    particle taken off), English after it ("2 adults")."""
    if not korean:
        after = COUNTED_NOUN.match(text, entity.end)
        return [after.group(1)] if after else []
    before = NOUN_BEFORE.search(text, max(0, entity.start - 12), entity.start)
    if before is None:
        return []
    said = before.group(1)  # "어른이 둘": 어른; "어린이 둘": 어린이 (tried as written first)
    return [said, *([said[:-1]] if len(said) > 2 and said.endswith(COUNT_PARTICLES) else [])]


def _counting(nouns: list[str], parameters: list[Parameter]) -> list[str]:
    """The parameters one of these nouns names exactly (its name, a word of its description,
    another word for it, its English), else by a shared concept."""
    exact = [p.name for p in parameters if any(_names_exactly(n.lower(), p) for n in nouns)]
    if exact:
        return exact
    return [p.name for p in parameters if any(_counts(n.lower(), p.name) for n in nouns)]


def _names_exactly(noun: str, parameter: Parameter) -> bool:
    """Whether a noun is a parameter's own word: "adults" for adult, "방" for one described
    "방 개수", "아이" for child (lexicon_entities.ENUM_SYNONYMS), "어른" (adult in English)."""
    name = parameter.name.lower()
    if noun in (name, name.rstrip("s")) or _inflected(noun, name) or noun.rstrip("s") == name:
        return True
    if noun in CUE_WORDS.findall(_description_of(parameter)):  # "Number of tablets"
        return True
    synonyms = ENUM_SYNONYMS.get(name, "").split(", ")
    return noun in synonyms or KOREAN_ENGLISH.get(noun) in (name, name.rstrip("s"))


def _counts(noun: str, name: str) -> bool:
    """Whether a counted noun names what a parameter counts (the same word, or one concept)."""
    index = concept_index()
    said = {*index.get(noun, ()), *index.get(noun.rstrip("s"), ())}
    for part in name.lower().split("_"):
        if noun == part or _inflected(noun, part) or _inflected(part, noun):
            return True
        if noun.isascii() and english_lemma(part)[0] == english_lemma(noun)[0]:
            return True  # an irregular plural: "three child tickets" count children
        if said & {*index.get(part, ()), *index.get(part.rstrip("s"), ())}:
            return True
        if _measures(noun, "count" if part in COUNT_NAMES else part):
            return True
        english = KOREAN_ENGLISH.get(noun, "")  # "어른 둘" counts adults
        if english and (english == part or _inflected(part, english)):
            return True
    return False


def _measures(noun: str, part: str) -> bool:
    """Whether a noun or counter says what a parameter measures ("20-character": its length;
    "16자리", "두 개만": a Korean counter, a particle after it)."""
    nouns = MEASURED_BY.get(part, "").split()
    return noun in nouns or (not noun.isascii() and any(noun.startswith(n) for n in nouns))


def _inflected(word: str, name: str) -> bool:
    """Whether a word is the name with an English ending ("titled", "labels", "named")."""
    return len(name) > 2 and word.startswith(name) and word[len(name) :] in ("d", "ed", "s", "es")


def _unique_part(part: str, tool: ToolReading) -> bool:
    """Whether only one parameter's name has this part ("cc" in cc, not "currency" in both)."""
    return sum(part in p.name.lower().split("_") for p in tool.parameters) == 1


def value_for(
    parameter: Parameter, span: Span, tool: ToolReading, found: dict[str, Filling]
) -> Filling | None:
    """A parameter's value from the request, or None when the request does not give one."""
    fitting = _pattern_fits(parameter.spec, parameter.kind, span)
    if fitting:
        return Filling(parameter.name, fitting[0], fitting[0])
    composed = _composed(parameter, span, tool) or _reason_value(parameter, span)
    if composed is not None:
        return composed
    if parameter.kind == "text" and _has_other_end(parameter, tool):  # departure_port: a place
        parameter = replace(parameter, kind="place")  # is what a route's two ends take
    reader = READERS.get(parameter.kind, _text_value)
    filling = (
        reader(parameter, span, tool)
        or _example_value(parameter, span)
        or _alternative_value(parameter, span, tool)
    )
    if filling is None and parameter.kind == "title":
        filling = _summary_of(parameter, found)
    if filling is None and parameter.role == "target":
        filling = _start_plus_duration(parameter, span, found) or _same_as_start(parameter, found)
    if filling is not None or not parameter.required:
        return filling
    return _unsaid(parameter)


WHY_WORDS = re.compile(r"(?i)\b(?:why|reason|cause|because)\b|사유|이유|왜|원인|증상")
REASON_EN = re.compile(r"(?i)\b(?:because(?:\s+of)?|since|due\s+to)\s+([^.;!?\n]+)")
# the Korean causal ending, also fused to its stem (아파서, 끝나서; not 에서, 한테서, 여기서)
REASON_KO = re.compile(
    r"(?:해서|라서|이라서|어서|아서|여서|때문에|니까|(?<=[가-힣])(?<![에테게기])서)(?=[\s,.!?]|$)"
)
# a clause after the request that tells something with its own subject ("..., my wrist is sore")
TOLD_CLAUSE = re.compile(
    r"(?i)[,.;]\s+((?:my|our|his|her|their|its|i|i'm|we|we're|it|it's|he|she|they|the|there)"
    r"\b[^.;!?\n]*)"
)
STATING_VERB = re.compile(r"(?i)\b(?:is|are|was|were|am|has|have|had)\b|'(?:s|m|re)\b|n't\b")


def _reason_value(parameter: Parameter, span: Span) -> Filling | None:
    """A reason, for a parameter that asks why ("Why the pet needs to see the vet", "진료 사유"):
    the clause that explains (_explaining_clause)."""
    if not _asks_why(parameter):
        return None
    clause = _explaining_clause(span)
    if clause is None or span.is_used(clause[0]):
        return None
    text = span.request.window or span.request.text
    said = text[clause[0] : clause[1]].strip(" ,")
    if not said:
        return None
    span.use(*clause)
    return Filling(parameter.name, said, said)


def _asks_why(parameter: Parameter) -> bool:
    """Whether a text parameter asks why something is done (a reason, a cause, 사유)."""
    return json_type(parameter.spec) == "string" and WHY_WORDS.search(_said_about(parameter))


def _explaining_clause(span: Span) -> tuple[int, int] | None:
    """Where the request says why: what follows "because"/"since" (English), the clause that
    ends in 해서/아파서/때문에 (Korean), or a clause after the request that tells something with
    its own subject and verb ("Cancel my seat, my kid is sick")."""
    text = span.request.window or span.request.text
    english = REASON_EN.search(text, span.start, span.end)
    if english is not None:
        return english.span(1)
    if span.request.korean:
        korean = REASON_KO.search(text, span.start, span.end)
        if korean is None:
            return None
        marks = (text.rfind(mark, span.start, korean.start()) + 1 for mark in ",.!?\n")
        return max(span.start, *marks), korean.end()
    told = TOLD_CLAUSE.search(text, span.start, span.end)
    if told is None or not _states(span, *told.span(1)):
        return None
    return told.span(1)


def _states(span: Span, start: int, end: int) -> bool:
    """Whether a clause states something: it has a verb ("is", "hurts", "broke")."""
    said = span.request.text[start:end]
    verbs = [w for w in span.request.words_in(start, end) if w.tag == "VERB"]
    return bool(verbs) or STATING_VERB.search(said) is not None


def _example_value(parameter: Parameter, span: Span) -> Filling | None:
    """A value the description gives as an example, said by the user, when nothing of the kind
    the parameter's name suggests was said ("class_name: e.g. yoga, spin": "spin" is a class,
    though no person was named). Free text reads its examples itself, after its cues."""
    is_string = parameter.spec.get("type") == "string" and "enum" not in parameter.spec
    if parameter.kind in TEXT_ORDER or not is_string:
        return None
    said = _example_said(parameter, span)
    return Filling(parameter.name, said, said) if said else None


def _alternative_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """A value of another kind the description allows, when none of the first was said ("Product
    name or id": no id said, so the product's name; "Room name": a name, whatever the word
    "room" suggests)."""
    if parameter.kind == "channel" and not CHAT_WORDS.search(_said_about(parameter)):
        thing = _thing_name(parameter, span, tool)  # "Room the camera is in": a room, no chat
        return Filling(parameter.name, thing, thing) if thing else None
    named = parameter.kind not in TEXT_ORDER and NAME_ONLY.search(_description_of(parameter))
    for kind in (*parameter.also, *(("title",) if named else ())):  # "Room name": a name
        other = replace(parameter, kind=kind, also=())
        found = READERS.get(kind, _text_value)(other, span, tool)
        if found is not None:
            return found
    return None


CHAT_WORDS = re.compile(r"channel|chat|slack|discord|teams|#|채널|채팅|단톡|톡방")


def _thing_name(parameter: Parameter, span: Span, tool: ToolReading) -> str | None:
    """The name of a thing, whatever shape it has: said with the word for its kind ("the
    laundry room"), capitalised ("Pine Hollow"), or the first nouns that are not the tool's
    own words ("서재 카메라": 서재; "the nursery camera": nursery)."""
    return (
        _named_with_kind(parameter, span, tool)
        or _proper_name(span)
        or _first_noun_run(span, tool, parameter)
    )


KIND_BEFORE = 3  # words before the word for a thing's kind that can name it ("back laundry room")


def _named_with_kind(parameter: Parameter, span: Span, tool: ToolReading) -> str | None:
    """A thing named by the words before the word for its kind, the parameter's own name
    ("the laundry room" for `room`, "Spanish deck" for `deck`, "빨래방 구역" for `zone`): the kind
    word stays in the name unless the tool's description says it ("Arm the alarm in one zone":
    the zone is the tool's word, "greenhouse" its name)."""
    kinds = {part for part in parameter.name.lower().split("_") if part not in GENERIC_PARTS}
    if not kinds:  # `name`, "What the user calls the plant" of add_plant: the tool's plant
        tool_words = set(tool.name.lower().split("_"))
        kinds = {w for w in CUE_WORDS.findall(_description_of(parameter)) if w in tool_words}
    kinds |= {k for part in list(kinds) for k in korean_words_for(part)}
    said = list(span.words)
    for at, word in enumerate(said):
        if not {word.lemma.lower(), word.text.lower()} & kinds or span.is_used(word.start):
            continue
        run = _run_before(said, at, span, tool)
        if run:
            start = _written_word_start(span.request.text, run[0].start, span)  # 3층 프린터
            span.use(start, word.end)
            compound = all(w.text.islower() for w in run)  # "snake plant", not "Maple booth"
            return span.request.text[start : word.end if compound else run[-1].end]
    return None


GENERIC_PARTS = frozenset({"name", "id", "the", "of", "new", "target"})


def _run_before(said: list[Word], at: int, span: Span, tool: ToolReading) -> list[Word]:
    """The nouns and adjectives written right before a word (one space apart), back to a word
    that is none, a value, or the tool's own word."""
    text = span.request.text
    run: list[Word] = []
    for word in reversed(said[max(0, at - KIND_BEFORE) : at]):
        end = run[0].start if run else said[at].start
        if text[word.end : end] not in (" ", "") or word.tag not in ("NOUN", "PROPN", "ADJ"):
            break
        if span.is_used(word.start) or _tool_says(word, tool) or _in_value(span, word):
            break
        run.insert(0, word)
    return run


def _in_value(span: Span, word: Word) -> bool:
    """Whether a word is part of a typed value (a date, a number...)."""
    return any(e.start <= word.start < e.end for e in span.request.entities)


ISO_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
SHAPED_KINDS = frozenset(  # kinds whose value is the text as written (no conversion)
    {"code", "identifier", "text", "title", "body", "query", "person"}
)
ORDINARY_WORDS = ("hello", "Paris", "the", "Send it", "서울", "42")  # no selective pattern fits
TOKEN = re.compile(r"[^\s,;:!?()\"'“”]+")


def _pattern_fits(spec: dict[str, Any], kind: str, span: Span, every: bool = False) -> list[str]:
    """The words said that fit a parameter's `pattern` ("RMA-88231" for ^RMA-[0-9]+$, seats
    "F7", "F8" for ^[A-Z][0-9]{1,2}$): a pattern says a value's exact shape, so what fits it is
    the value. Only a selective pattern counts (one that ordinary words do not fit)."""
    pattern = _compiled(spec.get("pattern")) if kind in SHAPED_KINDS else None
    if pattern is None or any(pattern.search(word) for word in ORDINARY_WORDS):
        return []
    fits: list[str] = []
    for match in TOKEN.finditer(span.request.window or span.request.text, span.start, span.end):
        if len(fits) >= MOST_ITEMS:
            break
        word = strip_korean_particle(match.group().rstrip("."))
        if not span.is_used(match.start()) and pattern.search(word):
            span.use(match.start(), match.start() + len(word))
            for entity in span.request.entities_in(match.start(), match.start() + len(word)):
                span.take(entity)
            fits.append(word)
            if not every:
                break
    return fits


def _compiled(pattern: Any) -> re.Pattern[str] | None:
    """A schema's pattern, compiled (None when there is none or it is not a valid regex)."""
    if not isinstance(pattern, str):
        return None
    try:
        return re.compile(pattern)
    except re.error:
        return None


def _start_plus_duration(
    parameter: Parameter, span: Span, found: dict[str, Filling]
) -> Filling | None:
    """The end of a time range said as how long it lasts: the start plus the duration ("at
    3pm for 45 minutes" ends at 15:45, "지금부터 30분" at 09:30)."""
    start = next((f for f in found.values() if f.parameter.startswith(("start", "from"))), None)
    lasting = [e for e in span.request.entities_in(span.start, span.end) if e.kind == "duration"]
    if parameter.kind != "datetime" or start is None or not lasting:
        return None
    try:
        began = datetime_type.fromisoformat(str(start.value)[:16])
    except ValueError:
        return None
    end = began + timedelta(seconds=lasting[0].value["seconds"])
    return Filling(parameter.name, end.strftime("%Y-%m-%dT%H:%M"), lasting[0].text)


def _same_as_start(parameter: Parameter, found: dict[str, Filling]) -> Filling | None:
    """The end of a range nobody said: a whole month said for the start ends with the month
    ("in December": the 1st to the 31st); a required end is the start (a one-day leave)."""
    if parameter.kind not in ("date", "datetime"):
        return None
    start = next((f for f in found.values() if f.parameter.startswith(("start", "from"))), None)
    if start is None:
        return None
    if names_a_month(start.source) and ISO_DAY.match(str(start.value)):
        first = date_type.fromisoformat(str(start.value)[:10])
        last = (first.replace(day=28) + timedelta(days=4)).replace(day=1) - timedelta(days=1)
        month = Entity("date", start.source, 0, 0, last.isoformat())
        return Filling(parameter.name, convert(parameter, month), f"the end of {start.source}")
    return Filling(parameter.name, start.value, UNSAID[3]) if parameter.required else None


def _summary_of(parameter: Parameter, found: dict[str, Filling]) -> Filling | None:
    """A title or subject nobody said, written from the message it heads (its first words)."""
    body = next((f for f in found.values() if isinstance(f.value, str) and " " in f.value), None)
    if body is None:
        return None
    words = body.value.split()
    title = " ".join(words[:SUMMARY_WORDS])
    return Filling(parameter.name, title[:1].upper() + title[1:], f"summary of {body.parameter}")


def _unsaid(parameter: Parameter) -> Filling | None:
    """A required value the user did not say that the schema still lets the model give: null
    when null is allowed ("not told"), the default, or the choice the description names as the
    default or that means no particular one; else None, and the model asks."""
    spec = parameter.spec
    if parameter.nullable:
        return Filling(parameter.name, None, UNSAID[0])
    if "default" in spec:
        return Filling(parameter.name, spec["default"], UNSAID[1])
    members = list(spec.get("enum") or [])
    member = described_default(members, parameter.description()) if members else None
    member = member if member is not None else no_preference_member(members)
    return Filling(parameter.name, member, UNSAID[2]) if member is not None else None


def _entity_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """The first untaken entity whose kind fits the parameter, turned into what it wants."""
    facet = _facet(parameter.kind)
    kinds = FILLED_BY[parameter.kind] + tuple(
        k for other in parameter.also for k in FILLED_BY.get(other, ())
    )
    found = [
        e
        for e in span.entities(kinds, facet, parameter.name)
        if e.kind != "person" or not _names_a_day(e.text)
    ]
    candidates = _ordered(parameter, found, span)
    if parameter.kind in ("money", "number", "count"):
        candidates.sort(key=lambda e: _fit(parameter, e))
        candidates = _range_end_first(parameter, candidates, span.request.text)
    for entity in candidates:
        value = convert(parameter, entity)
        if value is not None:
            span.take(entity, facet)
            return Filling(parameter.name, _signed(parameter, span, value), entity.text)
    return None


def _range_end_first(parameter: Parameter, candidates: list[Entity], text: str) -> list[Entity]:
    """A bound of a range takes its own end of a range the user said: "4명에서 6명까지", "7 to
    21 gears": the lower bound the smaller number, the upper bound the larger (measures.ranged)."""
    bound = bound_of(parameter.name, parameter.spec)
    numbers = sorted(candidates, key=lambda e: e.start)
    pairs = [
        (a, b)
        for a, b in zip(numbers, numbers[1:], strict=False)
        if isinstance(a.value, (int, float)) and isinstance(b.value, (int, float))
        and ranged(text, a.end, b.start)
    ]  # fmt: skip
    if bound is None or not pairs:
        return candidates
    low, high = sorted(pairs[0], key=lambda e: e.value)
    first = low if bound == "lower" else high
    return [
        first,
        *(e for e in candidates if e is not first and e is not (high if first is low else low)),
    ]


NEGATIVE_TO = re.compile(r"(?i)negative|minus|음수|마이너스")


def _signed(parameter: Parameter, span: Span, value: Any) -> Any:
    """An amount that goes out, for a parameter whose description says a negative number
    removes ("units to add (negative to remove)"): negative when the request says the amount
    goes out or down ("arrived broken, write them off", "3개 빼 줘")."""
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        return value
    if not NEGATIVE_TO.search(_description_of(parameter)):
        return value
    said = span.text.lower()
    return -value if any(word in said for word in REMOVAL_WORDS) else value


def _fit(parameter: Parameter, entity: Entity) -> tuple[bool, int]:
    """How well a value fits a numeric parameter (lower first): an amount of money before a
    bare number for an amount ("2박 ... 15만 원"), a quantity in the parameter's unit before
    other numbers ("4.5%" for a rate in percent, not "$250k"; "500ml" for `amount_ml`)."""
    money_first = parameter.kind == "money" and entity.kind != "money"
    return money_first, fit_rank(parameter.name, parameter.spec, entity.value)


def _identifier_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """An identifier (an invoice number, a tracking number, a repository): a code the reader
    found (one that mixes letters and digits, or an owner/name slug, before a bare word such as
    "USPS"), else a whole number of five or more digits said as a reference ("order 48213")."""
    codes = [
        e
        for e in span.entities(("code", "path"), owner=parameter.name)
        if e.kind == "code" or SLUG.fullmatch(e.text)  # "vercel/next.js": a repository, too
    ]
    codes.sort(key=lambda e: not any(c.isdigit() or c == "/" for c in e.text))
    numbers = [
        e
        for e in span.entities(("number",), owner=parameter.name)
        if isinstance(e.value, int) and len(e.text) >= REFERENCE_DIGITS and e.text.isdigit()
    ]
    found = next(iter([*codes, *numbers]), None)
    if found is None:
        return None
    span.take(found)
    numbered = _numbered_series(found, span)
    if numbered is not None:
        return Filling(parameter.name, numbered, numbered)
    return Filling(parameter.name, found.text if found in numbers else found.value, found.text)


def _numbered_series(code: Entity, span: Span) -> str | None:
    """A series name and the number after it are one identifier ("KTX 105", "OZ 521"): the
    letters alone name no single thing."""
    after = next(
        (e for e in span.request.entities if e.kind == "number" and 0 < e.start - code.end <= 1),
        None,
    )
    if after is None or any(c.isdigit() for c in code.text) or not after.text.isdigit():
        return None
    span.take(after)
    return f"{code.text} {after.text}"


def _person_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """A person: one the request names (or their handle), else a capitalised name."""
    known = _entity_value(parameter, span, tool)
    if known is not None:
        return known
    named = (_korean_addressee(span) if span.request.korean else None) or _proper_name(span)
    if named:
        return Filling(parameter.name, named, named)
    quoted = span.entities(("quoted",), owner=parameter.name)
    if quoted:
        span.take(quoted[0])
        return Filling(parameter.name, str(quoted[0].value), quoted[0].text)
    return None


KOREAN_ADDRESSEE = re.compile(  # up to three words before 에게/한테/께/에, from a word's start
    r"(?<![가-힣A-Za-z0-9()])((?:[가-힣A-Za-z0-9()]{1,20}\s){0,2}?[가-힣A-Za-z0-9()]{1,20}?)"
    r"(?:에게|한테|께|에)(?=\s)"
)


def _korean_addressee(span: Span) -> str | None:
    """Who a Korean request addresses, when the name is no word the lexicon knows: the words
    before 에게/한테/께/에 ("주식회사 한빛에 청구서": 주식회사 한빛), as many of the last
    ones as are names (not "오늘", not "회의실", no value another parameter took)."""
    text = span.request.window or span.request.text
    for match in KOREAN_ADDRESSEE.finditer(text, span.start, span.end):
        said = match.group(1).split()
        while said and not all(_unknown_name(w) for w in said):
            said = said[1:]
        begin = match.end(1) - len(" ".join(said))
        values = span.request.entities_in(begin - 1, match.end(1))
        if said and not values and not span.is_used(begin):
            span.use(begin, match.end(1))
            return " ".join(said)
    return None


def _unknown_name(word: str) -> bool:
    """Whether a Korean word is no word the lexicon or glossary knows (a name, not a thing)."""
    return word not in concept_index() and word not in KOREAN_ENGLISH and not word.isdigit()


def _place_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """A place: one the gazetteer knows, else a capitalised name after a preposition of place
    ("in Atlantis": English puts a place's name after in/at/to/from/near)."""
    known = _entity_value(parameter, span, tool)
    if known is not None:
        return known
    named = _korean_place_name(span) if parameter.role is None else None
    if named is not None:
        return Filling(parameter.name, named, named)
    for match in _place_phrases(parameter, span):
        start = span.start + match.start(1)
        inside = span.request.entities_in(start, span.start + match.end(1))
        relative = match.group(1) in RELATIVE_PLACES or _after_a_number(span, start)
        relative = relative or _inside_a_value(span, start, span.start + match.end(1))
        if not relative and not span.is_used(start) and all(e.kind == "person" for e in inside):
            span.use(start, span.start + match.end(1))
            return Filling(parameter.name, match.group(1), match.group(0))
    return None


KOREAN_PLACE_NAME = re.compile(  # 망원동, 해운대구, 판교역: a name and the kind of place it is
    r"(?<![가-힣0-9])([가-힣]{2,8}(?:동|구|군|읍|면|리|역|시))(?:에서|에|으로|로|까지|의)?(?![가-힣])"
)


def _korean_place_name(span: Span) -> str | None:
    """A Korean place the gazetteer does not know, by the word for its kind written onto its
    name (동, 구, 역...: "망원동 전세", "판교역 근처"), when the lexicon does not know the word."""
    text = span.request.window or span.request.text
    for match in KOREAN_PLACE_NAME.finditer(text, span.start, span.end):
        name = match.group(1)
        if _unknown_name(name) and not span.is_used(match.start(1)):
            span.use(match.start(1), match.end(1))
            return name
    return None


def _inside_a_value(span: Span, start: int, end: int) -> bool:
    """Whether words overlap a typed value ("오후 3시에": a time said with 에 is when, not
    where)."""
    return any(
        e.start < end and start < e.end and e.kind in TYPED_KINDS | {"number", "quantity"}
        for e in span.request.entities
    )


def _after_a_number(span: Span, position: int) -> bool:
    """Whether a word follows a number ("3억 이하로": a bound, not a place)."""
    return any(
        0 <= position - e.end <= 1 for e in span.request.entities if e.kind in ("money", "number")
    )


def _place_phrases(parameter: Parameter, span: Span) -> list[re.Match[str]]:
    """Places the gazetteer does not know, found by the words languages put around places:
    "from the Louvre", "to the airport" (English), 잠실에서, 올림픽공원까지, 서울역 근처 (Korean).
    The target end of a route takes the one after "to" (or before 까지), the source the other."""
    found = [*ENGLISH_PLACE.finditer(span.text), *KOREAN_PLACE.finditer(span.text)]
    if parameter.role is not None:  # "여의도 가는": a verb of going marks the end, too
        found += KOREAN_GOING_TO.finditer(span.text)
    found.sort(key=lambda m: m.start())
    targets = [m for m in found if _end_marked(span.text, m.start(1), m.end(1)) == "target"]
    if parameter.role == "target":
        return targets
    if parameter.role == "source":
        return [m for m in found if m not in targets]
    return found


def _facet(kind: str) -> str:
    """Which facet of an entity a parameter of this kind uses: "100 USD" gives an amount and a
    currency, "May 20 at 7:30pm" a date and a time."""
    facets = {
        "currency": "currency", "enum": "currency", "date": "date", "time": "time", "unit": "unit",
    }  # fmt: skip
    return facets.get(kind, "value")


def _ordered(parameter: Parameter, candidates: list[Entity], span: Span) -> list[Entity]:
    """Candidates in the order a pair's end wants them: the target end ("to_currency") takes
    what the words around it mark as the destination ("to EUR", "in yen", "원화로"), the source
    end what they do not."""
    if parameter.role is None or (parameter.role == "target" and len(candidates) < 2):
        return candidates
    if parameter.kind == "unit":  # "how many kg is 12 pounds": the unit with the amount is
        measured = parameter.role == "source"  # the source, a unit said alone the target
        candidates = sorted(candidates, key=lambda e: (e.kind == "quantity") != measured)
        if {e.kind for e in candidates} == {"quantity", "unit"}:  # "ounces in half a kilo":
            return candidates  # what was measured settles it, not the "in" before it
    marked = [e for e in candidates if _marked_as_target(span.request.text, e)]
    unmarked = [e for e in candidates if e not in marked]
    if parameter.role == "target":
        return marked + unmarked if marked else candidates[1:] + candidates[:1]
    text = span.request.text  # the source end: a value marked as the source first
    return sorted(unmarked, key=lambda e: _end_marked(text, e.start, e.end) != "source")


def _marked_as_target(text: str, entity: Entity) -> bool:
    """Whether the words around a value say it is the destination: "to"/"into"/"in" before it
    (English), 로/으로/까지 or a verb of going or arriving after it (Korean)."""
    if entity.kind in ("date", "time", "datetime"):  # a day "for"/로 is when, not the end
        before = text[max(0, entity.start - 12) : entity.start]
        return bool(TIME_END_BEFORE.search(before) or text.startswith("까지", entity.end))
    return _end_marked(text, entity.start, entity.end) == "target"


def _end_of(text: str, entity: Entity) -> str:
    """The end of a pair the words around a value mark it as: the target, else the source (a
    value said with no mark is read as the source: "convert 100 USD to EUR")."""
    return "target" if _marked_as_target(text, entity) else "source"


TARGET_BEFORE = re.compile(r"(?i)\b(?:to|into|in|for|towards?|reach|reaching)\s+(?:the\s+)?$")
SOURCE_BEFORE = re.compile(r"(?i)\b(?:from|leaving|departing|out\s+of)\s+(?:the\s+)?$")
TARGET_AFTER = re.compile(  # 부산으로, 부산까지, 부산 가는, 부산행, 판교역 도착, 울릉도 들어가는
    r"(?:으로|로|까지|행(?![가-힣])|에?\s?(?:들어)?(?:가는|가려|가고|가서|갈|가자|가야|간다|도착))"
)
SOURCE_AFTER = re.compile(r"(?:에서|발(?![가-힣]))(?!\s?까지)|\s?(?:에서\s?)?출발")


def _end_marked(text: str, start: int, end: int) -> str | None:
    """Which end of a route the words around a place say it is: "from"/"leaving" before it, or
    에서/출발 after it, the source; "to"/"into" before it, or 로/까지/행 or a verb of going or
    arriving (가는, 도착) after it, the target (Korean marks a place's role after it, English
    before it); None when they say neither."""
    before = text[max(0, start - 16) : start]
    after = text[end : end + 8]
    if SOURCE_BEFORE.search(before) or SOURCE_AFTER.match(after):
        return "source"
    if TARGET_BEFORE.search(before) or TARGET_AFTER.match(after):
        return "target"
    return None


TIME_END_BEFORE = re.compile(r"(?i)\b(?:to|until|till|through|thru)\s+(?:the\s+)?$")


def convert(parameter: Parameter, entity: Entity) -> Any:
    """An entity's value in the form the parameter wants (minutes, an ISO code, a date format)."""
    converter = CONVERTERS.get(parameter.kind)
    return converter(parameter, entity) if converter else entity.value


def _as_number(parameter: Parameter, entity: Entity) -> Any:
    """A number, an amount or a quantity as a JSON number (an integer when the schema says so),
    in the unit the parameter counts in (measures.py: "5 miles" to `distance_km`)."""
    value = amount_in(parameter.name, parameter.spec, entity.value)
    if not isinstance(value, (int, float)):
        return None
    return _numeric(value, parameter.spec)


def _numeric(value: float, spec: dict[str, Any]) -> int | float:
    """A number as the schema's type: integers whole, other numbers as they are."""
    if json_type(spec) == "integer" or float(value).is_integer():
        return int(round(value))
    return value


def _as_duration(parameter: Parameter, entity: Entity) -> Any:
    """A duration in the unit the parameter counts in (its name or description says which)."""
    seconds = entity.value.get("seconds") if isinstance(entity.value, dict) else None
    if not isinstance(seconds, (int, float)):
        return None
    amount = duration_in(seconds, SECONDS[parameter.unit or "seconds"])
    if json_type(parameter.spec) == "string":
        return f"{_numeric(amount, {})} {parameter.unit}"
    return _numeric(amount, parameter.spec)


def _as_currency(parameter: Parameter, entity: Entity) -> Any:
    """An ISO currency code, from a currency or from an amount of money; a weight said in
    pounds is GBP to a parameter that wants a currency (the parameter's type decides)."""
    if entity.kind in ("quantity", "unit"):
        return "GBP" if is_pound(entity) else None
    if isinstance(entity.value, dict):
        return entity.value.get("currency")
    return entity.value


def _as_date(parameter: Parameter, entity: Entity) -> Any:
    """A date (YYYY-MM-DD unless the description asks for another format)."""
    date = date_asked(f"{parameter.name} {_description_of(parameter)}", entity)
    year, month, day = date.split("-") if date.count("-") == 2 else ("", "", "")
    formats = {
        "MM/DD/YYYY": f"{month}/{day}/{year}", "DD/MM/YYYY": f"{day}/{month}/{year}",
        "DD.MM.YYYY": f"{day}.{month}.{year}", "YYYY/MM/DD": f"{year}/{month}/{day}",
        "YYYY-MM": f"{year}-{month}",
    }  # fmt: skip
    return formats.get(parameter.unit or "", date)


STAY = re.compile(r"(?i)(\d{1,2})\s?(?:박|nights?)(?![A-Za-z])")


def _date_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """A date the user said; for the end of a range not said, the start plus the nights of a
    stay ("금요일부터 2박", "from May 3 for 4 nights": the stay ends that many days later)."""
    known = _entity_value(parameter, span, tool)
    stay = STAY.search(span.request.text) if parameter.role == "target" else None
    if known is not None or stay is None:
        return known
    text = span.request.text
    starts = [
        e for e in span.request.entities if e.kind == "date" and not _marked_as_target(text, e)
    ]
    if not starts:
        return None
    end = date_type.fromisoformat(str(starts[0].value)[:10]) + timedelta(days=int(stay.group(1)))
    value = convert(
        parameter, Entity("date", stay.group(), stay.start(), stay.end(), end.isoformat())
    )
    return Filling(parameter.name, value, stay.group())


def _as_time(parameter: Parameter, entity: Entity) -> Any:
    """A time of day, HH:MM; a day's part said with no clock time ("tomorrow evening") gives
    no time of day to a parameter that wants one (the model asks for it)."""
    value = str(entity.value)
    if entity.kind == "datetime" and not CLOCK_SAID.search(entity.text):
        return None
    return value[11:16] if "T" in value else value


CLOCK_SAID = re.compile(r"(?i)\d|시|noon|midday|midnight|정오|자정|o['’]clock|past|quarter")


def _as_unit(parameter: Parameter, entity: Entity) -> Any:
    """A unit of measure: a quantity's unit ("98.6 Fahrenheit"), or a unit said alone."""
    return entity.value.get("unit") if isinstance(entity.value, dict) else entity.value


def _as_language(parameter: Parameter, entity: Entity) -> Any:
    """A language as its code when the parameter asks for a code, else by its name."""
    value = entity.value if isinstance(entity.value, dict) else {}
    text = f"{parameter.name} {parameter.spec.get('description', '')}".lower()
    wants_code = "code" in text or "iso" in text or "639" in text
    return value.get("code") if wants_code else value.get("name")


def _as_place(parameter: Parameter, entity: Entity) -> Any:
    """A place by its name, or by its main airport's IATA code when the parameter's pattern
    takes a code and not a name (search_flights(origin="ICN")); a parameter described in
    Korean takes a place the user wrote in Korean as written (부산, not Busan)."""
    pattern = parameter.spec.get("pattern")
    name = entity.value if isinstance(entity.value, str) else None
    korean = _written_in_korean(_description_of(parameter)) and HANGUL.search(entity.text)
    if korean and not isinstance(pattern, str):  # "출발역 (예: 서울)": 서울 as written
        return entity.text
    if not isinstance(pattern, str) or name is None or re.search(pattern, name):
        return entity.value
    code = AIRPORTS.get(name)
    return code if code is not None and re.search(pattern, code) else None


def _written_in_korean(text: str) -> bool:
    """Whether a description is written in Korean: more Hangul than Latin letters (an English
    description with a Korean example, e.g. "Beijing" or "베이징", is English)."""
    hangul = len(HANGUL.findall(text))
    return hangul > 0 and hangul >= sum(c.isascii() and c.isalpha() for c in text)


def _datetime_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """A date and time together: a datetime said at once, or a date and a time said apart (a
    date alone when the description's format has no time: "Due date YYYY-MM-DD")."""
    if "YYYY" in (parameter.unit or ""):
        return _date_value(parameter, span, tool)
    whole = span.entities(("datetime",), owner=parameter.name)
    if whole:
        span.take(whole[0])
        return Filling(parameter.name, str(whole[0].value)[:16], whole[0].text)
    dates = span.entities(("date",), owner=parameter.name)
    times = span.entities(("time",), owner=parameter.name)
    if not dates:
        return _now(parameter, span)
    span.take(dates[0])
    clock = str(times[0].value) if times else "09:00"
    return Filling(parameter.name, f"{dates[0].value}T{clock}", dates[0].text)


NOW = re.compile(r"(?i)\b(?:right now|now|immediately)\b|지금|당장")


def _now(parameter: Parameter, span: Span) -> Filling | None:
    """ "Now" ("right now", "지금") for a required moment that starts something: the clock's
    time (the fixed CLOCK), as a model fills "now" from the date it is given."""
    said = NOW.search(span.text)
    if said is None or not parameter.required or parameter.role == "target":
        return None
    return Filling(parameter.name, CLOCK.strftime("%Y-%m-%dT%H:%M"), said.group())


def _expression_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """The arithmetic the user said, written as an expression ("1234.5 * 6789 / 3", "187000 / 4"
    for "split 187,000 won between 4 people"): composing.arithmetic; a power as the
    description writes it ("2^100" when its example uses ^)."""
    request = span.request
    written = arithmetic(request.window or request.text, request.entities, span.start, span.end)
    if written is None:
        return None
    if "^" in _description_of(parameter) and "**" not in _description_of(parameter):
        written = written.replace("**", "^")
    return Filling(parameter.name, written, span.text.strip())


def _composed(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """Text a parameter asks to be written rather than quoted (composing.py): an SQL query
    from a question about the tables the tool lists, a program that computes what is asked."""
    if json_type(parameter.spec) != "string" or parameter.kind == "enum":
        return None
    description = _description_of(parameter)
    tool_text = f"{' '.join(tool.name.split('_'))} {tool.description}"
    request = span.request
    text = request.window or request.text
    if asks_for_sql(parameter.name, description, tool_text):
        tables = tables_in(f"{tool.description} {parameter.spec.get('description', '')}")
        entities = request.entities_in(span.start, span.end)
        query = sql_query(text, entities, tables) if tables else None
        return _read_whole(parameter, span, query)
    if asks_for_code(parameter.name, description, tool_text):
        expression = arithmetic(text, request.entities, span.start, span.end)
        language = language_named(span.text, _languages_offered(tool))
        return _read_whole(parameter, span, program(language, expression) if expression else None)
    return None


def _read_whole(parameter: Parameter, span: Span, written: str | None) -> Filling | None:
    """A value written from the whole task: the values it read are taken (the numbers of "2의
    100제곱" are the program's, not a timeout's)."""
    if written is None:
        return None
    for entity in span.request.entities_in(span.start, span.end):
        span.take(entity)
    return Filling(parameter.name, written, span.text.strip())


def _languages_offered(tool: ToolReading) -> list[str]:
    """The programming languages a tool's language parameter offers (its enum), in order."""
    for parameter in tool.parameters:
        if "lang" in parameter.name.lower() and parameter.kind == "enum":
            return [str(m).lower() for m in parameter.spec.get("enum") or []]
    return []


def _enum_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """The choice the request names: a member that is a value the user said (a currency, a
    language code, a number), else a member the user's words say, else another word for it
    (ENUM_SYNONYMS), else one whose meaning they say."""
    members = list(parameter.spec.get("enum") or [parameter.spec.get("const")])
    kinds = ("currency", "money", "language", "code", "place", "number", "quantity", "unit")
    for entity in _ordered(parameter, span.entities(kinds, "currency", parameter.name), span):
        for member in members:
            if _names_member(entity, member):
                span.take(entity, "currency")
                if entity.kind == "place":  # "베란다에" named the balcony: no name's words
                    span.used.append((entity.start, entity.end))
                return Filling(parameter.name, member, entity.text)
    period = _period_member(members, span)
    if period is not None:
        return Filling(parameter.name, period, period)
    coding = _language_member(members, span)
    if coding is not None:
        return Filling(parameter.name, coding, coding)
    said = _concepts_in(span)
    named = [m for m in members if isinstance(m, str) and _member_concepts(m, True) & said]
    named = [m for m in named if _letter_said(m, span.text)]
    if named:
        _use_named_choice(span, parameter, named[0])
        return Filling(parameter.name, named[0], named[0])
    inside = [e for e in span.request.entities_in(span.start, span.end) if not span.is_taken(e)]
    described = str(parameter.spec.get("description") or "")  # as written: "S: 2-3명"
    whole = span.request.window or span.request.text  # entities are placed in the whole text
    other = (
        member_by_code(members, whole, inside, described, parameter.name)
        or _member_by_synonym(members, span)
        or member_beyond_words(
            members, span.words, inside, _window_of(span), _description_of(parameter)
        )
    )
    other = other or (_sole_scale(parameter, tool) and member_by_scale(members, _window_of(span)))
    other = other or (_sole_numbered(parameter, tool) and member_at_extreme(members, span.text))
    other = other or _member_for_none(members, parameter, _window_of(span))
    other = other or member_by_description(members, described, list(span.words))
    if other:  # another word for the choice says more than a broad shared concept
        _use_word(span, str(other[1]))  # "베란다에": the balcony is the choice's word, no name
        return Filling(parameter.name, other[0], other[1])
    meant = _member_by_meaning(members, said)
    if meant is None and parameter.required and not parameter.nullable:  # null says "not told"
        return _implied_member(parameter, members, span)
    return Filling(parameter.name, meant, meant) if meant is not None else None


def _implied_member(parameter: Parameter, members: list[Any], span: Span) -> Filling | None:
    """A required choice the request implies without naming it: a device it works is on, the
    country of the currency its amounts are in, the metric unit (choices.switched_on_member,
    country_of_currency, metric_member)."""
    entities = span.request.entities_in(span.start, span.end)
    implied = switched_on_member(members, span.text)
    implied = implied if implied is not None else country_of_currency(members, entities)
    implied = implied if implied is not None else metric_member(members)
    return Filling(parameter.name, implied, "implied") if implied is not None else None


def _letter_said(member: str, text: str) -> bool:
    """Whether a one-letter choice ("A", "S") is said: written as a capital letter ("plan C"),
    not the article "a" or the pronoun "i"; a longer choice always is."""
    if len(member) != 1 or not member.isalpha():
        return True
    return re.search(rf"(?<![A-Za-z]){re.escape(member.upper())}(?![A-Za-z])", text) is not None


WITHOUT_KO = r"(?:없이|빼고|넣지\s?마|안\s?넣|없는|제로)"  # "설탕 없이", "얼음 빼고"
NONE_MEMBERS = frozenset("none no zero off nothing without 없음 무 안함".split())


def _member_for_none(members: list[Any], parameter: Parameter, text: str) -> tuple[Any, str] | None:
    """The "none" choice when the request says none of what the parameter measures ("no
    sugar", "설탕 없이", "ice-free" for a sugar or an ice level): its name's words, in English or
    Korean, with a word of absence."""
    empty = [m for m in members if str(m).lower() in NONE_MEMBERS]
    if len(empty) != 1:
        return None
    for part in (p for p in re.split(r"[\W_]+", parameter.name.lower()) if len(p) > 2):
        english = rf"(?i)\b(?:no|without|zero|skip(?:\s+the)?)\s+{part}\b|\b{part}[-\s]free\b"
        said = re.search(english, text)
        for korean in korean_words_for(part):
            said = said or re.search(rf"{korean}\S*\s?{WITHOUT_KO}", text)
        if said is not None:
            return empty[0], said.group()
    return None


def _sole_scale(parameter: Parameter, tool: ToolReading) -> bool:
    """Whether this is the tool's one choice of degree (a spice level, a difficulty): a degree
    the request says ("아주 맵게") is then this parameter's, not another scale's."""
    scales = [p.name for p in tool.parameters if is_scale(list(p.spec.get("enum") or []))]
    return scales == [parameter.name]


def _sole_numbered(parameter: Parameter, tool: ToolReading) -> bool:
    """Whether this is the tool's one choice of numbered members (a resolution, a length): a
    superlative the request says ("the highest") is then this parameter's."""
    numbered = [p.name for p in tool.parameters if numbered_scale(list(p.spec.get("enum") or []))]
    return numbered == [parameter.name]


def _use_word(span: Span, said: str) -> None:
    """Mark the first place a word is said in the span as used by a parameter (no free text or
    name takes it; the values inside stay free for other choices: "월요일하고 수요일")."""
    at = span.text.find(said) if said else -1
    if at >= 0 and not span.is_used(span.start + at):  # its words only: values stay untaken
        span.used.append((span.start + at, span.start + at + len(said)))


def _window_of(span: Span) -> str:
    """The span's text as read (a long paste's middle blank: request.window)."""
    return (span.request.window or span.request.text)[span.start : span.end]


def _member_by_meaning(members: list[Any], said: set[str]) -> str | None:
    """The choice a concept said means, when that concept belongs to this choice alone ("ran"
    means running); a concept several choices share (exercise: running, cycling, swimming)
    names none of them."""
    choices = [m for m in members if isinstance(m, str)]
    for member in choices:
        for concept in _member_concepts(member, False) & said:
            if sum(concept in _member_concepts(m, False) for m in choices) == 1:
                return member
    return None


def _use_named_choice(span: Span, parameter: Parameter, member: str) -> None:
    """A choice said next to its parameter's name ("high priority", "priority: low") is the
    parameter's: both words are used, so no free text takes them."""
    parts = {p for p in re.split(r"[\W_]+", member.lower()) if p}
    names = {p for p in re.split(r"[\W_]+", parameter.name.lower()) if len(p) > 2}
    said = list(span.words)
    for i, word in enumerate(said):
        if not _word_forms(word) & parts:
            continue
        beside = [
            w for w in said[max(0, i - 1) : i + 2] if w is not word and _word_forms(w) & names
        ]
        if beside:
            span.use(min(word.start, beside[0].start), max(word.end, beside[0].end))


def _language_member(members: list[Any], span: Span) -> Any:
    """The programming language the request names, when the choices are languages ("파이썬으로"
    for python, "in JS" for javascript): composing.language_said."""
    offered = {str(m).lower(): m for m in members}
    said = language_said(span.text, list(offered)) if set(offered) & set(LANGUAGE_NAMES) else None
    return offered[said] if said else None


def _names_member(entity: Entity, member: Any) -> bool:
    """Whether a value said is this choice: a code or name it goes by ("EUR", "ko"), or the
    same number (1.5 for a speed of 1.5)."""
    if entity.kind == "number":
        return (
            isinstance(member, (int, float))
            and not isinstance(member, bool)
            and (member == entity.value)
        )
    return str(member).lower() in _entity_names(entity)


def _member_by_synonym(members: list[Any], span: Span) -> tuple[Any, str] | None:
    """A choice named by another word for it, in English or Korean (lexicon_entities.
    ENUM_SYNONYMS: "vegetarian" <- 채식, "damaged" <- cracked/깨지다, "adult" <- 성인)."""
    text = span.text.lower()
    lemmas = {w.lemma.lower() for w in span.words}
    for member in members:
        key = str(member).lower().replace("_", " ").replace("-", " ")
        for word in filter(None, ENUM_SYNONYMS.get(key, "").split(", ")):
            korean = not word.isascii()
            said = (korean and said_from_word_start(word, text)) or word in lemmas
            said = said or _says_phrase(word, text)
            if said and not _negated_word(word, text):
                return member, word
    return None


NEGATED_WORD = re.compile(r"(?:\bnot|\bno|\bnever|n't)\s+(?:\w+\s+)?$")


def _negated_word(word: str, text: str) -> bool:
    """Whether a lower-case text says an English word only negated ("it's not important")."""
    at = text.find(word)
    return word.isascii() and at > 0 and NEGATED_WORD.search(text, max(0, at - 16), at) is not None


def _says_phrase(phrase: str, text: str) -> bool:
    """Whether a lower-case text says an English word or phrase as whole words."""
    return re.search(rf"(?<!\w){re.escape(phrase)}(?!\w)", text) is not None


PERIOD_CODE = re.compile(r"(?i)(\d+)\s?(d|days?|w|wk|weeks?|m|mo|mon|months?|y|yr|years?)")
PERIOD_UNITS = {"d": "day", "w": "week", "m": "month", "y": "year"}  # a code's unit, by letter


def _period_member(members: list[Any], span: Span) -> str | None:
    """An enum of period codes ("1d", "6mo", "1y") takes the one whose length a duration the
    request says has: "the last 6 months" -> "6mo", "1년" -> "1y"."""
    said = {
        e.value.get("seconds")
        for e in span.request.entities_in(span.start, span.end)
        if e.kind == "duration" and isinstance(e.value, dict)
    }
    for member in members:
        code = PERIOD_CODE.fullmatch(member) if isinstance(member, str) else None
        if code and _period_seconds(code.group(1), code.group(2)) in said:
            return member
    return None


def _period_seconds(count: str, unit: str) -> int:
    """A period code's length in seconds: ("6", "mo") -> six months."""
    return int(count) * TIME_UNITS[PERIOD_UNITS[unit[0].lower()]]


def _entity_names(entity: Entity) -> set[str]:
    """The lower-cased names an entity's value goes by (a currency code, a language code...)."""
    value = entity.value
    if isinstance(value, dict):
        return {str(v).lower() for v in value.values() if isinstance(v, str)}
    return {str(value).lower()}


def _member_concepts(member: str, exact: bool) -> set[str]:
    """What an enum member says: its words ("=museum"), or (not exact) their concepts."""
    parts = [p for p in re.split(r"[\W_]+", member.lower()) if p]
    if exact:  # a plural member is said in the singular too ("weekdays": every weekday)
        return {f"={form}" for p in parts for form in (p, _singular(p))}
    index = concept_index()
    return {c for p in parts for form in (p, english_lemma(p)[0]) for c in index.get(form, ())}


def _singular(word: str) -> str:
    """A plural English noun's singular ("weekdays" -> "weekday"); other words as they are."""
    lemma, tag = english_lemma(word)
    return lemma if tag == "NOUN" else word


def _parts(token: str) -> set[str]:
    """A written word and what it names: its hyphened parts ("well-done"), and the noun of a
    possessive ("groom's side" names the groom)."""
    return {token, token.removesuffix("'s"), *token.split("-")}


def _concepts_in(span: Span) -> set[str]:
    """The request's words as concepts ("=word") and their unambiguous meanings, in this span;
    not the words of a value another parameter took (the "png" of "banner.png" is a file's
    name, not the format asked for)."""
    taken = [(e.start, e.end) for e in span.request.entities if span.is_taken(e)]
    tokens = [
        m.group().lower()
        for m in RAW_WORD.finditer(span.text)
        if not any(a <= span.start + m.start() < b for a, b in taken)
    ]
    found = {f"={part}" for token in tokens for part in _parts(token) if part}
    found |= {f"={strip_korean_particle(t)}" for t in tokens if not t.isascii()}  # 손세탁으로
    for word in span.words:
        if is_content(word) and not any(a <= word.start < b for a, b in taken):
            found |= {f"={word.text.lower()}", f"={word.lemma.lower()}"}
            senses = meanings(word)
            found |= set(senses) if len(senses) == 1 else set()
    return found


def _boolean_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """True when the request says the parameter's word (in English, or a Korean word for it:
    "셔플로" says shuffle), False when it negates it ("no shuffle", "셔플 없이"); the word is
    the parameter's, not free text's."""
    cues = _flag_words(parameter.name)
    words = list(span.words)
    for i, word in enumerate(words):
        if _word_forms(word) & cues:
            around = words[max(0, i - 3) : i] + (
                words[i + 1 : i + 3] if span.request.korean else []
            )
            negated = any(w.text.lower() in NEGATION for w in around)
            after = KOREAN_NEGATION_AFTER.match(span.request.text, word.end)
            negated = negated or after is not None
            span.use(word.start, after.end() if after else word.end)  # "반복 없이": both words
            return Filling(parameter.name, not negated, word.text)
    return _korean_flag_said(parameter, span) or _option_said(parameter, span)


KOREAN_FLAG_WORDS = {  # the Korean words (stems, said from a word's start) for common flags
    "urgent": "긴급 급하 급한 급해 급히", "rush": "급하 급한 급해 급히", "express": "특급 빠른",
    "internal": "내부 사내", "pin": "고정", "pinned": "고정", "public": "공개",
    "private": "비공개 나만", "anonymous": "익명", "negotiable": "네고 흥정 가격 조정",
    "negotiate": "네고 흥정", "beginner": "초보 처음", "first": "처음",
    "recurring": "반복 매주 매일", "repeat": "반복", "notify": "알림", "notification": "알림",
    "alert": "알림 경보",
    "reminder": "알림 리마인더", "gift": "선물", "wrap": "포장", "wrapped": "포장",
    "fragile": "파손 깨지기", "insured": "보험", "insurance": "보험", "signature": "서명",
    "refundable": "환불", "spicy": "맵게 매운 맵기", "decaf": "디카페인", "hot": "뜨거운 따뜻한",
    "iced": "아이스 얼음 차갑게", "ice": "얼음", "sugar": "설탕 시럽", "vegetarian": "채식",
    "vegan": "비건", "parking": "주차", "breakfast": "조식", "smoking": "흡연",
    "pets": "반려동물 애완", "pet": "반려동물 애완", "wheelchair": "휠체어",
    "silent": "무음 조용히", "quiet": "조용히 무음", "push": "푸시", "sound": "소리",
    "mute": "음소거", "muted": "음소거", "receipt": "영수증", "draft": "초안 임시", "tip": "팁",
}  # fmt: skip
KOREAN_FLAG = r"(?<![가-힣])([비무미불])?"  # a negating prefix fused to the word: 비공개, 무음


def _korean_flag_said(parameter: Parameter, span: Span) -> Filling | None:
    """A flag a Korean request states by the Korean word for it ("내부 메모로" says internal,
    "급하니까" urgent): true, false when a prefix or what follows negates it ("비공개로",
    "네고 불가", "흥정 안 받아")."""
    if not span.request.korean:
        return None
    parts = _flag_words(parameter.name)
    stems = [stem for part in sorted(parts) for stem in KOREAN_FLAG_WORDS.get(part, "").split()]
    for stem in stems:
        said = re.search(KOREAN_FLAG + re.escape(stem), span.text)
        if said is None:
            continue
        end = span.start + said.end()
        after = KOREAN_NEGATION_AFTER.match(span.request.text, end)
        span.use(span.start + said.start(), after.end() if after else end)
        return Filling(parameter.name, not (said.group(1) or after), said.group())
    return None


def _flag_words(name: str) -> set[str]:
    """The words of a flag's name and their dictionary forms: "iced" is said by "ice", "sliced"
    by "slice" ("without ice", "don't slice it")."""
    parts = {p for p in re.split(r"[\W_]+", name.lower()) if len(p) > 2} - {"is", "has"}
    return parts | {english_lemma(p)[0] for p in parts} | _derived_forms(parts)


def _derived_forms(parts: set[str]) -> set[str]:
    """The words English derives from a flag's word, which say it as well: its noun
    ("notify": notification, "no notifications") and its adverb ("anonymous": anonymously,
    "quiet": quietly)."""
    nouns = {p[:-1] + "ication" for p in parts if p.endswith("fy")}
    adverbs = {p + "ly" for p in parts if not p.endswith("ly")}
    return nouns | adverbs


# a Korean flag's word negated by what follows it: "얼음 빼고", "알림은 보내지 마", "포장은 필요
# 없어", "알림 안 보내도 돼" (a particle, then a negating word or a verb ending in 지 마/않)
KOREAN_NEGATION_AFTER = re.compile(
    r"\S*\s?(?:없이|말고|빼고|끄고|하지\s?마|안\s\S|\S*지\s?(?:마|말|않)|필요\s?없|없어|없음|불가)"
)
KOREAN_NEGATING_PREFIX = re.compile(r"(?<![가-힣])[비무미불]$")  # 비공개, 불필요: not public


def _option_said(parameter: Parameter, span: Span) -> Filling | None:
    """An option said by another word for it, in either language ("셔플로" for `shuffle`):
    true, or false when Korean negates it after ("셔플 말고")."""
    option = parameter.name.lower().replace("_", " ").replace("-", " ")
    found = _member_by_synonym([option, *option.split()], span)
    if found is None:
        return _opposite_said(parameter, span) or _switched(parameter, span)
    at = span.text.lower().find(found[1])
    negated = at >= 0 and KOREAN_NEGATION_AFTER.match(span.text, at + len(found[1])) is not None
    negated = negated or (at > 0 and KOREAN_NEGATING_PREFIX.search(span.text, 0, at) is not None)
    if at >= 0:  # the option's word is no part of a query or a title
        span.use(span.start + at, span.start + at + len(found[1]))
    return Filling(parameter.name, not negated, found[1])


OPPOSITE_FLAGS = {  # a flag's word and the words for its opposite state
    "public": "private hidden", "private": "public shared", "visible": "hidden hide invisible",
    "hidden": "visible shown show", "online": "offline", "offline": "online",
    "internal": "public", "indoor": "outdoor outside", "outdoor": "indoor inside",
    "paid": "free", "free": "paid", "locked": "unlocked", "unlocked": "locked",
    "open": "closed", "closed": "open", "required": "optional", "optional": "required",
    "anonymous": "named signed", "silent": "loud notify notification", "muted": "unmuted",
    "quiet": "loud notify notification", "notify": "silent silently quietly",
    "notification": "silent silently quietly", "negotiable": "firm fixed",
}  # fmt: skip


def _opposite_said(parameter: Parameter, span: Span) -> Filling | None:
    """A flag the request states by a word for its opposite: false ("make it private" for
    `is_public`, "keep it hidden"), true when that word is negated ("not private")."""
    parts = _flag_words(parameter.name)
    opposites = {word for part in parts for word in OPPOSITE_FLAGS.get(part, "").split()}
    words = list(span.words)
    for i, word in enumerate(words):
        if _word_forms(word) & opposites:
            negated = any(w.text.lower() in NEGATION for w in words[max(0, i - 3) : i])
            span.use(word.start, word.end)
            return Filling(parameter.name, negated, word.text)
    found = _member_by_synonym(sorted(opposites), span) if opposites else None
    return Filling(parameter.name, False, found[1]) if found else None


STATE_WORDS = frozenset("enabled enable active activated on running power state".split())
SWITCHED_ON = re.compile(
    r"(?i)\b(?:turn(?:ed)?\s+on|switch(?:ed)?\s+on|enable|activate|start)|켜|시작|설정"
)
SWITCHED_OFF = re.compile(
    r"(?i)\b(?:turn(?:ed)?\s+off|switch(?:ed)?\s+off|disable|deactivate|stop|cancel)|끄|꺼|중지|해제"
)


def _switched(parameter: Parameter, span: Span) -> Filling | None:
    """A flag that says whether something is on (`enabled`, `running`) takes what the request
    switches: on ("Turn on autopay", "켜줘") or off ("Stop the sprinkler", "꺼줘")."""
    if not set(parameter.name.lower().split("_")) & STATE_WORDS:
        return None
    off, on = SWITCHED_OFF.search(span.text), SWITCHED_ON.search(span.text)
    if off is None and on is None:
        return None
    said = off or on
    return Filling(parameter.name, off is None, said.group() if said else "")


KOREAN_PARTICLES = ("으로", "로", "을", "를", "이", "가", "은", "는", "도", "만")


def _word_forms(word: Word) -> set[str]:
    """A word as written, as its lemma, without a Korean particle kiwi left on it ("셔플로"),
    and the English of those forms (lexicon.GLOSSARY_KO_EN)."""
    forms = {word.text.lower(), word.lemma.lower()}
    forms |= {
        word.text[: -len(p)] for p in KOREAN_PARTICLES
        if word.text.endswith(p) and len(word.text) - len(p) >= 2 and not word.text.isascii()
    }  # fmt: skip
    return forms | {KOREAN_ENGLISH[f] for f in forms if f in KOREAN_ENGLISH}


def _list_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """A list of values of the items' type: every such value the request says."""
    items = resolve(parameter.spec.get("items") or {}, tool.schema)
    kind = _kind_of_items(parameter, items)
    kind = "identifier" if kind == "text" and names_identifiers(parameter.name) else kind
    if kind == "object" and _item_roles(items, tool):
        return _item_objects(parameter, items, span, tool)
    if kind == "object" and _name_property(items, tool):
        return _named_objects(parameter, items, span, tool)
    item = Parameter(
        parameter.name, items if isinstance(items, dict) else {}, kind, False, None, None
    )
    fitting = _pattern_fits(items, kind, span, every=True) if isinstance(items, dict) else []
    if fitting:
        return Filling(parameter.name, fitting, ", ".join(fitting))
    if kind == "enum" and isinstance(items, dict):
        chosen = _choices_named(items.get("enum") or [], span)
        if chosen:
            return Filling(parameter.name, chosen, ", ".join(map(str, chosen)))
    if kind not in FILLED_BY:
        listed = _hashtags(parameter, span) or _named_list(parameter, span)
        listed = listed or _examples_said(parameter, span)
        if listed:
            return Filling(parameter.name, listed, ", ".join(listed))
        if not parameter.required:  # optional labels or tags: only those the user lists
            return None
        found = READERS.get(kind, _text_value)(item, span, tool)
        return Filling(parameter.name, [found.value], found.source) if found else None
    run = _people_run(span) if kind == "person" else []
    listed = _longest_listed(item, span.entities(FILLED_BY[kind], owner=parameter.name), span)
    for entity, _ in listed:
        span.take(entity)
    values = _with_listed_people([value for _, value in listed], run, span)
    return Filling(parameter.name, values, ", ".join(map(str, values))) if values else None


def _longest_listed(
    item: Parameter, entities: list[Entity], span: Span
) -> list[tuple[Entity, Any]]:
    """The values a list holds: the longest run of values listed together ("photos 12, 15 and
    19"), not a lone value said for another role before it ("5x7 prints"); a run the user
    labelled with the list's name, and one in the task's own words, go first."""
    runs: list[list[tuple[Entity, Any]]] = []
    for entity in sorted(entities, key=lambda e: e.start):
        value = convert(item, entity)
        if value is None or any(value == v for run in runs for _, v in run):
            continue
        if runs and _joined(span.request.text, runs[-1][-1][0], entity):
            runs[-1].append((entity, value))
        else:
            runs.append([(entity, value)])
    inside = [run for run in runs if span.start <= run[0][0].start < span.end] or runs[:1]
    return max(inside, key=lambda run: (_labelled_run(run, span), len(run)), default=[])


def _labelled_run(run: list[tuple[Entity, Any]], span: Span) -> bool:
    """Whether the user named the list right before one of a run's values ("photos 12")."""
    return any(entity.start in span.labels for entity, _ in run)


def _people_run(span: Span) -> list[tuple[int, int]]:
    """A run of listed words one of which is a person ("민아, 지훈, 소라랑", "수민하고 태오를"):
    the words listed beside a person are people too, though no name list knows them; with no
    person named anywhere, the list of people is the run itself ("예준하고 서아를")."""
    run = listed_run(span.request, span.start, span.end, lambda a, b: _unclaimed(span, a, b))
    people = [e for e in span.request.entities if e.kind == "person"]
    proper = [w for w in span.words if w.tag == "PROPN"]
    if any(a <= p.start < b for a, b in run for p in [*people, *proper]) or not people:
        return run  # no person named elsewhere: the list's own description says who they are
    return []


def _with_listed_people(values: list[Any], run: list[tuple[int, int]], span: Span) -> list[Any]:
    """The people a list names: the run of listed words when it holds every person found and
    more, else the persons found."""
    text = span.request.window or span.request.text
    said = [text[a:b] for a, b in run]
    held = all(any(str(v) in s or s in str(v) for s in said) for v in values)
    if len(said) <= len(values) or not held:
        return values
    for start, end in run:
        span.use(start, end)
    return said


def _choices_named(members: list[Any], span: Span) -> list[str]:
    """A list of choices takes every choice the request names (choices.members_named), each
    said word used so that no free text takes it."""
    text = span.request.window or span.request.text
    inside = [e for e in span.request.entities_in(span.start, span.end) if not span.is_taken(e)]
    named = members_named(members, text, span.start, span.end, inside, span.words)
    for start, end, _ in named:
        span.used.append((start, end))
    return [member for _, _, member in named]


TAG_WORDS = re.compile(r"(?i)tag|태그|#")


def _hashtags(parameter: Parameter, span: Span) -> list[str]:
    """A list of tags takes every hashtag the user wrote, listed together ("with #hiring and
    #backend", "#맛집 #국밥"): a list collects each value of its kind (conform takes off a sign
    the schema refuses)."""
    if not TAG_WORDS.search(f"{parameter.name} {_description_of(parameter)}"):
        return []
    tags: list[Entity] = []
    for entity in span.entities(("channel",), owner=parameter.name):
        if not entity.text.startswith("#") or entity.value in [t.value for t in tags]:
            continue
        if tags and not _joined(span.request.text, tags[-1], entity):
            break
        tags.append(entity)
    for entity in tags:
        span.take(entity)
    return [str(entity.value) for entity in tags]


# a word, not the next label ("body:"), and not the Korean "and" written onto it ("Docker랑")
LIST_ITEM = r"(?![#\w][\w./#+-]*\s?[:=])[#\w](?:(?!(?<=[A-Za-z0-9])(?:이랑|랑|하고)\s)[\w./#+-])*"
LIST_JOIN = r"(?:\s*(?:,\s*and|,|\band\b|&|및)\s*|(?<=[가-힣A-Za-z0-9])(?:이랑|랑|하고)\s*)"
LONGEST_LIST_SENTENCE = 2000  # characters
KOREAN_JOINED = re.compile(
    r"((?<![가-힣])[가-힣A-Za-z]+(?:이랑|랑|하고)\s?(?:[가-힣A-Za-z]+(?:이랑|랑|하고)\s?)*"
    r"[가-힣A-Za-z]+?)(?:으로|로|을|를|이|가|은|는|만)?(?=\s|$)"
)
LIST_PRONOUNS = r"(?:\s+(?:it|them|this|that|as|with))*"


def _named_list(parameter: Parameter, span: Span) -> list[str]:
    """Words the user lists right after the parameter's name or a word for it ("labels bug and
    p1", "tag it urgent and billing"), up to another label ("body:"); in Korean, right before
    it ("긴급이랑 결제 태그"), or else nouns joined by 랑/하고 ("두부랑 김치로"). A single word
    after the name gives way to a run of items listed elsewhere ("tag photo 12 with sunset,
    beach and family": the tags are the three, not "photo")."""
    phrases = _phrases_after_colon(parameter, span)
    if phrases:
        return phrases
    found = _named_match(parameter, span)
    items = _split_listed(found.group(1)) if found else []
    run = _run_listed(span) if len(items) < 2 and _lists_strings(parameter.spec) else []
    if run:
        return run
    if found is None:
        return []
    span.use(span.start + found.start(1), span.start + found.end(1))
    return items


PHRASE_BREAK = re.compile(r"\s*(?:[,;]\s*(?:(?:and|then|or)\s+)?|\s(?:and then|then)\s)\s*")
LONGEST_PHRASE = 8  # words: a list's phrase ("fold into a square") is short


def _phrases_after_colon(parameter: Parameter, span: Span) -> list[str]:
    """A list its name introduces with a colon runs to the sentence's end, its items the
    phrases between commas ("steps: fold in half, fold into a square, shape the wings",
    "준비물: 물, 간식, 우비"): each item may be several words."""
    stem = parameter.name.lower().split("_")[-1].rstrip("s")
    said = [stem, *LIST_NAMES.get(stem, "").split(), *korean_words_for(stem)]
    names = "|".join(map(re.escape, said))
    found = re.search(rf"(?i)(?<!\w)(?:{names})(?:s|es|은|는)?\s*:\s*([^.?!\n]+)", span.text)
    if found is None:
        return []
    phrases = [p.strip(" \"'") for p in PHRASE_BREAK.split(found.group(1))]
    phrases = [p for p in phrases if p]
    if len(phrases) < 2 or any(len(p.split()) > LONGEST_PHRASE for p in phrases):
        return []
    span.use(span.start + found.start(1), span.start + found.end(1))
    return phrases


def _split_listed(said: str) -> list[str]:
    """The items of a list as said, split at its joiners."""
    items = (item.rstrip(".") for item in re.split(LIST_JOIN, said))
    return [item for item in items if item]


def _run_listed(span: Span) -> list[str]:
    """The items of the longest run of short words listed side by side (nested.listed_run)
    that no other value has taken, each marked used."""
    text = span.request.window or span.request.text
    run = listed_run(span.request, span.start, span.end, lambda a, b: _unclaimed(span, a, b))
    for start, end in run:
        span.use(start, end)
    return [text[start:end] for start, end in run]


def _lists_strings(spec: dict[str, Any]) -> bool:
    """Whether a list's items are plain words: strings, or items that say no type."""
    inner = spec.get("items")
    if not isinstance(inner, dict):
        return True
    return "$ref" not in inner and json_type(inner) in ("string", None)  # a $ref: a defined type


def _lists_said_things(spec: dict[str, Any]) -> bool:
    """Whether a list holds things said by their words: plain words, or objects of a thing's
    properties ("4 neon tetras and 2 guppies": each a name and a count)."""
    inner = spec.get("items")
    return _lists_strings(spec) or isinstance(inner, dict) and bool(inner.get("properties"))


def _unclaimed(span: Span, start: int, end: int) -> bool:
    """Whether no value has taken any part of a stretch of the request, and it names a thing
    (a bare number is a count or a price, not an item of a list of words)."""
    text = span.request.window or span.request.text
    overlapping = [e for e in span.request.entities if e.start < end and start < e.end]
    claimed = any(span.is_used(p) for p in range(start, end)) or any(
        span.is_taken(e) or e.kind in ("money", "date", "datetime", "time") for e in overlapping
    )
    return not claimed and any(c.isalpha() for c in text[start:end])


def _named_match(parameter: Parameter, span: Span) -> re.Match[str] | None:
    """Where the user lists words by the parameter's name (group 1: the listed words)."""
    if len(span.text) > LONGEST_LIST_SENTENCE:  # a paste: its words are no list the user said
        return None
    stem = parameter.name.lower().split("_")[-1].rstrip("s")
    said = [stem, *LIST_NAMES.get(stem, "").split(), *korean_words_for(stem)]
    names = "|".join(map(re.escape, said))
    listed = rf"({LIST_ITEM}(?:{LIST_JOIN}{LIST_ITEM})*)"
    after = re.search(  # "labels bug and p1"; "선택지는 Docker랑 Kubernetes" (a Korean topic)
        rf"(?i)\b(?:{names})(?:s|es|ed|ged|d|은|는)?\b{LIST_PRONOUNS}\s*[:=]?\s*{listed}",
        span.text,
    )
    # the name after a Korean list is a word of its own: "안개꽃" lists 안개꽃, not 안개 (꽃)
    before = re.search(rf"{listed}\s+(?:{names})", span.text) if span.request.korean else None
    found = next((f for f in (after, before) if f and re.search(LIST_JOIN, f.group(1))), None)
    found = found or before or after  # a list said with its "and" first, wherever its name is
    if found is None and span.request.korean:  # "두부랑 김치로": nouns joined by 랑/하고
        found = KOREAN_JOINED.search(span.text)
    return found


@lru_cache(maxsize=1)
def _english_to_korean() -> dict[str, tuple[str, ...]]:
    """The Korean words the glossaries give for each English word (선택지, 선택사항 -> option)."""
    found: dict[str, list[str]] = {}
    for korean, english in KOREAN_ENGLISH.items():
        found.setdefault(english, []).append(korean)
    return {english: tuple(words) for english, words in found.items()}


def korean_words_for(english: str) -> tuple[str, ...]:
    """The Korean words for an English word of a parameter's name ("option": 선택지...)."""
    return _english_to_korean().get(english, ())


def _joined(text: str, first: Entity, second: Entity) -> bool:
    """Whether two values are listed together (entities.listed_together)."""
    return listed_together(text, first, second)


ITEM_NAME_KINDS = frozenset({"text", "title", "body", "query", "person"})


def _item_roles(items: dict[str, Any], tool: ToolReading) -> dict[str, str]:
    """What each property of a listed thing holds, by its type: the thing's name, how many, its
    unit, its price, its currency. A list of such things is read from the items the request
    lists ("2 lattes and a muffin", "my bike for $40 and the lamp for $15"); it needs at least
    a name, and a count or a price."""
    roles: dict[str, str] = {}
    required = set(items.get("required") or [])
    properties = sorted((items.get("properties") or {}).items(), key=lambda p: p[0] not in required)
    for name, raw in properties:  # a required count is the item's own ("quantity", not "shots")
        spec = resolve(raw, tool.schema) if isinstance(raw, dict) else {}
        kind = parameter_kind(name, spec)
        role = {"money": "price", "currency": "currency", "unit": "unit", "count": "count",
                "number": "count"}.get(kind)  # fmt: skip
        role = role or ("name" if kind in ITEM_NAME_KINDS else None)
        role = "options" if role is None and _lists_words(spec) else role
        if role is not None and role not in roles.values():
            roles[name] = role
    said = set(roles.values())
    return roles if "name" in said and ("count" in said or "price" in said) else {}


def _item_objects(
    parameter: Parameter, items: dict[str, Any], span: Span, tool: ToolReading
) -> Filling | None:
    """A list of objects, one per item the request lists, each property filled by its role."""
    roles = _item_roles(items, tool)
    listed = listed_items(span.request, span.start, span.end, span.is_used)
    choices = _item_choices(items, span, tool) if listed else {}
    objects = []
    for item in listed:
        name, options = _item_options(item, items, roles, tool)
        said = {
            "name": name, "count": item.count, "unit": item.unit, "options": options,
            "price": _as_number(parameter, item.price) if item.price else None,
            "currency": _as_currency(parameter, item.price) if item.price else None,
        }  # fmt: skip
        found = {name: said[role] for name, role in roles.items() if said[role] is not None}
        objects.append({**found, **choices})
        span.use(item.start, item.end)
    return Filling(parameter.name, objects, "; ".join(i.name for i in listed)) if objects else None


def _name_property(items: dict[str, Any], tool: ToolReading) -> str | None:
    """The required property that names each listed thing or person ("name", "title"), for
    objects that have no count or price (those are read by _item_objects)."""
    for name in items.get("required") or []:
        raw = (items.get("properties") or {}).get(name)
        spec = resolve(raw, tool.schema) if isinstance(raw, dict) else {}
        if json_type(spec) == "string" and parameter_kind(name, spec) in ITEM_NAME_KINDS:
            return name
    return None


def _named_objects(
    parameter: Parameter, items: dict[str, Any], span: Span, tool: ToolReading
) -> Filling | None:
    """A list of objects that each name one person or thing ("Mina Park and Joon Lee on the
    bride's side", "Leo (tom@mail.com) and Ava (sue@mail.com)"): the names are read as a list
    of words; each object's values of a kind (an email, a phone) are those said between its
    name and the next one, and its choices (an enum, a flag) are said once for all of them."""
    owner = _name_property(items, tool)
    properties = items.get("properties") or {}
    if owner is None:
        return None
    children = [_child(n, raw, False, tool) for n, raw in properties.items() if n != owner]
    shared = {  # choices first, as at the top level: their words name no one
        child.name: found.value
        for child in children
        if child.kind in ("enum", "boolean")
        and (found := READERS[child.kind](child, span, tool)) is not None
    }
    name_spec = resolve(properties[owner], tool.schema)
    names_list = replace(parameter, spec={**parameter.spec, "items": name_spec})
    named = _list_value(names_list, span, tool)
    if named is None or not isinstance(named.value, list):
        return None
    stretches = _name_stretches([str(v) for v in named.value], span)
    objects = []
    for name, (start, end) in zip(named.value, stretches, strict=True):
        own = _values_between(children, span, start, end)
        objects.append({owner: name, **shared, **own})
    return Filling(parameter.name, objects, named.source)


def _name_stretches(names: list[str], span: Span) -> list[tuple[int, int]]:
    """Where each listed name's own words run: from the name to the next name (the last one to
    the end of the request's span)."""
    text = span.request.window or span.request.text
    starts: list[int] = []
    for name in names:
        found = text.find(name, starts[-1] + 1 if starts else span.start)
        starts.append(found if found >= 0 else (starts[-1] if starts else span.start))
    ends = [*starts[1:], span.end]
    return list(zip(starts, ends, strict=True))


def _values_between(children: list[Parameter], span: Span, start: int, end: int) -> dict[str, Any]:
    """The values of a kind (an email, a phone, an age) said inside one listed name's stretch."""
    values: dict[str, Any] = {}
    for child in children:
        if child.kind not in FILLED_BY:
            continue
        for entity in span.request.entities_in(start, end):
            if entity.kind in FILLED_BY[child.kind] and not span.is_taken(entity):
                value = convert(child, entity)
                if value is not None:
                    values[child.name] = value
                    span.take(entity)
                    break
    return values


def _lists_words(spec: dict[str, Any]) -> bool:
    """Whether a property is a list of free words (an item's options: "곱빼기", "oat milk")."""
    inner = spec.get("items")
    return json_type(spec) == "array" and isinstance(inner, dict) and json_type(inner) == "string"


def _item_options(
    item: Item, items: dict[str, Any], roles: dict[str, str], tool: ToolReading
) -> tuple[str, list[str] | None]:
    """An item's name and its options: what is said after it ("짬뽕 하나 맵게", "a latte with
    oat milk"), and an option the description gives as an example said inside the name ("짜장면
    곱빼기" with options described "예: 곱빼기, 맵게": 짜장면, [곱빼기])."""
    owner = next((n for n, role in roles.items() if role == "options"), None)
    if owner is None:
        return item.name, None
    spec = resolve((items.get("properties") or {})[owner], tool.schema)
    listed = EXAMPLES.search(str(spec.get("description", "")))
    examples = [e.strip() for e in re.split(r",|\bor\b|/", listed.group(1))] if listed else []
    inside = [e for e in examples if e and e in item.name and e != item.name]
    name = item.name
    for example in inside:
        name = " ".join(name.replace(example, " ").split())
    options = [*inside, *item.options]
    return name, options or None


def _item_choices(items: dict[str, Any], span: Span, tool: ToolReading) -> dict[str, Any]:
    """The choices (enum properties) of listed things, said once for all of them: "it arrived
    cracked" gives every returned item the reason `damaged`."""
    choices = {}
    for name, raw in (items.get("properties") or {}).items():
        spec = resolve(raw, tool.schema) if isinstance(raw, dict) else {}
        if "enum" in spec:
            found = _enum_value(Parameter(name, spec, "enum", False, None, None), span, tool)
            if found is not None:
                choices[name] = found.value
    return choices


ADDRESS_PARTS = {  # the parts of a postal address, by the words their names use
    "street": "street line1 address1 address_line road", "city": "city town locality",
    "country": "country country_code nation", "postal_code": "postal postcode zip zipcode",
}  # fmt: skip


def _address_value(parameter: Parameter, span: Span, tool: ToolReading) -> dict[str, Any]:
    """An address object's parts from the address the request says: the street as written, the
    city as the user wrote it, the country (a code when the schema asks for one)."""
    parts = {
        name: part
        for name in parameter.spec.get("properties") or {}
        for part, cues in ADDRESS_PARTS.items()
        if set(name.lower().split("_")) & set(cues.split()) or name.lower() in cues.split()
    }
    if len(parts) < 2:
        return {}
    found = address_in(span.request, span.is_used)
    if found is None:
        return {name: None for name in parts}  # an address nobody said: no part is guessed
    said = {"street": found.street, "city": found.city.text if found.city else None,
            "country": found.country, "postal_code": found.postal_code}  # fmt: skip
    span.use(found.start, found.end)
    for entity in span.request.entities_in(found.start, found.end):
        span.take(entity)
    return {name: said[part] for name, part in parts.items()}


def _object_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """A nested object: its own properties filled by type, the same way as the top level."""
    properties = parameter.spec.get("properties") or {}
    required = set(parameter.spec.get("required") or [])
    address = _address_value(parameter, span, tool)
    inner: dict[str, Any] = {name: value for name, value in address.items() if value is not None}
    children = [
        _child(name, raw, name in required, tool) for name, raw in properties.items()
        if name not in address
    ]  # fmt: skip
    counted = _counted_children(children, span)
    for child in children:
        if counted and child.kind in ("count", "number"):  # counts go by their nouns only
            found = counted.get(child.name)
        else:
            found = READERS.get(child.kind, _text_value)(child, span, tool)
        if found is not None:
            inner[child.name] = found.value
    return Filling(parameter.name, inner, "nested") if inner else None


def _child(name: str, raw: Any, required: bool, tool: ToolReading) -> Parameter:
    """A property of a nested object, read as a parameter."""
    spec = resolve(raw, tool.schema) if isinstance(raw, dict) else {}
    return Parameter(name, spec, parameter_kind(name, spec), required, None, None)


def _counted_children(children: list[Parameter], span: Span) -> dict[str, Filling]:
    """An object of counts ("어른 둘, 아이 하나" for adult/child/senior): each number goes to the
    property the noun beside it names; a property no noun names is left out."""
    numeric = [c for c in children if c.kind in ("count", "number")]
    found: dict[str, Filling] = {}
    for entity in span.request.entities_in(span.start, span.end):
        if entity.kind != "number" or span.is_taken(entity) or len(numeric) < 2:
            continue
        owners = _counting(_nouns_beside(span.request.text, entity, span.request.korean), numeric)
        if len(owners) == 1 and owners[0] not in found:
            child = next(c for c in numeric if c.name == owners[0])
            found[child.name] = Filling(child.name, _as_number(child, entity), entity.text)
            span.take(entity)
    return found


def _text_value(parameter: Parameter, span: Span, tool: ToolReading) -> Filling | None:
    """Free text: what the user labelled for it, quoted words, else the span the parameter's
    kind asks for, else what is left."""
    if parameter.name in span.labelled:
        start, end = span.labelled[parameter.name]
        span.use(start, end)
        for entity in span.request.entities_in(start, end):
            span.take(entity)
        said = span.request.text[start:end].strip(" \"'")
        return Filling(parameter.name, said, span.request.text[start:end])
    quoted = span.entities(("quoted",), owner=parameter.name)
    inside = [e for e in quoted if span.start <= e.start < span.end]
    names_a_thing = parameter.kind == "text" or NAME_ONLY.search(_said_about(parameter))
    slug = _slug_name(span) if names_a_thing and not inside else None
    if slug is not None:  # "auth-service": a name written as an identifier
        return Filling(parameter.name, slug, slug)
    if quoted:
        span.take(quoted[0])
        span.use(quoted[0].start, quoted[0].end)
        return Filling(parameter.name, str(quoted[0].value), quoted[0].text)
    called = _called_name(span) if _asks_for_a_name(parameter) else None
    if called is not None:  # "a playlist called Songs for Rainy Days"
        return Filling(parameter.name, called, called)
    titled = _asks_for_a_title(parameter) and _cued_span(parameter.kind, span, tool)
    if titled:  # a title is what the request says it is about ("…다는 이슈"), not a name
        return Filling(parameter.name, titled, titled)
    named = _name_value(parameter, span, tool) if _asks_for_a_name(parameter) else None
    found = named or _said_text(parameter, span, tool)
    return Filling(parameter.name, found, found) if found else None


CALLED_NAME = re.compile(r"\b(?:called|named|titled)\s+([A-Z0-9][^,;:.!?\n]*)")
NEXT_CLAUSE = re.compile(r"\s+(?:and|then|but|so)\s+[a-z]")  # "and keep it private": a new clause


def _called_name(span: Span) -> str | None:
    """A name given after "called", "named" or "titled", capitalised as names are: the words up
    to the clause's end ("called Songs for Rainy Days", "titled Aphids on roses"), before a
    clause joined by "and" ("named Gym Hits and keep it private": Gym Hits) or a phrase that
    gives another value ("for 2 people")."""
    for match in CALLED_NAME.finditer(span.request.text, span.start, span.end):
        start, end = match.span(1)
        joined = NEXT_CLAUSE.search(span.request.text, start, end)
        end = _before_value_phrase(span.request, start, joined.start() if joined else end)
        if not span.is_used(start) and end > start:
            span.use(start, end)
            return span.request.text[start:end].strip()
    return None


def _name_value(parameter: Parameter, span: Span, tool: ToolReading) -> str | None:
    """A name: said with its kind's word, a Korean noun run, a capitalised name, or (for the
    name of a thing) a lowercase noun ("took my ibuprofen")."""
    named = _named_with_kind(parameter, span, tool)
    named = named or (_first_noun_run(span, tool, parameter) if span.request.korean else None)
    if named is None and not _asks_for_a_title(parameter):  # a title says what happened,
        named = _proper_name(span)  # not one capitalised word of it ("meeting room B")
    lowercase_name = parameter.kind != "person" and NAME_ONLY.search(_description_of(parameter))
    if named is None and lowercase_name:
        named = _first_noun_run(span, tool, parameter)
    return named


def _said_text(parameter: Parameter, span: Span, tool: ToolReading) -> str | None:
    """Text after its cue, an example said, a capitalised name for plain text (`artist`), else
    what is left: a guess, only when it must (a name nobody said is asked for)."""
    found = _cued_span(parameter.kind, span, tool) or _example_said(parameter, span)
    if found is None and parameter.kind == "text":
        found = _proper_name(span)
    only_a_name = _asks_for_a_name(parameter) and NAME_ONLY.search(_said_about(parameter))
    if found is None and parameter.required and not only_a_name:
        found = _leftover(span, tool, says_all=parameter.kind == "body")
    return found


EXAMPLES = re.compile(r"(?i)(?:e\.g\.|for example|such as|예:|예를 들어)\s*([^.;()]+)")


def _example_said(parameter: Parameter, span: Span) -> str | None:
    """A value the description gives as an example ("e.g. italian, korean bbq") that the user
    said ("Italian restaurants"): the user's word, as written."""
    listed = EXAMPLES.search(str(parameter.spec.get("description", "")))
    if listed is None:
        return None
    for example in re.split(r",|\bor\b|/", listed.group(1)):
        at = _said_at(example.strip().lower(), span)
        if at is not None:
            span.use(span.start + at, span.start + at + len(example.strip()))
            return span.text[at : at + len(example.strip())]
    return None


def _examples_said(parameter: Parameter, span: Span) -> list[str]:
    """Every value the description of a list gives as an example that the user said ("Rental
    gear, e.g. tent, stove": "with a tent and a stove" -> [tent, stove]), as written."""
    found: list[str] = []
    while len(found) < MOST_ITEMS and (said := _example_said(parameter, span)) is not None:
        found.append(said)
    return found


def _said_at(example: str, span: Span) -> int | None:
    """Where the span says this example as a whole word (None if it does not)."""
    if len(example) < 3:
        return None
    found = re.search(rf"(?<!\w){re.escape(example)}(?!\w)", span.text.lower())
    return found.start() if found and not span.is_used(span.start + found.start()) else None


def _asks_for_a_name(parameter: Parameter) -> bool:
    """Whether a text parameter wants a name ("restaurant": "Restaurant name", "title")."""
    said = f"{parameter.name} {parameter.spec.get('description', '')}".lower()
    return parameter.kind in ("title", "person", "text") and bool(NAME_WORDS.search(said))


SLUG_NAME = re.compile(r"(?<![\w/.@#-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w/.@-])")


def _slug_name(span: Span) -> str | None:
    """A name written as an identifier, lowercase words joined by - or _ ("checkout-service",
    "search_worker"): what a plain text parameter (a service, a package) names."""
    text = span.request.window or span.request.text
    for match in SLUG_NAME.finditer(text, span.start, span.end):
        taken = any(e.start <= match.start() < e.end and span.is_taken(e)
                    for e in span.request.entities)  # fmt: skip
        if not taken and not span.is_used(match.start()):
            span.use(match.start(), match.end())
            return match.group()
    return None


def _said_about(parameter: Parameter) -> str:
    """A parameter's name (its words: "pet_name" says name) and description, lower-cased."""
    return f"{' '.join(split_identifier(parameter.name))} {_description_of(parameter)}".lower()


def _asks_for_a_title(parameter: Parameter) -> bool:
    """Whether a text parameter wants a title or subject, not a name ("Issue title", "제목")."""
    said = f"{parameter.name} {parameter.spec.get('description', '')}".lower()
    return bool(TITLE_WORDS.search(said)) and not NAME_ONLY.search(said)


TITLE_WORDS = re.compile(r"\btitle\b|\bsubject\b|제목")
NAME_ONLY = re.compile(r"\bname\b|\bcall(?:s|ed)?\b|이름|부르는")  # "what the user calls it"


def _first_noun_run(span: Span, tool: ToolReading, parameter: Parameter) -> str | None:
    """A name of a thing without capitals to tell it (Korean, or a lowercase English noun):
    the first run of nouns that is no value another parameter took and not the tool's word for
    the kind of thing named ("몬스테라 식물에" -> 몬스테라, "took my ibuprofen" -> ibuprofen);
    never a question word. The run ends before a noun made a verb with 하다 ("나비
    예방접종하러": 나비; the vaccination is what is done, not the name)."""
    described = EXAMPLE_LIST.sub(" ", _description_of(parameter))  # "예: 차고" names no kind
    kind_words = set(CUE_WORDS.findall(f"{parameter.name} {described}"))
    said = list(span.words)
    nouns = [
        w for i, w in enumerate(said)
        if (w.tag in ("NOUN", "PROPN") or _plural_after_noun(said, i))
        and not span.is_used(w.start) and _names_a_thing(w, tool, span)
    ]  # fmt: skip
    nouns = [w for w in nouns if not {w.text, w.lemma} & (kind_words | QUESTION_WORDS)]
    if not nouns:  # a question word (얼마, 누구) asks for a value, it is none
        return None
    text = span.request.text
    run = [nouns[0]]
    for word in (w for w in said if w.start > nouns[0].start):
        written_end, ends_name = _written_word_end(text, run[-1].end, span.request.korean)
        if ends_name or text[written_end : word.start] not in ("", " "):
            break
        if word not in nouns and not _part_of_written_word(word, text, span):
            break
        run.append(word)
    run = _before_verbal_noun(run, text)
    if not run:
        return None
    end = _name_end(text, run)
    if span.request.korean and end == run[-1].end:
        end = _written_word_end(text, end, True)[0]
    start = _written_word_start(text, run[0].start, span)
    span.use(start, end)
    return text[start:end].rstrip(".,?!")


def _written_word_start(text: str, start: int, span: Span) -> int:
    """Where a Korean name's written word starts: with the digits or letters written onto it
    ("3층 프린터": 3층), unless another parameter took them."""
    begin = start
    while begin > 0 and text[begin - 1].isascii() and text[begin - 1].isalnum():
        begin -= 1
    taken = any(span.is_taken(e) for e in span.request.entities_in(begin, start))
    korean = not text[start : start + 1].isascii()
    return begin if korean and not taken and not span.is_used(begin) else start


NAME_ENDINGS = (*NAME_PARTICLES, "이에요", "예요", "이야", "야", "요")  # after a name, not of it


def _written_word_end(text: str, end: int, korean: bool) -> tuple[int, bool]:
    """Where the written Korean word a noun starts ends ("후드티랑": the name is 후드티, and 랑
    ends it), and whether a particle ends the name there; a noun made a verb ("교체했어") ends
    where the noun does. English words end where they end."""
    if not korean:
        return end, False
    stop = end
    while stop < len(text) and not text[stop].isspace() and text[stop] not in ",.?!'\"":
        stop += 1
    tail = text[end:stop]
    if VERB_AFTER_NOUN.match(tail) or not all("가" <= c <= "힣" for c in tail):
        return end, bool(tail)
    ending = next((p for p in NAME_ENDINGS if tail.endswith(p)), "")
    return stop - len(ending), bool(ending)


def _part_of_written_word(word: Word, text: str, span: Span) -> bool:
    """Whether a short Korean noun is a piece of a longer written word ("린넨", read 린|넨): a
    piece of a name, not a word of its own."""
    before = text[word.start - 1 : word.start] if word.start else " "
    after = text[word.end : word.end + 1]
    inside = not before.isspace() or (after != "" and not after.isspace())
    korean = not word.text.isascii() and word.tag in ("NOUN", "PROPN")
    return korean and inside and not span.is_used(word.start)


def _plural_after_noun(said: list[Word], at: int) -> bool:
    """Whether an English word read as a verb is a plural noun closing a compound ("yoga
    mats", "phone cases": a noun, then the thing's plural)."""
    word = said[at]
    plural = word.text.lower() in (f"{word.lemma}s", f"{word.lemma}es")
    return word.tag == "VERB" and plural and at > 0 and said[at - 1].tag == "NOUN"


VERB_AFTER_NOUN = re.compile(r"(?:하|해|했|할|함|합|되|돼|됐)")  # 접종하러, 예약해: a verbal noun
NAME_SUFFIX = re.compile(r"이(?=랑|가|는|를|와|하고|의|도|한테|에게|\s|$)")  # 콩이랑: the name 콩이
KIND_WORD_WEIGHT = 0.6  # a word of the tool's kind this common names the kind ("약", "medicine")
# Concepts whose lexicon words include the names of their kinds (ibuprofen and 비타민 are
# medicines, jazz is music): such a word names one thing of the kind a tool is about ("타이머"
# is no timer's name).
NAMED_KINDS = frozenset({"medicine", "music"})


def _before_verbal_noun(run: list[Word], text: str) -> list[Word]:
    """A run of nouns without its last compound when that compound is a verb's noun ("나비
    예방접종하러" -> 나비): a noun followed by 하다 says what is done."""
    if not VERB_AFTER_NOUN.match(text, run[-1].end) or run[-1].text.isascii():
        return run
    while run and text[run[-1].start - 1 : run[-1].start] not in (" ", ""):
        run = run[:-1]  # back to where the compound starts (예방|접종)
    return run[:-1]


def _name_end(text: str, run: list[Word]) -> int:
    """Where a name ends: after letters or digits written onto its last noun ("비타민D"), and
    after the 이 Korean adds to a one-syllable name ("콩이랑" -> 콩이)."""
    end = _word_end(text, run[-1].end)
    single = len(run) == 1 and len(run[0].text) == 1 and not run[0].text.isascii()
    return end + 1 if single and NAME_SUFFIX.match(text, end) else end


def _names_a_thing(word: Word, tool: ToolReading, span: Span) -> bool:
    """A word that can name the thing a parameter is about: a value nobody took, not a number's
    counter, and not the tool's word for that kind of thing (a concept its name says: "타이머"
    for set_timer); of a concept that groups named kinds, a rarer word the definition does not
    say names one such thing ("비타민", "ibuprofen"; not "약", "medicine"). A one-syllable
    Korean noun counts when the 이 of a name follows it (콩이랑). A time or an amount is no
    name ("금요일에 예약해줘": Friday is when)."""
    if any(
        e.start <= word.start < e.end and (span.is_taken(e) or e.kind in NEVER_NAMES)
        for e in span.request.entities
    ):
        return False
    counted = span.request.korean and any(  # "세 명": 명 counts; "2 yoga mats": the thing
        e.kind == "number" and 0 <= word.start - e.end <= 1 for e in span.request.entities
    )
    short_name = len(word.text) == 1 and bool(NAME_SUFFIX.match(span.request.text, word.end))
    if counted or not (is_content(word) or short_name):
        return False
    said_by_tool = len(word.lemma) > 1 and word.lemma.lower() in _tool_text(tool)  # 동물병원
    return not said_by_tool and not _says_the_kind(word, tool, span)


def _tool_text(tool: ToolReading) -> str:
    """Everything a tool's definition says, lower-cased (its name, description, parameters),
    without the values it gives as examples ("Zone name, e.g. garage": a garage is a value the
    user may say, not the tool's own word)."""
    return _definition_text(
        tool.name, tool.description, json.dumps(tool.schema, ensure_ascii=False)
    )


@lru_cache(maxsize=512)
def _definition_text(name: str, description: str, schema: str) -> str:
    """_tool_text, worked out once per definition."""
    said = f"{' '.join(name.lower().split('_'))} {description} {schema}".lower()
    return EXAMPLE_LIST.sub(" ", said)


EXAMPLE_LIST = re.compile(r"(?:e\.g\.|for example|such as|예:|예를 들어)[^.;()\"]*")


CUE_WORDS = re.compile(r"[a-z0-9]+|[가-힣]+")


def _description_of(parameter: Parameter) -> str:
    """A parameter's description, lower-cased."""
    return parameter.description().lower()


def _word_end(text: str, position: int) -> int:
    """Where a word written with digits or letters after its noun ends ("비타민D", "오메가3")."""
    while position < len(text) and (text[position].isascii() and text[position].isalnum()):
        position += 1
    return position


def _names_a_day(word: str) -> bool:
    """Whether a capitalised word is the name of a weekday ("Tuesdays"): a day, no one's name."""
    said = word.lower()
    return said in WEEKDAY_NAMES or said.rstrip("s") in WEEKDAY_NAMES


def _proper_name(span: Span) -> str | None:
    """A capitalised name inside a sentence (English writes names so: "at Mingles"), not a value
    another parameter took and not the sentence's first word."""
    for match in PROPER_NAME.finditer(span.text):
        start = span.start + match.start()
        first = (
            not span.request.text[:start].strip() or span.request.text[:start].rstrip()[-1] in ".!?"
        )
        taken = any(
            e.start <= start < e.end
            for e in span.request.entities
            if e.kind != "person" or span.is_taken(e)
        )
        pronoun = match.group().lower() in STOPWORDS  # "I" is written with a capital, too
        pronoun = pronoun or _names_a_day(match.group())
        if not first and not taken and not pronoun and not span.is_used(start):
            span.use(start, start + len(match.group()))
            return match.group()
    return None


def _cued_span(kind: str, span: Span, tool: ToolReading) -> str | None:
    """The words after (or, in Korean, before) the cue that introduces this kind of text (in
    the part of a long paste that is read)."""
    text = (span.request.window or span.request.text)[span.start : span.end]
    cues = {
        "body": (REMINDER_CUE, COLON_CUE, BODY_CUE, KOREAN_QUOTE_CUE, KOREAN_REPORTED_CUE),
        "title": (TOPIC_CUE, KOREAN_REPORTED_CUE, KOREAN_TOPIC_CUE),
        "query": (TOPIC_CUE, KOREAN_TOPIC_CUE),
        "text": (COLON_CUE, BODY_CUE, TOPIC_CUE, KOREAN_QUOTE_CUE, KOREAN_REPORTED_CUE),
    }.get(kind, ())
    for cue in cues:
        for match in cue.finditer(text):
            cut = _trimmed(next(g for g in match.groups() if g), span, match.start(), tool)
            begin = span.request.text.find(cut, span.start) if cut else -1
            if span.is_used(begin):
                continue  # another parameter took these words
            if cut and _says_something(span, begin, begin + len(cut), tool):
                span.use(begin, begin + len(cut))
                return cut
    return None


def _says_something(span: Span, start: int, end: int, tool: ToolReading) -> bool:
    """Whether a phrase has a content word that is no value and does not name one of the tool's
    parameters ("for me", "for tonight at 9" say who and when, "for 2 people" how many of the
    `people` parameter: not what)."""
    values = [(e.start, e.end) for e in span.request.entities_in(start, end)]
    named = {part for p in tool.parameters for part in split_identifier(p.name)}
    return any(
        is_content(w)
        and not any(a <= w.start < b for a, b in values)
        and w.lemma.lower() not in named
        and w.text.lower() not in named
        for w in span.request.words_in(start, end)
    )


def _trimmed(phrase: str, span: Span, offset: int, tool: ToolReading) -> str:
    """A phrase without what ends it but is not part of it: a time or date another parameter
    takes, the tool's own words joined by small words ("streaming in the docs"), punctuation."""
    start = span.start + span.text.find(phrase, offset)
    end = start + len(phrase)
    for entity in span.request.entities_in(start, end):
        claimed = span.is_taken(entity) or entity.start in span.labels  # by another parameter
        if claimed and entity.end >= end - 2:
            end = min(end, entity.start)
        if claimed and (entity.start <= start + 1 or span.request.korean):
            start = _next_word(span.request.text, _label_end(span, entity), end)
    if span.request.korean:  # Korean says the body before its cue: it starts after the values
        start = max([start, *(_next_word(span.request.text, b, end) for a, b in span.used
                              if start <= a < end)])  # fmt: skip
    start = _past_reporting_word(span.request.text, start)
    start = _past_korean_addressee(span.request, start, end)
    end = _before_another_label(span.request, start, end, tool)
    end = _without_tool_tail(span.request, start, end, tool)
    text = span.request.text[start:end]
    text = re.sub(r"\s+(?:at|on|by|in|for|tomorrow|today)\s*$", "", text.strip(), flags=re.I)
    return text.strip(" \t\n.,!?;:\"'“”")


REPORTING_WORD = re.compile(  # "text Hana that ...", "... and tell him ...": what is said follows
    r"(?i)(?:and\s+)?(?:(?:tell|telling|let)\s+(?:him|her|them|everyone|everybody|us)"
    r"(?:\s+know)?\s+)?(?:(?:that|saying|to say)\s+)?"
)


def _past_reporting_word(text: str, start: int) -> int:
    """Where what is said begins: past the words that report it ("Text Grace that the slides
    are done", "a text saying the plumber is here", "Text Jun and tell him the code is 4412"),
    unless a colon or a quote gives it as written ("Text Bo: that was fun")."""
    reporting = REPORTING_WORD.match(text, start)
    given_as_written = text[:start].rstrip().endswith((":", '"', "'", "“"))
    return reporting.end() if reporting and not given_as_written else start


MESSAGE_ADDRESSEE = re.compile(r"\S+(?:한테|에게|(?<!함)께)\s+")  # "지호한테 ", "선생님께 "


def _past_korean_addressee(request: Request, start: int, end: int) -> int:
    """Where Korean words to pass on begin: past the one they are for, said first ("회원들에게
    다음 주는 휴관이라고 전해줘": the message is what follows, the members are its audience)."""
    addressee = MESSAGE_ADDRESSEE.match(request.text, start, end) if request.korean else None
    return addressee.end() if addressee else start


LABEL_LEAD = re.compile(r"(?i)\s+(?:with|and|plus)\s+(?:the\s+)?([a-z]+)\b")


def _before_another_label(request: Request, start: int, end: int, tool: ToolReading) -> int:
    """Where free text ends before the name of a parameter that is no text ("where to go for
    lunch with options pizza, sushi": the options begin there)."""
    names = _label_names(tool)
    for match in LABEL_LEAD.finditer(request.text, start, end):
        owner = next((names[n] for n in names if _names_word(match.group(1).lower(), n)), None)
        if owner is not None and not _is_free_text(owner, tool):
            return match.start()
    return end


def _names_word(word: str, name: str) -> bool:
    """Whether a word is a parameter's name or the name with an English ending."""
    return word == name or _inflected(word, name)


def _label_end(span: Span, entity: Entity) -> int:
    """Where a value ends with the Korean label said after it ("'회의 취소' 제목으로")."""
    after = KOREAN_LABEL_AFTER.match(span.request.text, entity.end)
    labelled = span.request.korean and entity.start in span.labels and after is not None
    return after.end() if labelled and after is not None else entity.end


def _next_word(text: str, position: int, end: int) -> int:
    """Where the next word starts after `position` (past the rest of this word: "엄마한테 ", and
    past a particle written apart from it: "@minji 한테 ")."""
    while position < end and not text[position].isspace():
        position += 1
    while position < end and text[position].isspace():
        position += 1
    detached = DETACHED_PARTICLE.match(text, position, end)
    return _next_word(text, position, end) if detached else position


DETACHED_PARTICLE = re.compile(r"(?:한테|에게|께|한테서|에게서|에|에서|으로|로)(?=\s)")


def _without_tool_tail(request: Request, start: int, end: int, tool: ToolReading) -> int:
    """Where a phrase ends once the tool's own words after a small word are cut off."""
    inside = list(request.words_in(start, end))
    while len(inside) > 1 and set(meanings(inside[-1])) & tool.named:
        gap = request.text[inside[-2].end : inside[-1].start]
        if not any(c.isalpha() for c in gap):
            break
        inside.pop()
        end = inside[-1].end
    return end


def _leftover(span: Span, tool: ToolReading, says_all: bool = False) -> str | None:
    """The words of the span that say neither what the tool does nor a value already taken, up
    to a phrase that gives another value ("Serial at 1.5x speed": Serial); once given to a
    parameter they are used (one stretch of words is one parameter's value, never three); the
    clause that explains is the reason's, when the tool asks why. A message (`says_all`) keeps
    the values no other parameter took: they are part of what it says."""
    why = _explaining_clause(span) if any(_asks_why(p) for p in tool.parameters) else None
    words = [
        w
        for w in span.words
        if not span.is_used(w.start)
        and _is_topic(w, tool, span)
        and w.lemma not in QUESTION_WORDS  # 얼마, who: asks for a value, says none
        and not (why and why[0] <= w.start < why[1])
    ]
    if not words or _says_only_how_many(words):
        return None
    words = _fullest_sentence(words, span.request.text)
    if span.request.korean:
        words = _korean_content(words, span.request, tool)
    if not words:
        return None
    start = words[0].start
    end = _said_end(span.request, words[-1])
    if says_all:
        start = _with_leading_word(span, start)
        end = _with_unclaimed_values(span, end)
    else:
        end = _before_value_phrase(span.request, start, end)
    end = _before_tool_phrase(span.request, start, end, tool)
    end = _without_tool_tail(span.request, start, end, tool)
    span.use(start, end)
    return span.request.text[start:end].strip(" .,!?;:")


SENTENCE_BREAK = re.compile(r"[.?!]+\s|\n")  # between two words: "contract.pdf" is one word


WHERE_PREPOSITION = re.compile(r"(?i)\s+(?:to|on|onto|into|in|for)\s+(?:(?:the|my|our|your|a)\s+)?")


def _before_tool_phrase(request: Request, start: int, end: int, tool: ToolReading) -> int:
    """Where English free text ends before a phrase of the tool's own words ("grandma and uncle
    joe to the guest list", "bug spray on the packing list"): it says where the tool keeps the
    text, not what the text is."""
    for match in WHERE_PREPOSITION.finditer(request.text, start, end):
        after = request.words_in(match.end(), end)
        if after and all(_tool_says(word, tool) for word in after):
            return match.start()
    return end


def _fullest_sentence(words: list[Word], text: str) -> list[Word]:
    """The words of the one sentence that tells most: free text is one sentence, and when a
    request says two ("POL-1로 청구해줘. 옆 차가 문을 찍었어"), the one that asks frames, the
    other tells (it wins a tie of words)."""
    sentences: list[list[Word]] = [[]]
    for word in words:
        if sentences[-1] and SENTENCE_BREAK.search(text, sentences[-1][-1].end, word.start):
            sentences.append([])
        sentences[-1].append(word)
    ends = [said[0].start for said in sentences[1:]] + [len(text)]
    asks = [
        bool(ASKING.search(text, said[0].start, end))
        for said, end in zip(sentences, ends, strict=True)
    ]
    best = max(range(len(sentences)), key=lambda i: (not asks[i], len(sentences[i])))
    return sentences[best]


ASKING = re.compile(r"(?i)(?:줘|주세요|줄래|주십시오|해요|할게요?)(?=[\s.!?]|$)|\bplease\b")


def _said_end(request: Request, last: Word) -> int:
    """Where free text ends: after its last word, with the 기 that makes a Korean verb a noun
    ("세탁소 가기"), and a Korean verb with its whole ending ("찍었어", not 찍)."""
    end = _nominal_end(request.text, last.end)
    if request.korean and last.tag in ("VERB", "ADJ") and end == last.end:
        while end < len(request.text) and not request.text[end].isspace():
            end += 1
    return end


COMMAND_ENDING = re.compile(r"\s?(?:[아어여해]\s?)?(?:줘|주세요|줄래|주라|줄게|둬|놔|주십시오)")


def _korean_content(words: list[Word], request: Request, tool: ToolReading) -> list[Word]:
    """Korean free text without what frames it: where the tool keeps it, said first ("할 일
    목록에"), the command that closes the request ("남겨줘": what to do, not what to write) and
    the tool's word for the thing before it ("... 메모 남겨줘")."""
    text = request.text
    while words and set(meanings(words[0])) & tool.named and text.startswith("에", words[0].end):
        words = words[1:]
    while len(words) > 1 and words[-1].tag == "VERB" and COMMAND_ENDING.match(text, words[-1].end):
        words = words[:-1]
    while len(words) > 1 and words[-1].tag == "NOUN" and set(meanings(words[-1])) & tool.named:
        words = words[:-1]
    return words


NOMINAL = re.compile(r"기(?=\s|$|[.,!?]|를|는|도)")  # 가기, 사기: a verb made a noun names a task


def _nominal_end(text: str, end: int) -> int:
    """Where the last word ends, with the 기 that makes a Korean verb a noun ("세탁소 가기")."""
    nominal = NOMINAL.match(text, end)
    return nominal.end() if nominal else end


VALUE_PREPOSITION = re.compile(r"(?i)\s+(?:at|on|by|in|for|with|from|until|before|after)\s+")
VALUE_AHEAD = 3  # characters between a preposition and the value it introduces ("at 1.5x")


def _before_value_phrase(request: Request, start: int, end: int) -> int:
    """Where free text ends before a prepositional phrase that carries a value: "at 1.5x
    speed", "for 2 people", "on May 3" give other parameters' values, not the text's words."""
    values = [e.start for e in request.entities_in(start, end)]
    for match in VALUE_PREPOSITION.finditer(request.text, start, end):
        if any(0 <= at - match.end() <= VALUE_AHEAD for at in values):
            return match.start()
    return end


CLAUSE_LEAD = re.compile(  # the word that opens a clause before its first content word
    r"(?i)\b(?:the|a|an|my|our|your|their|its|this|these|we|i|they|he|she|it|there)\s+$"
)


def _with_leading_word(span: Span, start: int) -> int:
    """Where a message starts: with the article or pronoun that opens its clause ("the studio
    is closed", "we meet at 7"), which is no content word but part of what is said."""
    lead = CLAUSE_LEAD.search(span.request.text, max(span.start, start - 8), start)
    if lead is None or span.is_used(lead.start()) or span.request.korean:
        return start
    return lead.start()


VALUE_LEAD = re.compile(r"(?i)\s*(?:(?:at|on|by|from|until|before|after|around|this|next)\s+)?")


def _with_unclaimed_values(span: Span, end: int) -> int:
    """Where a message ends: past the values that follow its last word and that no other
    parameter took ("the studio is closed on Friday", "we meet at the gate at 7": the day and
    the hour are what the message tells)."""
    for entity in sorted(span.request.entities, key=lambda e: e.start):
        if entity.start < end or span.is_taken(entity) or entity.start in span.labels:
            continue
        lead = VALUE_LEAD.match(span.request.text, end, entity.start)
        if lead is None or lead.end() != entity.start:
            break
        end = entity.end
    return end


def _says_only_how_many(words: list[Word]) -> bool:
    """Whether the words are a count and a verb with nothing counted ("메모 하나 남겨줘",
    "add one"): a number alone says how many, not what; the content is still unsaid."""
    tags = {w.tag for w in words}
    return "NUM" in tags and tags <= {"NUM", "VERB"}


def _is_topic(word: Word, tool: ToolReading, span: Span) -> bool:
    """A word the request says about its subject: content, not what the tool's name says it
    does ("add", "search"), not a value another parameter took, not a number's counter."""
    if any(e.start <= word.start < e.end for e in span.request.entities if span.is_taken(e)):
        return False
    counted = any(
        e.kind == "number" and 0 <= word.start - e.end <= 1 for e in span.request.entities
    )  # "세 명": a counter says what a number counts, not the subject
    phrased = any(  # "put on" (play) said to a music player: the tool's own words
        s.start <= word.start < s.end and " " in s.word and s.concept in tool.in_name
        for s in span.request.senses
    )
    return is_content(word) and not counted and not phrased and not _says_the_kind(word, tool, span)


def _says_the_kind(word: Word, tool: ToolReading, span: Span) -> bool:
    """Whether a word is the tool's word for what it is about (a concept its name says: "타이머"
    for set_timer, "song" for play_music), not one thing of that kind: of a concept that groups
    named kinds, a rarer word the definition does not say names one ("비타민", "ibuprofen",
    "jazz"; not "약", "medicine", "노래")."""
    kinds = set(meanings(word)) & tool.in_name
    if not kinds:
        return False
    said_by_tool = word.lemma.lower() in _tool_text(tool)
    common = informativeness(word.lemma.lower(), span.request.language) < KIND_WORD_WEIGHT
    return not kinds <= NAMED_KINDS or said_by_tool or common


def _spread(
    arguments: dict[str, Any], tool: ToolReading, span: Span, fillings: list[Filling]
) -> list[dict[str, Any]]:
    """Several values for a parameter that takes one ("Tokyo and Paris", "into French and
    German") make several calls, one per value."""
    for parameter in tool.parameters:
        if parameter.name not in arguments:
            continue
        value = arguments[parameter.name]
        parts = _valid(tool, arguments, parameter.name, _names_in(parameter, value, span))
        if len(parts) > 1:  # "follow BTS and Blackpink": the text taken is itself a list
            return [{**arguments, parameter.name: part} for part in parts]
        listable = parameter.kind in LISTABLE
        extra = [v for v in _other_values(parameter, span, tool) if v != value] if listable else []
        extra = extra or (_names_listed_with(parameter, value, span, tool) if listable else [])
        extra = extra or _numbers_listed_with(parameter, fillings, span)
        extra = _valid(tool, arguments, parameter.name, list(dict.fromkeys(extra)))
        if extra:
            return [arguments, *({**arguments, parameter.name: v} for v in extra)]
    return [arguments]


def _valid(tool: ToolReading, arguments: dict[str, Any], name: str, values: list[Any]) -> list[Any]:
    """The values that keep the arguments valid in the parameter's place (conform.py changes
    nothing): a listed name that breaks a pattern, or a number past a maximum, makes no call."""
    return [
        v for v in values
        if not conform(tool.schema, {**arguments, name: v}).changed
    ]  # fmt: skip


NAMING_KINDS = frozenset({"person", "text", "place", "channel"})  # a name, not prose


def _names_listed_with(
    parameter: Parameter, value: Any, span: Span, tool: ToolReading
) -> list[str]:
    """The other names listed with a name the request said in its words ("Watered the rosemary
    and the lavender", "창고랑 다락방 경보 켜줘"): a parameter that takes one name gets one call
    per name (nested.names_beside). Prose (a message, a query) is one value, "and" or not."""
    if not _takes_a_name(parameter) or not isinstance(value, str):
        return []
    text = span.request.text
    at = text.find(value, span.start, span.end) if 0 < len(value.split()) <= LONGEST_NAME else -1
    if at < 0 or text[at - 1 : at] in QUOTE_MARKS:
        return []
    listed = names_beside(
        span.request, at, at + len(value), (span.start, span.end), lambda w: _tool_says(w, tool)
    )
    names = [text[a:b] for a, b in listed if not _holds_value(span, a, b)]
    return [name for name in names if name != value]


def _numbers_listed_with(parameter: Parameter, fillings: list[Filling], span: Span) -> list[int]:
    """The other whole numbers listed with the one a parameter took ("records 12, 15 and 19",
    "17번, 18번"): a parameter that takes one integer gets one call per number listed."""
    filled = next((f for f in fillings if f.parameter == parameter.name), None)
    if json_type(parameter.spec) != "integer" or filled is None:
        return []
    numbers = [e for e in span.request.entities_in(span.start, span.end) if e.kind == "number"]
    chain = [e for e in numbers if e.text == filled.source][:1]
    for entity in numbers:
        if chain and listed_together(span.request.text, chain[-1], entity):
            chain.append(entity)
    values = [e.value for e in chain[1:] if isinstance(e.value, int) and not span.is_taken(e)]
    return values if len(chain) > 1 and len(values) == len(chain) - 1 else []


NAMES_JOIN = re.compile(r"(?i)\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|(?<=[가-힣])(?:이랑|랑|하고)\s+")
LONGEST_LISTED = 3  # words in each name of a list said in one breath


def _names_in(parameter: Parameter, value: Any, span: Span) -> list[str]:
    """The names a value taken from the user's words lists ("BTS and Blackpink", "전기, 가스"),
    for a parameter that takes one name; [] when it is one name or not the user's words."""
    if not _takes_a_name(parameter) or not isinstance(value, str) or not NAMES_JOIN.search(value):
        return []
    at = span.request.text.find(value, span.start, span.end)
    if at < 0 or span.request.text[at - 1 : at] in QUOTE_MARKS:
        return []
    parts = [part.strip() for part in NAMES_JOIN.split(value)]
    conjoined = re.search(r"(?i)\band\b|&|(?<=[가-힣])(?:이랑|랑|하고)\s", value)
    short = all(0 < len(part.split()) <= LONGEST_LISTED for part in parts)
    return parts if conjoined and short and len(parts) <= MOST_ITEMS else []


def _takes_a_name(parameter: Parameter) -> bool:
    """Whether a parameter takes the name of one thing: a person, a place, a channel, plain
    text, or a title its name or description calls a name ("Zone name", "옷 이름")."""
    named = parameter.kind == "title" and NAME_ONLY.search(_said_about(parameter))
    return parameter.kind in NAMING_KINDS or bool(named)


QUOTE_MARKS = frozenset("'\"‘’“”「」『』")


def _holds_value(span: Span, start: int, end: int) -> bool:
    """Whether a stretch holds a typed value ("90 seconds") or something another parameter took."""
    typed = any(
        e.start < end and start < e.end and (e.kind in NEVER_NAMES or span.is_taken(e))
        for e in span.request.entities
    )  # a code or a proper name can be a name ("BTS"); a time or an amount cannot
    return typed or any(span.is_used(w.start) for w in span.request.words_in(start, end))


def _tool_says(word: Word, tool: ToolReading) -> bool:
    """Whether a word is one the tool's definition uses for itself (examples aside): "경보" for
    an alarm tool, "camera" for set_camera. English words are matched whole."""
    text = _tool_text(tool)
    lemma, written = word.lemma.lower(), word.text.lower()
    if not written.isascii():
        return len(lemma) > 1 and (lemma in text or written in text)
    return any(re.search(rf"(?<![a-z]){re.escape(w)}(?![a-z])", text) for w in {lemma, written})


def _has_other_end(parameter: Parameter, tool: ToolReading) -> bool:
    """Whether the parameter is one end of a pair (from_currency with to_currency)."""
    ends = {p.role for p in tool.parameters if p.kind == parameter.kind and p.role}
    return parameter.role is not None and ends == {"source", "target"}


def _other_values(parameter: Parameter, span: Span, tool: ToolReading) -> list[Any]:
    """The values of this parameter's kind the task's words give that no parameter took."""
    entities = [e for e in span.request.entities_in(span.start, span.end) if not span.is_taken(e)]
    entities = [e for e in entities if e.kind != "person" or not _names_a_day(e.text)]
    if _has_other_end(parameter, tool):  # a pair's end takes only the values marked as its own
        entities = [e for e in entities if _end_of(span.request.text, e) == parameter.role]
        if parameter.role == "source":  # "마포구 공덕동에서", "서울에서 부산 가는 KTX": a value
            text = span.request.text  # with no mark of its own is no second source
            entities = [e for e in entities if _end_marked(text, e.start, e.end) == "source"]
    if parameter.kind == "enum":
        members = parameter.spec.get("enum") or []
        text = span.request.window or span.request.text  # a long paste's middle is blank
        listed = listed_members(members, text, span.start, span.end, entities, span.words)
        return listed or [
            m for e in entities for m in members if str(m).lower() in _entity_names(e)
        ]
    if parameter.kind in TEXT_ORDER:  # several quoted texts: one call each
        return [e.value for e in entities if e.kind == "quoted"]
    values = [convert(parameter, e) for e in entities if e.kind in FILLED_BY[parameter.kind]]
    return [v for v in values if v is not None]


READERS: dict[str, Callable[[Parameter, Span, ToolReading], Filling | None]] = {
    **{kind: _entity_value for kind in FILLED_BY},
    "place": _place_value,
    "date": _date_value,
    "person": _person_value,
    "identifier": _identifier_value,
    "datetime": _datetime_value,
    "expression": _expression_value,
    "enum": _enum_value,
    "boolean": _boolean_value,
    "list": _list_value,
    "object": _object_value,
}
CONVERTERS: dict[str, Callable[[Parameter, Entity], Any]] = {
    "money": _as_number, "count": _as_number, "number": _as_number, "duration": _as_duration,
    "currency": _as_currency, "unit": _as_unit, "date": _as_date, "time": _as_time,
    "language": _as_language, "place": _as_place,
    "datetime": lambda p, e: str(e.value)[:16],
}  # fmt: skip
