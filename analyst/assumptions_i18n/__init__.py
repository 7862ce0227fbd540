"""The data card's assumptions (written in English by the ingester) in the report's language.

A Ukrainian, Russian or Chinese report must not carry English sentences, yet the ingester's
English is what its tests and the prompts rely on. So each English sentence is recognised by
one pattern (`patterns.PATTERNS`), its values are read back (column names, row numbers,
quoted row text, encodings) and the sentence is rewritten from that language's template.
User values (names, quoted cells, codes) are carried over untouched. A sentence no pattern
recognises, or whose parts are not all understood, stays in English: never a garbled
or half-translated sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from types import ModuleType

from analyst.assumptions_i18n import ru, uk, zh
from analyst.assumptions_i18n.patterns import PATTERNS, Q

__all__ = ["LANGUAGES", "PATTERNS", "translate_assumption", "translate_assumptions"]

LANGUAGES: dict[str, ModuleType] = {"uk": uk, "ru": ru, "zh": zh}
_COMPILED = {key: re.compile(pattern, re.DOTALL) for key, pattern in PATTERNS.items()}
# A sentence followed by another one (the encoding note plus its unreadable-characters note).
_HEAD = {key: re.compile(pattern + r" (?P<_tail>\S.*)", re.DOTALL) for key, pattern in PATTERNS.items()
         if key != "sheet_prefix"}
_QUOTED = re.compile(Q)
_SKIPPED_ITEM = re.compile(rf"(?P<q>{Q}) \((?P<why>[^()]*)\)")


def translate_assumption(text: str, language: str | None) -> str:
    """`text` in `language` ("uk", "ru", "zh"); unchanged for English, other languages or
    a sentence that is not recognised."""
    words = LANGUAGES.get((language or "").lower()[:2])
    if words is None:
        return text
    translated = _translate(text, words)
    return text if translated is None else translated


def translate_assumptions(texts: tuple[str, ...] | list[str], language: str | None) -> tuple[str, ...]:
    return tuple(translate_assumption(t, language) for t in texts)


def _translate(text: str, words: ModuleType) -> str | None:
    for key, regex in _COMPILED.items():
        match = regex.fullmatch(text)
        if match:
            return _fill(key, match, words)
    for key, regex in _HEAD.items():
        match = regex.fullmatch(text)
        if match:
            head = _fill(key, match, words, skip="_tail")
            tail = _translate(match.group("_tail"), words)
            return None if head is None or tail is None else head + words.SENTENCE_JOIN + tail
    return None


def _fill(key: str, match: re.Match, words: ModuleType, skip: str = "") -> str | None:
    values: dict[str, str] = {}
    for name, value in match.groupdict().items():
        if name == skip:
            continue
        said = _GROUPS.get(name, _as_is)(value, words)
        if said is None:
            return None
        values[name] = said
    if key == "skipped_above":
        parts = [words.FRAGMENTS[g].format(match.group(g)) for g in ("titles", "blanks") if match.group(g)]
        values["details"] = words.FRAGMENTS["joiner"].join(parts)
    return words.TEMPLATES[key].format(**values)


def _as_is(value: str | None, words: ModuleType) -> str:
    return value or ""


def _vocabulary(group: str) -> Callable[[str | None, ModuleType], str | None]:
    def say(value: str | None, words: ModuleType) -> str | None:
        return "" if value is None else words.WORDS[group].get(value)
    return say


def _names(value: str | None, words: ModuleType) -> str | None:
    """'a', 'b' and 'c' -> the same names joined the language's way."""
    if value is None:
        return ""
    parts = _QUOTED.split(value)
    names = _QUOTED.findall(value)
    joints = parts[1:-1]
    if parts[0] or parts[-1] or any(j not in (", ", " and ") for j in joints):
        return None
    out = names[0]
    for joint, name in zip(joints, names[1:], strict=True):
        out += (words.LIST_AND if joint == " and " else words.LIST_COMMA) + name
    return out


def _skipped(value: str | None, words: ModuleType) -> str | None:
    """"; not read: 'Cover' (looks like a cover or notes page), 'X' (hidden)"."""
    if value is None:
        return ""
    items = value.removeprefix("; not read: ")
    found = list(_SKIPPED_ITEM.finditer(items))
    if ", ".join(m.group(0) for m in found) != items:
        return None
    said = []
    for m in found:
        why = words.WORDS["skip_reason"].get(m.group("why"))
        if why is None:
            return None
        said.append(f"{m.group('q')} ({why})")
    return words.FRAGMENTS["skipped"].format(words.LIST_COMMA.join(said))


def _code(value: str | None, words: ModuleType) -> str:
    if value is None:
        return ""
    code = value.removeprefix("; amounts read in ")
    return words.FRAGMENTS["code"].format(words.WORDS["code"].get(code, code))


def _more(value: str | None, words: ModuleType) -> str:
    return words.FRAGMENTS["more"].format(value.split()[1]) if value else ""


def _rows(value: str | None, words: ModuleType) -> str:
    """"row 304 'Разом | 8 647 578,30'; row 305 '...'": the row word in the language."""
    return re.sub(r"(^|; )row (\d+) '", lambda m: m.group(1) + words.FRAGMENTS["row"].format(m.group(2)) + " '",
                  value or "")


def _label(value: str | None, words: ModuleType) -> str:
    """An empty column without a header is called 'column 3' by the ingester."""
    found = re.fullmatch(r"'column (\d+)'", value or "")
    return words.FRAGMENTS["column"].format(found.group(1)) if found else (value or "")


def _count(value: str | None, words: ModuleType) -> str:
    return (value or "").replace(",", words.THOUSANDS)


def _rest(value: str | None, words: ModuleType) -> str | None:
    return _translate(value or "", words)


_GROUPS: dict[str, Callable[[str | None, ModuleType], str | None]] = {
    "names": _names, "sheets": _names, "skipped": _skipped, "code": _code, "more": _more,
    "rows": _rows, "label": _label, "count": _count, "rest": _rest,
    **{g: _vocabulary(g) for g in ("delimiter", "reason", "how", "tail", "mark", "source", "marks", "decimal")},
}
