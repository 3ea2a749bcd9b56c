"""ToolRegistry: every tool's name, description and schema (step 1), the full list for each
request (step 2), and the executor that turns a model's call into a `tool` message (step 5).

Errors are context, not exceptions (seed 000, 추가 질문 1): `call` never raises. An unknown
tool, bad JSON, arguments nested too deeply or that break the schema, a tool that raises, a
result that is not JSON: each becomes an error text that says what went wrong and what is
allowed, so the model can correct itself on its next turn. Only KeyboardInterrupt and
SystemExit (the learner or the program stopping) pass through.

Before a result goes to the model it is made valid UTF-8 and cut to a budget of characters
(`max_result_chars`); a note in the result says so. `ToolResult.full_content` keeps the whole
result for the learner's widgets.
"""

from __future__ import annotations

import asyncio
import dataclasses
import difflib
import functools
import inspect
import json
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import jsonschema_rs
import pydantic

from helpers.coroutines import in_daemon_thread, run_coroutine
from helpers.errors import ToolDefinitionWarning
from helpers.schema import (
    describe_parameters,
    function_schema,
    model_parameter,
    parse_docstring,
    pydantic_schema,
)

NAME_PATTERN = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")  # what the OpenAI API accepts
MIN_DESCRIPTION_WORDS = 4
CLOSE_NAME_RATIO = 0.8  # getWeather ~ getWeatherNow is 0.87; get_weather ~ get_time is 0.47
JSON_NAMES = {
    list: "an array",
    str: "a string",
    int: "a number",
    float: "a number",
    bool: "a boolean",
    type(None): "null",
}
MAX_DEPTH = 100  # arguments or results nested deeper are refused: no tool needs more
MAX_RESULT_CHARS = 16_000  # the default budget of one result, about 4,000 tokens
NEAR_THE_END = 0.8  # a cut moves back to a line break or space in the budget's last 20 %
LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # e.g. os.listdir's "caf\udce9.txt"
REPLACEMENT = "\ufffd"
STOP_SIGNALS = (KeyboardInterrupt, SystemExit)  # the learner or the program stopping


@dataclass(frozen=True)
class ToolResult:
    """The content of one `tool` message, whether it worked, and if not, which kind of error.

    `content` is what the model gets; `full_content` is the whole result when `content` was
    cut to the budget (None when nothing was cut), for the learner's widgets.
    """

    content: str
    ok: bool
    error_kind: str | None = None
    full_content: str | None = field(default=None, repr=False)  # may be megabytes


def tool_error(kind: str, message: str, **details: Any) -> ToolResult:
    """An error written for the model: {"error": "<sentence>", ...details}."""
    content = json.dumps({"error": message, **details}, ensure_ascii=False)
    return ToolResult(content=content, ok=False, error_kind=kind)


@dataclass(frozen=True)
class Tool:
    """One registered tool: what the model reads (name, description, parameters) and the code."""

    name: str
    description: str
    parameters: dict[str, Any]
    fn: Callable[..., Any]
    model: type[pydantic.BaseModel] | None = None
    strict: bool = False
    max_result_chars: int | None = None  # None: the registry's budget

    @functools.cached_property
    def validator(self) -> jsonschema_rs.Validator:
        """Checks arguments against `parameters` (built on first use, then kept)."""
        return jsonschema_rs.validator_for(self.parameters)

    def definition(self) -> dict[str, Any]:
        """The entry for the request's `tools` list."""
        function: dict[str, Any] = {
            "name": self.name,
            "description": self.description,
            "parameters": self.parameters,
        }
        if self.strict:
            function["strict"] = True
        return {"type": "function", "function": function}

    @property
    def is_async(self) -> bool:
        """An `async def` tool: awaited on the event loop, not run in a thread."""
        return inspect.iscoroutinefunction(self.fn)


@dataclass(frozen=True)
class PreparedCall:
    """A call that passed every check: the tool and the arguments to call it with."""

    tool: Tool
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    def invoke(self) -> Any:
        """Step 5.3: run the tool with the checked arguments."""
        return self.tool.fn(*self.args, **self.kwargs)


