"""A column's name misspelled by one slip is read as that name when nothing else reads.

"totl revenue by regoin", "revenue by prodcut", "avg revenu per region", "sum of reveune" were
all declined: people type fast. A word one edit from exactly one word of a column's name
of six letters or more (a letter added, dropped, changed, two swapped), or two letters
swapped of a name of five, is read as that word, only when the question as written reads
nothing; the reading said back names the column. A word close to two names, or a short word
that is another word ("prime" beside "price"), is not guessed. Generated tables; the offline
path.
"""

from __future__ import annotations

import random
from pathlib import Path

import pandas as pd
import pytest

from tests.query.asking import ask, close, figures


def _slip(word: str, rng: random.Random) -> str:
    """One slip of a word: two neighbours swapped, a letter dropped or doubled."""
    i = rng.randrange(1, len(word) - 2)
    kind = rng.choice(["swap", "drop", "double"])
    if kind == "swap":
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    if kind == "drop":
        return word[:i] + word[i + 1:]
    return word[:i] + word[i] + word[i:]


def _table(seed: int, path: Path) -> pd.DataFrame:
    rng = random.Random(seed)
    n = rng.randint(60, 150)
    frame = pd.DataFrame({"Region": [rng.choice(["North", "South"]) for _ in range(n)],
                          "Product": [rng.choice(["Laptop", "Phone"]) for _ in range(n)],
                          "Channel": [rng.choice(["Online", "Retail"]) for _ in range(n)],
                          "Revenue": [round(rng.uniform(10, 900), 2) for _ in range(n)],
                          "Quantity": [rng.randint(1, 9) for _ in range(n)]})
    frame.to_csv(path, index=False)
    return frame


@pytest.mark.parametrize("seed", range(10))
def test_a_slip_in_a_name_is_read_as_the_name(opened, tmp_path: Path, seed: int) -> None:
    frame = _table(seed, tmp_path / f"t{seed}.csv")
    analysis = opened(f"t{seed}", tmp_path / f"t{seed}.csv")
    rng = random.Random(seed + 50)
    group = rng.choice(["region", "product", "channel"])
    measure = rng.choice(["revenue", "quantity"])
    question = f"average {_slip(measure, rng)} by {_slip(group, rng)}"
    got = figures(ask(analysis, question))
    assert got.query.group_by == (group.title(),), (question, got.query)
    want = frame.groupby(group.title())[measure.title()].mean()
    assert {r[group.title()]: r[measure.title()] for r in got.head} == pytest.approx(
        want.to_dict()), question


def test_a_word_near_no_name_or_near_two_is_not_guessed(opened, tmp_path: Path) -> None:
    path = tmp_path / "near.csv"
    pd.DataFrame({"price": [1.0, 2.0, 3.0], "prize": [5.0, 6.0, 7.0],
                  "Segment": ["Prime", "Basic", "Basic"], "stock": [4, 5, 6]}).to_csv(
        path, index=False)
    analysis = opened("near", path)
    for question in ["total prise", "average stoke"]:  # prise: price or prize? stoke: a word
        answer = ask(analysis, question)
        assert not answer.steps, (question, answer.text)
    got = figures(ask(analysis, "total stcok"))
    assert close(got.figures["value"], 15.0)


def test_a_pasted_page_is_not_respelled() -> None:
    """Each long word is compared with every name: a page pasted as a question (2,000 words
    beside 300 columns took 9 s in the server) is left as written, its slips unguessed."""
    from types import SimpleNamespace

    from analyst.brain.understand.spelling import respelled

    rng = random.Random(3)
    card = SimpleNamespace(columns=[SimpleNamespace(name=n) for n in ("Region", "Product")])
    page = " ".join(["regoin"] + ["".join(rng.choice("abcdefghij") for _ in range(7))
                                  for _ in range(300)])
    assert respelled(page, [card]) == page
    assert respelled("revenue by regoin", [card]) == "revenue by region"
