"""`store check`: verifies a whole store from outside its writer, and repairs what can be repaired.

Checks every frame against its sha256, every journal and links line against its schema, the index
against one rebuilt from the journal, and that state.sqlite reads. Holds the writer lock while it
reads; repairs only through a StoreWriter (damaged lines, so the next fetch refetches). Must not
fetch anything or change a line already written.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jsonschema

from seaspider.errors import StoreError
from seaspider.jsonerrors import first_problem
from seaspider.lock import read_holder, try_lock
from seaspider.resources import load_schema
from seaspider.store.files import INDEX, JOURNAL, LINKS, SEG_DIR, STATE, WRITER_LOCK, complete_end_of
from seaspider.store.index import Index, IndexCorrupt, remove_index_files
from seaspider.store.journal import iter_lines
from seaspider.store.segments import DamagedFrame, Location, SegmentReader, segment_path
from seaspider.store.view import bring_up_to_date, open_index

__all__ = [
    "CheckReport",
    "Frame",
    "MAX_PROBLEMS_LISTED",
    "Problem",
    "ProblemKind",
    "SCHEMA_OF_KIND",
    "check",
    "repair",
]

SCHEMA_OF_KIND = {kind: f"journal-{kind}" for kind in ("page", "intent", "robots", "uncertain", "damaged", "retry")}
# The index tables compared with a rebuild (meta holds read marks, which differ by design).
_TABLES = {
    "urls": "SELECT * FROM {db}.urls",
    "bodies": "SELECT * FROM {db}.bodies",
    "host_bodies": "SELECT * FROM {db}.host_bodies",
    "counts": "SELECT * FROM {db}.counts WHERE n != 0",  # a count back at zero may keep its row
    "robots": "SELECT * FROM {db}.robots",
    "pending": "SELECT * FROM {db}.pending",
}
MAX_PROBLEMS_LISTED = 1000  # a store damaged everywhere still gives a readable report; the counts stay exact


class ProblemKind(enum.StrEnum):
    BAD_LINE = "bad_line"  # a pages.jsonl line that is not JSON or does not match its schema
    BAD_LINKS_LINE = "bad_links_line"
    TORN_TAIL = "torn_tail"  # bytes after the last complete line (the next writer cuts them)
    DAMAGED_FRAME = "damaged_frame"  # a frame a line points at is missing, cut, or fails its sha256
    INDEX_MISMATCH = "index_mismatch"  # index.sqlite disagrees with an index rebuilt from the journal
    STATE_UNREADABLE = "state_unreadable"  # state.sqlite cannot be read


@dataclass(frozen=True, slots=True)
class Problem:
    kind: ProblemKind
    where: str  # "pages.jsonl byte 123", "seg/000001.seg byte 0", "index.sqlite table urls"
    message: str

    def to_json(self) -> dict[str, str]:
        return {"kind": str(self.kind), "where": self.where, "message": self.message}


@dataclass(frozen=True, slots=True)
class Frame:
    """One frame as the journal points at it, with the lines that rely on it."""

    loc: Location
    sha256: str
    body_bytes: int


@dataclass
class _Scan:
    lines: int = 0
    links_lines: int = 0
    bad_lines: int = 0
    frames: dict[Location, Frame] = field(default_factory=dict)
    healed: set[tuple[int, int]] = field(default_factory=set)  # frames a damaged line already names
    robots: dict[str, tuple[str, Location | None]] = field(default_factory=dict)  # origin -> (url, latest frame)
    problems: list[Problem] = field(default_factory=list)
    problem_count: int = 0

    def add(self, problem: Problem) -> None:
        self.problem_count += 1
        if len(self.problems) < MAX_PROBLEMS_LISTED:
            self.problems.append(problem)


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What `store check` found (and, with --repair, did): the JSON of schemas/store-check.schema.json."""

    store: str
    lines: int
    links_lines: int
    bad_lines: int
    frames: int
    damaged_frames: int
    healed_frames: int
    index: str  # "agrees" or "disagrees"
    state: str  # "readable", "unreadable" or "missing"
    problems: tuple[Problem, ...]
    problem_count: int
    repaired: tuple[str, ...] = ()
    damaged: tuple[Frame, ...] = ()  # the damaged frames no damaged line names yet (for repair)
    robots: tuple[tuple[str, str, Location | None], ...] = ()  # (origin, url, latest frame) for repair

    @property
    def clean(self) -> bool:
        return self.problem_count == 0

    def to_json(self) -> dict[str, Any]:
        return {
            "store": self.store,
            "clean": self.clean,
            "lines": self.lines,
            "links_lines": self.links_lines,
            "bad_lines": self.bad_lines,
            "frames": self.frames,
            "damaged_frames": self.damaged_frames,
            "healed_frames": self.healed_frames,
            "index": self.index,
            "state": self.state,
            "problem_count": self.problem_count,
            "problems": [p.to_json() for p in self.problems],
            "repaired": list(self.repaired),
        }


