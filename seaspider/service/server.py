"""The English service: admits a request, reads its prompt with the deputy, acts or answers, records the reply.

Fetch prompts are queued for the one worker and answered at once; status, stats and page answers come
from the job state and the store's indexes; questions never fetch. Every request is logged in
`requests.jsonl` and every reply in the ledger (both fsynced) before it is sent.
Knows no socket details: `handle(request, peer)` takes a parsed envelope and returns the reply.
"""

from __future__ import annotations

import enum
import hashlib
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

import jsonschema

from wire.transport import Peer, executable_of
from seaspider.service.answers import answer
from seaspider.clock import Clock, SystemClock
from seaspider.config import Config
from seaspider.errors import SeaSpiderError, StoreError
from seaspider.service.jobs import JobKind, Priority, Worker
from seaspider.service.ledger import JsonlJournal, Ledger
from seaspider.resources import load_schema
from seaspider.web.records import RobotsFetch, RobotsSource, RobotsVerdict

ROBOTS_WAIT_S = 15.0  # the spec: a robots check is awaited at most this long, and only when idle
PLAN_CACHE_SIZE = 4096  # the deputy is deterministic: one parse per distinct prompt text
TITLE_SCAN_BYTES = 512 * 1024  # a page's <title> is near its start; do not parse megabytes for it
QUESTIONS = frozenset({"robots", "stats", "page", "status"})  # observing operations: never fetch pages

STOP_FILE = "STOP"
JOBS_FILE = "jobs.jsonl"
REQUESTS_FILE = "requests.jsonl"
LEDGER_FILE = "ledger.jsonl"
REVIEW_FILE = "review.jsonl"


class ServiceRefusal(enum.StrEnum):
    """Why the service itself (not the deputy) did not act on a request."""

    UNKNOWN_CALLER = "unknown_caller"  # `from` names a caller not in service.callers
    PEER_REFUSED = "peer_refused"  # the connecting process belongs to another uid
    BAD_REQUEST = "bad_request"  # the envelope does not match schemas/request.schema.json
    FRAME_TOO_LONG = "frame_too_long"  # the request line is longer than 64 KiB
    MALFORMED_FRAME = "malformed_frame"  # the request line is not one JSON value
    ID_REUSED = "id_reused"  # the request id was already used for another prompt
    QUEUE_FULL = "queue_full"  # a robots check could not be queued
    NOT_UNDERSTOOD = "not_understood"  # a plan for an operation the service has no handler for
    FAILED = "failed"  # answering failed (the store could not be read, a check failed)


@dataclass(frozen=True, slots=True)
class Faults:
    """Test-only switches that break one safety property, so a test can show it would turn red."""

    admit_all_callers: bool = False  # answer callers that are not in service.callers
    questions_fetch: bool = False  # let a page question queue a fetch of its URL


class StoreView(Protocol):
    """What the service reads from the store (StoreReader); never blocks the worker's writer."""

    def latest(self, url: str) -> dict[str, Any] | None: ...
    def body(self, key: str) -> bytes | None: ...
    def stats(self, host: str | None = None) -> dict[str, Any]: ...
    def links_of(self, url: str) -> list[dict[str, Any]] | None: ...
    def load_robots(self, origin: str) -> RobotsFetch | None: ...


class DeputyLike(Protocol):
    def read(self, prompt: str) -> Any: ...


class ReviewLike(Protocol):
    def append(self, prompt: str, refusal: Any) -> Any: ...


RobotsLookup = Callable[[str], "tuple[RobotsVerdict, RobotsFetch | None] | None"]
StoreBorrow = Callable[[], AbstractContextManager[StoreView]]  # `with borrow() as store:` lends a reader


def _checker(name: str) -> Callable[[dict[str, Any]], None]:
    validator = jsonschema.Draft202012Validator(load_schema(name))

    def check(record: dict[str, Any]) -> None:
        error = jsonschema.exceptions.best_match(validator.iter_errors(record))
        if error is not None:
            raise TypeError(f"{name} record does not match its schema: {error.message}")  # our bug, not the user's

    return check


