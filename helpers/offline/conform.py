"""Arguments that always validate (issue 9, design step 4): fit a proposed value to a JSON Schema.

A model proposes arguments; `conform` keeps what fits the tool's parameter schema and repairs
what a model would repair ('Celsius' for the enum member 'celsius', '3' for the integer 3),
never inventing a value that was not proposed. What it cannot get is reported as `missing`
(by JSON path), and with `fill_required=True` filled with the smallest valid value
(`minimal_instance`), as a model forced to call a tool fills what it does not know.
Every change is listed in `changed`, for `explain()`.

One small function per keyword family: references and allOf, const and enum, anyOf/oneOf,
then one per JSON type (string, integer and number, boolean, null, array, object).
`format` is checked for date, date-time, time, email and uri (offsets optional in times,
as most servers accept); every other keyword is checked by jsonschema itself.
"""

from __future__ import annotations

import datetime
import difflib
import json
import math
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any
from urllib.parse import urlparse

import jsonschema
from jsonschema.exceptions import SchemaError, UnknownType
from referencing.exceptions import Unresolvable

MAX_DEPTH = 32  # $ref chains and nesting deeper than this are treated as unsatisfiable
TYPE_ORDER = ("object", "array", "string", "integer", "number", "boolean", "null")
NUMBER_TEXT = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")
TRUE_WORDS = ("true", "yes", "y", "on", "1")
FALSE_WORDS = ("false", "no", "n", "off", "0")
ENUM_CLOSENESS = 0.75  # difflib ratio a near miss needs to count as that enum member


class _Missing:
    """The marker for 'no valid value could be made from the proposal'."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclass(frozen=True)
class Conformed:
    """The conformed value, the required values it could not get, and what it changed."""

    value: Any
    missing: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()


# Formats: only values that look right are accepted.

DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
TIME = re.compile(r"^(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:[zZ]|[+-]\d{2}:\d{2})?$")
EMAIL = re.compile(r"^[^@\s]+@[^@\s.]+(?:\.[^@\s.]+)+$")


def is_date(text: str) -> bool:
    """A full date, YYYY-MM-DD, that exists on the calendar."""
    if not DATE.match(text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def is_time(text: str) -> bool:
    """A time of day, HH:MM[:SS[.fraction]] with an optional offset (Z or +hh:mm)."""
    match = TIME.match(text)
    if not match:
        return False
    hours, minutes, seconds = (int(part or 0) for part in match.groups())
    return hours < 24 and minutes < 60 and seconds < 61


def is_date_time(text: str) -> bool:
    """A date and a time joined by T (or a space), as in RFC 3339."""
    date, separator, time = text.partition("T") if "T" in text else text.partition(" ")
    return bool(separator) and is_date(date) and is_time(time)


def is_email(text: str) -> bool:
    """name@domain.tld, no spaces."""
    return bool(EMAIL.match(text))


def is_uri(text: str) -> bool:
    """An absolute URI: a scheme and something after it (https://…, mailto:…)."""
    parsed = urlparse(text)
    return bool(parsed.scheme) and bool(parsed.netloc or parsed.path) and " " not in text


FORMATS: dict[str, Callable[[str], bool]] = {
    "date": is_date,
    "time": is_time,
    "date-time": is_date_time,
    "email": is_email,
    "uri": is_uri,
}
FORMAT_SAMPLES = {  # a few valid values of each format, for minimal instances
    "date": [f"2026-01-{day:02d}" for day in range(1, 10)],
    "time": [f"00:{minute:02d}:00" for minute in range(10)],
    "date-time": [f"2026-01-01T00:{minute:02d}:00Z" for minute in range(10)],
    "email": ["user@example.com", *[f"user{n}@example.com" for n in range(1, 10)]],
    "uri": ["https://example.com", *[f"https://example.com/{n}" for n in range(1, 10)]],
}


def _format_checker() -> jsonschema.FormatChecker:
    """A jsonschema FormatChecker that knows the five formats above."""
    checker = jsonschema.FormatChecker(formats=())
    for name, check in FORMATS.items():
        checker.checks(name)(lambda value, check=check: not isinstance(value, str) or check(value))
    return checker


FORMAT_CHECKER = _format_checker()


# Validation: jsonschema Draft 2020-12, $refs resolved against the schema itself.


@lru_cache(maxsize=256)
def _validator_for(schema_text: str) -> jsonschema.Draft202012Validator:
    """A validator for one schema (given as canonical JSON text, so it can be cached)."""
    schema = json.loads(schema_text)
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, format_checker=FORMAT_CHECKER)


