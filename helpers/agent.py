"""Agent: the seven steps of seed 000 as a loop. The model chooses; the agent carries and executes.

  2 build the request: history + ALL tool definitions     5 run the calls (registry.py, parallel.py)
  3 the model decides (the only choice in the loop)        6 append one `tool` message per call id
  4 read its `tool_calls`, append its message              7 call again; the text is the answer

One tool call costs two LLM calls (3 and 7). Errors are fed forward as `tool` messages so
the model can heal itself; the same error again and again raises the alarm instead
(seed 000, 추가 질문 2), because then the descriptions or the prompt need a human.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import warnings
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import openai

from helpers.backend import model_name
from helpers.errors import AgentError, IterationLimitReached, RepeatedToolError
from helpers.events import Event
from helpers.parallel import ToolCall, ToolRun, run_concurrently, run_in_order
from helpers.registry import ToolRegistry, ToolResult
from helpers.streaming import ToolCallAccumulator, as_dict

Listener = Callable[[Event], None]


@dataclass
class AgentStats:
    """What the loop cost: calls, errors (occasional vs repeated), tokens, time per step."""

    llm_calls: int = 0
    tool_calls: int = 0
    errors: int = 0
    occasional_errors: int = 0
    repeated_errors: int = 0
    error_kinds: Counter[str] = field(default_factory=Counter)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    step_seconds: dict[int, float] = field(default_factory=dict)

    @property
    def ratio(self) -> float | None:
        """LLM calls per tool call: 2.0 for a question answered with one tool call."""
        return self.llm_calls / self.tool_calls if self.tool_calls else None

    def add_time(self, step: int, seconds: float) -> None:
        """Add `seconds` to the time spent in `step`."""
        self.step_seconds[step] = self.step_seconds.get(step, 0.0) + seconds

    def add_usage(self, usage: dict[str, Any] | None) -> None:
        """Add one response's token usage (a server may send none)."""
        if usage:
            self.prompt_tokens += usage.get("prompt_tokens") or 0
            self.completion_tokens += usage.get("completion_tokens") or 0

    def add_tool_result(self, result: ToolResult, in_a_row: int) -> None:
        """Count one tool call; a failure is occasional if first in a row, else repeated."""
        self.tool_calls += 1
        if result.ok:
            return
        self.errors += 1
        self.error_kinds[result.error_kind or "tool_failed"] += 1
        if in_a_row == 1:
            self.occasional_errors += 1
        else:
            self.repeated_errors += 1


@dataclass
class ErrorStreaks:
    """Occasional or repeated? Counts failures in a row, per tool name and per error text.

    A tool's count goes back to 0 when that tool succeeds; the same-error count goes back
    to 0 when any call succeeds or a different error comes.
    """

    by_name: Counter[str] = field(default_factory=Counter)
    last_error: str | None = None
    same_error: int = 0

    def record(self, name: str, result: ToolResult) -> tuple[int, str]:
        """Count one result; return (failures in a row so far, which rule counted them)."""
        if result.ok:
            self.by_name[name] = 0
            self.last_error, self.same_error = None, 0
            return 0, ""
        self.by_name[name] += 1
        self.same_error = self.same_error + 1 if result.content == self.last_error else 1
        self.last_error = result.content
        if self.same_error > self.by_name[name]:
            return self.same_error, "the same error"
        return self.by_name[name], "the same tool failing"


@dataclass(frozen=True)
class Reply:
    """One model response, streamed or not: the assistant message, why it stopped, its usage."""

    message: dict[str, Any]
    finish_reason: str | None
    usage: dict[str, Any] | None

    @property
    def tool_calls(self) -> list[ToolCall]:
        """The calls the model asked for (step 4); empty for a final answer."""
        return [ToolCall.from_message(call) for call in self.message.get("tool_calls", [])]


