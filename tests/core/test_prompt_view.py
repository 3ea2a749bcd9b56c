"""The renderings follow the published formats: gpt-oss's harmony and Qwen2.5's <tools> block."""

from __future__ import annotations

import copy
import gzip
import json
import sys

import pytest

from helpers import prompt_view
from helpers.demo_tools import demo_registry, weather_registry
from helpers.prompt_view import (
    api_json,
    diff_renderings,
    harmony_encoding,
    harmony_prompt,
    harmony_tools,
    hermes_prompt,
    hermes_tools,
    json_rendering,
    shared_prefix_tokens,
    template_source,
    tool_blocks,
    use_bundled_vocabulary,
)
from helpers.tokens import count_tokens

# OpenAI's harmony guide ("Function calling" in the developer message) shows this tool as:
HARMONY_GUIDE_WEATHER = """namespace functions {

// Gets the current weather in the provided location.
type get_current_weather = (_: {
// The city and state, e.g. San Francisco, CA
location: string,
format?: "celsius" | "fahrenheit", // default: celsius
}) => any;

} // namespace functions"""
GUIDE_TOOL = {
    "type": "function",
    "function": {
        "name": "get_current_weather",
        "description": "Gets the current weather in the provided location.",
        "parameters": {
            "type": "object",
            "properties": {
                "location": {
                    "type": "string",
                    "description": "The city and state, e.g. San Francisco, CA",
                },
                "format": {
                    "type": "string",
                    "enum": ["celsius", "fahrenheit"],
                    "default": "celsius",
                },
            },
            "required": ["location"],
        },
    },
}
# Qwen2.5's chat template, the text around the tool lines (written out here, not read from it):
QWEN_DEFAULT_SYSTEM = "You are Qwen, created by Alibaba Cloud. You are a helpful assistant."
QWEN_TOOLS_OPEN = (
    "\n\n# Tools\n\nYou may call one or more functions to assist with the user query.\n\n"
    "You are provided with function signatures within <tools></tools> XML tags:\n<tools>"
)
QWEN_TOOLS_CLOSE = (
    "\n</tools>\n\nFor each function call, return a json object with function name and "
    "arguments within <tool_call></tool_call> XML tags:\n<tool_call>\n"
    '{"name": <function-name>, "arguments": <args-json-object>}\n</tool_call><|im_end|>\n'
)
CALL = {
    "id": "call_1",
    "type": "function",
    "function": {"name": "get_weather", "arguments": '{"city":"Beijing"}'},
}
TURN = [
    {"role": "system", "content": "Answer in one sentence."},
    {"role": "user", "content": "베이징 날씨 어때?"},
    {"role": "assistant", "content": None, "tool_calls": [CALL]},
    {"role": "tool", "tool_call_id": "call_1", "content": '{"summary": "맑음, 28도"}'},
]


def weather_tools() -> list[dict]:
    return weather_registry().definitions()


def changed(tools: list[dict], **changes) -> list[dict]:
    """A copy of the tools with the first tool's `unit` parameter changed (None: removed)."""
    edited = copy.deepcopy(tools)
    unit = edited[0]["function"]["parameters"]["properties"]["unit"]
    for key, value in changes.items():
        if value is None:
            unit.pop(key)
        else:
            unit[key] = value
    return edited


# --- harmony ---------------------------------------------------------------------------------


def test_harmony_renders_the_guides_example_exactly() -> None:
    rendering = harmony_tools([GUIDE_TOOL])
    assert rendering.available
    assert HARMONY_GUIDE_WEATHER in rendering.text
    assert rendering.text.startswith("<|start|>developer<|message|># Tools\n\n## functions\n\n")
    assert rendering.text.endswith("} // namespace functions<|end|>")


