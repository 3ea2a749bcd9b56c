"""What the JupyterLite tests need: a Pyodide that works offline, the site, a static server.

This machine reaches PyPI and npm but not Pyodide's CDN, so the test makes its own Pyodide
distribution: the core (pyodide.mjs, the wasm, the standard library) from npm's `pyodide`
package, and a pyodide-lock.json that lists only wheels PyPI has for the browser:
- the pure-Python packages the kernel (IPython, jedi, micropip) and helpers need, at the
  versions Pyodide's lock names;
- PyPI's own browser builds of pydantic-core, jiter and msgpack (with the pydantic that fits);
- jsonschema 4.17 on pure-Python pyrsistent instead of 4.26 on rpds-py (compiled, Pyodide only);
- markupsafe (for jinja2) without its C speedups: PyPI's wheel repacked as pure Python, which
  markupsafe supports (it falls back to its own `_native` module).
Everything else compiled (numpy, matplotlib, regex, rpds-py, ...) is left out: the browser test
puts a matplotlib that draws nothing in its place (matplotlib_stand_in.py), and a lesson that
needs anything else stops there, skipped with that reason.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import json
import shutil
import subprocess
import sys
import tarfile
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from scripts.build_lite import PYODIDE_PLATFORM, PYODIDE_PYTHON

PYODIDE_VERSION = "314.0.6"  # jupyterlite-pyodide-kernel 0.8.6's Pyodide
CORE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")

# What the kernel loads at start (micropip, ipykernel's needs), and what helpers imports.
FROM_THE_LOCK = [
    "micropip", "packaging", "ipython", "jedi", "typing-extensions", "sniffio", "distro",
    "attrs", "python-dateutil", "pytz", "six", "tqdm", "annotated-types", "typing-inspection",
    "traitlets", "decorator", "pygments", "jinja2",
]  # fmt: skip
# Replacements from PyPI: name -> (requirement, the lock's depends for it).
FROM_PYPI = {
    "pydantic": ("pydantic==2.14.4", ["typing-extensions", "pydantic-core", "annotated-types",
                                      "typing-inspection"]),
    "pydantic-core": ("pydantic-core==2.50.5", ["typing-extensions"]),
    "jiter": ("jiter==0.19.0", []),
    "msgpack": ("msgpack==1.2.4", []),
    "typing-extensions": ("typing-extensions==4.16.0", []),
    "typing-inspection": ("typing-inspection==0.4.5", ["typing-extensions"]),
    "annotated-types": ("annotated-types==0.8.0", []),
    "jsonschema": ("jsonschema==4.17.3", ["attrs", "pyrsistent"]),
    "pyrsistent": ("pyrsistent==0.20.0", []),
}  # fmt: skip
# Compiled, with pure-Python code to fall back on: PyPI's wheel repacked without the compiled part.
REPACKED = {"markupsafe": "markupsafe==3.0.3"}
# Left out (compiled, only in Pyodide's distribution): why a lesson that needs them is skipped.
MISSING = "numpy, matplotlib, regex and rpds-py (Pyodide's distribution, not on PyPI)"


def pip_download(requirements: list[str], folder: Path) -> None:
    """Wheels for CPython 3.14 in the browser (pure Python, or built for Pyodide) into folder."""
    target = ["--python-version", PYODIDE_PYTHON, "--implementation", "cp", "--abi", "cp314"]
    target += ["--abi", "abi3", "--abi", "none", "--platform", PYODIDE_PLATFORM]
    target += ["--platform", "any", "--only-binary=:all:"]
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", str(folder)]
    subprocess.run([*command, *target, *requirements], check=True)


def pyodide_core(cache: Path) -> Path:
    """npm's pyodide package, unpacked once into the cache; the folder with pyodide.mjs."""
    package = cache / "package"
    if not (package / "pyodide.mjs").exists():
        npm = shutil.which("npm")
        if npm is None:
            raise FileNotFoundError("npm is needed to fetch the Pyodide core (npm pack pyodide)")
        subprocess.run([npm, "pack", f"pyodide@{PYODIDE_VERSION}", "--silent"], cwd=cache,
                       check=True, capture_output=True)  # fmt: skip
        with tarfile.open(cache / f"pyodide-{PYODIDE_VERSION}.tgz") as archive:
            archive.extractall(cache, filter="data")
    return package


def lock_closure(packages: dict[str, dict], names: list[str]) -> list[str]:
    """`names` and every package they depend on, as the lock says."""
    seen: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop().replace("_", "-").lower()  # depends may spell a name with _
        if name in seen or name not in packages:
            continue
        seen.append(name)
        todo.extend(packages[name].get("depends", []))
    return sorted(seen)


def wheel_entry(entry: dict, wheel: Path, depends: list[str]) -> dict:
    """A lock entry that points at `wheel` (file name, version, checksum)."""
    version = wheel.name.split("-")[1]
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    kind = "package"
    return {**entry, "file_name": wheel.name, "version": version, "sha256": digest,
            "depends": depends, "package_type": entry.get("package_type", kind)}  # fmt: skip


