"""Checker for the MCP lesson's exercise: step 2 after discovery (a `tools/list` result becomes
the request's `tools`, each schema passed on unchanged)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from helpers.exercises import checker, expect

WEATHER = {
    "name": "get_weather",
    "title": "Weather",
    "description": "Get the current weather (condition and temperature) for a city.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "city": {"type": "string", "description": "The city name, e.g. 'Beijing' or '베이징'."},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"], "default": "celsius"},
        },
        "required": ["city"],
        "additionalProperties": False,
    },
    "annotations": {"readOnlyHint": True},
}
ORDER = {  # nested objects and $defs: the schema must arrive as it is, not rebuilt
    "name": "place_order",
    "description": "Order items from the shop's catalogue for delivery to an address.",
    "inputSchema": {
        "type": "object",
        "$defs": {
            "item": {
                "type": "object",
                "properties": {"sku": {"type": "string"}, "qty": {"type": "integer"}},
            }
        },
        "properties": {
            "items": {"type": "array", "items": {"$ref": "#/$defs/item"}},
            "address": {"type": "string"},
        },
        "required": ["items", "address"],
    },
    "outputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}},
    "_meta": {"vendor/build": "7"},
}
PING = {  # no description and no properties: both are allowed in MCP
    "name": "ping",
    "inputSchema": {"type": "object"},
}
LISTED = [WEATHER, ORDER, PING]
MCP_ONLY = ("title", "annotations", "outputSchema", "_meta", "inputSchema", "icons")


def check_function(entry: Any, tool: dict[str, Any]) -> None:
    """One entry of `tools`: {"type": "function", "function": {name, description, parameters}}."""
    shape = sorted(entry) if isinstance(entry, dict) else type(entry).__name__
    expect(
        isinstance(entry, dict) and entry.get("type") == "function",
        f'each entry needs "type": "function"; the one for \'{tool["name"]}\' has {shape}.',
    )
    function = entry.get("function")
    expect(
        isinstance(function, dict),
        f"'{tool['name']}': put name, description and parameters "
        'under "function", as in lesson 01.',
    )
    expect(
        function.get("name") == tool["name"],
        f"keep the tool's name as the server lists it: '{tool['name']}', got "
        f"{function.get('name')!r}. The agent calls the server by this name.",
    )
    expect(
        function.get("parameters") == tool["inputSchema"],
        f"'{tool['name']}': \"parameters\" must be the tool's inputSchema, unchanged (the model "
        f"reads exactly what the server wrote); got {function.get('parameters')!r:.160}.",
    )
    wanted = tool.get("description", "")
    expect(
        function.get("description", "") == wanted,
        f"'{tool['name']}': pass the description on as it is ({wanted!r:.60}; leave it out or "
        "use '' when the server gives none): it is all the model knows about the tool.",
    )
    extra = sorted(set(function) - {"name", "description", "parameters"})
    expect(
        not extra,
        f"'{tool['name']}': the function has fields the API does not take here: "
        f"{extra}. MCP's {', '.join(MCP_ONLY[:4])} stay out; MCP says nothing about "
        "strict mode, so do not add 'strict' either.",
    )
    expect(
        set(entry) == {"type", "function"},
        f'\'{tool["name"]}\': an entry has only "type" and "function"; got {sorted(entry)}.',
    )


@checker("13.1")
def check_chat_tools(chat_tools: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> None:
    """13.1 (issue 13, step 2 after discovery): tools/list's tools -> the request's tools."""
    listed = copy.deepcopy(LISTED)
    tools = chat_tools(listed)
    expect(
        isinstance(tools, list),
        f"return a list (the request's `tools`), not {type(tools).__name__}.",
    )
    expect(
        len(tools) == len(LISTED),
        f"one entry per listed tool: {len(LISTED)} listed, "
        f"{len(tools)} returned. The agent filters nothing.",
    )
    for entry, tool in zip(tools, LISTED, strict=True):
        check_function(entry, tool)
    expect(listed == LISTED, "do not change the listing you were given: build new entries.")
    expect(chat_tools([]) == [], "a server with no tools gives an empty list of tools.")
