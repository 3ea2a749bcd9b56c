"""Planning (seed step 3): score every tool by meaning, then make one plan: call, ask or answer.

A tool's score is the meaning it shares with the request (each concept weighted by how
informative the user's word is, and by where the tool says it: name and description count more
than parameters), plus how well the request's values fit its required parameters, minus
contradictions (the request asks for a different action or time than the tool says it does).
Precision over recall: a tool is called only when it clearly fits; otherwise the model asks for
a missing value or answers in text.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, replace
from functools import lru_cache

from helpers.offline.arguments import FILLED_BY, ORDINARY_WORDS, UNSAID, Span, fill
from helpers.offline.choices import literal_mentions, synonym_mentions
from helpers.offline.entities import CLOCK, Entity, strip_korean_particle
from helpers.offline.lexicon import (
    ACTIONS,
    CHANGES,
    CONJUNCTIONS,
    CREATIVE_REQUEST,
    EXCLUSIVE,
    FILE_WORDS,
    FOLDER_WORDS,
    FUNCTION_WORDS,
    KNOWLEDGE_CONCEPTS,
    KNOWLEDGE_CUES,
    KO_STATEMENT_END,
    QUESTION_WORDS,
    REQUEST_WORDS,
    SUBJECT_OPENINGS,
    TIME_FRAMES,
)
from helpers.offline.meaning import BROADER_SHARE, Sense, read_senses, with_broader, word_topics
from helpers.offline.request import Clause, Request
from helpers.offline.tools import Parameter, ToolReading
from helpers.offline.words import Word, split_identifier, words

FITS = 0.3  # the least meaning a tool must share with the request to be called
FREE_TEXT = frozenset({"query", "text", "title", "body"})  # any words fill it; a search takes it
TIME_FRAMES_SET = frozenset(TIME_FRAMES)
PARALLEL_CLAUSES = 8  # a request that lists calls of one tool says them in a few clauses
BE_FORMS = frozenset("is are was were am be been im".split())
SHAPED_WORD = re.compile(r"[^\s,;:!?()\"'“”]+")  # a word a pattern may fit, as written
SHAPED_WORDS_READ = 300  # the words of a span tried against a pattern (a long paste: its start)
LONGEST_SHAPED = 60  # longer words (blobs) are no values
FIRST_PERSON = re.compile(  # the user speaking of themselves: I, we, 내가, 제, 우리
    r"(?i)(?<![\w'])(?:i|we|i'm|i've|i'd|we're|we've)(?![\w'])"
    r"|(?<![가-힣])(?:내가|제가|나는|저는|내|제|우리|저희)(?![가-힣])"
)
HEDGE_BEFORE = re.compile(r"(?i)\b(?:just|only)\s+$")  # "just browsing": what one is doing
ING_FORM = re.compile(r"\w+ing\b")
SENTENCE_STOP = re.compile(r"[.!?？。\n]")  # where a sentence ends
KOREAN_ENDING = re.compile(r"[가-힣]+$")
HANGUL_START = re.compile(r"[가-힣]")
SIDE_GAP = 4  # how near a value is to the word for what another tool sets ("1.5x speed")
NEAR_TIE = 0.9  # tools scoring within this fraction of the best are a toss-up (the seed decides)
SLOT = 0.25  # a required parameter the request carries a value for
SHARED_SLOT = 0.1  # ... a value carried by another clause of the request
RELATED = 0.5  # a word of the same everyday topic as the tool (fern ~ plant) counts this share
RELATED_WORDS = 2  # ... and only beside another word for the tool, or a value it takes,
RARE_ALONE = 0.9  # or when it is a rare word ("croissant") and the topic is the tool's own
NAMED_WORD = 0.4  # the least a word for what a tool is named after tells about that tool
PAST_AUXILIARY = re.compile(r"\b(?:did|have|has|had)\s+(?:\w+\s+)?$", re.I)  # "did I write"
KO_PAST_SYLLABLES = "".join(  # ㅆ-final syllables: 했, 줬, 왔, 마셨 (not 있다, 겠)
    c for c in (chr(0xAC00 + 28 * i + 20) for i in range(399)) if c not in "있겠"
)
KO_PAST = re.compile(rf"[{KO_PAST_SYLLABLES}](?:어|다|요|음|네)?(?=[\s.!,(]|$)")  # 뛰었어, 왔어
KO_STATEMENT = re.compile(
    rf"(?:[{KO_PAST_SYLLABLES}](?:어|다|요|음|네|고|지|는데)?|{KO_STATEMENT_END})[\s.!,~]*$"
)
CREATIVE = re.compile(CREATIVE_REQUEST, re.I)
KNOWLEDGE = re.compile(rf"(?<![a-z])(?:{'|'.join(map(re.escape, KNOWLEDGE_CUES))})(?![a-z])", re.I)
TRAILING_ASIDE = re.compile(r"\s*\([^()]{0,30}\)\s*$")
POLITE_REQUEST = re.compile(
    r"\b(?:can|could|would|will)\s+(?:you|u)\s+(?:please\s+)?([a-z]+)", re.I
)
LOOKING_VERBS = frozenset(
    "tell show check find look see give let help explain list get say know confirm search read "
    "remind recommend suggest pull".split()
)  # a polite question with one of these still looks something up
KO_REQUEST = re.compile(r"줘|주세요|줄래|주라|하자|할래|해라|부탁|싶어|싶다|려고|ㄹ까|을까|볼까")
REPORT_WEIGHT = 0.5  # how much a report of a past action asks to record it
LOOK_UPS = frozenset({"search", "list", "read"})  # what a tool does that only looks things up
ID_LABELS = frozenset("number no id code ref reference 번호 코드 아이디".split())  # what names an
# identifier after the word for what it identifies ("order number", "등록번호")
NOUN_ACTION = 0.3  # an action's word used as a noun ("binary search") tells little of an action
CONTRADICTION = 0.6  # the request asks for another action than the tool says it does
ACTION_MATCH = 0.4  # the request asks for the very action the tool's name (or summary) says
UNASKED = 2.0  # the request wants knowledge, and the tool only acts: it does not fit at all
OTHER_TIME = 0.3  # the request asks about another time than the tool says (now vs forecast)
VALUE_KINDS = frozenset(
    "place person email phone url path handle channel code number quoted".split()
)  # entities that fill parameters; their words never choose a tool ("Paris" is not a topic)
WHEN_KINDS = frozenset({"date", "datetime"})
NAME_KINDS = frozenset({"place", "person", "code"})  # a name may be misread as a value: a word
# of the lexicon inside one ("DM" read as a code) still means what it means
WHERE = "place"  # the concept of where: place, near, 근처, 어디
NAMES = frozenset({"place", "person"})  # a proper name may be a person or a place


@dataclass(frozen=True)
class Match:
    """One concept the request and a tool share, the user's word for it, and what it adds."""

    concept: str
    word: str
    points: float


