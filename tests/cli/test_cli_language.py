"""Which language the command line speaks: ANALYST_LANG, else the environment's locale
(LANGUAGE, LC_ALL, LC_MESSAGES, LANG, as gettext reads them), else English."""

from __future__ import annotations

from analyst.commands.language import default_language, locale_language
from analyst.settings import load_settings

LANGS = ("en", "uk", "ru", "zh")
LOCALES = {"en": ["C.UTF-8", "POSIX", "en_GB.UTF-8", "de_DE.UTF-8", "fr_FR"],
           "uk": ["uk_UA.UTF-8", "uk_UA", "uk"], "ru": ["ru_RU.UTF-8", "ru_UA.KOI8-U"],
           "zh": ["zh_CN.UTF-8", "zh_TW.Big5", "zh"]}


def test_the_language_comes_from_analyst_lang_else_the_locale_else_english() -> None:
    for expected, locales in LOCALES.items():
        for value in locales:
            for variable in ("LANG", "LC_MESSAGES", "LC_ALL"):
                assert default_language({variable: value}) == expected, (variable, value)
            # ANALYST_LANG wins over any locale; the locale wins when it is not set.
            for chosen_lang in LANGS:
                for spelled in (chosen_lang, chosen_lang.upper(), f"{chosen_lang}-XX"):
                    assert default_language({"LANG": value, "ANALYST_LANG": spelled}) == (
                        chosen_lang)
            # LC_ALL wins over LANG, as gettext reads them.
            assert default_language({"LC_ALL": value, "LANG": "uk_UA.UTF-8"}) == expected
    assert default_language({}) == "en"
    assert default_language({"LANGUAGE": "de:ru:en", "LANG": "en_US.UTF-8"}) == "ru"
    bad = load_settings({"ANALYST_LANG": "klingon", "LANG": "zh_CN.UTF-8"}, secrets={})
    assert bad.language is None and any("ANALYST_LANG" in p.english for p in bad.problems)
    assert default_language({"ANALYST_LANG": "klingon", "LANG": "zh_CN.UTF-8"}) == "zh"


def test_a_locale_the_product_does_not_speak_names_no_language() -> None:
    for value in ("C", "C.UTF-8", "POSIX", "de_DE.UTF-8", "ja_JP.UTF-8", "", "  "):
        assert locale_language({"LANG": value}) is None, value


def test_analyst_lang_is_a_documented_setting() -> None:
    from pathlib import Path

    from analyst.settings import KNOWN_SETTINGS

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert "ANALYST_LANG" in KNOWN_SETTINGS and "| `ANALYST_LANG` |" in readme
    assert "--lang" in readme[readme.index("## Command line"):readme.index("## Configuration")]
    assert load_settings({}, secrets={}).to_public_dict()["ANALYST_LANG"] == ""
