"""Rankings: top-N with the rest as "Other", and ABC (Pareto) analysis."""

from __future__ import annotations

import pandas as pd

from .columns import (
    RecipeError,
    blank_note,
    order_by_amount,
    pct,
    require,
    returns_note,
    to_labels,
    to_number,
)
from .notes import note, title
from .result import ChartSeries, ChartSpec, RecipeResult
from .sanity import checked_share
from .unit import HostChart, Offer, Recipe, Said, Title

OTHER = "Other"
_PARETO_BARS = 40  # more bars than this are drawn without labels


def top_n_definition(n: int = 10) -> str:
    return (
        f"Items are ranked by their summed amount, largest first; the top {n} are listed and, "
        f"when asked, all others are summed into one '{OTHER}' row. Equal amounts are ordered "
        "alphabetically by name, so a tie at the cut-off is resolved the same way every time "
        "(and reported in the notes). Share % = item amount / total of all items x 100."
    )


def abc_definition(a: float = 0.80, b: float = 0.95) -> str:
    return (
        "Items are ranked by their summed amount, largest first, and each gets the cumulative "
        f"share of the total INCLUDING itself. Class A: cumulative share <= {a:.0%}; class B: "
        f"<= {b:.0%}; class C: the rest. So the item that crosses {a:.0%} is already B (the "
        "largest item is always A, even if it alone is above the A threshold). Items with "
        "equal amounts are ranked together: they all take the cumulative share at the end of "
        "their group, so equal items always land in the same class. Shares are of the sum of "
        "items with a positive net amount; items whose net amount is zero or negative (returns "
        "exceed sales) are class C and have no cumulative share. A class's share is its net "
        "amount / that positive base."
    )


def top_n(
    df: pd.DataFrame,
    by: str,
    amount: str,
    n: int = 10,
    other: bool = True,
    currency: str | None = None,
) -> RecipeResult:
    """The n largest groups of `by` by summed `amount`; the rest as one "Other" row."""
    if n < 1:
        raise RecipeError("top_at_least_one")
    require(df, by, amount)
    values, notes = to_number(df[amount], amount)
    labels = to_labels(df[by])
    notes += returns_note(values, amount) + blank_note(labels, by)
    sums = order_by_amount(
        values.groupby(labels).agg(["sum", "size"]).rename_axis(by).reset_index()
        .rename(columns={"sum": amount, "size": "rows"}),
        amount, by,
    )
    total = float(sums[amount].sum())
    top = sums.head(n).copy()
    top.insert(0, "rank", range(1, len(top) + 1))
    top["items"] = 1
    rest = sums.iloc[n:]
    if len(rest) and rest[amount].iloc[0] == top[amount].iloc[-1]:
        tied = sums.loc[sums[amount] == top[amount].iloc[-1], by].tolist()
        notes.append(note("note_tie", len(tied), rows=len(tied), n=int(n),
                          total=float(top[amount].iloc[-1]), names=", ".join(map(str, tied[:5]))))
    other_label = OTHER if OTHER not in set(sums[by]) else f"All other {by}"
    if other and len(rest):
        row = {"rank": pd.NA, by: other_label, amount: float(rest[amount].sum()),
               "rows": int(rest["rows"].sum()), "items": len(rest)}
        top = pd.concat([top, pd.DataFrame([row])], ignore_index=True)
    top["rank"] = top["rank"].astype("Int64")
    # A share of a total that is not positive has no meaning: not stated (sanity.py).
    top["share_pct"] = top[amount] / total * 100.0 if total > 0 else float("nan")
    if total <= 0:
        notes.append(note("note_not_positive", column=amount))
    top = top[["rank", by, amount, "share_pct", "rows", "items"]]
    top_total = float(sums[amount].head(n).sum())
    figures = {
        "total": total,
        "items": float(len(sums)),
        "top_total": top_total,
        "top_share_pct": checked_share(top_total, total)[0],
        "other_total": float(rest[amount].sum()),
    }
    chart = ChartSpec(
        kind="barh",
        title=title("top_n", n=min(n, len(sums)), by=str(by), amount=str(amount)),
        labels=tuple(str(v) for v in top[by]),
        series=(ChartSeries(amount, tuple(top[amount])),),
        value_label=amount,
        unit="money",
        currency=currency,
        sort=True,
        pinned_last=other_label if other and len(rest) else None,
    )
    return RecipeResult(
        name="top_n", title=title("top_n", n=n, by=str(by), amount=str(amount)), table=top, chart=chart,
        definition=top_n_definition(n), notes=tuple(notes), figures=figures,
    )