def refusal(kind: str, reason: str) -> dict[str, Any]:
    """A refusal report (reports.md): nothing was done, `reason` completes «… because …»."""
    return {"operation": None, "refused": True, "kind": str(kind), "reason": reason}


def make_reply(*, request_id: str | None, caller: str | None, plan: dict[str, Any] | None, result: dict[str, Any], followups: list[str] | None = None) -> dict[str, Any]:
    """The reply envelope: the English answer and the report it was realised from."""
    failure = {"kind": result["kind"], "reason": result["reason"]} if result.get("refused") else None
    return {
        "answer": answer(result),
        "report": {
            "id": request_id,
            "caller": caller,
            "plan": plan,
            "results": [result],
            "failure": failure,
            "followups": followups or [],
        },
    }


def origin_of(url: str) -> str:
    """scheme://host[:port] of a canonical URL (the unit robots.txt applies to)."""
    scheme, _, rest = url.partition("://")
    return f"{scheme}://{rest.split('/', 1)[0]}"


def robots_report(target: str, agent: str, verdict: RobotsVerdict, fetch: RobotsFetch | None, *, retry_secs: int) -> dict[str, Any]:
    """The robots report for a verdict and the robots.txt fetch it came from. Pure."""
    if verdict.source is RobotsSource.UNREACHABLE:
        state = "unreachable"
    elif verdict.source is RobotsSource.UNAVAILABLE:
        state = "unavailable"
    else:
        state = "allowed" if verdict.allowed else "disallowed"
    fetched = fetch.fetched_unix if fetch is not None else None
    return {
        "operation": "robots",
        "target": target,
        "agent": agent,
        "robots_url": verdict.url,
        "state": state,
        "status": verdict.status,
        "rule": verdict.rule,
        "group": verdict.group,
        "line": verdict.line,
        "fetched_unix": fetched,
        "retry_unix": fetched + retry_secs if state == "unreachable" and fetched is not None else None,
        "reason": fetch.error if state == "unreachable" and fetch is not None else None,
    }


def robots_queued_report(target: str, agent: str) -> dict[str, Any]:
    """A robots check was queued and has no answer yet."""
    robots_url = origin_of(target) + "/robots.txt"
    return {
        "operation": "robots", "target": target, "agent": agent, "robots_url": robots_url, "state": "queued",
        "status": None, "rule": None, "group": None, "line": None, "fetched_unix": None, "retry_unix": None, "reason": None,
    }


def stats_report(raw: Mapping[str, Any], host: str | None) -> dict[str, Any]:
    """The stats report from the store's stats JSON. Pure."""
    by_outcome = raw.get("pages") or {}  # URLs by the outcome of their latest page line
    stored = int(by_outcome.get("fetched", 0)) + int(by_outcome.get("not_modified", 0))
    bodies = raw.get("bodies", 0)
    byte_count = raw.get("bytes_raw", 0)
    return {
        "operation": "stats",
        "host": host,
        "stored": stored,
        "failed": {k: int(by_outcome.get(k, 0)) for k in ("disallowed", "error", "deferred")},
        "bodies": int(bodies),
        "bytes": int(byte_count),
    }


def page_report(url: str, line: Mapping[str, Any] | None, *, title: str | None, links: int | None) -> dict[str, Any]:
    """The page report from the latest page line of `url` (None: never fetched). Pure."""
    base: dict[str, Any] = {
        "operation": "page", "url": url, "state": "not_fetched", "fetched_unix": None, "status": None,
        "content_type": None, "body_bytes": None, "truncated": False, "title": None, "links": None,
        "outcome": None, "reason": None, "rule": None, "final_url": None,
    }
    if line is None:
        return base
    outcome = line.get("outcome")
    robots = line.get("robots") or {}
    fetched = outcome in ("fetched", "not_modified")
    base.update(
        state="fetched" if fetched else "failed",
        fetched_unix=line.get("fetched_unix"),
        status=line.get("status"),
        content_type=line.get("content_type"),
        body_bytes=line.get("body_bytes") if fetched else None,
        truncated=bool(line.get("truncated", False)),
        title=title if fetched else None,
        links=links if fetched else None,
        outcome=outcome,
        reason=line.get("reason"),
        rule=robots.get("rule") if outcome == "disallowed" else None,
        final_url=line.get("final_url"),
    )
    return base


