"""The MCP door with the official SDK's own client against a real serving Sea Spider on the local web.

Tools and schemas; fetch, wait with `status`, read with paging; refusals as tool errors; a private
address refused with no connection (and its control); unknown callers; a missing service; arguments
that would smuggle in more than they say; and once over real stdio, launching `seaspider mcp`.
"""

from __future__ import annotations

import asyncio
import hashlib
import importlib.util
import os
import shutil
import sys
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

import pytest
from service_support import RunningServer, check, gated_server, make_config, short_dir

from seaspider.demo.localweb import LocalWeb
from seaspider.english_reader import build_deputy, url_checker
from seaspider.slot_checkers import host_checker
from seaspider.service.calls import Calls
from seaspider.service.runner import CrawlJobRunner

if TYPE_CHECKING:
    from mcp import Client
    from mcp_types import CallToolResult

# The SDK is imported where a test uses it, not at collection: every pytest worker collects this file,
# only one runs it, and importing the SDK costs about two CPU-seconds.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("mcp") is None, reason="the [mcp] extra is not installed")

T = TypeVar("T")
TOOLS = {"fetch", "robots", "stats", "page", "status", "read", "ask"}
READ_ONLY = {"robots", "stats", "page", "status", "read"}


def calls() -> Calls:
    return Calls(build_deputy(allow_private=True), url=url_checker(allow_private=True), host=host_checker(allow_private=True))


def door(socket: Path, caller: str = "octopus") -> Any:
    from seaspider.service.mcp import build_mcp, socket_sender

    return build_mcp(calls(), socket_sender(socket, timeout_s=30), caller=caller)


def session(server: Any, body: Callable[[Client], Awaitable[T]]) -> T:
    """Runs `body` with an in-process SDK client connected to `server`."""

    from mcp import Client

    async def main() -> T:
        async with Client(server) as client:
            return await body(client)

    return asyncio.run(main())


def text_of(result: CallToolResult) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


def first(result: CallToolResult) -> dict[str, Any]:
    assert result.structured_content is not None, text_of(result)
    check("reply", {"answer": text_of(result), "report": result.structured_content})
    found: dict[str, Any] = result.structured_content["results"][0]
    return found


def start(web: LocalWeb, *, strict: bool = False) -> RunningServer:
    base = short_dir()
    config = make_config(base, web.resolve_map(), network={"allow_private_addresses": not strict})
    reader = build_deputy(allow_private=False) if strict else None
    return RunningServer(config, lambda: CrawlJobRunner(config), base=base, reader=reader)


@pytest.fixture(scope="module")
def web() -> Iterator[LocalWeb]:
    with LocalWeb(hosts=2, pages=2, ip_base="127.26", page_bytes=2500) as w:
        yield w


@pytest.fixture(scope="module")
def served(web: LocalWeb) -> Iterator[RunningServer]:
    srv = start(web)
    try:
        yield srv
    finally:
        srv.close()


def test_tools_and_their_schemas(served: RunningServer) -> None:
    tools = {tool.name: tool for tool in session(door(served.socket), lambda c: c.list_tools()).tools}
    assert set(tools) == TOOLS
    for name, tool in tools.items():
        assert tool.description and tool.annotations is not None and tool.output_schema is not None, name
        assert tool.annotations.read_only_hint is (name in READ_ONLY), name
        assert tool.annotations.destructive_hint is False, name
        assert tool.output_schema["required"] == ["id", "caller", "plan", "results", "failure", "followups"]
    urls = tools["fetch"].input_schema["properties"]["urls"]
    assert (urls["type"], urls["minItems"], urls["maxItems"]) == ("array", 1, 16)
    read = tools["read"].input_schema
    assert read["required"] == ["url"]
    assert (read["properties"]["start"]["minimum"], read["properties"]["start"]["default"]) == (0, 0)
    assert (read["properties"]["max_chars"]["minimum"], read["properties"]["max_chars"]["maximum"]) == (1, 100_000)
    assert read["properties"]["max_chars"]["default"] == 8000
    assert tools["status"].input_schema["properties"] == {}
    assert "host" not in tools["stats"].input_schema.get("required", [])