@dataclass(frozen=True)
class Score:
    """How well one tool fits (part of) the request, and why."""

    tool: str
    total: float
    meaning: float
    named: float  # the part of the meaning found in the tool's name or description
    slots: float
    contradiction: float  # another action than the tool does: it does not fit
    other_time: float  # another time than the tool is about: it fits less well
    matches: tuple[Match, ...]
    conflicts: tuple[str, ...]
    unasked: bool = False  # the request asks something else entirely (knowledge, another thing)
    takes: int = 0  # how many of the request's values some parameter of the tool takes
    filled_in: bool = False  # unnamed, but the request reads as its parameters filled in

    @property
    def grounded(self) -> bool:
        """Whether the request speaks of this tool: in words its name or description says, or
        as its parameters filled in (only then do the request's values count for it)."""
        return self.named > 0 or self.filled_in

    @property
    def fits(self) -> bool:
        """Whether the tool clearly fits: it shares meaning, contradictions taken off, and the
        request does not ask something else entirely (however many words it shares)."""
        return self.grounded and not self.unasked and self.meaning - self.contradiction >= FITS


def score_tools(request: Request, clause: Clause | None, tools: list[ToolReading]) -> list[Score]:
    """Every tool's score for the whole request, or for one clause of it."""
    start, end = (clause.start, clause.end) if clause else (0, len(request.text))
    senses = _meaningful(request, start, end) + _reported(request, start, end)
    senses += list(clause.borrowed) if clause else []  # a list's item shares the list's verb
    cued = _cue_text(request)
    senses += _knowledge_wanted(cued, start, end)
    asks = _knowledge_cues(_sentence_of(cued, start, end))  # once, not once per tool
    return [_score(tool, senses, request, (start, end), asks) for tool in tools]


def _reported(request: Request, start: int, end: int) -> list[Sense]:
    """A statement of what the user did, asking nothing ("I just took my ibuprofen", "10킬로
    뛰었어"), asks to record it: it means log (and create) a little."""
    text = request.text[start:end]
    if _is_question(request, start, end) or (request.korean and KO_REQUEST.search(text)):
        return []
    past = KO_PAST.search(text) if request.korean else _english_report(request, start, end)
    if not past:
        return []
    return [Sense(concept, REPORT_WEIGHT, "", start, start + 1) for concept in ("log", "create")]


def _english_report(request: Request, start: int, end: int) -> bool:
    """Whether an English span tells a past action and asks for none (no verb in the present)."""
    verbs = [w for w in request.words_in(start, end) if w.tag == "VERB"]
    return bool(verbs) and all(_reports(request, w.start) for w in verbs)


def _meaningful(request: Request, start: int, end: int) -> list[Sense]:
    """The senses of this part that can choose a tool: not the words of values ("Paris")."""
    kinds = VALUE_KINDS | WHEN_KINDS  # only values overlapping this part can hold its words
    values = [e for e in request.entities if e.kind in kinds and e.start < end and e.end > start]
    return [s for s in request.senses_in(start, end) if not any(_is_value(s, e) for e in values)]


def _is_value(sense: Sense, entity: Entity) -> bool:
    """Whether a sense is the word of a value (a name's word the lexicon knows is a word; a
    date's word says when, not what: "today" gives no tool about days a reason, though it
    still says the time the request is about)."""
    inside = entity.start <= sense.start < entity.end
    if entity.kind in WHEN_KINDS:
        return inside and sense.concept == "date"
    return inside and (entity.kind not in NAME_KINDS or sense.concept.startswith("~"))


def _score(
    tool: ToolReading, senses: list[Sense], request: Request, span: tuple[int, int], asks: list[str]
) -> Score:
    """One tool's score: shared meaning (and related words) + fitting values - contradictions."""
    start, end = span
    said = _asked(senses, request, start, end)
    acted = _acted(senses, request, start, end)
    matches = _matches(tool, _as_said(senses, request, start, end)) + _action_match(tool, acted)
    matches += _something_to_look_for(tool, acted, senses, request)
    slots = _slot_fit(tool, request, start, end)
    if _asked_for(tool, matches, acted):
        related = _corroborated(_related(tool, senses, matches, request), matches, slots)
        matches += related if _most_of_it(related, matches, senses) else []
    meaning = sum(m.points for m in matches)
    named = _named_points(tool, matches, slots)
    filling = not named and _fills_a_form(tool, request, start, end)
    filled_in = _filled_in(matches, slots) if filling else 0.0
    mentioned = {s.concept for s in senses if not s.negated}
    conflicts = _conflicts(tool, said) + _refused(tool, mentioned, senses)
    conflicts += _question_conflicts(tool, said, request, start, end)
    unasked = _knowledge_conflicts(tool, asks)
    unasked += _other_object(tool, [m for m in matches if not _is_related(m)], senses, request)
    takes = _values_taken(tool, request, start, end)
    unasked += _unasked_object(tool, said, [m for m in matches if not _is_related(m)], senses,
                               request, max(slots, takes), span)  # fmt: skip
    unasked += _composition_conflicts(tool, request, start, end)
    unasked += _nowhere_for_the_named(tool, request, start, end)
    penalty = CONTRADICTION * len(conflicts) + UNASKED * len(unasked)
    conflicts += unasked
    later = OTHER_TIME if _other_time(tool, said, request) else 0.0
    if later:
        conflicts.append(f"{_time_frame(said, request)} vs {tool.time_frame()}")
    total = meaning + (slots if named > 0 or filled_in > 0 else 0.0) - penalty - later
    return Score(tool.name, round(total, 3), round(meaning, 3), round(named, 3), slots,
                 penalty, later, tuple(matches), tuple(conflicts), bool(unasked),
                 takes, filled_in > 0)  # fmt: skip


def _related(
    tool: ToolReading, senses: list[Sense], matches: list[Match], request: Request
) -> list[Match]:
    """The request's words the tool does not name, that belong to one of its everyday topics
    (topics.py: "repot" and a plant-care tool), each word once, at its best topic. An action's
    word (save, run, show) relates nothing: actions are no topic."""
    if not tool.topics:
        return []
    named = _named_broadly(tool)  # a word the tool says only in a parameter may still relate
    matched = {m.word for m in matches if m.concept in named}
    best: dict[int, Match] = {}
    for sense in senses:
        if not sense.word or sense.word in matched or sense.negated or sense.concept in ACTIONS:
            continue
        word = next(iter(request.words_in(sense.start, sense.start + 1)), None)
        shared = word_topics(word) & tool.topics.keys() if word else frozenset()
        if not shared:
            continue
        topic = max(sorted(shared), key=lambda t: tool.topics[t])
        points = round(RELATED * sense.weight * tool.topics[topic], 3)
        if sense.start not in best or points > best[sense.start].points:
            best[sense.start] = Match(f"{topic}~", sense.word, points)
    return list(best.values())


