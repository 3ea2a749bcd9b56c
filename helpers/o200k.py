"""The o200k_base tokenizer in pure Python, for where `bpe_openai` cannot be installed (the
browser: JupyterLite's Pyodide kernel has no wheel for it).

It reads the same `o200k_base.tiktoken.gz` that bpe-openai ships (MIT licence): one line per
token, `<base64 bytes> <rank>`. Encoding has two steps, as in tiktoken:
1. split the text into pieces with o200k's pattern (words with their leading space, up to
   three digits, punctuation runs, whitespace runs);
2. encode each piece's UTF-8 bytes by byte-pair merging: repeatedly join the adjacent pair
   whose joined bytes have the lowest rank, until no adjacent pair is a token.

The pattern uses Unicode classes (\\p{L}, \\p{N}, ...) that Python's `re` lacks, so each class
is spelled out as code point ranges built from `unicodedata`.
"""

from __future__ import annotations

import base64
import gzip
import re
import sys
import unicodedata
from collections.abc import Iterable
from functools import cache
from importlib import resources
from pathlib import Path

FILE_NAME = "o200k_base.tiktoken.gz"

# Unicode's White_Space property (what \s means in the Rust regex bpe-openai uses; Python's
# \s would also take U+001C..U+001F).
WHITE_SPACE = "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"

LETTER = ("Lu", "Ll", "Lt", "Lm", "Lo")
NUMBER = ("Nd", "Nl", "No")
MARK = ("Mn", "Mc", "Me")
UPPER_OR_TITLE = ("Lu", "Lt", "Lm", "Lo", *MARK)
LOWER = ("Ll", "Lm", "Lo", *MARK)


def _escaped(code_point: int) -> str:
    """One code point as a regex escape, safe inside a character class."""
    return f"\\U{code_point:08x}"


def _ranges(code_points: Iterable[int]) -> str:
    """Sorted code points as the inside of a character class: runs become a-b ranges."""
    parts: list[str] = []
    start = previous = -2
    for point in code_points:
        if point != previous + 1:
            if start >= 0:
                parts.append(_range_text(start, previous))
            start = point
        previous = point
    if start >= 0:
        parts.append(_range_text(start, previous))
    return "".join(parts)


def _range_text(first: int, last: int) -> str:
    """`first-last` (or a single code point) as class text."""
    return _escaped(first) if first == last else f"{_escaped(first)}-{_escaped(last)}"


@cache
def _categories() -> dict[str, list[int]]:
    """Every code point of the general categories the pattern uses, by category."""
    wanted = set(LETTER + NUMBER + MARK)
    found: dict[str, list[int]] = {name: [] for name in wanted}
    for point in range(sys.maxunicode + 1):
        category = unicodedata.category(chr(point))
        if category in wanted:
            found[category].append(point)
    return found


def unicode_class(*categories: str) -> str:
    """The inside of a character class matching the given general categories."""
    points = sorted(point for name in categories for point in _categories()[name])
    return _ranges(points)


@cache
def pattern() -> re.Pattern[str]:
    """o200k_base's split pattern (tiktoken's pat_str) with the classes spelled out."""
    letter, number = unicode_class(*LETTER), unicode_class(*NUMBER)
    upper, lower = unicode_class(*UPPER_OR_TITLE), unicode_class(*LOWER)
    contraction = "(?i:'s|'t|'re|'ve|'m|'ll|'d)?"
    other = f"[^\\r\\n{letter}{number}]"
    space = f"[{WHITE_SPACE}]"
    alternatives = [
        f"{other}?[{upper}]*[{lower}]+{contraction}",
        f"{other}?[{upper}]+[{lower}]*{contraction}",
        f"[{number}]{{1,3}}",
        f" ?[^{WHITE_SPACE}{letter}{number}]+[\\r\\n/]*",
        f"{space}*[\\r\\n]+",
        f"{space}+(?![^{WHITE_SPACE}])",
        f"{space}+",
    ]
    return re.compile("|".join(alternatives))


def ranks_file() -> Path:
    """Where o200k_base.tiktoken.gz is: in bpe_openai's data, else shipped with helpers."""
    try:
        found = resources.files("bpe_openai.data") / FILE_NAME
        if found.is_file():
            return Path(str(found))
    except ModuleNotFoundError:
        pass
    shipped = Path(__file__).parent / "data" / FILE_NAME
    if not shipped.is_file():
        raise FileNotFoundError(
            f"{FILE_NAME} was not found: install bpe-openai (it ships the file), or build the "
            f"helpers wheel with scripts/build_lite.py, which copies it to {shipped}."
        )
    return shipped


def read_ranks(path: Path) -> dict[bytes, int]:
    """The token table: each token's bytes and its rank (which is also its id)."""
    ranks: dict[bytes, int] = {}
    with gzip.open(path, "rt", encoding="ascii") as lines:
        for line in lines:
            if line.strip():
                token, rank = line.split()
                ranks[base64.b64decode(token)] = int(rank)
    return ranks


def merge_bytes(piece: bytes, ranks: dict[bytes, int]) -> list[int]:
    """Byte-pair merging: join the lowest-ranked adjacent pair until none is a token."""
    parts = [piece[i : i + 1] for i in range(len(piece))]
    while len(parts) > 1:
        pair_ranks = [ranks.get(parts[i] + parts[i + 1]) for i in range(len(parts) - 1)]
        known = [(rank, i) for i, rank in enumerate(pair_ranks) if rank is not None]
        if not known:
            break
        _, i = min(known)
        parts[i : i + 2] = [parts[i] + parts[i + 1]]
    return [ranks[part] for part in parts]


class PurePythonEncoding:
    """The part of bpe_openai's Encoding the workbook uses, in pure Python."""

    name = "o200k_base"

    def __init__(self, ranks: dict[bytes, int]) -> None:
        self._ranks = ranks
        self._bytes_of = {rank: token for token, rank in ranks.items()}

    def encode_ordinary(self, text: str) -> list[int]:
        """The token ids of `text` (special tokens are read as plain text)."""
        tokens: list[int] = []
        for piece in pattern().findall(well_formed(text)):
            encoded = piece.encode("utf-8")
            rank = self._ranks.get(encoded)
            tokens.extend([rank] if rank is not None else merge_bytes(encoded, self._ranks))
        return tokens

    def decode_single_token_bytes(self, token: int) -> bytes:
        """The bytes one token stands for."""
        return self._bytes_of[token]


def well_formed(text: str) -> str:
    """`text` with lone surrogates (not encodable as UTF-8) replaced by U+FFFD."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    return text


@cache
def pure_python_encoding() -> PurePythonEncoding:
    """The o200k_base encoding read once from its file (a few seconds in the browser)."""
    return PurePythonEncoding(read_ranks(ranks_file()))
