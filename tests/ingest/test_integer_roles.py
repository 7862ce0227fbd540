"""A whole-number column is an id only on evidence (issue 25, point 6).

Evidence of an id: an id word in the name, a code written with its leading zeros, or values
that have the form of numbering (nearly all distinct *and* a run with few gaps). A measure
with repeated values, a unit or currency in its name, or a name that is a number or a
period stays a number and is summed. The reported bug: `net_generation` (MWh, 51 distinct
whole numbers) in an .xlsx of the public Iowa electricity table became an id, and the
standard report refused the file.

Tables are generated (many seeds, names in four languages), written as CSV and XLSX and
read by the general path, by Arrow's profile, and by the columnar fast path for large
CSVs; the public tables that ship inside `vega_datasets` are swept column by column.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import openpyxl
import pandas as pd
import pyarrow as pa
import pytest

from analyst.datacard import DataCard
from analyst.ingest import ingest_file
from analyst.ingest.arrow_profile import column_cards
from analyst.ingest.fast import FAST_FROM, read_fast
from analyst.ingest.options import IngestOptions
from analyst.ingest.profile import distinct, role_of
from analyst.recipes.numbers import is_year_name
from sandbox.workspace import Workspace
from tests.grids import first_fast, grid

MEASURES = ("quantity", "number", "money")

# Names with no id word and no unit: only the values can tell.
PLAIN = ["net_generation", "Output", "Reading", "Generation", "Produced", "Виробіток",
         "Выработка", "Throughput", "Level", "Tally"]
# A unit, a currency or a count word in the name: a measure whatever the values.
UNIT = ["Revenue (USD)", "kWh", "Energy, kWh", "net_generation_mwh", "MWh", "qty", "units",
        "amount", "Amount (cents)", "Load [MW]", "Вага, кг", "Обсяг, кВт·год",
        "Потребление, кВт·ч", "电量(千瓦时)", "Hours worked", "Duration (min)", "Sales $",
        "Витрати, грн", "Volume (bbl)", "Weight_lbs", "Distance (miles)", "Output, t/h"]
# A name that is a number, a period or an ordinal (the header reader takes these for a
# header beside text names; a bare "12" it reads as data, which is another matter).
NUMERIC = ["2019", "2024", "Q1", "Q3 2025", "FY24", "H1 2025", "3rd", "2-й", "第3"]
# Id words: an id whatever the values.
ID_NAMES = ["id", "ID", "No.", "Customer ID", "код", "Код клієнта", "编号", "Номер", "Order #",
            "customer_id"]
# Plain names over numbering: the values are the evidence.
NUMBERED = ["Row", "Ticket", "Record", "Entry", "Запис", "记录"]
POSTAL = ["ZIP", "Zip code", "Postcode", "PLZ", "邮编", "Поштовий індекс"]


# Values -----------------------------------------------------------------------------------

def quantities(rng: random.Random, rows: int) -> list[int]:
    return [rng.randint(1, 50) for _ in range(rows)]


def spread_readings(rng: random.Random, rows: int) -> list[int]:
    """All distinct and far apart, as Iowa's MWh: what used to make an id."""
    return rng.sample(range(100, 100 + 400 * rows), rows)


def counts(rng: random.Random, rows: int) -> list[int]:
    return [rng.randint(0, 2000) for _ in range(rows)]


