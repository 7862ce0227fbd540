"""A section's chart as a native Excel chart over the section's own cells.

A person can restyle it, re-sort it, or paste it into a deck; its series reference the
table written on the same sheet, so the chart and the figures are the same cells.
"""

from __future__ import annotations

from openpyxl.chart import BarChart, LineChart, PieChart, Reference, Series
from openpyxl.chart.data_source import StrRef
from openpyxl.chart.marker import DataPoint
from openpyxl.chart.series import SeriesLabel
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.worksheet import Worksheet

from analyst.record.chart import Chart
from analyst.report.model import ChartCells
from analyst.report.text import clean, truncate

COLOURS = {"favourable": "2E7D32", "unfavourable": "B03A2E", "neutral": "1F4E79"}
PERIOD_AXES = ("month", "week", "quarter", "year", "day", "period")
WIDTH_CM, HEIGHT_CM = 18, 9
TITLE_CHARS = 255


def native_chart(ws: Worksheet, chart: Chart, cells: ChartCells, header_row: int,
                 first_column: int, number_format: str | None) -> BarChart | LineChart | PieChart:
    """The Excel chart of `chart` over the table written at `header_row` (its first data
    column at `first_column`, 1-based); the caller anchors it on the sheet."""
    drawn: BarChart | LineChart | PieChart
    if chart.kind == "line":
        drawn = LineChart()
    elif chart.kind == "pie":
        drawn = PieChart()
    else:
        drawn = BarChart()
        # Categories read top down as horizontal bars; periods left to right as columns.
        drawn.type = "col" if chart.x in PERIOD_AXES else "bar"
        if chart.kind == "stacked_bar":
            drawn.grouping, drawn.overlap = "stacked", 100
        if drawn.type == "bar":
            drawn.y_axis.scaling.orientation = "minMax"
            drawn.x_axis.scaling.orientation = "maxMin"  # the first row on top, as in the table
    first, last = header_row + 1 + cells.rows[0], header_row + 1 + cells.rows[-1]
    for column in cells.series:
        values = Reference(ws, min_col=first_column + column, min_row=first, max_row=last)
        series = Series(values, title_from_data=False)
        # Named by its header cell: rename the column and the legend follows.
        header = Reference(ws, min_col=first_column + column, min_row=header_row)
        series.tx = SeriesLabel(strRef=StrRef(str(header)))
        drawn.series.append(series)
    if cells.x is not None:
        drawn.set_categories(Reference(ws, min_col=first_column + cells.x, min_row=first,
                                       max_row=last))
    drawn.title = _text(chart.title)
    if not isinstance(drawn, PieChart):
        drawn.x_axis.title = _text(chart.x_title) or None
        drawn.y_axis.title = _text(chart.y_title) or None
        drawn.x_axis.delete = drawn.y_axis.delete = False  # openpyxl hides axes by default
        if number_format:
            drawn.y_axis.number_format = number_format
        if len(cells.series) == 1:
            drawn.legend = None
            _tones(drawn, chart, cells)
    drawn.width, drawn.height = WIDTH_CM, HEIGHT_CM
    return drawn


def bridge_chart(ws: Worksheet, chart: Chart, cells: ChartCells, header_row: int,
                 first_column: int, at_column: int, number_format: str | None) -> BarChart:
    """A waterfall of column totals (revenue, less costs, to profit) as a native chart.

    Excel has no bridge built from a table's columns, so the bridge is written beside the
    table as formulas over the section's cells (each step `=SUM(...)` of its column, a cost
    negated), and drawn as stacked columns: an invisible base where the bar starts, then
    the bar's size (helper columns: where the bridge ends, the base, the size). Change a
    figure in the table and the bridge follows.
    """
    first, last = header_row + 1 + cells.rows[0], header_row + 1 + cells.rows[-1]
    columns = dict(zip(chart.series, cells.series, strict=True))
    label_col, value_col, end_col, base_col, size_col = (at_column + i for i in range(5))
    for col, text in ((label_col, chart.x_title), (value_col, chart.y_title or chart.title)):
        _label(ws, header_row, col, text)
    for i, mark in enumerate(chart.marks):
        row = header_row + 1 + i
        source = Reference(ws, min_col=first_column + columns[mark.series], min_row=first,
                           max_row=last)
        area = str(source).split("!", 1)[1]
        value = f"{get_column_letter(value_col)}{row}"
        ended = f"{get_column_letter(end_col)}{row - 1}"  # where the bridge stood before
        _label(ws, row, label_col, mark.label)
        ws.cell(row=row, column=value_col, value=f"={'-' if mark.negated else ''}SUM({area})")
        opening = mark.total or i == 0
        ws.cell(row=row, column=end_col, value=f"={value}" if opening else f"={ended}+{value}")
        ws.cell(row=row, column=base_col,
                value="=0" if opening else f"=MIN({ended},{ended}+{value})")
        ws.cell(row=row, column=size_col, value=f"={value}" if opening else f"=ABS({value})")
        for col in (value_col, end_col, base_col, size_col):
            if number_format:
                ws.cell(row=row, column=col).number_format = number_format
    end_row = header_row + len(chart.marks)
    drawn = BarChart()
    drawn.type, drawn.grouping, drawn.overlap = "col", "stacked", 100
    for col in (base_col, size_col):
        drawn.series.append(Series(Reference(ws, min_col=col, min_row=header_row + 1,
                                             max_row=end_row), title_from_data=False))
    drawn.set_categories(Reference(ws, min_col=label_col, min_row=header_row + 1, max_row=end_row))
    base, bars = drawn.series
    base.graphicalProperties.noFill = True  # the invisible part the bar stands on
    base.graphicalProperties.line.noFill = True
    bars.tx = SeriesLabel(strRef=StrRef(str(Reference(ws, min_col=value_col, min_row=header_row))))
    for index, mark in enumerate(chart.marks):
        point = DataPoint(idx=index)
        colour = COLOURS[mark.tone]
        point.graphicalProperties.solidFill = colour
        point.graphicalProperties.line.solidFill = colour
        bars.dPt.append(point)
    drawn.title, drawn.legend = _text(chart.title), None
    drawn.x_axis.delete = drawn.y_axis.delete = False
    if number_format:
        drawn.y_axis.number_format = number_format
    drawn.width, drawn.height = WIDTH_CM, HEIGHT_CM
    return drawn


def _text(text: str) -> str:
    """A title for the chart's XML: no control characters (they make the file unreadable)."""
    return truncate(clean(text), TITLE_CHARS)


def _label(ws: Worksheet, row: int, column: int, text: str) -> None:
    """A bridge's label or heading: text, never a formula, whatever it looks like."""
    cell = ws.cell(row=row, column=column, value=_text(text))
    if isinstance(cell.value, str) and cell.value.startswith("="):
        cell.data_type = "s"


def _tones(drawn: BarChart | LineChart, chart: Chart, cells: ChartCells) -> None:
    """Each bar coloured by what it means: green good news, red bad, blue neither."""
    if not isinstance(drawn, BarChart) or not drawn.series:
        return
    series = drawn.series[0]
    series.graphicalProperties.solidFill = COLOURS["neutral"]
    series.graphicalProperties.line.solidFill = COLOURS["neutral"]
    for mark, row in zip(chart.marks, cells.mark_rows, strict=False):
        if mark.tone != "neutral":
            tone = mark.tone
            point = DataPoint(idx=row - cells.rows[0])
            point.graphicalProperties.solidFill = COLOURS[tone]
            point.graphicalProperties.line.solidFill = COLOURS[tone]
            series.dPt.append(point)
