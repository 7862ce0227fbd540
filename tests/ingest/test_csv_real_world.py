"""The CSV exports our users actually have, read right: rows, names, sums to the cent, dates."""

from __future__ import annotations

import pandas as pd

from tests.ingest.conftest import cents, english

KYIV = (
    "Звіт про продажі за січень 2026\n"
    "Сформовано: 01.02.2026\n"
    "\n"
    "Дата;Регіон;Товар;Кількість;Сума, грн\n"
    "31.01.2026;Київ;Папір офісний;10;1 234,56\n"
    "15.01.2026;Львів;Ручки;5;56,00\n"
    "02.01.2026;Одеса;Степлер;1 000;-7,10\n"
    "02.01.2026;Харків;Скріпки;3;12 345,67\n"
    "Разом;;;1 018;13 629,13\n"
)


def test_kyiv_cp1251_semicolons_decimal_commas_title_and_total(ingest):
    card, frame = ingest("продажі.csv", KYIV, encoding="cp1251")
    assert card.encoding == "cp1251"
    assert card.delimiter == ";"
    assert card.header_row == 4
    assert list(frame.columns) == ["Дата", "Регіон", "Товар", "Кількість", "Сума, грн"]
    assert card.rows == 4 == len(frame)
    assert cents(frame["Сума, грн"].sum()) == 13629.13
    assert cents(card.column("Сума, грн").sum) == 13629.13
    assert frame["Кількість"].sum() == 1018
    assert card.date_range == ("2026-01-02", "2026-01-31")
    assert [(r.line, r.reason) for r in card.excluded_rows] == [(9, "total row")]
    assert "Разом" in card.excluded_rows[0].text
    text = " ".join(english(card.assumptions))
    assert "cp1251" in text and "Header on row 4" in text and "Разом" in text
    assert "Comma read as the decimal separator" in text
    assert card.column("Сума, грн").role == "money"
    assert card.column("Регіон").role == "category"


def test_small_business_dollars_and_parenthesised_negatives(ingest):
    content = (
        'Product,Amount,Qty\n'
        'Widget,"$1,234.00",3\n'
        'Gadget,($56.00),1\n'
        'Gizmo,"$12,000.50",n/a\n'
        'Thing,(56.00),-\n'
    )
    card, frame = ingest("books.csv", content)
    assert frame["Amount"].tolist() == [1234.0, -56.0, 12000.5, -56.0]
    assert cents(card.column("Amount").sum) == 13122.5
    assert card.column("Amount").role == "money"
    assert "$" in card.column("Amount").note
    assert card.column("Qty").missing == 2
    assert frame["Qty"].sum() == 4


def test_quoted_fields_multiline_cells_and_tabs(ingest):
    content = 'Name\tNote\tValue\n"Smith, J."\t"line one\nline two"\t1.5\nLee\tok\t2.25\n'
    card, frame = ingest("notes.tsv", content)
    assert card.delimiter == "\t"
    assert frame["Note"].tolist() == ["line one\nline two", "ok"]
    assert frame["Name"].tolist() == ["Smith, J.", "Lee"]
    assert cents(frame["Value"].sum()) == 3.75


def test_pipe_delimited_txt(ingest):
    card, frame = ingest("export.txt", "a|b|c\n1|2|3\n4|5|6\n")
    assert card.delimiter == "|"
    assert frame["c"].sum() == 9


def test_subtotals_and_footnotes_are_excluded_and_reported(ingest):
    content = (
        "Region,Product,Revenue\n"
        "North,Tea,100.10\n"
        "North,Coffee,200.20\n"
        "Subtotal North,,300.30\n"
        "South,Tea,50.05\n"
        "South,Total Gym,10.00\n"
        "Grand Total,,360.35\n"
        "\n"
        "* Prices include VAT\n"
        "Source: ERP export\n"
    )
    card, frame = ingest("regions.csv", content)
    assert card.rows == 4
    assert cents(frame["Revenue"].sum()) == 360.35
    assert "Total Gym" in frame["Product"].tolist()  # a product, not a total
    reasons = [(r.line, r.reason) for r in card.excluded_rows]
    assert reasons == [(4, "subtotal row"), (7, "total row"), (9, "footnote"), (10, "footnote")]
    assert any("Prices include VAT" in a for a in english(card.assumptions))


