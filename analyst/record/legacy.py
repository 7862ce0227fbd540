"""Reading step records written before steps kept their origin (stores and workspaces of
earlier versions): {number, description, code, recipe, result}; and their figures.

Those records name the recipe but not its arguments; the arguments are in the code the
planner generated (`recipes.<name>(df, amount='Revenue', ...)`, literals only). This
migration reads them from there, once, when an old record is loaded, so old sessions
still give the same report. New records carry `RecipeCall.params` and never come here.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from analyst.record.origin import ModelCode, Origin, RecipeCall, origin_to_dict
from analyst.record.refusal import last_printed
from sandbox import ExecutionResult

_LANGUAGE = re.compile(r"language=['\"](\w+)['\"]")
_OLD_MARKER = "ANALYST_FIGURES"  # how figures crossed before `send_figures`: printed last


def old_figures(raw_result: Any, stored: Any) -> Any:
    """`stored` (`StepFigures.to_dict()`'s form); for a result written before figures crossed
    as a field (no "figures" key), the line its step printed last, which says all `stored`
    says and more. The one reader of that line: a result written since is never read."""
    if not isinstance(raw_result, dict) or "figures" in raw_result:
        return stored
    result = ExecutionResult.from_dict(raw_result)
    return (last_printed(result.stdout, _OLD_MARKER) if result.ok else None) or stored


def upgraded(data: dict[str, Any]) -> dict[str, Any]:
    """An old record as one of today (`Step.to_dict()`'s form): its origin and files read
    from what it kept."""
    raw = data.get("result")
    result = None if raw is None else ExecutionResult.from_dict(raw)
    code, recipe = str(data.get("code") or ""), data.get("recipe")
    origin: Origin = ModelCode(None if recipe is None else str(recipe))
    table = None
    if recipe:
        call = _recipe_call(code, str(recipe))
        if call is not None:
            params, table = call
            match = _LANGUAGE.search(code)  # the chart's language line, when not English
            origin = RecipeCall(str(recipe), params, match.group(1) if match else "en")
    return {
        **data,
        "description": str(data.get("description") or ""),
        "code": code,
        "origin": origin_to_dict(origin),
        # Not hashed when they were written: "" says so (a file there now may be newer).
        "artifacts": [{"path": f.path, "sha256": ""} for f in (result.files if result else ())],
        "inputs": [{"path": table, "sha256": ""}] if table else [],
    }


def _recipe_call(code: str, recipe: str) -> tuple[dict[str, Any], str | None] | None:
    """(keyword arguments, table read) of the planner's `recipes.<recipe>(...)` call."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None
    table = None
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        if node.func.attr == "read_parquet" and node.args:
            table = _literal(node.args[0])
        if (isinstance(node.func.value, ast.Name) and node.func.value.id == "recipes"
                and node.func.attr == recipe):
            params = {k.arg: _literal(k.value) for k in node.keywords if k.arg}
            return params, table if isinstance(table, str) else None
    return None


def _literal(node: ast.AST) -> Any:
    try:
        return ast.literal_eval(node)
    except ValueError:
        return None
