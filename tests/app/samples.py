"""Test data of the app tests."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def messy_csv() -> bytes:
    """What an accounting system exports: a title line, semicolons, decimal commas, a total."""
    lines = ["Sales report 2026;;;", "Date;Product;Region;Revenue"]
    products = ["Widget", "Gadget", "Gizmo"]
    for month in range(1, 7):
        for day, product in zip((3, 14, 25), products, strict=True):
            revenue = 1000 + month * 137 + day * 11 + products.index(product) * 250
            lines.append(f"{day:02d}.{month:02d}.2026;{product};North;{revenue},50")
    lines.append("Total;;;999999,00")
    return ("\n".join(lines) + "\n").encode("utf-8")
