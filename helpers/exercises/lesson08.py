"""Checkers for the lesson "write the loop yourself": a whole agent loop, through a battery.

08.1 checks `my_agent(client, registry, question, *, model, max_iterations)` (steps 2-7 of seed
000, not streamed); 08.2 checks `my_streaming_agent` (the same, streamed: seed 001's loop).
Each scenario gives the loop a real `openai` client whose transport is a `ModelProxy`: it
serves a real provider's recorded reply (helpers.replay) where the scenario needs one, and
sends every other request on to the offline model with its replies pinned (script mode), so
the outcome depends on the loop alone. The proxy keeps every request the loop sent: that is
how the checker counts LLM calls and reads the history, without touching the SDK.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections import Counter
from collections.abc import Callable, Coroutine
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass, field
from typing import Any

import httpx2
import openai

from helpers import coroutines
from helpers.coroutines import run_coroutine, start_in_daemon_thread
from helpers.exercises import checker, expect, offline_client
from helpers.registry import ToolRegistry
from helpers.replay import Recording, recording, sse_data
from helpers.stats import AgentStats
from helpers.streaming import ToolCallAccumulator

PROXY_URL = "http://loop-checker.invalid/v1"  # never resolved: the transport answers in process
JSON_HEADERS = {"content-type": "application/json"}
RECORDED_TURN = "(never sent: a recording answers this turn)"  # a script placeholder
TIME_LIMIT = 30.0  # seconds one scenario may run; a guard against a loop that never ends
MAX_ITERATIONS = 3  # what the iteration-limit scenario passes
REFUSALS = 10  # refused requests before the proxy stops a loop that ignores them
SKY = {"Beijing": "맑음, 28도", "Tokyo": "비, 19도", "Paris": "맑음, 24도", "Seoul": "흐림, 22도"}


# ---- the model's side of a scenario ----


class LoopStopped(BaseException):
    """Raised into a loop that goes on asking after the checker's model refused it, so that
    its thread ends: like KeyboardInterrupt, it passes through `except Exception`."""


@dataclass
class ModelProxy:
    """Stands between a client and a model: request n gets `recorded[n]` verbatim if there is
    one, otherwise it goes on to `upstream` (its finish_reason replaced by `finish_reasons[n]`
    if given). Keeps every request and response; past `limit` requests it refuses (a 400)."""

    upstream: openai.OpenAI
    recorded: dict[int, Recording] = field(default_factory=dict)
    finish_reasons: dict[int, str] = field(default_factory=dict)
    limit: int | None = None
    requests: list[dict[str, Any]] = field(default_factory=list)
    responses: list[bytes] = field(default_factory=list)

    def respond(self, request: httpx2.Request) -> httpx2.Response:
        """Answer one request of the loop (the handler of an httpx2.MockTransport)."""
        body = json.loads(request.content or b"{}")
        self.requests.append(body)
        number = len(self.requests) - 1
        if self.limit is not None and number >= self.limit + REFUSALS:
            raise LoopStopped(f"{number} requests, the last {REFUSALS} of them refused")
        if self.limit is not None and number >= self.limit:
            return refusal(self.limit)
        if number in self.recorded:
            response = served(self.recorded[number])
        else:
            response = self.forward(body, self.finish_reasons.get(number))
        self.responses.append(response.content)
        return response

    def forward(self, body: dict[str, Any], finish_reason: str | None) -> httpx2.Response:
        """The upstream model's answer to `body`, as it came over the wire (errors included)."""
        try:
            raw = self.upstream.chat.completions.with_raw_response.create(**body)
        except openai.APIStatusError as error:
            return httpx2.Response(
                error.status_code, content=error.response.content, headers=JSON_HEADERS
            )
        content = raw.http_response.read()
        if finish_reason is not None:
            content = with_finish_reason(content, finish_reason)
        headers = {"content-type": raw.http_response.headers.get("content-type", "")}
        return httpx2.Response(200, content=content, headers=headers)

    def client(self) -> openai.OpenAI:
        """The real openai.OpenAI, reaching the model through this proxy."""
        transport = httpx2.MockTransport(self.respond)
        return openai.OpenAI(
            api_key="proxy",
            base_url=PROXY_URL,
            max_retries=0,
            http_client=httpx2.Client(transport=transport),
        )

    def async_client(self) -> openai.AsyncOpenAI:
        """The real openai.AsyncOpenAI, reaching the model through this proxy."""
        transport = httpx2.MockTransport(self.respond)
        return openai.AsyncOpenAI(
            api_key="proxy",
            base_url=PROXY_URL,
            max_retries=0,
            http_client=httpx2.AsyncClient(transport=transport),
        )

    def history(self, answer: str | None = None) -> list[dict[str, Any]]:
        """The conversation the loop kept: its last request's messages, then its answer."""
        messages = list(self.requests[-1]["messages"]) if self.requests else []
        return messages + ([{"role": "assistant", "content": answer}] if answer else [])

    def stats(self) -> AgentStats:
        """What the loop cost, counted from what crossed the wire (for a CallCounter)."""
        stats = AgentStats(llm_calls=len(self.responses))
        stats.tool_calls = sum(1 for m in self.history() if m.get("role") == "tool")
        for body in self.responses:
            stats.add_usage(usage_of(body))
        return stats


