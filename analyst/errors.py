"""One error family: every failure whose message is written for the user derives from
`AnalystError`, so the app and the CLI decide what to show by type.

An `AnalystError`'s `str()` is one plain sentence (or short paragraph) a finance, sales or
ops user can act on: "Sales.xlsx is protected with a password; remove the password in Excel
and upload it again." Anything else that escapes is a bug of ours: the app says so in
general words with the details one click away, the CLI prints "Internal error ...".

The sandbox keeps its own base, `sandbox.SandboxError` (the sandbox knows nothing of this
package), with the same contract for its messages; `user_message` speaks for both.
Not in the family, on purpose: `recipes.RecipeError` (the recipes run inside the sandbox and
import nothing of ours; their errors reach the user as the step's output) and the sandbox's
private protocol signals (`KernelGone` and its `ChannelTampered`, `ReplyTimeout`), which never leave it.
"""

from __future__ import annotations

from analyst.words.note import render
from sandbox import SandboxError


class AnalystError(Exception):
    """Base of the failures whose message is for the user; subclasses say which layer."""

    @property
    def user_message(self) -> str:
        return " ".join(str(self).split())

    def message_in(self, language: str | None) -> str:
        """`user_message` in `language`: an error raised with a `Note` (a message id with its
        values, e.g. the ingester's) is said in the reader's language, any other in its own."""
        text = render(self.args[0], language) if len(self.args) == 1 else str(self)
        return " ".join(str(text).split())


def user_message(exc: BaseException, language: str | None = None) -> str | None:
    """The sentence to show for an expected failure, or None for an unexpected one (a bug);
    in `language` when the error carries a message id (English otherwise)."""
    if isinstance(exc, AnalystError):
        return (exc.message_in(language) if language else exc.user_message) or None
    if isinstance(exc, SandboxError):
        return " ".join(str(exc).split()) or None
    return None
