"""What one journal line means to the store's index: a record of kind, key, host, outcome and body.

Pure: bytes of a `pages.jsonl` or `links.jsonl` line in, a tuple out, None for a damaged or unknown
line (the index skips it, as every reader of the journal does).
"""

from __future__ import annotations

import json
from typing import Any

from seaspider.web.urls import host_of

__all__ = ["DAMAGED_WHAT", "OUTCOMES", "Body", "Record", "journal_record", "links_record", "via_sitemap"]

OUTCOMES = ("fetched", "disallowed", "deferred", "error", "not_modified")
DAMAGED_WHAT = ("page_body", "robots_body", "state")  # what a `damaged` line says was found unusable
Body = tuple[str, int, int, int, int]  # sha256, segment, offset, frame length, decoded length
# kind, URL (the origin for robots), host, outcome, fetched_unix, body
Record = tuple[str, str, str, str | None, float | None, Body | None]


def _body_of(line: dict[str, Any]) -> Body | None:
    sha, seg = line.get("sha256"), line.get("seg")
    if not sha or seg is None:
        return None
    if not isinstance(sha, str):
        raise TypeError(sha)
    return sha, int(seg), int(line["off"]), int(line["len"]), int(line["body_bytes"])


def journal_record(raw: bytes, parsed: dict[str, Any] | None = None) -> Record | None:
    """What the index keeps of one journal line; None when the line is damaged or unknown."""
    try:
        line = json.loads(raw) if parsed is None else parsed
        kind = line["kind"]
        if kind == "page":
            url, outcome = line["url"], line["outcome"]
            if not isinstance(url, str) or outcome not in OUTCOMES:
                return None
            fetched = line.get("fetched_unix")
            return kind, url, host_of(url), outcome, None if fetched is None else float(fetched), _body_of(line)
        if kind in ("intent", "uncertain", "retry"):
            url = line["url"]
            return (kind, url, host_of(url), None, None, None) if isinstance(url, str) else None
        if kind == "robots":
            origin = line["origin"]
            return (kind, origin, host_of(origin), None, None, _body_of(line)) if isinstance(origin, str) else None
        if kind == "damaged":
            what = line["what"]
            key = line["origin"] if what == "robots_body" else line["url"]
            sha, seg = line["sha256"], line["seg"]
            body = (sha, int(seg), int(line["off"]), int(line["len"]), 0) if isinstance(sha, str) and seg is not None else None
            if what not in DAMAGED_WHAT or not isinstance(key, (str, type(None))):
                return None
            return kind, key or "", host_of(key) if key else "", what, None, body
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    return None


def via_sitemap(raw: bytes, parsed: dict[str, Any] | None) -> bool:
    """Whether a page line says a sitemap listed its URL (`extra.via`); a rebuild decodes only lines naming a via."""
    if parsed is None:
        if b'"via"' not in raw:
            return False
        try:
            parsed = json.loads(raw)
        except ValueError:
            return False
    extra = parsed.get("extra") if isinstance(parsed, dict) else None
    return isinstance(extra, dict) and extra.get("via") == "sitemap"


def links_record(raw: bytes) -> str | None:
    """The URL of one links.jsonl line; None when the line is damaged."""
    try:
        url = json.loads(raw)["url"]
    except (ValueError, KeyError, TypeError):
        return None
    return url if isinstance(url, str) else None