def test_harmony_equals_what_openai_harmony_renders() -> None:
    from openai_harmony import (
        Conversation,
        DeveloperContent,
        HarmonyEncodingName,
        Message,
        Role,
        SystemContent,
        ToolDescription,
        load_harmony_encoding,
    )

    tools = demo_registry().definitions()
    described = [
        ToolDescription.new(
            t["function"]["name"], t["function"]["description"], t["function"]["parameters"]
        )
        for t in tools
    ]
    developer = DeveloperContent.new().with_function_tools(described)
    conversation = Conversation.from_messages(
        [
            Message.from_role_and_content(Role.SYSTEM, SystemContent.new()),
            Message.from_role_and_content(Role.DEVELOPER, developer),
            Message.from_role_and_content(Role.USER, "베이징 날씨 어때?"),
        ]
    )
    harmony = load_harmony_encoding(HarmonyEncodingName.HARMONY_GPT_OSS)
    expected = harmony.render_conversation_for_completion(conversation, Role.ASSISTANT)

    rendering = harmony_prompt(tools, [{"role": "user", "content": "베이징 날씨 어때?"}])
    assert list(rendering.token_ids) == expected
    assert rendering.tokens == len(expected)
    assert rendering.text == harmony.decode_utf8(expected)


def test_harmony_shows_descriptions_as_comments_and_optional_parameters_with_a_question_mark():
    text = harmony_tools(weather_tools()).text
    assert "namespace functions {" in text
    assert "// Get the current weather (condition and temperature) for a city.\n" in text
    assert "type get_weather = (_: {\n" in text
    assert (
        '// The city name in English or Korean, e.g. "Beijing" or "베이징".\ncity: string,' in text
    )
    assert '// The temperature unit.\nunit?: "celsius" | "fahrenheit", // default: celsius' in text
    assert "}) => any;" in text
    assert '"description"' not in text  # no JSON keys: the model reads TypeScript-like text


def test_harmony_renders_calls_results_and_the_system_prompt_as_the_guide_shows() -> None:
    text = harmony_prompt(weather_tools(), TURN).text
    assert (
        "<|start|>developer<|message|># Instructions\n\nAnswer in one sentence.\n\n# Tools" in text
    )
    assert (
        "<|start|>assistant to=functions.get_weather<|channel|>commentary <|constrain|>json"
        '<|message|>{"city":"Beijing"}<|call|>'
    ) in text
    assert (
        "<|start|>functions.get_weather to=assistant<|channel|>commentary"
        '<|message|>{"summary": "맑음, 28도"}<|end|>'
    ) in text
    assert text.endswith("<|start|>assistant")
    assert "call_1" not in text  # the model reads the function's name, never the call's id


# --- Hermes/Qwen2.5 ----------------------------------------------------------------------------


def test_hermes_tool_block_is_the_templates_framing_around_one_json_object_per_tool() -> None:
    tools = demo_registry().definitions()
    lines = "".join("\n" + json.dumps(tool, ensure_ascii=False) for tool in tools)
    expected = (
        f"<|im_start|>system\n{QWEN_DEFAULT_SYSTEM}{QWEN_TOOLS_OPEN}{lines}{QWEN_TOOLS_CLOSE}"
    )
    assert hermes_tools(tools).text == expected


def test_the_framing_sentences_come_from_the_vendored_template() -> None:
    source = template_source()
    for sentence in [
        "You may call one or more functions to assist with the user query.",
        "You are provided with function signatures within <tools></tools> XML tags:",
        "For each function call, return a json object with function name and arguments within "
        "<tool_call></tool_call> XML tags:",
        QWEN_DEFAULT_SYSTEM,
    ]:
        assert sentence in source
    assert "Apache License 2.0" in source and "Qwen/Qwen2.5-7B-Instruct" in source


def test_hermes_tool_lines_keep_enums_required_and_descriptions_as_json() -> None:
    text = hermes_tools(weather_tools()).text
    inner = text.split("<tools>\n", 1)[1].split("\n</tools>", 1)[0]
    lines = inner.split("\n")
    assert [json.loads(line) for line in lines] == weather_tools()
    assert '"enum": ["celsius", "fahrenheit"]' in inner
    assert '"required": ["city"]' in inner
    assert "베이징" in inner  # not escaped to \\uXXXX: tojson as transformers defines it


