"""How one column's cells were read: a typed record the ingester fills in and the planner reads.

The data card shows the model this reading as one short English phrase ("decimal comma,
currency грн"); the product itself never parses that phrase back (the planner takes the
currency from `currency`, the fast CSV path the date format from `date_format`).
"""

from __future__ import annotations

from dataclasses import dataclass

SHEET_FORMATS = ("money", "percent", "padded")


@dataclass(frozen=True)
class ColumnReading:
    date_format: str | None = None
    """The strptime format the dates were read with ("%d.%m.%Y")."""
    decimal_comma: bool = False
    currency: str | None = None
    """The currency sign or code stripped from the cells ("грн", "$")."""
    percent: bool = False
    """Cells written "12.5%", stored as 0.125."""
    sheet_format: str | None = None
    """The workbook's number format said the role: one of `SHEET_FORMATS`."""
    scientific: bool = False
    """Some cells were written in scientific notation ("3.2e+21"), stored as plain floats."""

    def text(self) -> str | None:
        """The phrase the model's data card shows (English, as the model reads the card)."""
        parts = []
        if self.date_format:
            parts.append(f"dates as {self.date_format}")
        if self.decimal_comma:
            parts.append("decimal comma")
        if self.currency:
            parts.append(f"currency {self.currency}")
        if self.percent:
            parts.append("percent, 12.5% stored as 0.125")
        if self.scientific:
            parts.append("scientific notation, 1.5E+03 stored as 1500")
        if self.sheet_format:
            parts.append({"money": "currency format in the workbook",
                          "percent": "percent format in the workbook",
                          "padded": "leading zeros as the workbook shows them"}[self.sheet_format])
        return ", ".join(parts) or None