@contextmanager
def _held(store: Path) -> Iterator[None]:
    lock = try_lock(store / WRITER_LOCK, "store check", mode=0o644, sync=False)
    if lock is None:
        pid = read_holder(store / WRITER_LOCK).pid
        holder = "another process" if pid is None else f"pid {pid}"
        raise StoreError(f"{store} is open for writing by {holder}; run store check once that run has finished.")
    with lock:
        yield


def check(store: Path) -> CheckReport:
    """Verify the whole store (holding its writer lock, so nothing changes underneath)."""
    with _held(store):
        scan = _Scan()
        _scan_journal(store, scan)
        _scan_links(store, scan)
        damaged = _check_frames(store, scan)
        agrees = _check_index(store, scan)
        state = _check_state(store, scan)
    return CheckReport(
        store=str(store), lines=scan.lines, links_lines=scan.links_lines, bad_lines=scan.bad_lines, frames=len(scan.frames),
        damaged_frames=len(damaged), healed_frames=sum(1 for f in scan.frames.values() if (f.loc.seg, f.loc.off) in scan.healed),
        index="agrees" if agrees else "disagrees", state=state, problems=tuple(scan.problems), problem_count=scan.problem_count,
        damaged=tuple(damaged), robots=tuple((origin, url, loc) for origin, (url, loc) in scan.robots.items()),
    )


def _validators() -> dict[str, jsonschema.protocols.Validator]:
    return {kind: jsonschema.Draft202012Validator(load_schema(name)) for kind, name in SCHEMA_OF_KIND.items()}


def _scan_journal(store: Path, scan: _Scan) -> None:
    validators = _validators()
    path = store / JOURNAL
    for off, raw in iter_lines(path):
        scan.lines += 1
        where = f"{JOURNAL} byte {off}"
        try:
            line = json.loads(raw)
        except ValueError:
            scan.bad_lines += 1
            scan.add(Problem(ProblemKind.BAD_LINE, where, f"{where} is not a JSON line; the index skips it."))
            continue
        kind = line.get("kind") if isinstance(line, dict) else None
        validator = validators.get(kind) if isinstance(kind, str) else None
        if validator is None:
            scan.bad_lines += 1
            scan.add(Problem(ProblemKind.BAD_LINE, where, f"{where} is not a journal line of a known kind; the index skips it."))
            continue
        problem = first_problem(validator, line, whole="the line")
        if problem is not None:
            scan.bad_lines += 1
            scan.add(Problem(ProblemKind.BAD_LINE, where, f"{where} does not match the {line['kind']} schema ({problem})."))
            continue
        _note_frames(line, scan)
    torn = (path.stat().st_size if path.exists() else 0) - complete_end_of(path)
    if torn:
        scan.add(Problem(ProblemKind.TORN_TAIL, f"{JOURNAL} end",
                         f"{JOURNAL} ends with {torn} bytes of a line never completed; the next writer (or --repair) cuts them."))


def _note_frames(line: dict[str, Any], scan: _Scan) -> None:
    kind = line["kind"]
    loc = Location(line["seg"], line["off"], line["len"]) if line.get("seg") is not None and line.get("sha256") else None
    if kind in ("page", "robots") and loc is not None:
        scan.frames.setdefault(loc, Frame(loc, line["sha256"], line["body_bytes"]))
    if kind == "robots":
        scan.robots[line["origin"]] = (line["url"], loc)
    elif kind == "damaged" and loc is not None:
        scan.healed.add((loc.seg, loc.off))


def _scan_links(store: Path, scan: _Scan) -> None:
    validator = jsonschema.Draft202012Validator(load_schema("links-line"))
    path = store / LINKS
    if not path.exists():
        return
    for off, raw in iter_lines(path):
        scan.links_lines += 1
        where = f"{LINKS} byte {off}"
        try:
            problem = first_problem(validator, json.loads(raw), whole="the line")
        except ValueError:
            problem = "not JSON"
        if problem is not None:
            scan.add(Problem(ProblemKind.BAD_LINKS_LINE, where, f"{where} is not a valid links line ({problem}); the index skips it."))
    torn = path.stat().st_size - complete_end_of(path)
    if torn:
        scan.add(Problem(ProblemKind.TORN_TAIL, f"{LINKS} end",
                         f"{LINKS} ends with {torn} bytes of a line never completed; the next writer (or --repair) cuts them."))


