"""The same model over HTTP: uvicorn on a free loopback port gives what the transport gives."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx2
import openai
import pytest
from offline_support import STRICT, TOOLS, free_port, strict_client

from helpers.offline import MODEL_ID, ModelConfig, service, sync_transport
from helpers.offline.__main__ import config_from, parse_args
from helpers.offline.service import MAX_BODY_BYTES

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = ["What's the weather in Tokyo and Paris?", "hello", "베이징 날씨 어때?"]


def wait_until_serving(url: str, seconds: float = 120.0) -> None:
    """Poll GET /models until the server answers (bounded)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if httpx2.get(f"{url}/models", trust_env=False).status_code == 200:
                return
        except httpx2.TransportError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing answered at {url}")


def over_http(url: str) -> openai.OpenAI:
    """The strict SDK client, over a real socket."""
    options = STRICT | {"base_url": url}
    return openai.OpenAI(**options, http_client=httpx2.Client(trust_env=False))


def request(question: str, **extra: Any) -> dict[str, Any]:
    """A chat request with the test tools."""
    return {
        "model": MODEL_ID,
        "messages": [{"role": "user", "content": question}],
        "tools": TOOLS,
    } | extra


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_same_completion_in_process_and_over_http(served_url: str, question: str) -> None:
    here = strict_client().chat.completions.create(**request(question))
    there = over_http(served_url).chat.completions.create(**request(question))
    assert here.model_dump() == there.model_dump()


@pytest.mark.parametrize("question", QUESTIONS)
def test_the_same_stream_bytes_in_process_and_over_http(served_url: str, question: str) -> None:
    body = request(question, stream=True, stream_options={"include_usage": True})
    transport = sync_transport(ModelConfig())
    with httpx2.Client(transport=transport, base_url="http://offline.invalid") as local:
        here = local.post("/v1/chat/completions", json=body)
    there = httpx2.post(f"{served_url}/chat/completions", json=body, trust_env=False)
    assert there.headers["content-type"].startswith("text/event-stream")
    assert here.content == there.content and there.content.endswith(b"data: [DONE]\n\n")


@pytest.mark.parametrize(
    "body",
    [
        {"model": MODEL_ID, "messages": [{"role": "robot", "content": "x"}]},
        {"model": MODEL_ID, "messages": [{"role": "user", "content": 42}]},
        {"model": MODEL_ID, "messages": [{"role": "user", "content": "x"}], "temperature": "hot"},
    ],
)
def test_the_same_rejection_over_http(served_url: str, body: dict[str, Any]) -> None:
    there = httpx2.post(f"{served_url}/chat/completions", json=body, trust_env=False)
    transport = sync_transport(ModelConfig())
    with httpx2.Client(transport=transport, base_url="http://offline.invalid") as local:
        here = local.post("/v1/chat/completions", json=body)
    assert there.status_code == here.status_code == 400
    assert there.json() == here.json()


def test_command_line_flags_make_the_config(tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps(["pinned"]), encoding="utf-8")
    args = parse_args(
        [
            "--fault",
            "invalid_json",
            "--fault",
            "wrong_type",
            "--fault-count",
            "2",
            "--profile",
            "whole_call",
            "--seed",
            "3",
            "--script",
            str(script),
            "--token-delay",
            "0.01",
        ]
    )
    config = config_from(args)
    assert config.faults == ("invalid_json", "wrong_type") and config.fault_count == 2
    assert (config.profile, config.seed, config.script) == ("whole_call", 3, ("pinned",))
    assert config.latency.per_token == 0.01


def start_server(port: int) -> subprocess.Popen[bytes]:
    """`python -m helpers.offline` on a loopback port, in its own process."""
    return subprocess.Popen(
        [sys.executable, "-m", "helpers.offline", "--host", "127.0.0.1", "--port", str(port)],
        cwd=ROOT,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


def test_the_server_process_shuts_down_cleanly_on_sigint_and_sigterm() -> None:
    ports = {signal.SIGINT: free_port(), signal.SIGTERM: free_port()}
    processes = {stop: start_server(port) for stop, port in ports.items()}  # start both at once
    try:
        for stop, process in processes.items():
            url = f"http://127.0.0.1:{ports[stop]}/v1"
            wait_until_serving(url)
            reply = over_http(url).chat.completions.create(**request("hello"))
            assert reply.choices[0].message.content
            process.send_signal(stop)
            assert process.wait(timeout=10) == 0, f"exit status after {stop.name}"
            assert b"Traceback" not in process.stderr.read()
    finally:
        for process in processes.values():
            if process.poll() is None:
                process.kill()
                process.wait()


# Size limits and concurrency (issue 9).


def many_messages_body(megabytes: int) -> dict[str, Any]:
    """A well-formed request whose body is `megabytes` MB: many short messages, none too long."""
    message = {"role": "user", "content": "a" * 1000}
    return {"model": MODEL_ID, "messages": [message] * (megabytes * 1000)}


def test_a_five_megabyte_body_gets_a_json_413_over_http(served_url: str) -> None:
    response = httpx2.post(
        f"{served_url}/chat/completions", json=many_messages_body(5), trust_env=False, timeout=60
    )
    assert response.status_code == 413
    error = response.json()["error"]
    assert error["type"] == "invalid_request_error" and error["code"] == "request_too_large"
    assert str(MAX_BODY_BYTES) in error["message"].replace(",", "")


def test_a_five_megabyte_body_gets_a_413_in_process() -> None:
    with pytest.raises(openai.APIStatusError) as caught:
        strict_client().chat.completions.create(**many_messages_body(5))
    assert caught.value.status_code == 413 and caught.value.code == "request_too_large"


def test_concurrent_clients_are_served_side_by_side(
    served_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """20 clients at once: the decisions run in worker threads, so several are under way
    together (a barrier only opens when 5 are), and the event loop stays free."""
    together = 5
    barrier = threading.Barrier(together, timeout=30)  # the bound only matters if this fails
    lock = threading.Lock()
    counts = {"inside": 0, "most": 0}
    decide = service.brain.decide

    def waiting_decide(request: dict[str, Any], config: ModelConfig) -> Any:
        with lock:
            counts["inside"] += 1
            counts["most"] = max(counts["most"], counts["inside"])
        try:
            barrier.wait()
        except threading.BrokenBarrierError:
            pass
        with lock:
            counts["inside"] -= 1
        return decide(request, config)

    monkeypatch.setattr(service.brain, "decide", waiting_decide)
    with ThreadPoolExecutor(max_workers=20) as pool:
        statuses = list(
            pool.map(lambda q: post_question(served_url, q), [f"hi {i}" for i in range(20)])
        )
    assert statuses == [200] * 20
    assert counts["most"] >= together


def post_question(url: str, question: str) -> int:
    """POST one question over HTTP; the status code."""
    response = httpx2.post(
        f"{url}/chat/completions", json=request(question), trust_env=False, timeout=120
    )
    return response.status_code


def test_the_forced_finish_reason_flag() -> None:
    assert config_from(parse_args([])).forced_finish_reason == "stop"
    flag = parse_args(["--forced-finish-reason", "tool_calls"])
    assert config_from(flag).forced_finish_reason == "tool_calls"
