"""The sandbox cap: no more than N analyses at once, the rest wait in line and see their place."""

from __future__ import annotations

import threading
import time

import pytest

from ui.slots import QueueTimeout, SandboxSlots


def test_a_free_slot_starts_at_once():
    slots = SandboxSlots(2)
    seen: list[int] = []
    with slots.hold(on_wait=seen.append):
        assert slots.running == 1
    assert seen == [] and slots.running == 0


def test_when_the_cap_is_reached_the_next_waits_and_is_told_its_place():
    slots = SandboxSlots(1)
    release = threading.Event()
    started = threading.Event()
    places: list[int] = []
    order: list[str] = []

    def first() -> None:
        with slots.hold():
            started.set()
            release.wait(5)
            order.append("first")

    def second() -> None:
        with slots.hold(on_wait=places.append, poll=0.05):
            order.append("second")

    a = threading.Thread(target=first)
    a.start()
    started.wait(5)
    b = threading.Thread(target=second)
    b.start()
    time.sleep(0.2)
    assert slots.waiting == 1 and order == []
    release.set()
    a.join(5)
    b.join(5)
    assert order == ["first", "second"]
    assert places == [1]


def test_waiting_too_long_gives_a_plain_message_and_leaves_the_queue():
    slots = SandboxSlots(1)
    with slots.hold():
        with (pytest.raises(QueueTimeout, match="analysis slots stayed busy"),
              slots.hold(timeout=0.2, poll=0.05)):
            pass
        assert slots.waiting == 0
    with slots.hold(timeout=0.2):
        pass


def test_an_error_inside_the_block_frees_the_slot():
    slots = SandboxSlots(1)
    with pytest.raises(ValueError), slots.hold():
        raise ValueError("boom")
    assert slots.running == 0
