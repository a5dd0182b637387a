"""Latency of a `status` call through the MCP door against the direct socket request `seaspider ask` makes.

Setup: `seaspider serve` in a subprocess on an empty store (an idle worker, so status is answered from
memory and only the doors differ). Measured in the same run, each after warm-up asks:
  - baseline: the socket request `seaspider ask` sends (wire.transport.request, fresh ids, the service
    parses once per prompt text and journals every request with fsync);
  - the MCP door over real stdio: the official SDK client launching `seaspider mcp SOCKET`, calling
    the `status` tool (render the prompt, check it with the reader, send it over the same socket);
  - the MCP door in process (the SDK's in-memory client): the door without the stdio pipe;
  - `seaspider ask` as a whole command (a new Python process per question), for scale.
The three socket doors are measured in interleaved rounds (one ask each per round), so load from
other work on the machine falls on all of them alike. Printed: median and p99 of each, and the
ratio of each median to the baseline's.

    .venv/bin/python benchmarks/bench_mcp.py [--full] [--asks N]
"""

from __future__ import annotations

import argparse
import asyncio
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from mcp import Client, StdioServerParameters

from seaspider.english_reader import build_deputy
from seaspider.slot_checkers import host_checker, url_checker
from seaspider.service.calls import Calls
from seaspider.service.mcp import build_mcp, socket_sender
from wire.transport import request

ROOT = Path(__file__).resolve().parents[1]

from benchkit import add_scale, child_env, pct, serving  # noqa: E402
PROMPT = "What is the status of the current run?"  # the status tool's own canonical prompt
WARM = 20  # warm-up asks per door (--smoke: 3)


def direct_once(sock: Path, ident: str) -> float:
    started = time.perf_counter()
    reply = request(sock, {"id": ident, "prompt": PROMPT}, timeout_s=60)
    took = time.perf_counter() - started
    assert reply["report"]["plan"]["operation"] == "status", reply
    return took


async def tool_once(client: Client) -> float:
    started = time.perf_counter()
    result = await client.call_tool("status", {})
    took = time.perf_counter() - started
    assert not result.is_error, result
    return took


async def doors(sock: Path, env: dict[str, str], asks: int, warm: int, calls: Calls) -> tuple[list[float], list[float], list[float], float]:
    """The three doors measured in interleaved rounds, so a neighbour's load falls on all of them alike."""
    params = StdioServerParameters(command=sys.executable, args=["-m", "seaspider", "mcp", str(sock)], env=env)
    started = time.perf_counter()
    async with Client(params) as stdio, Client(build_mcp(calls, socket_sender(sock))) as inproc:
        await stdio.list_tools()
        ready = time.perf_counter() - started
        for i in range(warm):
            direct_once(sock, f"w{i}")
            await tool_once(stdio)
            await tool_once(inproc)
        base: list[float] = []
        piped: list[float] = []
        local: list[float] = []
        for i in range(asks):
            base.append(direct_once(sock, f"d{i}"))
            piped.append(await tool_once(stdio))
            local.append(await tool_once(inproc))
    return base, piped, local, ready


def ask_command(sock: Path, runs: int, env: dict[str, str]) -> list[float]:
    out = []
    for i in range(runs):
        started = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "seaspider", "ask", str(sock), f"c{i}"], input=PROMPT.encode(), env=env,
            capture_output=True, check=True,
        )
        out.append(time.perf_counter() - started)
        assert done.stdout.startswith(b"I am idle"), done.stdout
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_scale(parser, "1000 asks per door instead of 200")
    parser.add_argument("--asks", type=int, default=None, help="asks per door (default 200, or 1000 with --full)")
    args = parser.parse_args()
    asks = args.asks or (1000 if args.full else 10 if args.smoke else 200)
    warm, commands = (3, 2) if args.smoke else (WARM, max(5, asks // 20))
    base = Path(tempfile.mkdtemp(prefix="ssm-", dir="/tmp"))
    try:
        run(base, asks, warm, commands)
    finally:
        shutil.rmtree(base, ignore_errors=True)


def in_process_calls() -> Calls:
    """The in-process door's calls, with the reader's model loaded (its first read loads it)."""
    deputy = build_deputy(allow_private=True)
    deputy.read(PROMPT)
    return Calls(deputy, url=url_checker(allow_private=True), host=host_checker(allow_private=True))


def run(base: Path, asks: int, warm: int, commands: int) -> None:
    env = child_env()
    with ThreadPoolExecutor(max_workers=1) as pool:
        # The in-process door's reader loads its model in a thread while the server loads its own (nothing is timed yet).
        reader = pool.submit(in_process_calls)
        with serving(base, env) as (sock, _server):
            measure(sock, env, asks, warm, commands, reader.result())


def measure(sock: Path, env: dict[str, str], asks: int, warm: int, commands: int, calls: Calls) -> None:
    """Every door against the serving socket; prints the table."""
    rows: list[tuple[str, list[float], str]] = []
    baseline, stdio, inproc, ready = asyncio.run(doors(sock, env, asks, warm, calls))
    rows.append(("socket request (seaspider ask's)", baseline, "baseline"))
    rows.append(("MCP over stdio (seaspider mcp)", stdio, f"launch to tools listed: {ready:.1f} s"))
    rows.append(("MCP in process (no pipe)", inproc, ""))

    command = ask_command(sock, commands, env)
    rows.append(("seaspider ask, whole command", command, f"{len(command)} runs, a new process each"))

    base_p50 = statistics.median(baseline)
    print(f"status through each door, {asks} asks after {warm} warm-up asks (an idle service on an empty store)\n")
    print(f"{'door':<34} {'median ms':>10} {'p99 ms':>8} {'median / socket request':>24}")
    for name, lat, note in rows:
        p50 = statistics.median(lat)
        print(f"{name:<34} {p50 * 1e3:>10.2f} {pct(lat, 0.99) * 1e3:>8.2f} {p50 / base_p50:>23.2f}x   {note}")


if __name__ == "__main__":
    main()
