"""A section's chart as a native Excel chart over the section's own cells.

A person can restyle it, re-sort it, or paste it into a deck; its series reference the
table written on the same sheet, so the chart and the figures are the same cells.
"""

from __future__ import annotations

from openpyxl.chart import BarChart, LineChart, PieChart, Reference, Series
from openpyxl.chart.data_source import StrRef
from openpyxl.chart.marker import DataPoint
from openpyxl.chart.series import SeriesLabel
from openpyxl.worksheet.worksheet import Worksheet

from analyst.charting.spec import Chart
from analyst.report.model import ChartCells

COLOURS = {"favourable": "2E7D32", "unfavourable": "B03A2E", "neutral": "1F4E79"}
PERIOD_AXES = ("month", "week", "quarter", "year", "day", "period")
WIDTH_CM, HEIGHT_CM = 18, 9


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
    drawn.set_categories(Reference(ws, min_col=first_column + cells.x, min_row=first, max_row=last))
    drawn.title = chart.title
    if not isinstance(drawn, PieChart):
        drawn.x_axis.title = chart.x_title or None
        drawn.y_axis.title = chart.y_title or None
        drawn.x_axis.delete = drawn.y_axis.delete = False  # openpyxl hides axes by default
        if number_format:
            drawn.y_axis.number_format = number_format
        if len(cells.series) == 1:
            drawn.legend = None
            _tones(drawn, chart, cells)
    drawn.width, drawn.height = WIDTH_CM, HEIGHT_CM
    return drawn


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
