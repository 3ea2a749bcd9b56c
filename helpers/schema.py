"""Step 1: a Python function's signature and docstring -> the JSON Schema the model reads.

Type hints give each parameter's type, defaults make a parameter optional, and a
Google-style docstring gives the descriptions: the first lines describe the tool,
the `Args:` section describes each parameter. The model sees nothing else.
"""

from __future__ import annotations

import inspect
import json
import re
import types
from collections.abc import Callable
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

import openai
import pydantic

JSON_TYPES: dict[type, str] = {str: "string", int: "integer", float: "number", bool: "boolean"}
ARGS_HEADERS = {"Args:", "Arguments:", "Parameters:"}
OTHER_HEADERS = {"Returns:", "Return:", "Raises:", "Yields:", "Example:", "Examples:", "Note:"}
ARG_LINE = re.compile(r"^(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")  # "city (str): The city."


def type_schema(hint: Any) -> dict[str, Any]:
    """One type hint -> its JSON Schema (str, int, float, bool, list, dict, Literal, unions)."""
    if hint in JSON_TYPES:
        return {"type": JSON_TYPES[hint]}
    if hint is type(None):
        return {"type": "null"}
    origin, args = get_origin(hint), get_args(hint)
    if origin is Literal:
        return literal_schema(args)
    if origin in (Union, types.UnionType):
        return {"anyOf": [type_schema(arg) for arg in args]}
    if hint is list or origin is list:
        return {"type": "array", "items": type_schema(args[0])} if args else {"type": "array"}
    if hint is dict or origin is dict:
        if args:
            return {"type": "object", "additionalProperties": type_schema(args[1])}
        return {"type": "object"}
    raise TypeError(
        f"Unsupported type hint {hint!r}. Supported: str, int, float, bool, list[...], "
        "dict[str, ...], Literal[...], X | None; or pass parameters= (a JSON Schema or a "
        "pydantic model) to register()."
    )


def literal_schema(values: tuple[Any, ...]) -> dict[str, Any]:
    """Literal["celsius", "fahrenheit"] -> {"type": "string", "enum": [...]}."""
    kinds = {JSON_TYPES.get(type(value)) for value in values}
    if len(kinds) == 1 and None not in kinds:
        return {"type": kinds.pop(), "enum": list(values)}
    return {"enum": list(values)}


def parse_docstring(doc: str | None) -> tuple[str, dict[str, str]]:
    """A Google-style docstring -> (tool description, {parameter: description})."""
    description: list[str] = []
    params: dict[str, str] = {}
    section, current, arg_indent = "description", None, None
    for line in inspect.cleandoc(doc or "").splitlines():
        stripped, indent = line.strip(), len(line) - len(line.lstrip())
        if stripped in ARGS_HEADERS or stripped in OTHER_HEADERS:
            section = "args" if stripped in ARGS_HEADERS else "other"
            current, arg_indent = None, None
        elif section == "description":
            description.append(line)
        elif section == "args" and stripped:
            if arg_indent is None:  # the first argument line sets the indent of the others
                arg_indent = indent
            match = ARG_LINE.match(stripped)
            if indent == arg_indent and match:
                current = match.group(1)
                params[current] = match.group(2)
            elif current is not None:
                params[current] = f"{params[current]} {stripped}".strip()
    return "\n".join(description).strip(), params


def parameter_schema(hint: Any, default: Any, description: str | None) -> dict[str, Any]:
    """One parameter: its type, its description from the docstring, its default if any."""
    schema = type_schema(hint)
    if description:
        schema["description"] = description
    if isinstance(default, str | int | float | bool):
        schema["default"] = default
    return schema


def resolved_hints(fn: Callable[..., Any]) -> dict[str, Any]:
    """The function's type hints, with string annotations resolved."""
    try:
        return get_type_hints(fn)
    except NameError as exc:
        raise TypeError(
            f"Cannot resolve the type hints of {fn.__name__}: {exc}. Define or import every "
            "type its parameters name before registering it."
        ) from exc


def check_describable(
    fn: Callable[..., Any], param: inspect.Parameter, hints: dict[str, Any]
) -> None:
    """A parameter the model can fill: named (not *args or **kwargs) and with a type hint."""
    if param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
        raise TypeError(
            f"{fn.__name__}: *{param.name} cannot be described to the model; "
            "list each parameter by name."
        )
    if param.name not in hints:
        raise TypeError(
            f"{fn.__name__}: parameter '{param.name}' has no type hint; add one "
            "(str, int, float, bool, list[...], Literal[...]) so the model knows what to send."
        )


def function_schema(
    fn: Callable[..., Any], *, name: str | None = None, description: str | None = None
) -> dict[str, Any]:
    """Step 1: a function -> {"name", "description", "parameters"} (one entry of `tools`)."""
    doc_description, doc_params = parse_docstring(fn.__doc__)
    hints = resolved_hints(fn)
    properties: dict[str, Any] = {}
    required: list[str] = []
    for param in inspect.signature(fn).parameters.values():
        check_describable(fn, param, hints)
        default = None if param.default is param.empty else param.default
        properties[param.name] = parameter_schema(
            hints[param.name], default, doc_params.get(param.name)
        )
        if param.default is param.empty:
            required.append(param.name)
    return {
        "name": name or fn.__name__,
        "description": description if description is not None else doc_description,
        "parameters": {
            "type": "object",
            "properties": properties,
            "required": required,
            "additionalProperties": False,
        },
    }


def model_parameter(fn: Callable[..., Any]) -> type[pydantic.BaseModel] | None:
    """The pydantic model of a function whose only parameter is one, else None."""
    params = list(inspect.signature(fn).parameters.values())
    if len(params) != 1:
        return None
    hint = resolved_hints(fn).get(params[0].name)
    is_model = inspect.isclass(hint) and issubclass(hint, pydantic.BaseModel)
    return hint if is_model else None


def pydantic_schema(
    model: type[pydantic.BaseModel], *, name: str, description: str | None
) -> dict[str, Any]:
    """A pydantic model -> {"name", "description", "parameters", "strict"} via the SDK's helper."""
    tool = openai.pydantic_function_tool(model, name=name, description=description)
    return dict(tool["function"])


def schema_label(schema: dict[str, Any]) -> str:
    """A short human (and model) reading of one property's schema: 'string', '"a" | "b"'."""
    if "enum" in schema:
        return " | ".join(json.dumps(value, ensure_ascii=False) for value in schema["enum"])
    if "anyOf" in schema:
        return " | ".join(schema_label(option) for option in schema["anyOf"])
    if schema.get("type") == "array" and "items" in schema:
        return f"array of {schema_label(schema['items'])}"
    return str(schema.get("type", "any value"))


def describe_parameters(parameters: dict[str, Any]) -> str:
    """The parameters a tool accepts, as one line for error messages."""
    required = set(parameters.get("required", []))
    parts = [
        f"{name}: {schema_label(prop)}{'' if name in required else ' (optional)'}"
        for name, prop in parameters.get("properties", {}).items()
    ]
    return ", ".join(parts) or "no parameters"
