"""Redaction of prompts for sharing a review queue: each address keeps its scheme and host, and loses
its user information, path, query and fragment (where tokens, names and secrets travel).

Pure text work over deputy.protect: it finds addresses the way the reader does, so what the reader
saw as an address is what gets redacted.
"""

from __future__ import annotations

import re

from deputy.protect import ItemKind, protect

__all__ = ["REDACTED", "redact", "redact_address"]

REDACTED = "…"
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]{0,15}:(?://)?)")


def redact_address(address: str) -> str:
    """`https://user:pw@a.example:8080/p?q#f` → `https://a.example:8080/…`; a bare `a.example` stays."""
    scheme_match = _SCHEME.match(address)
    scheme = scheme_match.group(1) if scheme_match else ""
    rest = address[len(scheme):]
    if scheme and not scheme.endswith("//"):
        return scheme + REDACTED  # mailto:, data:, javascript: … — everything after the scheme is content
    cut = min((i for i in (rest.find(c) for c in "/?#") if i >= 0), default=len(rest))
    authority, tail = rest[:cut], rest[cut:]
    authority = authority.rsplit("@", 1)[-1]
    if tail in ("", "/"):
        return scheme + authority + tail
    return scheme + authority + "/" + REDACTED


def redact(prompt: str) -> str:
    """The prompt with every address redacted (markdown link texts too); the words are kept as written."""
    protected = protect(prompt)
    out: list[str] = []
    at = 0
    for item in protected.items:
        if item.kind is not ItemKind.ADDRESS:
            continue
        source = prompt[item.start:item.end]
        shown = source.replace(item.text, redact_address(item.text), 1)
        if item.link_text:
            shown = shown.replace(f"[{item.link_text}]", f"[{redact(item.link_text)}]", 1)
        out.append(prompt[at:item.start] + shown)
        at = item.end
    out.append(prompt[at:])
    return "".join(out)