def tool_name_of(fn: Callable[..., Any], name: str | None) -> str:
    """Step 1: the tool's name (`name=` or the function's own), checked against the API's rule."""
    tool_name = name or getattr(fn, "__name__", "")
    if not NAME_PATTERN.match(tool_name):
        raise ValueError(
            f"Tool name {tool_name!r} is not allowed: use 1-64 letters, digits, '_' or '-' "
            "(pass name= for a lambda or a callable object)."
        )
    return tool_name


def make_tool(
    fn: Callable[..., Any],
    name: str | None,
    description: str | None,
    parameters: dict[str, Any] | type[pydantic.BaseModel] | None,
) -> Tool:
    """Step 1: build a Tool from a function, an explicit schema, or a pydantic model."""
    tool_name = tool_name_of(fn, name)
    doc_description = parse_docstring(fn.__doc__)[0]
    if isinstance(parameters, dict):
        check_parameters_schema(tool_name, parameters)
        return Tool(tool_name, description or doc_description, parameters, fn)
    model = model_parameter(fn) if parameters is None else parameters
    if model is None:
        spec = function_schema(fn, name=tool_name, description=description)
        return Tool(tool_name, spec["description"], spec["parameters"], fn)
    if not (inspect.isclass(model) and issubclass(model, pydantic.BaseModel)):
        raise TypeError(
            f"parameters for tool '{tool_name}' must be a JSON Schema dict or a pydantic model "
            f"class, not {model!r}."
        )
    wanted = description or doc_description or None
    spec = pydantic_schema(model, name=tool_name, description=wanted)
    return Tool(tool_name, spec.get("description") or "", spec["parameters"], fn, model, True)


def check_parameters_schema(name: str, parameters: dict[str, Any]) -> None:
    """An explicit `parameters=` must be a JSON Schema for an object, with every $ref found."""
    try:
        jsonschema_rs.meta.validate(parameters)
        jsonschema_rs.validator_for(parameters)
    except jsonschema_rs.ValidationError as exc:
        where = ".".join(str(part) for part in exc.instance_path)
        raise ValueError(
            f"parameters for tool '{name}' is not a valid JSON Schema: "
            f"{f'at {where}: ' if where else ''}{exc.message}"
        ) from exc
    except jsonschema_rs.ReferencingError as exc:
        raise ValueError(f"parameters for tool '{name}' is not a valid JSON Schema: {exc}") from exc
    if parameters.get("type") != "object":
        raise ValueError(
            f"parameters for tool '{name}' must describe an object "
            '({"type": "object", "properties": {...}}): the model sends named arguments.'
        )


def normalised(name: str) -> str:
    """A name without case or separators, so get_weather and getWeather compare as equal."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def description_warning(tool: Tool) -> str | None:
    """A missing or thin description (seed 000: "설명이 충분히 명확하지 않음"), or None."""
    words = len(tool.description.split())
    if words == 0:
        return (
            f"Tool '{tool.name}' has no description. The model chooses tools only by their "
            "names and descriptions: add a docstring or description=."
        )
    if words < MIN_DESCRIPTION_WORDS:
        return (
            f"Tool '{tool.name}' has a thin description ({tool.description!r}). Say what it "
            "does, what it needs and when to use it, so the model can choose it correctly."
        )
    return None


def close_name_warnings(tool: Tool, others: list[Tool]) -> list[str]:
    """Names too close to the new one (seed 000: "도구 이름이 너무 비슷함")."""
    found = []
    for other in others:
        if other.name == tool.name:
            continue
        ratio = difflib.SequenceMatcher(None, normalised(tool.name), normalised(other.name)).ratio()
        if ratio >= CLOSE_NAME_RATIO:
            found.append(
                f"Tool names '{tool.name}' and '{other.name}' are very similar: the model may "
                "confuse them. Rename one so the names differ clearly."
            )
    return found


def definition_warnings(tool: Tool, others: list[Tool]) -> list[str]:
    """The seeds' causes of repeated errors that can be seen at registration time."""
    description = description_warning(tool)
    return ([description] if description else []) + close_name_warnings(tool, others)