def served(found: Recording) -> httpx2.Response:
    """A recording's body, byte for byte."""
    kind = "text/event-stream" if found.kind == "sse" else "application/json"
    return httpx2.Response(200, content=found.body, headers={"content-type": kind})


def refusal(limit: int) -> httpx2.Response:
    """The 400 past a scenario's last request: a loop that should have stopped is stopped."""
    error = {
        "message": f"The checker's model has {limit} replies in this scenario and your loop "
        "asked for more: it should have stopped (with an answer, or at max_iterations).",
        "type": "invalid_request_error",
        "param": None,
        "code": "checker_limit",
    }
    return httpx2.Response(400, json={"error": error}, headers={"x-should-retry": "false"})


def with_finish_reason(content: bytes, finish_reason: str) -> bytes:
    """A non-streamed completion with another finish_reason (gpt-4o's forced call says stop)."""
    completion = json.loads(content)
    completion["choices"][0]["finish_reason"] = finish_reason
    return json.dumps(completion, ensure_ascii=False).encode()


def usage_of(body: bytes) -> dict[str, Any] | None:
    """The usage of a response, streamed (its last chunk with usage) or not."""
    text = body.decode(errors="replace")
    if text.lstrip().startswith("{"):
        return json.loads(text).get("usage")
    chunks = [json.loads(d) for d in sse_data(body) if d.startswith("{")]
    return next((c["usage"] for c in reversed(chunks) if c.get("usage")), None)


# ---- the tools every scenario registers ----


def get_weather(city: str) -> str:
    """Get the current weather (sky and temperature) for a city.

    Args:
        city: The city name in English, e.g. "Beijing".
    """
    return SKY.get(city, f"No weather data for {city}.")


def check_inventory(item: str) -> str:
    """Check how many of an item are in stock in the shop's warehouse.

    Args:
        item: The item's name, e.g. "umbrella".
    """
    raise ConnectionError("inventory service unreachable (connection refused)")


def plus(a: int, b: int) -> int:
    """Add two integers and return their sum."""
    return a + b


def weather(latitude: str, longitude: str) -> str:
    """Gets current weather for a location.

    Args:
        latitude: Latitude (e.g., 52.5200)
        longitude: Longitude (e.g., 13.4050)
    """
    return f"sunny, 21 °C at {latitude}, {longitude}"


def get_something_by_name(name: str) -> str:
    """Look something up by its name (the tool of Groq's recording).

    Args:
        name: The thing's name.
    """
    return f"found {name}"


def get_current_time() -> str:
    """Get the current time."""
    return "12:00"