def validate(schema: dict[str, Any], value: Any) -> list[str]:
    """Readable errors, one per problem ("address.city: 'x' is too short"); [] when valid."""
    try:
        validator = _validator_for(json.dumps(schema, sort_keys=True))
        errors = sorted(validator.iter_errors(value), key=lambda e: list(map(str, e.path)))
        return [f"{json_path(e.absolute_path) or '(root)'}: {e.message}" for e in errors]
    except (SchemaError, UnknownType, Unresolvable, re.error) as error:
        return [f"(schema): the schema itself is not valid: {error}"]


def json_path(parts: Any) -> str:
    """A JSON path as people write it: attendees[0].email."""
    text = ""
    for part in parts:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else str(part))
    return text


def _child(path: str, key: str | int) -> str:
    """The path of a property or an item below `path`."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


# References and allOf.


def resolve(schema: Any, root: dict[str, Any]) -> dict[str, Any]:
    """The schema with its $ref followed (#/$defs/…, #/definitions/…) and allOf merged in."""
    for _ in range(MAX_DEPTH):
        if not isinstance(schema, dict):
            return {} if schema is True or schema is None else {"not": {}}
        if "$ref" in schema:
            siblings = {k: v for k, v in schema.items() if k != "$ref"}
            schema = _merge(_pointer(root, schema["$ref"]), siblings, root)
        elif "allOf" in schema:
            rest = {k: v for k, v in schema.items() if k != "allOf"}
            for part in schema["allOf"]:
                rest = _merge(rest, part, root)
            schema = rest
        else:
            return schema
    return {"not": {}}


def _pointer(root: dict[str, Any], ref: str) -> Any:
    """The part of `root` a local $ref points at ("#", "#/$defs/Name", "#/definitions/A~1B")."""
    if not ref.startswith("#"):
        return {}  # a remote reference: nothing known about it, so anything fits
    node: Any = root
    for raw in [part for part in ref[1:].split("/") if part]:
        key = raw.replace("~1", "/").replace("~0", "~")
        node = node.get(key) if isinstance(node, dict) else None
    return node if node is not None else {}


LOWER_BOUNDS = ("minimum", "exclusiveMinimum", "minLength", "minItems", "minProperties")
UPPER_BOUNDS = ("maximum", "exclusiveMaximum", "maxLength", "maxItems", "maxProperties")


def _merge(a: Any, b: Any, root: dict[str, Any]) -> dict[str, Any]:
    """Two schemas a value must both satisfy, as one (allOf): properties merged, required
    joined, the tighter bound kept, types and enums intersected."""
    a, b = resolve(a, root), resolve(b, root)
    merged = dict(a)
    for key, value in b.items():
        merged[key] = _merge_keyword(key, merged[key], value, root) if key in merged else value
    return merged


def _merge_keyword(key: str, a: Any, b: Any, root: dict[str, Any]) -> Any:
    """One keyword present in both schemas of an allOf."""
    if key == "properties":
        both = {**a, **b}
        return {k: _merge(a[k], b[k], root) if k in a and k in b else both[k] for k in both}
    if key == "required":
        return [*a, *[name for name in b if name not in a]]
    if key in LOWER_BOUNDS:
        return max(a, b)
    if key in UPPER_BOUNDS:
        return min(a, b)
    if key == "type":
        return [t for t in _as_list(a) if t in _as_list(b)] or ["null"]
    if key == "enum":
        return [v for v in a if v in b]
    if key in ("items", "additionalProperties") and isinstance(a, dict) and isinstance(b, dict):
        return _merge(a, b, root)
    return b if a is True else a


def _as_list(value: Any) -> list[Any]:
    """A keyword that may be one value or a list, as a list."""
    return list(value) if isinstance(value, list) else [value]


# Conforming.


@dataclass
class _Run:
    """One conform() call: the root schema, whether to fill, and what was found."""

    root: dict[str, Any]
    fill: bool
    missing: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)

    def fits(self, schema: dict[str, Any], value: Any) -> bool:
        """Whether `value` is valid against `schema` (its $refs resolved against the root)."""
        definitions = {k: self.root[k] for k in ("$defs", "definitions") if k in self.root}
        return not validate({**definitions, **schema}, value)

    def change(self, path: str, old: Any, new: Any, why: str) -> None:
        """Note a repair: "unit: 'Celsius' -> 'celsius' (enum)"."""
        self.changed.append(f"{path or '(root)'}: {old!r} -> {new!r} ({why})")

    def drop(self, path: str, old: Any, why: str) -> None:
        """Note a value left out."""
        self.changed.append(f"{path or '(root)'}: dropped {old!r} ({why})")