def test_duplicate_rows_empty_and_unnamed_columns_are_reported(ingest):
    content = "id,name,,empty,\n1,a,,,x\n2,b,,,y\n2,b,,,y\n"
    card, frame = ingest("dups.csv", content)
    assert list(frame.columns) == ["id", "name", "Column 3"]
    text = " ".join(english(card.assumptions))
    assert "1 row is an exact duplicate" in text
    assert "'empty' is empty and was dropped" in text
    assert "without a header was named 'Column 3'" in text
    assert card.rows == 3


def test_percent_and_trailing_minus_and_missing_tokens(ingest):
    content = "k;Margin;Delta\na;12,5%;100-\nb;7,5%;#N/A\nc;n/a;20\n"
    card, frame = ingest("pct.csv", content)
    assert frame["Margin"].round(4).tolist()[:2] == [0.125, 0.075]
    assert card.column("Margin").role == "percent"
    assert frame["Delta"].dropna().tolist() == [-100, 20]
    assert card.column("Delta").missing == 1


def test_european_dots_and_non_breaking_spaces(ingest):
    content = "x;a;b\nu;1.234,56;1\u00a0234,50\nv;2.000,00;2\u202f000,25\n"
    _card, frame = ingest("eu.csv", content)
    assert frame["a"].tolist() == [1234.56, 2000.0]
    assert frame["b"].tolist() == [1234.5, 2000.25]


def test_date_order_decided_from_the_whole_column(ingest):
    # 03/04 alone is ambiguous; 25/12 shows the column is day-first.
    _, frame = ingest("d.csv", "when,v\n03/04/2026,1\n25/12/2026,2\n")
    assert frame["when"].tolist() == [pd.Timestamp("2026-04-03"), pd.Timestamp("2026-12-25")]
    _card, frame = ingest("m.csv", "when,v\n03/04/2026,1\n12/25/2026,2\n")
    assert frame["when"].tolist() == [pd.Timestamp("2026-03-04"), pd.Timestamp("2026-12-25")]


def test_month_names_iso_and_serial_dates(ingest):
    card, _ = ingest("m.csv", "Month,Sales\nJan 2026,1\nFeb 2026,2\n")
    assert card.date_range == ("2026-01-01", "2026-02-01")
    card, _ = ingest("iso.csv", "date,v\n2026-01-31,1\n2026-02-01,2\n")
    assert card.column("date").role == "date"
    card, _frame = ingest("serial.csv", "Date,v\n46053,1\n46054,2\n")
    assert card.date_range == ("2026-01-31", "2026-02-01")
    assert any("Excel serial" in a for a in english(card.assumptions))


def test_codes_with_leading_zeros_stay_text(ingest):
    _card, frame = ingest("codes.csv", "sku,qty\n00123,1\n00456,2\n")
    assert frame["sku"].tolist() == ["00123", "00456"]


def test_mixed_decimal_conventions_are_not_guessed(ingest):
    _card, frame = ingest("mixed.csv", "k,v\na,\"1,5\"\nb,2.5\n")
    assert frame["v"].tolist() == ["1,5", "2.5"]  # kept as text rather than a wrong number


def test_original_file_is_kept_untouched_beside_the_parquet(ingest, workspace):
    card, _ = ingest("my report (2026).csv", KYIV, encoding="cp1251")
    copies = [p for p in workspace.input_dir.iterdir() if p.suffix == ".csv"]
    assert len(copies) == 1 and copies[0].read_bytes() == KYIV.encode("cp1251")
    assert card.source_file == "my report (2026).csv"
    assert card.parquet_path == f"input/{card.table}.parquet"
    assert card.table == "my_report_2026"


def test_a_line_of_bare_delimiters_between_title_and_header_is_blank(ingest):
    # Excel saves an empty row of a semicolon export as ';;;;': it must not shift the header
    # into the data (one row too many, a header word read as an unreadable number).
    content = (
        "Звіт про продажі за січень;;;;\n"
        ";;;;\n"
        "Дата;Товар;Регіон;Кількість;Сума, грн\n"
        "15.01.2026;Товар 1;Київ;2;1 200,50\n"
        "31.01.2026;Товар 2;Львів;1;99,99\n"
        "Разом;;;;1 300,49\n"
    )
    card, frame = ingest("sales.csv", content, encoding="cp1251")
    assert card.header_row == 3
    assert card.rows == 2 == len(frame)
    assert card.column("Дата").role == "date"
    assert card.date_range == ("2026-01-15", "2026-01-31")
    assert cents(card.column("Сума, грн").sum) == 1300.49
    assert card.column("Кількість").missing == 0
    assert not any("not numbers" in a for a in english(card.assumptions))
