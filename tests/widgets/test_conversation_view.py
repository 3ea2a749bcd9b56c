"""ConversationView: cards by role, tool messages paired by id, one new card per append."""

from __future__ import annotations

import pytest
from agent_run import ANSWER, ASKS, RESULT, USER
from openai.types.chat import ChatCompletionMessage

from helpers.events import Event
from helpers.widgets import ConversationView
from helpers.widgets.style import PAIR_COLOURS, ROLE_COLOURS


def two_calls(first_id: str = "call_seoul", second_id: str = "call_paris") -> dict:
    return {"role": "assistant", "content": "Checking both.", "tool_calls": [
        {"id": first_id, "type": "function",
         "function": {"name": "get_weather", "arguments": '{"city": "Seoul"}'}},
        {"id": second_id, "type": "function",
         "function": {"name": "get_time", "arguments": '{"tz": "Europe/Paris"}'}},
    ]}


def test_one_card_per_message_coloured_by_role() -> None:
    system = {"role": "system", "content": "Choose only from the listed tools."}
    view = ConversationView([system, USER, ASKS, RESULT, ANSWER])
    assert len(view.children) == 5
    for card, role in zip(view.children, ["system", "user", "assistant", "tool", "assistant"],
                          strict=True):
        assert f"border-left:4px solid {ROLE_COLOURS[role][0]}" in card.value


def test_append_adds_one_child_and_keeps_the_others() -> None:
    view = ConversationView([USER, ASKS])
    before = view.children
    view.append(RESULT)
    assert len(view.children) == 3
    assert all(old is new for old, new in zip(before, view.children[:2], strict=True))


def test_tool_calls_show_name_and_indented_arguments() -> None:
    card = ConversationView([ASKS]).children[0].value
    assert "get_weather" in card
    assert "{\n  &quot;city&quot;: &quot;Beijing&quot;\n}" in card
    assert "asks for 1 tool call" in card


def test_tool_messages_pair_with_their_call_by_id_not_by_order() -> None:
    view = ConversationView([two_calls()])
    view.append({"role": "tool", "tool_call_id": "call_paris", "content": "14:00"})
    view.append({"role": "tool", "tool_call_id": "call_seoul", "content": "맑음"})
    paris, seoul = view.children[1].value, view.children[2].value
    assert "#2" in paris and "get_time" in paris and PAIR_COLOURS[1] in paris
    assert "#1" in seoul and "get_weather" in seoul and PAIR_COLOURS[0] in seoul
    assert "[tool ← #2 get_time] 14:00" in repr(view)
    assert "[tool ← #1 get_weather] 맑음" in repr(view)


def test_a_tool_message_without_a_matching_call_is_flagged() -> None:
    view = ConversationView([ASKS])
    view.append({"role": "tool", "tool_call_id": "call_nobody", "content": "{}"})
    view.append({"role": "tool", "content": "{}"})
    assert "No earlier tool call has id &#x27;call_nobody&#x27;" in view.children[1].value
    assert "has no tool_call_id" in view.children[2].value
    assert repr(view).count("[tool ⚠ unpaired]") == 2


def test_a_second_answer_to_the_same_call_is_flagged() -> None:
    view = ConversationView([ASKS, RESULT])
    view.append(RESULT)
    assert "already answered" not in view.children[1].value
    assert "Call #1 was already answered" in view.children[2].value


def test_an_id_used_again_in_a_later_turn_pairs_with_the_later_call() -> None:
    view = ConversationView([ASKS, RESULT, {**ASKS, "tool_calls": [
        {**ASKS["tool_calls"][0], "function": {"name": "get_time", "arguments": "{}"}}]}])
    view.append(RESULT)
    assert "already answered" not in view.children[3].value
    assert repr(view).splitlines()[-1].startswith("  [tool ← #2 get_time]")


def test_content_is_escaped() -> None:
    view = ConversationView([{"role": "user", "content": "<script>alert(1)</script>"}])
    assert "<script>" not in view.children[0].value
    assert "&lt;script&gt;" in view.children[0].value


def test_sdk_message_objects_are_accepted() -> None:
    message = ChatCompletionMessage.model_validate(ASKS)
    view = ConversationView([USER, message])
    assert view.messages[1]["tool_calls"][0]["id"] == "call_weather1"
    assert "→ #1 get_weather" in repr(view)


def test_bad_messages_get_errors_that_name_the_problem() -> None:
    view = ConversationView()
    with pytest.raises(TypeError, match="A message is a dict"):
        view.append("hello")
    with pytest.raises(ValueError, match="needs a 'role'"):
        view.append({"content": "hello"})
    assert view.children == () and view.messages == []


def test_handle_appends_message_events_only(run_events: list[Event]) -> None:
    view = ConversationView()
    for event in run_events:
        view.handle(event)
    assert [message["role"] for message in view.messages] == [
        "user", "assistant", "tool", "assistant"
    ]


def test_repr_is_the_whole_history_in_text() -> None:
    view = ConversationView([USER, ASKS, RESULT, ANSWER])
    assert repr(view) == (
        "ConversationView: 4 messages\n"
        "  [user] 베이징 날씨 어때?\n"
        "  [assistant]\n"
        '      → #1 get_weather {"city": "Beijing"}\n'
        '  [tool ← #1 get_weather] {"sky": "맑음", "temp_c": 28}\n'
        "  [assistant] 베이징은 오늘 맑고 기온은 28도입니다."
    )
    assert view._repr_mimebundle_()["text/plain"] == repr(view)  # not cut at 110 characters
