"""Numbers as public files write them, and files whose first records run past any sample.

Scientific notation ("3.246502e+21", "-2.88E+08", "1e-05", "6.02E23", "1,5E+03") and a final
dot ("3504.", "-12.") are numbers, in CSV and in the text cells of workbooks, read exactly
(each value is the correctly rounded float of its text; sums equal pandas' reading of the
same file), on the general path and on the columnar path for large files alike, with a
word on the card. Codes that merely look like exponents ("1E5" beside "2A7") and sentences
ending in "12." stay text. A quoted field with line breaks and delimiters longer than the
sample does not choose the delimiter or the header: every record is read.
"""

from __future__ import annotations

import csv
import io
import math
import random
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from analyst.ingest import IngestOptions, ingest_file
from analyst.ingest.clean import clean
from analyst.ingest.delimited import read_delimited
from analyst.ingest.fast import FAST_FROM, read_fast
from analyst.words.note import Note
from tests.grids import first_fast, pairs

VEGA = Path(pytest.importorskip("vega_datasets").__file__).parent / "_data"


def _scientific(rng: random.Random, value: float, comma: bool) -> str:
    """One of the ways programs write a float in scientific notation."""
    forms = [
        f"{value:.6e}",                      # C's printf %e, numpy, pandas float_format
        f"{value:.2E}",                      # Excel: -2.88E+08
        f"{value:.0e}",                      # no decimals: 3e+21
        f"{value:.3E}".replace("E+", "E"),   # Java: 6.020E23, unsigned exponent
        repr(float(f"{value:.4e}")),         # Python: 1e-05, 3.2465e+21 (or plain when short)
    ]
    text = rng.choice(forms)
    return text.replace(".", ",") if comma else text


def _magnitude(rng: random.Random) -> float:
    return rng.uniform(-1, 1) * 10.0 ** rng.randint(-9, 22)


def _exact(cell: str, comma: bool = False) -> float:
    """The correctly rounded float of the cell's text (NaN for a blank)."""
    if not cell.strip():
        return math.nan
    text = cell.strip().replace(",", ".") if comma else cell.strip()
    return float(text)


def _same(ours: pd.Series, cells: list[str], comma: bool = False) -> None:
    expected = [_exact(c, comma) for c in cells]
    got = ours.astype("float64").tolist()
    assert len(got) == len(expected)
    for g, e, c in zip(got, expected, cells, strict=True):
        assert (math.isnan(g) and math.isnan(e)) or g == e, (c, g, e)


def _table(seed: int, rows: int, comma: bool) -> tuple[list[str], dict[str, list[str]]]:
    """Columns of scientific notation mixed with plain numbers and blanks, a final-dot column
    (dot files only), a code column of exponent look-alikes, and a label column."""
    rng = random.Random(seed)
    sci, mixed, dots, codes, labels = [], [], [], [], []
    for i in range(rows):
        sci.append(_scientific(rng, _magnitude(rng), comma) if i % 11 else "")
        if i % 3 == 0:
            mixed.append(_scientific(rng, _magnitude(rng), comma))
        elif i % 3 == 1:
            plain = f"{rng.uniform(-5000, 5000):.{rng.randint(0, 3)}f}"
            mixed.append(plain.replace(".", ",") if comma else plain)
        else:
            mixed.append("" if i % 2 else f"{rng.randint(-99, 99)}")
        whole = rng.randint(-5000, 5000)
        dots.append(f"{whole}." if i % 4 else (f"{whole / 8}" if i % 8 else ""))
        codes.append(rng.choice(["1E5", "2A7", "3C9", "0E8", "4F1"]))
        labels.append(f"sample {i}")
    columns = {"Sample": labels, "Mass": sci, "Energy": mixed, "Code": codes}
    if not comma:
        columns["Weight"] = dots
    return list(columns), columns