def _asked_for(tool: ToolReading, matches: list[Match], acted: set[str]) -> bool:
    """Whether words of the tool's topic may speak for it: they say what the request is about,
    not what to do, so a tool that changes something (records, books, sends) must share at least
    one word with the request; a tool that looks something up (finds, lists, shows) need not,
    unless the request asks for a change, which a look-up never makes ("KTX 표 예매해줘" asks to
    book, which no locker finder does)."""
    if any(m.word for m in matches):
        return True
    if tool.actions() & CHANGES:
        return False
    looks_up = not tool.actions() or tool.actions() & LOOK_UPS  # get_x, fuel_prices, find_x
    return not (looks_up and acted & CHANGES)


def _is_related(match: Match) -> bool:
    """Whether a match is a related word (same topic), not a shared concept."""
    return match.concept.endswith("~")


def _corroborated(related: list[Match], matches: list[Match], slots: float) -> list[Match]:
    """Related words count only when they are not alone: beside a word the tool says, a second
    related word, or a value its required parameters take. One word of a topic ("sun") makes no
    tool about that topic fit on its own; a rare one ("croissant") said of what the tool is
    named after (its name or summary: "Which breads are still available") may."""
    said = {m.word for m in matches if m.word and not m.word.startswith("(")}
    said -= {m.word for m in matches if m.concept in TIME_FRAMES}  # "tomorrow" says when
    if len(said) + len(related) >= RELATED_WORDS or (related and slots > 0):
        return related
    return [m for m in related if m.points >= RELATED * RARE_ALONE]


def _most_of_it(related: list[Match], matches: list[Match], senses: list[Sense]) -> bool:
    """Whether words of a tool's topic are most of what the request is about, when they are all
    it shares with the tool: "which ferns and orchids do I have?" is about plants; "can I wash
    a wool sweater in hot water or will it shrink?" touches laundry in two words of six and
    asks something else."""
    if any(m.word and not m.word.startswith("(") for m in matches):
        return True  # the tool shares a word with the request: its topic words only add
    things = {s.start for s in senses if _is_thing(s)}
    return 2 * len(related) >= len(things)


def _is_thing(sense: Sense) -> bool:
    """Whether a sense names what a request is about: not an action, a time, a where ("near",
    근처: where it asks, as a time says when), a word that is never a noun ("until"), or the words
    of a question ("how much", "what time": how it asks, not what about)."""
    asking = sense.word.split()[0].lower() in QUESTION_WORDS if sense.word else True
    where_or_when = sense.concept in ACTIONS | TIME_FRAMES_SET | {WHERE}
    return not asking and not where_or_when and _can_be_noun(sense.word)


def _can_be_noun(word: str) -> bool:
    """Whether a word can name a thing: not a preposition or conjunction ("until", "since")."""
    return word.lower() not in FUNCTION_WORDS


def _other_object(
    tool: ToolReading, matches: list[Match], senses: list[Sense], request: Request
) -> list[str]:
    """A tool without parameters acts on the one thing its description names: when it shares
    only the request's action ("show") and the request names a thing it never mentions ("show
    me board games" to a tool that shows the cart), the verb alone does not make it fit."""
    acting = tool.actions() - tool.objects
    if tool.parameters or not matches or any(m.concept not in acting for m in matches):
        return []
    nouns = _noun_starts(request)
    things = [
        s.word for s in senses if s.start in nouns and _is_thing(s) and s.concept not in tool.about
    ]
    return [f"about {things[0]}, which {tool.name} does not mention"] if things else []


def _unasked_object(
    tool: ToolReading,
    said: set[str],
    matches: list[Match],
    senses: list[Sense],
    request: Request,
    given: float,
    span: tuple[int, int],
) -> list[str]:
    """A question about the world ("Is chocolate dangerous for dogs?") needs a tool only when
    it asks about what the tool acts on (the vaccinations of get_vaccinations), carries the
    values the tool needs, or asks by a verb for what a tool that takes any words does ("what
    does 'moot' mean?"): a tool that shares only its topic (dogs) or an action's noun with the
    question, while the question names things the tool never mentions, answers nothing asked
    (a word that only narrows the tool's object is not it: "do birds sleep on one leg?" asks
    nothing of get_bird_sightings, whose object is sightings)."""
    if not tool.objects or given > 0 or not _in_question(request, *span):
        return []
    if said & tool.actions():
        return []  # it asks, by a verb, for what the tool does ("what does 'moot' mean?")
    objects = with_broader(tool.objects).keys()
    if objects & KNOWLEDGE_CONCEPTS or _about_the_user(request, *span):
        return []  # news and the web are about every thing; no model knows the user's records
    if _about_now(senses):
        return []  # "지금 수영장 사람 많아?": what is so right now only a live tool knows
    if {m.concept for m in matches} & with_broader(_head_object(tool)).keys():
        return []  # it names what the tool acts on (the sightings, not only the birds)
    things = _unmentioned_things(tool, senses, request)
    return [f"asks about {things[0]}, not about what {tool.name} acts on"] if things else []


def _head_object(tool: ToolReading) -> frozenset[str]:
    """What a tool acts on: the concepts of its name's last word, the head of the phrase
    (get_bird_sightings: sightings; bird only says which), when the name says its object."""
    return frozenset(_name_head(tool.name) & tool.objects) or tool.objects


@lru_cache(maxsize=1024)
def _name_head(name: str) -> frozenset[str]:
    """The concepts of the last word of a tool's name (read once per name)."""
    last = " ".join(split_identifier(name)[-1:])
    return frozenset(sense.concept for sense in read_senses(words(last, "en"), "en"))


def _about_the_user(request: Request, start: int, end: int) -> bool:
    """Whether a question is about the user's own doings or things ("what did I...", "do we
    have...", "내 주문"): no model knows those, only the user's tools do."""
    return FIRST_PERSON.search(request.text, start, min(len(request.text), end + 2)) is not None


def _about_now(senses: list[Sense]) -> bool:
    """Whether a question asks how things stand at this moment ("right now", "지금", "현재"):
    the state of a place or a thing now is live data, which no model knows and a tool does;
    knowledge of the world holds at any time ("Is chocolate dangerous for dogs?")."""
    return any(s.concept == "now" and s.word and not s.negated for s in senses)


def _unmentioned_things(tool: ToolReading, senses: list[Sense], request: Request) -> list[str]:
    """The things the request names (its common nouns: a proper name is a value some tool may
    take, "Hyde Park") that the tool never mentions."""
    nouns = {w.start for w in request.words if w.tag == "NOUN"}
    values = [e for e in request.entities if e.kind in VALUE_KINDS | WHEN_KINDS]
    return [
        s.word
        for s in senses
        if s.start in nouns
        and _is_thing(s)
        and s.concept not in tool.about
        and not any(e.start <= s.start < e.end for e in values)
    ]


