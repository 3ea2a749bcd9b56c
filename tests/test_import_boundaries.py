"""Import boundaries: the agent's side knows the offline model only through helpers/backend.py,
and imports it only when the offline backend is used; `import helpers.streaming` stays light.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
HELPERS = ROOT / "helpers"
OFFLINE = "helpers.offline"


def imported_modules(tree: ast.AST, package: str) -> list[tuple[str, ast.stmt]]:
    """Every module an `import` or `from ... import` names, relative imports resolved."""
    found: list[tuple[str, ast.stmt]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")
            if node.level:
                base = base[: len(base) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            found.append((module, node))
            found += [(f"{module}.{alias.name}", node) for alias in node.names]
    return found


def agent_side_files() -> list[Path]:
    """helpers/**/*.py outside helpers/offline/."""
    return [path for path in sorted(HELPERS.rglob("*.py"))
            if OFFLINE.replace(".", "/") not in path.relative_to(ROOT).as_posix()]


def package_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts if path.name == "__init__.py" else parts[:-1])


def imports_offline(module: str) -> bool:
    return module == OFFLINE or module.startswith(OFFLINE + ".")


def test_only_backend_imports_the_offline_model() -> None:
    offenders = []
    for path in agent_side_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for module, node in imported_modules(tree, package_of(path)):
            if imports_offline(module) and path != HELPERS / "backend.py":
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {module}")
    assert offenders == []


def test_backend_imports_the_offline_model_only_inside_functions() -> None:
    tree = ast.parse((HELPERS / "backend.py").read_text(encoding="utf-8"))
    run_at_import = [  # function bodies run later; `if TYPE_CHECKING:` never runs
        node for node in tree.body
        if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and not (isinstance(node, ast.If) and ast.unparse(node.test) == "TYPE_CHECKING")
    ]
    at_import_time = [
        node.lineno for node in run_at_import
        for module, _ in imported_modules(node, "helpers") if imports_offline(module)
    ]
    assert at_import_time == []


def test_the_checker_sees_every_kind_of_import() -> None:
    source = ("import helpers.offline\nfrom helpers import offline\n"
              "from helpers.offline.wire import PROFILES\nfrom .offline import MODEL_ID\n")
    modules = [m for m, _ in imported_modules(ast.parse(source), "helpers")]
    assert sum(imports_offline(module) for module in set(modules)) >= 4


def loaded_after(statement: str) -> set[str]:
    """The modules in sys.modules after `statement`, in a fresh interpreter."""
    code = f"{statement}\nimport sys\nprint('\\n'.join(sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, timeout=120).stdout
    return set(out.split())


@pytest.mark.parametrize("statement", [
    "import helpers.streaming",
    "import helpers",
    "from helpers import Agent, ToolRegistry, ToolResult, demo_registry",
])
def test_the_agent_side_loads_neither_the_offline_model_nor_jsonschema(statement: str) -> None:
    loaded = loaded_after(statement)
    assert not {m for m in loaded if imports_offline(m)}
    assert "jsonschema" not in loaded and "rfc3987_syntax" not in loaded


def test_import_helpers_streaming_loads_no_sdk() -> None:
    assert "openai" not in loaded_after("import helpers.streaming")


def test_connect_loads_the_offline_model_when_it_is_the_backend() -> None:
    loaded = loaded_after("import os\nos.environ['WORKBOOK_FORCE_OFFLINE'] = '1'\n"
                          "from helpers import connect\nconnect()")
    assert OFFLINE in loaded


def test_the_lazy_names_are_the_real_ones() -> None:
    import helpers
    from helpers.agent import Agent
    from helpers.registry import ToolRegistry

    assert helpers.Agent is Agent and helpers.ToolRegistry is ToolRegistry
    assert set(helpers.__all__) <= set(dir(helpers))
    with pytest.raises(AttributeError, match="no attribute 'Agnet'"):
        _ = helpers.Agnet  # type: ignore[attr-defined]
