"""What the model writes in text: answers from tool results (seed step 7), questions, small talk."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from typing import Any

from helpers.offline.lexicon import CONCEPTS, GLOSSARY_KO_EN, KOREAN_NOUNS, KOREAN_WORDS
from helpers.offline.meaning import concept_index
from helpers.offline.reading import Call, Conversation, Outcome
from helpers.offline.request import read_request
from helpers.offline.tools import Parameter, singular_noun
from helpers.offline.words import final_consonant, language_of, split_identifier

MAX_TEXT = 300  # longest sentence about one result
MAX_ITEMS = 3  # items of a long list named in an answer
SHORT_LIST = 8  # a list of at most this many plain values is said in full
SHORT_NAME = 4  # a Korean parameter description of at most this many words names the value
UNIT_KEYS = re.compile(r"^(?:unit|units|\w+_unit)$")
UNIT_SYMBOLS = {"celsius": " °C", "fahrenheit": " °F", "kelvin": " K", "percent": "%"}
KOREAN_UNITS = {"celsius": "도", "days": "일", "hours": "시간", "minutes": "분", "seconds": "초"}
# fmt: off
KEY_UNITS = {  # a unit carried in a key name ("temp_c", "price_usd", "days")
    "c": "celsius", "celsius": "celsius", "f": "fahrenheit", "fahrenheit": "fahrenheit",
    "pct": "percent", "percent": "percent", "km": "km", "kg": "kg", "cm": "cm", "mm": "mm",
    "ms": "ms", "usd": "USD", "eur": "EUR", "krw": "KRW", "jpy": "JPY", "gbp": "GBP",
    "seconds": "seconds", "minutes": "minutes", "hours": "hours", "days": "days",
}
# fmt: on
TEMPERATURES = {"celsius", "fahrenheit"}  # units that say what was measured on their own
UNIT_WORDS = {"c", "f", "k", "도", "celsius", "fahrenheit", "kelvin", "degree"}
CODE = re.compile(r"^[A-Z0-9_+-]{2,8}$")
LOWER_WORD = re.compile(r"[a-z]+(?![\w.])")
WORD = re.compile(r"[a-z]+|[\uac00-\ud7a3]+|\d+(?:\.\d+)?")
ENGLISH_OF = {korean: english for english, korean in reversed(KOREAN_WORDS.items())}
TITLE_KEYS = ("title", "name", "label", "city", "id")


def final(chat: Conversation, plan: list[Call], tools: list[dict[str, Any]]) -> str:
    """The answer after the tool results (step 7): each result turned into a sentence."""
    successes = _latest_per_call([o for o in chat.outcomes() if o.error() is None])
    planned = {call.key() for call in plan}
    failures = [
        o
        for o in chat.outcomes()
        if o.error() is not None and (o.call.key() in planned or not successes)
    ]
    names = _said_names(chat.request) if chat.korean else {}
    sentences = [_sentence(o, tools, chat.korean, names) for o in successes]
    sentences += [_failure(o, tools, chat.korean, names) for o in _latest_per_call(failures)]
    if len(sentences) == 1:
        return sentences[0]
    return "\n".join(f"- {sentence}" for sentence in sentences)


def _latest_per_call(outcomes: list[Outcome]) -> list[Outcome]:
    """One outcome per distinct call: the last one, in the order the calls were first made."""
    latest: dict[tuple[str, str], Outcome] = {}
    for outcome in outcomes:
        latest[outcome.call.key()] = outcome
    return list(latest.values())


def _said_names(request: str) -> dict[str, str]:
    """The values the user named, as the user wrote them ("Beijing" -> "베이징")."""
    return {str(e.value): e.text for e in read_request(request).entities if e.kind == "place"}


def _sentence(
    outcome: Outcome, tools: list[dict[str, Any]], korean: bool, names: dict[str, str]
) -> str:
    """One result in words: "Beijing: sunny, 28 °C." (the subject, then what the tool said)."""
    subjects = _subjects(outcome.call, tools)
    heading = _heading(subjects, korean, names)
    return _finished(heading + describe(outcome.content, subjects, korean))


def _failure(
    outcome: Outcome, tools: list[dict[str, Any]], korean: bool, names: dict[str, str]
) -> str:
    """An error the model could not fix, said as such."""
    heading = _heading(_subjects(outcome.call, tools), korean, names)
    failed = "가져오지 못했습니다" if korean else "I could not get this"
    return _finished(f"{heading}{failed} ({outcome.call.name}: {outcome.error() or '?'})")


def _heading(subjects: list[str], korean: bool, names: dict[str, str]) -> str:
    """What the sentence is about ("Beijing: "), in the user's words or language."""
    said = [names.get(subject) or _in_language(subject, korean) for subject in subjects]
    return f"{', '.join(said)}: " if said else ""


