"""Stored UTC times shown in the reader's own time zone when the browser tells it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone, tzinfo
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError


def browser_zone(name: str | None, offset_minutes: int | None) -> tzinfo | None:
    """The browser's zone (st.context.timezone / timezone_offset), or None if unknown.

    The offset follows JavaScript: minutes to *add* to local time to get UTC (Kyiv in
    winter is -120).
    """
    if name:
        try:
            return ZoneInfo(name)
        except (ZoneInfoNotFoundError, ValueError):
            pass
    if offset_minutes is not None:
        return timezone(-timedelta(minutes=int(offset_minutes)))
    return None


def stamp(iso: str, zone: tzinfo | None) -> str:
    """"2026-11-29 19:07" in the zone, or in UTC when the zone is unknown."""
    try:
        moment = datetime.fromisoformat(iso)
    except ValueError:
        return iso[:16].replace("T", " ")
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(zone or UTC).strftime("%Y-%m-%d %H:%M")
