"""`--json` output is strict JSON: a figure that is not stated (NaN) is null, never `NaN`."""

from __future__ import annotations

import json
import math

import pytest

from analyst.commands.terminal import finite


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_not_stated_figures_are_null_in_strict_json(bad: float) -> None:
    data = {"figures": {"gross_margin_pct": bad, "total": 12.5},
            "steps": [{"rows": [1, bad, "x"]}, (bad, 2)], "ok": True}
    text = json.dumps(finite(data), allow_nan=False)
    back = json.loads(text)
    assert back == {"figures": {"gross_margin_pct": None, "total": 12.5},
                    "steps": [{"rows": [1, None, "x"]}, [None, 2]], "ok": True}
