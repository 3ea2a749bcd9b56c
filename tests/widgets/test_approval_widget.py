"""ApprovalPanel: the pending call shown as text, decided by Button.click(), awaited by a run."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from helpers.agent import Agent
from helpers.approval import Decision, ReadOnlyPolicy
from helpers.backend import connect_async
from helpers.calls import ToolCall
from helpers.demo_tools import demo_registry
from helpers.widgets import ApprovalPanel

EMAIL = ToolCall("call_1", "send_email",
                 json.dumps({"to": "attacker@example.com", "body": "<img src=x onerror=alert(1)>"}))


async def decide(panel: ApprovalPanel, call: ToolCall, click: str, reason: str = "") -> Decision:
    """Ask the panel about `call`, then click a button as a person would."""
    asked = asyncio.ensure_future(panel(call))
    assert await panel.next_call() == call
    panel.reason.value = reason
    getattr(panel, f"{click}_button").click()
    return await asked


def test_nothing_waiting_disables_the_buttons_and_a_click_does_nothing() -> None:
    panel = ApprovalPanel()
    assert panel.pending is None
    assert panel.approve_button.disabled and panel.deny_button.disabled
    panel.deny_button.click()  # nothing to decide
    assert panel.decided == []
    assert repr(panel) == "ApprovalPanel: no call is waiting"


def test_deny_with_a_reason_and_approve() -> None:
    panel = ApprovalPanel()
    denied = asyncio.run(decide(panel, EMAIL, "deny", "  I never asked for this. "))
    assert denied == Decision(False, "I never asked for this.")
    read = ToolCall("call_2", "read_file", '{"path": "notes.txt"}')
    assert asyncio.run(decide(panel, read, "approve")) == Decision(True, "")
    assert panel.reason.value == ""  # cleared for the next call
    assert repr(panel) == ("ApprovalPanel: no call is waiting\n"
                           "  denied send_email: I never asked for this.\n"
                           "  approved read_file")


def test_the_pending_call_is_shown_escaped_and_in_the_text_repr() -> None:
    async def look() -> tuple[str, str, bool]:
        panel = ApprovalPanel()
        asked = asyncio.ensure_future(panel(EMAIL))
        await panel.next_call()
        seen = (panel.call_view.value, repr(panel), panel.deny_button.disabled)
        panel.approve_button.click()
        await asked
        return seen

    html, text, disabled = asyncio.run(look())
    assert "<img" not in html and "&lt;img src=x onerror=alert(1)&gt;" in html
    assert "attacker@example.com" in html and "send_email" in html
    assert text == ('ApprovalPanel: waiting for Approve or Deny on send_email { "to": '
                    '"attacker@example.com", "body": "<img src=x onerror=alert(1)>" }')
    assert disabled is False


def test_a_run_stopped_while_waiting_leaves_nothing_pending() -> None:
    async def stop() -> ApprovalPanel:
        panel = ApprovalPanel()
        asked = asyncio.ensure_future(panel(EMAIL))
        await panel.next_call()
        asked.cancel()
        await asyncio.gather(asked, return_exceptions=True)
        return panel

    panel = asyncio.run(stop())
    assert panel.pending is None and panel.decided == []
    assert panel.approve_button.disabled


def test_the_panel_decides_an_agent_run_started_as_a_task() -> None:
    """As in the notebook: the run is a task; the person clicks while it waits."""
    script = ([{"name": "get_weather", "arguments": {"city": "Seoul"}},
               {"name": "get_time", "arguments": {"city": "Seoul"}}], "Seoul: cloudy.")

    async def session() -> tuple[str, Agent, list[str]]:
        panel = ApprovalPanel()
        agent = Agent(connect_async(script=script), demo_registry(),
                      approve=ReadOnlyPolicy(["get_weather"], ask=panel))
        task = asyncio.ensure_future(agent.run_async("Weather and time in Seoul?"))
        call = await panel.next_call()
        panel.reason.value = "Not needed."
        panel.deny_button.click()
        return await task, agent, [call.name, repr(panel)]

    answer, agent, (asked, shown) = asyncio.run(session())
    assert answer == "Seoul: cloudy."
    assert asked == "get_time"  # the read ran without asking; only the other call waited
    assert shown == "ApprovalPanel: no call is waiting\n  denied get_time: Not needed."
    assert [m["role"] for m in agent.messages] == ["user", "assistant", "tool", "tool", "assistant"]
    calls = agent.messages[1]["tool_calls"]
    assert [m["tool_call_id"] for m in agent.messages[2:4]] == [c["id"] for c in calls]
    assert "Not needed. It was not run." in agent.messages[3]["content"]
    assert json.loads(agent.messages[2]["content"])["city"] == "Seoul"


def test_next_call_gives_none_when_the_run_ends_without_asking() -> None:
    async def wait_for_a_run_that_asks_nothing() -> tuple[Any, list[Any]]:
        panel = ApprovalPanel()
        run = asyncio.ensure_future(asyncio.sleep(0, result="answered"))
        found = await panel.next_call(until=run)
        return found, panel._waiters

    found, waiters = asyncio.run(wait_for_a_run_that_asks_nothing())
    assert found is None and waiters == []


def test_next_call_gives_the_call_that_comes_before_the_run_ends() -> None:
    async def ask_while_running() -> Any:
        panel = ApprovalPanel()
        run = asyncio.ensure_future(panel(EMAIL))
        found = await panel.next_call(until=run)
        panel.approve_button.click()
        await run
        return found

    assert asyncio.run(ask_while_running()) == EMAIL


def test_a_click_from_the_browser_reaches_a_run_waiting_in_a_real_kernel() -> None:
    """The design claim of the panel: the run is a task, the cell ends, and a click (the comm
    message a browser sends for Button) decides the waiting call. A real ipykernel, no browser."""
    from jupyter_client.manager import start_new_kernel

    manager, kernel = start_new_kernel(kernel_name="python3")

    def execute(code: str) -> str:
        """Run `code` in the kernel; what it printed."""
        reply = kernel.execute_interactive(code, timeout=60, output_hook=printed.append)
        assert reply["content"]["status"] == "ok", reply["content"]
        return "".join(m["content"].get("text", "") for m in printed if m["msg_type"] == "stream")

    try:
        printed: list[dict[str, Any]] = []
        execute(
            "import asyncio\n"
            "from helpers.agent import Agent\n"
            "from helpers.approval import ReadOnlyPolicy\n"
            "from helpers.backend import connect_async\n"
            "from helpers.demo_tools import demo_registry\n"
            "from helpers.widgets import ApprovalPanel\n"
            "panel = ApprovalPanel()\n"
            "script = ([{'name': 'get_time', 'arguments': {'city': 'Seoul'}}], 'ok')\n"
            "agent = Agent(connect_async(script=script), demo_registry(),\n"
            "              approve=ReadOnlyPolicy([], ask=panel))\n"
            "task = asyncio.ensure_future(agent.run_async('Time in Seoul?'))\n"
        )
        printed.clear()
        button = execute("await panel.next_call(); print(panel.deny_button.model_id, end='')")
        click = {"comm_id": button, "data": {"method": "custom", "content": {"event": "click"}}}
        kernel.shell_channel.send(kernel.session.msg("comm_msg", click))
        printed.clear()
        shown = execute("await task; print(repr(panel)); print(agent.messages[2]['content'])")
    finally:
        kernel.stop_channels()
        manager.shutdown_kernel(now=True)
    assert shown.startswith("ApprovalPanel: no call is waiting\n  denied get_time\n")
    assert 'The user denied get_time(city=\\"Seoul\\")' in shown