def conform(schema: dict[str, Any], proposed: Any, *, fill_required: bool = False) -> Conformed:
    """`proposed` made valid against `schema`, keeping what fits; required values that cannot
    be had are listed in `missing` (and, with fill_required, filled with minimal instances)."""
    run = _Run(root=schema, fill=fill_required)
    if _types(resolve(schema, schema)) == ["object"] and _object_from(proposed) is None:
        if proposed is not None:
            run.drop("", proposed, "arguments must be a JSON object")
        proposed = {}
    value = _conform(schema, proposed, "", run, 0)
    if value is MISSING:
        run.missing.append("(root)")
        value = minimal_instance(schema, schema) if fill_required else None
    return Conformed(value, tuple(run.missing), tuple(run.changed))


def _conform(schema: Any, value: Any, path: str, run: _Run, depth: int) -> Any:
    """One value against one schema: the repaired value, or MISSING."""
    schema = resolve(schema, run.root)
    if depth > MAX_DEPTH:
        return MISSING
    if "const" in schema:
        return _const(schema, value, path, run)
    if "enum" in schema:
        return _enum(schema, value, path, run)
    if "anyOf" in schema or "oneOf" in schema:
        return _branches(schema, value, path, run, depth)
    return _typed(schema, value, path, run, depth)


def _const(schema: dict[str, Any], value: Any, path: str, run: _Run) -> Any:
    """const: the one allowed value, when the proposal says it (in any letter case)."""
    const = schema["const"]
    if _same(value, const):
        return const
    if value is not None and _normal(value) == _normal(const):
        run.change(path, value, const, "const")
        return const
    return MISSING


def _enum(schema: dict[str, Any], value: Any, path: str, run: _Run) -> Any:
    """enum: the member the proposal names, exactly, by normalised text, or as a near miss."""
    members = schema["enum"]
    if any(_same(value, member) for member in members) and run.fits(schema, value):
        return value
    if value is None or isinstance(value, (dict, list)):
        return MISSING
    member = _closest_member(value, members)
    if member is MISSING or not run.fits(schema, member):
        return MISSING
    run.change(path, value, member, "enum")
    return member


def _closest_member(value: Any, members: list[Any]) -> Any:
    """The enum member whose normalised text equals the value's, starts with it (the only one
    that does), or is clearly the nearest."""
    wanted = _normal(value)
    by_text = {_normal(member): member for member in reversed(members)}
    if wanted in by_text:
        return by_text[wanted]
    if not wanted:
        return MISSING
    starting = [text for text in by_text if text.startswith(wanted)]
    if len(starting) == 1:  # an unambiguous abbreviation: 'F' for 'fahrenheit'
        return by_text[starting[0]]
    near = difflib.get_close_matches(wanted, list(by_text), n=1, cutoff=ENUM_CLOSENESS)
    return by_text[near[0]] if near else MISSING


def _normal(value: Any) -> str:
    """Text for comparing: case-folded, letters and digits only ('Celsius ' -> 'celsius')."""
    text = value if isinstance(value, str) else json.dumps(value)
    return "".join(ch for ch in text.casefold() if ch.isalnum())


