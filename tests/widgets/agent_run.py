"""One agent run's messages and events, shaped as docs/architecture.md says the agent emits them."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx2
import openai

from helpers.errors import ErrorKind
from helpers.events import (
    AnswerEvent,
    DecisionEvent,
    Event,
    MessageEvent,
    RequestEvent,
    ToolDoneEvent,
    ToolStartEvent,
)

WEATHER_CALL = {
    "id": "call_weather1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city": "Beijing"}'},
}
USER = {"role": "user", "content": "베이징 날씨 어때?"}
ASKS = {"role": "assistant", "content": None, "tool_calls": [WEATHER_CALL]}
RESULT = {"role": "tool", "tool_call_id": "call_weather1",
          "content": '{"sky": "맑음", "temp_c": 28}'}
ANSWER = {"role": "assistant", "content": "베이징은 오늘 맑고 기온은 28도입니다."}


def tool_done(
    function: str, started: float, finished: float, error_kind: ErrorKind | None = None
) -> ToolDoneEvent:
    """A `tool_done` event as the agent emits it (docs/architecture.md)."""
    return ToolDoneEvent(
        id=f"call_{function}_{started}", function=function, ok=error_kind is None,
        content=json.dumps({"error": error_kind} if error_kind else {}),
        error_kind=error_kind, seconds=finished - started, started=started, finished=finished,
    )


def one_tool_run() -> list[Event]:
    """The events of seed 000's run: one tool call, two LLM calls."""
    request = {"model": "offline-tutor", "messages": [USER], "tools": []}
    usage = {"prompt_tokens": 50, "completion_tokens": 10}
    return [
        MessageEvent(step=2, message=USER, position=0),
        RequestEvent(iteration=1, message_count=1, tool_names=[], request=request),
        DecisionEvent(iteration=1, content=None, finish_reason="tool_calls",
                      tool_calls=[{"id": "call_weather1", "name": "get_weather",
                                   "arguments": '{"city": "Beijing"}'}], usage=usage),
        MessageEvent(step=4, message=ASKS, position=1),
        ToolStartEvent(id="call_weather1", function="get_weather", args={"city": "Beijing"}),
        tool_done("get_weather", 0.1, 0.3),
        MessageEvent(step=6, message=RESULT, position=2),
        RequestEvent(iteration=2, message_count=3, tool_names=[], request=request),
        DecisionEvent(iteration=2, content=ANSWER["content"], tool_calls=[],
                      finish_reason="stop", usage=usage),
        MessageEvent(step=7, message=ANSWER, position=3),
        AnswerEvent(content=ANSWER["content"]),
    ]


def completion(message: dict, finish_reason: str) -> dict:
    """A chat.completion response body carrying `message`."""
    return {"id": "chatcmpl-scripted", "object": "chat.completion", "created": 0,
            "model": "scripted", "choices": [{"index": 0, "message": message,
                                               "finish_reason": finish_reason}],
            "usage": {"prompt_tokens": 20, "completion_tokens": 5, "total_tokens": 25}}


def calls(*named: tuple[str, str]) -> dict:
    """A reply asking for tool calls, each (name, arguments)."""
    tool_calls = [{"id": f"call_s{i}", "type": "function",
                   "function": {"name": name, "arguments": arguments}}
                  for i, (name, arguments) in enumerate(named)]
    return completion({"role": "assistant", "content": None, "tool_calls": tool_calls},
                      "tool_calls")


def text(content: str) -> dict:
    """A final text reply."""
    return completion({"role": "assistant", "content": content}, "stop")


def scripted_client(replies: list[dict]) -> openai.OpenAI:
    """The real SDK on a transport that answers each request with the next scripted reply."""
    queue: Iterator[dict] = iter(replies)
    transport = httpx2.MockTransport(
        lambda request: httpx2.Response(200, content=json.dumps(next(queue)).encode(),
                                        headers={"content-type": "application/json"}))
    return openai.OpenAI(api_key="test", base_url="http://scripted/v1", max_retries=0,
                         http_client=httpx2.Client(transport=transport))