DEFAULT_TOOLS = (get_weather, check_inventory)


def registry_of(tools: tuple[Callable[..., Any], ...]) -> ToolRegistry:
    """A registry of the scenario's tools."""
    registry = ToolRegistry()
    for tool in tools:
        registry.register(tool)
    return registry


def call(name: str, arguments: dict[str, Any] | str) -> dict[str, Any]:
    """One scripted tool call."""
    return {"name": name, "arguments": arguments}


# ---- one scenario: what the model says, and what the loop must do with it ----


@dataclass(frozen=True)
class Run:
    """What one scenario saw: the loop's answer or exception, and every request it sent."""

    answer: Any
    error: BaseException | None
    timed_out: bool
    proxy: ModelProxy
    registry: ToolRegistry

    @property
    def requests(self) -> list[dict[str, Any]]:
        return self.proxy.requests


Judge = Callable[[Run], str | None]  # None when the scenario holds, else the hint


@dataclass(frozen=True)
class Scenario:
    """A row of the report: the replies the model gives, and the judge of the loop's run.

    `replies[n]` answers request n: a scripted reply (a text or a list of calls, served by the
    offline model), or a Recording (served as recorded). There is no request past the last
    reply: the model's behaviour is pinned, so only the loop is judged. `stop_finish` marks
    the requests whose reply says finish_reason "stop" although it carries calls."""

    label: str
    question: str
    replies: tuple[Any, ...]
    judge: Judge
    max_iterations: int = 5
    profile: str = "openai"
    stop_finish: tuple[int, ...] = ()
    tools: tuple[Callable[..., Any], ...] = DEFAULT_TOOLS

    def proxy(self) -> ModelProxy:
        """The model side: offline with the scripted replies pinned, recordings in between."""
        script = tuple(RECORDED_TURN if isinstance(r, Recording) else r for r in self.replies)
        upstream, _ = offline_client(script=script, profile=self.profile)
        recorded = {n: r for n, r in enumerate(self.replies) if isinstance(r, Recording)}
        return ModelProxy(
            upstream,
            recorded,
            dict.fromkeys(self.stop_finish, "stop"),
            limit=len(self.replies),
        )

    def run(self, loop: Callable[..., Any], *, streamed: bool) -> Run:
        """Run the learner's loop on this scenario, for TIME_LIMIT at most (in a daemon thread;
        in the browser, which has no threads, here and on the page's event loop)."""
        proxy, registry = self.proxy(), registry_of(self.tools)
        _, model = offline_client()
        client = proxy.async_client() if streamed else proxy.client()

        def work() -> Any:
            return loop(
                client, registry, self.question, model=model, max_iterations=self.max_iterations
            )

        in_page = coroutines.in_browser()
        answer, error, timed_out = outcome_in_page(work) if in_page else outcome_in_thread(work)
        if isinstance(error, NotImplementedError):
            raise error  # the stub: check() says "not done yet"
        return Run(answer, error, timed_out, proxy, registry)


Outcome = tuple[Any, BaseException | None, bool]  # the loop's answer, its exception, timed out


def outcome_in_thread(work: Callable[[], Any]) -> Outcome:
    """`work()` in a daemon thread (a coroutine it returns, on that thread's own event loop),
    waited for TIME_LIMIT at most."""

    def finished() -> Any:
        result = work()
        return asyncio.run(result) if inspect.iscoroutine(result) else result

    future = start_in_daemon_thread(finished)
    try:
        return future.result(timeout=TIME_LIMIT), None, False
    except FutureTimeout:
        return None, None, True
    except (Exception, LoopStopped) as error:
        return None, error, False


def outcome_in_page(work: Callable[[], Any]) -> Outcome:
    """`work()` right here (the browser has no threads; a sync loop cannot be timed out); a
    coroutine it returns is finished on the page's event loop by run_coroutine."""
    try:
        result = work()
    except (Exception, LoopStopped) as error:
        return None, error, False
    if not inspect.iscoroutine(result):
        return result, None, False
    return run_coroutine(awaited_outcome(result))


