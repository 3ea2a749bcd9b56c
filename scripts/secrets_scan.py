"""Find secrets before they are committed: API keys, tokens, private keys, URL passwords.

    python scripts/secrets_scan.py              # every file git tracks
    python scripts/secrets_scan.py FILE...      # these files (what pre-commit passes)

Exits 1 and names each file, line and kind of secret (never the secret itself) if it finds one.
The patterns match a key wherever it starts, also glued to a word (`api_key_sk-proj-...`) or
after an escape in a repr (`\\tsk-proj-...`), since that is how keys land in saved outputs.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

SECRET_PATTERNS = {
    "OpenAI API key": re.compile(
        r"sk-(?:proj|svcacct|admin)-[A-Za-z0-9_\-]{20,}"  # project, service and admin keys
        r"|sk-[A-Za-z0-9_\-]*T3BlbkFJ"  # every OpenAI key carries base64 "openai"
        r"|(?<![A-Za-z0-9])sk-[A-Za-z0-9_\-]{20,}"  # any other sk- key (Anthropic's too)
    ),
    "AWS access key id": re.compile(r"(?<![A-Z0-9])AKIA[0-9A-Z]{16}(?![0-9A-Z])"),
    "GitHub token": re.compile(r"gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{40,}"),
    "Hugging Face token": re.compile(r"(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}"),
    "Google API key": re.compile(r"AIza[0-9A-Za-z_\-]{35}"),
    "private key block": re.compile(r"-----BEGIN [A-Z ]*PRIVATE KEY-----"),
    "bearer token": re.compile(r"Bearer [A-Za-z0-9_\-\.]{30,}"),
    "password in a URL": re.compile(r"[a-z][a-z0-9+.\-]*://[^/\s:@\"'<>]+:[^/\s@\"'<>]+@[\w.\-\[]"),
}


def find_secrets(text: str) -> list[str]:
    """Names of the secret patterns that occur in `text`."""
    return [name for name, pattern in SECRET_PATTERNS.items() if pattern.search(text)]


def secret_lines(text: str) -> list[tuple[int, str]]:
    """(line number, kind of secret) for each line of `text` that holds one."""
    return [
        (number, name)
        for number, line in enumerate(text.splitlines(), start=1)
        for name in find_secrets(line)
    ]


def tracked_files() -> list[Path]:
    """Every file git tracks (or, outside a checkout, every file below the root)."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
        ).stdout.decode()
        return [ROOT / name for name in out.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        return [p for p in ROOT.rglob("*") if p.is_file() and ".venv" not in p.parts]


def scan(paths: Iterable[Path]) -> dict[str, list[tuple[int, str]]]:
    """For each file that holds a secret: where, and of which kind."""
    found = {}
    for path in paths:
        if path.is_file():
            lines = secret_lines(path.read_text(encoding="utf-8", errors="ignore"))
            if lines:
                found[str(path)] = lines
    return found


def main(argv: list[str]) -> int:
    """Scan the files named in `argv` (default: every tracked file); 1 if any holds a secret."""
    paths = [Path(name) for name in argv] or tracked_files()
    found = scan(paths)
    for path, lines in found.items():
        for number, name in lines:
            print(f"{path}:{number}: possible {name}", file=sys.stderr)
    if found:
        print(
            "Remove the secret (keep keys in environment variables, never in files or "
            "outputs); if the key was ever pushed, revoke it.",
            file=sys.stderr,
        )
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
