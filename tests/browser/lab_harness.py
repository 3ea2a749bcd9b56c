"""Drive a real JupyterLab in Chromium: start the server, open a notebook, run it, read the page.

The browser tests use these steps; each is a small function so a failing test points at one.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2
import nbformat

# Lab settings for a test run: every cell in the DOM (so outputs can be read), never save the
# notebooks it runs (they are the lessons in the working tree), no news pop-up.
LAB_SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false",
        "checkForUpdates": False,
    },
}

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-quic",
    "--disable-sync",
]
WIDGET_MIME = "application/vnd.jupyter.widget-view+json"
BROKEN_WIDGET_TEXTS = ("Error displaying widget", "model not found", "Loading widget...")


@dataclass
class JupyterLab:
    """A running JupyterLab server: where it listens, its token, and its process."""

    root: Path
    port: int
    token: str
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def notebook_url(self, path: str) -> str:
        """The page that opens `path` (relative to the root) in a fresh workspace."""
        return f"{self.url}lab/tree/{path}?reset&token={self.token}"

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")


@dataclass
class NotebookRun:
    """What a notebook showed in the browser after running all its cells."""

    path: str
    code_cells: int
    unexecuted_cells: list[int]
    errors: list[str]
    widget_outputs: int
    rendered_widgets: int
    broken_widgets: list[str]
    widget_texts: dict[str, str] = field(default_factory=dict)


def free_port(host: str = "127.0.0.1") -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def start_jupyterlab(root: Path, scratch: Path, *, timeout: float = 90.0) -> JupyterLab:
    """Start JupyterLab on a free loopback port with a random token; return once it answers."""
    port, token = free_port(), secrets.token_hex(16)
    write_lab_settings(scratch / "settings")
    log_path = scratch / "jupyterlab.log"
    command = [
        sys.executable, "-m", "jupyter", "lab", "--no-browser",
        "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
        f"--IdentityProvider.token={token}", "--LabApp.expose_app_in_browser=True",
        f"--ServerApp.root_dir={root}", f"--LabApp.workspaces_dir={scratch / 'workspaces'}",
        f"--LabApp.user_settings_dir={scratch / 'settings'}", "--LabApp.news_url=",
    ]  # fmt: skip
    if os.geteuid() == 0:  # CI containers run as root; Jupyter refuses that unless told
        command.append("--ServerApp.allow_root=True")
    env = {**os.environ, "WORKBOOK_FORCE_OFFLINE": "1", "JUPYTER_RUNTIME_DIR": str(scratch / "rt")}
    with log_path.open("wb") as log:
        process = subprocess.Popen(command, cwd=root, env=env, stdout=log, stderr=log)
    lab = JupyterLab(root, port, token, process, log_path)
    wait_until_answering(lab, timeout)
    return lab


def write_lab_settings(folder: Path) -> None:
    """Write LAB_SETTINGS as JupyterLab user settings files."""
    for name, values in LAB_SETTINGS.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))


def wait_until_answering(lab: JupyterLab, timeout: float) -> None:
    """Poll /api/status until the server answers 200; fail with its log if it dies or hangs."""
    deadline = time.monotonic() + timeout
    with httpx2.Client(trust_env=False, timeout=5) as http:
        while time.monotonic() < deadline:
            if lab.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {lab.process.returncode}:\n{lab.log()}")
            try:
                if http.get(f"{lab.url}api/status", params={"token": lab.token}).status_code == 200:
                    return
            except httpx2.TransportError:
                pass
            time.sleep(0.25)
    stop_jupyterlab(lab)
    raise TimeoutError(f"JupyterLab did not answer within {timeout:.0f} s:\n{lab.log()}")


def stop_jupyterlab(lab: JupyterLab) -> None:
    """Stop the server (and so its kernels): terminate, then kill if it lingers."""
    if lab.process.poll() is None:
        lab.process.terminate()
        try:
            lab.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            lab.process.kill()
            lab.process.wait()


def shutdown_kernels(lab: JupyterLab) -> None:
    """Shut down every kernel the server runs (closing a tab leaves its kernel running)."""
    api, params = f"{lab.url}api/kernels", {"token": lab.token}
    with httpx2.Client(trust_env=False, timeout=30) as http:
        for kernel in http.get(api, params=params).raise_for_status().json():
            http.delete(f"{api}/{kernel['id']}", params=params).raise_for_status()


def chromium_missing_reason() -> str | None:
    """Why the browser tests cannot run here, or None when they can."""
    if not CHROMIUM.exists():
        return f"Chromium is not installed at {CHROMIUM} (Debian: apt-get install -y chromium)."
    if shutil.which("jupyter", path=str(Path(sys.executable).parent)) is None:
        return "JupyterLab is not installed in this environment (pip install jupyterlab)."
    return None


# --- the page ---------------------------------------------------------------------------------

CURRENT_NOTEBOOK_JS = "window.jupyterapp.shell.currentWidget"

KERNEL_IDLE_JS = f"""() => {{
  const panel = {CURRENT_NOTEBOOK_JS};
  const kernel = panel && panel.sessionContext && panel.sessionContext.session
    && panel.sessionContext.session.kernel;
  return Boolean(kernel && kernel.status === "idle" && panel.content.widgets.length > 0);
}}"""

RUN_ALL_JS = """async () => {
  await window.jupyterapp.commands.execute("notebook:run-all-cells");
}"""

READ_NOTEBOOK_JS = f"""([widgetMime, brokenTexts]) => {{
  const panel = {CURRENT_NOTEBOOK_JS};
  const report = {{codeCells: 0, unexecuted: [], errors: [], widgetOutputs: 0,
                  renderedWidgets: 0, broken: [], widgetTexts: {{}}}};
  panel.content.widgets.forEach((cell, index) => {{
    if (cell.model.type !== "code") return;
    report.codeCells += 1;
    if (cell.model.sharedModel.getSource().trim() && cell.model.executionCount === null) {{
      report.unexecuted.push(index);
    }}
    const expectsError = (cell.model.getMetadata("tags") || []).includes("raises-exception");
    const outputs = cell.model.outputs;
    for (let j = 0; j < outputs.length; j++) {{
      const output = outputs.get(j).toJSON();
      if (output.output_type === "error" && !expectsError) {{
        report.errors.push(`cell ${{index}}: ${{output.ename}}: ${{output.evalue}}`);
      }}
      const text = [].concat(output.text || []).join("");
      if (output.name === "stderr" && text.includes("Traceback (most recent call last)")) {{
        report.errors.push(`cell ${{index}} (stderr): ${{text.slice(0, 500)}}`);
      }}
      const view = output.data && output.data[widgetMime];
      if (!view) continue;
      report.widgetOutputs += 1;
      const node = cell.outputArea.widgets[j] && cell.outputArea.widgets[j].node;
      const shown = node ? node.innerText : "";
      if (node && node.querySelector(".jupyter-widgets, .widget-container, [class*='widget-']")) {{
        report.renderedWidgets += 1;
      }}
      report.widgetTexts[view.model_id] = shown;
      for (const broken of brokenTexts) {{
        if (shown.includes(broken)) report.broken.push(`cell ${{index}}: ${{broken}}`);
      }}
    }}
  }});
  return report;
}}"""


def open_notebook(page: Any, lab: JupyterLab, path: str, *, timeout: float = 90.0) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is idle."""
    page.goto(lab.notebook_url(path))
    page.wait_for_function("() => window.jupyterapp !== undefined", timeout=timeout * 1000)
    page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=timeout * 1000)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout * 1000)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")


