"""Reading the request, once: its language, words, concepts, entities and clauses.

Only a window of a long text is read (the start and the end, where requests put what they
want), so a pasted 100,000-character log costs no more than a page.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from helpers.offline.entities import Entity, read_values
from helpers.offline.lexicon import (
    ACTIONS,
    OPERATORS,
    PHRASES,
    RECIPIENT,
    TOLD_ME,
    TOLD_SOMEONE,
    TOLD_TO,
)
from helpers.offline.meaning import Sense, read_senses
from helpers.offline.words import Word, final_consonant, language_of, words

HEAD = 3000  # characters read from the start of a long request
TAIL = 1000  # and from its end
CLAUSE_BREAK = re.compile(  # every alternative starts where a run starts: linear in the text
    r"[.?!;。]+\s+|[?!;]+|,(?!\d)\s*(?:and\s+|then\s+)?|(?<=\S)\s+(?:and|also|then)\s+(?=\w)"
    r"|(?<=\S)\s+as well as\s+(?=\w)|(?<=\S)\s+plus\s+(?=(?:the|a|an|my|our|your|some)\s)"
    r"|(?<=\S)\s+[—–-]+\s+(?=\S)"  # "Log the call — she'll send it Monday": a dash between words
    r"|(?<=\S)\s*(?:그리고|또한|그다음|다음에)\s*|(?:(?<=[다요줘])|(?<=[^다라자냐]고))[,.]?\s+(?=\S)"
    r"|(?<=[\uac00-\ud7a3])(?:이랑|랑|하고|와|과)\s+",  # "날씨랑 시간": a Korean "and"
    # (a quotation ending in 다고/라고 is what the next verb says: "늦는다고 보내줘", one clause)
    re.I,
)
# After "Text +1 415...: " or "메모: " the rest of the sentence is what to send or write: one
# span, never cut at its commas (a colon introduces a message body or a list).
COLON_BODY = re.compile(r"(?<=[^\d\s]):\s+[^.?!\n]*|(?<=\d):\s+(?!\d)[^.?!\n]*")
NEGATED_BEFORE = re.compile(
    r"\b(?:not|don'?t|do not|never|no|without|doesn'?t)\s+(?:\w+\s+)?$", re.I
)
NEGATED_AFTER = re.compile(r"(?:지|지는|지도|지를)\s*(?:마|말|않)")
PHRASE_WEIGHT = 0.6  # a phrase says as much as a fairly rare word
SEPARABLE = r"\s+(?:[\w'-]+\s+){0,2}?"  # a phrasal verb's object between: "turn the music down"
PARTICLES = frozenset("up down on off out over back away by".split())
TOLD_TO_PATTERN = re.compile(TOLD_TO, re.I)
TOLD_ME_PATTERN = re.compile(TOLD_ME, re.I)
TOLD_SOMEONE_PATTERN = re.compile(TOLD_SOMEONE)  # case matters: a name is capitalised
RECIPIENT_PATTERN = re.compile(RECIPIENT, re.I)
PREPOSITION_OBJECT = re.compile(r"\s+(?:my|the|a|an|your|our|this|that|his|her|their)\b", re.I)
ARITHMETIC_CONCEPTS = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide"}
ENTITY_CONCEPTS = {  # what naming a value of a kind says: "50 EUR in KRW" talks about money
    "money": "currency", "currency": "currency", "email": "email", "url": "web",
    "phone": "call_phone", "duration": "duration",
}  # fmt: skip
ENTITY_WEIGHT = 0.5  # how much a value's kind tells, next to the words
SENTENCE_END = re.compile(r"[.?!。]")  # a list's items are said in one sentence
LIST_JOINT = re.compile(r"이랑|랑|하고|와|과|,")  # what joins a Korean list's items
ITEM_TAGS = frozenset({"NOUN", "PROPN", "NUM"})  # the words that name a list's items


ALL_OF = re.compile(r"\s?다(?![가-힣])")  # "둘 다", "셋 다": all of them, no number to fill
CORRECTION = re.compile(
    r"(?i)\W*(?:actually|no|nope|wait|sorry|i mean|make (?:that|it)|rather|instead|scratch that"
    r"|correction|아니|아 아니|정정|다시 말해|그게 아니라)(?![a-z])"
)  # words that open a correction of what was just said
LEFT_AS_IS = re.compile(  # "leave it as it is": nothing to do to it
    r"그대로\s?(?:둬|두|놔|놓|유지)|놔\s?둬|냅둬|건드리지\s?마"
    r"|(?i:\bleave\b.{0,30}\b(?:alone|as (?:it )?is|on|off|be)\W*$|\bdon'?t touch\b)"
)  # (English ends the clause with it: "leave the lamp on", not "leave a comment on issue 42")
# A clause that says the frame of the one before again with another value: English repeats the
# preposition ("in Austin and in Denver", "for Naxos, and also for Paros", "at Niseko as well as
# at Hakuba"). The joining words the clause may open with, then the preposition it echoes.
ECHOED_PREPOSITION = re.compile(
    r"(?i)\W*(?:(?:and|also|plus|as well as|too)\s+)*"
    r"(for|at|in|on|of|from|to|with|about|near|into|inside|around)\s+\w"
)
ECHO_WORDS = 6  # an echoing clause is short: the preposition, the value, a word or two more
ABBREVIATIONS = re.compile(r"(?i)(?<![\w.])(?:mr|mrs|ms|dr|st|prof|jr|sr|mt|vs|etc|no|approx)$")


@dataclass(frozen=True)
class Clause:
    """One part of the request that may ask for its own call: where it starts and ends, and,
    when it says no action of its own, the action of the clause whose verb it shares."""

    start: int
    end: int
    borrowed: tuple[Sense, ...] = ()  # "전기, 가스 둘 다 자동이체 켜줘": 전기 is to be turned on


@dataclass(frozen=True)
class Request:
    """The user's latest message as the model understands it."""

    text: str
    language: str
    words: tuple[Word, ...]
    senses: tuple[Sense, ...]
    entities: tuple[Entity, ...]
    clauses: tuple[Clause, ...]
    window: str = ""  # the text as read: a long paste's middle blanked, same length as text

    def senses_in(self, start: int, end: int) -> tuple[Sense, ...]:
        """The concepts said between two positions (found by bisection, in text order)."""
        starts = self._sense_starts
        return self._senses_by_start[bisect_left(starts, start) : bisect_left(starts, end)]

    @cached_property
    def _senses_by_start(self) -> tuple[Sense, ...]:
        """The senses in text order (a stable sort: senses of one word keep their order)."""
        return tuple(sorted(self.senses, key=lambda s: s.start))

    @cached_property
    def _sense_starts(self) -> tuple[int, ...]:
        """Where each sense starts, in text order."""
        return tuple(s.start for s in self._senses_by_start)

    def words_in(self, start: int, end: int) -> tuple[Word, ...]:
        """The words said between two positions (found by bisection: words are in text order)."""
        return self.words[
            bisect_left(self._word_starts, start) : bisect_left(self._word_starts, end)
        ]

    @cached_property
    def _word_starts(self) -> tuple[int, ...]:
        """Where each word starts, in text order."""
        return tuple(w.start for w in self.words)

    @cached_property
    def clause_openings(self) -> frozenset[int]:
        """Where each clause's first word starts (an imperative opens a clause: "Email Joe")."""
        text = self.text
        return frozenset(c.end - len(text[c.start : c.end].lstrip()) for c in self.clauses)

    def corrects(self, clause: Clause) -> bool:
        """Whether a clause corrects what was said before it ("..., actually make it 6pm", "...,
        아니 5번으로"): it replaces a value, it asks for nothing more."""
        return CORRECTION.match(self.text, clause.start, clause.end) is not None

    def echoes(self, clause: Clause) -> bool:
        """Whether a clause says the clause before it again with another value and nothing else:
        it opens with a preposition the clause before says too ("..., and also for Paros"), is
        short, and says no action of its own: one more call of the same kind."""
        echoed = ECHOED_PREPOSITION.match(self.text, clause.start, clause.end)
        before = [c for c in self.clauses if c.end <= clause.start]
        if echoed is None or not before:
            return False
        if len(self.words_in(clause.start, clause.end)) > ECHO_WORDS:
            return False
        preposition = re.compile(rf"(?i)\b{echoed.group(1)}\s+\w")
        said = [s for s in self.senses_in(clause.start, clause.end) if s.word]
        if any(s.concept in ACTIONS for s in said):
            return False
        return preposition.search(self.text, before[-1].start, before[-1].end) is not None

    def entities_in(self, start: int, end: int) -> tuple[Entity, ...]:
        """The entities said between two positions."""
        return tuple(e for e in self.entities if start <= e.start < end)

    def concepts(self) -> frozenset[str]:
        """Every concept the request says."""
        return frozenset(s.concept for s in self.senses)

    @property
    def korean(self) -> bool:
        """Whether the user writes in Korean (the answer follows)."""
        return self.language == "ko"


