"""Every assumption the ingester made is on the card, in the same short sentences on both paths.

Small files go through pandas, files of 1 MB and more through Arrow (`read_fast`): the same
rows must produce the same sentences, with counts taken from the whole file.
"""

from __future__ import annotations

from decimal import Decimal

from analyst.ingest import IngestOptions, ingest_file
from analyst.ingest.fast import FAST_FROM
from tests.ingest.conftest import english

BOOK_HEAD = (
    "Date,Product,Category,Amount,Cost\n"
    '01/31/2026,Widget,Tools,"$1,234.00","$800.00"\n'
    "02/01/2026,Gadget,Tools,(56.00),$10.00\n"
    '02/13/2026,Thing,Toys,"($1,000.50)",$5.00\n'
    '02/14/2026,Other,Toys,(4.00),"$2,000.00"\n'
)
BOOK_SAYS = [
    "Header on row 1.",
    "Dates in 'Date' read month-first (31 January 2026 would be written 01/31/2026).",
    "'$' removed from 'Amount' and 'Cost'; amounts read in USD.",
    "Commas read as thousands separators in 'Amount' and 'Cost' (the decimal separator is the dot).",
    "(56.00) read as \u221256.00: 3 values in 'Amount'.",
]
KYIV_HEAD = "Звіт про продажі за січень 2026;;;\n;;;\nДата;Регіон;Сума;Знижка\n"
KYIV_SAYS = [
    "Columns separated by semicolons.",
    "Header on row 3.",
    "2 lines above the header skipped: 1 title or notes line and 1 blank line.",
    "Dates in 'Дата' read day-first (31 January 2026 would be written 31.01.2026).",
    "Comma read as the decimal separator in 'Сума', 'Знижка'.",
    "Spaces read as thousands separators in 'Сума' (the decimal separator is the comma).",
    "Percent signs removed in 'Знижка'; 12.5% is stored as 0.125.",
]


def book_rows(count: int) -> str:
    """Bookkeeping rows after the head: every 1000th cost is a refund in parentheses."""
    lines = []
    for i in range(1, count + 1):
        cost = "(56.00)" if i % 1000 == 0 else "$1.00"
        lines.append(f'{i % 12 + 1:02d}/{i % 28 + 1:02d}/2026,W{i},Tools,"${i:,}.00",{cost}')
    return "".join(line + "\n" for line in lines)


def kyiv_rows(count: int) -> str:
    lines = []
    for i in range(1, count + 1):
        amount = f"{i * 97:,}".replace(",", " ") + ",50"  # "1 067,50"
        lines.append(f"{i % 28 + 1:02d}.{i % 12 + 1:02d}.2026;{['Київ', 'Львів'][i % 2]};{amount};{i % 10},5%")
    return "".join(line + "\n" for line in lines)


def read(workspace, tmp_path, name: str, text: str, **options):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    (card,) = ingest_file(path, workspace, IngestOptions(**options))
    return card, path.stat().st_size


def test_bookkeeping_csv_says_sign_separators_negatives_and_date_order(workspace, tmp_path):
    card, size = read(workspace, tmp_path, "book.csv", BOOK_HEAD)
    assert size < FAST_FROM
    assert list(english(card.assumptions)) == BOOK_SAYS
    assert Decimal(str(card.column("Amount").sum)) == Decimal("173.50")


def test_large_bookkeeping_csv_says_the_same_with_whole_file_counts(workspace, tmp_path):
    card, size = read(workspace, tmp_path, "book.csv", BOOK_HEAD + book_rows(40_000))
    assert size >= FAST_FROM
    # The 40 refunds in 'Cost' lie past the sample the types were decided on: all are counted.
    assert list(english(card.assumptions)) == BOOK_SAYS + ["(56.00) read as \u221256.00: 40 values in 'Cost'."]
    assert card.rows == 40_004


def test_kyiv_file_counts_title_and_blank_lines_apart(workspace, tmp_path):
    card, _ = read(workspace, tmp_path, "kyiv.csv", KYIV_HEAD + kyiv_rows(30))
    assert card.header_row == 3
    assert list(english(card.assumptions)) == KYIV_SAYS


def test_large_kyiv_file_says_the_same(workspace, tmp_path):
    card, size = read(workspace, tmp_path, "kyiv.csv", KYIV_HEAD + kyiv_rows(40_000))
    assert size >= FAST_FROM and card.rows == 40_000
    assert list(english(card.assumptions)) == KYIV_SAYS


def test_iso_and_ambiguous_dates_are_named_too(workspace, tmp_path):
    iso, _ = read(workspace, tmp_path, "iso.csv", "Day,Qty\n2026-01-05,1\n2026-02-07,2\n")
    assert ("Dates in 'Day' read as ISO dates, year-month-day (31 January 2026 would be written "
            "2026-01-31).") in english(iso.assumptions)
    both, _ = read(workspace, tmp_path, "both.csv", "Date,Qty\n01/02/2026,1\n03/04/2026,2\n")
    assert ("Dates in 'Date' read month-first (31 January 2026 would be written 01/31/2026); the values "
            "fit both ways.") in english(both.assumptions)
    chosen, _ = read(workspace, tmp_path, "chosen.csv", "Date,Qty\n01/02/2026,1\n03/04/2026,2\n", date_order="DMY")
    assert ("Dates in 'Date' read day-first (31 January 2026 would be written 31/01/2026); as you "
            "chose.") in english(chosen.assumptions)


def test_large_iso_file_names_its_dates_like_a_small_one(workspace, tmp_path):
    rows = "".join(f"2026-{i % 12 + 1:02d}-{i % 28 + 1:02d},{i},{i % 100}.5\n" for i in range(60_000))
    card, size = read(workspace, tmp_path, "iso.csv", "Day,Qty,Price\n" + rows)
    assert size >= FAST_FROM
    assert list(english(card.assumptions)) == [
        "Header on row 1.",
        "Dates in 'Day' read as ISO dates, year-month-day (31 January 2026 would be written 2026-01-31).",
    ]


def test_privacy_mode_quotes_no_cell_of_the_bookkeeping_file(workspace, tmp_path):
    card, _ = read(workspace, tmp_path, "book.csv", BOOK_HEAD + book_rows(3))
    private = card.to_prompt(include_samples=False)
    for sentence in BOOK_SAYS[1:]:
        assert sentence in private  # the assumptions quote no values, so they stay
    for raw_value in ("Widget", "Gadget", "W1"):
        assert raw_value not in private
        assert raw_value in card.to_prompt(include_samples=True)
    for cell in ("$1,234.00", "(4.00)", "01/31/2026,"):
        assert cell not in private
