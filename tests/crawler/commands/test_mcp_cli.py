"""`seaspider mcp` as a command: its help, bad arguments, and a stdout that carries nothing but MCP."""

from __future__ import annotations

import importlib.util
import json
import os
import queue
import shutil
import subprocess
import sys
import threading
from typing import Any

import pytest
from service_support import short_dir

from seaspider.cli import main

# Only whether the SDK is there, not an import of it: every pytest worker collects this file.
pytestmark = pytest.mark.skipif(importlib.util.find_spec("mcp") is None, reason="the [mcp] extra is not installed")


def test_help_teaches_the_launch_json(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match="0"):
        main(["mcp", "--help"])
    out = capsys.readouterr().out
    assert '"mcpServers"' in out and '"args": ["mcp",' in out and "stdout is the MCP channel" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--from", "Fish!"], "--from 'Fish!': a caller name is a lower-case letter and up to 31 of a-z, 0-9, _ and -"),
        (["--timeout", "0"], "--timeout 0 must be above 0 and at most 3600 seconds"),
    ],
    ids=["bad-caller", "bad-timeout"],
)
def test_bad_arguments_get_one_sentence_and_status_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mcp", "/tmp/none.sock", *argv]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"seaspider: {message}\n"


@pytest.mark.slow
def test_stdout_carries_only_the_mcp_channel() -> None:
    base = short_dir()
    missing = base / "run" / "s.sock"
    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "test", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
        {"jsonrpc": "2.0", "id": 3, "method": "tools/call", "params": {"name": "status", "arguments": {}}},
    ]
    proc = subprocess.Popen(
        [sys.executable, "-m", "seaspider", "mcp", str(missing)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, env=dict(os.environ),
    )
    assert proc.stdin is not None and proc.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(line) for line in proc.stdout], daemon=True)  # type: ignore[union-attr]
    reader.start()
    try:
        proc.stdin.write("".join(json.dumps(m) + "\n" for m in messages))
        proc.stdin.flush()
        replies: list[dict[str, Any]] = []
        while len(replies) < 3:  # stdin stays open until every answer is in: EOF would end the session early
            replies.append(json.loads(lines.get(timeout=120)))  # every stdout line is one JSON-RPC message
        proc.stdin.close()
        assert proc.wait(timeout=60) == 0
        reader.join(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        shutil.rmtree(base, ignore_errors=True)
    assert lines.empty()  # nothing after the answers either
    assert sorted(r["id"] for r in replies) == [1, 2, 3] and all(r["jsonrpc"] == "2.0" for r in replies)
    by_id = {r["id"]: r for r in replies}
    assert {tool["name"] for tool in by_id[2]["result"]["tools"]} == {"fetch", "robots", "stats", "page", "status", "read", "ask"}
    status = by_id[3]["result"]
    assert status["isError"] and status["content"][0]["text"].startswith(f"Sea Spider is not answering: {missing}: no socket there")
    assert proc.stderr is not None and f"seaspider: no socket at {missing} yet" in proc.stderr.read()