def nesting_depth(value: Any, limit: int = MAX_DEPTH) -> int:
    """How deeply lists and dicts nest in `value` (0 for a plain value), counted without
    recursion, so a list nested 100,000 deep is measured safely; stops once past `limit`."""
    deepest = 0
    pending: list[tuple[Any, int]] = [(value, 1)]
    while pending and deepest <= limit:
        item, depth = pending.pop()
        if isinstance(item, dict):
            pending.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list | tuple):
            pending.extend((child, depth + 1) for child in item)
        else:
            continue
        deepest = max(deepest, depth)
    return deepest


def reject_constant(name: str) -> float:
    """json.loads reads NaN, Infinity and -Infinity, which are not JSON: refuse them."""
    raise ValueError(f"{name} is not a JSON number")


def nested_too_deeply(name: str) -> ToolResult:
    """The error for arguments nested deeper than MAX_DEPTH levels."""
    return tool_error(
        "invalid_arguments",
        f"The arguments for '{name}' are nested deeper than {MAX_DEPTH} levels. Send one "
        'JSON object of named fields, for example {"city": "Seoul"}.',
    )


def read_json(name: str, arguments: str) -> Any:
    """Step 5.1: the model's JSON argument string -> a value, or an error naming where it broke."""
    text = arguments.strip() or "{}"  # some servers send "" for a call without arguments
    try:
        return json.loads(text, parse_constant=reject_constant)
    except json.JSONDecodeError as exc:
        return tool_error(
            "invalid_json",
            f"The arguments for '{name}' are not valid JSON: {exc.msg} (line {exc.lineno}, "
            f"column {exc.colno}, character {exc.pos}). Send one JSON object, "
            'for example {"city": "Seoul"}.',
            received=arguments,
        )
    except RecursionError:  # the parser ran out of stack: far deeper than MAX_DEPTH
        return nested_too_deeply(name)
    except ValueError as exc:  # NaN, or an integer of more than 4,300 digits
        return tool_error(
            "invalid_json",
            f"The arguments for '{name}' are not valid JSON: {exc}. Send one JSON object "
            "of strings, finite numbers, booleans, null, arrays and objects.",
        )


def parse_arguments(name: str, arguments: str | dict[str, Any]) -> dict[str, Any] | ToolResult:
    """Step 5.1: the arguments as a dict of named fields, or an error that says why not."""
    if isinstance(arguments, str):
        value = read_json(name, arguments)
    else:
        value = arguments
    if isinstance(value, ToolResult):
        return value
    if nesting_depth(value) > MAX_DEPTH:
        return nested_too_deeply(name)
    if not isinstance(value, dict):
        shown = f" like {arguments.strip()[:80]}" if isinstance(arguments, str) else ""
        return tool_error(
            "invalid_arguments",
            f"The arguments for '{name}' must be a JSON object with named fields, "
            f"not {JSON_NAMES.get(type(value), 'a value')}{shown}.",
        )
    return value


def schema_problems(tool: Tool, arguments: dict[str, Any]) -> list[str]:
    """Each way the arguments break the tool's schema, naming the field."""
    try:
        errors = list(tool.validator.iter_errors(arguments))
    except ValueError as exc:  # e.g. a dict with non-string keys, passed from Python
        return [f"the arguments are not JSON data ({exc})"]
    problems = []
    for error in sorted(errors, key=lambda e: [str(part) for part in e.instance_path]):
        where = ".".join(str(part) for part in error.instance_path)
        problems.append(f"{where}: {error.message}" if where else error.message)
    return problems


def not_serialisable(name: str, value: Any, reason: str) -> ToolResult:
    """The tool returned something that cannot be sent as JSON: a bug in the tool."""
    return tool_error(
        "not_serialisable",
        f"The tool '{name}' returned a {type(value).__name__} that cannot be sent as JSON "
        f"({reason}). This is a bug in the tool, not in your call: a tool must return a str "
        f"or JSON data (dict, list, str, int, float, bool, None), nested at most {MAX_DEPTH} "
        "levels deep.",
    )