def reply_from_completion(completion: Any) -> Reply:
    """Step 4 from a non-streamed `ChatCompletion`."""
    if not completion.choices:
        raise AgentError("The model's response has no choices: the server sent nothing to act on.")
    choice = completion.choices[0]
    message: dict[str, Any] = {"role": "assistant", "content": choice.message.content}
    if choice.message.tool_calls:
        message["tool_calls"] = [
            {
                "id": call.id,
                "type": "function",
                "function": {"name": call.function.name, "arguments": call.function.arguments},
            }
            for call in choice.message.tool_calls
        ]
    usage = as_dict(completion.usage) if completion.usage else None
    return Reply(message, choice.finish_reason, usage)


def fill_missing_ids(message: dict[str, Any], iteration: int) -> None:
    """Step 4: give each call without an id one (some servers send none), so step 6 can pair it."""
    for position, call in enumerate(message.get("tool_calls", [])):
        call["id"] = call["id"] or f"call_{iteration}_{position}"


def token_counts(usage: dict[str, Any] | None) -> dict[str, Any] | None:
    """The `decision` event's usage: only the prompt and completion tokens (None without usage)."""
    if not usage:  # passed on as it came: None, or {} from a server that sent an empty usage
        return usage
    return {
        "prompt_tokens": usage.get("prompt_tokens"),
        "completion_tokens": usage.get("completion_tokens"),
    }


