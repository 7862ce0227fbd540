"""Every sentence the ingester writes on a data card, as a regex with named groups.

The ingester's English wording is the key (analyst/ingest: encoding, delimited, fast, header,
clean, number_notes, excel, formulas_eval, sheets, combine, pipeline). A sentence changed
there stops matching here and then simply stays in English: never a wrong translation.
Group names decide how a value is carried over (see `analyst.assumptions_i18n.groups`).
"""

from __future__ import annotations

# A Python repr of a str: the ingester quotes column and sheet names with `{name!r}`.
Q = r"""(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")"""
# Quoted names joined with ", " and/or " and ".
NAMES = rf"{Q}(?:(?:, | and ){Q})*"

PATTERNS: dict[str, str] = {
    # encoding.py
    "encoding_detected": r"Text encoding detected as (?P<enc>\S+) \(not UTF-8\)\.",
    "encoding_bom": r"Text encoding (?P<enc>\S+) \(byte order mark\)\.",
    "encoding_forced": r"Encoding set by you: (?P<enc>[^ ]+)\.",
    "unreadable_chars": r"(?P<n>\d+) characters could not be read and show as \ufffd\.",
    # delimited.py / fast.py
    "separator": r"Columns separated by (?P<delimiter>comma|semicolon|tab|pipe)s\.",
    # header.py
    "header_row": r"Header on row (?P<row>\d+)\.",
    "header_row_chosen": r"Header on row (?P<row>\d+), as you chose\.",
    "header_merged": r"Header on rows (?P<a>\d+)-(?P<b>\d+) \(a merged two-row header, joined with ' / '\)\.",
    "no_header": r"No header row found: columns are named Column 1, Column 2, \.\.\.",
    "skipped_above": (r"(?P<total>\d+) lines? above the header skipped: (?:(?P<titles>\d+) title or notes lines?)?"
                      r"(?: and )?(?:(?P<blanks>\d+) blank lines?)?\."),
    # clean.py
    "excluded": (r"Excluded as (?P<reason>total row|subtotal row|footnote|wrong number of fields): "
                 r"(?P<rows>row \d+ '.*?)(?P<more> and \d+ more)?\."),
    "blank_rows": r"(?P<n>\d+) blank row\(s\) inside the data skipped\.",
    "empty_column": rf"Column (?P<label>{Q}) is empty and was dropped\.",
    "unnamed_column": rf"A column without a header was named (?P<name>{Q})\.",
    "duplicate_name": rf"Two columns are called (?P<base>{Q}); the second is now (?P<new>{Q})\.",
    "dates": (rf"Dates in (?P<name>{Q}) read (?P<how>as ISO dates, year-month-day|day-first|month-first|"
              r"year-first|as month and year|as year and month) \((?P<example>[^)]*)\)"
              r"(?P<tail>; as you chose|; the values fit both ways)?\."),
    "excel_serials": rf"(?P<name>{Q}) holds Excel serial numbers; read as dates\.",
    "not_dates": (rf"(?P<n>\d+) value\(s\) in (?P<name>{Q}) are not dates and were left empty, "
                  r"e\.g\. (?P<examples>.+)\."),
    "not_numbers": (rf"(?P<n>\d+) value\(s\) in (?P<name>{Q}) are not numbers and were left empty, "
                    r"e\.g\. (?P<examples>.+)\."),
    "decimal_comma": rf"Comma read as the decimal separator in (?P<names>{NAMES})\.",
    "ambiguous_thousands": (rf"(?P<name>{Q}): values like '1,234' could be read either way; the "
                            r"(?P<mark>comma|dot) was taken as a thousands separator "
                            r"\((?P<source>as you chose|like the other columns|by default)\)\."),
    "duplicates": (r"(?P<n>\d+) row\(s\) are exact duplicates of an earlier row; they were kept "
                   r"\(check whether the export repeated them\)\."),
    # number_notes.py
    "currency": rf"'(?P<sign>[^']*)' removed from (?P<names>{NAMES})(?P<code>; amounts read in [^.]+)?\.",
    "thousands": (rf"(?P<marks>Commas|Dots|Spaces) read as thousands separators in (?P<names>{NAMES}) "
                  r"\(the decimal separator is the (?P<decimal>dot|comma)\)\."),
    "parentheses": rf"\((?P<ex>56[.,]00)\) read as \u2212(?P=ex): (?P<n>\d+) value\(s\) in (?P<name>{Q})\.",
    "percent": rf"Percent signs removed in (?P<names>{NAMES}); 12\.5% is stored as 0\.125\.",
    # excel.py
    "sheet_chosen_by_user": rf"Sheet (?P<sheet>{Q}) read, as you chose\.",
    "sheet_chosen": rf"Sheet (?P<sheet>{Q}) chosen: it holds the table(?P<skipped>; not read: .+)?\.",
    "sheets_read": (rf"Sheets (?P<sheets>{NAMES}) hold tables: each is read as its own table"
                    r"(?P<skipped>; not read: .+)?\."),
    # formulas_eval.py
    "formulas_saved": r"Formula cells read from the results Excel saved with the file\.",
    "formulas_computed": (r"(?P<n>\d+) formula cell\(s\) had no saved result \(the file was not saved by "
                          r"Excel\); they were computed from their formulas\."),
    "formulas_missing": (r"(?P<n>\d+) formula cell\(s\) have no saved result and could not be computed; "
                         r"they are empty\. Open the file in Excel, save it, and upload it again\."),
    # sheets.py / combine.py
    "sheets_empty": rf"Sheet\(s\) (?P<sheets>{NAMES}) have no data rows below their header and were not read\.",
    "sheets_not_joined": (rf"Sheets (?P<sheets>{NAMES}) have the same columns but (?P<name>{Q}) was read "
                          r"differently on them \((?P<dtypes>[^)]*)\), so they were not combined into one table\."),
    "own_table": r"Each is a table of its own\.",
    "sheets_also_joined": (rf"Sheets (?P<sheets>{NAMES}) have the same columns: read as (?P<n>\d+) tables, one "
                           r"per sheet \(ask about each\), and also joined into table '(?P<slug>[^']*)' "
                           r"\(ask about all of them together\)\."),
    "sheets_joined": (rf"Sheets (?P<sheets>{NAMES}) have the same columns: this table joins their "
                      rf"(?P<count>[\d,]+) rows, with the sheet name in column (?P<label>{Q}); each sheet is "
                      r"also a table of its own, so you can ask about all of them together or one at a time\."),
    "sheet_prefix": rf"Sheet (?P<sheet>{Q}): (?P<rest>.+)",
    # pipeline.py
    "parquet": r"Parquet file used as it is\.",
}
