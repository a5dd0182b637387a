"""Shared pieces of the service tests: a short socket directory, configs, the real deputy, a running server."""

from __future__ import annotations

import itertools
import json
import os
import shutil
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from wire.transport import request
from seaspider.config import Config, build_config
from seaspider.service.jobs import Job, JobResult, UrlDone
from seaspider.store.journal import read_jsonl
from seaspider.resources import load_schema
from seaspider.service.handler import Faults
from seaspider.service.server import Server

_counter = itertools.count()


def short_dir() -> Path:
    """A fresh short directory (sun_path holds 107 bytes; pytest's tmp paths can be longer)."""
    path = Path(f"/tmp/ssv-{os.getpid()}-{next(_counter)}")
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(mode=0o755)
    return path


def write_serve_config(base: Path) -> Path:
    """A config file for a `seaspider serve` process: its store and lock under `base`."""
    path = base / "config.json"
    path.write_text(json.dumps({
        "store": str(base / "store"), "robot": {"contact_url": "https://example.invalid/movabot"},
        "service": {"lock": str(base / "seaspider.lock")},
    }))  # fmt: skip
    return path


def make_config(tmp: Path, resolve: dict[str, str] | None = None, **sections: Any) -> Config:
    raw: dict[str, Any] = {
        "store": str(tmp / "store"),
        "robot": {"contact_url": "https://example.invalid/movabot"},
        "network": {"allow_private_addresses": True, "resolve": resolve or {}},
        "service": {"lock": str(tmp / "seaspider.lock")},
    }
    for name, value in sections.items():
        raw[name] = {**raw.get(name, {}), **value}
    return build_config(raw, base_dir=tmp, source="test-config.json")


@cache
def deputy() -> Any:
    """The real Sea Spider deputy (real spaCy model), loaded once per test process."""
    from seaspider.english_reader import build_deputy

    return build_deputy(allow_private=True)


class GatedRunner:
    """A job runner the test drives: one URL per `step()`; honours should_stop between URLs."""

    def __init__(self) -> None:
        self.order: list[str] = []
        self.gate = threading.Semaphore(0)
        self.started = threading.Event()
        self.closed = False
        self.thread: str | None = None

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            self.gate.release()

    def run(self, job: Job, *, should_stop: Callable[[], bool], on_now: Callable[[str], None], on_url: Callable[[UrlDone], None]) -> JobResult:
        self.thread = threading.current_thread().name
        self.order.append(job.id)
        self.started.set()
        fetched = 0
        for i, url in enumerate(job.urls):
            if should_stop():
                return JobResult(fetched=fetched, not_started=job.urls[i:], interrupted=True)
            on_now(url)
            self.gate.acquire()
            on_url(UrlDone(url, "fetched", 200))
            fetched += 1
        return JobResult(fetched=fetched)

    def close(self) -> None:
        self.closed = True


class RunningServer:
    """A `Server` serving in a thread, with a client for it."""

    def __init__(
        self, config: Config, runner_factory: Callable[[], Any], *, base: Path | None = None, faults: Faults = Faults(),
        reader: Any = None, **kw: Any,
    ) -> None:
        from deputy import ReviewQueue

        self.base = base or short_dir()
        self.socket = self.base / "run" / "s.sock"
        self.dir = self.socket.parent
        self.server = Server(
            config, deputy=reader or deputy(), socket_path=self.socket, runner_factory=runner_factory,
            review=ReviewQueue(self.dir / "review.jsonl"), faults=faults, stop_poll_s=0.05, **kw,
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        self._ids = itertools.count(1)

    def ask(self, prompt: str, request_id: str | None = None, *, caller: str | None = None, priority: str | None = None, timeout_s: float = 30) -> dict[str, Any]:
        envelope: dict[str, Any] = {"id": request_id or f"t{next(self._ids)}", "prompt": prompt}
        if caller is not None:
            envelope["from"] = caller
        if priority is not None:
            envelope["priority"] = priority
        reply: dict[str, Any] = request(self.socket, envelope, timeout_s=timeout_s)
        return reply

    def stop(self) -> None:
        if self.thread.is_alive():
            self.server.request_stop()
            self.thread.join(30)
        assert not self.thread.is_alive()

    def lines(self, name: str) -> list[dict[str, Any]]:
        return list(read_jsonl(self.dir / name))

    def jobs(self, event: str) -> list[dict[str, Any]]:
        return [line for line in self.lines("jobs.jsonl") if line["event"] == event]

    def close(self) -> None:
        self.stop()
        shutil.rmtree(self.base, ignore_errors=True)


def check(name: str, obj: Any) -> None:
    """Fails when `obj` does not match schemas/<name>.schema.json."""
    validator = jsonschema.Draft202012Validator(load_schema(name))
    errors = [e.message for e in validator.iter_errors(obj)]
    assert not errors, f"{name}: {errors} in {json.dumps(obj)[:500]}"


@contextmanager
def gated_server() -> Iterator[RunningServer]:
    """A serving Sea Spider whose jobs wait on a GatedRunner; released and closed on exit."""
    runner = GatedRunner()
    base = short_dir()
    srv = RunningServer(make_config(base), lambda: runner, base=base)
    try:
        yield srv
    finally:
        runner.step(100)
        srv.close()