def read_request(text: str) -> Request:
    """Read a request once (cached: the same text is read the same way)."""
    return _read(text)


@lru_cache(maxsize=256)
def _read(text: str) -> Request:
    """read_request, worked out once per distinct text."""
    window = (
        text
        if len(text) <= HEAD + TAIL
        else text[:HEAD] + " " * (len(text) - HEAD - TAIL) + text[-TAIL:]
    )
    language = language_of(window)
    said = words(window, language)
    entities = _without_quantifiers(read_values(window, language), window)
    senses = _settled(read_senses(said, language), said, entities) + _entity_senses(entities)
    senses = _with_phrases(senses, _phrase_senses(window)) + _reminder_senses(window)
    senses = _outside_quotes(senses, entities)
    senses = tuple(_with_negation(s, window) for s in senses)
    clauses = _clauses(window, entities, said)
    senses = _left_as_they_are(senses, clauses, window)
    read = Request(text, language, said, senses, entities, clauses, window)
    return replace(read, clauses=_sharing_verbs(read, read.clauses))


def _without_quantifiers(entities: tuple[Entity, ...], text: str) -> tuple[Entity, ...]:
    """The values without the words that say "all of them" ("전기, 가스 둘 다 켜줘": both, not
    the number 2): they spread the request's action over the items listed before them."""
    return tuple(
        e
        for e in entities
        if not (e.kind == "number" and not e.text[:1].isdigit() and ALL_OF.match(text, e.end))
    )


