"""What a notebook pays before its first cell does anything: the import times of helpers.

Each statement runs in a fresh interpreter, ROUNDS times; the median is printed, with the
ratio to `import openai` (issue 10's target: `import helpers` <= 1.5 x `import openai`).
With --notebooks it also prints the wall time of `pytest notebooks -q` (nbval executes the
lesson notebooks, each in a new kernel, so each pays these imports once; takes about a minute).
Prints; asserts nothing. Run: python bench/bench_imports.py [--notebooks]
(the imports resolve as in the current directory: to measure another tree, run it from there
with PYTHONPATH set to it).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 5
STATEMENTS = [
    "import openai",
    "import helpers",
    "import helpers.streaming",
    "from helpers import Agent, ToolRegistry, connect, demo_registry",
    "from helpers import Agent, connect; connect()",  # the offline model loads here
    "import jsonschema",  # for comparison: what helpers no longer imports
]
TIMER = """
import time
started = time.perf_counter()
{statement}
print(time.perf_counter() - started)
"""


def import_seconds(statement: str) -> float:
    """The median time `statement` takes in a fresh interpreter."""
    env = {**os.environ, "WORKBOOK_FORCE_OFFLINE": "1"}
    times = []
    for _ in range(ROUNDS):
        out = subprocess.run(
            [sys.executable, "-c", TIMER.format(statement=statement)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        times.append(float(out.split()[-1]))
    return statistics.median(times)


def notebooks_seconds() -> float:
    """Wall time of nbval over the lesson notebooks."""
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pytest", "notebooks", "-q"], cwd=ROOT, check=False)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--notebooks", action="store_true", help="also time `pytest notebooks`")
    options = parser.parse_args()
    print(f"median of {ROUNDS} fresh interpreters, seconds (python {sys.version.split()[0]})\n")
    openai_time = import_seconds(STATEMENTS[0])
    print(f"{'statement':66} {'s':>6} {'x openai':>8}")
    for statement in STATEMENTS:
        seconds = openai_time if statement == STATEMENTS[0] else import_seconds(statement)
        print(f"{statement:66} {seconds:6.2f} {seconds / openai_time:8.2f}")
    if options.notebooks:
        print(f"\npytest notebooks -q (nbval, the lessons): {notebooks_seconds():.1f} s")


if __name__ == "__main__":
    main()