def _finished(sentence: str) -> str:
    """A sentence: capitalised, at most MAX_TEXT characters, ending with a full stop."""
    sentence = _shorten(sentence.strip())
    if LOWER_WORD.match(sentence):  # a plain word, never an identifier ("tool_call_id", "iOS")
        sentence = sentence[:1].upper() + sentence[1:]
    return sentence if sentence.endswith((".", "!", "?", "…")) else sentence + "."


def _subjects(call: Call, tools: list[dict[str, Any]]) -> list[str]:
    """What a call was about: its free-text arguments ("Beijing"), not its enum choices."""
    try:
        arguments = json.loads(call.arguments)
    except ValueError:
        return []
    if not isinstance(arguments, dict):
        return []
    tool = next((t for t in tools if t["name"] == call.name), {})
    properties = tool.get("parameters", {}).get("properties", {})
    return [
        value
        for name, value in arguments.items()
        if isinstance(value, str) and "enum" not in properties.get(name, {})
    ]


def describe(content: str, subjects: list[str], korean: bool = False) -> str:
    """A tool result in words: a JSON object's values, a list by its first items, text as is."""
    try:
        data = json.loads(content)
    except ValueError:
        return content.strip()
    said = set().union(*(plain_words(subject) for subject in subjects))
    return _words_for(data, said, korean) or ("없음" if korean else "nothing")


def _words_for(data: Any, said: set[str], korean: bool) -> str:
    """JSON data in words: objects by their values, lists by their first items."""
    if isinstance(data, dict):
        return ", ".join(_object_parts(data, said, korean))
    if isinstance(data, list):
        return _list_words(data, said, korean)
    if isinstance(data, str):
        return _in_language(data, korean)
    return _scalar(data)


def _object_parts(data: dict[str, Any], said: set[str], korean: bool) -> list[str]:
    """An object's values, each alone when it is clear alone, else after its key ("result 92.59").

    A unit, in its own field or in the key's name, joins its number ("28 °C"); a from/to pair is
    one route ("USD → EUR"); a value that repeats what was already said (the subject, or a
    summary of the other fields) is left out."""
    unit_key = next((key for key in data if UNIT_KEYS.match(key)), None)
    number_key = _number_for_unit(data, unit_key)
    parts = []
    for key, value in data.items():
        if key == unit_key and number_key is not None or value is None or _is_route_end(key, data):
            continue
        if key == number_key:
            parts.append(_with_unit(value, str(data[unit_key]), korean))
        elif key == "from" and "to" in data:
            parts.append(" → ".join(_words_for(data[k], said, korean) for k in ("from", "to")))
        elif _is_number(value) and (measure := _key_unit(key)):
            parts.append(_measure(*measure, value, korean))
        elif isinstance(value, bool):
            parts.append(_label(key) if value else f"not {_label(key)}")
        elif isinstance(value, str) and _has_letters(value) and not CODE.match(value):
            if plain_words(value) - UNIT_WORDS <= said:
                continue
            parts.append(_in_language(value, korean))
        else:
            parts.append(_labelled(key, value, _words_for(value, said, korean), korean))
        said |= plain_words(_scalar(value)) if not isinstance(value, (dict, list)) else set()
    return parts


