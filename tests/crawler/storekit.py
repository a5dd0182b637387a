"""Helpers for the store tests: visits to record, and a full independent check of a store on disk."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import jsonschema
import zstandard

from seaspider.resources import load_schema
from seaspider.web.records import Hop, Outcome, RobotsSource, RobotsVerdict, Visit

SCHEMA_OF_KIND = {
    "page": "journal-page",
    "intent": "journal-intent",
    "robots": "journal-robots",
    "uncertain": "journal-uncertain",
    "damaged": "journal-damaged",
    "retry": "journal-retry",
}


def html(n: int, size: int = 2000) -> bytes:
    """A small HTML body that differs with `n`."""
    text = f"<html><head><title>Page {n}</title></head><body>"
    filler = " ".join(f"word{(n * 7 + i) % 97}" for i in range(size // 6))
    return (text + filler + "</body></html>").encode()[:size]


def visit(
    url: str,
    body: bytes = b"",
    *,
    outcome: Outcome = Outcome.FETCHED,
    status: int | None = 200,
    fetched_unix: float = 1_790_000_000.0,
    headers: dict[str, str] | None = None,
    sha256: str | None = None,
    reason: str | None = None,
) -> Visit:
    """A Visit as the fetcher would make it."""
    verdict = RobotsVerdict(
        url=url.split("/", 3)[0] + "//" + url.split("/", 3)[2] + "/robots.txt",
        source=RobotsSource.FETCHED,
        status=200,
        allowed=outcome != Outcome.DISALLOWED,
        group="*",
        rule="Disallow: /private" if outcome == Outcome.DISALLOWED else None,
        line=2 if outcome == Outcome.DISALLOWED else None,
    )
    fetched = outcome in (Outcome.FETCHED, Outcome.ERROR) or bool(body)
    return Visit(
        url=url,
        final_url=url,
        outcome=outcome,
        status=status,
        chain=(Hop(url=url, status=status, ip="127.0.0.1"),) if status is not None else (),
        headers=headers if headers is not None else {"content-type": "text/html; charset=utf-8"},
        content_type="text/html",
        body=body,
        truncated=False,
        sha256=sha256 if sha256 is not None else (hashlib.sha256(body).hexdigest() if fetched else None),
        robots=verdict,
        ms=12,
        fetched_unix=fetched_unix,
        reason=reason,
        user_agent="MovaBot/0.1.0 (+https://example.invalid/movabot)",
    )


def read_lines(path: Path, *, allow_torn_tail: bool = False) -> list[tuple[int, dict[str, Any]]]:
    """(offset, parsed line) of every line; fails on a line that is not complete JSON.

    With `allow_torn_tail`, bytes after the last newline (a write cut short) are ignored.
    """
    data = path.read_bytes()
    if allow_torn_tail:
        data = data[: data.rfind(b"\n") + 1]
    assert data == b"" or data.endswith(b"\n"), f"{path.name} ends with a torn line"
    out = []
    off = 0
    for raw in data.splitlines(keepends=True):
        out.append((off, json.loads(raw)))
        off += len(raw)
    return out


def check_store(store: Path, *, allow_torn_tail: bool = False) -> list[dict[str, Any]]:
    """Every journal line parses and validates; every referenced body decompresses and matches its sha256.

    Reads the files directly (no store code), so it also catches bugs in the store's own reader.
    Returns the journal lines.
    """
    lines = [line for _, line in read_lines(store / "pages.jsonl", allow_torn_tail=allow_torn_tail)]
    validators = {kind: jsonschema.Draft202012Validator(load_schema(name)) for kind, name in SCHEMA_OF_KIND.items()}
    dctx = zstandard.ZstdDecompressor()
    for line in lines:
        errors = list(validators[line["kind"]].iter_errors(line))
        assert not errors, f"{line} does not validate: {errors[0].message}"
        if line["kind"] in ("page", "robots") and line["seg"] is not None:
            seg = store / "seg" / f"{line['seg']:06d}.seg"
            assert seg.exists(), f"{seg} is missing for {line['url']}"
            with open(seg, "rb") as f:
                f.seek(line["off"])
                frame = f.read(line["len"])
            assert len(frame) == line["len"], f"{seg} is shorter than the journal says for {line['url']}"
            body = dctx.decompress(frame, max_output_size=max(1, line["body_bytes"]))
            assert hashlib.sha256(body).hexdigest() == line["sha256"], f"body of {line['url']} does not match its sha256"
            assert len(body) == line["body_bytes"]
    links_validator = jsonschema.Draft202012Validator(load_schema("links-line"))
    for _, line in read_lines(store / "links.jsonl", allow_torn_tail=allow_torn_tail):
        errors = list(links_validator.iter_errors(line))
        assert not errors, f"{line} does not validate: {errors[0].message}"
    return lines


def naive_stats(store: Path, host: str | None = None) -> dict[str, Any]:
    """The counting part of `stats`, by a plain scan of the journal and links files."""
    from urllib.parse import urlsplit

    def host_of(url: str) -> str:
        return urlsplit(url).hostname or ""

    lines = [line for _, line in read_lines(store / "pages.jsonl", allow_torn_tail=True)]
    links = [line for _, line in read_lines(store / "links.jsonl", allow_torn_tail=True)]

    def mine(line: dict[str, Any]) -> bool:
        return host is None or host_of(line["origin"] if line["kind"] == "robots" else line["url"]) == host

    kinds = {k: sum(1 for x in lines if x["kind"] == k and mine(x)) for k in ("robots", "intent", "page", "uncertain", "retry")}
    latest: dict[str, str] = {}
    page_lines = dict.fromkeys(("fetched", "disallowed", "deferred", "error", "not_modified"), 0)
    bodies: dict[str, tuple[int, int]] = {}
    for x in lines:
        if not mine(x):
            continue
        if x["kind"] == "page":
            latest[x["url"]] = x["outcome"]
            page_lines[x["outcome"]] += 1
        if x["kind"] in ("page", "robots") and x["seg"] is not None:
            bodies[x["sha256"]] = (x["body_bytes"], x["len"])
    pages = dict.fromkeys(page_lines, 0)
    for outcome in latest.values():
        pages[outcome] += 1
    hosts = {host_of(x["origin"] if x["kind"] == "robots" else x["url"]) for x in lines} | {host_of(x["url"]) for x in links}
    raw = sum(b[0] for b in bodies.values())
    compressed = sum(b[1] for b in bodies.values())
    return {
        "lines": kinds,
        "links_lines": sum(1 for x in links if host is None or host_of(x["url"]) == host),
        "urls": len(latest),
        "pages": pages,
        "page_lines": page_lines,
        "hosts": len(hosts) if host is None else int(host in hosts),
        "bodies": len(bodies),
        "bytes_raw": raw,
        "bytes_compressed": compressed,
    }
