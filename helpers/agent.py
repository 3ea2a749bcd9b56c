"""Agent: the seven steps of seed 000 as a loop. The model chooses; the agent carries and executes.

  2 build the request: history + ALL tool definitions     5 run the calls (registry.py, parallel.py)
  3 the model decides (the only choice in the loop)        6 append one `tool` message per call id
  4 read its `tool_calls` (calls.py), append its message   7 call again; the text is the answer

One tool call costs two LLM calls (3 and 7). Errors are fed forward as `tool` messages so
the model can heal itself; the same error again and again raises the alarm instead
(seed 000, 추가 질문 2), because then the descriptions or the prompt need a human.
Before step 5 the agent may ask `approve(call)` (approval.py) whether to run each call: the
model only asks, the agent decides whether to execute; a denied call's `tool` message says why.
Every step is announced as an event (events.py); `agent.stats` counts them (stats.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
import warnings
from collections.abc import AsyncIterator, Callable, Collection, Iterator
from typing import Any, Literal

import openai

from helpers.approval import Approver, Decision, ask, ask_async, denial
from helpers.backend import model_name
from helpers.calls import (
    Reply,
    ToolCall,
    give_unique_ids,
    incomplete,
    reply_from_completion,
    unsupported_type,
)
from helpers.errors import IterationLimitReached, RepeatedToolError
from helpers.events import (
    AlarmEvent,
    AnswerEvent,
    ApprovalEvent,
    DecisionEvent,
    Event,
    IncompleteEvent,
    MessageEvent,
    RequestEvent,
    TextDeltaEvent,
    ToolDoneEvent,
    ToolStartEvent,
    token_counts,
)
from helpers.parallel import ToolRun, run_concurrently, run_in_order
from helpers.registry import ToolRegistry
from helpers.stats import AgentStats, ErrorStreaks
from helpers.streaming import ChunkUpdate, ToolCallAccumulator

Listener = Callable[[Event], None]


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
        request_options: dict[str, Any] | None = None,
        approve: Approver | None = None,
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
        self.request_options = dict(request_options or {})  # e.g. {"max_completion_tokens": 500}
        self.approve = approve  # (call) -> bool | Decision, or an awaitable of one; None: run all
        self.messages: list[dict[str, Any]] = []
        if system_prompt:
            self.messages.append({"role": "system", "content": system_prompt})
        self.stats = AgentStats()
        self._listeners: list[Listener] = [self.stats.handle]
        if on_event:
            self._listeners.append(on_event)
        self._streaks = ErrorStreaks()
        self._run_started = time.monotonic()

    def subscribe(self, callback: Listener) -> None:
        """Call `callback(event)` at every step (widgets pass `view.handle`)."""
        self._listeners.append(callback)

    # ---- the loops: the same steps, with a sync client, an async one, or streamed ----

    def run(self, user_message: str) -> str:
        """Steps 2-7 with `openai.OpenAI`; one turn's tool calls run in order (seed 000)."""
        client = self._client_of(openai.OpenAI, "run", "helpers.connect()")
        self._begin(user_message)  # step 2: the question joins the history
        for iteration in range(1, self.max_iterations + 1):
            request = self._request(iteration, stream=False)  # step 2: history + all tools
            reply = self._read(iteration, self._send(client, request))  # steps 3-4
            if not reply.tool_calls:
                return self._answer(reply)  # step 7: the text is the answer
            with self._answered_if_stopped(reply.tool_calls):
                asked = [(c, ask(self.approve, c)) for c in self._asked(reply)]
                denied = self._denials(asked)  # step 5 begins: may this call run?
                runs = run_in_order(  # step 5: run each call that was not denied
                    self.registry, runnable(reply.tool_calls, denied), timeout=self.tool_timeout,
                    on_start=self._tool_started, on_done=self._tool_done,
                )
            self._append_results(reply.tool_calls, runs, denied)  # step 6: one per call
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
        self._begin(user_message)  # step 2
        for iteration in range(1, self.max_iterations + 1):
            request = self._request(iteration, stream=stream)  # step 2
            if stream:  # step 3, the model's reply arriving piece by piece
                reply = await self._stream_reply(client, request)
            else:  # step 3, the model's reply in one piece
                reply = await self._send_async(client, request)
            reply = self._read(iteration, reply)  # step 4
            if not reply.tool_calls:
                return self._answer(reply)  # step 7
            with self._answered_if_stopped(reply.tool_calls):
                asked = [(c, await ask_async(self.approve, c)) for c in self._asked(reply)]
                denied = self._denials(asked)  # step 5 begins: asked one call at a time, in order
                runs = await run_concurrently(  # step 5: all calls not denied, at once
                    self.registry, runnable(reply.tool_calls, denied), timeout=self.tool_timeout,
                    on_start=self._tool_started, on_done=self._tool_done,
                )
            self._append_results(reply.tool_calls, runs, denied)  # step 6
        raise IterationLimitReached(self.max_iterations)

    # ---- the wire: how steps 2-4 travel (Chat Completions here; helpers/responses.py for the
    # Responses API overrides these four methods and nothing else) ----

    def _body(self, *, stream: bool) -> dict[str, Any]:
        """Step 2 on the Chat Completions wire: `messages` and `tools` as they are."""
        request: dict[str, Any] = {"model": self.model, "messages": list(self.messages)}
        if len(self.registry):
            request["tools"] = self.registry.definitions()
        request.update(self.request_options)
        if stream:
            request["stream"] = True
            request["stream_options"] = {"include_usage": True}
        return request

    def _send(self, client: openai.OpenAI, request: dict[str, Any]) -> Reply:
        """Step 3: the model decides; its `ChatCompletion` read as a Reply (step 4)."""
        return reply_from_completion(client.chat.completions.create(**request))

    async def _send_async(self, client: openai.AsyncOpenAI, request: dict[str, Any]) -> Reply:
        """Step 3 with the async client."""
        return reply_from_completion(await client.chat.completions.create(**request))

    async def _stream_reply(self, client: openai.AsyncOpenAI, request: dict[str, Any]) -> Reply:
        """Steps 3-4 streamed: pass text on at once, buffer tool-call fragments until the end."""
        accumulator = ToolCallAccumulator()
        async with await client.chat.completions.create(**request) as stream:
            async for chunk in stream:
                self._pass_on(accumulator.add(chunk), calls_begun=accumulator.has_tool_calls)
        return Reply(accumulator.message(), accumulator.finish_reason, accumulator.usage)

    def _pass_on(self, update: ChunkUpdate, *, calls_begun: bool) -> None:
        """Steps 3-4 streamed: text shown at once (step 7, or 3 once a call has begun), each
        tool-call fragment announced as it is buffered."""
        if update.text:
            self._emit(TextDeltaEvent(step=3 if calls_begun else 7, delta=update.text))
        for fragment in update.fragments:
            self._emit(fragment)

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
        """Step 2: the user's question joins the history; a new question starts a new count."""
        if not isinstance(user_message, str) or not user_message.strip():
            raise ValueError("user_message must be a non-empty string (the user's question).")
        self._streaks = ErrorStreaks()
        self._run_started = time.monotonic()
        self._append({"role": "user", "content": user_message}, step=2)

    def _request(self, iteration: int, *, stream: bool) -> dict[str, Any]:
        """Step 2: the whole history and ALL tool definitions; the agent filters nothing."""
        request = self._body(stream=stream)
        self._emit(RequestEvent(
            iteration=iteration, message_count=len(self.messages),
            tool_names=self.registry.names, request=request,
        ))
        return request

    def _read(self, iteration: int, reply: Reply) -> Reply:
        """Step 4: give every call a unique id, announce the decision, append the message.

        The calls decide whether tools run, never finish_reason; a reply cut at the token
        limit, or empty, raises IncompleteReply.
        """
        give_unique_ids(reply.message, iteration, taken=self._call_ids())
        self._emit(DecisionEvent(
            iteration=iteration, content=reply.message.get("content"),
            tool_calls=[{"id": c.id, "name": c.name, "arguments": c.arguments}
                        for c in reply.tool_calls],
            finish_reason=reply.finish_reason, usage=token_counts(reply.usage),
        ))
        error = incomplete(reply)
        if error is not None:
            self._emit(IncompleteEvent(iteration=iteration, cause=error.cause,
                                       finish_reason=reply.finish_reason, message=str(error)))
            raise error
        if reply.tool_calls:
            self._append(reply.message, step=4)
        return reply

    def _call_ids(self) -> set[str]:
        """The ids of every tool call in the history so far."""
        return {call["id"] for message in self.messages for call in message.get("tool_calls") or []}

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
                self._append(tool_message(call, stopped), step=6)
            raise

    def _asked(self, reply: Reply) -> list[ToolCall]:
        """The calls to ask `approve` about: those that would run (none without `approve`)."""
        if self.approve is None:
            return []
        return [call for call in runnable(reply.tool_calls) if call.name in self.registry]

    def _denials(self, decided: list[tuple[ToolCall, Decision]]) -> dict[str, str]:
        """Step 5 begins: announce each decision; the denied calls' tool-message contents."""
        denied: dict[str, str] = {}
        for call, decision in decided:
            self._emit(ApprovalEvent(id=call.id, function=call.name, args=call.shown_arguments(),
                                     approved=decision.approved, reason=decision.reason))
            if not decision.approved:
                denied[call.id] = denial(call, decision.reason)
        return denied

    def _tool_started(self, call: ToolCall) -> None:
        """Step 5 begins for one call: a `tool_start` event."""
        self._emit(ToolStartEvent(id=call.id, function=call.name, args=call.shown_arguments()))

    def _tool_done(self, run: ToolRun) -> None:
        """Step 5 ends for one call: a `tool_done` event, its times counted from the run's start."""
        self._emit(ToolDoneEvent(
            id=run.call.id, function=run.call.name, ok=run.result.ok,
            content=run.result.content, error_kind=run.result.error_kind, seconds=run.seconds,
            started=run.started - self._run_started, finished=run.finished - self._run_started,
        ))

    def _refused(self, call: ToolCall) -> ToolRun:
        """Step 5 for a call of a type the agent cannot run: an error result, fed back."""
        self._tool_started(call)
        now = time.monotonic()
        run = ToolRun(call, unsupported_type(call, self.registry.names), now, now)
        self._tool_done(run)
        return run

    def _append_results(
        self, calls: list[ToolCall], runs: list[ToolRun], denied: dict[str, str]
    ) -> None:
        """Step 6: one `tool` message per call, in call order, paired by its (unique) id (a
        denied call's says it was denied); then the repeated-error alarm."""
        run_of = {run.call.id: run for run in runs}
        alarm: RepeatedToolError | None = None
        for call in calls:
            if call.id in denied:  # not run, so not counted as a tool call or an error
                self._append(tool_message(call, denied[call.id]), step=6)
                continue
            run = run_of.get(call.id) or self._refused(call)
            self._append(tool_message(call, run.result.content), step=6)
            alarm = alarm or self._count(run)
        if alarm is not None:  # raised only now: every call above has its answer in history
            self._emit(AlarmEvent(reason=alarm.reason, function=alarm.function,
                                  error=alarm.error, count=alarm.count))
            raise alarm

    def _count(self, run: ToolRun) -> RepeatedToolError | None:
        """Occasional or repeated? An occasional error heals itself; a repeated one, a human."""
        in_a_row, reason = self._streaks.record(run.call.name, run.result)
        if run.result.ok or in_a_row < self.alarm_after:
            return None
        return RepeatedToolError(reason, run.call.name, run.result.content, in_a_row)

    def _answer(self, reply: Reply) -> str:
        """Step 7: the model's text is the final answer."""
        content = reply.message.get("content") or ""
        self._append({"role": "assistant", "content": content}, step=7)
        self._emit(AnswerEvent(content=content))
        return content

    def _append(self, message: dict[str, Any], *, step: Literal[2, 4, 6, 7]) -> None:
        """Add one message to the history and announce it."""
        self.messages.append(message)
        self._emit(MessageEvent(step=step, message=message, position=len(self.messages) - 1))

    def _emit(self, event: Event) -> None:
        """Tell every listener; a broken listener is reported, never allowed to stop the loop."""
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


def runnable(calls: list[ToolCall], denied: Collection[str] = ()) -> list[ToolCall]:
    """The calls step 5 can run: function calls (a call of another type gets an error result),
    except those whose id was denied."""
    return [call for call in calls if call.runnable and call.id not in denied]


def tool_message(call: ToolCall, content: str) -> dict[str, Any]:
    """Step 6: a result wrapped as a `tool` message, paired with its call by `tool_call_id`."""
    return {"role": "tool", "tool_call_id": call.id, "content": content}