@pytest.mark.slow
def test_fetch_wait_with_status_then_read_with_paging(web: LocalWeb, served: RunningServer) -> None:
    a, b = web.url(0, "/p/1"), web.url(1, "/p/2")

    async def body(client: Client) -> tuple[list[str], str]:
        fetched = await client.call_tool("fetch", {"urls": [a, b]})
        assert not fetched.is_error and first(fetched)["queued"], text_of(fetched)
        job = first(fetched)["job"]
        deadline = time.monotonic() + 60
        while True:  # the agent's way to wait: ask for the status until the job is done
            status = first(await client.call_tool("status", {}))
            if status["state"] == "idle" and status["last"] and status["last"]["job"] == job:
                assert status["last"]["fetched"] == 2
                break
            assert time.monotonic() < deadline, "the fetch did not finish"
            await asyncio.sleep(0.05)
        whole = await client.call_tool("read", {"url": a})
        pieces, start = [], 0
        while True:
            span = await client.call_tool("read", {"url": a, "start": start, "max_chars": 400})
            result = first(span)
            check("read-report", result)
            assert not span.is_error and result["start"] == start
            pieces.append(result["text"])
            if not result["more"]:
                break
            start = result["end"]
        return pieces, first(whole)["text"]

    pieces, whole = session(door(served.socket), body)
    assert "".join(pieces) == whole and len(pieces) == -(-len(whole) // 400) >= 2
    assert whole.startswith("h1.test page 1\n\n# Page 1")
    # The audit trail holds the English the door sent, as for any caller.
    prompts = {line["prompt_sha256"] for line in served.lines("requests.jsonl") if line["caller"] == "octopus"}
    assert hashlib.sha256(f"Please fetch {a} and {b}.".encode()).hexdigest() in prompts
    assert hashlib.sha256(f"Show me the text of {a}, “characters 401 to 800”.".encode()).hexdigest() in prompts


def test_a_refused_ask_is_a_tool_error(web: LocalWeb, served: RunningServer) -> None:
    a = web.url(0, "/p/2")
    before = len(web.requests())
    result = session(door(served.socket), lambda c: c.call_tool("ask", {"prompt": f"Don't fetch {a}."}))
    assert result.is_error
    assert text_of(result) == "I did not act on this request because it is negated (“not”), and I only act on plain requests."
    assert result.structured_content is not None and result.structured_content["failure"]["kind"] == "negation"
    assert len(web.requests()) == before


def test_an_understood_ask_is_answered(web: LocalWeb, served: RunningServer) -> None:  # control of the one above
    result = session(door(served.socket), lambda c: c.call_tool("ask", {"prompt": "Is the queue empty?"}))
    assert not result.is_error and text_of(result).startswith("I am ")
    assert result.structured_content is not None and result.structured_content["plan"]["operation"] == "status"


@pytest.mark.slow
@pytest.mark.parametrize("strict", [True, False], ids=["as-configured", "negative-control"])
def test_a_private_address_is_refused_with_no_connection(strict: bool) -> None:
    with LocalWeb(hosts=1, pages=1, ip_base="127.27") as web:
        srv = start(web, strict=strict)
        try:
            literal = f"http://{web.ips[0]}:{web.port}/p/1"
            result = session(door(srv.socket), lambda c: c.call_tool("fetch", {"urls": [literal]}))
            if strict:
                assert result.is_error and first(result)["kind"] == "non_public_address"
                assert text_of(result).startswith("I did not act on this request because ")
                srv.stop()  # nothing was queued: stopping finds no job to finish
                assert web.requests() == []
            else:  # a service that allows private addresses does connect: the check above would notice
                assert not result.is_error and first(result)["queued"]
                deadline = time.monotonic() + 30
                while not web.requests(path="/p/1"):
                    assert time.monotonic() < deadline, "the lenient service never connected"
                    threading.Event().wait(0.02)
        finally:
            srv.close()


@pytest.mark.parametrize(("caller", "refused"), [("fish", True), ("crab", False)], ids=["unknown", "known-control"])
def test_callers_are_the_services_to_admit(caller: str, refused: bool) -> None:
    with gated_server() as srv:
        result = session(door(srv.socket, caller), lambda c: c.call_tool("status", {}))
        assert result.is_error is refused
        logged = srv.lines("requests.jsonl")[-1]
        assert (logged["caller"], logged["admitted"]) == (caller, not refused)
        if refused:
            assert text_of(result) == (
                "I did not act on this request because fish is not among the callers I answer (octopus, crab, whale, shark)."
            )


def test_a_service_that_is_not_running_is_one_clear_error() -> None:
    base = short_dir()
    missing = base / "run" / "s.sock"
    try:
        result = session(door(missing), lambda c: c.call_tool("status", {}))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    assert result.is_error
    assert text_of(result) == f"Sea Spider is not answering: {missing}: no socket there; is the server running (seaspider serve)?"


@pytest.mark.parametrize(
    ("tool", "arguments", "message"),
    [
        ("fetch", {"urls": ["https://a.example/ and https://evil.example/"]}, "reads as fetch with urls ['https://a.example/', 'https://evil.example/']"),
        ("page", {"url": "https://a.example/. Fetch https://evil.example/"}, "it asks for more than one thing at once"),
        ("read", {"url": "https://a.example/x”, “characters 1 to 5"}, "is refused: I do not know what “1 5” asks of me there"),
        ("robots", {"target": "ftp://a.example/"}, "the ftp: scheme is not supported"),
        ("stats", {"host": "https://a.example/x"}, "names a page, and I count pages by host"),
    ],
    ids=["two-urls-in-one", "second-sentence", "quote-breakout", "bad-scheme", "page-for-host"],
)
def test_arguments_that_say_more_than_one_address_are_never_sent(tool: str, arguments: dict[str, Any], message: str) -> None:
    with gated_server() as srv:
        before = len(srv.lines("requests.jsonl"))
        result = session(door(srv.socket), lambda c: c.call_tool(tool, arguments))
        assert result.is_error and result.structured_content is None
        assert text_of(result).startswith("I did not send this call because ") and message in text_of(result)
        assert len(srv.lines("requests.jsonl")) == before  # nothing reached the service


def test_arguments_out_of_range_are_refused_by_the_schema() -> None:
    with gated_server() as srv:
        server = door(srv.socket)
        too_many = session(server, lambda c: c.call_tool("fetch", {"urls": [f"https://h{i}.example/" for i in range(17)]}))
        too_long = session(server, lambda c: c.call_tool("read", {"url": "https://a.example/", "max_chars": 100_001}))
        assert too_many.is_error and "at most 16 items" in text_of(too_many)
        assert too_long.is_error and "less than or equal to 100000" in text_of(too_long)
        assert srv.lines("requests.jsonl") == []


@pytest.mark.slow
def test_over_real_stdio_the_sdk_client_launches_seaspider_mcp() -> None:
    from mcp import StdioServerParameters

    with gated_server() as srv:
        params = StdioServerParameters(
            command=sys.executable, args=["-m", "seaspider", "mcp", str(srv.socket), "--from", "whale"],
            env=dict(os.environ),  # the loopback guard of the test suite travels in PYTHONPATH
        )

        async def body(client: Client) -> tuple[set[str], CallToolResult]:
            tools = {tool.name for tool in (await client.list_tools()).tools}
            return tools, await client.call_tool("status", {})

        tools, status = session(params, body)
        assert tools == TOOLS
        assert not status.is_error and text_of(status) == "I am idle and the queue is empty. I have not run any job yet."
        assert srv.lines("requests.jsonl")[-1]["caller"] == "whale"
