"""The loop checker (08.1, 08.2) rejects the stub and plausible wrong loops, each on the row
that names its mistake, and accepts reasonable alternatives."""

from __future__ import annotations

import asyncio
import json
import threading
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from wrong_loops import swallowing_streaming_agent

from helpers.exercises import check
from helpers.exercises.lesson08 import (
    Report,
    reference_agent,
    reference_streaming_agent,
    streaming_report,
    sync_report,
)

LIMIT_ROW = "iteration limit"
FORCED_ROW = "forced call"
UNKNOWN_ROW = "unknown tool name"
JSON_ROW = "invalid JSON"
FAILING_ROW = "a failing tool"
PARALLEL_ROW = "parallel calls"
HISTORY_ROW = "the history stays valid"
ERROR_EVENT_ROW = "an error event mid-stream"


def failing_rows(report: Report) -> dict[str, str]:
    """label -> hint of every row that does not hold."""
    return {row.label: row.hint or "" for row in report.rows if not row.holds}


def fails_on(report: Report, fragment: str) -> str:
    """The hint of the failing row whose label contains `fragment` (asserts there is one)."""
    found = [hint for label, hint in failing_rows(report).items() if fragment in label]
    assert found, f"no failing row about {fragment!r}:\n{report}"
    return found[0]


# ---- the reference loops and their alternatives ----


def tool_message(call: Any, content: str) -> dict[str, Any]:
    return {"role": "tool", "tool_call_id": call.id, "content": content}


def hand_built_dicts_agent(client, registry, question, *, model, max_iterations=5) -> str:
    """Alternative: the assistant message built by hand; threads for parallel calls; a message
    returned at the limit (seed 001's 'Max iterations reached')."""
    messages = [{"role": "user", "content": question}]
    for _ in range(max_iterations):
        message = (
            client.chat.completions.create(
                model=model, messages=messages, tools=registry.definitions()
            )
            .choices[0]
            .message
        )
        if not message.tool_calls:
            return message.content
        calls = [
            {
                "id": c.id,
                "type": "function",
                "function": {"name": c.function.name, "arguments": c.function.arguments},
            }
            for c in message.tool_calls
        ]
        messages.append({"role": "assistant", "content": message.content, "tool_calls": calls})
        with ThreadPoolExecutor() as pool:
            contents = list(
                pool.map(
                    lambda c: registry.execute(c["function"]["name"], c["function"]["arguments"]),
                    calls,
                )
            )
        messages += [
            {"role": "tool", "tool_call_id": c["id"], "content": text}
            for c, text in zip(calls, contents, strict=True)
        ]
    return "Max iterations reached"


def gather_agent(client, registry, question, *, model, max_iterations=5) -> str:
    """Alternative: a sync loop that runs each round's calls with asyncio.gather; the SDK
    message object itself appended to the history."""
    messages: list[Any] = [{"role": "user", "content": question}]

    async def run_all(calls):
        return await asyncio.gather(
            *(registry.call_async(c.function.name, c.function.arguments) for c in calls)
        )

    for _ in range(max_iterations):
        message = (
            client.chat.completions.create(
                model=model, messages=messages, tools=registry.definitions()
            )
            .choices[0]
            .message
        )
        if not message.tool_calls:
            return message.content
        messages.append(message)
        results = asyncio.run(run_all(message.tool_calls))
        messages += [
            tool_message(c, r.content) for c, r in zip(message.tool_calls, results, strict=True)
        ]
    raise RuntimeError(f"no answer after {max_iterations} LLM calls")


