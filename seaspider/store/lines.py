"""The journal's lines as the writer builds them: page, robots, intent, uncertain, damaged, links.

Pure: values in, dicts out, in the key order of schemas/journal-*.schema.json. Must not write,
read a file or read the clock (the caller passes `recorded_unix`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from seaspider.store.segments import Location
from seaspider.web.records import KEPT_HEADERS, RobotsFetch, Visit

__all__ = [
    "UNCERTAIN_REASON",
    "damaged_line",
    "intent_line",
    "links_line",
    "page_line",
    "robots_line",
    "uncertain_line",
]

UNCERTAIN_REASON = ("the writer stopped after announcing this fetch and before recording its outcome; "
                    "the request may have reached the server")


def page_line(visit: Visit, *, loc: Location | None, sha256: str | None, body_bytes: int,
              chain: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The journal's `page` line for a visit whose body (if any) lies at `loc`; `chain` with its head frames."""
    line: dict[str, Any] = {
        "kind": "page",
        "url": visit.url,
        "final_url": visit.final_url,
        "outcome": str(visit.outcome),
        "status": visit.status,
        "chain": chain if chain is not None else [hop.to_json() for hop in visit.chain],
        # Only the kept headers, in their declared order (the schema refuses any other).
        "headers": {name: visit.headers[name] for name in KEPT_HEADERS if name in visit.headers},
        "content_type": visit.content_type,
        "fetched_unix": visit.fetched_unix,
        "ms": visit.ms,
        "seg": loc.seg if loc else None,
        "off": loc.off if loc else None,
        "len": loc.length if loc else None,
        "body_bytes": body_bytes,
        "truncated": visit.truncated,
        "sha256": sha256,
        "robots": visit.robots.to_json() if visit.robots is not None else None,
        "depth": visit.depth,
        "parent": visit.parent,
        "user_agent": visit.user_agent,
        "reason": visit.reason,
    }
    if visit.encoding_kept:
        line["encoding_kept"] = visit.encoding_kept
    if visit.extra:
        line["extra"] = dict(visit.extra)
    return line


def robots_line(fetch: RobotsFetch, *, loc: Location | None, sha256: str | None, body_bytes: int,
                chain: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The journal's `robots` line for one robots.txt fetch whose body (if stored) lies at `loc`; `chain` with head frames."""
    return {
        "kind": "robots",
        "url": fetch.url,
        "origin": fetch.origin,
        "status": fetch.status,
        "state": str(fetch.state),
        "fetched_unix": fetch.fetched_unix,
        "ip": fetch.ip,
        "chain": chain if chain is not None else [hop.to_json() for hop in fetch.chain],
        "error": fetch.error,
        "seg": loc.seg if loc else None,
        "off": loc.off if loc else None,
        "len": loc.length if loc else None,
        "body_bytes": body_bytes,
        "sha256": sha256,
    }


def intent_line(url: str, *, depth: int, parent: str | None, recorded_unix: float) -> dict[str, Any]:
    """The `intent` line written before a page's first request."""
    return {"kind": "intent", "url": url, "depth": depth, "parent": parent, "recorded_unix": recorded_unix}


def uncertain_line(url: str, *, intent_off: int, recorded_unix: float) -> dict[str, Any]:
    """The `uncertain` line for an intent that never got an outcome."""
    return {"kind": "uncertain", "url": url, "intent_off": intent_off, "recorded_unix": recorded_unix, "reason": UNCERTAIN_REASON}


def damaged_line(
    what: str, *, reason: str, recorded_unix: float, url: str | None = None, origin: str | None = None,
    sha256: str | None = None, loc: Location | None = None,
) -> dict[str, Any]:
    """The `damaged` line: a stored body (page or robots.txt) or the politeness state found unusable."""
    return {
        "kind": "damaged",
        "what": what,
        "url": url,
        "origin": origin,
        "sha256": sha256,
        "seg": loc.seg if loc else None,
        "off": loc.off if loc else None,
        "len": loc.length if loc else None,
        "reason": reason,
        "recorded_unix": recorded_unix,
    }


def links_line(url: str, links: Sequence[dict[str, Any]], *, recorded_unix: float, truncated: bool = False) -> dict[str, Any]:
    """One `links.jsonl` line: the page's links [{url, nofollow}] in page order; marked when cut at the cap."""
    line = {"url": url, "links": [{"url": str(link["url"]), "nofollow": bool(link["nofollow"])} for link in links],
            "recorded_unix": recorded_unix}
    if truncated:
        line["links_truncated"] = True
    return line
