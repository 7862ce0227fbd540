"""Draw a `ChartSpec` as a PNG fit for a CFO report.

Pure matplotlib on the Agg canvas (no pyplot, no GUI, safe in threads and in the sandbox).
Labels in Cyrillic and Chinese render because the CJK fonts installed on the host and in the
sandbox image are registered explicitly (a font cache built before they were installed would
otherwise hide them) and matplotlib falls back glyph by glyph through `FONT_FAMILIES`.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib
import matplotlib.dates as mdates
import pandas as pd
from matplotlib import font_manager
from matplotlib.figure import Figure
from matplotlib.layout_engine import TightLayoutEngine
from matplotlib.rcsetup import cycler  # matplotlib's own (validates the keys)
from matplotlib.ticker import FuncFormatter, MaxNLocator

from .labels import (  # noqa: F401 (CURRENCY_SYMBOLS re-exported)
    CURRENCY_SYMBOLS,
    chart_word,
    fixed_name,
    format_value,
    localise_counts,
    month_label,
)
from .notes import NoteId, say

if TYPE_CHECKING:  # names only: the sandbox may hold another matplotlib
    from matplotlib.typing import RcKeyType

    # A name only: `RecipeResult.save` draws through this module, so a run-time import of
    # the spec's module here would close a circle.
    from .result import ChartSpec

FONT_FAMILIES = ["DejaVu Sans", "WenQuanYi Micro Hei", "Noto Sans CJK JP", "Noto Sans CJK SC"]
FONT_DIRS = ("/usr/share/fonts/truetype/wqy", "/usr/share/fonts/opentype/noto")
DPI = 200
WIDTH_IN = 8.0
MARGIN_IN = 0.2
"""White space around the drawing (the tight layout's pad is in units of the 9 pt font)."""
CAPTION_LINE_IN = 0.16
CAPTION_CHARS = 130
"""A caption line at 7.5 pt across the chart: Latin characters; an ideograph counts two."""

INK, MUTED, GRID = "#1F2933", "#6B7785", "#E4E7EB"
PRIMARY, SECONDARY, ACCENT, NEGATIVE = "#1F4E79", "#7FA7CE", "#E07A1F", "#B03A2E"
SERIES_COLOURS = [PRIMARY, ACCENT, "#4C9A6A", SECONDARY, "#8E6C8A", "#C9A227"]
GROUP_COLOURS = {"A": PRIMARY, "B": SECONDARY, "C": "#C5CED8"}

_registered = False

def register_fonts() -> list[str]:
    """Add the CJK fonts present on this machine to matplotlib; return the usable families."""
    global _registered
    if not _registered:
        for folder in FONT_DIRS:
            root = Path(folder)
            if not root.is_dir():
                continue
            for path in sorted(root.iterdir()):
                # Bold faces would be picked for regular text by name clashes: regular only.
                if path.suffix.lower() in (".ttf", ".ttc", ".otf") and "Bold" not in path.name:
                    try:
                        font_manager.fontManager.addfont(str(path))
                    except (OSError, RuntimeError, ValueError):
                        continue  # an unreadable font file must not stop a chart
        _registered = True
    known = {f.name for f in font_manager.fontManager.ttflist}
    # Listing a family that is not installed makes matplotlib warn on every text: skip it.
    return [f for f in FONT_FAMILIES if f in known] or ["DejaVu Sans"]


def style() -> dict[RcKeyType, Any]:
    """The rcParams of the house style (used by `apply_style` and inside `render_chart`)."""
    return {
        # A list of families (not "sans-serif"): only then does matplotlib fall back glyph
        # by glyph to the next family.
        "font.family": register_fonts(),
        "font.size": 9,
        "axes.titlesize": 13,
        "axes.titleweight": "normal",  # the CJK fallback fonts have no bold face
        "axes.titlelocation": "left",
        "axes.titlepad": 12,
        "axes.labelsize": 9,
        "axes.labelcolor": MUTED,
        "axes.edgecolor": GRID,
        "axes.spines.top": False,
        "axes.spines.right": False,
        "axes.grid": True,
        "axes.axisbelow": True,
        "axes.prop_cycle": cycler(color=SERIES_COLOURS),
        "grid.color": GRID,
        "grid.linewidth": 0.8,
        "xtick.color": MUTED,
        "ytick.color": MUTED,
        "xtick.labelsize": 8,
        "ytick.labelsize": 8,
        "text.color": INK,
        "legend.frameon": False,
        "legend.fontsize": 8,
        "figure.dpi": 100,
        "savefig.dpi": DPI,
        "savefig.facecolor": "white",
        "axes.unicode_minus": False,  # an ASCII minus exists in every font
    }


def apply_style() -> None:
    """Make the house style the default for all later matplotlib figures in this process."""
    matplotlib.rcParams.update(style())


def render_chart(spec: ChartSpec, path: str | Path, language: str | None = None) -> Path:
    """Draw `spec` to a PNG at `path` (8 inches wide at 200 dpi) and return the path.

    `language` overrides `spec.language` (number style and the chart's fixed words).
    """
    if language is not None:
        spec = replace(spec, language=language)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    with matplotlib.rc_context(style()):
        fig = draw_chart(spec)
        # zlib level 3, not 6: the same pixels, ~20% larger files, ~11% less CPU per chart
        # (measured: 327 -> 290 ms), and every answer on a P&L draws one.
        fig.savefig(path, format="png", dpi=DPI, pil_kwargs={"compress_level": 3})
    return path


def draw_chart(spec: ChartSpec) -> Figure:
    """The chart as a matplotlib `Figure` (not attached to pyplot), e.g. for `st.pyplot`."""
    with matplotlib.rc_context(style()):
        return _draw(spec)


def caption(spec: ChartSpec) -> str:
    """The small text under the chart in `spec.language`: a recipe's caption is a message
    id with values (`notes.NoteId`), said here in the sandbox; a text a step wrote itself
    (already in the reader's words) only has its English-style counts localised."""
    if isinstance(spec.note, NoteId):
        return say(spec.note, spec.language)
    return localise_counts(spec.note, spec.language)


def _draw(spec: ChartSpec) -> Figure:
    labels, series, groups, cumulative = _ordered(spec)
    series = [(fixed_name(name, spec.language), values) for name, values in series]
    labels = _month_ticks(labels, spec)
    count = len(labels)
    horizontal = spec.kind in ("barh", "funnel")
    height = max(3.0, 0.32 * count + 1.4) if horizontal else 4.5
    fig = Figure(figsize=(WIDTH_IN, min(height, 14.0)), dpi=DPI)
    ax = fig.add_subplot()
    ax.set_title(say(spec.title, spec.language))  # a recipe's title: a message id
    money = FuncFormatter(lambda v, _pos: _format(v, spec))
    if horizontal:
        _draw_horizontal(ax, spec, labels, series[0][1], groups)
        ax.xaxis.set_major_formatter(money)
        ax.xaxis.set_major_locator(MaxNLocator(6))
    elif spec.kind == "line":
        _draw_line(ax, spec, labels, series)
        ax.yaxis.set_major_formatter(money)
    else:
        _draw_columns(ax, spec, labels, series, groups)
        ax.yaxis.set_major_formatter(money)
        if spec.kind == "pareto" and cumulative is not None:
            _draw_cumulative(ax, spec, cumulative)
    if spec.value_label:
        (ax.set_xlabel if horizontal else ax.set_ylabel)(fixed_name(spec.value_label, spec.language))
    # One layout pass and one draw at the saved resolution (the renderer, and so its text
    # measurements, is shared by both), not tight_layout and then savefig's tight crop (two
    # more passes over every label): ~30% less CPU per chart, and every P&L answer draws one.
    # rect=None: matplotlib then fits once; its default rect fits twice for the same result
    # (its stubs do not say None, its code takes it: tests/charting/test_chart_edges.py).
    TightLayoutEngine(pad=MARGIN_IN * 72 / 9, rect=None).execute(fig)  # type: ignore[arg-type]
    if spec.note:
        lines = _caption_lines(caption(spec))
        # The caption goes under the axes, in room taken from the plot itself.
        room = (len(lines) * CAPTION_LINE_IN + MARGIN_IN) / fig.get_figheight()
        fig.subplots_adjust(bottom=fig.subplotpars.bottom + room)
        fig.text(MARGIN_IN / WIDTH_IN, MARGIN_IN / fig.get_figheight(), "\n".join(lines),
                 fontsize=7.5, color=MUTED, ha="left", va="bottom")
    return fig


def _month_ticks(labels: list[str], spec: ChartSpec) -> list[str]:
    """Monthly periods ("2026-03") as the reader says them ("Mar 2026", "бер. 2026")."""
    if not spec.dates or spec.kind not in ("bar", "line") or not labels:
        return labels
    months = [month_label(label, spec.language) for label in labels]
    return labels if None in months else [str(m) for m in months]


def _ordered(spec: ChartSpec):
    labels = list(spec.labels)
    series = [(s.name, list(s.values)) for s in spec.series]
    groups = list(spec.groups) if spec.groups else None
    cumulative = list(spec.cumulative_pct) if spec.cumulative_pct else None
    if spec.sort and series and spec.kind in ("bar", "barh"):
        first = series[0][1]
        order = sorted(range(len(labels)), key=lambda i: (
            labels[i] == spec.pinned_last, -_num(first[i]), labels[i]))
        labels = [labels[i] for i in order]
        series = [(name, [vals[i] for i in order]) for name, vals in series]
        groups = [groups[i] for i in order] if groups else None
    return labels, series, groups, cumulative


def _draw_horizontal(ax, spec: ChartSpec, labels: list[str], values: list[float],
                     groups: list[str] | None) -> None:
    positions = range(len(labels))
    colours = [_bar_colour(v, groups[i] if groups else None, i, spec, labels)
               for i, v in enumerate(values)]
    bars = ax.barh(list(positions), [_num(v) for v in values], color=colours, height=0.65)
    ax.set_yticks(list(positions), [_wrap(label, 28) for label in labels])
    ax.invert_yaxis()  # first (largest, or first stage) on top
    ax.grid(axis="y", visible=False)
    ax.tick_params(axis="y", length=0, labelcolor=INK)
    ax.axvline(0, color=MUTED, linewidth=0.8)
    if len(labels) <= 30:
        ax.bar_label(bars, labels=[_format(v, spec) for v in values],
                     padding=3, fontsize=7.5, color=INK)
        ax.margins(x=0.12)


def _draw_columns(ax, spec: ChartSpec, labels: list[str], series, groups) -> None:
    count, width = len(labels), 0.8 / max(len(series), 1)
    if spec.kind == "pareto" and count > 40:
        _draw_ranked_area(ax, spec, series[0][1], groups)
        return
    for k, (name, values) in enumerate(series):
        offsets = [i + (k - (len(series) - 1) / 2) * width for i in range(count)]
        colours: list[str] | str
        if len(series) == 1:
            colours = [_bar_colour(v, groups[i] if groups else None, i, spec, labels)
                       for i, v in enumerate(values)]
        else:
            colours = SERIES_COLOURS[k % len(SERIES_COLOURS)]
        bars = ax.bar(offsets, [_num(v) for v in values], width=width * 0.9, color=colours,
                      label=name, linewidth=0)
        if count * len(series) <= 16 and spec.kind != "pareto":
            ax.bar_label(bars, labels=[_format(v, spec) for v in values],
                         padding=2, fontsize=7, color=INK)
    if len(series) > 1:
        ax.legend(loc="upper left", bbox_to_anchor=(0, -0.14 if count > 8 else -0.08), ncol=len(series))
    ax.grid(axis="x", visible=False)
    ax.axhline(0, color=MUTED, linewidth=0.8)
    _category_ticks(ax, labels)


def _draw_ranked_area(ax, spec: ChartSpec, values: list[float], groups) -> None:
    """Thousands of items: one filled step area per class instead of a rectangle per item
    (same picture, drawn in milliseconds instead of seconds)."""
    heights = [_num(v) for v in values]
    for group in dict.fromkeys(groups or ["all"]):
        inside = [groups is None or g == group for g in (groups or heights)]
        ax.fill_between(range(len(heights)), heights, where=inside, step="mid", linewidth=0,
                        color=GROUP_COLOURS.get(group, PRIMARY))
    ax.set_xlim(-0.5, len(heights) - 0.5)
    ax.grid(axis="x", visible=False)
    ax.axhline(0, color=MUTED, linewidth=0.8)
    ax.set_xticks([])
    ax.set_xlabel(chart_word("ranked", spec.language, count=len(heights),
                             value=spec.value_label or chart_word("value", spec.language)))


def _draw_line(ax, spec: ChartSpec, labels: list[str], series) -> None:
    x: pd.DatetimeIndex | list[int]
    if spec.dates:
        x = pd.to_datetime(list(spec.dates))
        locator = mdates.AutoDateLocator()
        ax.xaxis.set_major_locator(locator)
        if labels and labels[0] != spec.labels[0]:  # monthly: names in the reader's language
            # At most ~12 ticks, on months a reader expects (Jan, Apr, Jul, Oct...).
            every = next(k for k in (1, 2, 3, 4, 6, 12, 24, 60) if k * 12 >= len(labels))
            ax.xaxis.set_major_locator(mdates.MonthLocator(bymonth=range(1, 13, min(every, 12)))
                                       if every <= 12 else mdates.YearLocator(every // 12))
            ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: month_label(
                mdates.num2date(v).strftime("%Y-%m"), spec.language) or ""))
        else:
            ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))
    else:
        x = list(range(len(labels)))
        _category_ticks(ax, labels)
    for name, values in series:
        ax.plot(x, [_num(v) for v in values], label=name, linewidth=2,
                marker="o" if len(labels) <= 40 else None, markersize=3.5)
    if spec.dates and labels and labels[0] != spec.labels[0] and len(ax.get_xticks()) > 6:
        # More than six month names side by side ran into each other ("лют. 2025бер. 2025"):
        # slanted as the bar charts' labels are.
        for tick in ax.get_xticklabels():
            tick.set_rotation(40)
            tick.set_horizontalalignment("right")
            tick.set_rotation_mode("anchor")
    if len(series) > 1:
        ax.legend(loc="upper left")
    ax.grid(axis="x", visible=False)