class Service:
    """Answers one request at a time per connection thread; many threads may call `handle` at once."""

    def __init__(
        self,
        config: Config,
        *,
        deputy: DeputyLike,
        socket_dir: Path,
        worker: Worker,
        store: StoreBorrow,
        robots_lookup: RobotsLookup,
        review: ReviewLike | None = None,
        clock: Clock | None = None,
        faults: Faults = Faults(),
    ) -> None:
        self.config = config
        self._deputy = deputy
        self._deputy_lock = threading.Lock()  # spaCy pipelines are not documented as thread-safe
        self._plans: OrderedDict[str, Any] = OrderedDict()
        self._worker = worker
        self._store = store
        self._robots_lookup = robots_lookup
        self._review = review
        self._clock = clock or SystemClock()
        self._faults = faults
        self._callers = config.service.callers
        self._request_check = jsonschema.Draft202012Validator(load_schema("request"))
        self._requests = JsonlJournal(socket_dir / REQUESTS_FILE, check=_checker("requests-line"))
        self._ledger = Ledger(socket_dir / LEDGER_FILE, clock_time=self._clock.time, check=_checker("ledger-line"))

    def close(self) -> None:
        self._requests.close()
        self._ledger.close()

    # -- the transport's hooks -----------------------------------------------------------------

    def bad_frame(self, kind: str, message: str) -> dict[str, Any]:
        """The reply to a frame that is too long or not JSON (the connection is then closed)."""
        return make_reply(request_id=None, caller=None, plan=None, result=refusal(kind, message))

    def peer_refused(self, peer: Peer, reason: str) -> dict[str, Any]:
        """Log a connection from another uid and give it a refusal to read."""
        self._log_request(None, None, False, peer, None, None, admitted=False, refused_because=reason)
        return make_reply(request_id=None, caller=None, plan=None, result=refusal(ServiceRefusal.PEER_REFUSED, reason))

    # -- one request ---------------------------------------------------------------------------

    def handle(self, request: Any, peer: Peer) -> dict[str, Any]:
        """Admit, log, answer (or replay the recorded answer), record, return the reply."""
        problem = self._envelope_problem(request)
        if problem is not None:
            self._log_request(None, None, False, peer, None, None, admitted=False, refused_because=problem)
            return make_reply(request_id=None, caller=None, plan=None, result=refusal(ServiceRefusal.BAD_REQUEST, problem))
        request_id: str = request["id"]
        prompt: str = request["prompt"]
        declared = "from" in request
        caller: str = request.get("from", "octopus")  # a request without `from` is the Octopus's
        priority = Priority(request.get("priority", "normal"))
        sha = hashlib.sha256(prompt.encode("utf-8")).hexdigest()
        admitted = caller in self._callers or self._faults.admit_all_callers
        why_not = None if admitted else self._unknown_caller_reason(caller)
        self._log_request(request_id, caller, declared, peer, priority, sha, admitted=admitted, refused_because=why_not)
        with self._ledger.claim(caller, request_id):
            recorded = self._ledger.lookup(caller, request_id)
            if recorded is not None:
                if recorded.prompt_sha256 != sha:
                    reason = f"the id {request_id} was already used for a different prompt; send a new id"
                    return make_reply(request_id=request_id, caller=caller, plan=None, result=refusal(ServiceRefusal.ID_REUSED, reason))
                replay = dict(recorded.reply)
                replay["report"] = {**replay["report"], "replayed": True}
                return replay
            if why_not is not None:
                reply = make_reply(request_id=request_id, caller=caller, plan=None, result=refusal(ServiceRefusal.UNKNOWN_CALLER, why_not))
            else:
                try:
                    reply = self._answer(request_id, caller, priority, prompt)
                except Exception as exc:  # noqa: BLE001 - a caller always gets an answer, never a hang
                    # Not recorded in the ledger: the failure may pass, and the same id may be retried.
                    sys.stderr.write(f"seaspider: request {caller}/{request_id} failed: {exc.__class__.__name__}: {exc}\n")
                    why = str(exc).rstrip(".") if isinstance(exc, SeaSpiderError) else f"an internal error occurred ({exc.__class__.__name__})"
                    return make_reply(request_id=request_id, caller=caller, plan=None, result=refusal(ServiceRefusal.FAILED, why))
            self._ledger.record(caller, request_id, sha, reply)
        return reply

    def _envelope_problem(self, request: Any) -> str | None:
        error = jsonschema.exceptions.best_match(self._request_check.iter_errors(request))
        if error is None:
            return None
        where = ".".join(str(p) for p in error.absolute_path) or "the request"
        return f"the request envelope is not valid ({where}: {error.message})"

    def _unknown_caller_reason(self, caller: str) -> str:
        # The specification's wording: a plain comma list, «(octopus, crab, whale, shark)».
        return f"{caller} is not among the callers I answer ({', '.join(self._callers)})"

    def _log_request(
        self, request_id: str | None, caller: str | None, declared: bool, peer: Peer, priority: Priority | None,
        sha: str | None, *, admitted: bool, refused_because: str | None,
    ) -> None:
        self._requests.append(
            {
                "unix": self._clock.time(),
                "id": request_id,
                "caller": caller,
                "declared": declared,
                "pid": peer.pid,
                "uid": peer.uid,
                "exe": executable_of(peer.pid),
                "priority": str(priority) if priority is not None else None,
                "prompt_sha256": sha,
                "admitted": admitted,
                "refused_because": refused_because,
            }
        )

    def read(self, prompt: str) -> Any:
        """The deputy's reading of `prompt`, parsed once per distinct text (the deputy is deterministic)."""
        with self._deputy_lock:
            cached = self._plans.get(prompt)
            if cached is not None:
                self._plans.move_to_end(prompt)
                return cached
            result = self._deputy.read(prompt)
            self._plans[prompt] = result
            if len(self._plans) > PLAN_CACHE_SIZE:
                self._plans.popitem(last=False)
            return result

    def _answer(self, request_id: str, caller: str, priority: Priority, prompt: str) -> dict[str, Any]:
        result = self.read(prompt)
        operation = getattr(result, "operation", None)
        if operation is None:  # a Refusal: nothing runs; the prompt becomes teaching material
            if self._review is not None:
                self._review.append(prompt, result)
            kind, reason = str(result.kind), str(result.reason)
            return make_reply(request_id=request_id, caller=caller, plan=None, result=refusal(kind, reason))
        plan = {
            "capability": getattr(result, "capability", None),
            "handler": getattr(result, "handler", None),
            "operation": str(operation),
            "args": result.json_args() if hasattr(result, "json_args") else dict(result.args),
        }
        args = plan["args"]
        job_id = f"{caller}-{request_id}-0"
        followups: list[str] = []
        if operation == "fetch":
            report = self._fetch(job_id, tuple(args["urls"]), caller, priority)
            if report["queued"]:
                followups = ["Is the queue empty?", f"What did you get from {args['urls'][0]}?"]
        elif operation == "robots":
            report = self._robots(job_id, args["target"], caller, priority)
            if report["state"] == "queued":
                followups = [f"Can you read {args['target']}?"]
        elif operation == "stats":
            host = args.get("host")
            with self._store() as store:
                report = stats_report(store.stats(host), host)
        elif operation == "page":
            report = self._page(args["url"])
            if self._faults.questions_fetch:  # negative control only: a question that acts
                self._worker.submit(job_id, JobKind.FETCH, (args["url"],), asked_by=caller, priority=priority)
        elif operation == "status":
            report = {"operation": "status", **self._worker.status()}
        else:
            report = refusal(ServiceRefusal.NOT_UNDERSTOOD, f"I have no handler for the operation {operation}")
        return make_reply(request_id=request_id, caller=caller, plan=plan, result=report, followups=followups)

    def _fetch(self, job_id: str, urls: tuple[str, ...], caller: str, priority: Priority) -> dict[str, Any]:
        submitted = self._worker.submit(job_id, JobKind.FETCH, urls, asked_by=caller, priority=priority)
        if not submitted.queued:
            reason = "stopping" if self._worker.stopping else "full"
            return {"operation": "fetch", "queued": False, "reason": reason, "limit": submitted.limit, "urls": list(urls)}
        return {"operation": "fetch", "queued": True, "job": job_id, "urls": list(urls), "ahead": submitted.ahead}

    def _robots(self, job_id: str, target: str, caller: str, priority: Priority) -> dict[str, Any]:
        agent = self.config.robot.token
        retry = self.config.robots.unreachable_retry_secs
        found = self._robots_lookup(target)
        if found is not None:
            return robots_report(target, agent, found[0], found[1], retry_secs=retry)
        # Not known within its TTL: a check is work for the worker. Wait for it only when the worker
        # is idle, so a question never waits behind a crawl (and never interrupts one).
        idle = self._worker.is_idle()
        submitted = self._worker.submit(job_id, JobKind.ROBOTS, (target,), asked_by=caller, priority=priority)
        if not submitted.queued:
            why = "I am stopping" if self._worker.stopping else f"the queue is full ({submitted.limit} jobs are waiting)"
            return refusal(ServiceRefusal.QUEUE_FULL, why)
        if idle:
            result = self._worker.await_result(job_id, ROBOTS_WAIT_S)
            if result is not None and result.error is not None:
                return refusal(ServiceRefusal.FAILED, f"the robots.txt check failed: {result.error}")
            if result is not None and isinstance(result.verdict, RobotsVerdict):
                with self._store() as store:
                    fetch = store.load_robots(origin_of(target))
                return robots_report(target, agent, result.verdict, fetch, retry_secs=retry)
        return robots_queued_report(target, agent)

    def _page(self, url: str) -> dict[str, Any]:
        with self._store() as store:
            line = store.latest(url)
            title: str | None = None
            links: int | None = None
            if line is not None and line.get("outcome") in ("fetched", "not_modified"):
                title, found = self._scan(store, url, line)
                listed = store.links_of(url)
                links = len(listed) if listed is not None else found
        return page_report(url, line, title=title, links=links)

    def _scan(self, store: StoreView, url: str, line: Mapping[str, Any]) -> tuple[str | None, int | None]:
        """The title and link count of a stored page; (None, None) when it is not HTML."""
        from seaspider.web.links import extract_links, is_html

        key = f"sha256:{line['sha256']}" if line.get("sha256") else url
        body = store.body(key)
        if body is None:
            return None, None
        head = body[:TITLE_SCAN_BYTES]
        if not is_html(line.get("content_type"), head):
            return None, None
        found = extract_links(head, url=line.get("final_url") or url, content_type=line.get("content_type"), headers=line.get("headers") or {})
        return found.title, len(found.links)


