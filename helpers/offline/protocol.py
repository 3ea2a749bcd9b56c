"""The request side of the wire: reject what the real Chat Completions API rejects, as it does."""

from __future__ import annotations

import json
import re
from typing import Any

from helpers.offline.config import MODEL_ID

ROLES = ("system", "developer", "user", "assistant", "tool", "function")
TOOL_CHOICE_MODES = ("none", "auto", "required")
FUNCTION_NAME = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")


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


def _check_messages(messages: Any) -> None:
    """Roles are known, and tool calls and tool replies pair up by id."""
    if not isinstance(messages, list) or not messages:
        raise ApiError(
            "Invalid 'messages': expected a non-empty array of message objects.",
            param="messages",
            code="invalid_value",
        )
    open_ids: list[str] = []
    for i, message in enumerate(messages):
        role = message.get("role") if isinstance(message, dict) else None
        if role not in ROLES:
            allowed = ", ".join(f"'{r}'" for r in ROLES)
            raise ApiError(
                f"Invalid value: {role!r}. Supported values are: {allowed}.",
                param=f"messages[{i}].role",
                code="invalid_value",
            )
        if role == "tool":
            _check_tool_reply(message, open_ids, i)
            continue
        if open_ids:
            raise _unanswered(open_ids, i)
        if role == "assistant":
            open_ids = _call_ids(message, i)
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


def _call_ids(message: dict[str, Any], i: int) -> list[str]:
    """The ids of an assistant message's tool calls (each needs a reply)."""
    calls = message.get("tool_calls") or []
    if not isinstance(calls, list):
        raise ApiError(
            "Invalid type for 'tool_calls': expected an array.", param=f"messages[{i}].tool_calls"
        )
    ids = []
    for j, call in enumerate(calls):
        where = f"messages[{i}].tool_calls[{j}]"
        function = call.get("function") if isinstance(call, dict) else None
        if not isinstance(function, dict) or not isinstance(call.get("id"), str):
            raise ApiError(
                f"Invalid '{where}': a tool call needs 'id', 'type' and 'function'.", param=where
            )
        if not isinstance(function.get("name"), str) or not isinstance(
            function.get("arguments"), str
        ):
            raise ApiError(
                f"Invalid '{where}.function': 'name' and 'arguments' must be strings.",
                param=f"{where}.function",
            )
        ids.append(call["id"])
    return ids


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
    if function.get("strict") is True:
        _check_strict(parameters, name, i)


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
