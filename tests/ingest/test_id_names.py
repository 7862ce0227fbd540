"""Ids in any casing are ids, counts stay quantities (issue 16, point 6).

"OrderID" on order lines (the same id on several rows, whole numbers) used to be a quantity,
so "total OrderID by month" was offered and summed. Names are generated: every id word in
PascalCase, camelCase, snake_case, UPPER_SNAKE, kebab-case, with spaces and lower case, in
English, Ukrainian, Russian and Chinese, on both profile paths (pandas and Arrow).
"""

from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest

from analyst.ingest.arrow_profile import column_cards
from analyst.ingest.profile import distinct, is_id_name, role_of

BASES = ("order", "invoice", "customer", "transaction", "ticket", "purchase order")
ID_WORDS = ("ID", "Id", "No", "Number", "Code", "Nr", "SKU")


def _casings(base: str, word: str) -> set[str]:
    parts = base.split() + [word]
    lower = [p.lower() for p in parts]
    title = [p[:1].upper() + p[1:] if not p.isupper() else p for p in parts]
    return {
        "".join(title),                                 # OrderID, OrderNumber
        lower[0] + "".join(title[1:]),                  # orderId, orderNumber
        "_".join(lower),                                # order_id
        "_".join(p.upper() for p in parts),             # ORDER_ID
        "-".join(lower),                                # order-id
        " ".join(title),                                # Order ID
        " ".join(lower),                                # order id
    }


ENGLISH_IDS = sorted({name for base, word in itertools.product(BASES, ID_WORDS)
                      for name in _casings(base, word)} | {"Order No.", "Order #", "Invoice#"})
OTHER_IDS = ["Номер заказа", "Номер замовлення", "НомерЗаказа", "номер_накладної", "№ накладної",
             "Код товару", "Код_товара", "Артикул", "ID клієнта", "订单号", "订单编号", "客户ID",
             "产品代码", "发票号码"]
COUNTS = ["Orders", "orders", "Units", "units", "Clicks", "clicks", "Visits", "Sessions",
          "Number of orders", "number_of_orders", "NumberOfOrders", "# of orders", "Order count",
          "order_count", "OrderCount", "Units sold", "UnitsSold", "Qty", "Quantity",
          "Кількість замовлень", "Количество заказов", "Кількість", "订单数", "数量"]


def _lines(seed: int, rows: int = 60) -> pd.Series:
    """Order lines: ids repeat (1-3 lines an order), so only the name can tell."""
    rng = np.random.default_rng(seed)
    ids = np.repeat(np.arange(1000, 1000 + rows), rng.integers(1, 4, rows))[:rows]
    return pd.Series(ids, dtype="int64")


def _arrow_role(name: str, col: pd.Series) -> str:
    table = pa.table({name: pa.array(col)})
    (card,) = column_cards(table, {}, {})
    return card.role


@pytest.mark.parametrize("name", ENGLISH_IDS + OTHER_IDS)
def test_an_id_in_any_casing_is_an_id(name: str):
    assert is_id_name(name), name
    col = _lines(len(name))
    assert role_of(name, col, None, distinct(col)) == "id", name
    assert _arrow_role(name, col) == "id", name
    codes = col.map(lambda v: f"A-{v}")  # ids written as codes, repeated, are ids too
    assert role_of(name, codes, None, distinct(codes)) == "id", name


@pytest.mark.parametrize("name", COUNTS)
def test_counts_stay_quantities(name: str):
    assert not is_id_name(name), name
    rng = np.random.default_rng(len(name))
    for col in (pd.Series(rng.integers(0, 40, 60), dtype="int64"),
                pd.Series(np.arange(60) * 3 + 1, dtype="int64")):  # all distinct: still counts
        assert role_of(name, col, None, distinct(col)) == "quantity", name
        assert _arrow_role(name, col) == "quantity", name


def test_the_variants_are_many():
    # A generator that silently yields a handful of names proves little.
    assert len(ENGLISH_IDS) >= 250 and len(set(ENGLISH_IDS)) == len(ENGLISH_IDS)
