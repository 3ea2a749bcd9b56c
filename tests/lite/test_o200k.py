"""The pure-Python o200k counter (the browser's) gives bpe-openai's tokens, text for text."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import bpe_openai
import nbformat
import pytest

from helpers import o200k, tokens

ROOT = Path(__file__).resolve().parents[2]

# Code points a learner's text is made of, plus the edges of the split pattern: whitespace the
# Rust regex does not count as \s (U+001C..U+001F), combining marks, digits of other scripts,
# case pairs for the 's/'LL contractions (ſ is an s when case is ignored), emoji.
ALPHABETS = [
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
    " \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u2003\u2028\u3000'/",
    "'\"!?.,;:-_()[]{}<>@#$%^&*+=~`|\\",
    "sStTdDmMlLvVreſKﬅ'",
    "베이징날씨어때서울의오늘기온은섭씨도입니다",
    "北京天気東京の今日は晴れです",
    "éèêàçñöüß\u0301\u0308\u0327ÉÀǅǈ",
    "٠١٢٣٤٥٦٧٨٩०१२३४५६७८९½⅓²³",
    "😀🎉👍🏽\u200d❤️🇰🇷",
]


def notebook_texts() -> list[str]:
    """Every cell's source and text outputs, in every lesson and student copy."""
    texts = []
    for path in sorted(ROOT.glob("notebooks/**/*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            texts.append(cell.source)
            for output in cell.get("outputs", []):
                texts.append(str(output.get("text", "")))
                texts.append(str(output.get("data", {}).get("text/plain", "")))
    return [text for text in texts if text]


def random_texts(count: int, seed: int = 14) -> list[str]:
    """`count` random strings: runs from the alphabets above and any assigned code point."""
    rng = random.Random(seed)
    texts = []
    for _ in range(count):
        chars = []
        for _ in range(rng.randint(1, 60)):
            if rng.random() < 0.15:
                chars.append(random_assigned_char(rng))
            else:
                chars.append(rng.choice(rng.choice(ALPHABETS)))
        texts.append("".join(chars))
    return texts


def random_assigned_char(rng: random.Random) -> str:
    """A random code point that is neither a surrogate nor unassigned."""
    while True:
        char = chr(rng.randint(0, 0x10FFFF))
        if o200k.unicodedata.category(char) not in ("Cs", "Cn"):
            return char


@pytest.fixture(scope="module")
def reference() -> bpe_openai.Encoding:
    return bpe_openai.get_encoding("o200k_base")


@pytest.fixture(scope="module")
def pure() -> o200k.PurePythonEncoding:
    return o200k.pure_python_encoding()


def assert_same_tokens(texts, pure, reference) -> None:
    """Every text gives the same token ids in both encoders (the first differences shown)."""
    differ = [t for t in texts if pure.encode_ordinary(t) != reference.encode_ordinary(t)]
    assert not differ, f"{len(differ)} of {len(texts)} texts tokenized differently: {differ[:3]!r}"


def test_every_notebook_cell_tokenizes_as_bpe_openai(pure, reference) -> None:
    texts = notebook_texts()
    assert len(texts) > 300
    assert_same_tokens(texts, pure, reference)


def test_random_unicode_strings_tokenize_as_bpe_openai(pure, reference) -> None:
    assert_same_tokens(random_texts(400), pure, reference)


def test_lone_surrogates_become_replacement_characters(pure, reference) -> None:
    text = "a\ud800b \udfff"
    assert pure.encode_ordinary(text) == reference.encode_ordinary(text)
    assert pure.encode_ordinary(text) == pure.encode_ordinary("a\ufffdb \ufffd")


def test_pieces_decode_back_to_the_text(pure) -> None:
    text = "베이징 날씨 어때? It's 23°C."
    ids = pure.encode_ordinary(text)
    assert b"".join(pure.decode_single_token_bytes(i) for i in ids).decode() == text


def test_tokens_falls_back_to_pure_python_without_bpe_openai(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "bpe_openai", None)  # import fails
    tokens.encoding.cache_clear()
    try:
        assert isinstance(tokens.encoding(), o200k.PurePythonEncoding)
        assert tokens.count_tokens("베이징 날씨 어때?") == 8
    finally:
        tokens.encoding.cache_clear()


def test_missing_table_names_where_to_get_it(monkeypatch, tmp_path) -> None:
    monkeypatch.setitem(sys.modules, "bpe_openai", None)
    monkeypatch.setitem(sys.modules, "bpe_openai.data", None)
    monkeypatch.setattr(o200k, "__file__", str(tmp_path / "o200k.py"))
    with pytest.raises(FileNotFoundError, match="install bpe-openai"):
        o200k.ranks_file()
