"""Which text encoding a CSV/TXT file uses, and its text as UTF-8 bytes for the fast reader."""

from __future__ import annotations

import codecs
import re
from dataclasses import dataclass
from pathlib import PurePath

import charset_normalizer

from analyst.ingest.errors import IngestError
from analyst.words.note import Name, Note

SAMPLE_BYTES = 256 * 1024
# charset-normalizer ranks close cousins by tiny margins; business files are far more often
# in the Windows code page of their region, so a cousin yields to it when both fit.
_PREFER = {
    "cp1252": {"cp1250", "cp1257", "cp1254", "latin_1", "iso8859_15", "mac_latin2", "mac_roman",
               "iso8859_2", "cp1256"},
    "cp1251": {"kz1048", "ptcp154", "koi8_r", "koi8_u", "mac_cyrillic", "cp1125", "iso8859_5"},
}
# Supersets that decode everything the detected subset does, and more.
_SUPERSET = {"gb2312": "gb18030", "gbk": "gb18030", "shift_jis": "cp932", "ascii": "utf_8"}
_CONTINUATION = bytes(range(0x80, 0xC0))
_BOMS = [
    (codecs.BOM_UTF8, "utf_8_sig"),
    (codecs.BOM_UTF32_LE, "utf_32"),
    (codecs.BOM_UTF32_BE, "utf_32"),
    (codecs.BOM_UTF16_LE, "utf_16"),
    (codecs.BOM_UTF16_BE, "utf_16"),
]


@dataclass(frozen=True)
class DecodedText:
    encoding: str
    """Python codec name, e.g. "utf_8", "cp1251"."""
    utf8: bytes | memoryview
    """The whole file as UTF-8 without BOM (the original buffer when it already was)."""
    assumption: Note | None
    replaced: int = 0
    """Characters that could not be decoded and were replaced."""


_WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".xls", ".xlsb", ".ods")

def decode(raw: bytes, forced: str | None, display_name: str) -> DecodedText:
    if forced:
        try:
            codec = codecs.lookup(forced).name
        except LookupError as exc:
            raise IngestError(Note("error_unknown_encoding", enc=Name(forced))) from exc
        return _transcode(raw, codec, Note("encoding_forced", enc=forced))
    for bom, codec in _BOMS:
        if raw.startswith(bom):
            if codec == "utf_8_sig":
                return DecodedText("utf_8_sig", memoryview(raw)[len(bom):], None)
            return _transcode(raw, codec, Note("encoding_bom", enc=codec.upper()))
    if _looks_utf8(raw[:SAMPLE_BYTES]) and _looks_utf8(raw[-SAMPLE_BYTES:].lstrip(_CONTINUATION)):
        # The reader checks the rest; `utf8_with_replacements` handles a late surprise.
        return DecodedText("utf_8", raw, None)
    codec = _detect(raw[:SAMPLE_BYTES], display_name)
    return _transcode(raw, codec, Note("encoding_detected", enc=codec))


def utf8_with_replacements(raw: bytes) -> DecodedText:
    """For a file that is UTF-8 except for a few bad bytes past the sample."""
    return _transcode(raw, "utf_8", Note("encoding_utf8"))


def _looks_utf8(raw: bytes) -> bool:
    try:
        codecs.decode(raw, "utf_8")
        return True
    except UnicodeDecodeError as exc:
        # A multi-byte character cut by the end of a sample is not an error.
        return exc.start >= len(raw) - 3


def _detect(sample: bytes, display_name: str) -> str:
    if b"\x00" in sample[:4096] and sample[:4096].count(b"\x00") > len(sample[:4096]) // 4:
        # UTF-16 without a BOM: every other byte is zero in mostly-ASCII text.
        even = sample[0:4096:2].count(b"\x00")
        return "utf_16_be" if even > sample[1:4096:2].count(b"\x00") else "utf_16_le"
    matches = charset_normalizer.from_bytes(sample)
    best = matches.best()
    if best is None:
        suffix = PurePath(display_name).suffix.lower()
        if suffix in _WORKBOOK_SUFFIXES:
            # Not a workbook (it reached the text reader) and not text: "renamed to .csv" would
            # name the wrong kind of file.
            raise IngestError(Note("error_not_a_workbook", file=display_name, ext=suffix))
        raise IngestError(Note("error_not_text", file=display_name))
    found = {m.encoding for m in matches}
    codec = best.encoding
    for preferred, cousins in _PREFER.items():
        if codec in cousins and preferred in found:
            codec = preferred
    codec = _SUPERSET.get(codec, codec)
    if _single_byte(codec):
        # On a short file the library's pick among one-byte code pages is a coin toss
        # (French cp1252 came out as cp775); words decoded wrongly mix scripts visibly.
        # Ties go to the Windows code pages business software writes.
        candidates = list(_WINDOWS_PAGES) + [c for c in (codec,) if c not in _WINDOWS_PAGES]
        codec = min(candidates, key=lambda c: (_odd_words(sample, c), candidates.index(c)))
    return codec


_WINDOWS_PAGES = ("cp1252", "cp1251", "cp1250")
_SYMBOLS = set("€£¥₴₽№°«»„“”‘’–—…•\u00a0\u202f")
_WORD = re.compile(r"[^\W\d_]+")
_LATIN_ACCENTED = re.compile(r"[\u00c0-\u024f]")
_CYRILLIC = re.compile(r"[\u0400-\u04ff]")


def _single_byte(codec: str) -> bool:
    try:
        return len("é".encode(codec, errors="ignore")) <= 1 and len("ж".encode(codec, errors="ignore")) <= 1
    except LookupError:
        return False


def _odd_words(sample: bytes, codec: str) -> int:
    """Words that no language writes: scripts mixed in one word, or mostly accents."""
    try:
        text = sample.decode(codec)
    except (UnicodeDecodeError, LookupError):
        return 1 << 30
    # Symbols such as "³" or "¦" stand where a wrong page put a letter.
    odd = sum(1 for ch in text if not ch.isascii() and not ch.isalpha() and ch not in _SYMBOLS)
    for word in _WORD.findall(text):
        cyrillic = len(_CYRILLIC.findall(word))
        accented = len(_LATIN_ACCENTED.findall(word))
        ascii_letters = sum(ch.isascii() for ch in word)
        if cyrillic and (ascii_letters or accented) or len(word) >= 3 and accented * 2 > len(word):
            odd += 1
    return odd


def _transcode(raw: bytes, codec: str, assumption: Note) -> DecodedText:
    try:
        text = raw.decode(codec)
        replaced = 0
    except UnicodeDecodeError:
        text = raw.decode(codec, errors="replace")
        replaced = text.count("\ufffd")
        assumption = Note("two_sentences", first=assumption, second=Note("unreadable_chars", replaced, n=replaced))
    except LookupError as exc:
        raise IngestError(Note("error_unknown_encoding", enc=Name(codec))) from exc
    text = text.lstrip("\ufeff")
    return DecodedText(codec, text.encode("utf-8"), assumption, replaced)
