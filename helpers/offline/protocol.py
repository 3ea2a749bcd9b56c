"""The request side of the wire: reject what the real Chat Completions API rejects, as it does.

Field types and ranges come from the official OpenAPI document (CreateChatCompletionRequest in
openai/openai-openapi), vendored as api_request_fields.json; the errors are worded as the API
words them ("Invalid type for 'temperature': expected a decimal, but got a string instead.").
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from helpers.offline.config import MODEL_ID

TOOL_CHOICE_MODES = ("none", "auto", "required")
FUNCTION_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
FIELDS_FILE = Path(__file__).with_name("api_request_fields.json")
CHECKED_BY_HAND = ("tools",)  # _check_tools words these errors itself (strict mode included)
MAX_STRING_LENGTH = 1_048_576  # the API's limit on one string, in characters
TOKEN_LIMITS = ("max_tokens", "max_completion_tokens")  # the API wants >= 1 (the spec omits it)


class ApiError(Exception):
    """An OpenAI-style error: HTTP status plus {"error": {message, type, param, code}}."""

    def __init__(
        self, message: str, *, param: str | None = None, code: str | None = None, status: int = 400
    ) -> None:
        super().__init__(message)
        self.message, self.param, self.code, self.status = message, param, code, status

    def body(self) -> dict[str, Any]:
        """The JSON body the API sends with this error."""
        kind = "invalid_request_error"
        return {
            "error": {"message": self.message, "type": kind, "param": self.param, "code": self.code}
        }


def parse_body(raw: bytes) -> dict[str, Any]:
    """The request body as a JSON object, or a 400 like the API's."""
    try:
        body = json.loads(raw or b"null")
    except ValueError:
        body = None
    if not isinstance(body, dict):
        raise ApiError(
            "We could not parse the JSON body of your request. The request body must be a "
            "JSON object with 'model' and 'messages'."
        )
    return body


def check_request(body: dict[str, Any]) -> None:
    """Check a chat.completions request the way the real API does, raising ApiError."""
    if not body.get("model"):
        raise ApiError(
            "Missing required parameter: 'model'.", param="model", code="missing_required_parameter"
        )
    _check_fields(body)
    if body["model"] != MODEL_ID:
        raise ApiError(
            f"The model `{body['model']}` does not exist or you do not have access to it. "
            f"This server serves: {MODEL_ID}.",
            code="model_not_found",
            status=404,
        )
    if "messages" not in body:
        raise ApiError(
            "Missing required parameter: 'messages'.",
            param="messages",
            code="missing_required_parameter",
        )
    _check_messages(body["messages"])
    _check_tools(body.get("tools"))
    _check_tool_choice(body.get("tool_choice"), body.get("tools"))
    if body.get("stream_options") is not None and not body.get("stream"):
        raise ApiError(
            "The 'stream_options' parameter is only allowed when 'stream' is enabled.",
            param="stream_options",
            code="invalid_value",
        )


def _check_messages(messages: list[dict[str, Any]]) -> None:
    """Tool calls and tool replies pair up by id (shapes and roles are checked by the schema)."""
    open_ids: list[str] = []
    for i, message in enumerate(messages):
        if message["role"] == "tool":
            _check_tool_reply(message, open_ids, i)
            continue
        if open_ids:
            raise _unanswered(open_ids, i)
        if message["role"] == "assistant":
            open_ids = [call["id"] for call in message.get("tool_calls") or []]
    if open_ids:
        raise _unanswered(open_ids, len(messages))


def _check_tool_reply(message: dict[str, Any], open_ids: list[str], i: int) -> None:
    """A tool message must answer one of the calls still waiting for a reply."""
    call_id = message.get("tool_call_id")
    if call_id not in open_ids:
        raise ApiError(
            "Invalid parameter: messages with role 'tool' must be a response to a preceding "
            f"message with 'tool_calls' (no open call has tool_call_id {call_id!r}).",
            param=f"messages.[{i}].role",
        )
    open_ids.remove(call_id)


def _unanswered(open_ids: list[str], i: int) -> ApiError:
    """The API's error for calls whose tool replies are missing."""
    return ApiError(
        "An assistant message with 'tool_calls' must be followed by tool messages responding "
        "to each 'tool_call_id'. The following tool_call_ids did not have response messages: "
        + ", ".join(open_ids),
        param=f"messages.[{i}].role",
    )


