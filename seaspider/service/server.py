"""`seaspider serve`: the socket, the request handler and the worker, from start to an orderly stop.

`build_server` is the one way Sea Spider's own server is assembled (used by `serve` and the demo);
`Server` takes its parts injected so tests can run it with a gated runner or a fault switched on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from seaspider.clock import Clock, SystemClock
from seaspider.config import Config
from seaspider.errors import ServiceError
from seaspider.jsonerrors import record_checker
from seaspider.service.files import JOBS_FILE, REVIEW_FILE, STOP_FILE
from seaspider.service.handler import DeputyLike, Faults, ReviewLike, Service
from seaspider.service.vocabulary import Vocabulary
from seaspider.service.jobs import MAX_WAITING, Worker
from seaspider.service.readers import (
    ReaderPool,
    RobotsLookup,
    StoreBorrow,
    store_robots_lookup,
)
from wire.transport import Peer, TransportError, UnixServer, ensure_private_dir

__all__ = ["Server", "build_server"]


def build_server(
    config: Config, *, deputy: DeputyLike, socket_path: Path, vocabulary: Vocabulary[Any] | None = None
) -> Server:
    """Sea Spider's server: the crawler as the worker's runner, refusals kept in the socket directory's review queue.

    With `vocabulary` (the file the deputy was built from) the server can reload it (`request_reload`).
    """
    from deputy import ReviewQueue
    from seaspider.service.runner import CrawlJobRunner

    return Server(
        config, deputy=deputy, socket_path=socket_path, runner_factory=lambda: CrawlJobRunner(config),
        review=ReviewQueue(socket_path.parent / REVIEW_FILE), vocabulary=vocabulary,
    )


class Server:
    """`seaspider serve`: the socket, the service and the worker, until STOP, a signal or `request_stop`.

    The STOP file in the socket directory ends the server after the answer in progress; the worker
    finishes the URL in flight and records the rest of its job as not started.
    """

    def __init__(
        self,
        config: Config,
        *,
        deputy: DeputyLike,
        socket_path: Path,
        runner_factory: Callable[[], Any],
        review: ReviewLike | None = None,
        store: StoreBorrow | None = None,
        robots_lookup: RobotsLookup | None = None,
        clock: Clock | None = None,
        faults: Faults = Faults(),
        check_peers: bool = True,  # False only in the negative-control test
        stop_poll_s: float = 0.2,
        job_limit: int | None = None,
        vocabulary: Vocabulary[Any] | None = None,
    ) -> None:
        self.socket_path = socket_path
        self.socket_dir = socket_path.parent
        self.stop_file = self.socket_dir / STOP_FILE
        clock = clock or SystemClock()
        try:
            ensure_private_dir(self.socket_dir)
        except TransportError as exc:
            raise ServiceError(str(exc)) from exc
        if self.stop_file.exists():
            raise ServiceError(f"{self.stop_file} exists, so I did not start; remove it to serve again.")
        self._stop = threading.Event()
        self._reload = threading.Event()
        self._vocabulary = vocabulary
        self._stop_poll_s = stop_poll_s
        self.worker = Worker(self.socket_dir / JOBS_FILE, runner_factory, clock=clock, limit=job_limit or MAX_WAITING, check=record_checker("jobs-line"))
        self.worker.start()  # opens the store writer: fails here, before the socket exists
        try:
            self._pool = ReaderPool(config.store) if store is None else None
            store = store or self._pool  # type: ignore[assignment]
            assert store is not None
            lookup = robots_lookup or store_robots_lookup(config, store, clock)
            self.service = Service(
                config, deputy=deputy, socket_dir=self.socket_dir, worker=self.worker, store=store,
                robots_lookup=lookup, review=review, clock=clock, faults=faults, vocabulary=vocabulary,
            )
            try:
                self.transport = UnixServer(
                    socket_path, self._handle, bad_frame_reply=self.service.bad_frame,
                    on_peer_refused=self.service.peer_refused, check_peers=check_peers,
                )
            except TransportError as exc:
                self.service.close()
                raise ServiceError(str(exc)) from exc
        except BaseException:
            self.worker.stop()
            self.worker.close()
            raise

    def _handle(self, request: Any, peer: Peer) -> dict[str, Any]:
        reply = self.service.handle(request, peer)
        if self.stop_file.exists():  # STOP ends the server after the current answer
            self.request_stop()
        return reply

    def request_stop(self) -> None:
        """Stop accepting; `run` then finishes the answers in progress and stops the worker."""
        self._stop.set()
        self._reload.set()  # wakes the reload thread so it can end
        self.transport.shutdown()

    def request_reload(self) -> None:
        """Reload the vocabulary soon, on the reload thread (safe to call from a signal handler)."""
        self._reload.set()

    def reload_vocabulary(self) -> bool:
        """Reads the vocabulary file again; True when later prompts use it, False when the old one stays."""
        if self._vocabulary is None:
            return False
        reader = self._vocabulary.reload()
        if reader is None:
            return False
        self.service.replace_deputy(reader)
        return True

    def _watch_reload(self) -> None:
        while True:
            self._reload.wait()
            if self._stop.is_set():
                return
            self._reload.clear()
            self.reload_vocabulary()

    def _watch_stop(self) -> None:
        # The stdlib has no file-change notification; a short poll of one stat() is cheap.
        while not self._stop.wait(self._stop_poll_s):
            if self.stop_file.exists():
                self.request_stop()
                return

    def run(self) -> None:
        """Serve until stopped, then close everything in order (answers, worker, journals)."""
        watcher = threading.Thread(target=self._watch_stop, name="seaspider-stop-watch", daemon=True)
        watcher.start()
        reloader = threading.Thread(target=self._watch_reload, name="seaspider-reload", daemon=True)
        reloader.start()
        try:
            self.transport.serve_forever()
        finally:
            self._stop.set()
            self.transport.close()
            self.worker.stop()
            self.service.close()
            self.worker.close()
            if self._pool is not None:
                self._pool.close()