async def collect(stream) -> tuple[str, dict[int, dict[str, str]], str | None]:
    """Seed 001's buffers: text, one buffer per index, and the last finish_reason."""
    buffers: dict[int, dict[str, str]] = defaultdict(
        lambda: {"id": "", "name": "", "arguments": ""}
    )
    text, finish = "", None
    async for chunk in stream:
        if not chunk.choices:
            continue
        choice = chunk.choices[0]
        text += choice.delta.content or ""
        finish = choice.finish_reason or finish
        for piece in choice.delta.tool_calls or []:
            buffer = buffers[piece.index]
            buffer["id"] = piece.id or buffer["id"]
            buffer["name"] += piece.function.name or ""
            buffer["arguments"] += piece.function.arguments or ""
    return text, dict(buffers), finish


def seed_messages(buffers: dict[int, dict[str, str]], text: str) -> dict[str, Any]:
    return {
        "role": "assistant",
        "content": text or None,
        "tool_calls": [
            {
                "id": b["id"],
                "type": "function",
                "function": {"name": b["name"], "arguments": b["arguments"]},
            }
            for _, b in sorted(buffers.items())
        ],
    }


def own_buffers_agent(finish_reason_decides: bool = False):
    """Seed 001's streaming loop with its own buffers, errors fed forward; optionally with its
    stream_with_tools bug: tool calls only when finish_reason == 'tool_calls'."""

    async def agent(client, registry, question, *, model, max_iterations=5) -> str:
        messages: list[dict[str, Any]] = [{"role": "user", "content": question}]
        for _ in range(max_iterations):
            stream = await client.chat.completions.create(
                model=model, messages=messages, tools=registry.definitions(), stream=True
            )
            text, buffers, finish = await collect(stream)
            wants_tools = finish == "tool_calls" if finish_reason_decides else bool(buffers)
            if not wants_tools:
                return text
            messages.append(seed_messages(buffers, text))
            for _, b in sorted(buffers.items()):
                content = registry.execute(b["name"], b["arguments"])
                messages.append({"role": "tool", "tool_call_id": b["id"], "content": content})
        return "Max iterations reached"

    return agent


# ---- the wrong loops ----


def finish_reason_agent(client, registry, question, *, model, max_iterations=5) -> str:
    """The seed's test: tools only when finish_reason == 'tool_calls'."""
    messages = [{"role": "user", "content": question}]
    for _ in range(max_iterations):
        choice = client.chat.completions.create(
            model=model, messages=messages, tools=registry.definitions()
        ).choices[0]
        if choice.finish_reason != "tool_calls":
            return choice.message.content or ""
        messages.append(choice.message.model_dump(exclude_none=True))
        for call in choice.message.tool_calls:
            messages.append(
                tool_message(call, registry.execute(call.function.name, call.function.arguments))
            )
    return "Max iterations reached"


def unlimited_agent(client, registry, question, *, model, max_iterations=5) -> str:
    """No iteration limit: while True."""
    messages = [{"role": "user", "content": question}]
    while True:
        message = (
            client.chat.completions.create(
                model=model, messages=messages, tools=registry.definitions()
            )
            .choices[0]
            .message
        )
        if not message.tool_calls:
            return message.content
        messages.append(message.model_dump(exclude_none=True))
        for call in message.tool_calls:
            messages.append(
                tool_message(call, registry.execute(call.function.name, call.function.arguments))
            )


def unlimited_swallowing_agent(client, registry, question, *, model, max_iterations=5) -> str:
    """No limit, and every error swallowed: only the checker's time guard stops it."""
    while True:
        try:
            return unlimited_agent(client, registry, question, model=model)
        except Exception:
            continue


def looked_up_agent(
    client, registry, question, *, model, max_iterations=5, guard_json=False, guard_tool=False
) -> str:
    """Runs tools itself: registry.get(name).fn(**json.loads(arguments))."""
    messages = [{"role": "user", "content": question}]
    for _ in range(max_iterations):
        message = (
            client.chat.completions.create(
                model=model, messages=messages, tools=registry.definitions()
            )
            .choices[0]
            .message
        )
        if not message.tool_calls:
            return message.content
        messages.append(message.model_dump(exclude_none=True))
        for call in message.tool_calls:
            tool = registry.get(call.function.name)
            if tool is None:
                raise KeyError(f"unknown tool {call.function.name}")
            args = json.loads(call.function.arguments)
            try:
                content = str(tool.fn(**args))
            except Exception as error:
                content = json.dumps({"error": str(error)})
            messages.append(tool_message(call, content))
    raise RuntimeError("Max iterations reached")


