"""Issue 5 acceptance: chart labels in Chinese and Cyrillic are drawn inside the Docker image.

The image has its own matplotlib and fonts; a label that renders on the host can still be a
row of boxes in the container. The step draws through the recipes' charts module (copied to
`lib/recipes/` by `Analysis.open`) with every warning recorded and also printed to stderr:
matplotlib reports a glyph it cannot draw as "Glyph N (...) missing from font(s) ...".
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
from PIL import Image

from analyst.session.analysis import Analysis

LABELS = ("北京", "上海", "深圳", "Київ", "Львів", "Москва")

CHART_STEP = f"""
import json, logging, sys, warnings
warnings.simplefilter("always")
logging.basicConfig(stream=sys.stderr, level=logging.WARNING)
import recipes
from recipes.charts import render_chart
from recipes.result import ChartSeries, ChartSpec

spec = ChartSpec(kind="barh", title="销售额 / Виручка за регіонами", labels={LABELS!r},
                 series=(ChartSeries("销售额", (1200.5, 980.0, 870.25, 640.0, 410.75, 120.0)),),
                 value_label="销售额, грн", unit="money", currency="¥")
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    render_chart(spec, "output/labels.png")
for w in caught:
    print(f"{{w.category.__name__}}: {{w.message}}", file=sys.stderr)
import matplotlib
print(json.dumps({{"warnings": [str(w.message) for w in caught], "families": matplotlib.rcParams["font.family"],
                  "matplotlib": matplotlib.__version__}}))
"""


def test_chinese_and_cyrillic_chart_labels_have_their_glyphs_in_docker(docker_image: str, tmp_path: Path) -> None:
    with Analysis.open(tmp_path / "ws", backend="docker") as analysis:
        session = analysis.session
        result = session.run(CHART_STEP, timeout=120)
        assert session.backend == "docker" and session.isolated
    assert result.ok, (result.error, result.stderr)
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["warnings"] == [], report
    assert "missing from font" not in result.stderr and "findfont" not in result.stderr, result.stderr
    assert [f.path for f in result.files] == ["output/labels.png"]
    pixels = np.asarray(Image.open(tmp_path / "ws" / "output" / "labels.png").convert("L"))
    assert pixels.shape[1] > 800
    assert (pixels < 128).sum() > 2000  # bars and text: not a blank canvas