def run_all_cells(page: Any, *, timeout: float = 240.0) -> None:
    """Run every cell (as the Run menu does) and wait until the kernel is idle again."""
    page.evaluate(RUN_ALL_JS)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout * 1000)


def read_notebook(page: Any, path: str, *, settle: float = 20.0) -> NotebookRun:
    """Read errors, unexecuted cells and widget rendering from the live page.

    Widgets may show "Loading widget..." for a moment, and the last outputs and execution counts
    can arrive just after the run's promise resolves (iopub messages trail the execute reply); so
    the page is re-read until two reads half a second apart agree and every widget has rendered,
    or `settle` seconds have passed.
    """
    deadline = time.monotonic() + settle
    previous = None
    while True:
        found = page.evaluate(READ_NOTEBOOK_JS, [WIDGET_MIME, list(BROKEN_WIDGET_TEXTS)])
        rendered = found["renderedWidgets"] == found["widgetOutputs"] and not found["broken"]
        if (rendered and found == previous) or time.monotonic() > deadline:
            break
        previous = found
        time.sleep(0.5)
    return NotebookRun(
        path=path,
        code_cells=found["codeCells"],
        unexecuted_cells=found["unexecuted"],
        errors=found["errors"],
        widget_outputs=found["widgetOutputs"],
        rendered_widgets=found["renderedWidgets"],
        broken_widgets=found["broken"],
        widget_texts=found["widgetTexts"],
    )