def _check_tools(tools: Any) -> None:
    """Each tool is {"type": "function", "function": {name, description?, parameters?}}."""
    if tools is None:
        return
    if not isinstance(tools, list):
        raise ApiError(
            "Invalid type for 'tools': expected an array.", param="tools", code="invalid_type"
        )
    for i, tool in enumerate(tools):
        if not isinstance(tool, dict) or tool.get("type") != "function":
            raise ApiError(
                f"Invalid value for 'tools[{i}].type': expected 'function'.",
                param=f"tools[{i}].type",
                code="invalid_value",
            )
        function = tool.get("function")
        if not isinstance(function, dict):
            raise ApiError(
                f"Missing required parameter: 'tools[{i}].function'.",
                param=f"tools[{i}].function",
                code="missing_required_parameter",
            )
        _check_function(function, i)


def _check_function(function: dict[str, Any], i: int) -> None:
    """A function's name matches the API's pattern and its parameters are an object schema."""
    name = function.get("name")
    if not isinstance(name, str) or not FUNCTION_NAME.match(name):
        raise ApiError(
            f"Invalid 'tools[{i}].function.name': {name!r} does not match pattern. Expected a "
            "string of 1 to 64 letters, digits, underscores or dashes ('^[a-zA-Z0-9_-]+$').",
            param=f"tools[{i}].function.name",
            code="invalid_value",
        )
    if "description" in function and not isinstance(function["description"], str):
        raise ApiError(
            f"Invalid type for 'tools[{i}].function.description': expected a string.",
            param=f"tools[{i}].function.description",
            code="invalid_type",
        )
    parameters = function.get("parameters", {"type": "object", "properties": {}})
    if not isinstance(parameters, dict) or parameters.get("type", "object") != "object":
        raise ApiError(
            f"Invalid schema for function '{name}': "
            "schema must be a JSON Schema of 'type: \"object\"'.",
            param=f"tools[{i}].function.parameters",
            code="invalid_function_parameters",
        )
    properties = parameters.get("properties", {})
    required = parameters.get("required", [])
    if not isinstance(properties, dict) or not all(
        isinstance(p, dict) for p in properties.values()
    ):
        raise ApiError(
            f"Invalid schema for function '{name}': 'properties' must be an object whose "
            'values are schemas (objects), e.g. {"city": {"type": "string"}}.',
            param=f"tools[{i}].function.parameters",
            code="invalid_function_parameters",
        )
    if not isinstance(required, list) or not all(isinstance(r, str) for r in required):
        raise ApiError(
            f"Invalid schema for function '{name}': 'required' must be an array of names.",
            param=f"tools[{i}].function.parameters",
            code="invalid_function_parameters",
        )
    _check_json_schema(parameters, name, i)
    if function.get("strict") is True:
        _check_strict(parameters, name, i)


def _check_json_schema(parameters: dict[str, Any], name: str, i: int) -> None:
    """The parameters are a valid JSON Schema (checked against the Draft 2020-12 metaschema)."""
    try:
        jsonschema.Draft202012Validator.check_schema(parameters)
    except jsonschema.SchemaError as error:
        context = tuple(str(part) for part in error.absolute_path)
        raise ApiError(
            f"Invalid schema for function '{name}': In context={context!r}, {error.message}.",
            param=f"tools[{i}].function.parameters",
            code="invalid_function_parameters",
        ) from None


def _check_strict(schema: Any, name: str, i: int, context: tuple[str, ...] = ()) -> None:
    """Strict mode's rules, as the API words them: every object schema closes its properties
    (additionalProperties false) and requires every one of them."""
    if not isinstance(schema, dict):
        return
    if schema.get("type") == "object" or "properties" in schema:
        properties = schema.get("properties") or {}
        required = schema.get("required") if isinstance(schema.get("required"), list) else []
        if schema.get("additionalProperties") is not False:
            raise _strict_error(
                name,
                i,
                context,
                "'additionalProperties' is required to be supplied and to be false.",
            )
        missing = [key for key in properties if key not in required]
        if missing:
            raise _strict_error(
                name,
                i,
                context,
                "'required' is required to be supplied and to be an array including every key "
                f"in properties. Missing '{missing[0]}'.",
            )
        for key, child in properties.items():
            _check_strict(child, name, i, (*context, "properties", key))
    for word in ("anyOf", "oneOf"):
        for n, branch in enumerate(schema.get(word) or []):
            _check_strict(branch, name, i, (*context, word, str(n)))
    _check_strict(schema.get("items"), name, i, (*context, "items"))
    for key, child in (schema.get("$defs") or {}).items():
        _check_strict(child, name, i, (*context, "$defs", key))


