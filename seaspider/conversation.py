"""The demo conversation: the local web, a serving Sea Spider, and a few English prompts over its socket.

Used by `seaspider demo`. Everything runs on loopback in a temporary directory (its own store, socket
and lock), and everything is stopped at the end. The conversation goes to stderr; each exchange is
also printed as one JSON line on stdout ({"prompt", "answer", "report"}).
"""

from __future__ import annotations

import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from seaspider.output import emit_json, say

SETTLE_TIMEOUT_S = 120.0  # the demo's fetch job takes a few seconds (2 s between requests to one address)


def run_conversation(*, hosts: int = 3, ip_base: str = "127.41", emit: Callable[[Any], None] = emit_json, tell: Callable[[str], None] = say) -> list[dict[str, Any]]:
    """Run the demo conversation; returns the exchanges (prompt, answer, report) in order."""
    from deputy import ReviewQueue
    from deputy.transport import request
    from seaspider.config import build_config
    from seaspider.english import build_deputy
    from seaspider.jobrunner import CrawlJobRunner
    from seaspider.localweb import LocalWeb
    from seaspider.service import REVIEW_FILE, STOP_FILE, Server

    base = Path(tempfile.mkdtemp(prefix="seaspider-demo-", dir="/tmp"))  # short: socket paths hold 107 bytes
    exchanges: list[dict[str, Any]] = []
    try:
        with LocalWeb(hosts=max(2, hosts), pages=3, ip_base=ip_base) as web:
            config = build_config(
                {
                    "store": str(base / "store"),
                    "robot": {"contact_url": "https://example.invalid/movabot"},
                    # The local web lives on loopback, which is not public: allowed for the demo only.
                    "network": {"allow_private_addresses": True, "resolve": web.resolve_map()},
                    "service": {"lock": str(base / "seaspider.lock")},
                },
                base_dir=base,
                source="(demo configuration)",
            )
            tell(f"The local web serves {len(web.hosts)} sites on loopback ({', '.join(web.hosts)}), port {web.port}.")
            tell("Loading the English model …")
            deputy = build_deputy(allow_private=True)
            socket_path = base / "run" / "seaspider.sock"
            server = Server(
                config, deputy=deputy, socket_path=socket_path, runner_factory=lambda: CrawlJobRunner(config),
                review=ReviewQueue(socket_path.parent / REVIEW_FILE),
            )
            thread = threading.Thread(target=server.run, name="seaspider-demo-server", daemon=True)
            thread.start()
            tell(f"Sea Spider is serving on {socket_path}.\n")
            counter = iter(range(1, 1000))

            def ask(prompt: str) -> dict[str, Any]:
                reply: dict[str, Any] = request(socket_path, {"id": str(next(counter)), "prompt": prompt}, timeout_s=30)
                tell(f"octopus> {prompt}")
                tell(f"seaspider> {reply['answer']}\n")
                exchange = {"prompt": prompt, "answer": reply["answer"], "report": reply["report"]}
                emit(exchange)
                exchanges.append(exchange)
                return reply

            a, b = web.url(0, "/p/1"), web.url(1, "/p/2")
            try:
                ask(f"Please fetch these pages: {a}, {b}")
                # Give the worker a moment to pick the job up, so the status shows the URL in flight.
                deadline = time.monotonic() + 3.0
                while time.monotonic() < deadline and not (server.worker.status()["current"] or {}).get("now"):
                    time.sleep(0.02)
                ask("Is the queue empty?")
                ask(f"Can you read {web.url(0, '/p/2')}?")
                ask(f"May we fetch {web.url(0, '/private/secret')}?")
                tell("(waiting for the fetch job: MovaBot leaves 2 s between requests to one address …)\n")
                deadline = time.monotonic() + SETTLE_TIMEOUT_S
                while not server.worker.is_idle() and time.monotonic() < deadline:
                    time.sleep(0.1)
                ask("Is the queue empty?")
                ask("How many pages have you stored?")
                ask(f"What did you get from {a}?")
                ask(f"Fetch {a} and then delete the store.")
            finally:
                (socket_path.parent / STOP_FILE).touch()  # ends the server after the current answer
                thread.join(60)
            tell("Sea Spider and the local web have stopped; the demo's files are removed.")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return exchanges