def abc_analysis(
    df: pd.DataFrame,
    item: str,
    amount: str,
    a: float = 0.80,
    b: float = 0.95,
    currency: str | None = None,
) -> RecipeResult:
    """ABC classes by cumulative share of `amount` per `item` (thresholds as fractions)."""
    if not 0 < a < b <= 1:
        raise RecipeError("abc_thresholds")
    require(df, item, amount)
    values, notes = to_number(df[amount], amount)
    labels = to_labels(df[item])
    notes += returns_note(values, amount) + blank_note(labels, item)
    sums = order_by_amount(
        values.groupby(labels).sum().rename_axis(item).reset_index(name=amount), amount, item
    )
    positive = sums[amount] > 0
    base = float(sums.loc[positive, amount].sum())
    if base <= 0:
        raise RecipeError("nothing_to_rank", item=str(item), amount=str(amount))
    sums.insert(0, "rank", range(1, len(sums) + 1))
    sums["share_pct"] = sums[amount] / base * 100.0
    # Cumulative share at the END of each group of equal amounts (see abc_definition).
    running = sums[amount].where(positive, 0.0).cumsum()
    group_end = running.groupby(sums[amount].round(9)).transform("max")
    cumulative = (group_end / base).where(positive)
    tolerance = 1e-9  # 0.8 built from a float sum must still count as "<= 80%"
    klass = pd.Series("C", index=sums.index, dtype=object)
    klass[positive & (cumulative <= b + tolerance)] = "B"
    klass[positive & (cumulative <= a + tolerance)] = "A"
    klass[sums[amount].round(9) == round(sums[amount].iloc[0], 9)] = "A"  # the largest item (and its ties)
    sums["cumulative_pct"] = cumulative * 100.0
    sums["class"] = klass
    non_positive = int((~positive).sum())
    if non_positive:
        notes.append(note("note_abc_non_positive", non_positive, rows=non_positive, item=item,
                          column=amount))
    figures: dict[str, float] = {"total": float(sums[amount].sum()), "items": float(len(sums))}
    for name in "ABC":
        members = sums[klass == name]
        figures[f"{name.lower()}_items"] = float(len(members))
        figures[f"{name.lower()}_share_pct"] = pct(float(members[amount].sum()), base)
    shown = sums.head(_PARETO_BARS) if len(sums) <= _PARETO_BARS else sums[positive]
    chart = ChartSpec(
        kind="pareto",
        title=title("abc_analysis_chart", item=str(item), amount=str(amount)),
        labels=tuple(str(v) for v in shown[item]),
        series=(ChartSeries(amount, tuple(shown[amount])),),
        value_label=amount,
        unit="money",
        currency=currency,
        cumulative_pct=tuple(shown["cumulative_pct"].fillna(100.0)),
        guides_pct=(a * 100.0, b * 100.0),
        groups=tuple(shown["class"]),
        note=note("caption_abc", len(sums), rows=len(sums), item=item,
                  a=int(figures["a_items"]), b=int(figures["b_items"]), c=int(figures["c_items"])),
    )
    return RecipeResult(
        name="abc_analysis", title=title("abc_analysis", item=str(item), amount=str(amount)),
        table=sums[["rank", item, amount, "share_pct", "cumulative_pct", "class"]],
        chart=chart, definition=abc_definition(a, b), notes=tuple(notes), figures=figures,
    )


REGISTERED = (
    Recipe(
        top_n,
        meaning="n largest groups, rest as 'Other' row. figures: total, items, top_total, "
                "top_share_pct, other_total",
        definition=top_n_definition, said=Said("top_n", values=("n",)),
        title=Title("title_top", ("n", "by", "amount"), count="n", defaults={"n": 10}),
        chart=HostChart(x="by", keep_order=True),  # its "Other" row stays last
        tail_row=OTHER,
        offer=Offer({"by": "main", "amount": "amount", "n": "count"}, {"other": True},
                    slug="top_{n}_{by}", answers="top"),
    ),
    Recipe(
        abc_analysis,
        meaning="ABC classes (A <= a cumulative share incl. the item, B <= b), Pareto chart. "
                "figures: a_items, b_items, c_items, a_share_pct...",
        definition=abc_definition, said=Said("abc_analysis", percents=("a", "b")),
        title=Title("title_abc", ("item", "amount")),
        chart=HostChart(x="item"),
        classes=True,
        offer=Offer({"item": "main", "amount": "amount"}, slug="abc_{item}", answers="abc"),
    ),
)
