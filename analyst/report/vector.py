"""A section's `Chart` drawn as vector paths in the PDF (reportlab graphics, no browser).

The same record the app draws with Vega-Lite, drawn here with reportlab's own shapes:
sharp at any zoom or print size, its text set in the report's embedded font (so Cyrillic
and Chinese labels draw), its values written as the answer writes them.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from reportlab.graphics.charts.piecharts import Pie
from reportlab.graphics.shapes import Drawing, Group, Line, PolyLine, Rect, String
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from analyst.charting.chart_text import value_text
from analyst.record.chart import Chart, Mark

INK, MUTED, GRID = colors.HexColor("#1F2933"), colors.HexColor("#6B7785"), colors.HexColor("#E4E7EB")
TONES = {"favourable": colors.HexColor("#2E7D32"), "unfavourable": colors.HexColor("#B03A2E"),
         "neutral": colors.HexColor("#1F4E79")}
SERIES = [colors.HexColor(c) for c in ("#1F4E79", "#E07A1F", "#4C9A6A", "#7FA7CE", "#8E6C8A")]
PERIOD_AXES = ("month", "week", "quarter", "year", "day", "period")
TITLE_SIZE, TEXT_SIZE = 10.5, 7.0
BAR_HEIGHT = 14.0
_CENTS = re.compile(r"[.,]00(?=\D*$)")


def chart_drawing(chart: Chart, width: float, font: str, max_height: float) -> Drawing:
    """`chart` as a reportlab `Drawing` `width` points wide, at most `max_height` high."""
    if chart.kind == "pie":
        return _pie(chart, width, font)
    if chart.kind in ("bar",) and chart.x not in PERIOD_AXES:
        return _bars(chart, width, font, max_height)
    return _columns(chart, width, font, min(max_height, 0.5 * width))


def _frame(chart: Chart, width: float, height: float, font: str) -> Drawing:
    drawing = Drawing(width, height)
    # The renderer starts from this font: left at its default it would name Helvetica,
    # which is never embedded.
    # (The renderer reads these attributes of the drawing; reportlab's stubs do not list them.)
    drawing.initialFontName = font  # type: ignore[attr-defined]
    drawing.initialFontSize = TEXT_SIZE  # type: ignore[attr-defined]
    drawing.add(String(0, height - TITLE_SIZE, _fit(chart.title, font, TITLE_SIZE, width),
                       fontName=font, fontSize=TITLE_SIZE, fillColor=INK))
    return drawing


def _bars(chart: Chart, width: float, font: str, max_height: float) -> Drawing:
    """Categories as horizontal bars, top down in the chart's order, each with its value."""
    marks = chart.ordered()
    height = min(max_height, TITLE_SIZE + 14 + BAR_HEIGHT * len(marks) + 16)
    step = (height - TITLE_SIZE - 30) / max(len(marks), 1)
    drawing = _frame(chart, width, height, font)
    labels = [_fit(m.label, font, TEXT_SIZE, 0.3 * width) for m in marks]
    left = max((stringWidth(t, font, TEXT_SIZE) for t in labels), default=0) + 6
    texts = [value_text(chart, m.value) for m in marks]
    room = max((stringWidth(t, font, TEXT_SIZE) for t in texts), default=0) + 6
    low, high = _span([m.value for m in marks])
    # A negative bar's value is written left of it: room on both sides then.
    before = room if low < 0 else 0.0
    after = room if high > 0 else 0.0
    scale = (width - left - before - after) / (high - low or 1.0)
    zero = left + before + (0 - low) * scale
    top = height - TITLE_SIZE - 14
    for i, (mark, label, text) in enumerate(zip(marks, labels, texts, strict=True)):
        y = top - (i + 1) * step
        x0, x1 = sorted((zero, zero + mark.value * scale))
        drawing.add(_box(x0, y + 0.15 * step, max(x1 - x0, 0.5), 0.7 * step, TONES[mark.tone]))
        drawing.add(String(left - 4, y + 0.35 * step, label, fontName=font, fontSize=TEXT_SIZE,
                           fillColor=INK, textAnchor="end"))
        drawing.add(String(x1 + 3 if mark.value >= 0 else x0 - 3, y + 0.35 * step, text,
                           fontName=font, fontSize=TEXT_SIZE, fillColor=INK,
                           textAnchor="start" if mark.value >= 0 else "end"))
    drawing.add(Line(zero, top, zero, top - len(marks) * step, strokeColor=MUTED, strokeWidth=0.6))
    if chart.y_title:
        drawing.add(String(width, 2, _fit(chart.y_title, font, TEXT_SIZE, width / 2),
                           fontName=font, fontSize=TEXT_SIZE, fillColor=MUTED, textAnchor="end"))
    return drawing