def _left_as_they_are(
    senses: tuple[Sense, ...], clauses: tuple[Clause, ...], text: str
) -> tuple[Sense, ...]:
    """The senses with those of a clause that says to leave something as it is marked negated:
    "조명은 그대로 둬", "leave the lamp on" ask nothing of the light or the lamp (English names
    the thing after "leave", Korean before "그대로 둬")."""
    kept = []
    for clause in clauses:
        left = LEFT_AS_IS.search(text, clause.start, clause.end)
        if left is not None:
            kept.append((left.start() if left.group().isascii() else clause.start, clause.end))
    return tuple(
        replace(s, negated=True) if any(a <= s.start < b for a, b in kept) else s for s in senses
    )


def _settled(
    senses: tuple[Sense, ...], said: tuple[Word, ...], entities: tuple[Entity, ...]
) -> tuple[Sense, ...]:
    """Senses with arithmetic settled: an operator word between two numbers ("2 times 3") means
    the operation only, never its other senses (time)."""
    numbers = [e for e in entities if e.kind in ("number", "quantity", "money")]
    operators = {w.start: OPERATORS[w.text.lower()] for w in said if w.text.lower() in OPERATORS}
    settled = {start for start in operators if _between_numbers(start, numbers)}
    kept = [s for s in senses if s.start not in settled]
    for sense in senses:
        if sense.start in settled and sense.concept == ARITHMETIC_CONCEPTS[operators[sense.start]]:
            kept.append(sense)
    added = [
        Sense(ARITHMETIC_CONCEPTS[operators[start]], 1.0, "", start, start + 1)
        for start in settled
        if not any(s.start == start and s.concept in ARITHMETIC_CONCEPTS.values() for s in kept)
    ]
    return tuple(sorted(kept + added, key=lambda s: s.start))


def _with_negation(sense: Sense, text: str) -> Sense:
    """A sense marked negated when the words around it say not to: "don't send" (English puts
    the negation before the verb), "보내지 마", "보내지는 말고" (Korean puts it after)."""
    before = text[max(0, sense.start - 16) : sense.start]
    after = text[sense.end : sense.end + 8]
    if NEGATED_BEFORE.search(before) or NEGATED_AFTER.match(after):
        return replace(sense, negated=True)
    return sense


def _with_phrases(senses: tuple[Sense, ...], phrases: tuple[Sense, ...]) -> tuple[Sense, ...]:
    """The senses with each phrase in place of its last word and of its first word's action:
    "drop off the car" means return, not delete; "put on some jazz" play, not create ("the
    car" between keeps its meaning; "write" of "write down" still says writing)."""
    starts, ends = {p.start for p in phrases}, {p.end for p in phrases}
    kept = tuple(
        s for s in senses if s.end not in ends and not (s.start in starts and s.concept in ACTIONS)
    )
    return kept + phrases