async def awaited_outcome(coroutine: Coroutine[Any, Any, Any]) -> Outcome:
    """The coroutine's outcome within TIME_LIMIT, its exception caught here: the task that
    runs this ends normally, so the page's loop has no unread exception to report."""
    try:
        return await asyncio.wait_for(coroutine, TIME_LIMIT), None, False
    except TimeoutError:
        return None, None, True
    except (Exception, LoopStopped) as error:
        return None, error, False


# ---- what the judges look for ----


def tool_messages(messages: list[dict[str, Any]], after: int) -> list[dict[str, Any]]:
    """The tool messages that follow message `after`, up to the next other message."""
    found = []
    for message in messages[after + 1 :]:
        if message.get("role") != "tool":
            break
        found.append(message)
    return found


def history_problem(messages: list[dict[str, Any]]) -> str | None:
    """The first break of the rule "each assistant tool_calls message is followed by exactly
    one tool message per call id", or None."""
    for position, message in enumerate(messages):
        calls = message.get("tool_calls") or [] if message.get("role") == "assistant" else []
        if not calls:
            continue
        ids = [c.get("id") for c in calls]
        answers = [m.get("tool_call_id") for m in tool_messages(messages, position)]
        if None in answers:
            return "a tool message has no 'tool_call_id': copy each call's id into its message."
        if Counter(answers) != Counter(ids):
            return (
                f"the calls {ids} were answered by tool messages with ids {answers}: append "
                "exactly one tool message per call, carrying that call's id, right after "
                "the assistant message, all before the next request (one LLM call per "
                "round of calls)."
            )
    return None


def same_content(content: Any, expected: str) -> bool:
    """Equal as text, or as JSON (json.dumps with or without ensure_ascii)."""
    if content == expected:
        return True
    try:
        return json.loads(content) == json.loads(expected)
    except (TypeError, ValueError):
        return False


def results_problem(run: Run, request: int) -> str | None:
    """Whether request `request` answers each call of the round before it with its own result,
    in call order; None if it does."""
    if len(run.requests) <= request:
        return None
    messages = run.requests[request]["messages"]
    position = max(i for i, m in enumerate(messages) if m.get("role") == "assistant")
    calls = messages[position].get("tool_calls") or []
    answers = tool_messages(messages, position)
    if [m.get("tool_call_id") for m in answers] != [c.get("id") for c in calls]:
        return (
            "answer the calls in the order the model asked for them, one tool message "
            "each with its tool_call_id, all before the next request."
        )
    for each, answer in zip(calls, answers, strict=True):
        function = each["function"]
        expected = run.registry.execute(function["name"], function["arguments"])
        if not same_content(answer.get("content"), expected):
            return (
                f"the tool message for {function['name']} {function['arguments']} carries "
                f"{answer.get('content')!r}, not that call's result {expected!r}: run each "
                "call with its own name and arguments (registry.execute(name, arguments))."
            )
    return None


def error_text_of(run: Run, request: int) -> str:
    """The content of the first tool message of request `request` (the fed-back result)."""
    messages = run.requests[request]["messages"] if len(run.requests) > request else []
    return next((str(m.get("content")) for m in messages if m.get("role") == "tool"), "")


def raised(run: Run, situation: str) -> str | None:
    """A hint if the loop raised or hung where it should have gone on."""
    if run.timed_out:
        return f"{situation}: your loop did not return within {TIME_LIMIT:.0f} s."
    if isinstance(run.error, LoopStopped):
        return (
            f"{situation}: your loop kept asking after the model refused it {REFUSALS} "
            "times; do not retry what fails: let the error propagate."
        )
    if run.error is None:
        return None
    refused = model_refusal(run.error)
    if refused:
        problem = history_problem(run.requests[-1].get("messages") or []) if run.requests else None
        why = f" Your history: {problem}" if problem else ""
        return f"{situation}: the model refused request {len(run.requests)}: {refused}{why}"
    return (
        f"{situation}: your loop raised {type(run.error).__name__}: {run.error}. Errors are "
        "context: feed the error back as the tool message (registry.execute(name, "
        "arguments) does, and never raises) and let the model correct itself."
    )


