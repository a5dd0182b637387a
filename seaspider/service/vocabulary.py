"""The vocabulary a running service reads prompts with: which file, its hash, when it was loaded, and
a reload (on SIGHUP) that keeps the old one when the new one does not load.

Knows no sockets and no signals: `serve` turns SIGHUP into `Server.request_reload`, which calls
`reload` here from its own thread. The clock is injected so tests need no wall time.
"""

from __future__ import annotations

import hashlib
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from seaspider.errors import ConfigError, SeaSpiderError

__all__ = ["Loaded", "ReloadFailure", "Vocabulary"]

Reader = TypeVar("Reader")


@dataclass(frozen=True, slots=True)
class Loaded:
    """A vocabulary in use: its file, the sha256 of the bytes read, and when they were loaded."""

    file: str
    sha256: str
    loaded_unix: float


@dataclass(frozen=True, slots=True)
class ReloadFailure:
    """The last reload that did not take: when, and why (one English clause)."""

    unix: float
    reason: str


class Vocabulary(Generic[Reader]):
    """Loads a vocabulary file into a reader with `build`, and reloads it on request.

    `build(text, source)` returns the reader for the file's text or raises a SeaSpiderError
    (ConfigError) naming the problem. The file is read once per load and its bytes hashed, so the
    hash names exactly what the reader was built from even when the file changes again at once.
    """

    def __init__(self, path: Path, build: Callable[[str, str], Reader], *, clock: Callable[[], float],
                 log: Callable[[str], None] = lambda _m: None) -> None:
        self.path = path
        self._build = build
        self._clock = clock
        self._log = log
        self._lock = threading.Lock()  # one reload at a time
        self.reader, self.loaded = self._load()
        self.loads = 1
        self.failure: ReloadFailure | None = None

    def _load(self) -> tuple[Reader, Loaded]:
        try:
            data = self.path.read_bytes()
            text = data.decode("utf-8")
        except OSError as exc:
            raise ConfigError(f"{self.path}: the vocabulary cannot be read ({exc.strerror})") from exc
        except UnicodeDecodeError as exc:
            raise ConfigError(f"{self.path}: the vocabulary is not UTF-8 (byte {exc.start})") from exc
        reader = self._build(text, str(self.path))
        return reader, Loaded(str(self.path), hashlib.sha256(data).hexdigest(), self._clock())

    def reload(self) -> Reader | None:
        """The reader for the file as it is now, or None when it does not load (the old one stays in use)."""
        with self._lock:
            try:
                reader, loaded = self._load()
            except SeaSpiderError as exc:
                reason = str(exc).rstrip(".")
                self.failure = ReloadFailure(self._clock(), reason)
                self._log(f"the vocabulary {self.path} did not load, so I kept the one loaded before: {reason}.")
                return None
            self.reader, self.loaded = reader, loaded
            self.loads += 1
            self.failure = None
            self._log(f"reloaded the vocabulary {self.path} (sha256 {loaded.sha256[:12]}…).")
            return reader

    def report(self) -> dict[str, Any]:
        """The status report's `vocabulary` field."""
        with self._lock:
            failure = self.failure
            return {
                "file": self.loaded.file,
                "sha256": self.loaded.sha256,
                "loaded_unix": self.loaded.loaded_unix,
                "loads": self.loads,
                "reload_error": None if failure is None else {"unix": failure.unix, "reason": failure.reason},
            }
