"""Write-ahead bookings on disk: `bookings.slots`, one fixed-size slot per request in flight.

A booking is written in place (pwrite) and made durable with one fdatasync; the file only grows
when more requests are in flight than ever before, so a sync rarely has metadata to write (about
half the CPU of an SQLite commit). Knows IPs, times and slots; must not decide anything about them.
"""

from __future__ import annotations

import os
import struct
import threading
import zlib
from pathlib import Path

from seaspider.store.segments import fsync_dir

__all__ = ["BookingSlots", "SLOT_BYTES"]

# ip (UTF-8, NUL-padded; an IPv6 text form is at most 45 bytes), start_unix, until_unix, crc32 of those.
_RECORD = struct.Struct("<48sddI")
SLOT_BYTES = 80  # the record, padded: slots never straddle a 4 KiB page
_GROW_SLOTS = 64  # the file grows by this many slots at a time (one fsync of its size per growth)


def _pack(ip: str, start_unix: float, until_unix: float) -> bytes:
    head = struct.pack("<48sdd", ip.encode(), start_unix, until_unix)
    return (head + struct.pack("<I", zlib.crc32(head))).ljust(SLOT_BYTES, b"\0")


def _unpack(raw: bytes) -> tuple[str, float, float] | None:
    """The booking in one slot; None for an empty, torn or foreign one."""
    if len(raw) < _RECORD.size:
        return None
    ip_raw, start, until, crc = _RECORD.unpack_from(raw)
    if crc != zlib.crc32(raw[: _RECORD.size - 4]) or not ip_raw.strip(b"\0"):
        return None
    try:
        return ip_raw.rstrip(b"\0").decode(), start, until
    except UnicodeDecodeError:
        return None


class BookingSlots:
    """The slots file: `write` a booking into the IP's slot, `sync` to make every written booking durable.

    Thread-safe. Slots are handed out per IP and given back with `release` once the request's end
    is recorded elsewhere; `found` holds what the file held at open (a previous run's bookings).
    """

    def __init__(self, path: Path) -> None:
        created = not path.exists()
        self._fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        if created:
            fsync_dir(path.parent)
        size = os.fstat(self._fd).st_size
        self.found: list[tuple[str, float, float]] = []
        data = os.pread(self._fd, size, 0)
        for off in range(0, size - SLOT_BYTES + 1, SLOT_BYTES):
            booking = _unpack(data[off : off + SLOT_BYTES])
            if booking is not None:
                self.found.append(booking)
        self._slots = size // SLOT_BYTES
        self._free = list(range(self._slots - 1, -1, -1))  # every slot: what `found` held is the caller's now
        self._slot_of: dict[str, int] = {}
        self._start_of: dict[str, float] = {}  # the start of the booking each held slot carries
        self._lock = threading.Lock()  # guards the slot tables and `_written`
        self._sync_lock = threading.Lock()
        self._written = 0  # bookings written
        self._synced = 0  # bookings known durable

    def write(self, ip: str, start_unix: float, until_unix: float) -> int:
        """Write the booking into `ip`'s slot (not yet durable); returns a ticket for `sync`."""
        with self._lock:
            slot = self._slot_of.get(ip)
            if slot is None:
                if not self._free:
                    self._grow()
                slot = self._slot_of[ip] = self._free.pop()
            os.pwrite(self._fd, _pack(ip, start_unix, until_unix), slot * SLOT_BYTES)
            self._start_of[ip] = start_unix
            self._written += 1
            return self._written

    def _grow(self) -> None:
        os.ftruncate(self._fd, (self._slots + _GROW_SLOTS) * SLOT_BYTES)
        os.fsync(self._fd)  # the new size, so a later fdatasync has no metadata left to write
        self._free.extend(range(self._slots + _GROW_SLOTS - 1, self._slots - 1, -1))
        self._slots += _GROW_SLOTS

    def sync(self, ticket: int) -> None:
        """Return once booking `ticket` (and every one written before it) is on disk; syncs are shared."""
        with self._sync_lock:
            if self._synced >= ticket:
                return  # another thread's fdatasync covered it
            with self._lock:
                target = self._written
            os.fdatasync(self._fd)
            self._synced = target

    def release(self, ip: str, end_unix: float) -> None:
        """An end of `ip` at `end_unix` is recorded elsewhere: if it closes the booking in `ip`'s slot, free the slot.

        A booking that started after that end (the IP's next request) keeps its slot. The stale record
        a freed slot still holds is harmless: its end, recorded, is later than its start.
        """
        with self._lock:
            if self._start_of.get(ip, float("inf")) <= end_unix:
                self._free.append(self._slot_of.pop(ip))
                del self._start_of[ip]

    def close(self) -> None:
        with self._lock:
            if self._fd >= 0:
                os.close(self._fd)
                self._fd = -1