def _noun_starts(request: Request) -> set[int]:
    """Where the request's nouns (and proper nouns) start: the things it names."""
    return {w.start for w in request.words if w.tag in ("NOUN", "PROPN")}


def _as_said(senses: list[Sense], request: Request, start: int, end: int) -> list[Sense]:
    """The senses the request asks for, an English action word that is not a verb weighing
    less: "what is binary search?" is not a request to search; what the user says they are
    just doing ("just browsing") asks nothing at all."""
    verbs = _verb_positions(request, start, end)
    return [
        s if _is_verb(s, request, verbs) else replace(s, stress=NOUN_ACTION)
        for s in senses
        if not s.negated and not (s.word and _only_doing(request, s.start))
    ]


def _is_verb(sense: Sense, request: Request, verbs: set[int]) -> bool:
    """Whether a sense is said as it is meant: a non-action, or an action said by a verb that
    asks for it (Korean says actions with nouns too: "초안으로 저장")."""
    if sense.concept not in ACTIONS or not sense.word:
        return True
    if _labels_an_identifier(request, sense):
        return False  # "Order number 88213", "등록번호 R-2207": whose number, not what to do
    if request.korean:
        return True
    said = sense.start in verbs or " " in sense.word
    return said and not _reports(request, sense.start) and not _only_doing(request, sense.start)


def _labels_an_identifier(request: Request, sense: Sense) -> bool:
    """Whether an action's word is followed by a word for an identifier ("order number",
    "booking ref", "등록번호", "예약 코드"): together they name a value (the number of an order),
    and the action word only says whose it is."""
    after = next((w for w in request.words if w.start >= sense.end), None)
    return after is not None and after.text.lower().rstrip(".") in ID_LABELS


def _only_doing(request: Request, start: int) -> bool:
    """Whether the action at `start` tells what the user is just doing ("just browsing", "only
    looking around"): a hedge about the user, not a request for the action."""
    hedged = HEDGE_BEFORE.search(request.text[max(0, start - 8) : start]) is not None
    return hedged and ING_FORM.match(request.text, start) is not None


def _asked(senses: list[Sense], request: Request, start: int, end: int) -> set[str]:
    """What the request asks: its concepts, an action only where a verb says it ("list my tasks",
    not "put it on my list"; "예약해줘", not "예약 내역"). What a report or a why-question only
    suggests (record it, look it up) adds meaning but asks no action that could contradict a
    tool ("we just received 120 units" may be recorded by a tool that changes a count)."""
    verbs = _verb_positions(request, start, end)
    return {s.concept for s in senses if s.word and not s.negated and _is_verb(s, request, verbs)}


def _verb_positions(request: Request, start: int, end: int) -> set[int]:
    """Where the English words that can say an action are: verbs, and a word that opens a clause
    (an imperative: "Email Joe"). (Korean says actions with nouns too: "초안으로 저장", so every
    Korean word counts.)"""
    verbs = {w.start for w in request.words_in(start, end) if w.tag == "VERB"}
    return request.clause_openings | verbs


def _reports(request: Request, start: int) -> bool:
    """Whether the verb at `start` is in the past ("planned", "did I write down"): it reports
    what happened ("I watered the fern, log it"), it does not ask for it."""
    word = next((w for w in request.words if w.start == start), None)
    if word is None:
        return False
    written = word.text.lower()
    past = written != word.lemma.lower() and not written.endswith(("s", "ing"))
    return past or bool(PAST_AUXILIARY.search(request.text[max(0, start - 16) : start]))


def _refused(tool: ToolReading, said: set[str], senses: list[Sense]) -> list[str]:
    """What the request mentions that the tool's description says it does not do ("Save an
    email as a draft without sending it": not for "send"), unless it also asks what the tool
    does; and
    what the tool does that the request says not to do ("don't send it yet")."""
    negated = [f"not {c}" for c in sorted(tool.named & {s.concept for s in senses if s.negated})]
    if said & tool.actions():
        return negated
    return [f"the tool does not {c}" for c in sorted(tool.refused & said)] + negated


def _question_conflicts(
    tool: ToolReading, said: set[str], request: Request, start: int, end: int
) -> list[str]:
    """A question that asks for no change ("what's on my calendar on Friday?") wants to look
    something up, so a tool that creates, sends or books does not answer it."""
    changes = tool.actions() & CHANGES
    if not changes or said & (CHANGES | tool.actions()) or not _is_question(request, start, end):
        return []
    if _asks_politely(request, start, end):
        return []
    return [f"a question, not {'/'.join(sorted(changes))}"]


def _asks_politely(request: Request, start: int, end: int) -> bool:
    """Whether a question is a request said politely ("can you note that?", "could you jot it
    down?"): a modal and "you" before a verb that does something, not one that only tells or
    shows ("can you tell me...", "could you check...", which look something up)."""
    if request.korean:
        return False
    asked = POLITE_REQUEST.search(request.text, start, min(len(request.text), end + 2))
    return asked is not None and asked.group(1).lower() not in LOOKING_VERBS


def _nowhere_for_the_named(tool: ToolReading, request: Request, start: int, end: int) -> list[str]:
    """A tool that takes nothing cannot act on a thing the user names in quotes ("'채식주의자'
    지금 빌릴 수 있어?" is not about the user's own loans)."""
    if tool.parameters:
        return []
    quoted = [e for e in request.entities_in(start, end) if e.kind == "quoted"]
    return [f"names {quoted[0].text}, which {tool.name} takes no value for"] if quoted else []


def _composition_conflicts(tool: ToolReading, request: Request, start: int, end: int) -> list[str]:
    """A request that the model itself compose something ("write me a haiku about autumn")
    asks for no tool, unless the tool says it composes such things."""
    asked = _compose_cue(request.text, start, end)
    if not asked or "creative" in tool.about:
        return []
    return [f"asks the model to compose ({asked}), not {tool.name}"]


@lru_cache(maxsize=64)
def _compose_cue(text: str, start: int, end: int) -> str:
    """The words of a span that ask the model to compose something, or "" (read once per span,
    not once per tool)."""
    asked = CREATIVE.search(text, start, min(len(text), end + 2))
    return asked.group().strip() if asked else ""


def _cue_text(request: Request) -> str:
    """The request's text with every word that only begins like a Korean cue blanked (왜 in
    왜가리 a heron, 왜곡 distort): a cue is a word of its own, not the start of a longer one."""
    text = request.text
    for word in request.words:
        korean = HANGUL_START.match(word.lemma)
        if korean and any(c != word.lemma and word.lemma.startswith(c) for c in KNOWLEDGE_CUES):
            text = text[: word.start] + " " * (word.end - word.start) + text[word.end :]
    return text


