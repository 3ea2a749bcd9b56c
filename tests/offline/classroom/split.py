"""The dev/test split: deterministic, stratified by domain and language (README.md, "Split").

Rule: group the cases by (domain, lang), taking groups in sorted order; inside a group order
the cases by the SHA-256 of their id; then deal them out alternately, dev, test, dev, ...,
with ONE running counter across all groups. Every group is split within one case of evenly and
the halves differ by at most one case. Adding a case moves only cases of its own group.

    python -m tests.offline.classroom.split      # re-deal both files after adding cases
"""

from __future__ import annotations

import hashlib
import json
from itertools import groupby
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent


def stratum(case: dict[str, Any]) -> tuple[str, str]:
    """The group a case is dealt within."""
    return case["domain"], case["lang"]


def id_hash(case: dict[str, Any]) -> str:
    """A stable pseudo-random order inside a group."""
    return hashlib.sha256(case["id"].encode("utf-8")).hexdigest()


def split(cases: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Deal the cases into (dev, test) by the rule above."""
    ordered = sorted(cases, key=lambda case: (stratum(case), id_hash(case)))
    dev: list[dict[str, Any]] = []
    test: list[dict[str, Any]] = []
    counter = 0
    for _, group in groupby(ordered, key=stratum):
        for case in group:
            (dev if counter % 2 == 0 else test).append(case)
            counter += 1
    return sorted(dev, key=lambda c: c["id"]), sorted(test, key=lambda c: c["id"])


def write_json(path: Path, data: Any) -> None:
    """Human-readable JSON, Korean kept as written."""
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main() -> None:
    """Re-deal the cases of both files into cases_dev.json and cases_test.json."""
    cases = []
    for half in ("dev", "test"):
        path = HERE / f"cases_{half}.json"
        if path.exists():
            cases += json.loads(path.read_text(encoding="utf-8"))
    dev, test = split(cases)
    write_json(HERE / "cases_dev.json", dev)
    write_json(HERE / "cases_test.json", test)
    print(f"{len(dev)} dev cases, {len(test)} test cases")


if __name__ == "__main__":
    main()