def _strict_error(name: str, i: int, context: tuple[str, ...], problem: str) -> ApiError:
    """The API's 400 for a strict function whose schema breaks strict mode's rules."""
    return ApiError(
        f"Invalid schema for function '{name}': In context={context!r}, {problem}",
        param=f"tools[{i}].function.parameters",
        code="invalid_function_parameters",
    )


def _check_tool_choice(choice: Any, tools: Any) -> None:
    """tool_choice is a mode, or names one of the given functions."""
    if choice is None:
        return
    if not tools:
        raise ApiError(
            "Invalid value for 'tool_choice': "
            "'tool_choice' is only allowed when 'tools' are specified.",
            param="tool_choice",
        )
    if isinstance(choice, str) and choice in TOOL_CHOICE_MODES:
        return
    function = choice.get("function") if isinstance(choice, dict) else None
    name = function.get("name") if isinstance(function, dict) else None
    if name is None:
        raise ApiError(
            f"Invalid value for 'tool_choice': {choice!r}. Use 'none', 'auto', 'required' or "
            '{"type": "function", "function": {"name": "..."}}.',
            param="tool_choice",
            code="invalid_value",
        )
    if name not in {tool["function"]["name"] for tool in tools}:
        raise ApiError(
            f"Invalid value for 'tool_choice': no function named {name!r} in 'tools'.",
            param="tool_choice",
            code="invalid_value",
        )


# Field types and ranges, checked against the official schema and worded as the API words them.


@cache
def request_fields() -> dict[str, Any]:
    """Each request field the API validates, with its schema (from the official spec)."""
    return json.loads(FIELDS_FILE.read_text(encoding="utf-8"))


def _check_fields(body: dict[str, Any]) -> None:
    """Every field is one the API knows, of the type and in the range it allows."""
    for name, value in body.items():
        if name in CHECKED_BY_HAND:
            continue
        if name not in request_fields():
            raise ApiError(f"Unrecognized request argument supplied: {name}", param=name)
        error = schema_error(request_fields()[name], value, name)
        if error is not None:
            raise error
    for name in TOKEN_LIMITS:
        if isinstance(body.get(name), int) and body[name] < 1:
            raise _range_error(name, body[name], ">=", 1, "integer", "below_min")


def schema_error(schema: dict[str, Any], value: Any, path: str) -> ApiError | None:
    """The first way `value` breaks `schema`, as the API words it; None when it fits."""
    if "anyOf" in schema or "oneOf" in schema:
        return _branch_error(schema, value, path)
    if "type" in schema and not _has_type(value, schema["type"]):
        return _type_error(path, [schema], value)
    for check in (_enum_error, _number_error, _string_error, _array_error, _object_error):
        error = check(schema, value, path)
        if error is not None:
            return error
    return None


JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "object": (dict,),
    "array": (list,),
    "null": (type(None),),
}
EXPECTED = {"number": "decimal", "null": "null"}  # the API's names for JSON types


def _has_type(value: Any, kind: str) -> bool:
    """Whether a JSON value has a JSON Schema type (booleans are not numbers)."""
    if isinstance(value, bool) and kind != "boolean":
        return False
    return isinstance(value, JSON_TYPES.get(kind, (object,)))


def _discriminator(schema: dict[str, Any]) -> str | None:
    """The property that tells a union's objects apart: the spec's discriminator, or a property
    every branch fixes to its own values (the "type" of a content part)."""
    branches = schema.get("anyOf") or schema.get("oneOf") or []
    if "discriminator" in schema or not branches:
        return schema.get("discriminator")
    shared = set.intersection(*(set(branch.get("properties", {})) for branch in branches))
    fixed = [key for key in sorted(shared) if all(_tags(branch, key) for branch in branches)]
    return fixed[0] if fixed else None


