"""Local sessions made on demand by key for a module's cases, a few open at a time.

A module that asks many generated files its questions opens one session per file. Kept open
for the whole module, they held the host's running places (`analyst.session.admission`, then
one per 512 MB up to eight per core, shared by every test worker): the seventeenth session then
waited until one of them had been idle `PAUSE_AFTER_S` (30 s) and was paused, about 20 s of
waiting per file in the blind round alone. The cases of one file run one after another
(parametrized file first), so the sessions of earlier files are closed as new ones open.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Generic, TypeVar

from analyst.session.analysis import Analysis

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

KEEP_OPEN = 3
"""Sessions left open: enough for a case that asks two files in turn, few enough that the
three workers together stay well below the smallest limit a test machine gets (16)."""


class Sessions(Generic[K, V]):
    """key -> (a local session holding what `load` added, what `load` returned), made when
    first asked for; the least recently used is closed once more than `keep` are open (asked
    again, it is opened and loaded again: the same files, the same answers)."""

    def __init__(self, folder: Callable[[], Path], load: Callable[[K, Analysis], V],
                 keep: int = KEEP_OPEN) -> None:
        self._folder = folder
        self._load = load
        self._keep = keep
        self._open: OrderedDict[K, tuple[Analysis, V]] = OrderedDict()

    def __call__(self, key: K) -> tuple[Analysis, V]:
        if key in self._open:
            self._open.move_to_end(key)
            return self._open[key]
        analysis = Analysis.open(self._folder(), backend="local")
        try:
            made = (analysis, self._load(key, analysis))
        except BaseException:
            analysis.close()
            raise
        self._open[key] = made
        while len(self._open) > self._keep:
            _, (old, _) = self._open.popitem(last=False)
            old.close()
        return made

    def close(self) -> None:
        while self._open:
            _, (old, _) = self._open.popitem(last=False)
            old.close()
