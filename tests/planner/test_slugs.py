"""Output file names keep the reader's letters and are safe on every file system."""

from __future__ import annotations

import pytest

from analyst.brain.code.codegen import slugify


@pytest.mark.parametrize(("column", "slug"), [
    ("2026年 / 收入", "2026年_收入"),
    ("销售额", "销售额"),
    ("Сума продажу", "suma_prodazhu"),
    ("Revenue (USD)", "revenue_usd"),
    ("___", "step"),
])
def test_slugs_keep_unicode_letters(column, slug):
    assert slugify(column) == slug


def test_slugs_never_hold_characters_a_file_system_refuses():
    slug = slugify('a/b\\c:d*e?f"g<h>i|j\x07k\tl')
    assert slug == "a_b_c_d_e_f_g_h_i_j_k_l"
    assert not set('/\\:*?"<>|') & set(slug)