def _columns(chart: Chart, width: float, font: str, height: float) -> Drawing:
    """Periods left to right (columns or a line), a stacked bar, or a waterfall bridge."""
    drawing = _frame(chart, width, height, font)
    labels = list(chart.labels())
    series = chart.series
    levels = _levels(chart)
    low, high = _span([v for pair in levels.values() for v in pair])
    ticks = _ticks(low, high)
    low, high = min(low, ticks[0]), max(high, ticks[-1])
    tick_texts = [_tick_text(chart, t) for t in ticks]
    left = max(stringWidth(t, font, TEXT_SIZE) for t in tick_texts) + 6
    slanted = len(labels) > 6 or max((stringWidth(x, font, TEXT_SIZE) for x in labels),
                                     default=0) > (width - left) / max(len(labels), 1)
    bottom = (max((stringWidth(_fit(x, font, TEXT_SIZE, 70), font, TEXT_SIZE) for x in labels),
                  default=0) * 0.7 + 10) if slanted else 14
    top = height - TITLE_SIZE - 12
    scale = (top - bottom) / (high - low or 1.0)
    slot = (width - left) / max(len(labels), 1)

    def y_of(value: float) -> float:
        return bottom + (value - low) * scale

    for tick, text in zip(ticks, tick_texts, strict=True):
        drawing.add(Line(left, y_of(tick), width, y_of(tick), strokeColor=GRID, strokeWidth=0.5))
        drawing.add(String(left - 4, y_of(tick) - 2.5, text, fontName=font, fontSize=TEXT_SIZE,
                           fillColor=MUTED, textAnchor="end"))
    group = Group()
    if chart.kind == "line":
        for k, name in enumerate(series):
            points: list[float] = []
            for i, label in enumerate(labels):
                level = levels.get((label, name))
                if level is not None:
                    points += [left + (i + 0.5) * slot, y_of(level[1])]
            group.add(PolyLine(points, strokeColor=SERIES[k % len(SERIES)], strokeWidth=1.6))
    else:
        for (label, name), (start, end) in levels.items():
            i, k = labels.index(label), series.index(name)
            mark = next(m for m in chart.marks if m.label == label and m.series == name)
            colour = (TONES[mark.tone] if len(series) == 1 or chart.kind == "waterfall"
                      else SERIES[k % len(SERIES)])
            y0, y1 = sorted((y_of(start), y_of(end)))
            group.add(_box(left + (i + 0.15) * slot, y0, 0.7 * slot, max(y1 - y0, 0.5), colour))
            if len(labels) <= 16 and (len(series) == 1 or chart.kind == "waterfall"):
                group.add(String(left + (i + 0.5) * slot, y1 + 2, value_text(chart, mark.value),
                                 fontName=font, fontSize=TEXT_SIZE - 1, fillColor=INK,
                                 textAnchor="middle"))
    drawing.add(group)
    drawing.add(Line(left, y_of(0) if low <= 0 <= high else bottom, width,
                     y_of(0) if low <= 0 <= high else bottom, strokeColor=MUTED, strokeWidth=0.6))
    every = max(1, math.ceil(len(labels) / 24))
    for i in range(0, len(labels), every):
        text = _fit(labels[i], font, TEXT_SIZE, 70)
        x = left + (i + 0.5) * slot
        if slanted:
            drawing.add(Group(String(0, 0, text, fontName=font, fontSize=TEXT_SIZE, fillColor=INK,
                                     textAnchor="end"),
                              transform=(0.766, 0.643, -0.643, 0.766, x, bottom - 4)))
        else:
            drawing.add(String(x, bottom - 10, text, fontName=font, fontSize=TEXT_SIZE,
                               fillColor=INK, textAnchor="middle"))
    return drawing


def _pie(chart: Chart, width: float, font: str) -> Drawing:
    height = min(0.5 * width, 220)
    drawing = _frame(chart, width, height, font)
    pie = Pie()
    # Room above for the title and around for the labels, drawn beside the pie with a line.
    size = int(height - TITLE_SIZE - 60)
    pie.x, pie.y, pie.width, pie.height = int(width / 3), 24, size, size
    pie.sideLabels = True
    marks = chart.ordered()
    pie.data = [m.value for m in marks]
    pie.labels = [f"{_fit(m.label, font, TEXT_SIZE, 120)}: {value_text(chart, m.value)}" for m in marks]
    pie.slices.fontName, pie.slices.fontSize = font, TEXT_SIZE
    for i in range(len(marks)):
        pie.slices[i].fillColor = SERIES[i % len(SERIES)]
    drawing.add(pie)
    return drawing


def _box(x: float, y: float, width: float, height: float, colour: colors.Color) -> Rect:
    box = Rect(x, y, width, height)
    box.fillColor, box.strokeColor = colour, None
    return box


def _levels(chart: Chart) -> dict[tuple[str, str], tuple[float, float]]:
    """Where each mark's bar starts and ends: from zero, stacked on the last, or (a
    waterfall) from where the bridge stands."""
    levels: dict[tuple[str, str], tuple[float, float]] = {}
    level, stacks = 0.0, dict[str, float]()
    for mark in chart.ordered():
        if chart.kind == "waterfall":
            start = 0.0 if mark.total else level
            end = mark.value if mark.total else level + mark.value
            level = end
        elif chart.kind == "stacked_bar":
            start = stacks.get(mark.label, 0.0)
            end = start + mark.value
            stacks[mark.label] = end
        else:
            start, end = 0.0, mark.value
        levels[(mark.label, mark.series)] = (start, end)
    return levels


def _span(values: Sequence[float]) -> tuple[float, float]:
    finite = [v for v in values if not math.isnan(v)] or [0.0]
    return min(0.0, *finite), max(0.0, *finite)


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values for the axis: 0, 50,000, 100,000 ... covering low to high."""
    span = (high - low) or 1.0
    raw = span / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    first = math.floor(low / step) * step
    return [first + i * step for i in range(int(math.ceil((high - first) / step)) + 1)]


def _tick_text(chart: Chart, value: float) -> str:
    # An axis needs no cents: "50,000.00" -> "50,000" (and "50 000,00 грн" -> "50 000 грн").
    return _CENTS.sub("", value_text(chart, value))


def _fit(text: str, font: str, size: float, width: float) -> str:
    """The text cut with an ellipsis to fit `width` points (labels are the user's data)."""
    text = " ".join(str(text).split())[:200]
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def marks_text(marks: Sequence[Mark]) -> str:
    """Every label the chart may draw (to pick a font that draws all of it)."""
    return " ".join(m.label for m in marks)