def _number_for_unit(data: dict[str, Any], unit_key: str | None) -> str | None:
    """The numeric field a unit field belongs to: the last number before it, else the first."""
    if unit_key is None or not isinstance(data[unit_key], str):
        return None
    keys = list(data)
    numbers = [k for k in keys if _is_number(data[k])]
    before = [k for k in numbers if keys.index(k) < keys.index(unit_key)]
    if before:
        return before[-1]
    return numbers[0] if numbers else None


def _is_number(value: Any) -> bool:
    """Whether a JSON value is a number (true and false are not)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_route_end(key: str, data: dict[str, Any]) -> bool:
    """Whether the key is the "to" of a from/to pair, said with its "from" ("USD → EUR")."""
    return key == "to" and "from" in data


def _key_unit(key: str) -> tuple[str, str] | None:
    """The unit a key name carries, and the name without it: "temp_c" -> ("temp", "celsius")."""
    base, _, suffix = key.lower().rpartition("_")
    if suffix in KEY_UNITS and (base or len(suffix) > 3):
        return base, KEY_UNITS[suffix]
    return None


def _measure(base: str, unit: str, number: Any, korean: bool) -> str:
    """A number whose key names its unit: "28 °C" (a temperature says what it is), "price 9 USD"."""
    amount = _with_unit(number, unit, korean)
    return amount if not base or unit in TEMPERATURES else f"{_label(base, korean)} {amount}"


def _labelled(key: str, value: Any, words: str, korean: bool) -> str:
    """A value after its key, in the user's language; a list goes without a key it cannot say."""
    label = _label(key, korean)
    if korean and label == _label(key) and isinstance(value, list):
        return words
    return f"{label} {words}"


def _with_unit(number: Any, unit: str, korean: bool) -> str:
    """A number with its unit: 28 °C, or 28도 in Korean."""
    if korean and unit.lower() in KOREAN_UNITS:
        return f"{_scalar(number)}{KOREAN_UNITS[unit.lower()]}"
    return f"{_scalar(number)}{UNIT_SYMBOLS.get(unit.lower(), f' {unit}')}"


def _list_words(items: list[Any], said: set[str], korean: bool) -> str:
    """A list summarised: how many, the first item in full, the next few by title."""
    if not items:
        return "결과 없음" if korean else "no results"
    if not all(isinstance(item, dict) for item in items):
        shown = items if len(items) <= SHORT_LIST else items[:MAX_ITEMS]
        named = ", ".join(_words_for(item, said, korean) for item in shown)
        return named + _more(len(items) - len(shown), korean)
    count = f"결과 {len(items)}건" if korean else f"{len(items)} results"
    sentences = [count, _titled(items[0], said, korean)]
    others = [_title(item) for item in items[1:MAX_ITEMS]]
    if others:
        also = "그 밖에" if korean else "Also"
        sentences.append(f"{also}: {', '.join(others)}{_more(len(items) - MAX_ITEMS, korean)}")
    return " ".join(_finished(sentence) for sentence in sentences)


def _titled(item: dict[str, Any], said: set[str], korean: bool) -> str:
    """One object as "Title — the rest of its values"."""
    title = _title(item)
    rest = {key: value for key, value in item.items() if value != title}
    described = ", ".join(_object_parts(rest, said | plain_words(title), korean))
    return f"{title} — {described}" if described else title


def _title(item: dict[str, Any]) -> str:
    """What an object is called: its title, name, label, city or id, else its first text."""
    key = next((k for k in TITLE_KEYS if isinstance(item.get(k), str)), None)
    if key is None:
        key = next((k for k, v in item.items() if isinstance(v, str)), None)
    return str(item[key]) if key else _scalar(next(iter(item.values()), ""))


def _more(hidden: int, korean: bool) -> str:
    """How many items were left out, if any."""
    if hidden <= 0:
        return ""
    return f" 외 {hidden}건" if korean else f" and {hidden} more"


def _label(key: str, korean: bool = False) -> str:
    """A JSON key as words ("local_time" -> "local time"), in Korean when the lexicon has them."""
    words = key.replace("_", " ").strip()
    return (korean_label(words) or words) if korean else words


