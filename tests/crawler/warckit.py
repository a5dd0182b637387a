"""Helpers for the WARC tests: read archives back with warcio (the reference reader), run `warcio check`."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from warcio.archiveiterator import ArchiveIterator


@dataclass(frozen=True)
class Rec:
    """One record as warcio reads it back."""

    type: str
    fields: list[tuple[str, str]]  # WARC header fields in order
    block: bytes  # the whole block, byte for byte (HTTP head and payload)
    payload: bytes  # the payload as a replay tool sees it (content-encoding decoded by warcio)
    http: list[tuple[str, str]] | None  # HTTP header fields in order, or None
    status: str | None  # HTTP status line ("200 OK") or request line ("GET /")
    file: str

    def get(self, name: str) -> str | None:
        for key, value in self.fields:
            if key.lower() == name.lower():
                return value
        return None


def records(*paths: Path) -> list[Rec]:
    """Every record of the WARC files, in order."""
    out = []
    for path in paths:
        with open(path, "rb") as f:
            blocks = [r.raw_stream.read() for r in ArchiveIterator(f, no_record_parse=True)]
        with open(path, "rb") as f:
            for block, r in zip(blocks, ArchiveIterator(f), strict=True):
                payload = r.content_stream().read()
                http = list(r.http_headers.headers) if r.http_headers is not None else None
                status = r.http_headers.statusline if r.http_headers is not None else None
                out.append(Rec(r.rec_type, list(r.rec_headers.headers), block, payload, http, status, path.name))
    return out


def warcio_check(*paths: Path) -> subprocess.CompletedProcess[str]:
    """`warcio check -v` on the files (the reference checker: framing, gzip members, digests)."""
    return subprocess.run([sys.executable, "-m", "warcio.cli", "check", "-v", *map(str, paths)],
                          capture_output=True, text=True, timeout=120)


def unrename(http: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """HTTP fields with the `X-Orig-` prefix taken off again: what the server sent."""
    return [(name[len("X-Orig-"):] if name.startswith("X-Orig-") else name, value) for name, value in http]


def sent_fields(head: bytes) -> list[tuple[str, str]]:
    """The header fields of a raw HTTP head, in order, names as sent, values trimmed (as warcio parses them)."""
    lines = head.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return [(name, value.strip()) for name, _, value in (line.partition(":") for line in lines)]
