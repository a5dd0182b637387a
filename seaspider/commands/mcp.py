"""`seaspider mcp SOCKET [--from CALLER]`: an MCP server on stdio for agents, in front of `seaspider serve`."""

from __future__ import annotations

import argparse
import contextlib
import sys
from pathlib import Path
from typing import TYPE_CHECKING

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

HELP = "an MCP server on stdio for agents; every tool call goes to `seaspider serve` as English"
DESCRIPTION = """Serves the Model Context Protocol on stdin/stdout, so an agent host (an LLM agent's
tool runner) can use Sea Spider: tools fetch, robots, stats, page, status, read and ask.
Each tool call is written as one English prompt ("Please fetch A and B."), checked with
Sea Spider's own reader to mean exactly the call's arguments, and sent to the Sea Spider
serving on SOCKET as caller CALLER, where it is logged and answered like any other prompt.
The answer comes back as the tool's text, the JSON report as its structured content;
a refusal is a tool error that says why. This process holds no crawler, store or lock.

stdout is the MCP channel: nothing else is written there. Messages go to stderr.

an agent host launches it with, for example:
  {"mcpServers": {"seaspider": {"command": "/path/to/.venv/bin/seaspider",
                                "args": ["mcp", "/home/me/.seaspider/s.sock", "--from", "octopus"]}}}

examples:
  seaspider serve my.json vocab/deputy.example.json ~/.seaspider/s.sock &
  seaspider mcp ~/.seaspider/s.sock
  seaspider mcp --from crab ~/.seaspider/s.sock

CALLER must be one of the service's `service.callers`; the service refuses any other."""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("socket", metavar="SOCKET", help="the socket `seaspider serve` listens on")
    parser.add_argument("--from", dest="caller", metavar="CALLER", default="octopus", help="the caller the service sees (default: octopus)")
    parser.add_argument("--vocab", metavar="FILE", default=None, help="the vocabulary the service was started with (default: Sea Spider's own)")
    parser.add_argument("--timeout", type=float, default=60.0, metavar="S", help="seconds to wait for each answer (default 60)")


def run(args: argparse.Namespace) -> int:
    import importlib.util
    import re

    from seaspider.errors import ConfigError, UsageError

    if importlib.util.find_spec("mcp") is None:
        raise ConfigError("seaspider mcp needs the MCP SDK, which is not installed; install the mcp extra (pip install -e '.[mcp]')")

    if not re.fullmatch(r"[a-z][a-z0-9_-]{0,31}", args.caller):
        raise UsageError(f"--from {args.caller!r}: a caller name is a lower-case letter and up to 31 of a-z, 0-9, _ and -")
    if not 0 < args.timeout <= 3600:
        raise UsageError(f"--timeout {args.timeout:g} must be above 0 and at most 3600 seconds")
    socket_path = Path(args.socket).expanduser()
    # stdout belongs to the MCP channel from the first byte: anything a library prints while the
    # reader loads goes to stderr instead.
    with contextlib.redirect_stdout(sys.stderr):
        server = _server(args, socket_path)
    if not socket_path.exists():
        sys.stderr.write(f"seaspider: no socket at {socket_path} yet; each tool call will say so until `seaspider serve` runs.\n")
    server.run("stdio")
    return 0


def _server(args: argparse.Namespace, socket_path: Path) -> MCPServer:
    from seaspider.english_reader import build_deputy
    from seaspider.slot_checkers import host_checker, url_checker
    from seaspider.service.calls import Calls
    from seaspider.service.mcp import build_mcp, socket_sender

    # The door checks only that the English binds exactly the call's arguments. Whether an address
    # may be fetched is the service's decision (its configuration), so nothing is refused here for it.
    reader = build_deputy(args.vocab, allow_private=True)
    calls = Calls(reader, url=url_checker(allow_private=True), host=host_checker(allow_private=True))
    return build_mcp(calls, socket_sender(socket_path, timeout_s=args.timeout), caller=args.caller)