def _knowledge_wanted(text: str, start: int, end: int) -> list[Sense]:
    """A why-question or a request for advice asks for knowledge: it means search a little (a
    search or news tool serves "요즘 비트코인 왜 떨어졌어?")."""
    if KNOWLEDGE.search(text, start, min(len(text), end + 2)) is None:
        return []
    return [Sense("search", REPORT_WEIGHT, "", start, start + 1)]


def _knowledge_cues(text: str) -> list[str]:
    """The words of a text that ask for knowledge (why, tips, 왜, 조언...)."""
    return [match.group() for match in KNOWLEDGE.finditer(text)]


def _knowledge_conflicts(tool: ToolReading, asks: list[str]) -> list[str]:
    """A request for knowledge (why, tips, advice: the cues `asks` found) is served only by a tool
    that looks knowledge up or gives advice; any other tool would answer a question nobody
    asked."""
    if not asks or with_broader(tool.in_name | tool.actions()).keys() & KNOWLEDGE_CONCEPTS:
        return []
    return [f"asks for knowledge ({asks[0]}), not for {tool.name}"]


def _sentence_of(text: str, start: int, end: int) -> str:
    """The whole sentence a part of the text belongs to, lower-cased: what it asks ("what's the
    difference between A / and B?") holds for each of its clauses."""
    before = max((text.rfind(stop, 0, start) for stop in ".!?？。\n"), default=-1)
    after = SENTENCE_STOP.search(text, end)
    return text[before + 1 : after.end() if after else len(text)].lower()


def _in_question(request: Request, start: int, end: int) -> bool:
    """Whether this part belongs to a question: it asks one itself, or the sentence it is part
    of ends with a question mark ("잎이 노란 건 물 때문이야, 아니면 햇빛 때문이야?")."""
    if _is_question(request, start, end):
        return True
    stop = SENTENCE_STOP.search(request.text, end)
    return stop is not None and stop.group() in "?？"


def _is_question(request: Request, start: int, end: int) -> bool:
    """Whether this part of the request asks a question: a question mark or a question word."""
    text = request.text[start : end + 2]  # the clause and the mark that ends it
    if "?" in text or "？" in text:
        return True
    return any(w.lemma.lower() in QUESTION_WORDS for w in request.words_in(start, end))


def _acted(senses: list[Sense], request: Request, start: int, end: int) -> set[str]:
    """The actions the request's verbs ask for (in Korean too: a verb, or a noun before 하다:
    "예약해줘"; not "장바구니", a noun); not what a report only suggests (it has no verb)."""
    if not request.korean:
        verbs = _verb_positions(request, start, end)
        return {
            s.concept
            for s in senses
            if s.word and _is_verb(s, request, verbs) and s.concept in ACTIONS
        }
    text = request.text
    verbs = {
        w.start
        for w in request.words_in(start, end)
        if w.tag == "VERB" or text[w.end : w.end + 1] in "하해했할합"
    }
    return {s.concept for s in senses if s.word and s.start in verbs and s.concept in ACTIONS}


def _something_to_look_for(
    tool: ToolReading, acted: set[str], senses: list[Sense], request: Request
) -> list[Match]:
    """ "Show me board games": a request to show or find a thing no tool names is a search, and
    a search tool that takes free text to look for serves it (it takes any thing)."""
    takes_text = any(p.kind in FREE_TEXT for p in tool.required())
    if "search" not in tool.actions() or not takes_text or not acted & LOOK_UPS:
        return []
    nouns = _noun_starts(request)
    things = [s for s in senses if s.start in nouns and s.word and s.concept not in tool.about]
    return [Match("search", f"(looks for {things[0].word})", ACTION_MATCH)] if things else []


def _action_match(tool: ToolReading, acted_on: set[str]) -> list[Match]:
    """The request's action against the tool's action: a verb that asks for what the tool does
    ("pay" for "Pays for parking") counts on top of the words they share."""
    acted = sorted(acted_on & tool.actions())
    return [Match(acted[0], "(action)", ACTION_MATCH)] if acted else []


def _filled_in(matches: list[Match], slots: float) -> float:
    """A tool whose name and description share no word with the request may still be what it
    asks, when the request reads as the tool's form filled in: the user's words are the words
    of its parameters ("18 holes", "walk" of transport [walk, cart]) and the request carries
    values its required parameters take, more than it lacks ("Hanbok for four adults this
    Saturday, 3 hours"). A model reads a tool's parameters as evidence of what it is for; a
    word of one parameter, with no value for the tool, is not enough (_fills_a_form says when
    a request may read so at all)."""
    said = sum(m.points for m in matches if m.word and not m.word.startswith("("))
    return said if slots >= SLOT and said >= FITS else 0.0


def _fills_a_form(tool: ToolReading, request: Request, start: int, end: int) -> bool:
    """Whether this part of the request may be read as the tool's parameters filled in: an
    order may, for any tool ("Raku firing, 6 pots, next Wednesday"); a question only for a tool
    that looks something up ("When can I see a dermatologist tomorrow?" lists slots; "Is it
    better to walk or take a cart for 18 holes?" books no tee time); a report of what happened
    for none ("I broke 3 pots in the gas kiln yesterday")."""
    if _reported(request, start, end):
        return False
    looks_up = not tool.actions() or tool.actions() & LOOK_UPS  # get_x, list_x, find_x
    return bool(looks_up) or not _is_question(request, start, end)


def _named_points(tool: ToolReading, matches: list[Match], slots: float) -> float:
    """The shared meaning the tool's name or description says. A time ("today", "past") says
    when, not what: it counts only when the request also carries a value the tool takes
    ("How did Tesla do over the past month?"), so a time alone makes no tool fit ("Thanks,
    that's all for today!"); the "create" a report only suggests counts only beside a word the
    tool says (a report asks to log, not to add a to-do)."""
    named = [m for m in matches if m.concept in _named_broadly(tool) or _is_related(m)]
    counted = [m for m in named if m.concept not in TIME_FRAMES or slots > 0]
    said = any(m.word for m in counted)  # "고마워! 덕분에 살았어" reports, and asks no to-do:
    return sum(m.points for m in counted if said or m.concept != "create")  # create needs a word


def _named_broadly(tool: ToolReading) -> dict[str, float]:
    """The concepts the tool's name or description says, with the broader ones they imply."""
    return with_broader(tool.named)


