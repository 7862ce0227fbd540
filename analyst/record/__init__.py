"""The record of one analysis step and one answer, as it is kept everywhere.

A `Step` is made once, when its code ran: where it came from (`RecipeCall`, `QueryCall` or
`ModelCode`), the code, the sandbox's `ExecutionResult`, the figures it sent (read
then, never again), its artifacts and the tables it read, each with a SHA-256. The UI
renders it, the store and the workspace keep it (`to_dict` / `from_dict`, the one
serialisation), the report is built from it. Nothing reads code back to learn what a step was.
"""

from analyst.record.answer import Answer
from analyst.record.figures import StepFigures, figures_sent
from analyst.record.origin import ModelCode, Origin, QueryCall, RecipeCall
from analyst.record.refusal import REFUSAL_MARKER, Refusal, read_refusal
from analyst.record.step import FileHash, Step, finished

__all__ = [
    "REFUSAL_MARKER", "Answer", "FileHash", "ModelCode", "Origin", "QueryCall", "RecipeCall",
    "Refusal", "Step", "StepFigures", "figures_sent", "finished", "read_refusal",
]