def _leaves(schema: dict[str, Any]) -> list[dict[str, Any]]:
    """The alternatives of a union, nested unions flattened (a discriminated one kept whole)."""
    branches = schema.get("anyOf") or schema.get("oneOf")
    if branches is None or _discriminator(schema):
        return [schema]
    return [leaf for branch in branches for leaf in _leaves(branch)]


def _fits_type(schema: dict[str, Any], value: Any) -> bool:
    """Whether the value's JSON type is one this alternative takes."""
    if _discriminator(schema):
        return isinstance(value, dict)
    return "type" not in schema or _has_type(value, schema["type"])


def _branch_error(schema: dict[str, Any], value: Any, path: str) -> ApiError | None:
    """anyOf/oneOf: a union of objects picks its branch by the discriminator; otherwise the
    value must fit one alternative of its own type."""
    key = _discriminator(schema)
    if key and isinstance(value, dict):
        return _discriminated_error(schema, key, value, path)
    leaves = _leaves(schema)
    fitting = [leaf for leaf in leaves if _fits_type(leaf, value)]
    if not fitting:
        return _type_error(path, leaves, value)
    errors = [schema_error(leaf, value, path) for leaf in fitting]
    return None if None in errors else errors[0]


def _discriminated_error(
    schema: dict[str, Any], key: str, value: dict[str, Any], path: str
) -> ApiError | None:
    """A union told apart by one property ("role" of a message, "type" of a part)."""
    branches = schema.get("oneOf") or schema.get("anyOf") or []
    where = f"{path}.{key}"
    if key not in value:
        return _missing(where)
    allowed = [tag for branch in branches for tag in _tags(branch, key)]
    for branch in branches:
        if value[key] in _tags(branch, key):
            return schema_error(branch, value, path)
    return _invalid_value(where, value[key], allowed)


def _tags(branch: dict[str, Any], key: str) -> list[Any]:
    """The discriminator values one branch accepts."""
    return branch.get("properties", {}).get(key, {}).get("enum", [])


def _type_error(path: str, alternatives: list[dict[str, Any]], value: Any) -> ApiError:
    """'Invalid type for 'x': expected a decimal, but got a string instead.'"""
    names = [_type_name(a) for a in alternatives if a.get("type") != "null"]
    names = list(dict.fromkeys(names)) or ["null"]
    if len(names) == 1:
        expected = _article(names[0])
    else:
        expected = f"one of {_article(names[0])} or {' or '.join(names[1:])}"
    return ApiError(
        f"Invalid type for '{path}': expected {expected}, but got {_got(value)} instead.",
        param=path,
        code="invalid_type",
    )


def _type_name(schema: dict[str, Any]) -> str:
    """A JSON type as the API names it: 'decimal', 'array of objects', ..."""
    kind = "object" if _discriminator(schema) else schema.get("type", "object")
    if kind == "array" and isinstance(schema.get("items"), dict):
        items = _leaves(schema["items"])
        return f"array of {_type_name(items[0])}s" if len(items) == 1 else "array of objects"
    return EXPECTED.get(kind, kind)


def _article(name: str) -> str:
    """'a string', 'an integer', 'null'."""
    if name == "null":
        return name
    return f"an {name}" if name[0] in "aeiou" else f"a {name}"


def _got(value: Any) -> str:
    """The value's type, as the API names it in 'but got ... instead'."""
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, float):
        return "a decimal number"
    names = {int: "an integer", str: "a string", dict: "an object", list: "an array"}
    return names.get(type(value), "null")


def _missing(path: str) -> ApiError:
    """'Missing required parameter: 'x'.'"""
    return ApiError(
        f"Missing required parameter: '{path}'.", param=path, code="missing_required_parameter"
    )


def _invalid_value(path: str, value: Any, allowed: list[Any]) -> ApiError:
    """'Invalid value: 'xml'. Supported values are: 'a', 'b', and 'c'.'"""
    quoted = [f"'{item}'" for item in allowed]
    listed = quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])}, and {quoted[-1]}"
    return ApiError(
        f"Invalid value: {value!r}. Supported values are: {listed}.",
        param=path,
        code="invalid_value",
    )