def result_content(name: str, value: Any) -> ToolResult:
    """Step 6's payload: strings as they are, anything else as JSON (Korean stays readable)."""
    if isinstance(value, str):
        return ToolResult(content=value, ok=True)
    try:
        if nesting_depth(value) > MAX_DEPTH:
            return not_serialisable(name, value, f"nested deeper than {MAX_DEPTH} levels")
        return ToolResult(content=json.dumps(value, ensure_ascii=False, allow_nan=False), ok=True)
    except STOP_SIGNALS:
        raise
    except BaseException as exc:  # TypeError, ValueError, or whatever a container raises
        return not_serialisable(name, value, message_of(exc))


def message_of(exc: BaseException) -> str:
    """str(exc), also for an exception whose message cannot be read."""
    try:
        return str(exc)
    except STOP_SIGNALS:
        raise
    except BaseException as failure:
        return f"its message could not be read: {type(failure).__name__} in its __str__"


def tool_failed(name: str, exc: BaseException) -> ToolResult:
    """The tool ran and raised: pass its exception on, as text."""
    return tool_error(
        "tool_failed", f"The tool '{name}' failed with {type(exc).__name__}: {message_of(exc)}"
    )


def cut_to_budget(text: str, budget: int) -> str:
    """At most `budget` characters of `text`, ending at a line break or a space when one is
    near the end of the budget, so no word or line is cut in half."""
    if len(text) <= budget:
        return text
    head = text[:budget]
    for separator in ("\n", " "):
        boundary = head.rfind(separator)
        if boundary >= budget * NEAR_THE_END:
            return head[:boundary]
    return head


def for_the_model(result: ToolResult, budget: int) -> ToolResult:
    """Step 6's last checks: valid UTF-8 (each lone surrogate becomes U+FFFD, which the request
    can carry), at most `budget` characters, and a note in the content for each change."""
    full, replaced = LONE_SURROGATE.subn(REPLACEMENT, result.content)
    content = cut_to_budget(full, budget)
    cut = len(content) < len(full)
    notes = []
    if cut:
        notes.append(
            f"[cut: {len(full) - len(content):,} of {len(full):,} characters left out; "
            "ask for less, e.g. a page or a filter]"
        )
    if replaced:
        notes.append(
            f"[note: {replaced:,} character(s) not valid in UTF-8 (e.g. from a file name in "
            f"another encoding) replaced with {REPLACEMENT}]"
        )
    if not notes:
        return result
    return dataclasses.replace(
        result, content="\n".join([content, *notes]), full_content=full if cut else None
    )


def check_budget(max_result_chars: int) -> int:
    """A result budget must be a whole number of characters, at least 1."""
    if isinstance(max_result_chars, bool) or not isinstance(max_result_chars, int):
        raise TypeError(f"max_result_chars must be an int, not {max_result_chars!r}.")
    if max_result_chars < 1:
        raise ValueError(f"max_result_chars must be at least 1 character, not {max_result_chars}.")
    return max_result_chars


