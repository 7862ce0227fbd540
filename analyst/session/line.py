"""The line for a place: waiters are served in arrival order, woken when a place frees.

Every process of the host that uses the same data folder stands in the same line, a folder
`<data folder>/running/line/`. A waiter takes the next number (a counter file under
`flock`), makes its doorbell (a FIFO `<n>.bell`) and then its ticket `<n>.ticket`, which it
holds locked with `flock` for as long as it waits: the operating system frees the lock of a
waiter that dies, and the next reader of the line removes what it left. Only the first in
line may take a place; whoever gives a place back, or leaves the line, rings the first's
bell, so a waiter sleeps on its bell instead of looking at the slots again and again. A
process that dies holding a place cannot ring: the waiter also wakes after `tick_s` to say
its place in line and see whether its question was stopped, and looks again then.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import select
from dataclasses import dataclass
from pathlib import Path

_WIDTH = 12  # digits of a number: names sort as numbers


@dataclass(frozen=True)
class Wait:
    """Where a waiter stands, told to whoever waits (the UI, the command line)."""

    seconds: float
    """Waited so far."""
    place: int
    """1: next to run; 2: one waiter before it; ..."""


class Line:
    """The host's line under `folder` (no I/O until someone joins)."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)

    def join(self, needs_room: bool = False) -> Ticket:
        """A ticket at the end of the line; `needs_room`: the waiter has no container yet
        (marked `<n>.room`, see `Ticket.only_needing_room_ahead`)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        while True:
            number = self._next_number()
            name = f"{number:0{_WIDTH}d}"
            bell = self.folder / f"{name}.bell"
            try:
                os.mkfifo(bell, 0o600)
                break
            except FileExistsError:  # the counter was reset under living tickets: next one
                continue
        # Read and write: opening never blocks, and the bell keeps a reader while we wait.
        bell_fd = os.open(bell, os.O_RDWR | os.O_NONBLOCK)
        # Locked before it has its name: a reader never sees the ticket unlocked and takes
        # it for one whose waiter died.
        if needs_room:  # marked before the ticket is seen
            (self.folder / f"{name}.room").touch()
        draft = self.folder / f"{name}.draft"
        ticket_fd = os.open(draft, os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(ticket_fd, fcntl.LOCK_EX)
        os.replace(draft, self.folder / f"{name}.ticket")
        return Ticket(self, number, bell_fd, ticket_fd)

    def _next_number(self) -> int:
        fd = os.open(self.folder / "counter", os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            raw = os.read(fd, 32).strip()
            number = int(raw) + 1 if raw.isdigit() else 1
            os.lseek(fd, 0, os.SEEK_SET)
            os.ftruncate(fd, 0)
            os.write(fd, str(number).encode())
            return number
        finally:
            os.close(fd)

    def waiting(self) -> list[int]:
        """The numbers of the living waiters, first first; a dead waiter's ticket is removed."""
        try:
            names = sorted(p.name for p in self.folder.iterdir() if p.suffix == ".ticket")
        except FileNotFoundError:
            return []
        alive = []
        for name in names:
            number = int(name.split(".")[0])
            if self._alive(number):
                alive.append(number)
        return alive

    def _alive(self, number: int) -> bool:
        path = self.folder / f"{number:0{_WIDTH}d}.ticket"
        try:
            fd = os.open(path, os.O_RDWR)
        except FileNotFoundError:
            return False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return True  # its waiter holds it
        finally:
            os.close(fd)
        self._remove(number)  # nobody holds it: its waiter died
        return False

    def _remove(self, number: int) -> None:
        for suffix in (".ticket", ".bell", ".room"):
            with contextlib.suppress(FileNotFoundError):
                (self.folder / f"{number:0{_WIDTH}d}{suffix}").unlink()

    def needs_room(self, number: int) -> bool:
        """The waiter `number` has no container yet (its `.room` mark)."""
        return (self.folder / f"{number:0{_WIDTH}d}.room").exists()

    def ring_first(self) -> None:
        """Wake the first waiter (a place was given back, or the line moved), and when it
        needs room for a container, also the first after it that does not."""
        for number in self.waiting():
            if _ring(self.folder / f"{number:0{_WIDTH}d}.bell") \
                    and not self.needs_room(number):
                return


def _ring(bell: Path) -> bool:
    try:
        fd = os.open(bell, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as exc:  # ENXIO: nobody reads it any more; ENOENT: gone
        if exc.errno in (errno.ENXIO, errno.ENOENT):
            return False
        raise
    try:
        os.write(fd, b"!")
    except BlockingIOError:
        pass  # the pipe is full of rings: it will wake all the same
    except BrokenPipeError:
        # Its waiter closed the bell between our open and our write (it left the line
        # at that moment): the next waiter is rung instead.
        return False
    finally:
        os.close(fd)
    return True


class Ticket:
    """One waiter's number in the line, until `leave()`."""

    def __init__(self, line: Line, number: int, bell_fd: int, ticket_fd: int) -> None:
        self.line = line
        self.number = number
        self._bell_fd = bell_fd
        self._ticket_fd: int | None = ticket_fd

    def place(self) -> int:
        """1 when first in line."""
        return sum(1 for number in self.line.waiting() if number < self.number) + 1

    def only_needing_room_ahead(self) -> bool:
        """Every waiter ahead of this one has no container yet (and there is one at least)."""
        ahead = [n for n in self.line.waiting() if n < self.number]
        return bool(ahead) and all(self.line.needs_room(n) for n in ahead)

    def sleep(self, timeout_s: float) -> bool:
        """Until the bell rings or `timeout_s` passes; True when it rang."""
        ready, _, _ = select.select([self._bell_fd], [], [], max(0.0, timeout_s))
        if not ready:
            return False
        with contextlib.suppress(BlockingIOError):
            while os.read(self._bell_fd, 4096):
                pass
        return True

    def leave(self) -> None:
        """Out of the line (served, stopped or timed out); the next first is rung."""
        if self._ticket_fd is None:
            return
        self.line._remove(self.number)
        os.close(self._ticket_fd)
        os.close(self._bell_fd)
        self._ticket_fd = None
        self.line.ring_first()