def cents(rng: random.Random, rows: int) -> list[int]:
    pool = rng.sample(range(100, 999_999), max(3, rows * 2 // 3))  # prices repeat
    return [rng.choice(pool) for _ in range(rows)]


def year_like(rng: random.Random, rows: int) -> list[int]:
    """Large numbers between 1900 and 2100 that repeat (a measure, not a year column)."""
    pool = rng.sample(range(1900, 2100), max(3, min(150, rows // 3)))
    return [rng.choice(pool) for _ in range(rows)]


def dense_run(rng: random.Random, rows: int) -> list[int]:
    """Distinct and consecutive: numbering by its values; only a name can say measure."""
    start = rng.choice([1, 500, 10_000])
    values = list(range(start, start + rows))
    rng.shuffle(values)
    return values


MEASURE_VALUES: list[Callable[[random.Random, int], list[int]]] = [
    quantities, spread_readings, counts, cents, year_like]


def sequence(rng: random.Random, rows: int) -> list[int]:
    start = rng.choice([1, 1001, 100_000])
    return list(range(start, start + rows))


def with_gaps(rng: random.Random, rows: int) -> list[int]:
    start = rng.choice([1, 5001, 700_000])
    return sorted(rng.sample(range(start, start + rows * 3 // 2), rows))


def nearly_unique(rng: random.Random, rows: int) -> list[int]:
    """Numbering with one line exported twice (in 50 rows or more: one in 25 is not "nearly")."""
    if rows < 50:
        return with_gaps(rng, rows)
    values = sequence(rng, rows - 1)
    at = rng.randrange(len(values))
    return values[:at + 1] + values[at:]


ID_VALUES: list[Callable[[random.Random, int], list[int]]] = [sequence, with_gaps, nearly_unique]


# Tables -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class Table:
    columns: dict[str, list]
    measures: tuple[str, ...]
    """Columns that must be summed numbers."""
    ids: tuple[str, ...]
    """Columns that must be ids."""


def generated(seed: int, rows: int) -> Table:
    """A table of `rows` rows: a label column, measures of every kind, ids of every kind."""
    rng = random.Random(seed)
    columns: dict[str, list] = {"Label": [f"item {i}" for i in range(rows)],
                                "Region": [rng.choice(["North", "South", "East", "West"])
                                           for _ in range(rows)]}
    measures, ids = [], []
    for name, values in zip(rng.sample(PLAIN, 4), rng.sample(MEASURE_VALUES, 4), strict=True):
        columns[name] = values(rng, rows)
        measures.append(name)
    for name in rng.sample(UNIT, 3):  # a unit word beats even a run of numbers
        columns[name] = rng.choice([dense_run, *MEASURE_VALUES])(rng, rows)
        measures.append(name)
    numeric = rng.choice(NUMERIC)
    columns[numeric] = rng.choice([dense_run, *MEASURE_VALUES])(rng, rows)
    measures.append(numeric)
    for name, values in ((rng.choice(ID_NAMES), rng.choice([*ID_VALUES, quantities])),
                         (rng.choice(NUMBERED), rng.choice(ID_VALUES))):
        columns[name] = values(rng, rows)
        ids.append(name)
    width = rng.randint(len(str(rows)) + 1, 8)  # codes written with their zeros, every one distinct
    columns[rng.choice(["Account", "Account code"])] = [
        f"{v:0{width}d}" for v in rng.sample(range(1, 10 ** (width - 1)), rows)]
    ids.append(list(columns)[-1])
    columns[rng.choice(POSTAL)] = [f"0{rng.randint(1000, 1000 + rows // 3)}" for _ in range(rows)]
    ids.append(list(columns)[-1])
    return Table(columns, tuple(measures), tuple(ids))


def write_csv(table: Table, path: Path) -> Path:
    pd.DataFrame(table.columns).to_csv(path, index=False)
    return path


def write_xlsx(table: Table, path: Path) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(list(table.columns))
    for row in zip(*table.columns.values(), strict=True):
        sheet.append(list(row))  # codes are text cells, as an export writes them
    book.save(path)
    return path


def read(path: Path, root: Path) -> DataCard:
    (card,) = [c for c in ingest_file(path, Workspace(root)) if not c.wide_table]
    return card


def check(card: DataCard, table: Table, where: str) -> None:
    roles = {c.name: c.role for c in card.columns}
    assert set(roles) == set(table.columns), (where, roles)
    for name in table.measures:
        column = card.column(name)
        assert column.role in MEASURES, (where, name, column.role, table.columns[name][:8])
        assert column.sum == sum(table.columns[name]), (where, name)
    for name in table.ids:
        assert roles[name] == "id", (where, name, roles[name], table.columns[name][:8])


SEEDS = range(30)


# Each seed in one form in the fast tier (both forms among them), in both in the full run.
@pytest.mark.parametrize(("form", "seed"), grid(["csv", "xlsx"], list(SEEDS)))
def test_measures_are_numbers_and_ids_stay_ids(tmp_path, seed, form):
    table = generated(seed, rows=random.Random(seed).choice([25, 40, 60, 120, 300]))
    write = write_csv if form == "csv" else write_xlsx
    card = read(write(table, tmp_path / f"t.{form}"), tmp_path / "ws")
    check(card, table, f"{form} seed {seed}")


@pytest.mark.parametrize("seed", SEEDS)
def test_both_profile_paths_agree_on_every_number_column(seed):
    """The pandas profile (small files, workbooks) and Arrow's (large CSVs): the same roles."""
    table = generated(seed, rows=random.Random(seed).choice([25, 40, 60, 120, 300]))
    frame = pd.DataFrame({k: v for k, v in table.columns.items() if isinstance(v[0], int)})
    arrow = {c.name: c.role for c in column_cards(pa.Table.from_pandas(frame), {}, {})}
    pandas = {name: role_of(name, frame[name], None, distinct(frame[name])) for name in frame}
    assert arrow == pandas
    for name in table.measures:
        assert pandas[name] in MEASURES, (name, pandas[name])


@pytest.mark.parametrize("seed", first_fast(range(3)))  # 15,000 rows each: one in the fast tier
def test_the_fast_path_reads_large_files_with_the_same_roles(tmp_path, seed):
    table = generated(seed, rows=15_000)
    path = write_csv(table, tmp_path / "big.csv")
    assert path.stat().st_size > FAST_FROM
    assert read_fast(path.read_bytes(), IngestOptions(), "big.csv") is not None
    check(read(path, tmp_path / "ws"), table, f"fast seed {seed}")


@pytest.mark.parametrize("name", UNIT + NUMERIC)
def test_a_unit_or_a_numeric_name_beats_values_that_look_like_numbering(name):
    run = pd.Series(dense_run(random.Random(name), 80), dtype="int64")
    assert role_of(name, run, None, distinct(run)) in MEASURES
    # The same values under a plain name are numbering: the name made the difference.
    assert role_of("Entry", run, None, distinct(run)) == "id"


@pytest.mark.parametrize("values", [quantities, counts, cents, year_like])
@pytest.mark.parametrize("name", PLAIN + NUMBERED)
def test_repeated_values_are_a_measure_whatever_the_plain_name(name, values):
    column = pd.Series(values(random.Random(name), 200), dtype="int64")
    assert role_of(name, column, None, distinct(column)) in MEASURES


@pytest.mark.parametrize("name", ID_NAMES)
def test_an_id_word_makes_an_id_even_when_values_repeat(name):
    column = pd.Series(quantities(random.Random(name), 80), dtype="int64")
    assert role_of(name, column, None, distinct(column)) == "id"


def test_the_generated_tables_cover_every_kind():
    # A generator that silently yields one kind of column proves little.
    tables = [generated(seed, 60) for seed in SEEDS]
    used = {name for t in tables for name in t.columns}
    assert set(PLAIN) <= used and len(used & set(UNIT)) >= 15 and len(used & set(NUMERIC)) >= 6
    assert sum(len(t.measures) for t in tables) >= 200 and sum(len(t.ids) for t in tables) >= 100


# Public tables ----------------------------------------------------------------------------

vega = pytest.importorskip("vega_datasets")


def _public(name: str) -> pd.DataFrame:
    return vega.local_data(name)  # ships inside the package: no network


def _whole_columns(frame: pd.DataFrame) -> list[str]:
    return [str(c) for c in frame.columns if frame[c].dtype.kind in "iuf"
            and len(frame[c].dropna()) and bool((frame[c].dropna() % 1 == 0).all())]


def _calendar_years(frame: pd.DataFrame, name: str) -> bool:
    """"year": 1565, 1570 …: a label of the rows, left as it was (not a measure)."""
    values = frame[name].dropna()
    return is_year_name(name) and bool(values.between(1000, 2200).all())


def _measures(name: str) -> list[str]:
    frame = _public(name)
    return [c for c in _whole_columns(frame) if not _calendar_years(frame, c)]


PUBLIC = [name for name in vega.local_data.list_datasets() if _measures(name)]
"""The local tables with a whole-number measure (iowa-electricity, cars, us-employment …)."""


@pytest.mark.parametrize("name", PUBLIC)
@pytest.mark.parametrize("form", ["csv", "xlsx"])
def test_public_tables_measures_are_numbers(tmp_path, name, form):
    frame, whole = _public(name), _measures(name)
    path = tmp_path / f"{name}.{form}"
    if form == "csv":
        frame.to_csv(path, index=False)
    else:
        frame.to_excel(path, index=False)
    card = read(path, tmp_path / "ws")
    for column in whole:
        assert card.column(column).role in MEASURES, (name, column, card.column(column).role)
        assert card.column(column).sum == pytest.approx(float(frame[column].sum())), (name, column)
    arrow = {c.name: c.role for c in column_cards(pa.Table.from_pandas(frame[whole]), {}, {})}
    assert all(role in MEASURES for role in arrow.values()), (name, arrow)


def test_the_public_sweep_is_not_empty():
    assert {"iowa-electricity", "cars", "us-employment", "driving"} <= set(PUBLIC)
    assert sum(len(_measures(n)) for n in PUBLIC) >= 25


def test_the_standard_report_of_the_iowa_workbook_reports_net_generation(tmp_path, capsys):
    from pypdf import PdfReader

    from analyst.__main__ import main

    book = tmp_path / "iowa_electricity.xlsx"
    vega.data.iowa_electricity().to_excel(book, index=False)
    card = read(book, tmp_path / "card")
    assert card.column("net_generation").role == "quantity"
    out = tmp_path / "report.pdf"
    code = main(["report", str(book), "-o", str(out), "--backend", "local",
                 "--workspace", str(tmp_path / "ws"), "--quiet", "--lang", "en"])
    said = capsys.readouterr()
    assert code == 0, said.err
    assert "column of numbers" not in said.err + said.out
    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    assert "net_generation" in text
