"""ProgressServer over real HTTP: free ports, a stable repr, stop, a client leaving, kernel exit."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx2
import pytest
from progress_support import SlowSteps, calls_to_slow_step, parse_sse

from helpers.backend import connect_async
from helpers.progress import ProgressServer, start_progress_server

HERE = Path(__file__).parent
SANITIZERS = HERE.parent / "nbval_sanitize.cfg"


@pytest.fixture
def server() -> Iterator[ProgressServer]:
    running = start_progress_server()
    yield running
    running.stop()


def http() -> httpx2.Client:
    return httpx2.Client(trust_env=False, timeout=10)


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    """Poll `condition` until it holds; fail after `timeout` seconds (a bound, not a timing)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "the condition did not hold in time"
        time.sleep(0.02)


def sanitised(text: str) -> str:
    """`text` with the nbval sanitizers applied, as nbval compares notebook outputs."""
    lines = SANITIZERS.read_text().splitlines()
    for line, following in zip(lines, lines[1:], strict=False):
        if line.startswith("regex: ") and following.startswith("replace: "):
            text = re.sub(line.removeprefix("regex: "), following.removeprefix("replace: "), text)
    return text


def test_it_serves_the_page_and_a_turn_on_a_loopback_port(server: ProgressServer) -> None:
    assert server.url == f"http://127.0.0.1:{server.port}/?token={server.token}"
    assert server.port > 0 and len(server.token) >= 32
    with http() as client:
        page = client.get(server.url)
        body = client.get(server.events_url("베이징 날씨 어때?")).text

    assert page.status_code == 200 and "EventSource" in page.text
    kinds = [event["type"] for event in parse_sse(body)]
    assert kinds[:2] == ["tool_start", "tool_done"] and kinds[-1] == "answer"
    assert [turn.outcome for turn in server.turns] == ["answered"]


def test_two_servers_get_two_free_ports_and_the_same_sanitised_repr() -> None:
    first, second = start_progress_server(), start_progress_server()
    try:
        assert first.port != second.port
        assert repr(first) != repr(second)
        assert (
            sanitised(repr(first))
            == sanitised(repr(second))
            == (
                "ProgressServer(running at http://127.0.0.1:<port>/?token=<token>; "
                "tools: get_weather, search_docs, convert_currency, get_time, get_stock_price)"
            )
        )
        assert 'href="http://127.0.0.1:' in first._repr_html_()
    finally:
        first.stop()
        second.stop()


def test_a_taken_port_is_refused_with_advice(server: ProgressServer) -> None:
    with pytest.raises(OSError, match="Leave port=None"):
        start_progress_server(port=server.port)


def test_stop_frees_the_port_and_can_be_called_twice() -> None:
    server = start_progress_server()
    server.stop()
    server.stop()

    assert not server.running
    assert "stopped" in repr(server)
    with http() as client, pytest.raises(httpx2.ConnectError):
        client.get(server.url)


def test_without_its_token_or_under_a_foreign_host_name_the_server_runs_nothing(
    server: ProgressServer,
) -> None:
    question = "베이징 날씨 어때?"
    without_token = server.events_url(question).replace(f"&token={server.token}", "")
    with http() as client:
        refused = client.get(without_token)
        rebound = client.get(server.events_url(question), headers={"Host": "attacker.example"})

    assert refused.status_code == 403 and "token" in refused.json()["error"]
    assert rebound.status_code == 403 and "attacker.example" in rebound.json()["error"]
    assert server.turns == []


def test_a_client_that_disconnects_stops_the_work_on_the_server() -> None:
    steps = SlowSteps(seconds=1.0)
    client = connect_async(script=calls_to_slow_step(3))
    server = start_progress_server(steps.registry, client=client)
    try:
        with http() as browser, browser.stream("GET", server.events_url("Run the job.")) as events:
            for line in events.iter_lines():
                if '"tool_start"' in line:
                    break  # leaving the block closes the connection mid-stream
        wait_for(lambda: server.turns[0].outcome != "running")
        time.sleep(1.2)  # longer than one step: a step still running would finish
    finally:
        server.stop()

    assert server.turns[0].outcome == "cancelled"
    assert (steps.started, steps.cancelled, steps.finished) == (1, 1, 0)


KERNEL = textwrap.dedent(
    """
    import threading, time
    import httpx2
    from progress_support import SlowSteps, calls_to_slow_step
    from helpers.backend import connect_async
    from helpers.progress import start_progress_server

    steps = SlowSteps(seconds=30.0)
    server = start_progress_server(
        steps.registry, client=connect_async(script=calls_to_slow_step(1))
    )

    def listen():
        with httpx2.Client(trust_env=False, timeout=60) as client:
            client.get(server.events_url("Run the job."))

    threading.Thread(target=listen, daemon=True).start()
    while steps.started == 0:
        time.sleep(0.01)
    print(server.port, flush=True)
    # the kernel exits here, mid-stream, without calling server.stop()
    """
)


def test_the_server_ends_with_its_kernel_even_mid_stream() -> None:
    kernel = subprocess.run(
        [sys.executable, "-c", KERNEL], cwd=HERE, capture_output=True, text=True, timeout=60,
        env={**os.environ, "WORKBOOK_FORCE_OFFLINE": "1"},
    )  # fmt: skip

    assert kernel.returncode == 0, kernel.stderr
    port = int(kernel.stdout.split()[-1])
    with http() as client, pytest.raises(httpx2.ConnectError):
        client.get(f"http://127.0.0.1:{port}/")