def _check_frames(store: Path, scan: _Scan) -> list[Frame]:
    """Decode every frame a line points at and compare its sha256; the damaged ones no damaged line names."""
    reader = SegmentReader(store / SEG_DIR)
    damaged: list[Frame] = []
    try:
        for loc in sorted(scan.frames, key=lambda loc: (loc.seg, loc.off)):  # in file order
            frame = scan.frames[loc]
            try:
                body = reader.body(loc, raw_bytes=frame.body_bytes)
                why = None if hashlib.sha256(body).hexdigest() == frame.sha256 else (
                    f"{segment_path(store / SEG_DIR, loc.seg)}: the body at byte {loc.off} does not match its sha256.")
            except DamagedFrame as exc:
                why = str(exc)
            if why is None or (loc.seg, loc.off) in scan.healed:
                continue  # intact, or already known and healed (its records are fetched again)
            damaged.append(frame)
            scan.add(Problem(ProblemKind.DAMAGED_FRAME, f"{SEG_DIR}/{loc.seg:06d}.seg byte {loc.off}",
                             f"{why} --repair marks the records that rely on it damaged, and the next fetch gets them again."))
    finally:
        reader.close()
    return damaged


def _check_index(store: Path, scan: _Scan) -> bool:
    """The store's index (brought up to date, as any opening does) equals one rebuilt from the journal."""
    try:
        index = open_index(store)
        try:
            bring_up_to_date(index)
        except IndexCorrupt:
            index = open_index(store)
            bring_up_to_date(index)
        index.close()
    except (sqlite3.Error, IndexCorrupt, StoreError) as exc:
        scan.add(Problem(ProblemKind.INDEX_MISMATCH, INDEX, f"{store / INDEX} cannot be brought up to date ({exc}); --repair builds it again."))
        return False
    scratch = tempfile.mkdtemp(prefix="seaspider-check-")
    try:
        fresh = Index(Path(scratch) / INDEX, journal=store / JOURNAL, links=store / LINKS)
        fresh.catch_up()
        fresh.close()
        db = sqlite3.connect(f"file:{store / INDEX}?mode=ro", uri=True)
        try:
            db.execute("ATTACH DATABASE ? AS fresh", (f"file:{Path(scratch) / INDEX}?mode=ro",))
            differ = []
            for table, select in _TABLES.items():
                ours, theirs = select.format(db="main"), select.format(db="fresh")
                n = db.execute(f"SELECT count(*) FROM ({ours} EXCEPT {theirs})").fetchone()[0]  # noqa: S608 - fixed names
                n += db.execute(f"SELECT count(*) FROM ({theirs} EXCEPT {ours})").fetchone()[0]  # noqa: S608
                if n:
                    differ.append(f"{table} ({n} rows)")
        finally:
            db.close()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if differ:
        scan.add(Problem(ProblemKind.INDEX_MISMATCH, INDEX,
                         f"{store / INDEX} disagrees with the journal in {', '.join(differ)}; --repair builds it again."))
    return not differ


def _check_state(store: Path, scan: _Scan) -> str:
    path = store / STATE
    if not path.exists():
        return "missing"
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            db.execute("SELECT count(*) FROM ip_end").fetchone()
        finally:
            db.close()
    except sqlite3.Error as exc:
        scan.add(Problem(ProblemKind.STATE_UNREADABLE, STATE,
                         f"{path} cannot be read ({exc}); --repair (or the next fetch) rebuilds it from the journal."))
        return "unreadable"
    return "readable"


def repair(store: Path, report: CheckReport, *, notice: Callable[[str], None]) -> CheckReport:
    """Repair what `report` found, through a StoreWriter; returns the report with what was done."""
    from seaspider.store.writer import DamagedRecord, StoreWriter

    done: list[str] = []
    if report.index == "disagrees":
        with _held(store):
            remove_index_files(store / INDEX)
        done.append(f"rebuilt {INDEX} from the journal")
    kinds = {p.kind for p in report.problems}
    with StoreWriter.open(store, notice=notice) as writer:  # opening cuts torn tails and rebuilds state.sqlite
        if ProblemKind.TORN_TAIL in kinds:
            done.append("cut the torn tail a crash left")
        if report.state == "unreadable":
            done.append(f"rebuilt {STATE} from the journal")
        records = [
            DamagedRecord(frame.loc, frame.sha256, frame.body_bytes,
                          reason=f"store check found the frame at {SEG_DIR}/{frame.loc.seg:06d}.seg byte {frame.loc.off} damaged",
                          robots=tuple((origin, url) for origin, url, loc in report.robots if loc == frame.loc))
            for frame in report.damaged
        ]
        pages, robots = writer.mark_damaged(records)
        if records:
            done.append(f"marked {len(records)} damaged frames: {pages} URLs and {robots} robots.txt files are fetched again next time")
    return dataclasses.replace(report, repaired=tuple(done))
