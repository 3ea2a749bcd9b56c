"""helpers.tokens: o200k_base counts and the Cookbook's formulas for messages and tools."""

from __future__ import annotations

import pytest
from offline_support import DOCS, WEATHER

from helpers.tokens import (
    ENUM_INIT,
    ENUM_ITEM,
    FUNC_END,
    FUNC_INIT,
    PROP_INIT,
    PROP_KEY,
    count_message_tokens,
    count_request_tokens,
    count_tokens,
    encoding,
    token_pieces,
    tool_definition_tokens,
)


def test_count_tokens_uses_o200k_base() -> None:
    assert encoding().name == "o200k_base"
    assert count_tokens("") == 0
    assert count_tokens("hello world") == 2
    assert count_tokens("베이징 날씨 어때?") == len(encoding().encode("베이징 날씨 어때?"))


@pytest.mark.parametrize("text", ['{"city": "베이징"}', "weather 🌤️ in Paris", "a" * 50, ""])
def test_token_pieces_rebuild_the_text_in_whole_characters(text: str) -> None:
    pieces = token_pieces(text)
    assert "".join(pieces) == text
    assert len(pieces) <= count_tokens(text)


def test_token_pieces_cut_where_the_tokenizer_cuts() -> None:
    assert token_pieces('{"city": "Paris"}') == ['{"', "city", '":', ' "', "Paris", '"}']


def test_message_tokens_follow_the_cookbook_formula() -> None:
    messages = [
        {"role": "system", "content": "Be brief."},
        {"role": "user", "content": "hello", "name": "ada"},
    ]
    per_message = [
        3 + count_tokens("system") + count_tokens("Be brief."),
        3 + count_tokens("user") + count_tokens("hello") + count_tokens("ada") + 1,
    ]
    assert count_message_tokens(messages) == sum(per_message) + 3


def test_tool_definition_tokens_follow_the_cookbook_formula() -> None:
    expected = (
        FUNC_END
        + FUNC_INIT
        + count_tokens("get_weather:Get the current weather for a city")  # the final "." dropped
        + PROP_INIT
        + PROP_KEY
        + count_tokens("city:string:City name, e.g. Paris")
        + PROP_KEY
        + ENUM_INIT
        + ENUM_ITEM
        + count_tokens("celsius")
        + ENUM_ITEM
        + count_tokens("fahrenheit")
        + count_tokens("unit:string:Unit")
    )
    assert tool_definition_tokens([WEATHER]) == expected
    assert tool_definition_tokens(None) == tool_definition_tokens([]) == 0


def test_every_tool_adds_to_the_prompt() -> None:
    messages = [{"role": "user", "content": "hi"}]
    alone = count_request_tokens(messages)
    one = count_request_tokens(messages, [WEATHER])
    two = count_request_tokens(messages, [WEATHER, DOCS])
    assert alone < one < two
    assert two - one == tool_definition_tokens([DOCS]) - FUNC_END


def test_tool_calls_and_content_parts_are_counted() -> None:
    call = {"id": "call_1", "type": "function", "function": {"name": "f", "arguments": "{}"}}
    bare = [{"role": "assistant", "content": None}]
    assert count_message_tokens(
        [{"role": "assistant", "tool_calls": [call]}]
    ) > count_message_tokens(bare)
    parts = [{"role": "user", "content": [{"type": "text", "text": "hello"}]}]
    assert count_message_tokens(parts) == count_message_tokens(
        [{"role": "user", "content": "hello"}]
    )
