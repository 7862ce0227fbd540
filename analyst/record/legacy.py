"""Reading step records of earlier versions (stores and workspaces): those written before
steps kept their origin ({number, description, code, recipe, result}), and those written
before a step's figures crossed as `ExecutionResult.figures` (`old_figures`).

Those records name the recipe but not its arguments; the arguments are in the code the
planner generated (`recipes.<name>(df, amount='Revenue', ...)`, literals only). This
migration reads them from there, once, when an old record is loaded, so old sessions
still give the same report. New records carry `RecipeCall.params` and never come here.
"""

from __future__ import annotations

import ast
import json
import re
from typing import Any

from analyst.record.origin import ModelCode, Origin, RecipeCall, origin_to_dict
from sandbox import ExecutionResult

_LANGUAGE = re.compile(r"language=['\"](\w+)['\"]")
_OLD_MARKER = "ANALYST_FIGURES"
"""How a step's figures travelled before `send_figures`: the last stdout line
`ANALYST_FIGURES {json}`. Read here only, and only from records written then."""


def old_figures(raw_result: Any, stored: Any) -> Any:
    """A step record's figures (`StepFigures.to_dict()`'s form): `stored`, or for a result
    written before figures crossed as a field (no "figures" key) the last figures line its
    step printed, which says all `stored` says and more (a query's query, in records stored
    before the figures kept it). A result written since never comes past the first test:
    what such a step printed is never read."""
    if not isinstance(raw_result, dict) or "figures" in raw_result:
        return stored
    result = ExecutionResult.from_dict(raw_result)
    if not result.ok:
        return stored
    # Lines end at "\n" only: `json.dumps` escapes it inside every value, but not U+2028
    # or U+0085, which `splitlines` would break at (a cell could then start a line).
    for line in reversed(result.stdout.split("\n")):
        if line.startswith(_OLD_MARKER + " "):
            try:
                data = json.loads(line[len(_OLD_MARKER) + 1:])
            except json.JSONDecodeError:
                return stored
            return data if isinstance(data, dict) else stored
    return stored


def upgraded(data: dict[str, Any]) -> dict[str, Any]:
    """An old record as one of today (`Step.to_dict()`'s form): its origin and files read
    from what it kept (its figures: `old_figures`)."""
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
