"""How long reading a request takes, by input length: words (lemmas) and entities.

Inputs of 1k, 10k and 100k characters: English prose, Korean prose, a server log, a base64
blob and one long line without spaces. Reading must grow linearly with the length
(milliseconds to tens of milliseconds at 100k for logs and blobs). Prints; asserts nothing.
Run: python bench/bench_reading.py
"""

from __future__ import annotations

import base64
import random
import statistics
import time
from collections.abc import Callable

from helpers.offline.entities import find_entities
from helpers.offline.words import read_words, words

SIZES = (1_000, 10_000, 100_000)
ROUNDS = 3
ENGLISH = [
    "Convert 250 USD to EUR and book a table at Mingles for 4 people on 2025-05-20 at 7:30pm.",
    "What is 1234.5 times 6789 divided by 3? Email the answer to kim@example.com.",
    "Set a timer for an hour and a half, then text Sarah that the flights from ICN to JFK",
    "leave on March 3. Read /var/log/app.log and post 'done' in #general, cc @lee.",
]
KOREAN = [
    "라면 끓이게 10분 타이머 맞춰줘. 엄마한테 오늘 늦는다고 문자 보내줘.",
    "250달러를 유로로 바꿔줘. 다음 주 금요일 오후 3시 반에 서울에서 회의 잡아줘.",
    "김민수에게 3만원 보내고 프랑스어로 번역해줘. 010-1234-5678로 전화해.",
]


def repeated(sentences: list[str], size: int) -> str:
    """Sentences repeated up to a number of characters."""
    text = " ".join(sentences)
    return (text + " ") * (size // (len(text) + 1) + 1)


def server_log(size: int) -> str:
    """Log lines with timestamps, levels, addresses and paths."""
    rng = random.Random(3)
    lines = []
    while sum(len(line) + 1 for line in lines) < size:
        lines.append(
            f"2025-05-{rng.randint(1, 28):02d} {rng.randint(0, 23):02d}:{rng.randint(0, 59):02d}"
            f":{rng.randint(0, 59):02d} INFO worker-{rng.randint(1, 9)} GET /api/v1/items/"
            f"{rng.randint(1000, 9999)} 200 {rng.randint(5, 900)}ms user=u{rng.randint(1, 99)}"
        )
    return "\n".join(lines)


def inputs(size: int) -> dict[str, str]:
    """One input of each kind, cut to a number of characters."""
    blob = base64.b64encode(random.Random(1).randbytes(size)).decode()
    texts = {
        "English": repeated(ENGLISH, size),
        "Korean": repeated(KOREAN, size),
        "server log": server_log(size),
        "base64": blob,
        "one long line": "x1-" * size,
    }
    return {name: text[:size] for name, text in texts.items()}


def median_ms(read: Callable[[], object]) -> tuple[float, float]:
    """The median wall and CPU time of a few calls, in milliseconds (CPU: this process only)."""
    walls, cpus = [], []
    for _ in range(ROUNDS):
        read_words.cache_clear()
        wall, cpu = time.perf_counter(), time.process_time()
        read()
        walls.append((time.perf_counter() - wall) * 1000)
        cpus.append((time.process_time() - cpu) * 1000)
    return statistics.median(walls), statistics.median(cpus)


def main() -> None:
    """Print reading times and counts for every input kind and size."""
    find_entities("워밍업 John 010-1234-5678 May 20 kim@example.com")  # load every library once
    print("input          chars   words ms (cpu)   entities ms (cpu)   lemmas  entities")
    for size in SIZES:
        for name, text in inputs(size).items():
            words_wall, words_cpu = median_ms(lambda text=text: words(text))
            found_wall, found_cpu = median_ms(lambda text=text: find_entities(text))
            counts = len(words(text)), len(find_entities(text))
            print(
                f"{name:<14}{size:>6}{words_wall:>10.1f} ({words_cpu:>6.1f})"
                f"{found_wall:>12.1f} ({found_cpu:>6.1f}){counts[0]:>9}{counts[1]:>10}"
            )


if __name__ == "__main__":
    main()
