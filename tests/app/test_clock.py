"""History times in the reader's own zone, from what the browser reports."""

from __future__ import annotations

from ui.clock import browser_zone, stamp


def test_a_utc_time_is_shown_in_the_browsers_named_zone():
    assert stamp("2026-11-29T17:07:00.000000+00:00", browser_zone("Europe/Kyiv", None)) == \
        "2026-11-29 19:07"


def test_without_a_zone_name_the_offset_is_used_as_javascript_gives_it():
    assert stamp("2026-11-29T17:07:00+00:00", browser_zone(None, -480)) == "2026-11-30 01:07"
    assert stamp("2026-11-29T17:07:00+00:00", browser_zone("Not/AZone", 60)) == "2026-11-29 16:07"


def test_an_unknown_zone_keeps_utc():
    assert browser_zone(None, None) is None
    assert stamp("2026-11-29T17:07:00+00:00", None) == "2026-11-29 17:07"
