"""The agents' door: an MCP server (the official `mcp` SDK) whose tools speak to a serving Sea Spider.

The socket stays the only way in. Each typed tool call is rendered as one canonical English prompt,
checked with the deputy (`calls.py`) to bind exactly its arguments, and sent over the service's
socket as the configured caller, so the audit trail (requests.jsonl, the ledger) is the same English
for agents as for everyone. This server holds no crawler, store or lock of its own.
"""

from __future__ import annotations

import itertools
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field
from typing_extensions import NotRequired, TypedDict  # pydantic derives schemas from these below Python 3.12

from seaspider import __version__
from seaspider.service.calls import Call, CallRejected, Calls
from seaspider.web.text import DEFAULT_MAX_CHARS, MAX_MAX_CHARS

__all__ = ["DEFAULT_CALLER", "REQUEST_TIMEOUT_S", "FailureOut", "ReportOut", "Sender", "build_mcp", "socket_sender"]

DEFAULT_CALLER = "octopus"
# A robots question may wait up to 15 s for a check (handler.ROBOTS_WAIT_S); every other answer is
# immediate. Beyond this the service is stuck, and the agent hears so rather than waiting forever.
REQUEST_TIMEOUT_S = 60.0
MAX_FETCH_URLS = 16  # the fetch capability's slot takes 1-16 URLs (vocab/deputy.example.json)

Sender = Callable[[dict[str, Any]], dict[str, Any]]  # one request envelope in, the service's reply out

INSTRUCTIONS = """Sea Spider is a polite web downloader (robot MovaBot: robots.txt, at most one request
per IP every 2 s, no private addresses). Fetching is queued: call `fetch`, then `status` until it says
idle, then `read` a page's text (page through long texts with `start` and `max_chars`) or `page` for
what was fetched. `robots` says whether MovaBot may fetch a URL. `read`, `page`, `stats`, `status`
and `robots` never fetch pages. Every call is sent to the service as an English prompt and answered in
English, with the JSON report as structured content; a refusal is a tool error that says why."""


class FailureOut(TypedDict):
    """Why nothing was done: the refusal kind and the clause after «… because»."""

    kind: str
    reason: str


class ReportOut(TypedDict):
    """The structured content of every tool result: the service's report (schemas/reply.schema.json)."""

    id: str | None
    caller: str | None
    plan: dict[str, Any] | None
    results: list[dict[str, Any]]
    failure: FailureOut | None
    followups: list[str]
    replayed: NotRequired[bool]


ToolResult = Annotated[CallToolResult, ReportOut]


def socket_sender(socket_path: Path, *, timeout_s: float = REQUEST_TIMEOUT_S) -> Sender:
    """Sends one envelope over the service's socket; a missing or silent service is one English sentence."""
    from wire.transport import TransportError, request

    def send(envelope: dict[str, Any]) -> dict[str, Any]:
        try:
            reply = request(socket_path, envelope, timeout_s=timeout_s, server_hint="seaspider serve")
        except TransportError as exc:
            raise CallRejected(f"Sea Spider is not answering: {exc}") from exc
        if not isinstance(reply, dict) or not isinstance(reply.get("answer"), str) or not isinstance(reply.get("report"), dict):
            raise CallRejected(f"Sea Spider on {socket_path} sent a reply without an English answer and a report.")
        return reply

    return send


def _error(message: str) -> CallToolResult:
    return CallToolResult(content=[TextContent(type="text", text=message)], is_error=True)


def _failed(report: dict[str, Any]) -> bool:
    """A refusal, or a fetch the queue did not take: the agent must not read it as done."""
    if report.get("failure") is not None:
        return True
    return any(result.get("queued") is False for result in report.get("results") or [])