def run_notebook(page: Any, lab: JupyterLab, path: Path, *, settle: float = 20.0) -> NotebookRun:
    """Open a notebook under the lab's root, run all its cells, and read what the page shows."""
    relative = path.relative_to(lab.root).as_posix()
    open_notebook(page, lab, relative)
    run_all_cells(page)
    return read_notebook(page, relative, settle=settle)


NOTEBOOK_SCROLLER = ".jp-NotebookPanel .jp-WindowedPanel-outer"
HIDDEN_HEIGHT_JS = f"""() => {{
  const scroller = document.querySelector("{NOTEBOOK_SCROLLER}");
  return scroller ? scroller.scrollHeight - scroller.clientHeight : 0;
}}"""
SCROLL_TO_TOP_JS = f"""() => {{
  const scroller = document.querySelector("{NOTEBOOK_SCROLLER}");
  if (scroller) scroller.scrollTop = 0;
}}"""


def save_screenshot(page: Any, path: Path, *, max_height: int = 16000) -> Path:
    """Screenshot the page; a notebook is shown from its top, the window grown to its height."""
    path.parent.mkdir(parents=True, exist_ok=True)
    size = page.viewport_size
    height = min(size["height"] + page.evaluate(HIDDEN_HEIGHT_JS), max_height)
    page.set_viewport_size({"width": size["width"], "height": height})
    page.evaluate(SCROLL_TO_TOP_JS)
    page.wait_for_timeout(300)
    page.screenshot(path=str(path))
    page.set_viewport_size(size)
    return path


ELEMENT_BOXES_JS = """(selector) => Array.from(document.querySelectorAll(selector), (node) => {
  const box = node.getBoundingClientRect();
  return {left: box.left, right: box.right, top: box.top, bottom: box.bottom,
          width: box.width, height: box.height, text: node.innerText};
})"""


def element_boxes(page: Any, selector: str) -> list[dict[str, Any]]:
    """The bounding box (viewport pixels) and text of every element matching `selector`,
    all read at the same moment."""
    return page.evaluate(ELEMENT_BOXES_JS, selector)


# --- call counters: what the page shows vs what its kernel (or an in-process run) counted ---

COUNTER_PROBE = '''
def _workbook_call_counters():
    """Every live widget that is or holds a CallCounter -> its counters' numbers, as JSON."""
    import gc, json
    from ipywidgets import Widget
    from helpers.widgets import CallCounter

    def counters_in(widget):
        if isinstance(widget, CallCounter):
            return [widget]
        return [c for child in getattr(widget, "children", ()) for c in counters_in(child)]

    found = {}
    for widget in gc.get_objects():
        if isinstance(widget, Widget) and widget.comm is not None and counters_in(widget):
            found[widget.model_id] = [
                {"model_id": c.model_id, "counts": [c.llm_calls, c.tool_calls, c.errors]}
                for c in counters_in(widget)
            ]
    return json.dumps(found)

print(_workbook_call_counters())
'''
COUNTER_LABELS = ("LLM calls", "tool calls", "errors (occasional / repeated)")

RUN_PROBE_JS = f"""async (code) => {{
  const kernel = {CURRENT_NOTEBOOK_JS}.sessionContext.session.kernel;
  const future = kernel.requestExecute({{code, silent: false, store_history: false}});
  let text = "";
  future.onIOPub = (message) => {{
    if (message.header.msg_type === "stream") text += message.content.text;
    if (message.header.msg_type === "error") text += message.content.evalue;
  }};
  await future.done;
  return text;
}}"""

WIDGET_POSITIONS_JS = f"""(widgetMime) => {{
  const positions = [];
  {CURRENT_NOTEBOOK_JS}.content.widgets.forEach((cell, index) => {{
    if (cell.model.type !== "code") return;
    let shown = 0;
    for (let j = 0; j < cell.model.outputs.length; j++) {{
      const data = cell.model.outputs.get(j).toJSON().data;
      if (data && data[widgetMime]) positions.push([index, shown++, data[widgetMime].model_id]);
    }}
  }});
  return positions;
}}"""

