"""What the model sees: the same request rendered into the prompt text an open model reads.

Step 2 sends JSON (`tools`, `messages`); the server renders it with the model's chat template
and the model reads only that text. Two published formats:

- **harmony** (OpenAI's gpt-oss): tools become a TypeScript-like `namespace functions { ... }`
  in the developer message. Rendered by the `openai-harmony` package itself; its token count is
  exact (gpt-oss's tokenizer is o200k_harmony: o200k_base plus its special tokens).
- **Hermes/Qwen** (Qwen2.5-Instruct): tools as JSON lines inside `<tools></tools>` in the system
  message, calls as `<tool_call>{...}</tool_call>`. Rendered with jinja2 from Qwen2.5's published
  chat template (vendored in `helpers/templates/`); counted with o200k_base, a stand-in for
  Qwen's own tokenizer.

openai-harmony loads its vocabulary (`o200k_base.tiktoken`) from the folder named by the
environment variable TIKTOKEN_ENCODINGS_BASE, or downloads it. `bpe-openai` already ships that
file gzipped, so `use_bundled_vocabulary()` unzips it once into
`~/.cache/function-calling-workbook/tiktoken/` and points the variable there (unless you set it
yourself): no network needed. Where openai-harmony cannot be imported (e.g. in a browser
kernel), a harmony rendering is a message that says so, not an error.
"""

from __future__ import annotations

import copy
import difflib
import gzip
import json
import os
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jinja2
import jinja2.ext
import jinja2.sandbox

from helpers.tokens import encoding

VOCABULARY_VARIABLE = "TIKTOKEN_ENCODINGS_BASE"  # where openai-harmony looks for its vocabulary
VOCABULARY_FILE = "o200k_base.tiktoken"
CACHE_FOLDER = Path.home() / ".cache" / "function-calling-workbook" / "tiktoken"
QWEN_TEMPLATE = "qwen2_5_instruct.jinja"
QWEN_END = "<|im_end|>\n"  # closes each message in Qwen's ChatML
HARMONY = "harmony (gpt-oss)"
HERMES = "Hermes/Qwen2.5 <tools>"
API_JSON = "JSON (the API request)"
EXACT = "o200k_harmony, gpt-oss's own tokenizer: exact"
STAND_IN = "o200k_base, a stand-in: each open model has its own tokenizer"
FOR_SCALE = "o200k_base, for scale: no model reads this text"

Tools = Sequence[dict[str, Any]]
Messages = Sequence[dict[str, Any]]


class FormatUnavailable(Exception):
    """A prompt format cannot be rendered here; the message says why and what to do."""


@dataclass(frozen=True)
class Rendering:
    """One format's text of a request, and the token ids it is made of."""

    format: str
    text: str
    token_ids: tuple[int, ...]
    tokenizer: str
    available: bool = True

    @property
    def tokens(self) -> int:
        """How many tokens the model reads."""
        return len(self.token_ids)

    def __str__(self) -> str:
        return self.text


# --- The JSON the API receives -------------------------------------------------------------


def api_json(tools: Tools) -> str:
    """The `tools` field as the SDK writes it into the request body (compact JSON, UTF-8)."""
    return json.dumps(list(tools), ensure_ascii=False, separators=(",", ":"))


def json_rendering(tools: Tools) -> Rendering:
    """Step 2's `tools` as sent: what the server receives, not what the model reads."""
    text = api_json(tools)
    return Rendering(API_JSON, text, tuple(encoding().encode_ordinary(text)), FOR_SCALE)


# --- harmony (gpt-oss), rendered by openai-harmony -----------------------------------------


def bundled_vocabulary() -> Path:
    """bpe-openai's gzipped copy of o200k_base.tiktoken, the vocabulary harmony needs."""
    import bpe_openai.data

    return Path(str(resources.files(bpe_openai.data) / f"{VOCABULARY_FILE}.gz"))


def unzip_vocabulary(folder: Path) -> Path:
    """Unzip the bundled vocabulary into `folder` once (written whole, then renamed)."""
    target = folder / VOCABULARY_FILE
    if not target.exists():
        folder.mkdir(parents=True, exist_ok=True)
        partial = folder / f"{VOCABULARY_FILE}.{os.getpid()}.partial"
        with gzip.open(bundled_vocabulary()) as source, open(partial, "wb") as copy_to:
            shutil.copyfileobj(source, copy_to)
        os.replace(partial, target)
    return target


def use_bundled_vocabulary(folder: Path | None = None) -> str:
    """Point openai-harmony at a local vocabulary, in `folder` or the workbook's cache folder
    (your own TIKTOKEN_ENCODINGS_BASE wins)."""
    if VOCABULARY_VARIABLE not in os.environ:
        folder = folder or CACHE_FOLDER
        unzip_vocabulary(folder)
        os.environ[VOCABULARY_VARIABLE] = str(folder)
    return os.environ[VOCABULARY_VARIABLE]