def _scalar(value: Any) -> str:
    """A number, boolean or null as text."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def _has_letters(text: str) -> bool:
    """Whether a text holds words, not only digits and signs ("+9", "2025-01-15 12:00")."""
    return any(character.isalpha() for character in text)


def _in_language(value: str, korean: bool) -> str:
    """A value in the user's language when the lexicon knows it ("sunny" -> "맑음" in Korean)."""
    return (to_korean(value) or value) if korean else value


def _shorten(text: str) -> str:
    """At most MAX_TEXT characters, cut at a word."""
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT].rsplit(" ", 1)[0] + " …"


def clarifying_question(tool: str, parameter: Parameter, korean: bool) -> str:
    """Ask for the one value the chosen tool needs and the conversation does not give."""
    if korean:
        return _korean_question(tool, parameter)
    description = parameter.spec.get("description")
    hint = f" ({description.rstrip('.')})" if description else ""
    name = parameter.name
    return f"To use {tool} I need the {name}{hint}. Which {name} do you mean?"


def _korean_question(tool: str, parameter: Parameter) -> str:
    """The question in Korean: "어느 도시(city)의 날씨를 알려드릴까요?"."""
    name = parameter.name
    noun = (
        _korean_description(parameter)
        or _korean_name(name, _known_korean)
        or _korean_name_of(parameter)
        or _korean_kind_noun(parameter)
        or _korean_name(name, _concept_korean)
        or name
    )
    topic = next((to_korean(w) for w in split_identifier(tool) if to_korean(w)), None)
    if parameter.kind == "place" and topic:
        return f"어느 {noun}({name})의 {topic}{_object_particle(topic)} 알려드릴까요?"
    asked = f"{noun}({name})" if noun != name else name
    return f"{tool}에 쓸 {asked}{_object_particle(noun)} 알려주시겠어요?"


def _korean_name_of(parameter: Parameter) -> str | None:
    """The name of something, said as whose name it is ("pet_name" -> "반려동물 이름",
    "drone_nickname" -> "drone 별명"): never "제목" or "받는 사람" for a pet's or a drone's name."""
    parts = split_identifier(parameter.name)
    naming = next((KOREAN_NAMING[p] for p in parts if p in KOREAN_NAMING), None)
    if naming is None or parameter.kind not in ("title", "person"):
        return None
    owners = [_concept_korean(p) or p for p in parts if p not in KOREAN_NAMING]
    return " ".join([*owners, naming])


KOREAN_NAMING = {"name": "이름", "nickname": "별명", "alias": "별칭"}


def _korean_kind_noun(parameter: Parameter) -> str | None:
    """What the kind of value is called: a person is "받는 사람" only when the parameter is the
    one who receives (`to`, `recipient`), else "사람" (the patient, the child, the assignee)."""
    if parameter.kind == "person" and not RECEIVING.search(parameter.name):
        return "사람"
    return KOREAN_NOUNS.get(parameter.kind)


RECEIVING = re.compile(r"(?i)^to$|recipient|receiver|addressee|send_to|^to_")


def _korean_description(parameter: Parameter) -> str | None:
    """A parameter's Korean description when it is a short name for the value ("진료 날짜"):
    the question names the value as the tool's author did."""
    description = str(parameter.spec.get("description") or "")
    head = FORMAT_WORD.sub("", re.split(r"[,.(:;]|예:|예를", description)[0]).strip()
    if not head or language_of(head) != "ko" or len(head.split()) > SHORT_NAME:
        return None
    return head


FORMAT_WORD = re.compile(r"\s*\b[YMDHhmsT/.:-]{4,}")  # "방문 일시 YYYY-MM-DDTHH": no format


def _korean_name(name: str, translate: Callable[[str], str | None]) -> str | None:
    """A parameter's name in Korean, word by word, a plural as its singular ("pet_name" ->
    "반려동물 이름", "ingredients" -> "재료"), else None."""
    said = [translate(part) or translate(singular_noun(part)) for part in split_identifier(name)]
    return " ".join(w for w in said if w) if said and all(said) else None


def _known_korean(english: str) -> str | None:
    """One English word in Korean: the answer words, or the glossary read backwards."""
    return KOREAN_WORDS.get(english) or _glossary_en_ko().get(english)