VIEW_TEXTS_JS = f"""async (modelIds) => {{
  const findManager = (widget) => {{
    if (widget._manager && widget._manager.promise) return widget._manager.promise;
    for (const child of widget.widgets || []) {{
      const found = findManager(child);
      if (found) return found;
    }}
    return null;
  }};
  const areas = {CURRENT_NOTEBOOK_JS}.content.widgets.map((cell) => cell.outputArea);
  const managerPromise = areas.filter(Boolean).map(findManager).find(Boolean);
  if (!managerPromise) return {{}};
  const manager = await managerPromise;
  const texts = {{}};
  for (const id of modelIds) {{
    const model = await manager.get_model(id);
    const views = await Promise.all(Object.values(model.views));
    texts[id] = views.map((view) => view.el.innerText);
  }}
  return texts;
}}"""

Position = tuple[int, int]  # (cell index, n): the n-th widget displayed by that cell


def counters_by_position(probe: dict[str, Any], positions: list[list[Any]]) -> dict[Position, Any]:
    """Which counters each displayed widget holds: (cell, n) -> probe entries."""
    return {(cell, n): probe[model_id] for cell, n, model_id in positions if model_id in probe}


def widget_views(cell: Any) -> list[dict[str, Any]]:
    """The widget views a cell displayed, in order ({"model_id": ...} each)."""
    outputs = cell.get("outputs", [])
    return [item["data"][WIDGET_MIME] for item in outputs if WIDGET_MIME in item.get("data", {})]


def expected_counters(path: Path, *, timeout: int = 300) -> dict[Position, list[list[int]]]:
    """Run the notebook in process (nbclient, no browser) and read every CallCounter at the end."""
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    notebook.cells.append(nbformat.v4.new_code_cell(COUNTER_PROBE))
    resources = {"metadata": {"path": str(path.parent)}}
    NotebookClient(notebook, timeout=timeout, kernel_name="python3", resources=resources).execute()
    probe = json.loads("".join(out.get("text", "") for out in notebook.cells[-1].outputs))
    positions = [
        [cell, n, view["model_id"]]
        for cell, code in enumerate(notebook.cells[:-1])
        for n, view in enumerate(widget_views(code))
    ]
    found = counters_by_position(probe, positions)
    return {where: [c["counts"] for c in counters] for where, counters in found.items()}


def numbers_shown(text: str) -> list[int]:
    """The LLM calls, tool calls and errors a CallCounter's rendered table shows."""
    numbers = []
    for label in COUNTER_LABELS:
        match = re.search(rf"{re.escape(label)}\s+(\d+)", text)
        numbers.append(int(match.group(1)) if match else -1)
    return numbers


def kernel_counters(page: Any) -> dict[Position, Any]:
    """Every CallCounter the page's kernel holds, by the (cell, n) of the widget showing it."""
    probe = json.loads(page.evaluate(RUN_PROBE_JS, COUNTER_PROBE) or "{}")
    positions = page.evaluate(WIDGET_POSITIONS_JS, WIDGET_MIME)
    return counters_by_position(probe, positions)


def counters_held(page: Any) -> dict[Position, list[list[int]]]:
    """The numbers the kernel's CallCounters hold: (cell, n) -> per counter, its numbers."""
    return {
        where: [c["counts"] for c in counters] for where, counters in kernel_counters(page).items()
    }


def counters_shown(page: Any) -> dict[Position, list[list[list[int]]]]:
    """Every CallCounter in the live page: (cell, n) -> per counter, the numbers per view."""
    found = kernel_counters(page)
    ids = [c["model_id"] for counters in found.values() for c in counters]
    texts = page.evaluate(VIEW_TEXTS_JS, ids)
    return {
        where: [[numbers_shown(text) for text in texts.get(c["model_id"], [])] for c in counters]
        for where, counters in found.items()
    }


def counter_mismatches(
    expected: dict[Position, list[list[int]]], shown: dict[Position, list[list[list[int]]]]
) -> list[str]:
    """Where the page's counters differ from the in-process run, one sentence each."""
    problems = []
    for where in sorted(set(expected) | set(shown)):
        want, views = expected.get(where, []), shown.get(where, [])
        if len(want) != len(views):
            problems.append(f"cell {where[0]}: {len(want)} counters expected, {len(views)} shown")
            continue
        for counts, seen in zip(want, views, strict=True):
            if not seen or any(numbers != counts for numbers in seen):
                problems.append(
                    f"cell {where[0]}: [LLM calls, tool calls, errors] should be {counts}, "
                    f"the page shows {seen or 'no rendered view'}"
                )
    return problems
