"""Several calls in one request: listed values of one parameter, or clauses for different tools.

A parameter that takes one value gets one call per listed value ("Paris and Rome", "서울이랑
부산"); a parameter that takes a list gets one call with all of them ("seats 14C and 14D"). A
second clause for another tool that leaves out a value the first one said (the pet) uses it
again. Tools and sentences are written for this file, not taken from the classroom.
"""

from __future__ import annotations

import pytest
from offline_support import ask, calls_of, tool


def text(description: str) -> dict:
    """A string parameter with a description."""
    return {"type": "string", "description": description}


def strings(description: str = "") -> dict:
    """An array of strings, described only by the list when at all."""
    spec: dict = {"type": "array", "items": {"type": "string"}}
    return {**spec, "description": description} if description else spec


LEAGUE_KO = tool(
    "league_table",
    "축구 리그의 현재 순위를 보여줍니다.",
    {"league": {"type": "string", "enum": ["K리그1", "라리가", "프리미어리그"]}},
    ["league"],
)
LEAGUE = tool(
    "league_table",
    "Show the current standings of a football league.",
    {"league": {"type": "string", "enum": ["K League 1", "La Liga", "Serie A"]}},
    ["league"],
)
CAMERA_KO = tool("camera_off", "보안 카메라를 끕니다.", {"camera": text("카메라 이름 (예: 차고)")},
                 ["camera"])  # fmt: skip
LIGHT_KO = tool("light_off", "방의 조명을 끕니다.", {"room": text("방 이름")}, ["room"])
WEATHER = tool("get_weather", "Get the current weather for a city.", {"city": text("City name")},
               ["city"])  # fmt: skip
COMPARE = tool("compare_weather", "Compare the current weather of several cities.",
               {"cities": strings()}, ["cities"])  # fmt: skip
SEATS = tool("hold_seats", "Hold seats on a flight.", {"seats": strings("Seat codes, e.g. 12A")},
             ["seats"])  # fmt: skip
STOCK = tool("stock_price", "Get the latest stock price of a ticker.",
             {"ticker": text("Ticker, e.g. AAPL")}, ["ticker"])  # fmt: skip
VET = tool(
    "book_vet",
    "Book a vet visit for a pet.",
    {"pet": text("Pet's name"), "day": text("Day of the visit")},
    ["pet", "day"],
)
WEIGH = tool(
    "log_weight",
    "Record a pet's weight.",
    {"pet": text("Pet's name"), "kg": {"type": "number", "description": "Weight in kg"}},
    ["pet", "kg"],
)


def values(request: str, tools: list[dict], parameter: str) -> list[object]:
    """The value of one parameter in each call the model makes, in call order."""
    calls = calls_of(ask(request, tools=tools))
    return [arguments[parameter] for _, arguments in calls if isinstance(arguments, dict)]


@pytest.mark.parametrize(
    ("request_text", "tools", "parameter", "expected"),
    [
        ("K리그1 순위랑 라리가 순위 보여줘", [LEAGUE_KO], "league", {"K리그1", "라리가"}),
        ("Show the La Liga and Serie A standings", [LEAGUE], "league", {"La Liga", "Serie A"}),
        ("현관이랑 뒷마당 카메라 꺼줘", [CAMERA_KO], "camera", {"현관", "뒷마당"}),
        ("거실이랑 안방 불 꺼줘", [LIGHT_KO], "room", {"거실", "안방"}),
        ("What's the weather in Paris and Rome?", [WEATHER], "city", {"Paris", "Rome"}),
        ("애플이랑 테슬라 주가 알려줘", [STOCK], "ticker", {"AAPL", "TSLA"}),
    ],
)
def test_listed_values_of_a_one_value_parameter_make_one_call_each(
    request_text: str, tools: list[dict], parameter: str, expected: set[str]
) -> None:
    said = values(request_text, tools, parameter)
    assert len(said) == len(expected) and set(said) == expected


