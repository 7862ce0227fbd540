"""Code written as Markdown blocks, for models that cannot call tools.

Such a model answers with ```python blocks; each one is run as a step, in order. A block in
another language (bash, SQL, R...) cannot run here: the model is asked to use Python.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_FENCE = re.compile(r"^[ \t]*(```+|~~~+)[ \t]*([\w+#.-]*)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$",
                    re.DOTALL | re.MULTILINE)

PYTHON = {"python", "py", "python3", "ipython", "pycon"}
# Blocks that are clearly an attempt to run something other than Python. Unlabelled,
# text, csv or markdown blocks are just part of an answer and are left alone.
OTHER_CODE = {
    "bash", "sh", "shell", "zsh", "console", "powershell", "ps1", "cmd", "bat",
    "sql", "r", "javascript", "js", "typescript", "ts", "java", "c", "cpp", "c++", "go",
    "rust", "ruby", "perl", "php", "julia", "scala", "matlab", "excel", "vba",
}


@dataclass(frozen=True)
class CodeBlocks:
    python: tuple[str, ...]
    """Runnable Python, in the order the model wrote it."""
    refused: tuple[str, ...]
    """Languages of the blocks we will not run (lower case, as written)."""
    prose: str
    """The reply with the code blocks removed: what the model said around its code."""


def extract_code_blocks(text: str) -> CodeBlocks:
    python: list[str] = []
    refused: list[str] = []
    for match in _FENCE.finditer(text):
        language = match.group(2).lower()
        body = match.group(3).strip("\n")
        if language in PYTHON and body.strip():
            python.append(body)
        elif language in OTHER_CODE:
            refused.append(language)
    prose = _FENCE.sub("", text).strip()
    return CodeBlocks(tuple(python), tuple(refused), prose)


def refusal_message(languages: tuple[str, ...]) -> str:
    """What the model is told when it wrote code we cannot run."""
    names = ", ".join(sorted(set(languages)))
    return (
        f"Only Python can run here; the {names} code was not run. Write the step as one "
        "```python block (pandas, numpy and matplotlib are available) and I will run it."
    )