def _csv(columns: dict[str, list[str]], delimiter: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\n")
    writer.writerow(list(columns))
    writer.writerows(zip(*columns.values(), strict=True))
    return out.getvalue()


FILES = [(",", False), (";", False), (";", True), ("\t", False)]


@pytest.mark.parametrize("delimiter,comma", FILES)
@pytest.mark.parametrize("seed", range(4))
def test_scientific_notation_and_final_dots_are_numbers_read_exactly(ingest, tmp_path, delimiter, comma, seed):
    names, columns = _table(seed, 300, comma)
    text = _csv(columns, delimiter)
    card, frame = ingest("lab.csv", text)
    assert list(frame.columns) == names and card.rows == 300 and card.delimiter == delimiter
    theirs = pd.read_csv(io.StringIO(text), sep=delimiter, decimal="," if comma else ".")
    for name in [n for n in names if n in ("Mass", "Energy", "Weight")]:
        assert card.column(name).dtype == "float64", name
        assert card.column(name).role not in ("id", "text", "category"), (name, card.column(name).role)
        _same(frame[name], columns[name], comma)
        assert frame[name].sum() == theirs[name].sum()  # pandas' own reading of the same file
    # Codes stay codes, as written.
    assert card.column("Code").dtype == "str" and frame["Code"].tolist() == columns["Code"]
    said = {a.key: a for a in card.assumptions if isinstance(a, Note)}
    assert "scientific" in said and "'Mass'" in str(said["scientific"]) and "'Energy'" in str(said["scientific"])
    assert "scientific notation" in (card.column("Mass").note or "")
    if not comma:
        assert "final_dot" in said and "'Weight'" in str(said["final_dot"])
    else:
        assert "decimal_comma" in said


@pytest.mark.parametrize("seed", range(3))
def test_text_cells_of_a_workbook_in_scientific_notation_are_numbers(ingest, tmp_path, seed):
    _, columns = _table(seed, 120, comma=False)
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(list(columns))
    for row in zip(*columns.values(), strict=True):
        # Strings are text cells in the workbook, as exports from other programs leave them.
        sheet.append([cell if cell else None for cell in row])
    path = tmp_path / "lab.xlsx"
    book.save(path)
    card, frame = ingest("lab.xlsx", path.read_bytes())
    for name in ("Mass", "Energy", "Weight"):
        assert card.column(name).dtype == "float64", name
        _same(frame[name], columns[name])
    assert frame["Code"].tolist() == columns["Code"]
    assert any(isinstance(a, Note) and a.key == "scientific" for a in card.assumptions)


@pytest.mark.parametrize("cells", [
    ["1E5", "2A7", "3C9"] * 10,                    # product codes, one of which looks like 10^5
    ["1E5", "2E7", "0E8", "3E9"] * 8,              # all of them do: still no program writes 10^5 so
    ["The total was 12.", "Up 3.", "12."] * 10,    # sentences with a final number
    ["12.", "A", "B", "C"] * 10,                   # a lone "12." in a text column
])
def test_codes_and_sentences_that_look_like_numbers_stay_text(ingest, cells):
    text = "Item,Qty\n" + "".join(f'"{c}",{k}\n' for k, c in enumerate(cells))
    card, frame = ingest("codes.csv", text)
    assert card.column("Item").dtype == "str"
    assert frame["Item"].tolist() == cells
    assert not any(isinstance(a, Note) and a.key in ("scientific", "final_dot") for a in card.assumptions)


def test_numbers_past_the_float_range_are_reported_not_read_as_infinity(ingest):
    cells = [f"{k}.5e+10" for k in range(300)] + ["1.0e999"]
    card, frame = ingest("huge.csv", "Star,Value\n" + "".join(f"s{k},{c}\n" for k, c in enumerate(cells)))
    assert card.column("Value").dtype == "float64"
    assert frame["Value"].isna().sum() == 1 and math.isfinite(frame["Value"].max())
    assert any(isinstance(a, Note) and a.key == "not_numbers" for a in card.assumptions)


def _large(delimiter: str, comma: bool, rows: int = 30_000) -> tuple[str, dict[str, list[str]]]:
    _, columns = _table(7, rows, comma)
    columns["Code"] = [f"P-{k}" for k in range(rows)]  # the body must be clean for the columnar path
    return _csv(columns, delimiter), columns


# Large files (seconds each): the fast tier reads one, the full run both.
@pytest.mark.parametrize("delimiter,comma", first_fast([(",", False), (";", True)]))
def test_the_columnar_path_reads_large_files_as_the_general_path_does(workspace, tmp_path, delimiter, comma):
    text, columns = _large(delimiter, comma)
    data = text.encode("utf-8")
    assert len(data) > FAST_FROM
    assert read_fast(data, IngestOptions(), "big.csv") is not None  # the columnar path takes it
    path = tmp_path / "big.csv"
    path.write_bytes(data)
    (card,) = ingest_file(path, workspace)
    fast = pd.read_parquet(workspace.root / card.parquet_path)
    general = clean(read_delimited(data, IngestOptions(), "big.csv"), IngestOptions())
    theirs = pd.read_csv(io.StringIO(text), sep=delimiter, decimal="," if comma else ".")
    numeric = [n for n in ("Mass", "Energy", "Weight") if n in columns]
    for name in numeric:
        assert str(fast[name].dtype) == str(general.frame[name].dtype) == "float64", name
        _same(fast[name], columns[name], comma)
        _same(general.frame[name], columns[name], comma)
        assert fast[name].sum() == general.frame[name].sum() == theirs[name].sum()
    number_notes = ("scientific", "final_dot", "decimal_comma")
    said = [str(a) for a in card.assumptions if isinstance(a, Note) and a.key in number_notes]
    general_said = [str(a) for a in general.assumptions if isinstance(a, Note) and a.key in number_notes]
    assert said == general_said and said
    assert "scientific notation" in (card.column("Mass").note or "")


@pytest.mark.slow  # a large file; the columnar path on one is read in the fast tier above
def test_a_bare_exponent_in_a_large_body_is_not_read_as_a_power_of_ten(workspace, tmp_path):
    # "7E3" deep in the body: the columnar path must not read 7000 where the general path reports it.
    text, _ = _large(",", False)
    lines = text.splitlines()
    cells = lines[20_000].split(",")
    cells[2] = "7E3"
    lines[20_000] = ",".join(cells)
    path = tmp_path / "big.csv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    (card,) = ingest_file(path, workspace)
    frame = pd.read_parquet(workspace.root / card.parquet_path)
    assert math.isnan(frame["Energy"].iloc[19_999])  # line 20,001 of the file, below the header
    assert any(isinstance(a, Note) and a.key == "not_numbers" for a in card.assumptions)


# -- a quoted field longer than the sample ---------------------------------------------------

ROWS = 2822


def _long_field(size: int, newline: str, delimiter: str) -> str:
    """Prose with line breaks, both delimiters and doubled quotes, `size` characters or more."""
    line = f'Lorem ipsum, dolor; sit "amet" | tab\there{newline}'
    return line * (size // len(line) + 1) + "end of note"


# Fields of up to a megabyte (seconds a case, each read in a child process): every pair of
# values in the full run, each value once in the fast tier.
@pytest.mark.parametrize(("newline", "delimiter", "at", "size"), pairs(
    ["\n", "\r\n"], [",", ";"], [0, 4], [100 * 1024, 200 * 1024, 1024 * 1024]))
def test_a_long_quoted_field_does_not_decide_the_delimiter_or_the_header(ingest, size, at, delimiter, newline):
    field = _long_field(size, newline, delimiter)
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator=newline)
    writer.writerow(["id", "comment", "amount", "region"])
    amounts = []
    for i in range(1, ROWS + 1):
        amount = f"{(i * 7919) % 100_000 / 100:.2f}"
        amounts.append(amount)
        writer.writerow([i, field if i == at + 1 else f"note {i}", amount, ["North", "South"][i % 2]])
    text = out.getvalue()
    card, frame = ingest("notes.csv", text)
    assert card.delimiter == delimiter and card.header_row == 1
    assert list(frame.columns) == ["id", "comment", "amount", "region"]
    assert card.rows == ROWS
    assert frame["comment"].iloc[at] == field
    assert frame["id"].tolist() == list(range(1, ROWS + 1))
    theirs = pd.read_csv(io.StringIO(text), sep=delimiter)
    assert frame["amount"].sum() == theirs["amount"].sum()
    assert frame["amount"].tolist() == [float(a) for a in amounts]


# -- public tables ------------------------------------------------------------------------------


def _vega(name: str) -> pd.DataFrame:
    return pd.read_csv(VEGA / name)


@pytest.mark.parametrize("name", sorted(p.name for p in VEGA.glob("*.csv")))
def test_public_csvs_read_with_pandas_sums(ingest, name):
    text = (VEGA / name).read_text(encoding="utf-8")
    card, frame = ingest(name, text)
    theirs = _vega(name)
    assert card.rows == len(theirs)
    numeric = [c for c in theirs.columns if theirs[c].dtype.kind in "if"]
    assert numeric
    for column in numeric:
        assert frame[column].sum() == theirs[column].sum(), column
    if name == "airports.csv":
        # IATA codes "0E0", "0E8" among "00M", "00R": codes, not powers of ten.
        assert card.column("iata").dtype == "str"
        assert {"0E0", "0E8"} <= set(frame["iata"])


# Each case reads a public table in a child process (a second or more): every pair of table,
# number form and locale in the full run, each value once in the fast tier.
@pytest.mark.parametrize(("locale", "form", "name"), pairs(
    ["dot", "comma"], ["%.6e", "%.3E", "%.2e", "%.10g"],
    ["seattle-weather.csv", "airports.csv", "la-riots.csv", "stocks.csv"]))
def test_public_tables_exported_in_scientific_notation(ingest, name, form, locale):
    # The public values, exported the way R, numpy, Fortran and a German Excel write floats.
    original = _vega(name)
    sep, decimal = (",", ".") if locale == "dot" else (";", ",")
    text = original.to_csv(index=False, sep=sep, decimal=decimal, float_format=form)
    theirs = pd.read_csv(io.StringIO(text), sep=sep, decimal=decimal)
    card, frame = ingest(name, text)
    assert card.rows == len(theirs)
    floats = [c for c in original.columns if original[c].dtype.kind == "f"]
    for column in floats:
        assert card.column(column).dtype == "float64", column
        assert frame[column].sum() == theirs[column].sum(), column
        pd.testing.assert_series_equal(frame[column], theirs[column], check_names=False, check_exact=True)