def test_two_korean_cities_make_two_weather_calls() -> None:
    said = values("서울이랑 부산 날씨 알려줘", [WEATHER], "city")
    assert len(said) == 2 and len(set(said)) == 2


@pytest.mark.parametrize(
    ("request_text", "tools", "parameter", "expected"),
    [
        ("Compare the weather in Paris and Rome", [COMPARE], "cities", {"Paris", "Rome"}),
        ("Hold seats 14C and 14D", [SEATS], "seats", {"14C", "14D"}),
        ("14C랑 14D 좌석 잡아줘", [SEATS], "seats", {"14C", "14D"}),
    ],
)
def test_a_list_parameter_takes_every_listed_value_in_one_call(
    request_text: str, tools: list[dict], parameter: str, expected: set[str]
) -> None:
    said = values(request_text, tools, parameter)
    assert len(said) == 1 and isinstance(said[0], list) and set(said[0]) == expected


def test_a_list_named_by_a_plural_holds_what_its_singular_names() -> None:
    said = values("서울이랑 부산 날씨 비교해줘", [COMPARE], "cities")
    assert len(said) == 1 and isinstance(said[0], list) and len(said[0]) == 2


@pytest.mark.parametrize(
    ("request_text", "tools", "parameter"),
    [
        ("거실 불 꺼줘", [LIGHT_KO], "room"),
        ("부산 날씨 어때?", [WEATHER], "city"),
        ("What's the price of AAPL?", [STOCK], "ticker"),
    ],
)
def test_one_value_stays_one_call(request_text: str, tools: list[dict], parameter: str) -> None:
    assert len(values(request_text, tools, parameter)) == 1


@pytest.mark.parametrize(
    "request_text",
    [
        "Book a vet visit for Luna on Monday and log her weight as 4 kg",
        "루나 월요일에 병원 예약하고 몸무게 4kg으로 기록해줘",
    ],
)
def test_a_second_tool_uses_the_subject_the_first_clause_named(request_text: str) -> None:
    calls = calls_of(ask(request_text, tools=[VET, WEIGH]))
    assert sorted(name for name, _ in calls) == ["book_vet", "log_weight"]
    pets = {arguments["pet"] for _, arguments in calls if isinstance(arguments, dict)}
    assert len(pets) == 1 and ("Luna" in str(pets) or "루나" in str(pets))
    weight = next(arguments for name, arguments in calls if name == "log_weight")
    assert isinstance(weight, dict) and weight["kg"] == 4


def test_a_second_tool_asks_for_a_value_no_clause_said() -> None:
    reply = ask("Book a vet visit on Monday and log the weight as 4 kg", tools=[VET, WEIGH])
    assert not reply.tool_calls and "pet" in (reply.content or "")


# A list item that says no verb shares the verb of its list: Korean says it once after the
# last item. Its own nouns alone would choose another tool (a club's fee is paid by pay_fee).
FEE_KO = tool(
    "pay_fee",
    "동호회 회비를 냅니다.",
    {"club": text("동호회 이름"), "amount": {"type": "integer", "description": "금액(원)"}},
    ["club", "amount"],
)
AUTO_PAY_KO = tool(
    "set_auto_pay",
    "동호회 회비 자동이체를 켜거나 끕니다.",
    {"club": text("동호회 이름"), "on": {"type": "boolean"}},
    ["club", "on"],
)
DAYS = ["월", "화", "수", "목", "금"]
MEALS_KO = tool("get_meal_plan", "요일별 급식 식단표를 보여줍니다.",
                {"day": {"type": "string", "enum": DAYS}}, ["day"])  # fmt: skip