def _enum_error(schema: dict[str, Any], value: Any, path: str) -> ApiError | None:
    """enum: one of the listed values."""
    if "enum" in schema and value not in schema["enum"]:
        return _invalid_value(path, value, schema["enum"])
    return None


def _number_error(schema: dict[str, Any], value: Any, path: str) -> ApiError | None:
    """minimum / maximum, worded per type ('decimal above maximum value')."""
    if not _has_type(value, "number"):
        return None
    kind = "integer" if schema.get("type") == "integer" else "decimal"
    if "minimum" in schema and value < schema["minimum"]:
        return _range_error(path, value, ">=", schema["minimum"], kind, "below_min")
    if "maximum" in schema and value > schema["maximum"]:
        return _range_error(path, value, "<=", schema["maximum"], kind, "above_max")
    return None


def _range_error(path: str, value: Any, sign: str, bound: Any, kind: str, side: str) -> ApiError:
    """'Invalid 'n': integer below minimum value. Expected a value >= 1, but got -1 instead.'"""
    words = "below minimum" if side == "below_min" else "above maximum"
    return ApiError(
        f"Invalid '{path}': {kind} {words} value. Expected a value {sign} {_number(bound)}, "
        f"but got {_number(value)} instead.",
        param=path,
        code=f"{kind}_{side}_value",
    )


def _number(value: float) -> str:
    """A number as the API prints it (2, not 2.0)."""
    return str(int(value)) if float(value).is_integer() and abs(value) < 1e16 else str(value)


def _string_error(schema: dict[str, Any], value: Any, path: str) -> ApiError | None:
    """maxLength (the API's own limit when the schema gives none) and minLength."""
    if not isinstance(value, str):
        return None
    longest = schema.get("maxLength", MAX_STRING_LENGTH)
    if len(value) > longest:
        return ApiError(
            f"Invalid '{path}': string too long. Expected a string with maximum length "
            f"{longest}, but got a string with length {len(value)} instead.",
            param=path,
            code="string_above_max_length",
        )
    if len(value) < schema.get("minLength", 0):
        return ApiError(
            f"Invalid '{path}': string too short. Expected a string with minimum length "
            f"{schema['minLength']}, but got a string with length {len(value)} instead.",
            param=path,
            code="string_below_min_length",
        )
    return None


def _array_error(schema: dict[str, Any], value: Any, path: str) -> ApiError | None:
    """minItems / maxItems, then each item."""
    if not isinstance(value, list):
        return None
    if len(value) < schema.get("minItems", 0):
        return _array_length_error(path, value, schema["minItems"], "minimum")
    if len(value) > schema.get("maxItems", len(value)):
        return _array_length_error(path, value, schema["maxItems"], "maximum")
    for i, item in enumerate(value):
        error = schema_error(schema.get("items", {}), item, f"{path}[{i}]")
        if error is not None:
            return error
    return None


def _array_length_error(path: str, value: list[Any], bound: int, side: str) -> ApiError:
    """'Invalid 'messages': empty array. Expected an array with minimum length 1, ...'"""
    if not value:
        problem, got, code = "empty array", "an empty array", "empty_array"
    else:
        short = side == "minimum"
        problem = "array too short" if short else "array too long"
        got = f"an array with length {len(value)}"
        code = "array_below_min_length" if short else "array_above_max_length"
    return ApiError(
        f"Invalid '{path}': {problem}. Expected an array with {side} length {bound}, "
        f"but got {got} instead.",
        param=path,
        code=code,
    )


def _object_error(schema: dict[str, Any], value: Any, path: str) -> ApiError | None:
    """required properties, unknown ones (when additionalProperties is false), then each."""
    if not isinstance(value, dict):
        return None
    for key in schema.get("required", []):
        if key not in value:
            return _missing(f"{path}.{key}")
    properties = schema.get("properties", {})
    for key, item in value.items():
        child = properties.get(key, schema.get("additionalProperties", True))
        if child is False:
            return ApiError(
                f"Unknown parameter: '{path}.{key}'.",
                param=f"{path}.{key}",
                code="unknown_parameter",
            )
        error = schema_error(child, item, f"{path}.{key}") if isinstance(child, dict) else None
        if error is not None:
            return error
    return None
