"""Answers one request: admits the caller, reads the prompt with the deputy, acts or answers, records the reply.

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
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol, cast

import jsonschema

from deputy import Plan, Refusal
from seaspider.clock import Clock, SystemClock
from seaspider.config import Config
from seaspider.errors import SeaSpiderError
from seaspider.jsonerrors import first_problem, record_checker
from seaspider.resources import load_schema
from seaspider.service.answers import answer, read_more_prompt
from seaspider.service.files import LEDGER_FILE, REQUESTS_FILE
from seaspider.service.jobs import JobKind, Priority, Worker
from seaspider.service.ledger import Ledger, open_journal
from seaspider.service.readers import RobotsLookup, StoreBorrow, StoreView
from seaspider.service.reports import (
    ReadReport,
    page_report,
    read_report,
    refusal_report,
    robots_queued_report,
    robots_report,
    sitemaps_report,
    stats_report,
)
from seaspider.service.spans import SpanError, parse_span
from seaspider.web.records import RobotsVerdict
from seaspider.web.urls import origin_of
from wire.transport import Peer, executable_of

__all__ = [
    "DeputyLike",
    "Faults",
    "ReviewLike",
    "Service",
    "ServiceRefusal",
    "VocabularyLike",
    "make_reply",
]

ROBOTS_WAIT_S = 15.0  # the spec: a robots check is awaited at most this long, and only when idle
PLAN_CACHE_SIZE = 4096  # the deputy is deterministic: one parse per distinct prompt text
TITLE_SCAN_BYTES = 512 * 1024  # a page's <title> is near its start; do not parse megabytes for it


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
    questions_fetch: bool = False  # let a page or read question queue a fetch of its URL


class DeputyLike(Protocol):
    """The reader of prompts (deputy.Deputy): a Plan to act on, or a Refusal."""

    def read(self, prompt: str) -> Plan | Refusal: ...


class VocabularyLike(Protocol):
    """The vocabulary in use, for the status report (seaspider.service.vocabulary.Vocabulary)."""

    def report(self) -> dict[str, Any]: ...


class ReviewLike(Protocol):
    """Where refused prompts go as teaching material (deputy.ReviewQueue)."""

    def append(self, prompt: str, refusal: Refusal) -> Any: ...


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
        vocabulary: VocabularyLike | None = None,
    ) -> None:
        self.config = config
        self._vocabulary = vocabulary
        self._deputy = deputy
        self._deputy_lock = threading.Lock()  # spaCy pipelines are not documented as thread-safe
        self._plans: OrderedDict[str, Plan | Refusal] = OrderedDict()
        self._worker = worker
        self._store = store
        self._robots_lookup = robots_lookup
        self._review = review
        self._clock = clock or SystemClock()
        self._faults = faults
        self._callers = config.service.callers
        self._request_check = jsonschema.Draft202012Validator(load_schema("request"))
        self._requests = open_journal(socket_dir / REQUESTS_FILE, name="requests", check=record_checker("requests-line"))
        self._ledger = Ledger(socket_dir / LEDGER_FILE, clock_time=self._clock.time, check=record_checker("ledger-line"))

    def close(self) -> None:
        self._requests.close()
        self._ledger.close()

    # -- the transport's hooks -----------------------------------------------------------------

    def bad_frame(self, kind: str, message: str) -> dict[str, Any]:
        """The reply to a frame that is too long or not JSON (the connection is then closed)."""
        return make_reply(request_id=None, caller=None, plan=None, result=refusal_report(kind, message))

    def peer_refused(self, peer: Peer, reason: str) -> dict[str, Any]:
        """Log a connection from another uid and give it a refusal to read."""
        self._log_request(None, None, False, peer, None, None, admitted=False, refused_because=reason)
        return make_reply(request_id=None, caller=None, plan=None, result=refusal_report(ServiceRefusal.PEER_REFUSED, reason))

    # -- one request ---------------------------------------------------------------------------

    def handle(self, request: Any, peer: Peer) -> dict[str, Any]:
        """Admit, log, answer (or replay the recorded answer), record, return the reply."""
        problem = self._envelope_problem(request)
        if problem is not None:
            self._log_request(None, None, False, peer, None, None, admitted=False, refused_because=problem)
            return make_reply(request_id=None, caller=None, plan=None, result=refusal_report(ServiceRefusal.BAD_REQUEST, problem))
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
                    return make_reply(request_id=request_id, caller=caller, plan=None, result=refusal_report(ServiceRefusal.ID_REUSED, reason))
                replay = dict(recorded.reply)
                replay["report"] = {**replay["report"], "replayed": True}
                return replay
            if why_not is not None:
                reply = make_reply(request_id=request_id, caller=caller, plan=None, result=refusal_report(ServiceRefusal.UNKNOWN_CALLER, why_not))
            else:
                try:
                    reply = self._answer(request_id, caller, priority, prompt)
                except Exception as exc:  # noqa: BLE001 - a caller always gets an answer, never a hang
                    # Not recorded in the ledger: the failure may pass, and the same id may be retried.
                    sys.stderr.write(f"seaspider: request {caller}/{request_id} failed: {exc.__class__.__name__}: {exc}\n")
                    why = str(exc).rstrip(".") if isinstance(exc, SeaSpiderError) else f"an internal error occurred ({exc.__class__.__name__})"
                    return make_reply(request_id=request_id, caller=caller, plan=None, result=refusal_report(ServiceRefusal.FAILED, why))
            self._ledger.record(caller, request_id, sha, reply)
        return reply

    def _envelope_problem(self, request: Any) -> str | None:
        problem = first_problem(self._request_check, request, whole="the request")
        return None if problem is None else f"the request envelope is not valid ({problem})"

    def _unknown_caller_reason(self, caller: str) -> str:
        # The specification's wording: a plain comma list, «(octopus, crab, whale, shark)».
        return f"{caller} is not among the callers I answer ({', '.join(self._callers)})"

    def _log_request(
        self, request_id: str | None, caller: str | None, declared: bool, peer: Peer, priority: Priority | None,
        sha: str | None, *, admitted: bool, refused_because: str | None,
    ) -> None:
        self._requests.append_record(
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

    def replace_deputy(self, deputy: DeputyLike) -> None:
        """Reads every later prompt with `deputy` (a reloaded vocabulary); the readings of the old one are dropped."""
        with self._deputy_lock:
            self._deputy = deputy
            self._plans.clear()

    def read(self, prompt: str) -> Plan | Refusal:
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
        if isinstance(result, Refusal):  # nothing runs; the prompt becomes teaching material
            if self._review is not None:
                self._review.append(prompt, result)
            return make_reply(request_id=request_id, caller=caller, plan=None, result=refusal_report(str(result.kind), result.reason))
        operation = result.operation
        args: dict[str, Any] = result.json_args()
        plan: dict[str, Any] = {"capability": result.capability, "handler": result.handler, "operation": operation, "args": args}
        job_id = f"{caller}-{request_id}-0"
        followups: list[str] = []
        if operation == "fetch":
            report = self._fetch(job_id, tuple(args["urls"]), caller, priority)
            if report["queued"]:
                followups = ["Is the queue empty?", f"What did you get from {args['urls'][0]}?"]
        elif operation == "robots":
            report = self._robots(job_id, args["target"], caller, priority)
            # A refusal (queue full, check failed) has no `state`: it is an answer too, recorded as one.
            if report.get("state") == "queued":
                followups = [f"Can you read {args['target']}?"]
        elif operation == "sitemaps":
            # The stored robots.txt's Sitemap: lines; like a robots question, a check is queued when none is known.
            report = sitemaps_report(self._robots(job_id, origin_of(args["target"]) + "/", caller, priority))
            if report.get("state") == "queued":
                followups = [f"What sitemaps does {args['target']} have?"]
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
            if self._vocabulary is not None:
                report["vocabulary"] = self._vocabulary.report()
        elif operation == "read":
            report = self._read(args["url"], args.get("span"))
            if report.get("more"):
                followups = [read_more_prompt(cast(ReadReport, report))]
            if self._faults.questions_fetch:  # negative control only: a question that acts
                self._worker.submit(job_id, JobKind.FETCH, (args["url"],), asked_by=caller, priority=priority)
        else:
            report = refusal_report(ServiceRefusal.NOT_UNDERSTOOD, f"I have no handler for the operation {operation}")
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
            return refusal_report(ServiceRefusal.QUEUE_FULL, why)
        if idle:
            result = self._worker.await_result(job_id, ROBOTS_WAIT_S)
            if result is not None and result.error is not None:
                return refusal_report(ServiceRefusal.FAILED, f"the robots.txt check failed: {result.error}")
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

    def _read(self, url: str, quoted_span: str | None) -> dict[str, Any]:
        """A span of the readable text of the stored page; reads the store only and never fetches."""
        from seaspider.web.text import declared_type, page_text

        try:
            span = parse_span(quoted_span)
        except SpanError as exc:
            return refusal_report("not_understood", str(exc))
        body: bytes | None = None
        with self._store() as store:
            line = store.latest(url)
            stored = line is not None and line.get("outcome") in ("fetched", "not_modified")
            if stored and line is not None:
                key = f"sha256:{line['sha256']}" if line.get("sha256") else url
                body = store.body(key)
        page = None
        if stored and line is not None:
            # Extracted after the reader is given back: a large page must not hold a pooled reader.
            content_type = declared_type(line.get("headers"), line.get("content_type"))
            page = page_text(body or b"", url=line.get("final_url") or url, content_type=content_type)
        return read_report(url, line, page, start=span.start, max_chars=span.max_chars)