class _Door:
    """The tools' shared half: make the call, send it, shape the result."""

    def __init__(self, calls: Calls, send: Sender, caller: str) -> None:
        self._calls = calls
        self._send = send
        self._caller = caller
        # Ids are unique across restarts: the ledger answers a repeated id with its recorded reply.
        self._prefix = f"mcp-{secrets.token_hex(8)}"
        self._numbers = itertools.count(1)

    def run(self, make: Callable[[], Call]) -> CallToolResult:
        try:
            call = make()
            reply = self._send({"id": f"{self._prefix}-{next(self._numbers)}", "prompt": call.prompt, "from": self._caller})
        except CallRejected as exc:
            return _error(str(exc))
        report: dict[str, Any] = reply["report"]
        return CallToolResult(
            content=[TextContent(type="text", text=reply["answer"])], structured_content=report, is_error=_failed(report)
        )


def build_mcp(calls: Calls, send: Sender, *, caller: str = DEFAULT_CALLER) -> MCPServer:
    """The MCP server: seven tools, each a call through `calls` and `send` as `caller`."""
    door = _Door(calls, send, caller)
    server: MCPServer = MCPServer(
        name="seaspider", title="Sea Spider", version=__version__, instructions=INSTRUCTIONS, log_level="WARNING",
    )
    looks = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)

    @server.tool(
        title="Fetch pages",
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=True),
    )
    def fetch(
        urls: Annotated[
            list[str],
            Field(min_length=1, max_length=MAX_FETCH_URLS, description="1 to 16 http(s) URLs (or bare host names), one address each"),
        ],
    ) -> ToolResult:
        """Queue pages for a polite fetch (robots.txt honoured, at most one request per IP every 2 s).

        Answers at once with the job id; call `status` until it is idle, then `read` or `page`.
        """
        return door.run(lambda: calls.fetch(urls))

    @server.tool(
        title="May MovaBot fetch it?",
        # It may fetch robots.txt (never a page) when none is stored: an observation of the open web.
        annotations=ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=True),
    )
    def robots(target: Annotated[str, Field(min_length=1, description="a URL or a bare host name (which means https://HOST/)")]) -> ToolResult:
        """Whether robots.txt allows MovaBot to fetch a URL or host, and which rule says so."""
        return door.run(lambda: calls.robots(target))

    @server.tool(title="Store counts", annotations=looks)
    def stats(host: Annotated[str | None, Field(description="count only the pages of this host")] = None) -> ToolResult:
        """How many pages are stored (for all hosts or one), and how many could not be fetched and why."""
        return door.run(lambda: calls.stats(host))

    @server.tool(title="What was fetched", annotations=looks)
    def page(url: Annotated[str, Field(min_length=1, description="the URL as it was fetched")]) -> ToolResult:
        """What was fetched from one URL: when, HTTP status, type, size, title and link count (never fetches)."""
        return door.run(lambda: calls.page(url))

    @server.tool(title="Status", annotations=looks)
    def status() -> ToolResult:
        """What Sea Spider is doing: the running job and its progress, jobs waiting, the last job finished."""
        return door.run(calls.status)

    @server.tool(title="Read a stored page", annotations=looks)
    def read(
        url: Annotated[str, Field(min_length=1, description="the URL as it was fetched")],
        start: Annotated[int, Field(ge=0, description="the first character to give, 0-based (report.results[0].end of the previous span)")] = 0,
        max_chars: Annotated[int, Field(ge=1, le=MAX_MAX_CHARS, description=f"at most this many characters (default {DEFAULT_MAX_CHARS})")] = DEFAULT_MAX_CHARS,
    ) -> ToolResult:
        """The readable text of a stored page (title, headings, paragraphs, lists, table cells, links as [text](url)).

        Reads the store only, never fetches: fetch the page first. The result says total_chars and
        whether there is more; call again with start = end to read on.
        """
        return door.run(lambda: calls.read(url, start=start, max_chars=max_chars))

    @server.tool(
        title="Ask in English",
        annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=True),
    )
    def ask(prompt: Annotated[str, Field(min_length=1, max_length=4000, description="one request in plain English")]) -> ToolResult:
        """Anything the other tools do, in plain English ("Could you download A and B?", "What does A say?").

        Sea Spider reads it with its rule-based reader and acts or refuses; a refusal is a tool error.
        """
        return door.run(lambda: calls.ask(prompt))

    return server
