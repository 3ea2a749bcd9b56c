"""The dev/test split: deterministic, stratified by domain and language (README.md, "Split").

Rule: new cases are dealt one by one, grouped by (domain, lang) in sorted order and, inside a
group, in the order of the SHA-256 of their id. Each goes to the half that holds fewer cases of
its group; on a tie, to the half with fewer cases overall; on a tie again, to dev. A case
already in a half never moves, so adding cases cannot leak a case the model was tuned on into
the test half.

    python -m tests.offline.classroom.split new_cases.json   # deal new cases into both files
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
Case = dict[str, Any]


def stratum(case: Case) -> tuple[str, str]:
    """The group a case is balanced within."""
    return case["domain"], case["lang"]


def deal_order(case: Case) -> tuple[tuple[str, str], str]:
    """Groups in sorted order; inside a group a stable pseudo-random order."""
    return stratum(case), hashlib.sha256(case["id"].encode("utf-8")).hexdigest()


def deal(dev: list[Case], test: list[Case], new: list[Case]) -> tuple[list[Case], list[Case]]:
    """Add the new cases to the halves by the rule above; the old cases stay where they are."""
    dev, test = list(dev), list(test)
    dev_groups = Counter(stratum(case) for case in dev)
    test_groups = Counter(stratum(case) for case in test)
    for case in sorted(new, key=deal_order):
        group = stratum(case)
        balance = (dev_groups[group] - test_groups[group], len(dev) - len(test))
        if balance <= (0, 0):
            dev.append(case)
            dev_groups[group] += 1
        else:
            test.append(case)
            test_groups[group] += 1
    return sorted(dev, key=lambda c: c["id"]), sorted(test, key=lambda c: c["id"])


def read_json(path: Path) -> Any:
    """A JSON file, or an empty list when it does not exist yet."""
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else []


def write_json(path: Path, data: Any) -> None:
    """Human-readable JSON, Korean kept as written."""
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def compact(value: Any) -> str:
    """One value on one line."""
    return json.dumps(value, ensure_ascii=False)


def case_text(case: Case) -> str:
    """One case: a field per line, and each message and alternative on a line of its own."""
    fields = []
    for key, value in case.items():
        if key in ("messages", "accept"):
            items = ",\n".join(f"    {compact(item)}" for item in value)
            fields.append(f'  "{key}": [\n{items}\n  ]')
        else:
            fields.append(f'  "{key}": {compact(value)}')
    return " {\n" + ",\n".join(fields) + "\n }"


def write_cases(path: Path, cases: list[Case]) -> None:
    """A half as JSON a reviewer can read case by case."""
    path.write_text("[\n" + ",\n".join(case_text(case) for case in cases) + "\n]\n", "utf-8")


def main(argv: list[str] | None = None) -> None:
    """Deal the cases of a JSON file into cases_dev.json and cases_test.json."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("new_cases", type=Path, help="a JSON list of new cases")
    new = read_json(parser.parse_args(argv).new_cases)
    dev, test = deal(read_json(HERE / "cases_dev.json"), read_json(HERE / "cases_test.json"), new)
    write_cases(HERE / "cases_dev.json", dev)
    write_cases(HERE / "cases_test.json", test)
    print(f"{len(dev)} dev cases, {len(test)} test cases")


if __name__ == "__main__":
    main()