class ToolRegistry:
    """Step 1: the tools the agent can run. The model chooses among ALL of them (step 2).

    `max_result_chars` is the budget of one result sent to the model (each tool may set its
    own with `register(..., max_result_chars=...)`); the cut is noted in the result.
    """

    def __init__(self, *, max_result_chars: int = MAX_RESULT_CHARS) -> None:
        self._tools: dict[str, Tool] = {}
        self.max_result_chars = check_budget(max_result_chars)

    def register(
        self,
        fn: Callable[..., Any] | None = None,
        *,
        name: str | None = None,
        description: str | None = None,
        parameters: dict[str, Any] | type[pydantic.BaseModel] | None = None,
        max_result_chars: int | None = None,
    ) -> Any:
        """Add a tool; works as `@registry.register`, `@registry.register(name=...)` or a call."""
        if fn is None:
            return lambda f: self.register(
                f,
                name=name,
                description=description,
                parameters=parameters,
                max_result_chars=max_result_chars,
            )
        tool = make_tool(fn, name, description, parameters)
        if max_result_chars is not None:
            tool = dataclasses.replace(tool, max_result_chars=check_budget(max_result_chars))
        if tool.name in self._tools:
            warnings.warn(
                f"Tool '{tool.name}' was already registered; the new definition replaces it.",
                ToolDefinitionWarning,
                stacklevel=2,
            )
        for message in definition_warnings(tool, list(self._tools.values())):
            warnings.warn(message, ToolDefinitionWarning, stacklevel=2)
        self._tools[tool.name] = tool
        return fn

    @property
    def names(self) -> list[str]:
        """Every tool's name, in the order they were registered."""
        return list(self._tools)

    def __contains__(self, name: object) -> bool:
        return name in self._tools

    def __len__(self) -> int:
        return len(self._tools)

    def get(self, name: str) -> Tool | None:
        """Step 5.2: the tool registered under `name`, or None."""
        return self._tools.get(name)

    def definitions(self) -> list[dict[str, Any]]:
        """Step 2: the `tools` field of every request: all tools, unfiltered."""
        return [tool.definition() for tool in self._tools.values()]

    def unknown_tool(self, name: str) -> ToolResult:
        """The model asked for a tool that does not exist: list the ones that do."""
        message = f"Unknown tool '{name}'. Available tools: {', '.join(self.names) or 'none'}."
        close = difflib.get_close_matches(name, self.names, n=1)
        if close:
            message += f" Did you mean '{close[0]}'?"
        return tool_error("unknown_tool", message)

    def prepare(self, name: str, arguments: str | dict[str, Any]) -> PreparedCall | ToolResult:
        """Steps 5.1-5.2: find the tool and check the arguments, or say what is wrong."""
        tool = self._tools.get(name)
        if tool is None:
            return self.unknown_tool(name)
        parsed = parse_arguments(name, arguments)
        if isinstance(parsed, ToolResult):
            return parsed
        problems = schema_problems(tool, parsed)
        if problems:
            return tool_error(
                "invalid_arguments",
                f"Invalid arguments for '{name}': {'; '.join(problems)}. "
                f"'{name}' accepts: {describe_parameters(tool.parameters)}.",
            )
        if tool.model is None:
            return PreparedCall(tool, (), parsed)
        try:
            return PreparedCall(tool, (tool.model.model_validate(parsed),), {})
        except (ValueError, TypeError, RecursionError) as exc:  # pydantic's ValidationError too
            return tool_error("invalid_arguments", f"Invalid arguments for '{name}': {exc}")

    def finish(self, name: str, result: ToolResult) -> ToolResult:
        """Step 5.4: the result as the model may get it (valid UTF-8, within the budget)."""
        tool = self._tools.get(name)
        budget = (tool.max_result_chars if tool else None) or self.max_result_chars
        return for_the_model(result, budget)

    def call(self, name: str, arguments: str | dict[str, Any]) -> ToolResult:
        """Steps 5.1-5.4 in this thread: find, check, run, and wrap the result. Never raises."""
        prepared = self.prepare(name, arguments)
        if isinstance(prepared, ToolResult):
            return self.finish(name, prepared)
        try:
            value = prepared.invoke()
            if inspect.isawaitable(value):
                value = run_coroutine(value)
        except STOP_SIGNALS:
            raise
        except BaseException as exc:  # whatever the tool raised, the model reads it
            return self.finish(name, tool_failed(name, exc))
        return self.finish(name, result_content(name, value))

    async def call_async(self, name: str, arguments: str | dict[str, Any]) -> ToolResult:
        """Like `call`, awaited: async tools run on the loop, sync tools in a daemon thread.
        A cancellation (e.g. a timeout) passes through: it stops the call, it is not its result."""
        prepared = self.prepare(name, arguments)
        if isinstance(prepared, ToolResult):
            return self.finish(name, prepared)
        try:
            if prepared.tool.is_async:
                value = await prepared.invoke()
            else:
                value = await in_daemon_thread(prepared.invoke)
            if inspect.isawaitable(value):
                value = await value
        except (*STOP_SIGNALS, asyncio.CancelledError):
            raise
        except BaseException as exc:  # whatever the tool raised, the model reads it
            return self.finish(name, tool_failed(name, exc))
        return self.finish(name, result_content(name, value))

    def execute(self, name: str, arguments: str | dict[str, Any]) -> str:
        """The content of the `tool` message for this call (step 6 wraps it)."""
        return self.call(name, arguments).content