def _draw_cumulative(ax, spec: ChartSpec, cumulative: list[float]) -> None:
    if ax.get_ylim()[0] < 0 and all(_num(v) >= 0 for v in spec.series[0].values):
        ax.set_ylim(bottom=0)  # both axes start at 0, so the line and the bars line up
    share = ax.twinx()
    share.plot(range(len(cumulative)), cumulative, color=ACCENT, linewidth=2,
               marker="o" if len(cumulative) <= 40 else None, markersize=3)
    share.set_ylim(0, 105)
    share.yaxis.set_major_formatter(FuncFormatter(lambda v, _p: f"{v:.0f}%"))
    share.grid(False)
    share.spines["right"].set_visible(True)
    share.set_ylabel(chart_word("cumulative", spec.language))
    for guide in spec.guides_pct:
        share.axhline(guide, color=MUTED, linestyle="--", linewidth=0.8)
        share.text(len(cumulative) - 0.5, guide + 1, f"{guide:.0f}%", ha="right",
                   va="bottom", fontsize=7, color=MUTED)
    if spec.groups:
        handles = [matplotlib.patches.Patch(color=c, label=chart_word("class", spec.language, group=g))
                   for g, c in GROUP_COLOURS.items() if g in spec.groups]
        # Above the plot, right of the title: inside it the legend covered the last bars
        # (lower right) or the cumulative line (upper right).
        share.legend(handles=handles, loc="lower right", bbox_to_anchor=(1.0, 1.01),
                     ncol=len(handles), borderaxespad=0.0)
        # A long title would run into that legend row: lift the title above it.
        ax.set_title(say(spec.title, spec.language), pad=22)


