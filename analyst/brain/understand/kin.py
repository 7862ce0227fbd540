"""A column named in another language or by a synonym: "регіонах" and "地区" for Region,
"товарів" for Product Name, "клиентам" for Customer.

People ask in their own language about files with English headers (and the other way
round). A word of a concept below names the one column whose name says the same concept in
any of the languages; when two columns do ("Customer" and "Customer ID"), or none, the word
names nothing and the reading leaves it over, to be declined by name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from analyst.brain.understand.columns import Hit
from analyst.brain.understand.text import find_phrase, stem_match, words

CONCEPTS: tuple[tuple[str, ...], ...] = (
    ("region*", "регіон*", "регион*", "област*", "地区", "区域"),
    ("product*", "sku", "skus", "товар*", "продукт*", "产品", "商品"),
    ("category", "categories", "категор*", "类别", "品类"),
    ("channel*", "канал*", "渠道"),
    ("customer*", "client*", "клієнт*", "клиент*", "покупц*", "покупател*", "客户"),
    ("manager*", "salesperson*", "rep", "reps", "salesrep*", "менеджер*", "продавц*", "销售员"),
    ("city", "cities", "місто", "міста", "містах", "містами", "містам", "міст", "город",
     "города", "городам", "городах", "городов", "城市"),
    ("country", "countries", "країн*", "стран*", "国家"),
    ("store", "stores", "shop", "shops", "branch", "branches", "магазин*", "філі*",
     "филиал*", "门店"),
    ("supplier*", "vendor*", "постачальн*", "поставщик*", "供应商"),
    ("brand*", "бренд*", "марк*", "品牌"),
    ("order", "orders", "замовлен*", "заказ*", "订单"),
    ("quantity", "quantities", "qty", "units", "pcs", "pieces", "штук", "штуки", "销量"),
)
"""Concepts a sales or operations table is asked about, by their words in en/uk/ru/zh.
"кількість"/"количество"/"数量" are not quantity's words: they also mean "the number of"
(rows, orders), and reading them as the column answered a count with a sum."""


_ROLES = {"order": ("id",), "quantity": ("quantity", "number")}
"""Concepts only columns of these roles say: "orders" are an order number, never the
"Order Date" beside it; "units" a count of things, never the money of a "Unit Value"."""


def said(toks: list[str], columns: Mapping[str, Any], used: set[int],
         named: Sequence[str]) -> list[Hit]:
    """The columns named by a concept's word in `toks` (not in `used`): one hit per word
    whose concept is said by exactly one column's name, not one already `named`."""
    hits: list[Hit] = []
    taken = set(used)
    for concept in CONCEPTS:
        roles = _ROLES.get(concept[0])
        found = [n for n, col in columns.items() if n not in named and _says(n, concept)
                    and (roles is None or col.role in roles)]
        if len(found) != 1:
            continue
        for stem in concept:
            span = find_phrase(stem, toks, taken)
            if span is not None:
                hits.append(Hit(found[0], tuple(span), False))
                taken.update(span)
                break
    return hits


_NAMED_ALSO = {"product*": ("item", "items")}
"""A column's name says a concept by these too; a question's "item" is too vague to."""


@lru_cache(maxsize=4096)
def _says(name: str, concept: tuple[str, ...]) -> bool:
    """Does the column's name hold a word of `concept` ("Sales Region", "Назва товару")?
    Chinese names are read as a whole ("客户名称" holds "客户")."""
    toks = words(name)
    return any(find_phrase(stem, toks, set()) is not None if not stem.isascii()
               else any(stem_match(stem, t) for t in toks)
               for stem in (*concept, *_NAMED_ALSO.get(concept[0], ())))