def store_robots_lookup(config: Config, store: StoreBorrow, clock: Clock) -> RobotsLookup:
    """Answers robots questions from the latest stored robots.txt of the origin while it is fresh.

    Fresh means within robots.ttl_secs (an unreachable origin: within robots.unreachable_retry_secs),
    decided by the fetcher's own cache rules. Returns None when nothing fresh is stored, so the service
    queues a check. Never makes a request.
    """
    from seaspider.net.robots_cache import RobotsCache, always_verdict, verdict_for
    from seaspider.web.urls import parse_url

    cache = RobotsCache(ttl_s=config.robots.ttl_secs, unreachable_retry_s=config.robots.unreachable_retry_secs)
    guard = threading.Lock()
    token = config.robot.token

    def lookup(target: str) -> tuple[RobotsVerdict, RobotsFetch | None] | None:
        url = parse_url(target, sort_query=config.fetch.sort_query)
        if url.path == "/robots.txt" and url.query is None:
            return always_verdict(url), None
        now = clock.time()
        with guard:  # the cache parses each stored robots.txt once
            entry = cache.get(url.origin, now)
            if entry is None:
                with store() as view:
                    stored = view.load_robots(url.origin)
                if stored is None:
                    return None
                entry = cache.put(stored, from_store=True)
                if entry.expires_unix <= now:
                    return None
        return verdict_for(entry, url, token), entry.fetch

    return lookup