EVENTS_KO = tool("list_events", "날짜별 학교 행사를 보여줍니다.",
                 {"date": {"type": "string", "description": "YYYY-MM-DD"}}, ["date"])  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "tools", "name", "parameter", "expected"),
    [
        ("독서모임이랑 축구 동호회 둘 다 자동이체 켜줘", [FEE_KO, AUTO_PAY_KO], "set_auto_pay",
         "club", {"독서모임", "축구"}),
        ("월요일이랑 수요일 급식 식단표 보여줘", [EVENTS_KO, MEALS_KO], "get_meal_plan", "day",
         {"월", "수"}),
    ],
)  # fmt: skip
def test_korean_list_items_share_what_is_said_after_the_last(
    request_text: str, tools: list[dict], name: str, parameter: str, expected: set[str]
) -> None:
    calls = calls_of(ask(request_text, tools=tools))
    assert {n for n, _ in calls} == {name}
    said = [arguments[parameter] for _, arguments in calls if isinstance(arguments, dict)]
    assert len(said) == len(expected) and set(said) == expected


# A clause that repeats the task's tool with typed values of its own (a time, a number) asks for
# a call of its own, even when the tool also takes free text, which any words would fill.
REMINDER = tool(
    "set_reminder",
    "Remind the user of something at a time.",
    {"text": text("What to remind"), "time": {"type": "string", "description": "HH:MM"}},
    ["text", "time"],
)
SHELF_KO = tool("move_book", "책을 다른 칸으로 옮겨 기록합니다.",
                {"title": text("책 제목"), "shelf": {"type": "integer", "description": "칸 번호"}},
                ["title", "shelf"])  # fmt: skip
PHOTO_TAG = tool("tag_photo", "Add a tag to a photo.",
                 {"photo_id": {"type": "integer"}, "tag": text("Tag text")},
                 ["photo_id", "tag"])  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "tools", "parameter", "expected"),
    [
        ("Remind me at 5pm to call mom and at 6pm to take my pills", [REMINDER], "time",
         {"17:00", "18:00"}),
        ("데미안은 3번 칸으로 옮기고 파친코는 5번 칸으로 옮겨줘", [SHELF_KO], "shelf", {3, 5}),
        ("Tag photo 12 as beach and photo 15 as sunset", [PHOTO_TAG], "photo_id", {12, 15}),
    ],
)  # fmt: skip
def test_a_clause_with_typed_values_of_its_own_is_a_call_of_its_own(
    request_text: str, tools: list[dict], parameter: str, expected: set[object]
) -> None:
    said = values(request_text, tools, parameter)
    assert len(said) == len(expected) and set(said) == expected


@pytest.mark.parametrize(
    ("request_text", "tools"),
    [
        ("Remind me at 5pm to call mom, actually make it 6pm", [REMINDER]),
        ("데미안 3번 칸으로 옮겨줘, 아니 5번 칸으로", [SHELF_KO]),
        ("Tag photo 12 as beach, sunset", [PHOTO_TAG]),
    ],
)
def test_a_correction_or_more_free_text_makes_no_second_call(
    request_text: str, tools: list[dict]
) -> None:
    assert len(calls_of(ask(request_text, tools=tools))) == 1


# A clause that says to leave something as it is asks nothing of it: no call for it.
FAN = tool("fan_power", "Turn the fan on or off.", {"on": {"type": "boolean"}}, ["on"])
LAMP = tool("lamp_power", "Turn the lamp on or off.", {"on": {"type": "boolean"}}, ["on"])
HEATER_KO = tool("heater_power", "히터 전원을 켜거나 끕니다.", {"on": {"type": "boolean"}}, ["on"])
HUMIDIFIER_KO = tool("humidifier_power", "가습기 전원을 켜거나 끕니다.",
                     {"on": {"type": "boolean"}}, ["on"])  # fmt: skip


@pytest.mark.parametrize(
    ("request_text", "tools", "name"),
    [
        ("Turn off the fan but leave the lamp on", [FAN, LAMP], "fan_power"),
        ("Leave the lamp alone and turn off the fan", [FAN, LAMP], "fan_power"),
        ("히터는 끄고 가습기는 그대로 둬", [HEATER_KO, HUMIDIFIER_KO], "heater_power"),
    ],
)
def test_what_is_left_as_it_is_gets_no_call(
    request_text: str, tools: list[dict], name: str
) -> None:
    assert [n for n, _ in calls_of(ask(request_text, tools=tools))] == [name]