def model_refusal(error: BaseException) -> str | None:
    """The model's words when the request was refused with a 400, else None."""
    if isinstance(error, openai.BadRequestError) and isinstance(error.body, dict):
        return str(error.body.get("message") or error)
    return None


def llm_calls(run: Run, wanted: int, why: str) -> str | None:
    """A hint unless the loop made exactly `wanted` LLM calls."""
    made = len(run.requests)
    if made == wanted:
        return None
    return f"your loop made {made} LLM call(s); {why} needs exactly {wanted}."


def first_problem(*checks: Callable[[], str | None]) -> str | None:
    """The first hint of several checks, each run only if the ones before it held."""
    for each in checks:
        hint = each()
        if hint:
            return hint
    return None


def answered(run: Run, text: str) -> str | None:
    """A hint unless the loop returned the model's final text."""
    if run.answer == text:
        return None
    return (
        f"return the model's final text {text!r}; your loop returned {run.answer!r}. When "
        "a reply has no tool_calls, its content is the answer (step 7)."
    )


# ---- the judges, one per row ----

ONE_CITY = ([call("get_weather", {"city": "Beijing"})], "베이징: 맑음, 28도.")
TWO_CITIES = (
    [call("get_weather", {"city": "Tokyo"}), call("get_weather", {"city": "Paris"})],
    "도쿄: 비, 19도. 파리: 맑음, 24도.",
)
HEALED = "서울: 흐림, 22도."
INVENTORY = "I could not check the stock: the inventory service is unreachable."
SUM = "2 + 3 = 5."
TIME = "It is 12:00."
BERLIN = "Berlin: sunny, 21 °C."


def judge_one_call(run: Run) -> str | None:
    """One tool call: two LLM calls, every tool sent each time, the answer returned."""
    tools = run.registry.definitions()
    return first_problem(
        lambda: raised(run, "a plain weather question"),
        lambda: llm_calls(run, 2, "one tool call (one to decide, one to answer, seed 000)"),
        lambda: (
            None
            if all(r.get("tools") == tools for r in run.requests)
            else (
                "send every tool definition in every request: tools=registry.definitions() "
                "(step 2 never filters)."
            )
        ),
        lambda: results_problem(run, 1),
        lambda: answered(run, ONE_CITY[1]),
    )


def judge_parallel(run: Run) -> str | None:
    """Two calls in one reply: one round (two LLM calls), answered in order, paired by id."""
    return first_problem(
        lambda: raised(run, "two calls in one reply"),
        lambda: llm_calls(run, 2, "one round of two calls (all results go back in ONE request)"),
        lambda: results_problem(run, 1),
        lambda: answered(run, TWO_CITIES[1]),
    )


def judge_fed_back(situation: str, final: str, rounds: int) -> Judge:
    """An error in round 1 goes back as the tool message; the model heals; the run ends."""

    def judge(run: Run) -> str | None:
        return first_problem(
            lambda: raised(run, situation),
            lambda: (
                None
                if error_text_of(run, 1).strip()
                else (
                    f"{situation}: the tool message is empty; say what went wrong, so the model "
                    "can correct itself."
                )
            ),
            lambda: llm_calls(run, rounds, f"{situation} (fed back, then the model goes on)"),
            lambda: answered(run, final),
        )

    return judge


def stopped_by_checker(run: Run) -> bool:
    """Whether the loop ran on until the checker stopped it (its 400, or the time limit)."""
    refused = getattr(run.error, "code", None) == "checker_limit"
    return run.timed_out or refused or isinstance(run.error, LoopStopped)