def test_hermes_conversation_puts_calls_in_tool_call_tags_and_results_in_a_user_turn() -> None:
    second = {
        "id": "call_2",
        "type": "function",
        "function": {"name": "get_weather", "arguments": '{"city":"Tokyo"}'},
    }
    messages = [
        *TURN[:2],
        {"role": "assistant", "content": None, "tool_calls": [CALL, second]},
        {"role": "tool", "tool_call_id": "call_1", "content": "맑음, 28도"},
        {"role": "tool", "tool_call_id": "call_2", "content": "비, 19도"},
    ]
    text = hermes_prompt(weather_tools(), messages).text
    assert text.startswith("<|im_start|>system\nAnswer in one sentence.\n\n# Tools")
    assert QWEN_DEFAULT_SYSTEM not in text  # the system prompt replaces the default
    assert (
        "<|im_start|>assistant\n<tool_call>\n"
        '{"name": "get_weather", "arguments": {"city": "Beijing"}}\n</tool_call>\n<tool_call>\n'
        '{"name": "get_weather", "arguments": {"city": "Tokyo"}}\n</tool_call><|im_end|>\n'
    ) in text
    assert (
        "<|im_start|>user\n<tool_response>\n맑음, 28도\n</tool_response>\n"
        "<tool_response>\n비, 19도\n</tool_response><|im_end|>\n<|im_start|>assistant\n"
    ) in text
    assert "call_1" not in text  # results are paired with calls by their order
    assert messages[2]["tool_calls"][0]["function"]["arguments"] == '{"city":"Beijing"}'


# --- Counting, comparing, caching ------------------------------------------------------------


def test_the_api_json_is_what_the_sdk_writes_and_counts_in_o200k() -> None:
    from openai._utils._json import openapi_dumps

    tools = demo_registry().definitions()
    assert api_json(tools).encode() == openapi_dumps(tools)
    assert json_rendering(tools).tokens == count_tokens(api_json(tools))
    assert hermes_tools(tools).tokens == count_tokens(hermes_tools(tools).text)


def test_each_format_reads_a_different_number_of_tokens_for_the_same_tools() -> None:
    as_json, harmony, hermes = tool_blocks(demo_registry().definitions())
    assert [r.format for r in (as_json, harmony, hermes)] == [
        prompt_view.API_JSON,
        prompt_view.HARMONY,
        prompt_view.HERMES,
    ]
    assert harmony.tokens < as_json.tokens < hermes.tokens
    assert "o200k_harmony" in harmony.tokenizer and "stand-in" in hermes.tokenizer


def test_a_diff_shows_a_removed_parameter_description_and_its_tokens() -> None:
    tools = weather_tools()
    diff = diff_renderings(tools, changed(tools, description=None))
    assert "-// The temperature unit." in diff.splitlines()
    assert diff.splitlines()[-1].startswith("tokens: ")
    assert "(-" in diff.splitlines()[-1]


def test_a_diff_shows_what_an_enum_becomes_in_each_format() -> None:
    tools = weather_tools()
    no_enum = changed(tools, enum=None)
    harmony = diff_renderings(tools, no_enum).splitlines()
    assert '-unit?: "celsius" | "fahrenheit", // default: celsius' in harmony
    assert '+unit?: string, // default: "celsius"' in harmony
    hermes = diff_renderings(tools, no_enum, hermes_tools)
    assert '"enum": ["celsius", "fahrenheit"]' in hermes and "+{" in hermes
    assert diff_renderings(tools, copy.deepcopy(tools)).startswith("no change")


def test_reordering_or_editing_tools_shortens_the_shared_prefix() -> None:
    tools = demo_registry().definitions()
    question = [{"role": "user", "content": "베이징 날씨 어때?"}]
    base = harmony_prompt(tools, question)
    again = harmony_prompt(tools, question)
    reordered = harmony_prompt(tools[::-1], question)
    edited = copy.deepcopy(tools)
    edited[2]["function"]["description"] += " Rates are fixed."
    later_edit = harmony_prompt(edited, question)
    assert shared_prefix_tokens(base, again) == base.tokens
    before_tools = len(base.text[: base.text.index("// Get the current weather")])
    assert shared_prefix_tokens(base, reordered) < count_tokens(base.text[:before_tools])
    assert (
        shared_prefix_tokens(base, reordered) < shared_prefix_tokens(base, later_edit) < base.tokens
    )