def _same(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1, 1 is 1.0."""
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if _is_number(a) and _is_number(b):
        return bool(a == b)
    return type(a) is type(b) and bool(a == b)


def _branches(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """anyOf/oneOf: the first branch the value fits as it is, else the first non-null branch
    it can be repaired into (each branch also carries the schema's other keywords)."""
    word = "anyOf" if "anyOf" in schema else "oneOf"
    rest = {k: v for k, v in schema.items() if k != word}
    branches = [_merge(rest, branch, run.root) for branch in schema[word]]
    for branch in branches:
        if run.fits(branch, value):
            return value
    partial: tuple[_Run, Any] | None = None
    for branch in (b for b in branches if _types(b) != ["null"]):
        trial = _Run(run.root, run.fill)
        result = _conform(branch, value, path, trial, depth + 1)
        if result is not MISSING and not trial.missing:
            run.changed.extend(trial.changed)
            return result
        if result is not MISSING and partial is None:
            partial = (trial, result)
    if partial is None:
        return MISSING
    run.missing.extend(partial[0].missing)
    run.changed.extend(partial[0].changed)
    return partial[1]


def _types(schema: dict[str, Any]) -> list[str]:
    """The JSON types a schema allows, in its own order ([] means any)."""
    if "type" in schema:
        return [t for t in _as_list(schema["type"]) if t in TYPE_ORDER]
    if "properties" in schema or "required" in schema or "additionalProperties" in schema:
        return ["object"]
    if "items" in schema or "prefixItems" in schema or "minItems" in schema:
        return ["array"]
    return []


def _typed(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """The value as one of the schema's types: as it is if it fits one, else repaired into
    the first non-null type it can become."""
    types = _types(schema)
    if not types:
        return value if run.fits(schema, value) else MISSING
    for kind in types:
        if _is_type(value, kind) and (kind in ("object", "array") or run.fits(schema, value)):
            return CONFORMERS[kind](schema, value, path, run, depth)
    for kind in (t for t in types if t != "null"):
        result = CONFORMERS[kind](schema, value, path, run, depth)
        if result is not MISSING:
            return result
    return MISSING


def _is_type(value: Any, kind: str) -> bool:
    """Whether a JSON value is of a JSON Schema type (3.0 counts as an integer)."""
    checks: dict[str, Callable[[Any], bool]] = {
        "object": lambda v: isinstance(v, dict),
        "array": lambda v: isinstance(v, list),
        "string": lambda v: isinstance(v, str),
        "integer": lambda v: _is_number(v) and float(v).is_integer(),
        "number": _is_number,
        "boolean": lambda v: isinstance(v, bool),
        "null": lambda v: v is None,
    }
    return checks[kind](value)


def _is_number(value: Any) -> bool:
    """A finite JSON number (booleans are not numbers)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _scalar(schema: dict[str, Any], old: Any, new: Any, path: str, run: _Run, why: str) -> Any:
    """A repaired scalar, kept only if it is now valid; the change is noted."""
    if new is MISSING or not run.fits(schema, new):
        return MISSING
    if not _same(old, new) or type(old) is not type(new):
        run.change(path, old, new, why)
    return new


def _string(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """string: numbers become their text; too long is cut at maxLength; a value that is too
    short, has the wrong format or misses the pattern is missing, never made up."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return MISSING
    text = value if isinstance(value, str) else json.dumps(value)
    limit = schema.get("maxLength")
    if isinstance(limit, int) and len(text) > limit:
        text = text[:limit]
    check = FORMATS.get(schema.get("format", ""))
    if check and not check(text):
        return MISSING
    why = "maxLength" if isinstance(value, str) else "string"
    text, why = _without_sign(schema, text, why, run)
    return _scalar(schema, value, text, path, run, why)


SIGNS = "#@"  # a hashtag's or a handle's sign, written before the name


def _without_sign(schema: dict[str, Any], text: str, why: str, run: _Run) -> tuple[str, str]:
    """A name written with its sign ("#hiring", "@mina") where the schema refuses the sign
    ("Hashtags without the # sign": a pattern with no room for it) is the name without it."""
    if len(text) < 2 or text[0] not in SIGNS or run.fits(schema, text):
        return text, why
    bare = text[1:]
    return (bare, "without its sign") if run.fits(schema, bare) else (text, why)


def _number_from(value: Any) -> float | int | None:
    """A number from a number or from numeric text ('3', ' 2.5 ', '1,200')."""
    if _is_number(value):
        return value
    if isinstance(value, str):
        text = value.strip().replace(",", "").replace("_", "")
        if NUMBER_TEXT.fullmatch(text):
            number = float(text)
            if not math.isfinite(number):
                return None
            return int(number) if number.is_integer() and abs(number) < 2**53 else number
    return None


def _integer(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """integer: from numbers and numeric text, rounded, then kept within the bounds."""
    number = _number_from(value)
    if number is None:
        return MISSING
    rounded = int(round(number))
    new = _within_bounds(schema, rounded, integer=True)
    return _scalar(schema, value, new, path, run, "integer" if _same(new, rounded) else "bounds")


def _number(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """number: from numbers and numeric text, then kept within the bounds."""
    number = _number_from(value)
    if number is None:
        return MISSING
    new = _within_bounds(schema, number, integer=False)
    return _scalar(schema, value, new, path, run, "number" if _same(new, number) else "bounds")


Interval = tuple[Any, bool, Any, bool]  # (low, low is exclusive, high, high is exclusive)


def _within_bounds(schema: dict[str, Any], number: float, *, integer: bool) -> Any:
    """The number moved into [minimum, maximum] (exclusive bounds respected), then onto a
    multipleOf step; MISSING when no such number exists."""
    interval = _interval(schema)
    low, low_open, high, high_open = interval
    step = schema.get("multipleOf")
    if _is_number(step) and step > 0:
        return _nearest_multiple(number, step, interval, integer)
    if low is not None and not _in_interval(number, low, low_open, None, False):
        number = _inside_from_low(low, low_open, high, integer)
    if high is not None and not _in_interval(number, None, False, high, high_open):
        number = _inside_from_high(high, high_open, low, integer)
    return number if _in_interval(number, *interval) else MISSING


def _interval(schema: dict[str, Any]) -> Interval:
    """(low, low is exclusive, high, high is exclusive) from the bound keywords."""
    low, low_open = _number_or_none(schema.get("minimum")), False
    above = schema.get("exclusiveMinimum")
    if _is_number(above) and (low is None or above >= low):
        low, low_open = above, True
    high, high_open = _number_or_none(schema.get("maximum")), False
    below = schema.get("exclusiveMaximum")
    if _is_number(below) and (high is None or below <= high):
        high, high_open = below, True
    return low, low_open, high, high_open


def _number_or_none(bound: Any) -> Any:
    """A bound keyword's value if it is a number (a broken schema's "1" counts as no bound)."""
    return bound if _is_number(bound) else None


def _in_interval(number: Any, low: Any, low_open: bool, high: Any, high_open: bool) -> bool:
    """Whether a number lies within the interval."""
    above = low is None or (number > low if low_open else number >= low)
    below = high is None or (number < high if high_open else number <= high)
    return above and below


def _inside_from_low(low: float, low_open: bool, high: Any, integer: bool) -> float:
    """The smallest allowed number at the low end (just above an exclusive bound)."""
    if integer:
        return math.floor(low) + 1 if low_open else math.ceil(low)
    if not low_open:
        return low
    return (low + high) / 2 if high is not None and high - low <= 1 else low + 1


def _inside_from_high(high: float, high_open: bool, low: Any, integer: bool) -> float:
    """The largest allowed number at the high end (just below an exclusive bound)."""
    if integer:
        return math.ceil(high) - 1 if high_open else math.floor(high)
    if not high_open:
        return high
    return (low + high) / 2 if low is not None and high - low <= 1 else high - 1


def _nearest_multiple(number: float, step: float, interval: Interval, integer: bool) -> Any:
    """The multiple of `step` nearest to `number` that lies in the interval (MISSING if none)."""
    low, _, high, _ = interval
    k = round(number / step)
    if low is not None:
        k = max(k, math.ceil(low / step))
    if high is not None:
        k = min(k, math.floor(high / step))
    for candidate_k in (k, k + 1, k - 1, k + 2, k - 2):
        candidate = candidate_k * step
        if integer or float(candidate).is_integer():
            candidate = int(round(candidate))
        if _is_multiple(candidate, step) and _in_interval(candidate, *interval):
            return candidate
    return MISSING


def _is_multiple(number: float, step: float) -> bool:
    """multipleOf as jsonschema checks it (in floating point)."""
    if isinstance(step, float) or isinstance(number, float):
        quotient = number / step
        return math.isfinite(quotient) and int(quotient) == quotient
    return number % step == 0


def _boolean(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """boolean: true/false, or the words and numbers that clearly mean one of them."""
    if isinstance(value, bool):
        return value
    word = _normal(value) if isinstance(value, (str, int)) else ""
    new = True if word in TRUE_WORDS else False if word in FALSE_WORDS else MISSING
    return _scalar(schema, value, new, path, run, "boolean")


def _null(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """null: only null itself (nothing else is repaired into null)."""
    return None if value is None else MISSING


def _array(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """array: a lone value becomes a one-item list; items conformed (those that cannot be are
    dropped); duplicates dropped when uniqueItems; cut at maxItems; short of minItems the
    missing items are reported (and filled)."""
    if value is None:
        return MISSING
    items = value if isinstance(value, list) else [value]
    if not isinstance(value, list):
        run.change(path, value, items, "a single value as a list")
    kept = _array_items(schema, items, path, run, depth)
    if items and not kept:  # every item said failed to fit: the list says nothing usable
        run.missing.append(path)
    if schema.get("uniqueItems"):
        kept = _unique(kept, path, run)
    limit = schema.get("maxItems")
    if isinstance(limit, int) and len(kept) > limit:
        run.drop(path, kept[limit:], f"more than maxItems={limit}")
        kept = kept[:limit]
    return _pad_items(schema, kept, path, run, depth)


def _array_items(
    schema: dict[str, Any], items: list[Any], path: str, run: _Run, depth: int
) -> list[Any]:
    """Each item conformed to prefixItems (by position) or items; unusable items dropped."""
    prefix = schema.get("prefixItems") or []
    kept = []
    for i, item in enumerate(items):
        item_schema = prefix[len(kept)] if len(kept) < len(prefix) else schema.get("items", {})
        result = _conform(item_schema, item, _child(path, len(kept)), run, depth + 1)
        if result is MISSING:
            run.drop(_child(path, i), item, "does not fit the items schema")
        else:
            kept.append(result)
    return kept


def _key(item: Any) -> str:
    """An item as canonical JSON text, for telling repeats apart."""
    return json.dumps(item, sort_keys=True)


def _unique(items: list[Any], path: str, run: _Run) -> list[Any]:
    """The items without repeats (uniqueItems)."""
    seen: set[str] = set()
    unique = []
    for item in items:
        if _key(item) not in seen:
            seen.add(_key(item))
            unique.append(item)
    if len(unique) < len(items):
        run.change(path, items, unique, "uniqueItems")
    return unique


def _pad_items(
    schema: dict[str, Any], items: list[Any], path: str, run: _Run, depth: int
) -> list[Any]:
    """Items short of minItems are missing; filled when asked."""
    need = schema.get("minItems") or 0
    if len(items) >= need:
        return items
    run.missing.extend(_child(path, i) for i in range(len(items), need))
    return _filled_items(schema, items, need, run.root, depth) if run.fill else items


def _filled_items(
    schema: dict[str, Any], items: list[Any], need: int, root: dict[str, Any], depth: int
) -> list[Any]:
    """`items` padded to `need` with valid instances (distinct ones when uniqueItems)."""
    filled = list(items)
    prefix = schema.get("prefixItems") or []
    taken = {_key(item) for item in filled}
    while len(filled) < need:
        item_schema = prefix[len(filled)] if len(filled) < len(prefix) else schema.get("items", {})
        candidates = instances(item_schema, root, depth + 1)
        choice = next(candidates)
        if schema.get("uniqueItems") and _key(choice) in taken:
            choice = next((c for c in candidates if _key(c) not in taken), choice)
        taken.add(_key(choice))
        filled.append(choice)
    return filled


def _object(schema: dict[str, Any], value: Any, path: str, run: _Run, depth: int) -> Any:
    """object: known properties conformed; unknown ones kept, conformed to
    additionalProperties, or dropped when it is false; required ones reported missing (and
    filled when asked); optional ones never invented."""
    value = _object_from(value)
    if value is None:
        return MISSING
    result: dict[str, Any] = {}
    for key, proposed in value.items():
        child = _property_schema(schema, key)
        if child is None:
            run.drop(_child(path, key), proposed, "not a property, additionalProperties is false")
            continue
        conformed = _conform(child, proposed, _child(path, key), run, depth + 1)
        if conformed is MISSING:
            run.drop(_child(path, key), proposed, "does not fit its schema")
        else:
            result[key] = conformed
    for key in schema.get("required") or []:
        if key not in result:
            _fill_required(schema, key, result, path, run, proposed=key in value)
    return result


def _object_from(value: Any) -> dict[str, Any] | None:
    """An object, or JSON text of one (models sometimes send a nested object as a string)."""
    if isinstance(value, dict):
        return value
    if isinstance(value, str) and value.strip().startswith("{"):
        try:
            parsed = json.loads(value)
        except ValueError:
            return None
        return parsed if isinstance(parsed, dict) else None
    return None


def _property_schema(schema: dict[str, Any], key: str) -> Any:
    """The schema a property's value must fit: its own, a patternProperties one,
    additionalProperties, or None when the property is not allowed at all."""
    properties = schema.get("properties") or {}
    if key in properties:
        return properties[key]
    for pattern, child in (schema.get("patternProperties") or {}).items():
        if re.search(pattern, key):
            return child
    extra = schema.get("additionalProperties", True)
    if extra is False:
        return None
    return {} if extra is True else extra


def _fill_required(
    schema: dict[str, Any],
    key: str,
    result: dict[str, Any],
    path: str,
    run: _Run,
    *,
    proposed: bool,
) -> None:
    """A required property without a usable value: a const nobody contradicted is known
    anyway; anything else is missing, and filled with the smallest valid value when asked."""
    child = resolve(_property_schema(schema, key) or {}, run.root)
    if "const" in child and not proposed:
        result[key] = child["const"]
        run.changed.append(f"{_child(path, key)}: set to {child['const']!r} (const)")
        return
    run.missing.append(_child(path, key))
    if run.fill:
        result[key] = minimal_instance(child, run.root)


Conformer = Callable[[dict[str, Any], Any, str, _Run, int], Any]
CONFORMERS: dict[str, Conformer] = {
    "object": _object,
    "array": _array,
    "string": _string,
    "integer": _integer,
    "number": _number,
    "boolean": _boolean,
    "null": _null,
}


# The smallest valid values.


def minimal_instance(schema: dict[str, Any], root: dict[str, Any]) -> Any:
    """The smallest valid value: null where allowed, the first enum member, 0 or the allowed
    number nearest to it, "" or the shortest allowed text, [] or minItems items, the required
    properties only."""
    return next(instances(schema, root))


def instances(schema: Any, root: dict[str, Any], depth: int = 0) -> Iterator[Any]:
    """Valid values of a schema, smallest first (several for scalars, so that uniqueItems
    arrays can be padded with distinct ones); always yields at least one value."""
    yield from _candidates(resolve(schema, root), root, depth)
    yield None  # unsatisfiable, or nested too deep: nothing valid was found


def _candidates(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Iterator[Any]:
    """The valid values `instances` offers, by keyword."""
    if depth > MAX_DEPTH:
        return
    if "const" in schema:
        yield schema["const"]
    elif "enum" in schema:
        yield from schema["enum"]
    elif "anyOf" in schema or "oneOf" in schema:
        yield from _branch_candidates(schema, root, depth)
    else:
        for kind in sorted(_types(schema) or ["null"], key=lambda t: t != "null"):
            yield from MAKERS[kind](schema, root, depth)


def _branch_candidates(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Iterator[Any]:
    """anyOf/oneOf: a null branch first (null is the smallest value), then each branch's."""
    word = "anyOf" if "anyOf" in schema else "oneOf"
    rest = {k: v for k, v in schema.items() if k != word}
    branches = [_merge(rest, branch, root) for branch in schema[word]]
    branches.sort(key=lambda branch: _types(branch) != ["null"])
    for branch in branches:
        yield from _candidates(branch, root, depth + 1)


def _make_object(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Iterator[Any]:
    """The required properties, each at its smallest."""
    made = {}
    for key in schema.get("required") or []:
        child = _property_schema(schema, key)
        made[key] = next(instances(child if child is not None else {}, root, depth + 1))
    yield made


def _make_array(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Iterator[Any]:
    """minItems items (distinct ones when uniqueItems), or []."""
    yield _filled_items(schema, [], schema.get("minItems") or 0, root, depth)


def _make_string(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Iterator[Any]:
    """A format's sample, the pattern's shortest match, or letters up to minLength."""
    if schema.get("format") in FORMAT_SAMPLES:
        texts = FORMAT_SAMPLES[schema["format"]]
    else:
        size = max(schema.get("minLength") or 0, 0)
        shortest = example_matching(schema["pattern"]) if "pattern" in schema else "a" * size
        texts = [shortest, *[f"{'a' * max(size - 1, 0)}{c}" for c in "bcdefghijk"]]
        texts += [f"{shortest}{n}" for n in range(1, 10)]
    for text in texts:
        if _valid_scalar(schema, root, text):
            yield text


def _make_number(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Iterator[Any]:
    """0 or the allowed number nearest to it, then the next allowed ones upward."""
    start = _within_bounds(schema, 0, integer="integer" in _types(schema))
    if start is MISSING:
        return
    step = schema.get("multipleOf") if _is_number(schema.get("multipleOf")) else 1
    for k in range(10):
        candidate = start + k * step
        if _valid_scalar(schema, root, candidate):
            yield candidate


def _make_boolean(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Iterator[Any]:
    """false, then true."""
    yield from (False, True)


def _make_null(schema: dict[str, Any], root: dict[str, Any], depth: int) -> Iterator[Any]:
    """null."""
    yield None


def _valid_scalar(schema: dict[str, Any], root: dict[str, Any], value: Any) -> bool:
    """Whether a made-up scalar is valid (checked by jsonschema, formats included)."""
    return _Run(root, fill=False).fits(schema, value)


Maker = Callable[[dict[str, Any], dict[str, Any], int], Iterator[Any]]
MAKERS: dict[str, Maker] = {
    "object": _make_object,
    "array": _make_array,
    "string": _make_string,
    "integer": _make_number,
    "number": _make_number,
    "boolean": _make_boolean,
    "null": _make_null,
}


# A string that matches a pattern (for minimal instances of pattern-constrained strings).


def example_matching(pattern: str) -> str:
    """The shortest text `pattern` matches, built from the parsed regular expression
    (literals, classes, repeats, groups, alternatives); "" when it cannot be built.
    Callers check the result: an exotic pattern may get a text it does not match."""
    try:
        parsed = re._parser.parse(pattern)  # type: ignore[attr-defined]  # Python's own parser
    except re.error:
        return ""
    return _sequence_example(parsed)


def _sequence_example(nodes: Any) -> str:
    """The shortest text a sequence of parsed regex nodes matches."""
    return "".join(_example(str(op), arg) for op, arg in nodes)


def _example(op: str, arg: Any) -> str:
    """The shortest text one parsed regex node matches."""
    if op == "LITERAL":
        return chr(arg)
    if op in ("NOT_LITERAL", "ANY"):
        return "a" if arg != ord("a") else "b"
    if op == "IN":
        return _class_example(arg)
    if op in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
        low, _high, body = arg
        return _sequence_example(body) * low
    if op == "SUBPATTERN":  # (group, flags on, flags off, body)
        return _sequence_example(arg[-1])
    if op == "ATOMIC_GROUP":
        return _sequence_example(arg)
    if op == "BRANCH":
        return min((_sequence_example(alternative) for alternative in arg[1]), key=len)
    return ""  # anchors (^, $, \b) match without text


CLASS_EXAMPLES = {"CATEGORY_DIGIT": "0", "CATEGORY_WORD": "a", "CATEGORY_SPACE": " "}


def _class_example(items: list[Any]) -> str:
    """A character from a class: [A-Z] -> 'A', \\d -> '0' ([^…] -> 'a', checked later)."""
    if any(str(op) == "NEGATE" for op, _ in items):
        return "a"
    for op, arg in items:
        kind = str(op)
        if kind == "LITERAL":
            return chr(arg)
        if kind == "RANGE":
            return chr(arg[0])
        if kind == "CATEGORY" and str(arg) in CLASS_EXAMPLES:
            return CLASS_EXAMPLES[str(arg)]
    return "a"