def judge_limit(run: Run) -> str | None:
    """A model that always asks for another tool: the loop stops after max_iterations."""
    if stopped_by_checker(run):
        return (
            f"the model asked for a tool every time and your loop never stopped: loop at "
            f"most max_iterations times (max_iterations={MAX_ITERATIONS} here)."
        )
    return first_problem(
        lambda: llm_calls(run, MAX_ITERATIONS, f"max_iterations={MAX_ITERATIONS}"),
        lambda: (
            None
            if run.error is not None or (isinstance(run.answer, str) and run.answer)
            else (
                "at the limit, raise an exception or return a clear message (seed 001 returns "
                f"'Max iterations reached'); your loop returned {run.answer!r}."
            )
        ),
    )


def judge_forced(run: Run) -> str | None:
    """A reply with tool_calls and finish_reason 'stop': the calls still run."""
    if not run.error and len(run.requests) == 1:
        return (
            "the reply carried a tool call but finish_reason 'stop' (gpt-4o ends a call "
            "forced by name so): decide by the reply's tool_calls, never by finish_reason."
        )
    return first_problem(
        lambda: raised(run, "a forced call ending with finish_reason 'stop'"),
        lambda: llm_calls(run, 2, "one tool call"),
        lambda: results_problem(run, 1),
    )


def judge_empty_id(run: Run) -> str | None:
    """Gemini's compatible endpoint sends the id "": pair the result with the id as kept."""
    return first_problem(
        lambda: raised(run, "a call whose id is '' (Gemini)"),
        lambda: llm_calls(run, 2, "one tool call"),
        lambda: results_problem(run, 1),
        lambda: answered(run, TIME),
    )


def judge_whole_call(run: Run) -> str | None:
    """Ollama sends the whole call (id, name, all arguments) in one chunk."""
    return first_problem(
        lambda: raised(run, "a whole call in one chunk (Ollama)"),
        lambda: llm_calls(run, 2, "one tool call"),
        lambda: results_problem(run, 1),
        lambda: answered(run, BERLIN),
    )


def judge_stream_error(run: Run) -> str | None:
    """Groq's stream ends with an error event: no silent empty answer."""
    if run.error is not None or run.timed_out:
        return raised(run, "an error event mid-stream") if run.timed_out else None
    text = run.answer if isinstance(run.answer, str) else ""
    if "error" in text.lower() or "fail" in text.lower():
        return None
    return (
        "the stream ended with an error event (the SDK raises openai.APIError) and your "
        f"loop returned {run.answer!r}: let the error propagate, or return a text that "
        "says what failed, never a silent empty answer."
    )


def judge_streamed(run: Run) -> str | None:
    """The streamed loop asks for a stream, and otherwise does what one call needs."""
    if run.requests and not all(r.get("stream") for r in run.requests):
        return "ask for a stream in every request: stream=True (seed 001)."
    return judge_one_call(run)


COMMON = (
    Scenario("one tool call: exactly two LLM calls", "베이징 날씨 어때?", ONE_CITY, judge_one_call),
    Scenario(
        "parallel calls: one round, answered in order, paired by tool_call_id",
        "도쿄랑 파리 날씨 어때?",
        TWO_CITIES,
        judge_parallel,
    ),
    Scenario(
        "unknown tool name: fed back as an error result, the run heals",
        "서울 날씨 어때?",
        (
            [call("weather_lookup", {"city": "Seoul"})],
            [call("get_weather", {"city": "Seoul"})],
            HEALED,
        ),
        judge_fed_back("an unknown tool name", HEALED, 3),
    ),
    Scenario(
        "invalid JSON arguments: fed back as an error result",
        "서울 날씨 어때?",
        (
            [call("get_weather", '{"city": "Seoul"')],
            [call("get_weather", {"city": "Seoul"})],
            HEALED,
        ),
        judge_fed_back("arguments that are not JSON", HEALED, 3),
    ),
    Scenario(
        "a failing tool: fed back, not raised",
        "Do you have umbrellas in stock?",
        ([call("check_inventory", {"item": "umbrella"})], INVENTORY),
        judge_fed_back("a tool that raises", INVENTORY, 2),
    ),
    Scenario(
        f"iteration limit: stops after max_iterations={MAX_ITERATIONS}",
        "서울 날씨 어때?",
        ([call("get_weather", {"city": "Seoul"})],) * (MAX_ITERATIONS + 3),
        judge_limit,
        max_iterations=MAX_ITERATIONS,
    ),
)

