"""An amount in the unit its parameter counts in: conversions and shares (measures.py)."""

from __future__ import annotations

from typing import Any

import pytest
from offline_support import ask, calls_of, tool

from helpers.offline.measures import amount_in, parameter_unit


def number(description: str = "", **bounds: Any) -> dict[str, Any]:
    """A number parameter."""
    return {"type": "number", "description": description, **bounds}


@pytest.mark.parametrize(
    ("name", "spec", "said", "expected"),
    [
        ("distance_km", {}, {"amount": 3, "unit": "mile"}, 4.83),
        ("bag_weight", number("Weight in kilograms"), {"amount": 44, "unit": "lb"}, 19.96),
        ("oven_temp_f", {}, {"amount": 180, "unit": "celsius"}, 356.0),
        ("water_ml", {}, {"amount": 1.5, "unit": "liter"}, 1500.0),
        ("juice_ml", {}, {"amount": 8, "unit": "ounce"}, 236.59),  # a liquid's ounce: fluid
        ("brightness_pct", {}, {"amount": 0.2, "unit": "fraction"}, 20.0),
        ("volume", number("0-10", minimum=0, maximum=10), {"amount": 0.5, "unit": "fraction"}, 5),
        ("amount", {}, {"amount": 12, "currency": "EUR"}, 12),  # money: its amount
        ("height_cm", {}, {"amount": 70, "unit": "kg"}, 70),  # another dimension: as said
        ("ratio", number("e.g. 0.5"), {"amount": 3, "unit": "kg"}, 3),  # "e.g." names no grams
    ],
)  # fmt: skip
def test_an_amount_converts_to_the_parameter_s_unit(
    name: str, spec: dict, said: dict, expected: float
) -> None:
    assert amount_in(name, spec, said) == expected


@pytest.mark.parametrize(
    ("name", "description", "unit"),
    [
        ("speed_kmh", "", "km/h"),
        ("temp_c", "", "celsius"),
        ("c", "", None),  # a letter names a scale only in a temperature's name
        ("target", "목표 온도 (섭씨)", "celsius"),
        ("length", "How many characters", None),
    ],
)
def test_the_unit_a_parameter_counts_in(name: str, description: str, unit: str | None) -> None:
    assert parameter_unit(name, {"description": description}) == unit


SWIM = tool(
    "log_swim",
    "Log a swimming session in the pool: the distance swum and the time it took.",
    {"distance_m": {"type": "integer"}, "minutes": {"type": "integer"}},
    ["distance_m"],
)
DIMMER = tool(
    "set_light_level",
    "Set the brightness of a smart light bulb in a room.",
    {"room": {"type": "string"}, "brightness_pct": {"type": "integer", "minimum": 0,
                                                     "maximum": 100}},
    ["brightness_pct"],
)  # fmt: skip


@pytest.mark.parametrize(
    ("question", "tools", "expected"),
    [
        ("I swam half a mile in 20 minutes", [SWIM], {"distance_m": 805, "minutes": 20}),
        ("수영장에서 1.5킬로미터 수영했어", [SWIM], {"distance_m": 1500}),
        ("dim the bedroom light to a third", [DIMMER], {"brightness_pct": 33}),
        ("거실 조명 밝기 4분의 1로 해줘", [DIMMER], {"brightness_pct": 25}),
    ],
)
def test_a_model_converts_before_it_calls(question: str, tools: list, expected: dict) -> None:
    [(_, arguments)] = calls_of(ask(question, tools))
    assert {k: arguments.get(k) for k in expected} == expected