def raising_on_unknown_agent(client, registry, question, **options) -> str:
    return looked_up_agent(client, registry, question, **options)


def no_ids_agent(client, registry, question, *, model, max_iterations=5) -> str:
    """Tool messages without tool_call_id."""
    messages = [{"role": "user", "content": question}]
    for _ in range(max_iterations):
        message = (
            client.chat.completions.create(
                model=model, messages=messages, tools=registry.definitions()
            )
            .choices[0]
            .message
        )
        if not message.tool_calls:
            return message.content
        messages.append(message.model_dump(exclude_none=True))
        for call in message.tool_calls:
            content = registry.execute(call.function.name, call.function.arguments)
            messages.append({"role": "tool", "content": content})
    raise RuntimeError("Max iterations reached")


def swapped_agent(client, registry, question, *, model, max_iterations=5) -> str:
    """Results paired with the ids in reverse: each id carries another call's result."""
    messages = [{"role": "user", "content": question}]
    for _ in range(max_iterations):
        message = (
            client.chat.completions.create(
                model=model, messages=messages, tools=registry.definitions()
            )
            .choices[0]
            .message
        )
        if not message.tool_calls:
            return message.content
        messages.append(message.model_dump(exclude_none=True))
        calls = message.tool_calls
        results = [registry.execute(c.function.name, c.function.arguments) for c in calls]
        messages += [tool_message(c, r) for c, r in zip(calls, reversed(results), strict=True)]
    raise RuntimeError("Max iterations reached")


def per_call_agent(client, registry, question, *, model, max_iterations=5) -> str:
    """One LLM call per tool call instead of one per round."""
    messages = [{"role": "user", "content": question}]
    message = None
    for _ in range(max_iterations):
        if message is None:
            message = (
                client.chat.completions.create(
                    model=model, messages=messages, tools=registry.definitions()
                )
                .choices[0]
                .message
            )
        if not message.tool_calls:
            return message.content
        messages.append(message.model_dump(exclude_none=True))
        calls, message = message.tool_calls, None
        for call in calls:
            messages.append(
                tool_message(call, registry.execute(call.function.name, call.function.arguments))
            )
            message = (
                client.chat.completions.create(
                    model=model, messages=messages, tools=registry.definitions()
                )
                .choices[0]
                .message
            )
    raise RuntimeError("Max iterations reached")


def unguarded_json_agent(client, registry, question, **options) -> str:
    """json.loads outside any guard (the tool's own failure is caught)."""
    return looked_up_agent(client, registry, question, **options)


# ---- 08.1 ----


def test_reference_and_alternatives_pass_08_1() -> None:
    for agent in (reference_agent, hand_built_dicts_agent, gather_agent):
        verdict = check("08.1", agent)
        assert verdict.passed, repr(verdict)


def test_stub_is_not_done_08_1() -> None:
    def my_agent(client, registry, question, *, model, max_iterations=5) -> str:
        raise NotImplementedError()

    assert "not done yet" in repr(check("08.1", my_agent))


def test_finish_reason_loop_drops_the_forced_call() -> None:
    report = sync_report(finish_reason_agent)
    assert "never by finish_reason" in fails_on(report, FORCED_ROW)
    assert set(failing_rows(report)) == {
        row.label for row in report.rows if FORCED_ROW in row.label
    }, report


def test_loop_without_limit_is_stopped_and_named() -> None:
    assert "never stopped" in fails_on(sync_report(unlimited_agent), LIMIT_ROW)


