"""RequestInspector: the exact step-2 request, every tool in it, and its token count."""

from __future__ import annotations

import pytest
from agent_run import USER

from helpers.events import AnswerEvent, RequestEvent
from helpers.tokens import count_message_tokens
from helpers.widgets import RequestInspector


def tool(name: str, description: str) -> dict:
    return {"type": "function", "function": {
        "name": name, "description": description,
        "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
    }}


TOOLS = [tool("get_weather", "Current weather for a city."),
         tool("search_docs", "Search the product documentation.")]


def test_show_counts_the_messages_and_every_tool() -> None:
    inspector = RequestInspector({"model": "offline-tutor", "messages": [USER], "tools": TOOLS,
                                  "tool_choice": "auto"})
    assert inspector.tool_tokens > 0
    assert inspector.prompt_tokens == count_message_tokens([USER]) + inspector.tool_tokens
    assert repr(inspector) == (
        "RequestInspector: the step-2 request to offline-tutor\n"
        "  1 message: user\n"
        "  2 tools: get_weather, search_docs\n"
        "  options: tool_choice='auto'\n"
        f"  about {inspector.prompt_tokens} prompt tokens, "
        f"{inspector.tool_tokens} of them for tools"
    )
    assert "search_docs" in inspector.tools_view.value
    assert "베이징 날씨 어때?" in inspector.messages_view.value


def test_more_tools_cost_more_tokens() -> None:
    one = RequestInspector({"model": "m", "messages": [USER], "tools": TOOLS[:1]})
    two = RequestInspector({"model": "m", "messages": [USER], "tools": TOOLS})
    assert two.prompt_tokens > one.prompt_tokens
    assert two.tool_tokens > one.tool_tokens


def test_handle_shows_each_request_event() -> None:
    inspector = RequestInspector()
    assert repr(inspector) == "RequestInspector: no request yet"
    request = {"model": "m", "messages": [USER, {"role": "assistant", "content": "hi"}]}
    inspector.handle(RequestEvent(iteration=1, message_count=2, tool_names=[], request=request))
    inspector.handle(AnswerEvent(content="x"))
    assert "2 messages: user, assistant" in repr(inspector)
    assert "0 tools: none" in repr(inspector)


def test_html_in_messages_and_model_is_escaped() -> None:
    inspector = RequestInspector({"model": "<b>m</b>", "messages": [
        {"role": "user", "content": "<img src=x>"}]})
    shown = inspector.summary.value + inspector.messages_view.value
    assert "<img" not in shown and "<b>m</b>" not in shown


@pytest.mark.parametrize("bad", [None, [], {"model": "m"}, {"messages": "hi"}])
def test_a_request_without_a_messages_list_is_refused(bad: object) -> None:
    with pytest.raises(ValueError, match="a dict with a 'messages' list"):
        RequestInspector().show(bad)  # type: ignore[arg-type]