class Agent:
    """Carries messages between the user, the model and the tools; never chooses a tool."""

    def __init__(
        self,
        client: openai.OpenAI | openai.AsyncOpenAI,
        registry: ToolRegistry,
        *,
        model: str | None = None,
        system_prompt: str | None = None,
        max_iterations: int = 5,
        alarm_after: int = 3,
        on_event: Listener | None = None,
        tool_timeout: float | None = None,
    ) -> None:
        if max_iterations < 1 or alarm_after < 1:
            raise ValueError(
                "max_iterations and alarm_after must be at least 1; got "
                f"max_iterations={max_iterations!r}, alarm_after={alarm_after!r}."
            )
        self.client = client
        self.registry = registry
        self.model = model or model_name()  # the configured backend's model
        self.system_prompt = system_prompt
        self.max_iterations = max_iterations
        self.alarm_after = alarm_after
        self.tool_timeout = tool_timeout
        self.messages: list[dict[str, Any]] = []
        if system_prompt:
            self.messages.append({"role": "system", "content": system_prompt})
        self.stats = AgentStats()
        self._listeners: list[Listener] = [on_event] if on_event else []
        self._streaks = ErrorStreaks()
        self._run_started = time.monotonic()

    def subscribe(self, callback: Listener) -> None:
        """Call `callback(event)` at every step (widgets pass `view.handle`)."""
        self._listeners.append(callback)

    # ---- the loops: the same steps, with a sync client, an async one, or streamed ----

    def run(self, user_message: str) -> str:
        """Steps 2-7 with `openai.OpenAI`; one turn's tool calls run in order (seed 000)."""
        client = self._client_of(openai.OpenAI, "run", "helpers.connect()")
        self._begin(user_message)
        for iteration in range(1, self.max_iterations + 1):
            request = self._request(iteration, stream=False)
            started = time.perf_counter()
            completion = client.chat.completions.create(**request)  # step 3: the model decides
            reply = self._decide(iteration, reply_from_completion(completion), started)
            if not reply.tool_calls:
                return self._answer(reply)
            started = time.perf_counter()
            with self._answered_if_stopped(reply.tool_calls):
                runs = run_in_order(
                    self.registry, reply.tool_calls, timeout=self.tool_timeout,
                    on_start=self._tool_started, on_done=self._tool_done,
                )
            self._append_results(runs, started)
        raise IterationLimitReached(self.max_iterations)

    async def run_async(self, user_message: str) -> str:
        """Steps 2-7 with `openai.AsyncOpenAI`; one turn's tool calls run concurrently."""
        client = self._client_of(openai.AsyncOpenAI, "run_async", "helpers.connect_async()")
        return await self._loop_async(client, user_message, stream=False)

    async def run_stream(self, user_message: str) -> AsyncIterator[Event]:
        """Steps 2-7 streamed (seed 001): every event as it happens, text as `text_delta`."""
        client = self._client_of(openai.AsyncOpenAI, "run_stream", "helpers.connect_async()")
        queue: asyncio.Queue[Event | None] = asyncio.Queue()
        self.subscribe(queue.put_nowait)
        loop = asyncio.create_task(self._loop_async(client, user_message, stream=True))
        loop.add_done_callback(lambda _: queue.put_nowait(None))
        try:
            while (event := await queue.get()) is not None:
                yield event
            loop.result()  # re-raises what stopped the loop, e.g. RepeatedToolError
        finally:
            self._listeners.remove(queue.put_nowait)
            if not loop.done():  # the caller stopped listening: stop the loop, and let it
                loop.cancel()  # leave the history valid before we return
                await asyncio.wait([loop])

    async def _loop_async(
        self, client: openai.AsyncOpenAI, user_message: str, *, stream: bool
    ) -> str:
        """Steps 2-7 with `openai.AsyncOpenAI`, streamed or not; the calls run concurrently."""
        self._begin(user_message)
        for iteration in range(1, self.max_iterations + 1):
            request = self._request(iteration, stream=stream)
            started = time.perf_counter()
            if stream:
                reply = await self._stream_reply(client, request)
            else:
                reply = reply_from_completion(await client.chat.completions.create(**request))
            reply = self._decide(iteration, reply, started)
            if not reply.tool_calls:
                return self._answer(reply)
            started = time.perf_counter()
            with self._answered_if_stopped(reply.tool_calls):
                runs = await run_concurrently(
                    self.registry, reply.tool_calls, timeout=self.tool_timeout,
                    on_start=self._tool_started, on_done=self._tool_done,
                )
            self._append_results(runs, started)
        raise IterationLimitReached(self.max_iterations)

    async def _stream_reply(self, client: openai.AsyncOpenAI, request: dict[str, Any]) -> Reply:
        """Steps 3-4 streamed: pass text on at once, buffer tool-call fragments until the end."""
        accumulator = ToolCallAccumulator()
        async with await client.chat.completions.create(**request) as stream:
            async for chunk in stream:
                update = accumulator.add(chunk)
                if update.text:
                    step = 3 if accumulator.has_tool_calls else 7
                    self._emit("text_delta", step, delta=update.text)
                for fragment in update.fragments:
                    self._emit(
                        "fragment", 4, index=fragment.index, id=fragment.id, name=fragment.name,
                        arguments_delta=fragment.arguments_delta, arguments=fragment.arguments,
                    )
        return Reply(accumulator.message(), accumulator.finish_reason, accumulator.usage)

    # ---- the steps ----

    def _client_of(self, kind: type, method: str, hint: str) -> Any:
        """The client, if it is the kind `method` needs (sync or async); else say which to use."""
        if not isinstance(self.client, kind):
            raise TypeError(
                f"Agent.{method} needs an openai.{kind.__name__} client ({hint}); "
                f"this agent has a {type(self.client).__name__}. Use run() with helpers.connect() "
                "and run_async()/run_stream() with helpers.connect_async()."
            )
        return self.client

    def _begin(self, user_message: str) -> None:
        """The user's question joins the history; a new question starts a new error count."""
        if not isinstance(user_message, str) or not user_message.strip():
            raise ValueError("user_message must be a non-empty string (the user's question).")
        self._streaks = ErrorStreaks()
        self._run_started = time.monotonic()
        self._append({"role": "user", "content": user_message}, step=2)

    def _request(self, iteration: int, *, stream: bool) -> dict[str, Any]:
        """Step 2: the whole history and ALL tool definitions; the agent filters nothing."""
        started = time.perf_counter()
        request: dict[str, Any] = {"model": self.model, "messages": list(self.messages)}
        if len(self.registry):
            request["tools"] = self.registry.definitions()
        if stream:
            request["stream"] = True
            request["stream_options"] = {"include_usage": True}
        self._emit(
            "request", 2, iteration=iteration, message_count=len(self.messages),
            tool_names=self.registry.names, request=request,
        )
        self.stats.add_time(2, time.perf_counter() - started)
        return request

    def _decide(self, iteration: int, reply: Reply, asked_at: float) -> Reply:
        """Step 4: record what the model chose; if it asked for tools, append its message."""
        self.stats.llm_calls += 1
        self.stats.add_usage(reply.usage)
        self.stats.add_time(3 if reply.tool_calls else 7, time.perf_counter() - asked_at)
        fill_missing_ids(reply.message, iteration)
        self._emit(
            "decision", 4, iteration=iteration, content=reply.message.get("content"),
            tool_calls=[{"id": c.id, "name": c.name, "arguments": c.arguments}
                        for c in reply.tool_calls],
            finish_reason=reply.finish_reason, usage=token_counts(reply.usage),
        )
        if reply.tool_calls:
            self._append(reply.message, step=4)
        return reply

    @contextlib.contextmanager
    def _answered_if_stopped(self, calls: list[ToolCall]) -> Iterator[None]:
        """If the run is stopped during step 5 (Ctrl-C, a cancelled task), still answer every
        call, so the history stays valid for the next question."""
        try:
            yield
        except BaseException:
            stopped = json.dumps({"error": "The run was stopped before this tool call finished; "
                                           "its result is unknown."})
            for call in calls:
                self._append({"role": "tool", "tool_call_id": call.id, "content": stopped}, step=6)
            raise

    def _tool_started(self, call: ToolCall) -> None:
        """Step 5 begins for one call: a `tool_start` event."""
        self._emit("tool_start", 5, id=call.id, function=call.name, args=call.shown_arguments())

    def _tool_done(self, run: ToolRun) -> None:
        """Step 5 ends for one call: a `tool_done` event, its times counted from the run's start."""
        self._emit(
            "tool_done", 5, id=run.call.id, function=run.call.name, ok=run.result.ok,
            content=run.result.content, error_kind=run.result.error_kind, seconds=run.seconds,
            started=run.started - self._run_started, finished=run.finished - self._run_started,
        )

    def _append_results(self, runs: list[ToolRun], started: float) -> None:
        """Step 6: one `tool` message per call, in call order; then the repeated-error alarm."""
        self.stats.add_time(5, time.perf_counter() - started)
        appended = time.perf_counter()
        alarm: RepeatedToolError | None = None
        for run in runs:
            self._append(run.message(), step=6)
            alarm = alarm or self._count(run)
        self.stats.add_time(6, time.perf_counter() - appended)
        if alarm is not None:  # raised only now: every call above has its answer in history
            self._emit(
                "alarm", None, reason=alarm.reason, function=alarm.function,
                error=alarm.error, count=alarm.count,
            )
            raise alarm

    def _count(self, run: ToolRun) -> RepeatedToolError | None:
        """Tally one result; an occasional error heals itself, a repeated one needs a human."""
        in_a_row, reason = self._streaks.record(run.call.name, run.result)
        self.stats.add_tool_result(run.result, in_a_row)
        if run.result.ok or in_a_row < self.alarm_after:
            return None
        return RepeatedToolError(reason, run.call.name, run.result.content, in_a_row)

    def _answer(self, reply: Reply) -> str:
        """Step 7: the model's text is the final answer."""
        content = reply.message.get("content") or ""
        self._append({"role": "assistant", "content": content}, step=7)
        self._emit("answer", 7, content=content)
        return content

    def _append(self, message: dict[str, Any], *, step: int) -> None:
        """Add one message to the history and announce it."""
        self.messages.append(message)
        self._emit("message", step, message=message, position=len(self.messages) - 1)

    def _emit(self, kind: str, step: int | None, **data: Any) -> None:
        """Tell every listener; a broken listener is reported, never allowed to stop the loop."""
        event = Event(kind, step, data)
        for listener in list(self._listeners):
            try:
                listener(event)
            except Exception as exc:
                warnings.warn(
                    f"Event listener {listener!r} raised {type(exc).__name__}: {exc}. "
                    "The agent goes on without it.",
                    RuntimeWarning,
                    stacklevel=2,
                )