def _reminder_senses(text: str) -> tuple[Sense, ...]:
    """Asking to be told to do something ("30분 뒤에 빨래 꺼내라고 알려줘", "tell me to stretch
    at 3") asks for a reminder; asking that someone else be told ("지수한테 늦는다고 알려줘")
    asks to send them a message, and so does telling someone ("tell Marco the rent is paid")."""
    senses = [
        Sense("send", PHRASE_WEIGHT, match.group(), match.start(), match.end())
        for match in TOLD_SOMEONE_PATTERN.finditer(text)
    ]
    for match in TOLD_TO_PATTERN.finditer(text):
        if RECIPIENT_PATTERN.search(text, max(0, match.start() - 60), match.start()):
            senses.append(Sense("send", PHRASE_WEIGHT, match.group(), match.start(), match.end()))
        elif TOLD_ME_PATTERN.fullmatch(match.group()):
            senses.append(Sense("remind", PHRASE_WEIGHT, match.group(), match.start(), match.end()))
    return tuple(senses)


def _phrase_senses(text: str) -> tuple[Sense, ...]:
    """Two-word phrases read from the text itself ("turn off": the reader drops "off")."""
    return tuple(
        Sense(concept, PHRASE_WEIGHT, match.group(), match.start(), match.end())
        for pattern, concept in _phrase_patterns()
        for match in pattern.finditer(text)
        if not _particle_is_preposition(match, text)
    )


def _particle_is_preposition(match: re.Match[str], text: str) -> bool:
    """Whether a split verb and particle are no phrase: in "Put 'call mom' on my list" the "on"
    has its own object ("my list"), so it is a preposition, not "put on" (play)."""
    split = len(match.group().split()) > 2
    return split and bool(PREPOSITION_OBJECT.match(text, match.end()))


@lru_cache(maxsize=1)
def _phrase_patterns() -> list[tuple[re.Pattern[str], str]]:
    """Each phrase as a pattern that allows its words' inflections ("turned off", "dropping
    off": a doubled last letter), for a verb and its particle an object between them ("turn the
    music down"), and after a Korean phrase a particle ("할 일에", "몇 대 몇이야")."""
    inflected = r"(?:s|es|ed|d|ing)?"
    return [
        (
            re.compile(
                r"\b"
                + (inflected + (SEPARABLE if phrase.split()[-1] in PARTICLES else r"\s+")).join(
                    _word_pattern(word) for word in phrase.split()
                )
                + (r"\b" if phrase.isascii() else ""),  # Korean: a particle may follow (할 일에)
                re.I,
            ),
            concept,
        )
        for phrase, concept in PHRASES.items()
    ]


def _word_pattern(word: str) -> str:
    """One word of a phrase with its inflections: English doubles a last letter ("dropping");
    a Korean last syllable may take a final consonant (보러 가 -> 보러 갈게요, 보러 갔어)."""
    if final_consonant(word[-1]) is False:
        return re.escape(word[:-1]) + f"[{word[-1]}-{chr(ord(word[-1]) + 27)}]"
    return re.escape(word) + f"{re.escape(word[-1])}?"


def _outside_quotes(senses: tuple[Sense, ...], entities: tuple[Entity, ...]) -> tuple[Sense, ...]:
    """The meanings the user says, not those of text they quote: in "Put 'book dentist' on my
    list" the quoted words are the value to store, not what to do ("book" is no booking)."""
    quoted = [(e.start, e.end) for e in entities if e.kind == "quoted"]
    return tuple(s for s in senses if not any(a < s.start < b for a, b in quoted))


def _entity_senses(entities: tuple[Entity, ...]) -> tuple[Sense, ...]:
    """The concepts the request's values say by their kind (an amount of money: currency; a
    path with a file's extension: a file, one without: a folder)."""
    return tuple(
        Sense(_entity_concept(e), ENTITY_WEIGHT, e.text, e.start, e.end)
        for e in entities
        if e.kind in ENTITY_CONCEPTS or e.kind == "path"
    )


def _entity_concept(entity: Entity) -> str:
    """What naming a value of this kind says ("report.csv" is a file, "src/" a folder)."""
    if entity.kind == "path":
        name = str(entity.value).rstrip("/").rsplit("/", 1)[-1]
        return "file" if "." in name.strip(".") else "folder"
    return ENTITY_CONCEPTS[entity.kind]


def _between_numbers(position: int, numbers: list[Entity]) -> bool:
    """Whether a number ends shortly before the position and another starts shortly after."""
    before = any(0 <= position - e.end <= 3 for e in numbers)
    after = any(0 <= e.start - position <= 14 for e in numbers)
    return before and after


