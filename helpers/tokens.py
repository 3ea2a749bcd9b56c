"""Token counting with the o200k_base encoding (the one gpt-4o and gpt-4o-mini use).

The formulas follow the OpenAI Cookbook's "How to count tokens with tiktoken":
every message costs 3 tokens of framing plus its text, every reply is primed
with 3 more, and tool definitions are counted by `num_tokens_for_tools`
(name:description, then name:type:description per parameter).

Seed 000's tip in numbers: step 2 sends every tool definition on every turn, so each tool
added costs prompt tokens on every request.
"""

from __future__ import annotations

import json
from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import bpe_openai

TOKENS_PER_MESSAGE = 3  # <|start|>{role}<|message|> ... <|end|>
TOKENS_PER_NAME = 1  # a message's optional "name" field
REPLY_PRIMING = 3  # every reply is primed with <|start|>assistant<|message|>

# The Cookbook's constants for gpt-4o / gpt-4o-mini tool definitions.
FUNC_INIT, PROP_INIT, PROP_KEY, ENUM_INIT, ENUM_ITEM, FUNC_END = 7, 3, 3, -3, 3, 12


@cache
def encoding() -> bpe_openai.Encoding:
    """The o200k_base encoding, loaded once, on the first count (loading it takes ~0.7 s)."""
    import bpe_openai

    return bpe_openai.get_encoding("o200k_base")


def count_tokens(text: str) -> int:
    """How many o200k_base tokens `text` is."""
    return len(encoding().encode_ordinary(text)) if text else 0


def token_pieces(text: str) -> list[str]:
    """Split `text` where the tokenizer cuts it; tokens that end inside a UTF-8 character
    are joined with the next ones, so every piece is a whole string."""
    pieces: list[str] = []
    pending = b""
    for token in encoding().encode_ordinary(text):
        pending += encoding().decode_single_token_bytes(token)
        try:
            pieces.append(pending.decode("utf-8"))
        except UnicodeDecodeError:
            continue
        pending = b""
    return pieces


def _value_text(value: Any) -> str:
    """A message field as the text the model reads (JSON for structured fields)."""
    if isinstance(value, str):
        return value
    if isinstance(value, list) and all(isinstance(p, dict) and "text" in p for p in value):
        return "".join(str(part["text"]) for part in value)
    return json.dumps(value, ensure_ascii=False)


def count_message_tokens(messages: list[dict[str, Any]]) -> int:
    """Prompt tokens of the messages alone (Cookbook: num_tokens_from_messages)."""
    total = REPLY_PRIMING
    for message in messages:
        total += TOKENS_PER_MESSAGE
        for key, value in message.items():
            if value is None:
                continue
            total += count_tokens(_value_text(value))
            if key == "name":
                total += TOKENS_PER_NAME
    return total


def _parameter_tokens(name: str, schema: dict[str, Any]) -> int:
    """One parameter's share: 'name:type:description' plus its enum values."""
    total = PROP_KEY
    enum = schema.get("enum")
    if enum:
        total += ENUM_INIT + sum(ENUM_ITEM + count_tokens(str(item)) for item in enum)
    description = str(schema.get("description", "")).removesuffix(".")
    return total + count_tokens(f"{name}:{schema.get('type', '')}:{description}")


def tool_definition_tokens(tools: list[dict[str, Any]] | None) -> int:
    """Prompt tokens the tool definitions add (Cookbook: num_tokens_for_tools)."""
    if not tools:
        return 0
    total = FUNC_END
    for tool in tools:
        function = tool.get("function", {})
        description = str(function.get("description", "")).removesuffix(".")
        total += FUNC_INIT + count_tokens(f"{function.get('name', '')}:{description}")
        properties = (function.get("parameters") or {}).get("properties") or {}
        if properties:
            total += PROP_INIT
            total += sum(_parameter_tokens(name, spec) for name, spec in properties.items())
    return total


def count_request_tokens(
    messages: list[dict[str, Any]], tools: list[dict[str, Any]] | None = None
) -> int:
    """Prompt tokens of a whole request: the messages plus the tool definitions."""
    return count_message_tokens(messages) + tool_definition_tokens(tools)
