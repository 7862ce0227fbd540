"""An answer laid out for reading: the key figure first, then a short list, not one long paragraph.

Only the arrangement changes: every sentence of the analyst's text is shown, word for word
and in order. The offline analyst writes plain sentences, so they are split at sentence ends;
a model's answer is shown as the model wrote it (it may already use lists), as text.
"""

from __future__ import annotations

import re

from ui.plain import defused, no_autolinks, without_controls
from ui.sentences import sentences

_MARKDOWN = re.compile(r"([\\`*_\[\]<>$|~#])")


def answer_markdown(text: str, brain: str = "offline") -> str:
    """Markdown for one answer: each paragraph's first sentence in bold, the rest as bullets."""
    if brain != "offline":
        # A model's own layout (lists, bold), with nothing that reaches the network: no
        # link, image, autolink, HTML or maths (a model can be talked into writing them).
        return defused(text)
    blocks = []
    for paragraph in re.split(r"\n\s*\n", text or ""):
        parts = [escape(s) for s in sentences(paragraph)]
        if not parts:
            continue
        if len(parts) <= 2 and sum(len(p) for p in parts) < 160:
            blocks.append(" ".join(parts))  # short already: a list would only add noise
            continue
        lead, rest = parts[0], parts[1:]
        blocks.append(f"**{lead}**" + "".join(f"\n- {s}" for s in rest))
    return "\n\n".join(blocks)


def escape(text: str) -> str:
    """Plain text inside markdown: product names such as *NEW* or a_b stay as typed.

    Offline answers quote step failures (an error message is the step's text): nothing in
    them may become a link, image or autolink.
    """
    return no_autolinks(_MARKDOWN.sub(r"\\\1", without_controls(text))).replace("\n", " ")
