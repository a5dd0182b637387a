"""The supervisor (`serve --angel`, "the angel" in messages): restarts `seaspider serve` after a crash with
backoff; one supervisor per socket.

Backoff is 5 s doubling to 300 s, reset after 300 s of good running. The angel holds `angel.lock` in
the socket directory, and stops cleanly on STOP (in the socket directory) or SIGTERM/SIGINT, passing
the signal on to the server; SIGHUP (reload the vocabulary) is passed on and changes nothing else.
The backoff arithmetic is pure; the process handling is a thin edge.
"""

from __future__ import annotations

import signal
import subprocess
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from seaspider.clock import Clock, SystemClock
from seaspider.errors import LockHeld, ServiceError
from seaspider.lock import HeldLock, read_holder, try_lock
from seaspider.service.files import STOP_FILE

__all__ = ["ANGEL_LOCK", "STOP_POLL_S", "Backoff", "Supervisor", "hold_angel_lock"]

ANGEL_LOCK = "angel.lock"
STOP_POLL_S = 0.25  # how often a waiting angel looks for STOP (the stdlib has no file notification)


@dataclass(frozen=True, slots=True)
class Backoff:
    """Restart delays: `initial_s` doubling to `max_s`; back to `initial_s` after `reset_after_s` of good running."""

    initial_s: float = 5.0
    max_s: float = 300.0
    reset_after_s: float = 300.0

    def next_delay(self, previous_s: float | None, ran_s: float) -> float:
        """The wait before the next start, given the last wait and how long the server then ran. Pure."""
        if previous_s is None or ran_s >= self.reset_after_s:
            return self.initial_s
        return min(previous_s * 2, self.max_s)


def hold_angel_lock(socket_dir: Path) -> HeldLock:
    """Take `angel.lock` (flock) or raise `LockHeld` naming the angel that holds it."""
    path = socket_dir / ANGEL_LOCK
    lock = try_lock(path, "angel")
    if lock is None:
        pid = read_holder(path).pid
        who = "holder unknown" if pid is None else f"pid {pid}"
        raise LockHeld(f"an angel already watches this socket ({who}; lock {path}). I did not start a second one.")
    return lock


class Supervisor:
    """Runs `argv` (the server) again and again until STOP, a signal, or a clean exit of the server."""

    def __init__(
        self,
        argv: Sequence[str],
        *,
        socket_dir: Path,
        backoff: Backoff = Backoff(),
        clock: Clock | None = None,
        log: Callable[[str], None] = lambda message: None,
    ) -> None:
        self.argv = list(argv)
        self.socket_dir = socket_dir
        self.backoff = backoff
        self._clock = clock or SystemClock()
        self._log = log
        self._stop = threading.Event()
        self._child: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self.starts = 0

    @property
    def stop_file(self) -> Path:
        return self.socket_dir / STOP_FILE

    def request_stop(self, signum: int = signal.SIGTERM) -> None:
        """Stop supervising; pass `signum` on to a running server so it stops cleanly too."""
        self._stop.set()
        with self._lock:
            child = self._child
        if child is not None and child.poll() is None:
            child.send_signal(signum)

    def pass_on(self, signum: int) -> bool:
        """Send `signum` to the running server (SIGHUP: reload its vocabulary); False when none runs."""
        with self._lock:
            child = self._child
        if child is None or child.poll() is not None:
            return False
        child.send_signal(signum)
        return True

    def _stopping(self) -> bool:
        return self._stop.is_set() or self.stop_file.exists()

    def _wait(self, seconds: float) -> None:
        deadline = self._clock.monotonic() + seconds
        while not self._stopping():
            remaining = deadline - self._clock.monotonic()
            if remaining <= 0:
                return
            self._stop.wait(min(remaining, STOP_POLL_S))

    def run(self) -> int:
        """Supervise until told to stop; returns the exit status for `seaspider serve --angel`."""
        from wire.transport import TransportError, ensure_private_dir

        try:
            ensure_private_dir(self.socket_dir)
        except TransportError as exc:
            raise ServiceError(str(exc)) from exc
        lock = hold_angel_lock(self.socket_dir)
        installed = self._install_signals()
        try:
            return self._supervise()
        finally:
            for signum, previous in installed:
                signal.signal(signum, previous)
            lock.release()

    def _install_signals(self) -> list[tuple[signal.Signals, Any]]:
        if threading.current_thread() is not threading.main_thread():
            return []  # signals reach only the main thread; a test drives request_stop itself
        installed: list[tuple[signal.Signals, Any]] = []
        for signum in (signal.SIGTERM, signal.SIGINT):
            installed.append((signum, signal.signal(signum, lambda s, _f: self.request_stop(s))))
        # SIGHUP would end the angel by default and leave the server unwatched: it is the server's to act on.
        installed.append((signal.SIGHUP, signal.signal(signal.SIGHUP, lambda s, _f: self.pass_on(s))))
        return installed

    def _supervise(self) -> int:
        delay: float | None = None
        while True:
            if self._stopping():
                self._log("the angel stops: STOP or a signal asked for it.")
                return 0
            started = self._clock.monotonic()
            with self._lock:
                self._child = subprocess.Popen(self.argv)
                child = self._child
            self.starts += 1
            self._log(f"the angel started the server (pid {child.pid}, start {self.starts}).")
            code = child.wait()
            with self._lock:
                self._child = None
            ran = self._clock.monotonic() - started
            if self._stopping():
                self._log(f"the server ended (status {code}) and the angel stops.")
                return 0
            if code == 0:
                self._log("the server ended cleanly; the angel stops too.")
                return 0
            delay = self.backoff.next_delay(delay, ran)
            how = f"signal {-code}" if code < 0 else f"status {code}"
            self._log(f"the server ended with {how} after {ran:.1f} s; restarting in {delay:g} s.")
            self._wait(delay)