def _clauses(text: str, entities: tuple[Entity, ...], said: tuple[Word, ...]) -> tuple[Clause, ...]:
    """Where the clauses are: cut at sentence ends, commas and "and", never inside quotes (the
    quotations the entity reader found: an apostrophe inside a word, "I'm", opens none), after
    an abbreviation ("Dr. Kim") or after a Korean noun that ends like a verb ("중고 자전거")."""
    quotes = [(e.start, e.end) for e in entities if e.kind == "quoted"]
    quotes += [m.span() for m in COLON_BODY.finditer(text)]
    nouns = {w.end for w in said if w.tag in ITEM_TAGS}
    cuts = [
        m
        for m in CLAUSE_BREAK.finditer(text)
        if not any(a <= m.start() < b for a, b in quotes)
        and not _after_abbreviation(text, m)
        and not (m.start() in nouns and text[m.start() - 1 : m.start()] == "고")
    ]
    starts = [0] + [m.end() for m in cuts]
    ends = [m.start() for m in cuts] + [len(text)]
    return tuple(Clause(a, b) for a, b in zip(starts, ends, strict=True) if text[a:b].strip())


def _sharing_verbs(request: Request, clauses: tuple[Clause, ...]) -> tuple[Clause, ...]:
    """Each clause that says no action with what it shares with its neighbours. A Korean list
    says what its items share once, after the last one: "커트랑 클리닉 잡아줘" books both,
    "월요일이랑 화요일 시간표 보여줘" shows both timetables. An English list says its verb once,
    before the first item ("lock the front door and the back door"), and a clause that leaves
    its verb out says the one before ("샤블리는 3번 랙으로 옮기고 바롤로는 5번 랙으로")."""
    text, senses, said, korean = request.window, request.senses, request.words, request.korean
    actions = [_actions_said(clause, senses, said, korean) for clause in clauses]
    borrowed: list[tuple[Sense, ...]] = [() for _ in clauses]
    items = [_first_item(clause, said) is not None for clause in clauses]
    for at in range(len(clauses) - 2, -1, -1) if korean else ():
        joint = text[clauses[at].end : clauses[at + 1].start]
        if not items[at] or actions[at] or SENTENCE_END.search(joint):
            continue
        following = clauses[at + 1]  # the next item ("이랑 화요일 시간표"), or the verb's words
        start = _after_first_item(following, said) if LIST_JOINT.search(joint) else following.start
        shared = [s for s in senses if start <= s.start < following.end and s.word]
        borrowed[at] = tuple(shared) + borrowed[at + 1]
    for at in range(len(clauses)):
        if items[at] and not actions[at] and not borrowed[at]:
            borrowed[at] = next((a for a in reversed(actions[:at]) if a), ())
    return tuple(
        replace(clause, borrowed=tuple(s for s in shared if not s.negated))
        for clause, shared in zip(clauses, borrowed, strict=True)
    )


def _after_first_item(clause: Clause, said: tuple[Word, ...]) -> int:
    """Where a Korean list's next item ends: what follows it is what the items share ("월요일이랑
    화요일 시간표 보여줘": the timetable and the showing)."""
    first = _first_item(clause, said)
    return first.end if first else clause.start


def _first_item(clause: Clause, said: tuple[Word, ...]) -> Word | None:
    """A clause's first word that can name an item of a list (a noun, a name, a number)."""
    return next(
        (w for w in said if clause.start <= w.start < clause.end and w.tag in ITEM_TAGS), None
    )


def _actions_said(
    clause: Clause, senses: tuple[Sense, ...], said: tuple[Word, ...], korean: bool
) -> tuple[Sense, ...]:
    """What a clause says to do: the senses of its action words, and of a Korean verb said
    after its last noun ("보러 갈게요", not the "지은" of "지은 디자이너님"). (An English word
    that opens a clause may be a noun read as a verb: "weather in Paris".)"""
    inside = [w for w in said if clause.start <= w.start < clause.end]
    nouns = [w.end for w in inside if w.tag in ITEM_TAGS]
    last_noun = max(nouns, default=0)
    verbs = {w.start for w in inside if korean and w.tag == "VERB" and w.start >= last_noun}
    return tuple(
        s
        for s in senses
        if clause.start <= s.start < clause.end
        and s.word
        and (s.concept in ACTIONS or s.start in verbs)
    )


def _after_abbreviation(text: str, cut: re.Match[str]) -> bool:
    """Whether a cut is the period of an abbreviation ("Ms. Park", "Dr. Lee"), not a sentence's
    end."""
    return cut.group().startswith(".") and bool(
        ABBREVIATIONS.search(text, max(0, cut.start() - 8), cut.start())
    )
