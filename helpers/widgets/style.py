"""What every view shares: colours, small HTML pieces (always escaped) and a full text repr."""

from __future__ import annotations

import html
import json
import re
from typing import Any

ROLE_COLOURS = {  # role -> (accent, background)
    "system": ("#4b5563", "#f3f4f6"),
    "user": ("#1d4ed8", "#eff6ff"),
    "assistant": ("#15803d", "#f0fdf4"),
    "tool": ("#b45309", "#fffbeb"),
}
OTHER_COLOURS = ("#6b7280", "#f9fafb")
PAIR_COLOURS = ("#7c3aed", "#db2777", "#0891b2", "#65a30d", "#ea580c", "#4f46e5", "#0d9488")
WARNING_COLOUR = "#dc2626"
LONE_SURROGATE = re.compile("[\ud800-\udfff]")  # e.g. from a file name that is not UTF-8


class FullTextRepr:
    """Give a widget's whole `__repr__` as text/plain (ipywidgets cuts it at 110 characters)."""

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any] | None:
        bundle = super()._repr_mimebundle_(**kwargs)  # type: ignore[misc]
        if bundle is not None:
            bundle["text/plain"] = valid_text(repr(self))
        return bundle


def valid_text(text: str) -> str:
    """`text` as valid UTF-8: each lone surrogate becomes U+FFFD (the kernel's messages to the
    browser are UTF-8 JSON, which cannot carry one)."""
    return LONE_SURROGATE.sub("\ufffd", text)


def text_html(value: Any) -> str:
    """Any value as HTML text: valid UTF-8, with <, >, & and both quotes escaped.

    Every value that reaches an HTML widget goes through here: a role, a name or a result from
    a model, a tool or a hand-built history is shown as text, never run as markup.
    """
    return html.escape(valid_text(str(value)), quote=True)


def pair_colour(number: int) -> str:
    """The colour shared by tool call `number` (1-based) and the tool message answering it."""
    return PAIR_COLOURS[(number - 1) % len(PAIR_COLOURS)]


def badge(text: str, colour: str) -> str:
    """A small coloured label, e.g. the '#1' that pairs a tool call with its result."""
    return (
        f'<span style="background:{colour};color:white;border-radius:8px;'
        f'padding:0 6px;font-size:0.85em">{text_html(text)}</span>'
    )


def card(title_html: str, body_html: str, accent: str, background: str) -> str:
    """A card: a coloured left border, a title line and a body (both already HTML)."""
    return (
        f'<div style="border-left:4px solid {accent};background:{background};color:#111827;'
        f'padding:4px 8px;margin:2px 0;border-radius:4px">'
        f'<div style="font-size:0.85em;font-weight:bold;color:{accent}">{title_html}</div>'
        f"{body_html}</div>"
    )


def pre(text: str) -> str:
    """Preformatted, escaped text that wraps long lines."""
    return f'<pre style="margin:2px 0;white-space:pre-wrap">{text_html(text)}</pre>'


def warning(text: str) -> str:
    """A red line that names a problem."""
    return f'<div style="color:{WARNING_COLOUR};font-weight:bold">⚠ {text_html(text)}</div>'


def pretty_json(text: str) -> str:
    """Indent a JSON string for reading; anything that is not JSON comes back unchanged."""
    try:
        return json.dumps(json.loads(text), indent=2, ensure_ascii=False)
    except (TypeError, ValueError):
        return text


def one_line(text: Any, width: int = 80) -> str:
    """`text` on one line, cut at `width` characters with '…' (for text reprs)."""
    flat = " ".join(str(text).split())
    return flat if len(flat) <= width else flat[: width - 1] + "…"


def plural(count: int, noun: str) -> str:
    """'1 message', '2 messages'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"
