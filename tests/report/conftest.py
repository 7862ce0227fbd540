"""Fixtures for the report tests: small real data, real charts, and a probe that looks at a
rendered PDF the way a reader would (text, embedded fonts, pixels)."""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import pytest
from pypdf import PdfReader

matplotlib.use("Agg")
import matplotlib.image as mpimg
import matplotlib.pyplot as plt


@dataclass(frozen=True)
class FontRow:
    name: str
    type: str
    embedded: bool


@dataclass
class PdfProbe:
    """A PDF on disk, inspected with pypdf and poppler (pdffonts, pdftoppm)."""

    path: Path

    @property
    def pages_text(self) -> list[str]:
        """Text of each page, whitespace collapsed (extraction puts table cells on lines)."""
        return [" ".join((page.extract_text() or "").split())
                for page in PdfReader(str(self.path)).pages]

    @property
    def text(self) -> str:
        return " ".join(self.pages_text)

    def fonts(self) -> list[FontRow]:
        out = subprocess.run(["pdffonts", str(self.path)], capture_output=True, text=True,
                             check=True).stdout.splitlines()[2:]
        rows = []
        for line in out:
            # Columns: name type [type2] encoding emb sub uni object ID; emb is 5th from the end.
            parts = line.split()
            rows.append(FontRow(name=parts[0], type=parts[1], embedded=parts[-5] == "yes"))
        return rows

    def render(self, dpi: int = 50, first: int | None = None, last: int | None = None
               ) -> list[np.ndarray]:
        """Every page (or first..last) as a greyscale array in 0..1 (1 is white)."""
        out_dir = self.path.parent / f"{self.path.stem}-r{dpi}-{first}-{last}"
        out_dir.mkdir(exist_ok=True)
        args = ["pdftoppm", "-png", "-r", str(dpi)]
        if first:
            args += ["-f", str(first)]
        if last:
            args += ["-l", str(last)]
        subprocess.run([*args, str(self.path), str(out_dir / "p")], check=True)
        pages = []
        for png in sorted(out_dir.glob("p-*.png")):
            image = mpimg.imread(png)
            pages.append(image[..., :3].mean(axis=2) if image.ndim == 3 else image)
        return pages


@pytest.fixture
def probe(tmp_path: Path) -> Callable[[bytes], PdfProbe]:
    counter = iter(range(10_000))

    def make(pdf: bytes) -> PdfProbe:
        assert pdf.startswith(b"%PDF-"), "not a PDF"
        path = tmp_path / f"report-{next(counter)}.pdf"
        path.write_bytes(pdf)
        return PdfProbe(path)

    return make


@pytest.fixture
def chart_png(tmp_path: Path) -> Path:
    """A 200 dpi bar chart PNG, like the charts module writes."""
    fig, ax = plt.subplots(figsize=(8, 3.5), dpi=200)
    ax.bar(["Jan", "Feb", "Mar", "Apr"], [120, 135, 128, 150], color="#2F6F9F")
    ax.set_title("Revenue by month")
    fig.tight_layout()
    path = tmp_path / "revenue.png"
    fig.savefig(path, dpi=200)
    plt.close(fig)
    return path


@pytest.fixture
def sales() -> pd.DataFrame:
    """Two hundred sales lines with cents, some returns (negative amounts)."""
    rng = np.random.default_rng(7)
    n = 200
    return pd.DataFrame({
        "date": pd.date_range("2026-01-01", periods=n, freq="D"),
        "region": rng.choice(["North", "South", "East"], n),
        "product": rng.choice([f"SKU-{i}" for i in range(12)], n),
        "quantity": rng.integers(-2, 40, n),
        "revenue": np.round(rng.normal(1500, 900, n), 2),
    })