def test_loop_that_swallows_errors_is_stopped() -> None:
    """It ignores the refusals too: the proxy stops its thread (LoopStopped passes through
    `except Exception`), so no thread is left asking."""
    report = sync_report(unlimited_swallowing_agent)
    assert "never stopped" in fails_on(report, LIMIT_ROW)


def test_a_loop_that_hangs_meets_the_time_guard(monkeypatch) -> None:
    monkeypatch.setattr("helpers.exercises.lesson08.TIME_LIMIT", 0.2)

    def hanging(client, registry, question, *, model, max_iterations=5) -> str:
        threading.Event().wait(2)  # ends by itself soon after, so no thread is left behind
        return "late"

    report = sync_report(hanging)
    assert "did not return within" in fails_on(report, "one tool call")
    assert "never stopped" in fails_on(report, LIMIT_ROW)


def test_loop_that_raises_on_an_unknown_tool() -> None:
    hint = fails_on(sync_report(raising_on_unknown_agent), UNKNOWN_ROW)
    assert "raised KeyError" in hint and "feed the error back" in hint


def test_tool_messages_without_ids() -> None:
    report = sync_report(no_ids_agent)
    assert "no 'tool_call_id'" in fails_on(report, HISTORY_ROW)
    assert "refused" in fails_on(report, "one tool call")


def test_results_paired_with_the_wrong_ids() -> None:
    report = sync_report(swapped_agent)
    assert "not that call's result" in fails_on(report, PARALLEL_ROW)
    assert "one tool call" not in " ".join(failing_rows(report)), report


def test_one_llm_call_per_tool_call() -> None:
    report = sync_report(per_call_agent)
    hint = fails_on(report, PARALLEL_ROW)
    assert "answered by tool messages" in hint or "LLM call" in hint, hint
    assert "answered by tool messages" in fails_on(report, HISTORY_ROW)


def test_json_loads_outside_a_guard() -> None:
    report = sync_report(unguarded_json_agent)
    assert "JSONDecodeError" in fails_on(report, JSON_ROW)
    assert FAILING_ROW not in " ".join(failing_rows(report)), report


def test_an_async_function_is_sent_to_08_2() -> None:
    assert "08.2" in repr(check("08.1", reference_streaming_agent))


# ---- 08.2 ----


def test_reference_and_alternatives_pass_08_2() -> None:
    for agent in (reference_streaming_agent, own_buffers_agent()):
        verdict = check("08.2", agent)
        assert verdict.passed, repr(verdict)


def test_stub_is_not_done_08_2() -> None:
    async def my_streaming_agent(client, registry, question, *, model, max_iterations=5) -> str:
        raise NotImplementedError()

    assert "not done yet" in repr(check("08.2", my_streaming_agent))


def test_streamed_finish_reason_loop_drops_the_recorded_forced_call() -> None:
    report = streaming_report(own_buffers_agent(finish_reason_decides=True))
    assert "never by finish_reason" in fails_on(report, FORCED_ROW)


def test_streamed_loop_that_swallows_the_error_event() -> None:
    report = streaming_report(swallowing_streaming_agent)
    assert "silent empty answer" in fails_on(report, ERROR_EVENT_ROW)


def test_a_loop_that_does_not_stream() -> None:
    async def not_streamed(client, registry, question, *, model, max_iterations=5) -> str:
        response = await client.chat.completions.create(
            model=model,
            messages=[{"role": "user", "content": question}],
            tools=registry.definitions(),
        )
        return response.choices[0].message.content or ""

    assert "stream=True" in fails_on(streaming_report(not_streamed), "streamed: one tool call")


def test_a_sync_function_is_sent_to_08_1() -> None:
    assert "async def" in repr(check("08.2", reference_agent))


@pytest.mark.parametrize("report", [sync_report, streaming_report])
def test_every_row_of_the_report_is_shown(report) -> None:
    agent = reference_agent if report is sync_report else reference_streaming_agent
    text = str(report(agent))
    assert text.count("✓") == len(report(agent).rows)
    assert "✗" not in text
