"""`StoreWriter`: the one writer of a store, recording intents, visits, robots fetches and links.

Keeps the crash-safe order: body frame written and fsynced, then the journal line written and
fsynced, then the derived index. Fails loudly (a full disk, a store deleted under it) and heals
quietly (a damaged frame is stored again). Knows nothing about HTTP, robots rules or politeness policy.

Longer than most modules (about 600 lines) for a reason: every method here runs under one lock
and inside one crash-safe order (frames, journal, index, state), and the open, record, heal and
close paths share its failure handling; spread over modules, that order would be hard to see.
The pieces without that coupling live beside it: files, failures, lines, ipstate, bookings, view, check.
"""

from __future__ import annotations

import hashlib
import sqlite3
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from seaspider.clock import Clock, SystemClock
from seaspider.errors import StoreError
from seaspider.lock import HeldLock, read_holder, try_lock
from seaspider.store.failures import (
    disk_full_message,
    failure_message,
    is_disk_full,
    vanished_message,
)
from seaspider.store.files import (
    BOOKINGS,
    INDEX,
    JOURNAL,
    LINKS,
    SEG_DIR,
    STATE,
    WRITER_LOCK,
    StoreIdentity,
    create_dir,
    create_file,
    is_store,
)
from seaspider.store.heads import capture_chain
from seaspider.store.index import IndexCorrupt
from seaspider.store.ipstate import IpState, ends_from_journal
from seaspider.store.journal import JournalAppender, cut_torn_tail, encode_line
from seaspider.store.lines import (
    damaged_line,
    intent_line,
    links_line,
    page_line,
    robots_line,
    uncertain_line,
)
from seaspider.store.segments import DamagedFrame, Location, SegmentWriter, fsync_dir
from seaspider.store.view import StoreView, bring_up_to_date, open_index
from seaspider.web.records import Outcome, Retry, RobotsFetch, Visit

__all__ = [
    "DEFAULT_SEGMENT_MAX_BYTES",
    "DEFAULT_ZSTD_LEVEL",
    "DamagedRecord",
    "Hook",
    "Intent",
    "Notice",
    "StoreWriter",
    "WriterFaults",
]

DEFAULT_SEGMENT_MAX_BYTES = 256 * 1024 * 1024
DEFAULT_ZSTD_LEVEL = 9
# Bodies whose stored copy this writer has checked, so a popular body is decoded once per run; past
# this many (about 12 MB of hex digests) the set starts again, costing one more check per body.
_MAX_VERIFIED = 100_000

Hook = Callable[[str], None]
Notice = Callable[[str], None]


def _say(message: str) -> None:
    sys.stderr.write(f"seaspider: {message}\n")


@dataclass(frozen=True, slots=True)
class Intent:
    """A page's first request about to go out: what `record_intents` journals."""

    url: str
    depth: int = 0
    parent: str | None = None


@dataclass(frozen=True, slots=True)
class DamagedRecord:
    """A damaged frame `mark_damaged` records, with the robots.txt files (origin, url) that rely on it."""

    loc: Location
    sha256: str
    body_bytes: int
    reason: str
    robots: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class WriterFaults:
    """Test-only fault injection for the negative controls; the crawler never sets these."""

    journal_before_segment: bool = False  # journal a page line before its body is durable
    trust_stored_frames: bool = False  # deduplicate onto a stored frame without checking it
    ignore_vanished_store: bool = False  # do not notice the store directory deleted or replaced