SYNC_ONLY = (
    Scenario(
        "forced call with finish_reason 'stop': the call still runs",
        "파리 날씨 어때?",
        ([call("get_weather", {"city": "Paris"})], "파리: 맑음, 24도."),
        judge_forced,
        stop_finish=(0,),
    ),
    Scenario(
        "empty call id (Gemini, recorded): the result still pairs with its call",
        "What is the current time?",
        (recording("gemini-openai-compat__chat-nonstream-empty-call-id"), TIME),
        judge_empty_id,
        tools=(get_current_time,),
    ),
)

STREAMED_ONLY = (
    Scenario(
        "streamed: parallel fragments interleaved, reassembled by index",
        "도쿄랑 파리 날씨 어때?",
        TWO_CITIES,
        judge_parallel,
        profile="interleaved",
    ),
    Scenario(
        "forced call streamed with finish_reason 'stop' (gpt-4o, recorded): still runs",
        "Sum 2 and 3",
        (recording("openai__chat-stream-forced-named-tool"), SUM),
        judge_forced,
        tools=(plus,),
    ),
    Scenario(
        "a whole call in one chunk (Ollama qwen3, recorded)",
        "What's the weather in Berlin? (52.5200, 13.4050)",
        (recording("ollama__chat-stream-qwen3-whole-call"), BERLIN),
        judge_whole_call,
        tools=(weather,),
    ),
    Scenario(
        "an error event mid-stream (Groq, recorded): no silent empty answer",
        "Call get_something_by_name.",
        (recording("groq__chat-stream-tool-use-failed-midstream"),),
        judge_stream_error,
        tools=(get_something_by_name,),
    ),
)


# ---- one answer to each exercise, short enough to print ----


def reference_agent(
    client: openai.OpenAI,
    registry: ToolRegistry,
    question: str,
    *,
    model: str,
    max_iterations: int = 5,
) -> str:
    """Steps 2-7 of seed 000 as a loop: the model chooses, the loop carries and executes."""
    messages = [{"role": "user", "content": question}]  # step 2: the question joins the history
    for _ in range(max_iterations):
        response = client.chat.completions.create(  # steps 2-3: the history + ALL tools
            model=model, messages=messages, tools=registry.definitions()
        )
        message = response.choices[0].message  # step 4: what the model asks for
        if not message.tool_calls:  # no calls: the text is the answer (never ask finish_reason)
            return message.content  # step 7
        messages.append(message.model_dump(exclude_none=True))
        for call in message.tool_calls:  # step 5: every call of this round, in order
            content = registry.execute(call.function.name, call.function.arguments)  # no raise
            messages.append({"role": "tool", "tool_call_id": call.id, "content": content})  # 6
    raise RuntimeError(f"Max iterations reached: no answer after {max_iterations} LLM calls.")


async def reference_streaming_agent(
    client: openai.AsyncOpenAI,
    registry: ToolRegistry,
    question: str,
    *,
    model: str,
    max_iterations: int = 5,
) -> str:
    """The same loop streamed (seed 001): fragments joined by index, a round's calls at once."""
    messages = [{"role": "user", "content": question}]
    for _ in range(max_iterations):
        reply = ToolCallAccumulator()  # one buffer per call index
        stream = await client.chat.completions.create(
            model=model, messages=messages, tools=registry.definitions(), stream=True
        )
        async for chunk in stream:
            reply.add(chunk)
        if not reply.tool_calls:
            return reply.content
        messages.append(reply.message())
        calls = reply.tool_calls  # step 5: all of this round's calls at once
        results = await asyncio.gather(
            *(registry.call_async(c["function"]["name"], c["function"]["arguments"]) for c in calls)
        )
        for call, result in zip(calls, results, strict=True):  # gather keeps the calls' order
            messages.append({"role": "tool", "tool_call_id": call["id"], "content": result.content})
    raise RuntimeError(f"Max iterations reached: no answer after {max_iterations} LLM calls.")