@cache
def harmony_encoding() -> Any:
    """gpt-oss's harmony encoding, loaded once; FormatUnavailable when it cannot be."""
    try:
        import openai_harmony
    except ImportError:
        raise FormatUnavailable(
            "The harmony rendering needs the openai-harmony package, which is not installed "
            "in this kernel (pip install openai-harmony; it has no build for the browser)."
        ) from None
    try:
        folder = use_bundled_vocabulary()
    except OSError as error:  # e.g. a home folder that cannot be written
        raise FormatUnavailable(
            f"could not unzip the vocabulary into {CACHE_FOLDER}: {error}. Set "
            f"{VOCABULARY_VARIABLE} to a folder that holds {VOCABULARY_FILE}."
        ) from None
    try:
        return openai_harmony.load_harmony_encoding(
            openai_harmony.HarmonyEncodingName.HARMONY_GPT_OSS
        )
    except Exception as error:  # HarmonyError: its vocabulary is missing or unreadable
        raise FormatUnavailable(
            f"openai-harmony could not load its vocabulary from {VOCABULARY_VARIABLE}={folder}: "
            f"{error}. Unset {VOCABULARY_VARIABLE} to use the copy bpe-openai ships."
        ) from None


def harmony_tool(tool: dict[str, Any]) -> Any:
    """One `tools` entry as harmony's ToolDescription (name, description, JSON Schema)."""
    from openai_harmony import ToolDescription

    function = tool["function"]
    return ToolDescription.new(
        function["name"], function.get("description", ""), function.get("parameters")
    )


def harmony_developer(tools: Tools, instructions: str | None) -> Any:
    """The developer message: the system prompt's instructions, then `namespace functions`."""
    from openai_harmony import DeveloperContent, Message, Role

    content = DeveloperContent.new()
    if instructions:
        content = content.with_instructions(instructions)
    if tools:
        content = content.with_function_tools([harmony_tool(tool) for tool in tools])
    return Message.from_role_and_content(Role.DEVELOPER, content)


def call_names(messages: Messages) -> dict[str, str]:
    """Each tool call's id and function name: a tool result is addressed by the name."""
    return {
        call["id"]: call["function"]["name"]
        for message in messages
        for call in message.get("tool_calls") or []
    }


def harmony_calls(message: dict[str, Any]) -> list[Any]:
    """Step 4 in harmony: one commentary message per call, sent to `functions.<name>`."""
    from openai_harmony import Message, Role

    return [
        Message.from_role_and_content(Role.ASSISTANT, call["function"]["arguments"])
        .with_channel("commentary")
        .with_recipient(f"functions.{call['function']['name']}")
        .with_content_type("<|constrain|>json")
        for call in message["tool_calls"]
    ]


def harmony_message(message: dict[str, Any], names: dict[str, str]) -> list[Any]:
    """One chat message as harmony messages (system messages go to the developer message)."""
    from openai_harmony import Author, Message, Role

    role, content = message["role"], message.get("content") or ""
    if role == "user":
        return [Message.from_role_and_content(Role.USER, content)]
    if role == "tool":
        author = Author.new(Role.TOOL, f"functions.{names.get(message['tool_call_id'], '?')}")
        result = Message.from_author_and_content(author, content)
        return [result.with_recipient("assistant").with_channel("commentary")]
    if role == "assistant" and message.get("tool_calls"):
        return harmony_calls(message)
    if role == "assistant":
        return [Message.from_role_and_content(Role.ASSISTANT, content).with_channel("final")]
    return []


def system_text(messages: Messages) -> str | None:
    """The system prompt's text, if the conversation has one."""
    texts = [str(m.get("content") or "") for m in messages if m["role"] == "system"]
    return "\n\n".join(texts) or None


def unavailable(format_name: str, reason: FormatUnavailable) -> Rendering:
    """A rendering that could not be made: its text says why."""
    return Rendering(format_name, f"[{format_name} not shown: {reason}]", (), "none", False)


def harmony_prompt(tools: Tools, messages: Messages = ()) -> Rendering:
    """The whole prompt gpt-oss reads for this request, ready for the assistant's next turn."""
    try:
        harmony = harmony_encoding()
    except FormatUnavailable as reason:
        return unavailable(HARMONY, reason)
    from openai_harmony import Conversation, Message, Role, SystemContent

    names = call_names(messages)
    turns = [harmony_message(message, names) for message in messages]
    conversation = Conversation.from_messages(
        [
            Message.from_role_and_content(Role.SYSTEM, SystemContent.new()),
            harmony_developer(tools, system_text(messages)),
            *[part for turn in turns for part in turn],
        ]
    )
    ids = harmony.render_conversation_for_completion(conversation, Role.ASSISTANT)
    return Rendering(HARMONY, harmony.decode_utf8(ids), tuple(ids), EXACT)


def harmony_tools(tools: Tools) -> Rendering:
    """The tool block alone: the developer message with `namespace functions { ... }`."""
    try:
        harmony = harmony_encoding()
    except FormatUnavailable as reason:
        return unavailable(HARMONY, reason)
    ids = harmony.render(harmony_developer(tools, None))
    return Rendering(HARMONY, harmony.decode_utf8(ids), tuple(ids), EXACT)


