"""Typed calls as English: each MCP tool call becomes one canonical prompt ("Please fetch A and B."),
and the deputy must read that prompt as exactly the call's own arguments before it may be sent.

So an agent's typed call enters Sea Spider the way every caller's English does, and an argument
that smuggles in more ("https://a.example/ and https://evil.example/") is caught here, before
anything is sent. Knows no sockets and no MCP: prompts and plans in, a Call or CallRejected out.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from deputy import Plan, Refusal, SlotRejected
from seaspider.service.spans import Span, SpanError, parse_span, span_phrase

__all__ = ["Call", "CallRejected", "Calls", "ReaderLike"]

READ_CACHE_SIZE = 4096  # the deputy is deterministic: an agent's repeated call (status polling) is parsed once


class ReaderLike(Protocol):
    """The deputy (deputy.Deputy): one prompt in, a Plan or a Refusal out."""

    def read(self, prompt: str) -> Plan | Refusal: ...


class CallRejected(Exception):
    """A typed call that was not sent; the message is one English sentence saying why."""


@dataclass(frozen=True, slots=True)
class Call:
    """A checked call: the prompt to send and the operation and arguments the reader bound in it."""

    tool: str
    prompt: str
    operation: str | None  # None for `ask`: free English is read by the service alone
    args: Mapping[str, Any]


def _join(items: Sequence[str]) -> str:
    """"A", "A and B", "A, B and C": the list shape the reader takes apart again."""
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _clean(value: str) -> str:
    return value.strip()


class Calls:
    """Renders typed calls as canonical English and checks them with the deputy.

    `url` and `host` are the deputy's own slot checkers, used to put the given arguments in the
    canonical form the reader binds; the comparison is then exact. The deputy is not documented as
    thread-safe, so reads are serialised; they are remembered per prompt text, as the service does.
    """

    def __init__(self, reader: ReaderLike, *, url: Callable[[str], str], host: Callable[[str], str]) -> None:
        self._reader = reader
        self._url = url
        self._host = host
        self._lock = threading.Lock()
        self._read: OrderedDict[str, Plan | Refusal] = OrderedDict()

    def fetch(self, urls: Sequence[str]) -> Call:
        given = [_clean(u) for u in urls]
        expected = {"urls": list(dict.fromkeys(self._canonical(self._url, u) for u in given))}
        return self._checked("fetch", f"Please fetch {_join(given)}.", "fetch", expected)

    def robots(self, target: str) -> Call:
        given = _clean(target)
        return self._checked("robots", f"Are we allowed to fetch {given}?", "robots", {"target": self._canonical(self._url, given)})

    def stats(self, host: str | None = None) -> Call:
        if host is None or not host.strip():
            return self._checked("stats", "How many pages have you stored?", "stats", {})
        given = _clean(host)
        expected = {"host": self._canonical(self._host, given)}
        return self._checked("stats", f"How many pages have you stored from {given}?", "stats", expected)

    def page(self, url: str) -> Call:
        given = _clean(url)
        return self._checked("page", f"What did you get from {given}?", "page", {"url": self._canonical(self._url, given)})

    def status(self) -> Call:
        return self._checked("status", "What is the status of the current run?", "status", {})

    def read(self, url: str, *, start: int = 0, max_chars: int | None = None) -> Call:
        given = _clean(url)
        try:
            span = Span(start) if max_chars is None else Span(start, max_chars)
        except SpanError as exc:
            raise CallRejected(f"I did not send this call because {exc}.") from exc
        phrase = span_phrase(span)
        prompt = f"Show me the text of {given}." if phrase is None else f"Show me the text of {given}, “{phrase}”."
        expected: dict[str, Any] = {"url": self._canonical(self._url, given)}
        if phrase is not None:
            expected["span"] = phrase
        return self._checked("read", prompt, "read", expected)

    def ask(self, prompt: str) -> Call:
        """Free English: sent as written; the service's own reader decides (and refuses) as for anyone."""
        text = prompt.strip()
        if not text:
            raise CallRejected("I did not send this call because the prompt is empty; write the request in English.")
        return Call(tool="ask", prompt=text, operation=None, args={})

    # -- the check ---------------------------------------------------------------------------------

    def _canonical(self, check: Callable[[str], str], value: str) -> str:
        try:
            return check(value)
        except SlotRejected as exc:
            raise CallRejected(f"I did not send this call because {exc.reason}.") from exc

    def _checked(self, tool: str, prompt: str, operation: str, expected: Mapping[str, Any]) -> Call:
        """The call, once the deputy reads `prompt` as exactly `operation` with `expected`; else CallRejected."""
        with self._lock:
            result = self._read.get(prompt)
            if result is None:
                result = self._read[prompt] = self._reader.read(prompt)
                if len(self._read) > READ_CACHE_SIZE:
                    self._read.popitem(last=False)
            else:
                self._read.move_to_end(prompt)
        if isinstance(result, Refusal):
            raise CallRejected(f"I did not send this call because its English, «{prompt}», is refused: {result.reason}.")
        bound = result.json_args()
        if result.operation != operation or not _same(bound, expected):
            raise CallRejected(
                f"I did not send this call because its English, «{prompt}», reads as {result.operation} {_show(bound)}"
                f" rather than exactly {operation} {_show(expected)}; check that each argument is one address."
            )
        return Call(tool=tool, prompt=prompt, operation=operation, args=dict(bound))


def _same(bound: Mapping[str, Any], expected: Mapping[str, Any]) -> bool:
    """Exact equality, except that a span is compared by the characters it names."""
    if set(bound) != set(expected):
        return False
    for key, want in expected.items():
        got = bound[key]
        if key == "span":
            try:
                if parse_span(got) != parse_span(want):
                    return False
            except SpanError:
                return False
        elif got != want:
            return False
    return True


def _show(args: Mapping[str, Any]) -> str:
    if not args:
        return "with no arguments"
    return "with " + ", ".join(f"{key} {value!r}" for key, value in args.items())