def _concept_korean(english: str) -> str | None:
    """A concept's first Korean word, for an English word that names the concept ("pet")."""
    korean = [w for w in CONCEPTS.get(english, "").split() if language_of(w) == "ko"]
    return _known_korean(english) or (korean[0] if korean else None)


@cache
def _glossary_en_ko() -> dict[str, str]:
    """The Korean-English glossary read from English to Korean (the first Korean word wins)."""
    backwards: dict[str, str] = {}
    for korean, english in GLOSSARY_KO_EN.items():
        backwards.setdefault(english, korean)
    return backwards


def _object_particle(word: str) -> str:
    """을 after a final consonant, 를 after a vowel ("날씨를", "검색어를", "이름을")."""
    final = final_consonant(word[-1:])
    if final is None:
        return "을(를)"
    return "을" if final else "를"


def without_tools(chat: Conversation, tools: list[dict[str, Any]], fitting: str | None) -> str:
    """Text when no tool is called: small talk, tools switched off, or nothing that fits."""
    said = read_request(chat.request).concepts() | _small_talk(chat.request)
    if chat.turns:
        return final(chat, [], tools)
    if "greeting" in said:
        return _greeting(tools, chat.korean)
    if "thanks" in said:
        return "천만에요!" if chat.korean else "You're welcome!"
    if fitting:
        if chat.korean:
            return (
                f"이 요청에는 {fitting} 도구가 맞지만, "
                "이번 요청에서는 도구 사용이 꺼져 있습니다(tool_choice='none')."
            )
        return (
            f"I would use {fitting} for this, "
            "but tools are switched off for this request (tool_choice='none')."
        )
    return _no_fit(chat.request, tools, chat.korean)


def _greeting(tools: list[dict[str, Any]], korean: bool) -> str:
    """Hello, and what the model can do with the tools it was given."""
    names = ", ".join(tool["name"] for tool in tools)
    if korean:
        return (
            f"안녕하세요! 저는 offline-tutor입니다. 쓸 수 있는 도구: {names}."
            if tools
            else "안녕하세요!"
        )
    return (
        f"Hello! I'm offline-tutor. I can use these tools: {names}."
        if tools
        else "Hello! How can I help?"
    )


def _no_fit(request: str, tools: list[dict[str, Any]], korean: bool) -> str:
    """An honest answer when no tool fits: what was asked, and what the tools can do."""
    listing = "; ".join(f"{t['name']} ({t.get('description', '').rstrip('.')})" for t in tools)
    if korean:
        tools_part = f" 제 도구: {listing}." if tools else ""
        return (
            f"“{request.strip()}”에 맞는 도구가 없습니다. "
            f"저는 작은 오프라인 모델이라 도구 없이는 답을 찾을 수 없습니다.{tools_part}"
        )
    tools_part = f" My tools: {listing}." if tools else ""
    return (
        f"None of my tools fits “{request.strip()}”, and as a small offline model I cannot "
        f"answer it from my own knowledge.{tools_part}"
    )


def _small_talk(text: str) -> set[str]:
    """Greetings and thanks, read from the raw words (they are not content words)."""
    index = concept_index()
    tokens = WORD.findall(text.lower())
    return {c for token in tokens for c in index.get(token, ()) if c in ("greeting", "thanks")}


def plain_words(text: str) -> set[str]:
    """A text's words in English, lower-cased, plurals folded ("맑음" -> sunny, "items" -> item)."""
    found = set()
    for word in WORD.findall(text.lower()):
        word = ENGLISH_OF.get(word, word)
        found.add(word[:-1] if len(word) > 3 and word.endswith("s") else word)
    return found


def to_korean(value: str) -> str | None:
    """The Korean for a whole value the lexicon knows ("sunny" -> "맑음"), else None."""
    return KOREAN_WORDS.get(value.strip().lower())


def korean_label(label: str) -> str | None:
    """A field name in Korean, word by word ("local time" -> "현지 시간"), else None."""
    said = [KOREAN_WORDS.get(w) or KOREAN_WORDS.get(w.removesuffix("s")) for w in label.split()]
    return " ".join(w for w in said if w) if said and all(said) else None