def _matches(tool: ToolReading, senses: list[Sense]) -> list[Match]:
    """The request's concepts the tool says, each word counted once at its best; words that
    meet the tool only through one broader concept count once together ("강아지 사료 먹였어"
    is about a pet once for a walking log, not three times)."""
    best: dict[str, tuple[Match, bool]] = {}
    for sense in senses:
        for concept, share in with_broader([sense.concept]).items():
            if concept not in tool.about or share < BROADER_SHARE:  # one step up at most
                continue
            points = _weight(tool, concept, sense) * share * tool.about[concept]
            key = sense.word or concept
            if key not in best or points > best[key][0].points:
                best[key] = (Match(concept, sense.word, round(points, 3)), share < 1)
    direct = [match for match, broader in best.values() if not broader]
    through: dict[str, Match] = {}
    for match, broader in best.values():
        if broader and (
            match.concept not in through or match.points > through[match.concept].points
        ):
            through[match.concept] = match
    return direct + list(through.values())


def _weight(tool: ToolReading, concept: str, sense: Sense) -> float:
    """How much the user's word tells about this tool: a word for what the tool is named after
    tells enough, however common it is in English ("time", "list", "file"); an action's word
    used as a noun tells little of the tool's action ("binary search" is no searching)."""
    action = concept in tool.actions() and concept not in tool.objects
    stress = sense.stress if action else 1.0  # a noun meets what the tool names fully
    if concept in tool.in_name and concept in tool.named:
        return max(sense.weight, NAMED_WORD) * stress
    return sense.weight * stress


def _slot_fit(tool: ToolReading, request: Request, start: int, end: int) -> float:
    """A little for each required parameter whose kind of value this part of the request
    carries, less when only another clause carries it (values are shared by the clauses: "서울
    날씨랑 시간", but "text +1 415... and post in #team": each clause's own value says which
    tool it is for), a little off for each value nobody gives, and a little for each parameter
    (required or not) one of whose choices the request names."""
    here = request.entities_in(start, end)
    points = SLOT * sum(_names_a_choice(p, request, start, end) for p in tool.parameters)
    for parameter in tool.required():
        shape = _selective_pattern(parameter)
        if parameter.kind not in FILLED_BY and shape is None:
            continue
        if _carries(parameter, shape, request, here, (start, end)):
            points += SLOT
        elif _carries(parameter, shape, request, request.entities, (0, len(request.text))):
            points += SHARED_SLOT
        else:
            points -= SLOT
    return points


def _names_a_choice(parameter: Parameter, request: Request, start: int, end: int) -> bool:
    """Whether this part of the request names one of a parameter's choices, as written or by a
    word for it ("케이크" of category [빵, 케이크, 음료]): the tool offers what is asked."""
    members = parameter.spec.get("enum")
    if not isinstance(members, list):
        return False
    choices = [m for m in members if isinstance(m, str) and len(m) > 1]
    said = literal_mentions(choices, request.text, start, end)
    return bool(said or synonym_mentions(choices, request.text, start, end))


def _values_taken(tool: ToolReading, request: Request, start: int, end: int) -> int:
    """How many of this part's values (dates, names, numbers...) some parameter of the tool,
    required or not, takes."""
    return sum(any(_takes(p, e) for p in tool.parameters) for e in request.entities_in(start, end))


def _carries(
    parameter: Parameter,
    shape: re.Pattern[str] | None,
    request: Request,
    entities: tuple[Entity, ...],
    span: tuple[int, int],
) -> bool:
    """Whether a span carries a value for a parameter: a value of its kind, or a word in the
    shape its pattern asks ("401-7720015" for ^[0-9]{3}-[0-9]{7}$, whatever its kind)."""
    accepted = _accepted(parameter)
    if any(_takes(parameter, e) for e in entities if e.kind in accepted):
        return True
    return shape is not None and _has_shaped_word(shape, request, *span)


def _has_shaped_word(shape: re.Pattern[str], request: Request, start: int, end: int) -> bool:
    """Whether one of the first words of a span has the shape (a Korean particle stripped)."""
    return _shaped_in(shape, request.window or request.text, start, end)


@lru_cache(maxsize=1024)
def _shaped_in(shape: re.Pattern[str], text: str, start: int, end: int) -> bool:
    """_has_shaped_word for one pattern and span, tried once: every clause asks it of the whole
    request again."""
    return any(shape.search(word) for word in _shaped_words(text, start, end))


@lru_cache(maxsize=64)
def _shaped_words(text: str, start: int, end: int) -> tuple[str, ...]:
    """The first words of a span as a pattern reads them, each value bare of what is written
    after it ("123-4567이야" -> 123-4567): read once per span, not once per parameter."""
    words: list[str] = []
    for count, match in enumerate(SHAPED_WORD.finditer(text, start, end)):
        if count >= SHAPED_WORDS_READ:
            break
        word = match.group().rstrip(".")
        if len(word) <= LONGEST_SHAPED:  # longer words (blobs) are no values
            bare = KOREAN_ENDING.sub("", word) if not HANGUL_START.match(word) else word
            words.append(strip_korean_particle(bare))
    return tuple(words)


def _selective_pattern(parameter: Parameter) -> re.Pattern[str] | None:
    """A parameter's `pattern` when it is selective: ordinary words do not fit it."""
    pattern = parameter.spec.get("pattern")
    return _compiled_selective(pattern) if isinstance(pattern, str) else None


@lru_cache(maxsize=1024)
def _compiled_selective(pattern: str) -> re.Pattern[str] | None:
    """A pattern compiled, or None when it is invalid or ordinary words fit it."""
    try:
        compiled = re.compile(pattern)
    except re.error:
        return None
    return None if any(compiled.search(word) for word in ORDINARY_WORDS) else compiled


def _takes(parameter: Parameter, entity: Entity) -> bool:
    """Whether a parameter takes this value: its kind fits, and a path is the kind of path the
    parameter asks for (a folder parameter takes no file: "report.csv" is not a folder)."""
    if entity.kind not in _accepted(parameter):
        return False
    return entity.kind != "path" or _path_agrees(parameter, entity)


def _path_agrees(parameter: Parameter, entity: Entity) -> bool:
    """Whether a path is what the parameter's name or description asks: a file or a folder."""
    words = f"{parameter.name} {parameter.description()}".lower()
    said = set(re.findall(r"[a-z]+|[가-힣]+", words))
    name = str(entity.value).rstrip("/").rsplit("/", 1)[-1]
    is_file = "." in name.strip(".")
    wants_folder = bool(said & FOLDER_WORDS) and not said & FILE_WORDS
    wants_file = bool(said & FILE_WORDS) and not said & FOLDER_WORDS
    return not (is_file and wants_folder) and not (not is_file and wants_file)


def _accepted(parameter: Parameter) -> frozenset[str]:
    """The entity kinds a parameter takes, its alternatives ("name or phone number") included;
    a proper name counts for a person and a place alike (only the world says which it is)."""
    return _kinds_filling(parameter.kind, parameter.also)


