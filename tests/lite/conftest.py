"""Fixtures for the JupyterLite tests: the site built once per session, one Chromium page with
one Pyodide kernel (helpers installed from the site's pypi/ folder) for the browser tests."""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # scripts/ is not a package on the path otherwise
sys.path.insert(0, str(Path(__file__).parent))

from lite_support import offline_distribution, serve  # noqa: E402

from scripts.build_lite import build_site  # noqa: E402

CACHE = Path(tempfile.gettempdir()) / "workbook-lite-test"  # Pyodide and wheels, kept between runs
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update"]  # fmt: skip
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"

# What the page needs from JupyterLab: the kernel spec, then a kernel, then one cell at a time.
KERNEL_READY_JS = """() => {
  const specs = window.jupyterapp && window.jupyterapp.serviceManager.kernelspecs.specs;
  return !!(specs && specs.kernelspecs && specs.kernelspecs.python);
}"""
EXECUTE_JS = """async ([code]) => {
  const app = window.jupyterapp;
  if (!window.liteKernel) {
    window.liteKernel = await app.serviceManager.kernels.startNew({name: 'python'});
  }
  const outputs = [];
  const future = window.liteKernel.requestExecute({code, stop_on_error: true});
  future.onIOPub = (message) => {
    const type = message.header.msg_type;
    if (['stream', 'execute_result', 'display_data', 'error'].includes(type)) {
      outputs.push({type, content: message.content});
    }
  };
  const reply = await future.done;
  return {status: reply.content.status, outputs};
}"""
# The test installs helpers without its dependencies, then those this offline Pyodide has: the
# site's own first cell (`%pip install function-calling-workbook`) would also ask for numpy,
# matplotlib, regex, rpds-py... that only Pyodide's distribution serves (jinja2 comes with the
# pure-Python markupsafe of lite_support). The offline model's readers (dateparser, wordfreq,
# lemminflect) are installed without theirs: importing them stops at `regex`, which is missing here.
INSTALL_CODE = """\
import piplite
await piplite.install("function-calling-workbook", deps=False)
await piplite.install(["openai", "httpx2", "httpx2-jsfetch", "pydantic", "anyio", "starlette",
                       "ipywidgets", "jsonschema", "phonenumbers", "jinja2"])
await piplite.install(["dateparser", "tzlocal", "wordfreq", "ftfy", "langcodes", "locate",
                       "msgpack", "lemminflect"], deps=False)
print("installed")"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Skip the browser tests with one reason when Chromium or npm is missing."""
    reason = None
    if not CHROMIUM.exists():
        reason = f"Chromium is not installed at {CHROMIUM} (Debian: apt-get install -y chromium)."
    elif shutil.which("npm") is None:
        reason = "npm is needed to fetch the Pyodide core (npm pack pyodide)."
    for item in items:
        if reason and item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.skip(reason=reason))


@pytest.fixture(scope="session")
def lite_site() -> Path:
    """The site, built once per session with the offline Pyodide distribution."""
    if shutil.which("npm") is None:
        pytest.skip("npm is needed to fetch the Pyodide core (npm pack pyodide).")
    CACHE.mkdir(exist_ok=True)
    site = build_site(CACHE / "site", pyodide=offline_distribution(CACHE))
    config_path = site / "jupyter-lite.json"
    config = json.loads(config_path.read_text())
    data = config["jupyter-config-data"]
    data["exposeAppInBrowser"] = True  # the test drives JupyterLab through window.jupyterapp
    data["litePluginSettings"][KERNEL_PLUGIN]["disablePyPIFallback"] = True  # offline, for sure
    config_path.write_text(json.dumps(config, indent=2))
    return site


@dataclass
class Output:
    """What one cell did in the browser's kernel."""

    status: str
    outputs: list[dict[str, Any]]

    @property
    def text(self) -> str:
        """Its stdout and results as text."""
        parts = []
        for output in self.outputs:
            content = output["content"]
            parts.append(content.get("text") or content.get("data", {}).get("text/plain", ""))
        return "".join(parts)

    @property
    def error(self) -> str:
        """The exception's name and message, if the cell failed."""
        errors = [o["content"] for o in self.outputs if o["type"] == "error"]
        if not errors:
            return ""
        name = errors[0]["ename"].removeprefix("<class '").removesuffix("'>")  # Pyodide's form
        return f"{name}: {errors[0]['evalue']}"


class LiteKernel:
    """Run code in the page's Pyodide kernel, one cell at a time."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def run(self, code: str) -> Output:
        """Execute `code` as a cell; the page's own timeout bounds it."""
        result = self.page.evaluate(EXECUTE_JS, [code])
        return Output(result["status"], result["outputs"])

    def ok(self, code: str) -> str:
        """Execute `code`; fail the test with the cell's error if it raised; return its text."""
        output = self.run(code)
        assert output.status == "ok", output.error
        return output.text


@pytest.fixture(scope="module")
def lite_kernel(lite_site: Path) -> Iterator[LiteKernel]:
    """Chromium on the served site, a Pyodide kernel started, helpers installed."""
    from playwright.sync_api import sync_playwright

    with serve(lite_site) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.set_default_timeout(120_000)
        page.goto(f"{url}/lab/index.html")
        page.wait_for_function(KERNEL_READY_JS)
        kernel = LiteKernel(page)
        assert kernel.ok(INSTALL_CODE).strip().endswith("installed")
        yield kernel
        browser.close()
