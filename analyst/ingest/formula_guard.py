"""What a formula may do when Analyst computes it: only arithmetic on this file's own cells.

A formula saved without a result is computed (`formulas_eval`), and the formula comes from
the uploader. Excel's formulas can name other files (`'../../[payroll.xlsx]Data'!B2`),
programs (DDE: `cmd|'/C calc'!A0`) and addresses (WEBSERVICE); computed naively, an upload
pulls another user's workbook into its own table. So each formula is looked at before it is
compiled: one that reaches outside is refused by name and its cell stays empty, and the
model refuses to open any book but the upload (`OneBookModel`), for what the text hides
(a defined name pointing elsewhere). Excel's own limits bound the rest: 64 levels of
nesting, 8,192 characters of formula, 32,767 characters of text (REPT).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

MAX_NESTING = 64
MAX_FORMULA_CHARS = 8_192
MAX_TEXT_CHARS = 32_767

# Functions whose result comes from outside the file (or says where the file lives).
OUTWARD = ("WEBSERVICE", "FILTERXML", "HYPERLINK", "INDIRECT", "RTD", "CALL", "REGISTER.ID",
           "REGISTER", "DDE", "INFO", "CELL", "IMAGE", "STOCKHISTORY", "EXEC")
_FUNCTION = re.compile(r"(?<![\w.])(?:_xlfn\.|_xlws\.)?(" + "|".join(re.escape(f) for f in OUTWARD)
                       + r")\s*\(", re.IGNORECASE)
_STRING = re.compile(r'"(?:[^"]|"")*"')
# A reference into another workbook: `[1]Sheet!A1`, `[book.xlsx]Sheet!A1`,
# `'C:\dir\[book.xlsx]Sheet'!A1`, `'../../[x.xlsx]Data'!B2`, `[book.xlsx]!Name`. A table's
# structured reference (`Sales[Amount]`, `[@Amount]`) has no `!` right after its bracket.
_EXTERNAL = (
    re.compile(r"\[[^\[\]]*\][^\s!'\[\]()+\-*/^&=<>,;:]*!"),
    re.compile(r"'[^']*\[[^\]']*\][^']*'!"),
    re.compile(r"\[[^\[\]]*\.(?:xls[xmb]?|xl[tw]|ods|csv)\]", re.IGNORECASE),
    re.compile(r"^\s*=?\s*'?(?:[a-z]:\\|\\\\|/|\.\./|https?:|file:)", re.IGNORECASE),
)


@dataclass(frozen=True)
class Refusal:
    """Why a formula is not computed: `what` is "external", "dde", "nesting", "length", or the
    name of an outward function."""

    what: str


def refusal(formula: str) -> Refusal | None:
    """The reason `formula` must not be computed, or None when it stays inside the file."""
    if len(formula) > MAX_FORMULA_CHARS:
        return Refusal("length")
    code = _STRING.sub('""', formula)  # text in quotes is data, not a reference
    if "|" in code:  # not an Excel operator: only DDE writes it (`app|topic!item`)
        return Refusal("dde")
    if any(pattern.search(code) for pattern in _EXTERNAL):
        return Refusal("external")
    found = _FUNCTION.search(code)
    if found:
        return Refusal(found[1].upper())
    if _nesting(code) > MAX_NESTING:
        return Refusal("nesting")
    return None


def _nesting(code: str) -> int:
    depth = deepest = 0
    for char in code:
        if char == "(":
            depth += 1
            deepest = max(deepest, depth)
        elif char == ")":
            depth -= 1
    return deepest


class OtherBook(Exception):
    """The model was asked to open a book other than the upload."""


class TooManyFormulas(Exception):
    def __init__(self, seen: int) -> None:
        super().__init__(seen)
        self.seen = seen


def one_book_model(own_name: str, max_formulas: int) -> Any:
    """A `formulas.ExcelModel` that opens only the upload (`own_name`), leaves refused
    formulas as `#REF!` (so what depends on them is not computed either, never a silent
    zero), and stops past `max_formulas` formula cells."""
    import formulas

    bound_text()

    class OneBookModel(formulas.ExcelModel):
        def __init__(self) -> None:
            super().__init__()
            self.refused: dict[tuple[str, str], Refusal] = {}
            self.formulas_seen = 0

        def add_book(self, book: Any = None, context: Any = None, data_only: bool = False) -> Any:
            if self.basedir is not None and not _is_own(book, own_name):
                raise OtherBook(str(book))  # the library leaves the cell as #REF!
            return super().add_book(book, context, data_only)

        def compile_cell(self, cell: Any, context: Any, references: Any,
                         formula_references: Any) -> Any:
            if cell.data_type == "f":
                self.formulas_seen += 1
                if self.formulas_seen > max_formulas:
                    raise TooManyFormulas(self.formulas_seen)
                text = cell.value if isinstance(cell.value, str) else str(getattr(cell.value, "text", ""))
                found = refusal(text)
                if found is not None:
                    self.refused[(cell.parent.title, cell.coordinate)] = found
                    cell.value = "=#REF!"
            return super().compile_cell(cell, context, references, formula_references)

    return OneBookModel()


def _is_own(book: Any, own_name: str) -> bool:
    if not isinstance(book, str):
        return False
    parts = book.replace("\\", "/").split("/")
    folder = "/".join(parts[:-1]).strip("/")
    return folder in ("", ".") and parts[-1].upper() == own_name.upper()


_BOUND = [False]


def bound_text() -> None:
    """REPT as Excel has it: a result longer than 32,767 characters is #VALUE!, never 3 GB.
    (`formulas` keeps its functions in one table, meant to be extended like this.)"""
    if _BOUND[0]:
        return
    import functools

    import formulas
    from formulas.functions import replace_empty, wrap_ufunc
    from formulas.functions import text as text_functions
    from formulas.tokens.operand import Error

    functions = formulas.get_functions()
    value_error = Error.errors["#VALUE!"]
    original = text_functions.xrept

    def rept(text: Any, times: Any) -> Any:
        try:
            size = len(str(text)) * int(float(times))
        except (TypeError, ValueError, OverflowError):
            return original(text, times)  # the library's own answer to a bad count
        if size > MAX_TEXT_CHARS:
            return value_error
        return original(text, times)

    # The library's own parsers for REPT: empty arguments read as "".
    functions["REPT"] = wrap_ufunc(
        rept, input_parser=lambda *a: a,
        args_parser=lambda *a: map(functools.partial(replace_empty, empty=""), a))
    _BOUND[0] = True
