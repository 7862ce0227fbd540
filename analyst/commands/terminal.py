"""Text a step or a model wrote, made safe to print on a terminal.

An ANSI escape in a step's output or a file name could move the cursor, rewrite what the
user reads, set the window title or worse; a right-to-left override reverses what follows.
So control and format characters are removed before the CLI prints (newlines and tabs
stay), and escaped (`\\uNNNN`) inside JSON, where they stay part of the data.
"""

from __future__ import annotations

import math
import re
from typing import Any

_UNSAFE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u202a-\u202e"
                     r"\u2066-\u2069\ufeff]")


def finite(data: Any) -> Any:
    """`data` with every NaN or infinity as None: a figure that is not stated (sanity check,
    a margin on zero revenue) is JSON's null, and the output stays strict JSON."""
    if isinstance(data, float) and not math.isfinite(data):
        return None
    if isinstance(data, dict):
        return {k: finite(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [finite(v) for v in data]
    return data


def clean(text: object) -> str:
    """`text` without control characters a terminal would act on."""
    return _UNSAFE.sub("", str(text))


def clean_json(text: str) -> str:
    """JSON text with every such character as a `\\uNNNN` escape (valid JSON, same data)."""
    return _UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