# --- Hermes/Qwen2.5, rendered with jinja2 from the published chat template -----------------


def tojson(
    value: Any,
    ensure_ascii: bool = False,
    indent: int | None = None,
    separators: tuple[str, str] | None = None,
    sort_keys: bool = False,
) -> str:
    """The `tojson` filter as Hugging Face transformers defines it for chat templates
    (plain json.dumps; jinja2's own escapes HTML and sorts keys)."""
    return json.dumps(
        value, ensure_ascii=ensure_ascii, indent=indent, separators=separators, sort_keys=sort_keys
    )


def raise_exception(message: str) -> None:
    """The `raise_exception` a chat template may call on a conversation it cannot render."""
    raise jinja2.TemplateError(message)


def template_source(name: str = QWEN_TEMPLATE) -> str:
    """A vendored chat template's text (see helpers/templates/README.md for its source)."""
    return (resources.files("helpers") / "templates" / name).read_text(encoding="utf-8")


@cache
def chat_template(name: str = QWEN_TEMPLATE) -> jinja2.Template:
    """The template compiled the way transformers' apply_chat_template compiles it."""
    environment = jinja2.sandbox.ImmutableSandboxedEnvironment(
        trim_blocks=True, lstrip_blocks=True, extensions=[jinja2.ext.loopcontrols]
    )
    environment.filters["tojson"] = tojson
    environment.globals["raise_exception"] = raise_exception
    return environment.from_string(template_source(name))


def template_message(message: dict[str, Any]) -> dict[str, Any]:
    """A chat message as chat templates expect it: a call's arguments as an object, not a
    JSON string (vLLM and transformers parse them the same way before rendering)."""
    calls = message.get("tool_calls")
    if not calls:
        return dict(message)
    parsed = copy.deepcopy(calls)
    for call in parsed:
        call["function"]["arguments"] = json.loads(call["function"]["arguments"] or "{}")
    return {**message, "tool_calls": parsed}


def hermes_text(tools: Tools, messages: Messages, add_generation_prompt: bool) -> str:
    """Qwen2.5's chat template applied to the request."""
    return chat_template().render(
        messages=[template_message(message) for message in messages],
        tools=list(tools) or None,
        add_generation_prompt=add_generation_prompt,
    )


def hermes_prompt(tools: Tools, messages: Messages = ()) -> Rendering:
    """The whole prompt Qwen2.5 reads for this request, ready for the assistant's next turn."""
    text = hermes_text(tools, messages, add_generation_prompt=True)
    return Rendering(HERMES, text, tuple(encoding().encode_ordinary(text)), STAND_IN)


def hermes_tools(tools: Tools) -> Rendering:
    """The tool block alone: the system message with its `<tools>` lines (rendered before a
    question, since the template needs one, and cut after the system message)."""
    text = hermes_text(tools, [{"role": "user", "content": ""}], add_generation_prompt=False)
    system = text[: text.index(QWEN_END) + len(QWEN_END)]
    return Rendering(HERMES, system, tuple(encoding().encode_ordinary(system)), STAND_IN)


# --- Comparing renderings ------------------------------------------------------------------

Render = Callable[[Tools], Rendering]
TOOL_BLOCKS: dict[str, Render] = {HARMONY: harmony_tools, HERMES: hermes_tools}


def tool_blocks(tools: Tools) -> list[Rendering]:
    """The same tools as the JSON the API receives and as each format's tool block."""
    return [json_rendering(tools), *(render(tools) for render in TOOL_BLOCKS.values())]


def token_table(renderings: Sequence[Rendering]) -> str:
    """Tokens and characters of each rendering, and which tokenizer counted them."""
    width = max(len(r.format) for r in renderings)
    lines = [f"{'rendering':{width}}  tokens  chars  counted with"]
    for r in renderings:
        tokens = f"{r.tokens:6}" if r.available else "     -"
        lines.append(f"{r.format:{width}}  {tokens}  {len(r.text):5}  {r.tokenizer}")
    return "\n".join(lines)


def diff_renderings(before: Tools, after: Tools, render: Render = harmony_tools) -> str:
    """What the model reads differently after a change: a unified diff of two renderings."""
    old, new = render(before), render(after)
    if not (old.available and new.available):
        return old.text if not old.available else new.text
    lines = difflib.unified_diff(
        old.text.splitlines(), new.text.splitlines(), "before", "after", lineterm="", n=1
    )
    delta = f"tokens: {old.tokens} -> {new.tokens} ({new.tokens - old.tokens:+d})"
    return "\n".join([*lines, delta]) if old.text != new.text else f"no change\n{delta}"


def shared_prefix_tokens(first: Rendering, second: Rendering) -> int:
    """How many leading tokens two prompts share: what a prefix cache could reuse."""
    shared = 0
    for a, b in zip(first.token_ids, second.token_ids, strict=False):
        if a != b:
            break
        shared += 1
    return shared