class _EmptyStore:
    """The answers of a store that does not exist yet: nothing stored, nothing known."""

    def latest(self, url: str) -> dict[str, Any] | None:
        return None

    def body(self, key: str) -> bytes | None:
        return None

    def stats(self, host: str | None = None) -> dict[str, Any]:
        return {"pages": {}, "bodies": 0, "bytes_raw": 0}

    def links_of(self, url: str) -> list[dict[str, Any]] | None:
        return None

    def load_robots(self, origin: str) -> RobotsFetch | None:
        return None


_EMPTY_STORE = _EmptyStore()


class ReaderPool:
    """Store readers shared by the connection threads: each answer borrows one and gives it back.

    A reader holds open files and an index connection, so they are kept and reused (at most `size`),
    not made per connection. Before the store exists, answers come from an empty view.
    """

    def __init__(self, path: Path, *, size: int = 8) -> None:
        self.path = path
        self._idle: list[StoreView] = []
        self._all: list[Any] = []
        self._slots = threading.BoundedSemaphore(size)
        self._lock = threading.Lock()

    @contextmanager
    def __call__(self) -> Iterator[StoreView]:
        from seaspider.store.reader import StoreReader

        with self._slots:
            with self._lock:
                reader = self._idle.pop() if self._idle else None
            if reader is None:
                try:
                    reader = StoreReader(self.path)
                except StoreError:
                    if (self.path / "pages.jsonl").exists():
                        raise
                    yield _EMPTY_STORE  # nothing written yet; the real store is opened once it exists
                    return
                with self._lock:
                    self._all.append(reader)
            try:
                yield reader
            finally:
                with self._lock:
                    self._idle.append(reader)

    def close(self) -> None:
        with self._lock:
            readers, self._all, self._idle = self._all, [], []
        for reader in readers:
            reader.close()


def fixed_store(view: StoreView) -> StoreBorrow:
    """A borrow function that always lends `view` (tests, or a store that needs no pooling)."""

    @contextmanager
    def borrow() -> Iterator[StoreView]:
        yield view

    return borrow


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
    ) -> None:
        from wire.transport import TransportError, UnixServer, ensure_private_dir
        from seaspider.errors import ServiceError
        from seaspider.service.jobs import MAX_WAITING

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
        self._stop_poll_s = stop_poll_s
        self.worker = Worker(self.socket_dir / JOBS_FILE, runner_factory, clock=clock, limit=job_limit or MAX_WAITING, check=_checker("jobs-line"))
        self.worker.start()  # opens the store writer: fails here, before the socket exists
        try:
            self._pool = ReaderPool(config.store) if store is None else None
            store = store or self._pool  # type: ignore[assignment]
            assert store is not None
            lookup = robots_lookup or store_robots_lookup(config, store, clock)
            self.service = Service(
                config, deputy=deputy, socket_dir=self.socket_dir, worker=self.worker, store=store,
                robots_lookup=lookup, review=review, clock=clock, faults=faults,
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
        self.transport.shutdown()

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