@lru_cache(maxsize=256)
def _kinds_filling(kind: str, also: tuple[str, ...]) -> frozenset[str]:
    """The entity kinds that fill a semantic type and its alternatives (read once per type)."""
    accepted = frozenset(k for each in (kind, *also) for k in FILLED_BY.get(each, ()))
    return accepted | NAMES if accepted & NAMES else accepted


def _conflicts(tool: ToolReading, said: set[str]) -> list[str]:
    """What the request asks that the tool says it does not do: another action of the same
    kind ("draft" for "send", "delete" for "create"), or a tool that says it is deprecated."""
    conflicts = ["the tool says it is deprecated"] if "deprecated" in tool.named else []
    for group in EXCLUSIVE:
        asked, offered = group & said, _offered(tool, group)
        if asked and offered and not asked & offered:
            conflicts.append(f"{'/'.join(sorted(asked))} vs {'/'.join(sorted(offered))}")
    return conflicts


def _offered(tool: ToolReading, group: frozenset[str]) -> frozenset[str]:
    """Which of a group of exclusive concepts the tool does: what its first word does (add in
    add_to_reading_list, not the list it adds to), else what its name or description says."""
    sources = (tool.actions(), tool.in_name - tool.objects if tool.in_name else tool.named)
    return next((group & said for said in sources if group & said), frozenset())


def _other_time(tool: ToolReading, said: set[str], request: Request) -> bool:
    """Whether the tool is about another time than the request asks (a forecast for "now")."""
    frame = tool.time_frame()
    return frame is not None and frame != _time_frame(said, request)


def _time_frame(said: set[str], request: Request) -> str:
    """The time the request is about: later, earlier, or (when it says none) now. A date says
    which by where it falls on the clock: yesterday is past, the 20th of next month is later."""
    dates = [e for e in request.entities if e.kind in WHEN_KINDS]
    if dates and "now" not in said:
        return "past" if all(_before_today(e) for e in dates) else "future"
    return next((frame for frame in TIME_FRAMES if frame in said), "now")


def _before_today(entity: Entity) -> bool:
    """Whether a date or date-time falls before today on the model's fixed clock."""
    return str(entity.value)[:10] < CLOCK.date().isoformat()


def best_fit(scores: list[Score], text: str, seed: int, previous: str = "") -> Score | None:
    """The tool that clearly fits; near-equal tools are a toss-up decided by the seed, unless one
    of them is the tool of the task before (an unclear clause goes on with that task)."""
    close = _close(scores)
    if not close:
        return None
    same = [s for s in close if s.tool == previous]
    return same[0] if same else close[toss(text, seed, len(close))]


def _close(scores: list[Score]) -> list[Score]:
    """The tools that clearly fit and score within NEAR_TIE of the best (a tool the request
    contradicts is ruled out when another fits without a contradiction)."""
    fitting = [s for s in scores if s.fits]
    plain = [s for s in fitting if not s.contradiction]
    fitting = plain or fitting
    if not fitting:
        return []
    top = max(s.total for s in fitting)
    if top <= 0:  # it fits, but lacks every value it needs: only when it clearly means it
        best = max(fitting, key=lambda s: s.meaning)
        return [best] if best.meaning - best.contradiction >= 2 * FITS else []
    close = [s for s in fitting if s.total >= top * NEAR_TIE]
    if len(close) > 1 and all(_only_related(s) for s in close):
        return _taking_most(close)  # several tools of one topic, none named by the request
    return close


def _taking_most(close: list[Score]) -> list[Score]:
    """The one of several tools of a topic that takes more of the request's values than any
    other: look-alike tools are told apart by what the request gives ("Tom has to mow the lawn
    by Saturday": a due date, which the tool that assigns chores takes and the one that lists
    them does not). When none stands out: unsure, no call."""
    ranked = sorted((s.takes for s in close), reverse=True)
    if ranked[0] == 0 or ranked[0] == ranked[1]:
        return []
    return [s for s in close if s.takes == ranked[0]]


def _only_related(score: Score) -> bool:
    """Whether a tool fits only by words of its topic: it shares no concept the user said."""
    return all(_is_related(m) or not m.word for m in score.matches)


def toss(text: str, seed: int, sides: int) -> int:
    """A deterministic coin: the same text and seed always land the same way."""
    digest = hashlib.sha256(f"{seed}:{text}".encode()).digest()
    return int.from_bytes(digest[:4], "big") % sides


@dataclass(frozen=True)
class Task:
    """One part of the request and the tool that serves it."""

    tool: ToolReading
    start: int
    end: int
    score: Score


def find_tasks(request: Request, tools: list[ToolReading], seed: int) -> list[Task]:
    """Give each clause that a tool clearly fits its own task.

    A clause no tool fits (" and Paris", "top 3 results") belongs to the task before it; the
    clauses before the first task belong to the first task."""
    tasks: list[Task] = []
    clauses = _with_objects(request)
    stating = [_states(request, c) for c in clauses]
    asking = any(  # a clause of no content words ("그리고") neither asks nor tells
        not states and request.words_in(c.start, c.end)
        for c, states in zip(clauses, stating, strict=True)
    )
    for clause, states in zip(clauses, stating, strict=True):
        best = _clause_best(request, clause, tools, tasks, seed, context=states and asking)
        if best is not None:
            tool = next(t for t in tools if t.name == best.tool)
            task = Task(tool, clause.start if tasks else 0, clause.end, best)
            tasks += [task] if tasks else _first_tasks(request, task, clause)
        elif tasks and _own_call(request, tasks, clause):  # "... and spin Sunday at 10"
            last = tasks[-1]
            tasks.append(Task(last.tool, clause.start, clause.end, last.score))
        elif tasks:
            last = tasks[-1]
            tasks[-1] = Task(last.tool, last.start, clause.end, last.score)
    if tasks:
        tasks[-1] = Task(tasks[-1].tool, tasks[-1].start, len(request.text), tasks[-1].score)
    tasks = tasks or _whole_request_task(request, tools, seed)
    return tasks + _side_tasks(request, tasks, tools)


def _first_tasks(request: Request, task: Task, clause: Clause) -> list[Task]:
    """The first task, which takes the clauses before it; or two, when those clauses say the
    task's values again, other ones ("17번, 18번 인쇄 취소해": two jobs to cancel)."""
    leading = Task(task.tool, 0, clause.start, task.score)
    if clause.start and _own_call(request, [leading], clause):
        return [leading, Task(task.tool, clause.start, clause.end, task.score)]
    return [task]


