"""Copy the test fixtures from ../shared into tests/fixtures, so a fresh clone runs every test.

    python scripts/vendor_fixtures.py

- the streams recorded from the OpenAI API by the openai-python maintainers (with the
  .source.txt that names each one's origin), byte for byte;
- from the official OpenAPI document, only the Chat Completions response schemas the tests
  validate against, with every schema they reference (the whole document is 3 MB).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
FIXTURES = ROOT / "tests" / "fixtures"
ROOT_SCHEMAS = ("CreateChatCompletionResponse", "CreateChatCompletionStreamResponse")
REF_PREFIX = "#/components/schemas/"


def referenced_names(node: Any) -> set[str]:
    """The names of the schemas that `node` refers to with $ref."""
    if isinstance(node, list):
        return set().union(*(referenced_names(item) for item in node))
    if not isinstance(node, dict):
        return set()
    names = {node["$ref"].removeprefix(REF_PREFIX)} if "$ref" in node else set()
    return names.union(*(referenced_names(value) for value in node.values()))


def schema_closure(schemas: dict[str, Any], roots: tuple[str, ...]) -> dict[str, Any]:
    """The root schemas and every schema they reach through $ref."""
    wanted, todo = set(), list(roots)
    while todo:
        name = todo.pop()
        if name not in wanted:
            wanted.add(name)
            todo.extend(referenced_names(schemas[name]))
    return {name: schemas[name] for name in sorted(wanted)}


def vendor_recordings() -> None:
    """Copy every recorded stream and its source note."""
    target = FIXTURES / "openai-recorded"
    target.mkdir(parents=True, exist_ok=True)
    for path in sorted((SHARED / "fixtures" / "openai-recorded").iterdir()):
        shutil.copyfile(path, target / path.name)


def vendor_spec() -> None:
    """Write the Chat Completions response schemas of the official OpenAPI document."""
    spec = json.loads((SHARED / "spec" / "openai-openapi.json").read_text())
    subset = {
        "source": "openai/openai-openapi (the official OpenAPI document), components/schemas "
        f"reachable from {', '.join(ROOT_SCHEMAS)}; extracted by scripts/vendor_fixtures.py",
        "openapi": spec["openapi"],
        "components": {"schemas": schema_closure(spec["components"]["schemas"], ROOT_SCHEMAS)},
    }
    path = FIXTURES / "openai-chat-schemas.json"
    path.write_text(json.dumps(subset, indent=1, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    vendor_recordings()
    vendor_spec()
    print(f"wrote {FIXTURES.relative_to(ROOT)}")
