"""Errors, faults, script mode: informative errors heal, vague ones repeat, thin ones mislead."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from decision_support import (
    BEIJING,
    FAULT_CHECKS,
    FAULT_ERRORS,
    INVENTED,
    PREAMBLE_AND_CALL,
    SPECIFIC_ERRORS,
    SUNNY_RESULT,
    UNKNOWN_GUESS,
    UNKNOWN_TOOL,
    VAGUE_ERRORS,
    WEATHER_WITH_UNIT,
    after_invented_call,
    user,
    wx,
)
from offline_support import TOOLS, ask, calls_of, strict_client, tool, with_results

from helpers.agent import Agent
from helpers.backend import connect
from helpers.errors import RepeatedToolError, ToolDefinitionWarning
from helpers.offline import MODEL_ID, Latency, ModelConfig
from helpers.offline.service import CHAT_PATH, handle
from helpers.registry import ToolRegistry


def test_an_informative_error_makes_the_model_correct_itself() -> None:
    history = user("What's the weather in Tokyo?")
    wrong = ask(history, options={"faults": ("invented_tool_name",)})
    assert calls_of(wrong) == [("weather_lookup", {"city": "Tokyo"})]
    fixed = ask(
        with_results(history, wrong, [UNKNOWN_TOOL]), options={"faults": ("invented_tool_name",)}
    )
    assert calls_of(fixed) == [("get_weather", {"city": "Tokyo"})]


@pytest.mark.parametrize("vague", ["error", "", json.dumps({"error": "failed"})])
def test_a_vague_error_makes_the_model_repeat_the_same_call(vague: str) -> None:
    options = {"faults": ("invented_tool_name",)}
    history = user("What's the weather in Tokyo?")
    wrong = ask(history, options=options)
    for _ in range(3):
        history = with_results(history, wrong, [vague])
        again = ask(history, options=options)
        assert [(c.function.name, c.function.arguments) for c in again.tool_calls] == [
            (c.function.name, c.function.arguments) for c in wrong.tool_calls
        ]
        wrong = again


def test_an_informative_error_about_a_correct_call_is_reported_not_retried() -> None:
    history = user("What's the weather in Atlantis?")
    message = ask(history)
    error = json.dumps({"error": "No city called 'Atlantis'. Available cities: Paris, Tokyo."})
    answer = ask(with_results(history, message, [error]))
    assert answer.tool_calls is None and "Atlantis" in answer.content


@pytest.mark.parametrize("fault", FAULT_CHECKS)
def test_each_scripted_fault_is_made_then_corrected(fault: str) -> None:
    options = {"faults": (fault,)}
    history = user("What's the weather in Tokyo?")
    wrong = ask(history, options=options)
    [(name, arguments)] = calls_of(wrong)
    assert FAULT_CHECKS[fault](name, arguments)
    fixed = ask(with_results(history, wrong, [FAULT_ERRORS[fault]]), options=options)
    assert calls_of(fixed) == [("get_weather", {"city": "Tokyo"})]


def test_the_same_mistake_n_times() -> None:
    options = {"faults": ("invented_tool_name",), "fault_count": 3}
    history = user("What's the weather in Tokyo?")
    names = []
    for _ in range(4):
        message = ask(history, options=options)
        names.append(message.tool_calls[0].function.name)
        history = with_results(history, message, [UNKNOWN_TOOL])
    assert names == ["weather_lookup"] * 3 + ["get_weather"]


@pytest.mark.parametrize(
    "system",
    ["Only call tools from the provided list.", "주어진 도구 목록에서만 고를 것."],
)
def test_a_restricting_system_prompt_suppresses_invented_names(system: str) -> None:
    history = [{"role": "system", "content": system}, *user("What's the weather in Tokyo?")]
    message = ask(history, options={"faults": ("invented_tool_name",)})
    assert calls_of(message) == [("get_weather", {"city": "Tokyo"})]


def test_script_mode_pins_replies_in_order_then_the_model_takes_over() -> None:
    script = ([{"name": "search_docs", "arguments": {"query": "pinned"}}], "Pinned answer.")
    options = {"script": script}
    history = user("What's the weather in Tokyo?")
    first = ask(history, options=options)
    assert calls_of(first) == [("search_docs", {"query": "pinned"})]
    history = with_results(history, first, ["[]"])
    assert ask(history, options=options).content == "Pinned answer."
    history += [{"role": "assistant", "content": "Pinned answer."}, *user("weather in Oslo?")]
    assert calls_of(ask(history, options=options)) == [("get_weather", {"city": "Oslo"})]


def test_a_repeated_mistake_is_not_spoiled_twice() -> None:
    options = {"faults": ("invalid_json",), "fault_count": 3}
    history = user("What's the weather in Tokyo?")
    wrong = ask(history, options=options)
    again = ask(with_results(history, wrong, ["error"]), options=options)
    assert again.tool_calls[0].function.arguments == wrong.tool_calls[0].function.arguments


@pytest.mark.parametrize("content", SPECIFIC_ERRORS)
def test_an_error_that_names_the_problem_heals(content: str) -> None:
    history, move = after_invented_call(content)
    assert calls_of(move) == [("get_weather", {"city": "Beijing"})]
    answer = ask(with_results(history, move, ["맑음, 28도"]), options=INVENTED).content
    assert answer == "베이징: 맑음, 28도."  # the error is never quoted as a result


@pytest.mark.parametrize("content", VAGUE_ERRORS)
def test_a_vague_error_is_repeated(content: str) -> None:
    _, move = after_invented_call(content)
    assert calls_of(move) == [("weather_lookup", {"city": "Beijing"})]


def test_a_thin_description_makes_the_model_guess_a_name_again_and_again() -> None:
    history = [{"role": "user", "content": "What's the weather in Paris?"}]
    for _ in range(3):
        move = ask(history, [wx("wx data")])
        assert calls_of(move) == [("get_weather", {"city": "Paris"})]
        history = with_results(history, move, [UNKNOWN_GUESS])


def test_a_thin_description_under_a_name_that_says_its_object_invents_no_name() -> None:
    """Only a tool that nothing explains is guessed past: `wx` says no object, so the model asks
    for the tool it expected; `travel_guide` names one (a guide), so it is judged by that, and
    the model never calls a tool the request does not offer."""
    assert calls_of(ask("Is it snowing in Oslo?", [wx("Info.")])) == [
        ("get_weather", {"city": "Oslo"})
    ]
    named = wx("Info.")
    named["function"]["name"] = "travel_guide"
    assert {name for name, _ in calls_of(ask("Is it snowing in Oslo?", [named]))} <= {
        "travel_guide"
    }


@pytest.mark.parametrize(
    ("name", "description", "parameters", "prompt"),
    [
        ("order_juice", "Order a juice.", {"fruit": ["orange", "apple"]}, "A chilled orange one"),
        ("order_bibimbap", "비빔밥 주문", {"portions": "integer"}, "돌솥으로 2인분 뜨겁게"),
        ("order_sushi", "Sushi.", {"pieces": "integer"}, "12 pieces of salmon, it's hot today"),
        ("ship_kimchi", "김치 배송", {"kg": "number"}, "총각김치 3kg 보내줘"),
    ],
)
def test_a_thin_description_under_a_name_that_says_a_dish_invents_no_name(
    name: str, description: str, parameters: dict[str, Any], prompt: str
) -> None:
    """A name's object is a word the model knows when it is an English word or one its glossary
    gives (bibimbap): the tool is judged by that, never guessed past ("get_weather" for a warm
    dish, "get_weight" for 3 kg of kimchi)."""
    properties = {
        key: {"type": "string", "enum": kind} if isinstance(kind, list) else {"type": kind}
        for key, kind in parameters.items()
    }
    move = ask(prompt, [tool(name, description, properties, list(parameters))])
    assert {called for called, _ in calls_of(move)} <= {name}


def test_a_rewritten_description_makes_the_model_call_the_tool() -> None:
    move = ask("What's the weather in Paris?", [wx("Get the current weather in a city.")])
    assert calls_of(move) == [("wx", {"city": "Paris"})]


def test_the_alarm_on_a_thin_description_end_to_end() -> None:
    def weather(city: str) -> dict[str, str]:
        return {"sky": "sunny"}

    thin, clear = ToolRegistry(), ToolRegistry()
    with pytest.warns(ToolDefinitionWarning):
        thin.register(weather, name="wx", description="wx data")
    clear.register(weather, name="wx", description="Get the current weather in a city.")
    with pytest.raises(RepeatedToolError):
        Agent(connect(), thin).run("What's the weather in Paris?")
    assert Agent(connect(), clear).run("What's the weather in Paris?") == "Paris: sunny."


@pytest.mark.parametrize(
    "prompt",
    [
        "Use only the tools listed below.",
        "Only choose from the provided tools.",
        "Choose tools only from the given list.",
        "Never invent tool names; call only the tools you were given.",
        "Only call tools from the provided list.",
        "주어진 도구 목록에서만 고를 것.",
        "제공된 도구만 사용하세요.",
    ],
)
def test_restricting_prompts_are_understood(prompt: str) -> None:
    history = [{"role": "system", "content": prompt}, *BEIJING]
    assert calls_of(ask(history, options=INVENTED)) == [("get_weather", {"city": "Beijing"})]


@pytest.mark.parametrize(
    "prompt", ["Only answer in English.", "You have tools. Only be brief.", "도구를 잘 쓰세요."]
)
def test_other_prompts_do_not_restrict(prompt: str) -> None:
    history = [{"role": "system", "content": prompt}, *BEIJING]
    assert calls_of(ask(history, options=INVENTED)) == [("weather_lookup", {"city": "Beijing"})]


def test_a_scripted_reply_can_carry_text_and_calls() -> None:
    message = ask("베이징 날씨 어때?", options={"script": [PREAMBLE_AND_CALL]})
    assert message.content == "베이징 날씨를 확인해 볼게요."
    assert calls_of(message) == [("get_weather", {"city": "Beijing"})]


def test_a_streamed_reply_sends_the_text_first_then_the_calls() -> None:
    client = strict_client(script=[PREAMBLE_AND_CALL])
    stream = client.chat.completions.create(
        model=MODEL_ID, messages=BEIJING, tools=TOOLS, stream=True
    )
    kinds, text, finish = [], "", None
    for chunk in stream:
        delta = chunk.choices[0].delta
        text += delta.content or ""
        kinds += ["text"] * bool(delta.content) + ["call"] * bool(delta.tool_calls)
        finish = chunk.choices[0].finish_reason or finish
    assert text == "베이징 날씨를 확인해 볼게요." and finish == "tool_calls"
    assert "call" in kinds and kinds.index("call") > max(
        i for i, k in enumerate(kinds) if k == "text"
    )


@pytest.mark.parametrize("reply", [{"content": "Hi"}, {"content": 3, "calls": []}, {"text": "x"}])
def test_a_scripted_reply_of_the_wrong_shape_is_refused(reply: dict) -> None:
    with pytest.raises(ValueError, match="content"):
        ModelConfig(script=[reply])


def test_a_whole_reply_waits_as_long_as_its_stream_would_take() -> None:
    config = ModelConfig(latency=Latency(first_token=0.2, per_token=0.01))
    request = {"model": MODEL_ID, "messages": BEIJING, "tools": TOOLS}
    streamed = handle("POST", CHAT_PATH, json.dumps({**request, "stream": True}).encode(), config)
    whole = handle("POST", CHAT_PATH, json.dumps(request).encode(), config)
    assert whole.wait == pytest.approx(0.2 + 0.01 * (len(streamed.events) - 1))
    assert handle("POST", CHAT_PATH, json.dumps(request).encode(), ModelConfig()).wait == 0


def test_a_whole_reply_arrives_after_the_simulated_latency() -> None:
    client = strict_client(latency=Latency(first_token=0.25))
    started = time.monotonic()
    client.chat.completions.create(model=MODEL_ID, messages=BEIJING, tools=TOOLS)
    assert time.monotonic() - started >= 0.25  # a lower bound: never flaky


@pytest.mark.parametrize(
    ("scripted", "calls_again"),
    [({"city": "Beijing"}, False), ({"city": "Tokyo"}, True)],
)
def test_a_scripted_call_that_leaves_out_a_default_is_not_made_again(
    scripted: dict[str, Any], calls_again: bool
) -> None:
    script = (
        {
            "content": "베이징 날씨를 확인해 볼게요.",
            "calls": [{"name": "get_weather", "arguments": scripted}],
        },
    )
    history = [{"role": "user", "content": "베이징 날씨 어때?"}]
    options = {"script": script}
    first = ask(history, [WEATHER_WITH_UNIT], options=options)
    history = with_results(history, first, [json.dumps(SUNNY_RESULT)])
    second = ask(history, [WEATHER_WITH_UNIT], options=options)
    assert bool(second.tool_calls) is calls_again
    if not calls_again:
        assert second.content == "베이징: 맑음, 28도."