# --- Offline vocabulary and the fallback --------------------------------------------------------


def test_the_bundled_vocabulary_is_unzipped_once_and_named_for_harmony(tmp_path, monkeypatch):
    monkeypatch.delenv(prompt_view.VOCABULARY_VARIABLE, raising=False)
    assert use_bundled_vocabulary(tmp_path) == str(tmp_path)
    written = tmp_path / "o200k_base.tiktoken"
    with gzip.open(prompt_view.bundled_vocabulary()) as source:
        assert written.read_bytes() == source.read()
    assert prompt_view.os.environ[prompt_view.VOCABULARY_VARIABLE] == str(tmp_path)


def test_a_vocabulary_folder_the_learner_set_is_kept(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv(prompt_view.VOCABULARY_VARIABLE, "/their/own/folder")
    assert use_bundled_vocabulary(tmp_path) == "/their/own/folder"
    assert not (tmp_path / "o200k_base.tiktoken").exists()


@pytest.fixture
def no_harmony(monkeypatch):
    """A kernel without openai-harmony (as in a browser)."""
    harmony_encoding.cache_clear()
    monkeypatch.setitem(sys.modules, "openai_harmony", None)
    yield
    harmony_encoding.cache_clear()


def test_without_openai_harmony_the_rendering_is_a_message_not_an_error(no_harmony) -> None:
    rendering = harmony_tools(weather_tools())
    assert not rendering.available and rendering.tokens == 0
    assert "pip install openai-harmony" in rendering.text
    assert "pip install openai-harmony" in diff_renderings(weather_tools(), weather_tools())
    assert harmony_prompt(weather_tools(), TURN).available is False
    assert hermes_tools(weather_tools()).available  # the other format still renders
    assert "     -" in prompt_view.token_table(tool_blocks(weather_tools()))


# --- Exercise 12.1 --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        {"costs_more": "A", "clearer": "B"},
        {"costs_more": " a ", "clearer": "second", "why": "B names the result and its unit"},
        {"costs_more": "description_a", "clearer": "Description B"},
    ],
)
def test_12_1_accepts_the_right_prediction_however_it_is_spelled(answer) -> None:
    from helpers.exercises import check

    assert check("12.1", lambda: answer).passed


@pytest.mark.parametrize(
    ("answer", "hint"),
    [
        ({"costs_more": "B", "clearer": "B"}, "tokens with A and"),
        ({"costs_more": "A", "clearer": "A"}, "more words are not more clarity"),
        ({"costs_more": "A"}, "lacks clearer"),
        ({"costs_more": "C", "clearer": "B"}, "with 'A' or 'B'"),
        ("A, B", "return a dict"),
    ],
)
def test_12_1_rejects_near_misses_with_a_hint(answer, hint) -> None:
    from helpers.exercises import check

    verdict = check("12.1", lambda: answer)
    assert not verdict.passed and hint in verdict.message


def test_12_1_the_longer_description_is_the_dearer_one_as_rendered() -> None:
    from helpers.exercises.lesson_prompt import DESCRIPTION_A, DESCRIPTION_B, tokens_read

    assert tokens_read(DESCRIPTION_A) > tokens_read(DESCRIPTION_B)
    assert len(DESCRIPTION_A) > len(DESCRIPTION_B)


def test_an_unwritable_cache_folder_is_a_message_too(monkeypatch, tmp_path) -> None:
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    harmony_encoding.cache_clear()
    monkeypatch.delenv(prompt_view.VOCABULARY_VARIABLE, raising=False)
    monkeypatch.setattr(prompt_view, "CACHE_FOLDER", blocked / "tiktoken")
    try:
        rendering = harmony_tools(weather_tools())
    finally:
        harmony_encoding.cache_clear()
    assert not rendering.available
    assert "could not unzip the vocabulary" in rendering.text
    assert prompt_view.VOCABULARY_VARIABLE in rendering.text