class StoreWriter(StoreView):
    """The one writer of a store (exclusive lock on `.writer.lock`).

    Every `record_*` call is durable when it returns. Calls are serialised by an internal lock,
    so they may come from a worker thread; `save_ip_end` and `load_ip_ends` never wait for disk,
    `book_ip` waits for its own fsync only.
    """

    def __init__(self, path: Path, *, segment_max_bytes: int, zstd_level: int, clock: Clock, hook: Hook | None,
                 split_writes: bool, faults: WriterFaults, lock: HeldLock, notice: Notice) -> None:
        self.path = path
        self._clock = clock
        self._hook = hook
        self._faults = faults
        self._writer_lock = lock
        self._notice = notice
        self._lock = threading.Lock()
        self._closed = False
        self._failed: str | None = None
        self._damage: list[dict[str, Any]] = []  # damaged lines, written with the next journal write
        self._damage_seen: set[tuple[int, int]] = set()  # frames (segment, offset) already reported
        self._verified: set[str] = set()  # bodies whose stored copy was checked in this run
        opened: list[Callable[[], None]] = []  # closed again if opening fails half-way
        try:
            for name in (JOURNAL, LINKS):
                if cut_torn_tail(path / name):
                    self._point("torn-tail-cut")
            self._seg_writer = SegmentWriter(path / SEG_DIR, max_bytes=segment_max_bytes, level=zstd_level,
                                             split_writes=split_writes, hook=hook)
            opened.append(self._seg_writer.close)
            self._journal = JournalAppender(path / JOURNAL, name="journal", split_writes=split_writes, hook=hook)
            opened.append(self._journal.close)
            self._links = JournalAppender(path / LINKS, name="links", split_writes=split_writes, hook=hook)
            opened.append(self._links.close)
            # Who we write to: checked after every group commit, so a store deleted or replaced
            # under us is noticed instead of filling a directory nobody can see.
            self._identity = StoreIdentity.of(path)
            try:
                self._index = open_index(path)
                try:
                    bring_up_to_date(self._index)
                except IndexCorrupt:
                    self._index = open_index(path)
                    bring_up_to_date(self._index)
            except (sqlite3.Error, IndexCorrupt) as exc:
                raise StoreError(f"{path / INDEX}: cannot bring the store index up to date ({exc}).") from exc
            opened.append(self._index.close)
            self._point("index-ready")
            self._setup_view()
            opened.append(self._close_view)
            try:
                self._ip_state = IpState(path / STATE, path / BOOKINGS)
            except (sqlite3.Error, OSError) as exc:
                raise StoreError(f"{path / STATE}: cannot open the politeness state ({exc}).") from exc
            opened.append(self._ip_state.close)
            if self._ip_state.unreadable is not None:
                self._rebuild_ip_state(self._ip_state.unreadable)
            self.uncertain_urls = self._settle_intents()
        except BaseException as exc:
            for close in reversed(opened):
                try:
                    close()
                except (OSError, sqlite3.Error):
                    pass  # a second failure (the disk is still full) must not hide the first
            cause = exc.__cause__ if isinstance(exc, StoreError) else exc
            if isinstance(cause, (OSError, sqlite3.Error)) and is_disk_full(cause, path):
                raise StoreError(disk_full_message(path, "open the store for writing")) from exc
            raise

    @classmethod
    def open(
        cls,
        path: Path,
        *,
        segment_max_bytes: int = DEFAULT_SEGMENT_MAX_BYTES,
        zstd_level: int = DEFAULT_ZSTD_LEVEL,
        clock: Clock | None = None,
        notice: Notice = _say,
        _hook: Hook | None = None,
        _split_writes: bool = False,
        _journal_before_segment: bool = False,
        _trust_stored_frames: bool = False,
        _ignore_vanished_store: bool = False,
    ) -> StoreWriter:
        """Open (creating if missing) the store at `path` for writing; StoreError if another writer has it.

        `notice` hears what the writer healed on its own (a damaged frame, an unreadable state file);
        by default it goes to stderr. The underscored arguments are fault injection for the tests: a
        hook called at named points, writes split in two, and the unsafe behaviours (see WriterFaults)
        that the negative controls must catch.
        """
        path = Path(path)
        faults = WriterFaults(_journal_before_segment, _trust_stored_frames, _ignore_vanished_store)
        try:
            if path.exists() and not path.is_dir():
                raise StoreError(f"{path} is a file, not a store directory; choose another store path.")
            if path.is_dir() and any(path.iterdir()) and not is_store(path):
                raise StoreError(f"{path} is not empty and is not a Sea Spider store (no {JOURNAL}); choose an empty or new directory.")
            create_dir(path)
            lock = try_lock(path / WRITER_LOCK, "writer", mode=0o644)
            if lock is None:
                pid = read_holder(path / WRITER_LOCK).pid
                holder = "another process" if pid is None else f"pid {pid}"
                raise StoreError(f"{path} is already open for writing by {holder}; only one writer may use a store at a time.")
            try:
                fsync_dir(path)
                create_dir(path / SEG_DIR)
                create_file(path / JOURNAL)
                create_file(path / LINKS)
                return cls(path, segment_max_bytes=segment_max_bytes, zstd_level=zstd_level, clock=clock or SystemClock(),
                           hook=_hook, split_writes=_split_writes, faults=faults, lock=lock, notice=notice)
            except BaseException:
                lock.release()
                raise
        except OSError as exc:
            if is_disk_full(exc, path):
                raise StoreError(disk_full_message(path, "open the store for writing")) from exc
            raise StoreError(f"cannot open the store {path} for writing ({exc.strerror or exc}).") from exc

    def _point(self, name: str) -> None:
        if self._hook is not None:
            self._hook(name)

    # ----- healing ---------------------------------------------------------------------------

    def _rebuild_ip_state(self, why: str) -> None:
        """`state.sqlite` was unreadable: recover the per-IP end times from the journal, and say so."""
        ends = ends_from_journal(self.path / JOURNAL)
        self._ip_state.seed(ends)
        reason = f"{self.path / STATE} could not be read ({why}); it was rebuilt from the journal ({len(ends)} IPs)"
        self._notice(reason + ".")
        self._damage.append(damaged_line("state", reason=reason, recorded_unix=self._clock.time()))
        self._append_damage()

    def _note_damage(self, what: str, exc: DamagedFrame, *, sha: str, url: str | None = None, origin: str | None = None) -> None:
        """Report a damaged frame once: on the notice channel now, in the journal with the next write."""
        key = (exc.loc.seg, exc.loc.off)
        if key in self._damage_seen:
            return
        self._damage_seen.add(key)
        self._notice(f"{exc} It is fetched again.")
        self._damage.append(damaged_line(what, reason=str(exc), recorded_unix=self._clock.time(), url=url, origin=origin,
                                         sha256=sha, loc=exc.loc))

    def _append_damage(self) -> None:
        if self._damage:
            self._journal_lines([])
            self._commit()

    def _reusable(self, sha: str) -> tuple[Location, int] | None:
        """Where an intact stored copy of this body lies; None when there is none (then it is stored again)."""
        found = self._index.body(sha)
        if found is None or sha in self._verified or self._faults.trust_stored_frames:
            return found
        try:
            self._read_body(sha)
        except DamagedFrame as exc:
            self._note_damage("page_body", exc, sha=sha)
            return None
        if len(self._verified) >= _MAX_VERIFIED:
            self._verified.clear()
        self._verified.add(sha)
        return found

    def _body_usable(self, sha: str) -> bool:
        return self._reusable(sha) is not None

    def _robots_damaged(self, line: dict[str, Any], exc: DamagedFrame) -> None:
        self._note_damage("robots_body", exc, sha=line["sha256"], url=line["url"], origin=line["origin"])

    def _vanished(self) -> str | None:
        """The sentence to stop with when the store directory or journal is no longer the one opened."""
        how = None if self._faults.ignore_vanished_store else self._identity.lost(self.path)
        return None if how is None else vanished_message(self.path, how)

    # ----- the journal -----------------------------------------------------------------------

    def _settle_intents(self) -> tuple[str, ...]:
        """Record one `uncertain` line per intent that never got an outcome; returns their URLs."""
        pending = sorted(self._index.pending_intents().items(), key=lambda item: item[1])
        urls = []
        for url, off in pending:
            self._append(uncertain_line(url, intent_off=off, recorded_unix=self._clock.time()))
            urls.append(url)
        return tuple(urls)

    def _append(self, line: dict[str, Any]) -> int:
        """Journal one line (fsynced), index it, persist the politeness state; returns its offset."""
        off = self._journal_lines([line])[0]
        self._commit()
        return off

    def _journal_lines(self, lines: Sequence[dict[str, Any]]) -> list[int]:
        """Journal lines (after any damaged lines waiting) in one write and ONE fsync, then index them (not committed)."""
        damage, self._damage = self._damage, []
        every = damage + list(lines)
        raws = [encode_line(line) for line in every]
        try:
            offs = self._journal.append_many(raws)
        except BaseException:
            self._damage = damage + self._damage
            raise
        for off, raw, line in zip(offs, raws, every, strict=True):
            self._index.apply_journal(off, raw, line)
        return offs[len(damage):]

    def _links_lines(self, items: Sequence[tuple[str, list[dict[str, Any]], bool]]) -> None:
        """Append `links.jsonl` lines (url, links, cut at the cap) in one write and ONE fsync, then index them."""
        now = self._clock.time()
        raws = [encode_line(links_line(url, links, recorded_unix=now, truncated=cut)) for url, links, cut in items]
        for off, raw in zip(self._links.append_many(raws), raws, strict=True):
            self._index.apply_links(off, raw)

    def _commit(self) -> None:
        """Commit the index for every line taken in, and persist the politeness state."""
        self._index.commit()
        self._point("index-committed")
        self._ip_state.flush()

    def _store_body(self, body: bytes, sha: str) -> tuple[Location, int]:
        """Put `body` in a segment (once per sha256, unless that copy is damaged) and make it durable."""
        found = self._reusable(sha)
        if found is not None:
            return found
        frame = self._seg_writer.compress(body)
        self._point("body-compressed")
        loc = self._seg_writer.append(frame)
        self._point("segment-written")
        self._seg_writer.fsync()
        # Crash safety: from here the frame is durable, and only now may a line point at it.
        self._point("segment-fsynced")
        return loc, len(body)

    # ----- recording -------------------------------------------------------------------------

    def record_intent(self, url: str, *, depth: int = 0, parent: str | None = None) -> None:
        """Announce a page's first request (fsynced), so a crash during it is noticed next time."""
        self.record_intents([Intent(url, depth, parent)])

    def record_intents(self, intents: Sequence[Intent]) -> None:
        """Announce several first requests with ONE fsync; all are durable when this returns."""
        if not intents:
            return
        what = f"the intent to fetch {intents[0].url}" + (f" and {len(intents) - 1} more" if len(intents) > 1 else "")
        with self._writing(what):
            now = self._clock.time()
            self._journal_lines([intent_line(i.url, depth=i.depth, parent=i.parent, recorded_unix=now) for i in intents])
            self._commit()

    def record_retries(self, retries: Sequence[Retry]) -> None:
        """Journal that these visits will be tried again (fsynced once); each closes its intent."""
        if not retries:
            return
        with self._writing(f"the retry of {retries[0].url}" + (f" and {len(retries) - 1} more" if len(retries) > 1 else "")):
            now = self._clock.time()
            self._journal_lines([{"kind": "retry", "url": r.url, "attempt": r.attempt, "reason": r.reason, "status": r.status,
                                  "ip": r.ip, "retry_after_s": r.retry_after_s, "backoff_s": r.backoff_s,
                                  "not_before_unix": r.not_before_unix, "depth": r.depth, "parent": r.parent,
                                  "recorded_unix": now} for r in retries])  # fmt: skip
            self._commit()

    def record_visit(self, visit: Visit) -> dict[str, Any]:
        """Store the body (deduplicated by sha256), then journal the page line; returns the line."""
        return self.record_visits([(visit, None)])[0]

    def record_visits(self, items: Sequence[tuple[Visit, list[dict[str, Any]] | None]]) -> list[dict[str, Any]]:
        """Record visits and their links (None: no links line) as one group commit; returns the page lines.

        Every new body frame is appended and the segment fsynced ONCE, then every page line is
        written and the journal fsynced ONCE, then the links lines likewise, then one index commit.
        Nothing is durable before the fsyncs, so the caller may report none of it until this returns.
        """
        for visit, _links in items:
            if not isinstance(visit, Visit):
                raise TypeError(f"record_visits takes Visits, not {type(visit).__name__}")
        if not items:
            return []
        # Bad input loses nothing: every body is checked before anything is written.
        shas = [self._body_sha(visit) for visit, _links in items]
        what = f"the visit of {items[0][0].url}" + (f" and {len(items) - 1} more" if len(items) > 1 else "")
        with self._writing(what):
            if self._faults.journal_before_segment:
                lines = [self._record_visit_unsafely(visit, sha) for (visit, _links), sha in zip(items, shas, strict=True)]
            else:
                lines = self._page_lines([visit for visit, _links in items], shas)
                self._journal_lines(lines)
            links = [(visit.url, found, visit.links_truncated) for visit, found in items if found is not None]
            if links:
                self._links_lines(links)
            self._commit()
            return lines

    @staticmethod
    def _body_sha(visit: Visit) -> str | None:
        """The sha256 of a visit's body when it has one to store; ValueError when it contradicts the visit."""
        if not (visit.body or visit.outcome == Outcome.FETCHED):
            return None
        sha = hashlib.sha256(visit.body).hexdigest()
        if visit.sha256 is not None and visit.sha256 != sha:
            raise ValueError(f"visit of {visit.url}: sha256 {visit.sha256} does not match its body ({sha})")
        return sha

    def _page_lines(self, visits: Sequence[Visit], shas: Sequence[str | None]) -> list[dict[str, Any]]:
        """Put the new bodies in segments with ONE fsync (once per sha256), then build the page lines."""
        placed: dict[str, tuple[Location, int]] = {}  # bodies of this batch, before the index knows them
        wrote = False
        lines = []
        for visit, sha in zip(visits, shas, strict=True):
            loc: Location | None = None
            body_bytes = len(visit.body)
            if sha is not None:
                # Dedup only onto an intact copy: a refetch is what repairs a damaged body.
                found = placed.get(sha) or self._reusable(sha)
                if found is None:
                    frame = self._seg_writer.compress(visit.body)
                    self._point("body-compressed")
                    found = self._seg_writer.append(frame), len(visit.body)
                    self._point("segment-written")
                    placed[sha] = found
                    wrote = True
                loc, body_bytes = found
            elif visit.sha256 is not None:
                # A 304 (not_modified) names the body it confirmed: point at where that body lies.
                found = placed.get(visit.sha256) or self._index.body(visit.sha256)
                if found is not None:
                    loc, body_bytes = found
            # Each hop's captured head (and kept wire body) as frames of their own (seaspider/store/heads.py).
            chain, appended = capture_chain(visit.chain, compress=self._seg_writer.compress, append=self._seg_writer.append,
                                            find_body=self._reusable, placed=placed)
            wrote = wrote or appended
            lines.append(page_line(visit, loc=loc, sha256=sha if sha is not None else visit.sha256, body_bytes=body_bytes, chain=chain))
        if wrote:
            self._seg_writer.fsync()
            # Crash safety: from here every frame is durable, and only now may a line point at one.
            self._point("segment-fsynced")
        return lines

    def _record_visit_unsafely(self, visit: Visit, sha: str | None) -> dict[str, Any]:
        """Negative control only: journal the line BEFORE writing its body (the crash test must fail)."""
        if sha is None:
            line = self._page_lines([visit], [None])[0]
            self._append(line)
            return line
        body = visit.body
        found = self._index.body(sha)
        if found is not None:
            line = page_line(visit, loc=found[0], sha256=sha, body_bytes=found[1])
            self._append(line)
            return line
        frame = self._seg_writer.compress(body)
        loc = self._seg_writer.next_location(len(frame))
        line = page_line(visit, loc=loc, sha256=sha, body_bytes=len(body))
        self._append(line)
        self._seg_writer.append(frame)
        self._point("segment-written")
        self._seg_writer.fsync()
        self._point("segment-fsynced")
        return line

    def record_robots(self, fetch: RobotsFetch) -> None:
        """Journal one robots.txt fetch; its body is stored first when the answer was 2xx."""
        with self._writing(f"the robots.txt fetch of {fetch.origin}"):
            loc: Location | None = None
            sha: str | None = None
            body_bytes = 0
            ok = fetch.status is not None and 200 <= fetch.status < 300
            if ok and fetch.body is not None:
                sha = hashlib.sha256(fetch.body).hexdigest()
                loc, body_bytes = self._store_body(fetch.body, sha)
            placed = {sha: (loc, body_bytes)} if sha is not None and loc is not None else {}
            chain, appended = capture_chain(fetch.chain, compress=self._seg_writer.compress, append=self._seg_writer.append,
                                            find_body=self._reusable, placed=placed)
            if appended:
                self._seg_writer.fsync()  # the head frames are durable before the line that points at them
            self._append(robots_line(fetch, loc=loc, sha256=sha, body_bytes=body_bytes, chain=chain))

    def record_links(self, url: str, links: list[dict[str, Any]]) -> None:
        """Append one `links.jsonl` line for `url` (fsynced): [{url, nofollow}] in page order."""
        with self._writing(f"the links of {url}"):
            self._links_lines([(url, links, False)])
            self._commit()

    def mark_damaged(self, frames: Sequence[DamagedRecord]) -> tuple[int, int]:
        """Journal that these frames are damaged, so the next fetch gets what relies on them again.

        Per frame: one `damaged` line per URL whose latest body is that copy, one per robots.txt
        that relies on it, or one naming only the frame when nothing does. Returns (URLs, robots.txt files).
        """
        if not frames:
            return 0, 0
        with self._writing(f"{len(frames)} damaged frames"):
            now = self._clock.time()
            # One pass over the URLs for every frame: a cut segment can damage thousands at once.
            users = self._index.urls_with_bodies({f.sha256 for f in frames if self._index.body(f.sha256) == (f.loc, f.body_bytes)})
            lines: list[dict[str, Any]] = []
            robots = 0
            for f in frames:
                mine = [damaged_line("page_body", reason=f.reason, recorded_unix=now, url=url, sha256=f.sha256, loc=f.loc)
                        for url in users.get(f.sha256, ())]
                mine += [damaged_line("robots_body", reason=f.reason, recorded_unix=now, url=url, origin=origin, sha256=f.sha256,
                                      loc=f.loc) for origin, url in f.robots]
                robots += len(f.robots)
                lines += mine or [damaged_line("page_body", reason=f.reason, recorded_unix=now, sha256=f.sha256, loc=f.loc)]
            self._journal_lines(lines)
            self._commit()
            return sum(len(v) for v in users.values()), robots

    # ----- questions -------------------------------------------------------------------------

    def should_fetch(self, url: str, *, now_unix: float, refetch_after_secs: int | None) -> bool:
        """The resume rule: fetch unless the latest page record is good (not an error, body intact) and fresh."""
        with self._lock:
            row = self._index.url_row(url)
        if row is None or row["page_off"] is None or row["uncertain"] or row["damaged"]:
            return True
        if row["outcome"] == Outcome.ERROR:
            return True
        return refetch_after_secs is not None and now_unix - float(row["fetched_unix"]) > refetch_after_secs

    def latest(self, url: str) -> dict[str, Any] | None:
        with self._lock:
            return super().latest(url)

    def body(self, key: str) -> bytes | None:
        with self._lock:
            return super().body(key)

    def links_of(self, url: str) -> list[dict[str, Any]] | None:
        with self._lock:
            return super().links_of(url)

    def load_robots(self, origin: str) -> RobotsFetch | None:
        with self._lock:
            return super().load_robots(origin)

    def conditional_headers(self, url: str) -> dict[str, str]:
        with self._lock:
            return super().conditional_headers(url)

    def stats(self, host: str | None = None) -> dict[str, Any]:
        with self._lock:
            return super().stats(host)

    # ----- politeness state ------------------------------------------------------------------

    def load_ip_ends(self) -> dict[str, float]:
        """IP -> Unix time its last request ended (or, booked and never ended, by when it must have)."""
        return self._ip_state.load()

    def save_ip_end(self, ip: str, end_unix: float) -> None:
        """Note when a request to `ip` ended; written with the next booking, journal line, or at close."""
        self._ip_state.save(ip, end_unix)

    def book_ip(self, ip: str, start_unix: float, until_unix: float) -> None:
        """Write ahead: a request to `ip` starts now and ends by `until_unix`; durable on return (fsync).

        Blocks for the fsync: call it from a thread, not the event loop.
        """
        self._check_open()
        try:
            self._ip_state.book(ip, start_unix, until_unix)
        except (OSError, sqlite3.Error) as exc:
            raise StoreError(failure_message(exc, self.path, f"book a request to {ip}")) from exc

    # ----- failures and closing --------------------------------------------------------------

    def _check_open(self) -> None:
        if self._closed:
            raise StoreError(f"the store {self.path} was closed; open it again to write.")
        if self._failed is not None:
            raise StoreError(self._failed)

    @contextmanager
    def _writing(self, what: str) -> Iterator[None]:
        """Serialise one record call, turn disk and index failures into StoreError, check the store is still ours."""
        with self._lock:
            self._check_open()
            try:
                yield
            except (OSError, sqlite3.Error) as exc:
                vanished = self._vanished()
                if vanished is not None:  # the cause, whatever error it showed up as
                    self._failed = vanished
                    raise StoreError(vanished) from exc
                message = failure_message(exc, self.path, f"record {what}")
                if isinstance(exc, sqlite3.Error):
                    # The journal line may be durable while the index missed it: stop writing through
                    # this index; the next open catches it up from the journal.
                    self._failed = message
                raise StoreError(message) from exc
            vanished = self._vanished()
            if vanished is not None:
                self._failed = vanished
                raise StoreError(vanished)

    def close(self) -> None:
        """Persist what is pending, close every file and release the writer lock, whatever fails on the way.

        StoreError afterwards when something could not be written, or the store was deleted or replaced.
        """
        errors: list[BaseException] = []
        with self._lock:
            if self._closed:
                return
            self._closed = True
            steps: list[Callable[[], None]] = []
            if self._failed is None and self._damage:
                steps.append(self._append_damage)
            steps += [self._ip_state.close, self._index.close, self._seg_writer.close, self._journal.close,
                      self._links.close, self._close_view]
            for step in steps:
                try:
                    step()
                except (OSError, sqlite3.Error) as exc:
                    errors.append(exc)  # every file is still closed, and the lock released
            vanished = self._vanished() if self._failed is None else None
            self._writer_lock.release()
        if vanished is not None:
            raise StoreError(vanished)
        if errors:
            raise StoreError(failure_message(errors[0], self.path, "close the store")) from errors[0]

    def __enter__(self) -> StoreWriter:
        return self

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if exc is None:
            self.close()
            return
        try:
            self.close()
        except StoreError:
            pass  # the error already on its way out is the one to report