def _format(value: float, spec: ChartSpec) -> str:
    return format_value(value, spec.unit, spec.currency, language=spec.language)


def _category_ticks(ax, labels: Sequence[str]) -> None:
    count = len(labels)
    step = max(1, -(-count // 24))  # at most ~24 labels: show every step-th
    ax.set_xticks(range(0, count, step), [_wrap(labels[i], 16) for i in range(0, count, step)])
    if count > 6 or max((len(str(label)) for label in labels), default=0) > 12:
        for tick in ax.get_xticklabels():
            tick.set_rotation(40)
            tick.set_horizontalalignment("right")
            tick.set_rotation_mode("anchor")


def _bar_colour(value: float, group: str | None, index: int, spec: ChartSpec,
                labels: list[str]) -> str:
    if group in GROUP_COLOURS:
        return GROUP_COLOURS[group]
    if _num(value) < 0:
        return NEGATIVE
    if spec.pinned_last and labels[index] == spec.pinned_last:
        return "#B0BAC5"  # "Other" is context, not a competitor: grey
    return PRIMARY


def _wrap(label: str, width: int) -> str:
    """At most two lines; a longer label is cut with an ellipsis rather than overlapping."""
    text = str(label)
    # Words stay whole ("Espresso" never becomes "Espres/so"); Chinese, Japanese or Korean
    # text has no spaces between words, so it breaks between characters.
    ideographs = any("\u2e80" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" for ch in text)
    lines = textwrap.wrap(text, width, break_long_words=ideographs,
                          break_on_hyphens=False) or [""]
    if len(lines) > 2:
        lines = [lines[0], lines[1] + "…"]
    return "\n".join(lines)


def _caption_lines(text: str) -> list[str]:
    """The caption broken to the chart's width (a line too long would be cut off)."""
    ideographs = any("\u2e80" <= ch <= "\u9fff" or "\uac00" <= ch <= "\ud7af" for ch in text)
    width = CAPTION_CHARS // 2 if ideographs else CAPTION_CHARS
    return [line for part in text.splitlines()
            for line in textwrap.wrap(part, width, break_long_words=ideographs,
                                      break_on_hyphens=False) or [""]]


def _num(value: float) -> float:
    return 0.0 if value is None or pd.isna(value) else float(value)