def offline_distribution(cache: Path) -> Path:
    """A Pyodide distribution folder made of npm's core and PyPI's wheels (made once)."""
    recipe = json.dumps([PYODIDE_VERSION, FROM_THE_LOCK, FROM_PYPI, REPACKED]).encode()
    dist = cache / f"pyodide-{hashlib.sha256(recipe).hexdigest()[:12]}"  # a new recipe, anew
    if (dist / "pyodide-lock.json").exists():
        return dist
    core = pyodide_core(cache)
    work = cache / "wheels"
    work.mkdir(exist_ok=True)
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages = lock["packages"]
    replaced = {**FROM_PYPI, **REPACKED}
    pure = [n for n in lock_closure(packages, FROM_THE_LOCK) if n not in replaced]
    pip_download([f"{n}=={packages[n]['version']}" for n in pure], work)
    pip_download([requirement for requirement, _ in FROM_PYPI.values()], work)
    kept = {}
    for name in pure:
        wheel = find_wheel(work, name, packages[name]["version"])
        kept[name] = wheel_entry(packages[name], wheel, packages[name].get("depends", []))
    for name, (requirement, depends) in FROM_PYPI.items():
        wheel = find_wheel(work, name, requirement.split("==")[1])
        base = packages.get(name, {"name": name, "imports": [name.replace("-", "_")]})
        kept[name] = wheel_entry(base, wheel, depends)
    for name, requirement in REPACKED.items():
        wheel = without_compiled_parts(host_wheel(requirement, work / "host"), work)
        kept[name] = wheel_entry(packages[name], wheel, packages[name].get("depends", []))
    dist.mkdir()
    for name in CORE_FILES:
        shutil.copy2(core / name, dist / name)
    for entry in kept.values():
        shutil.copy2(work / entry["file_name"], dist / entry["file_name"])
    (dist / "pyodide-lock.json").write_text(json.dumps({**lock, "packages": kept}))
    return dist


def host_wheel(requirement: str, folder: Path) -> Path:
    """PyPI's wheel of `requirement` for this machine's Python (compiled parts and all)."""
    folder.mkdir(exist_ok=True)
    command = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "--only-binary=:all:"]
    subprocess.run([*command, "-d", str(folder), requirement], check=True)
    name, version = requirement.split("==")
    return find_wheel(folder, name, version)


def without_compiled_parts(wheel: Path, folder: Path) -> Path:
    """`wheel` repacked as pure Python (py3-none-any): its .so/.pyd files left out, RECORD anew."""
    name, version = wheel.name.split("-")[:2]
    target = folder / f"{name}-{version}-py3-none-any.whl"
    records = []
    with zipfile.ZipFile(wheel) as source, zipfile.ZipFile(target, "w") as out:
        for item in source.namelist():
            if item.endswith(("/", ".so", ".pyd", ".dist-info/RECORD")):
                continue
            data = source.read(item)
            if item.endswith(".dist-info/WHEEL"):
                data = pure_wheel_metadata(data.decode()).encode()
            out.writestr(item, data, zipfile.ZIP_DEFLATED)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            records.append(f"{item},sha256={digest.decode()},{len(data)}")
        record = f"{name}-{version}.dist-info/RECORD"
        out.writestr(record, "\n".join([*records, f"{record},,"]) + "\n", zipfile.ZIP_DEFLATED)
    return target


def pure_wheel_metadata(text: str) -> str:
    """A WHEEL file's text, its tags replaced by the one of a pure-Python wheel."""
    lines = [line for line in text.splitlines() if line and not line.startswith("Tag:")]
    lines = [line.replace("Root-Is-Purelib: false", "Root-Is-Purelib: true") for line in lines]
    return "\n".join([*lines, "Tag: py3-none-any"]) + "\n"


def find_wheel(folder: Path, name: str, version: str) -> Path:
    """The downloaded wheel of `name` at `version` (wheel names use _ for - and any case)."""
    stem = name.replace("-", "_").lower()
    for wheel in folder.glob("*.whl"):
        parts = wheel.name.split("-")
        if parts[0].lower() == stem and parts[1] == version:
            return wheel
    raise FileNotFoundError(f"no wheel of {name}=={version} in {folder}")


class StaticFiles(http.server.SimpleHTTPRequestHandler):
    """A static host, as GitHub Pages is: files with their types (.wasm, .mjs), no logging."""

    extensions_map = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        ".wasm": "application/wasm", ".mjs": "text/javascript", ".js": "text/javascript",
        ".json": "application/json", ".whl": "application/zip",
    }  # fmt: skip

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the test prints what matters."""


@contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve `folder` on a free loopback port; yield its URL."""
    handler = functools.partial(StaticFiles, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
