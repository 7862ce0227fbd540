"""File names safe for the workspace; table slugs safe for Python code and Parquet stems."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

_CYRILLIC = dict(zip(
    "абвгґдеєжзиіїйклмнопрстуфхцчшщъыьэюяё",
    ["a", "b", "v", "h", "g", "d", "e", "ie", "zh", "z", "y", "i", "i", "i", "k", "l", "m",
     "n", "o", "p", "r", "s", "t", "u", "f", "kh", "ts", "ch", "sh", "shch", "", "y", "",
     "e", "iu", "ia", "e"],
    strict=True,
))


def safe_file_name(name: str) -> str:
    """Keep letters of any script, digits, dot, dash; never a path, never hidden."""
    base = Path(name.replace("\\", "/")).name
    base = unicodedata.normalize("NFC", base)
    base = re.sub(r"[^\w.\- ]+", "_", base).strip(" .") or "upload"
    stem, dot, ext = base.rpartition(".")
    if not dot:
        stem, ext = base, ""
    stem = stem[:100]
    return f"{stem}.{ext[:10]}" if ext else stem


def table_slug(name: str, fallback: str = "table") -> str:
    """ASCII lower_snake_case; Cyrillic transliterated, other scripts dropped."""
    text = unicodedata.normalize("NFKD", name.lower())
    text = "".join(_CYRILLIC.get(ch, ch) for ch in text)
    text = text.encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "_", text).strip("_")[:60]
    if not slug:
        slug = fallback
    if slug[0].isdigit():
        slug = f"t_{slug}"
    return slug


def unique_path(folder: Path, stem: str, suffix: str) -> Path:
    """`folder/stem.suffix`, or `stem_2.suffix` and so on when taken."""
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem}_{number}{suffix}"
        number += 1
    return candidate


def unique_file(folder: Path, name: str) -> Path:
    """`unique_path` of a file name, its suffix kept: "sales.csv", else "sales_2.csv"."""
    stem, dot, suffix = name.rpartition(".")
    return unique_path(folder, stem, dot + suffix) if stem else unique_path(folder, name, "")
