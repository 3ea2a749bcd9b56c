"""FragmentView: fragments per index, growing buffers, partial JSON; chunks and events alike."""

from __future__ import annotations

from pathlib import Path

import httpx2
import openai

from helpers.events import DecisionEvent, FragmentEvent, RequestEvent, TextDeltaEvent
from helpers.widgets import FragmentView

RECORDED = Path(__file__).resolve().parents[1] / "fixtures" / "openai-recorded"
SEED_PIECES = ["{", '"city"', ': "', "Par", 'is"}']  # seed 001's example, chunk by chunk


def choice_chunk(delta: dict, finish_reason: str | None = None) -> dict:
    """A chunk dict with one choice carrying `delta`."""
    return {"choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}]}


def first_fragment(index: int, call_id: str, name: str) -> dict:
    return choice_chunk({"tool_calls": [{"index": index, "id": call_id, "type": "function",
                                         "function": {"name": name, "arguments": ""}}]})


def piece(index: int, arguments: str) -> dict:
    return choice_chunk({"tool_calls": [{"index": index, "function": {"arguments": arguments}}]})


def test_the_buffer_and_its_partial_json_grow_piece_by_piece() -> None:
    view = FragmentView()
    view.add(first_fragment(0, "call_1", "get_weather"))
    seen = []
    for text in SEED_PIECES:
        view.add(piece(0, text))
        seen.append(view.current.partial_arguments(0))
    assert seen == [{}, {}, {"city": ""}, {"city": "Par"}, {"city": "Paris"}]
    row = view.current.rows[0].value
    assert "6 fragments" in row
    assert "{&quot;city&quot;: &quot;Paris&quot;}" in row


def test_interleaved_calls_get_one_row_each_in_index_order() -> None:
    view = FragmentView()
    view.add(first_fragment(1, "call_b", "get_time"))
    response = view.current
    row_one = response.rows[1]
    view.add(first_fragment(0, "call_a", "get_weather"))
    view.add(piece(1, '{"tz": "UTC"}'))
    view.add(piece(0, '{"city": "Se'))
    view.add(choice_chunk({}, finish_reason="tool_calls"))
    assert response.children[2:] == (response.rows[0], response.rows[1])
    assert response.rows[1] is row_one
    assert repr(view) == (
        "FragmentView: 1 response\n"
        "  response 1: 4 fragments, 2 tool calls, finish_reason=tool_calls\n"
        """    [0] get_weather, 2 fragments: '{"city": "Se' → {"city": "Se"}\n"""
        """    [1] get_time, 2 fragments: '{"tz": "UTC"}' → {"tz": "UTC"}"""
    )


def test_text_and_the_usage_chunk_do_not_break_the_view() -> None:
    view = FragmentView()
    view.add(choice_chunk({"content": "Let me check. "}))
    view.add({"choices": [], "usage": {"prompt_tokens": 5, "completion_tokens": 2}})
    assert view.current.rows == {}
    assert "Let me check." in view.current.text_row.value
    assert repr(view) == (
        "FragmentView: 1 response\n"
        "  response 1: 0 fragments, 0 tool calls, finish_reason=None\n"
        "    text: 'Let me check. '"
    )


def test_fragment_events_show_exactly_like_chunks() -> None:
    by_chunks, by_events = FragmentView(), FragmentView()
    by_chunks.add(first_fragment(0, "call_1", "get_weather"))
    by_events.handle(RequestEvent(iteration=1, message_count=1, tool_names=[], request={}))
    arguments = ""
    for text in ["", *SEED_PIECES]:
        arguments += text
        by_events.handle(FragmentEvent(index=0, id="call_1", name="get_weather",
                                       arguments_delta=text, arguments=arguments))
    for text in SEED_PIECES:
        by_chunks.add(piece(0, text))
    by_events.handle(DecisionEvent(iteration=1, content=None, tool_calls=[],
                                   finish_reason="tool_calls", usage=None))
    by_chunks.add(choice_chunk({}, finish_reason="tool_calls"))
    assert repr(by_events) == repr(by_chunks)
    assert by_events.current.calls[0].id == "call_1"
    assert by_events.current.accumulator.tool_calls == []  # events need no second accumulator


def test_each_request_starts_a_new_section_and_keeps_the_earlier_ones() -> None:
    view = FragmentView()
    request = RequestEvent(iteration=1, message_count=1, tool_names=[], request={})
    view.handle(request)
    view.handle(request)  # nothing streamed yet: still the first response
    view.add(first_fragment(0, "call_1", "get_weather"))
    first = view.children[0]
    view.handle(request)
    view.handle(TextDeltaEvent(step=7, delta="맑음"))
    assert len(view.children) == 2 and view.children[0] is first
    assert 0 in first.rows and view.current.rows == {}
    assert repr(view).splitlines()[0] == "FragmentView: 2 responses"
    assert "  response 2: 0 fragments, 0 tool calls, finish_reason=None" in repr(view)


def test_a_recorded_openai_stream_through_the_real_sdk() -> None:
    """Replay gpt-4o's recorded parallel calls (chat_parallel_tool_calls_two_tools.sse)."""
    body = (RECORDED / "chat_parallel_tool_calls_two_tools.sse").read_bytes()
    transport = httpx2.MockTransport(lambda request: httpx2.Response(
        200, content=body, headers={"content-type": "text/event-stream"}))
    client = openai.OpenAI(api_key="test", base_url="http://localhost/v1", max_retries=0,
                           http_client=httpx2.Client(transport=transport))
    view = FragmentView()
    for chunk in client.chat.completions.create(model="gpt-4o", messages=[], stream=True):
        view.add(chunk)
    response = view.current
    assert response.partial_arguments(0) == {"city": "Edinburgh", "country": "GB", "units": "c"}
    assert response.partial_arguments(1) == {"ticker": "AAPL", "exchange": "NASDAQ"}
    assert "[0] GetWeatherArgs" in repr(view) and "[1] get_stock_price" in repr(view)
    assert "finish_reason=tool_calls" in repr(view)
