"""ToolRegistry: every tool's name, description and schema (step 1), the full list for each
request (step 2), and the executor that turns a model's call into a `tool` message (step 5).

Errors are context, not exceptions (seed 000, 추가 질문 1): `call` never raises. An unknown
tool, bad JSON, arguments that break the schema, a tool that raises, a result that is not
JSON: each becomes an error text that says what went wrong and what is allowed, so the
model can correct itself on its next turn.
"""

from __future__ import annotations

import asyncio
import difflib
import functools
import inspect
import json
import re
import warnings
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

import jsonschema
import pydantic
from jsonschema.protocols import Validator

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
JSON_NAMES = {list: "an array", str: "a string", int: "a number", float: "a number",
              bool: "a boolean", type(None): "null"}


@dataclass(frozen=True)
class ToolResult:
    """The content of one `tool` message, whether it worked, and if not, which kind of error."""

    content: str
    ok: bool
    error_kind: str | None = None


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

    @functools.cached_property
    def validator(self) -> Validator:
        """Checks arguments against `parameters` (built on first use, then kept)."""
        return jsonschema.validators.validator_for(self.parameters)(self.parameters)

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
    """An explicit `parameters=` must be a JSON Schema for an object."""
    try:
        jsonschema.validators.validator_for(parameters).check_schema(parameters)
    except jsonschema.SchemaError as exc:
        raise ValueError(
            f"parameters for tool '{name}' is not a valid JSON Schema: {exc.message}"
        ) from exc
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


def parse_arguments(name: str, arguments: str | dict[str, Any]) -> dict[str, Any] | ToolResult:
    """Step 5.1: the model's JSON argument string -> a dict, or an error naming where it broke."""
    if isinstance(arguments, dict):
        return arguments
    text = arguments.strip() or "{}"  # some servers send "" for a call without arguments
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        return tool_error(
            "invalid_json",
            f"The arguments for '{name}' are not valid JSON: {exc.msg} (line {exc.lineno}, "
            f"column {exc.colno}, character {exc.pos}). Send one JSON object, "
            'for example {"city": "Seoul"}.',
            received=arguments,
        )
    if not isinstance(value, dict):
        return tool_error(
            "invalid_arguments",
            f"The arguments for '{name}' must be a JSON object with named fields, "
            f"not {JSON_NAMES.get(type(value), 'a value')} like {text[:80]}.",
        )
    return value


def schema_problems(tool: Tool, arguments: dict[str, Any]) -> list[str]:
    """Each way the arguments break the tool's schema, naming the field."""
    problems = []
    for error in sorted(tool.validator.iter_errors(arguments), key=lambda e: list(e.path)):
        where = ".".join(str(part) for part in error.absolute_path)
        problems.append(f"{where}: {error.message}" if where else error.message)
    return problems


def result_content(name: str, value: Any) -> ToolResult:
    """Step 6's payload: strings as they are, anything else as JSON (Korean stays readable)."""
    if isinstance(value, str):
        return ToolResult(content=value, ok=True)
    try:
        return ToolResult(content=json.dumps(value, ensure_ascii=False, allow_nan=False), ok=True)
    except (TypeError, ValueError) as exc:
        return tool_error(
            "not_serialisable",
            f"The tool '{name}' returned a {type(value).__name__} that cannot be sent as JSON "
            f"({exc}). This is a bug in the tool, not in your call: a tool must return a str "
            "or JSON data (dict, list, str, int, float, bool, None).",
        )


def tool_failed(name: str, exc: Exception) -> ToolResult:
    """The tool ran and raised: pass its exception on, as text."""
    return tool_error(
        "tool_failed", f"The tool '{name}' failed with {type(exc).__name__}: {exc}"
    )


def run_coroutine(coroutine: Any) -> Any:
    """Finish an async tool from sync code, also inside Jupyter's running event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coroutine)
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


class ToolRegistry:
    """Step 1: the tools the agent can run. The model chooses among ALL of them (step 2)."""

    def __init__(self) -> None:
        self._tools: dict[str, Tool] = {}

    def register(
        self,
        fn: Callable[..., Any] | None = None,
        *,
        name: str | None = None,
        description: str | None = None,
        parameters: dict[str, Any] | type[pydantic.BaseModel] | None = None,
    ) -> Any:
        """Add a tool; works as `@registry.register`, `@registry.register(name=...)` or a call."""
        if fn is None:
            return lambda f: self.register(
                f, name=name, description=description, parameters=parameters
            )
        tool = make_tool(fn, name, description, parameters)
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
        except pydantic.ValidationError as exc:
            return tool_error("invalid_arguments", f"Invalid arguments for '{name}': {exc}")

    def call(self, name: str, arguments: str | dict[str, Any]) -> ToolResult:
        """Steps 5.1-5.4 in this thread: find, check, run, and wrap the result. Never raises."""
        prepared = self.prepare(name, arguments)
        if isinstance(prepared, ToolResult):
            return prepared
        try:
            value = prepared.invoke()
            if inspect.isawaitable(value):
                value = run_coroutine(value)
        except Exception as exc:
            return tool_failed(name, exc)
        return result_content(name, value)

    async def call_async(self, name: str, arguments: str | dict[str, Any]) -> ToolResult:
        """Like `call`, awaited: async tools run on the loop, sync tools in a worker thread."""
        prepared = self.prepare(name, arguments)
        if isinstance(prepared, ToolResult):
            return prepared
        try:
            if prepared.tool.is_async:
                value = await prepared.invoke()
            else:
                value = await asyncio.to_thread(prepared.invoke)
        except Exception as exc:
            return tool_failed(name, exc)
        return result_content(name, value)

    def execute(self, name: str, arguments: str | dict[str, Any]) -> str:
        """The content of the `tool` message for this call (step 6 wraps it)."""
        return self.call(name, arguments).content