def _clause_best(
    request: Request,
    clause: Clause,
    tools: list[ToolReading],
    tasks: list[Task],
    seed: int,
    context: bool,
) -> Score | None:
    """The tool that starts a new task at this clause, if any (the same tool again starts one
    only for a call of its own)."""
    if context:
        return None  # "I'm back at the car, stop the parking": context, not a task
    previous = tasks[-1].tool.name if tasks else ""
    best = best_fit(score_tools(request, clause, tools), request.text, seed, previous)
    if best is None or (tasks and _only_related(best)):
        return None  # words of a topic only say more about the task before ("텐트랑...")
    if best.tool == previous and not _own_call(request, tasks, clause):
        return None  # the same tool again: one task, whose values may make several calls
    return best


def _own_call(request: Request, tasks: list[Task], clause: Clause) -> bool:
    """Whether a clause that asks the same tool again asks for a call of its own: it says the
    same values the task before says, each itself and other ones ("Lock the front door and the
    garage door": two calls). A clause that only adds to the task ("..., subject Lunch") lacks a
    value or says another kind, and stays with it."""
    if len(request.clauses) > PARALLEL_CLAUSES or request.corrects(clause):
        return False  # a long paste is read for what it asks; a correction replaces a value
    last = tasks[-1]
    if request.echoes(clause):  # "in Austin and in Denver": unless a list takes both
        return not any(p.kind == "list" for p in last.tool.parameters)
    here = _complete_values(last.tool, Span(request, clause.start, clause.end))
    before = _complete_values(last.tool, Span(request, last.start, clause.start))
    if here is None or before is None or here.keys() != before.keys():
        return False  # a clause that adds a value ("1박에 20만 원 이하로") goes on with the task
    lists = {p.name for p in last.tool.parameters if p.kind == "list"}
    return here != before and not lists & here.keys()  # a list takes every value in one call


def _complete_values(tool: ToolReading, span: Span) -> dict[str, object] | None:
    """The typed values a span itself says for a tool, when it says every value the tool needs
    (else None). Free text takes any words: a clause's own text proves no call of its own, its
    typed values do ("샤블리는 3번 랙으로, 바롤로는 5번 랙으로 옮겨줘")."""
    free = {p.name for p in tool.parameters if p.kind in FREE_TEXT}
    if not {p.name for p in tool.required()} - free:
        return None
    arguments = fill(tool, span, False)
    text = span.request.text[span.start : span.end]  # values are shared by clauses: keep its own
    said = {
        f.parameter: f.value
        for f in arguments.fillings
        if f.source not in UNSAID and f.source and f.source in text
    }
    if arguments.missing or not all(p.name in said for p in tool.required()):
        return None
    return {name: value for name, value in said.items() if name not in free}


def _side_tasks(request: Request, tasks: list[Task], tools: list[ToolReading]) -> list[Task]:
    """A value said with a word for what another tool sets ("play episode 3 at 1.5x speed"),
    which the task's own tool has no place for, asks for that tool too: one call more."""
    found: list[Task] = []
    called = {task.tool.name for task in tasks}
    for task in tasks:
        for tool in (
            t for t in tools if t.name not in called and _sets_said_value(request, task, t)
        ):
            clause = Clause(task.start, task.end)
            found.append(Task(tool, task.start, task.end, score_tools(request, clause, [tool])[0]))
            called.add(tool.name)
    return found


def _sets_said_value(request: Request, task: Task, tool: ToolReading) -> bool:
    """Whether a tool that sets one value (set_playback_speed) is asked for beside the task: the
    task's words name what it sets (speed), which the task's tool does not mention, right next
    to a value its one required parameter takes (1.5)."""
    required = tool.required()
    if len(required) != 1:
        return False
    named = [
        s
        for s in request.senses_in(task.start, task.end)
        if s.concept in tool.objects and s.concept not in task.tool.about and s.word
    ]
    values = [e for e in request.entities_in(task.start, task.end) if _fits_one(required[0], e)]
    return any(
        -SIDE_GAP <= s.start - e.end <= SIDE_GAP or -SIDE_GAP <= e.start - s.end <= SIDE_GAP
        for s in named
        for e in values
    )


def _fits_one(parameter: Parameter, entity: Entity) -> bool:
    """Whether a value fits a parameter: one of its choices, or a value of its kind."""
    members = parameter.spec.get("enum")
    if isinstance(members, list):
        return entity.value in members or str(entity.value).lower() in map(str, members)
    return _takes(parameter, entity)


def _states(request: Request, clause: Clause) -> bool:
    """Whether a clause only tells the user's situation and asks nothing: no question, no request
    word, and (English) it opens with its subject ("I'm sick", "my car is parked at Jamsil"),
    (Korean) it ends as a statement does: an adjective (짐이 많아), a past form (마음이
    바뀌었어), or a noun said to be (지금 부산이야)."""
    text = request.text[clause.start : clause.end]
    if _is_question(request, clause.start, clause.end):
        return False
    said = request.words_in(clause.start, clause.end)
    if request.korean:
        last = TRAILING_ASIDE.sub("", text[-40:])  # "기저귀 갈았어(소변)": the aside comes after
        ends_as_statement = bool(said) and said[-1].tag == "ADJ" or KO_STATEMENT.search(last)
        return bool(ends_as_statement) and not KO_REQUEST.search(text)
    tokens = re.findall(r"[\w'’]+", text.lower().replace("’", "'"))
    while tokens and tokens[0] in CONJUNCTIONS:  # "and we walked for an hour"
        tokens = tokens[1:]
    opens = bool(tokens) and tokens[0] in SUBJECT_OPENINGS and not REQUEST_WORDS & set(tokens)
    return opens and _has_predicate(tokens, said)


def _has_predicate(tokens: list[str], said: tuple[Word, ...]) -> bool:
    """Whether an English clause says something of its subject (a verb, an adjective, a form of
    "be"): "the garage door" alone is a thing the request goes on about, not a statement."""
    if any(w.tag in ("VERB", "ADJ") for w in said):
        return True
    return any(t in BE_FORMS or t.endswith(("'m", "'s", "'re")) for t in tokens)


def _with_objects(request: Request) -> list[Clause]:
    """The clauses, each verb standing alone joined to the clause before it: in "채용 공고 /
    찾아줘" or "the report, please send" the verb acts on what came before."""
    clauses: list[Clause] = []
    for clause in request.clauses:
        said = [s for s in request.senses_in(clause.start, clause.end) if s.word]
        if clauses and said and all(s.concept in ACTIONS for s in said):
            clauses[-1] = Clause(clauses[-1].start, clause.end)
        else:
            clauses.append(clause)
    return clauses


def _whole_request_task(request: Request, tools: list[ToolReading], seed: int) -> list[Task]:
    """The request read whole, when no single clause says enough on its own."""
    best = best_fit(score_tools(request, None, tools), request.text, seed)
    if best is None:
        return []
    tool = next(t for t in tools if t.name == best.tool)
    return [Task(tool, 0, len(request.text), best)]