# ---- the report ----


@dataclass(frozen=True)
class Row:
    """One line of the report: a check, whether it held, and the hint if not."""

    label: str
    hint: str | None

    @property
    def holds(self) -> bool:
        return self.hint is None

    def __str__(self) -> str:
        return f"✓ {self.label}" if self.holds else f"✗ {self.label}\n    → {self.hint}"


@dataclass(frozen=True)
class Report:
    """The battery's rows; shown as a table, true when every row holds."""

    title: str
    rows: list[Row]

    @property
    def passed(self) -> bool:
        return all(row.holds for row in self.rows)

    def __bool__(self) -> bool:
        return self.passed

    def __str__(self) -> str:
        held = sum(row.holds for row in self.rows)
        return "\n".join(
            [f"{self.title}: {held} of {len(self.rows)} checks hold", *map(str, self.rows)]
        )

    __repr__ = __str__


def history_row(runs: list[Run]) -> Row:
    """The invariant over every request of every scenario."""
    for run in runs:
        for number, request in enumerate(run.requests, start=1):
            problem = history_problem(request.get("messages") or [])
            if problem:
                return Row(
                    "the history stays valid in every request", f"request {number}: {problem}"
                )
    return Row("the history stays valid in every request", None)


def battery(loop: Callable[..., Any], scenarios: tuple[Scenario, ...], *, streamed: bool) -> Report:
    """Run every scenario; one row each, then the history row; titled with the loop's name."""
    runs = [scenario.run(loop, streamed=streamed) for scenario in scenarios]
    rows = [Row(s.label, s.judge(run)) for s, run in zip(scenarios, runs, strict=True)]
    return Report(getattr(loop, "__name__", "your loop"), [*rows, history_row(runs)])


def sync_report(my_agent: Callable[..., Any]) -> Report:
    """08.1's battery for `my_agent(client, registry, question, *, model, max_iterations)`."""
    return battery(my_agent, COMMON + SYNC_ONLY, streamed=False)


def streaming_report(my_streaming_agent: Callable[..., Any]) -> Report:
    """08.2's battery for `async def my_streaming_agent(...)`: the same, streamed."""
    first, *rest = COMMON
    streamed = Scenario(
        "streamed: one tool call, exactly two LLM calls",
        first.question,
        first.replies,
        judge_streamed,
    )
    return battery(my_streaming_agent, (streamed, *rest, *STREAMED_ONLY), streamed=True)


def expect_report(report: Report) -> None:
    """Pass, or fail with the whole table (every ✓ and ✗, each ✗ with its hint)."""
    expect(report.passed, "\n" + str(report))


@checker("08.1")
def check_my_agent(my_agent: Callable[..., Any]) -> None:
    """08.1 (seed 000, steps 2-7): the whole loop, not streamed."""
    expect(
        not inspect.iscoroutinefunction(my_agent),
        "08.1 wants a plain def (a sync client); the async streamed loop is 08.2.",
    )
    expect_report(sync_report(my_agent))


@checker("08.2")
def check_my_streaming_agent(my_streaming_agent: Callable[..., Any]) -> None:
    """08.2 (seed 001, the full streaming loop): the same battery, streamed, plus real shapes."""
    expect(
        inspect.iscoroutinefunction(my_streaming_agent),
        "08.2 wants an async def that awaits an openai.AsyncOpenAI client.",
    )
    expect_report(streaming_report(my_streaming_agent))
