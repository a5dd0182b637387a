"""The demo: a polite fetch of the local web, then a serving Sea Spider asked in English over its socket.

Used by `seaspider demo`. Everything runs on loopback in a temporary directory (its own store, socket
and lock), and everything is stopped at the end. The conversation goes to stderr; each exchange is
also printed as one JSON line on stdout ({"prompt", "answer", "report"}).
"""

from __future__ import annotations

import json
import shutil
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from seaspider.output import emit_json, say

__all__ = ["SETTLE_TIMEOUT_S", "demo_config", "run_conversation", "run_demo"]

if TYPE_CHECKING:
    from seaspider.config import Config
    from seaspider.demo.localweb import LocalWeb

SETTLE_TIMEOUT_S = 120.0  # the demo's fetch job takes a few seconds (2 s between requests to one address)


def demo_config(base: Path, web: LocalWeb) -> dict[str, Any]:
    """The demo's configuration: a store, socket and lock under `base`, the local web's names mapped."""
    return {
        "store": str(base / "store"),
        "robot": {"contact_url": "https://example.invalid/movabot"},
        # The local web lives on loopback, which is not public: allowed for the demo only.
        "network": {"allow_private_addresses": True, "resolve": web.resolve_map()},
        "service": {"lock": str(base / "seaspider.lock")},
    }


def run_demo(*, hosts: int = 3, ip_base: str = "127.40", tell: Callable[[str], None] = say) -> int:
    """`seaspider demo`: a polite `seaspider fetch` of the local web, then the English conversation."""
    from seaspider.cli import main as cli_main
    from seaspider.config import load_config
    from seaspider.errors import ServiceError
    from seaspider.demo.localweb import LocalWeb

    base = Path(tempfile.mkdtemp(prefix="seaspider-demo-", dir="/tmp"))  # short: socket paths hold 107 bytes
    try:
        with LocalWeb(hosts=max(2, hosts), pages=3, ip_base=ip_base) as web:
            config_path = base / "config.json"
            config_path.write_text(json.dumps(demo_config(base, web), indent=2))
            queue_path = base / "queue.txt"
            queue = [web.url(host, path) for host in web.hosts for path in ("/", "/p/3", "/private/secret")]
            queue_path.write_text("\n".join(queue) + "\n")
            tell(f"The local web serves {len(web.hosts)} sites on loopback ({', '.join(web.hosts)}), port {web.port}.")
            tell(f"\n1. seaspider fetch: MovaBot fetches {len(queue)} URLs politely (2 s between requests to one address; /private/ is disallowed by robots.txt) …")
            code = cli_main(["fetch", str(config_path), str(queue_path), "--verbose"])
            if code != 0:
                raise ServiceError(f"the demo's fetch ended with status {code}; its messages are above.")
            tell("\n2. seaspider serve: the English service on a private socket, asked in English over the socket …")
            # Two pages of one site: the second waits its 2 s, so the status question finds the job at work.
            _converse(web, load_config(config_path), base, emit=emit_json, tell=tell, first=web.url(0, "/p/1"), second=web.url(0, "/p/2"))
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return 0


def run_conversation(
    *, hosts: int = 3, ip_base: str = "127.41", emit: Callable[[Any], None] = emit_json, tell: Callable[[str], None] = say
) -> list[dict[str, Any]]:
    """Run the conversation alone on a fresh local web and store; returns the exchanges in order."""
    from seaspider.config import build_config
    from seaspider.demo.localweb import LocalWeb

    base = Path(tempfile.mkdtemp(prefix="seaspider-demo-", dir="/tmp"))  # short: socket paths hold 107 bytes
    try:
        with LocalWeb(hosts=max(2, hosts), pages=3, ip_base=ip_base) as web:
            config = build_config(demo_config(base, web), base_dir=base, source="(demo configuration)")
            tell(f"The local web serves {len(web.hosts)} sites on loopback ({', '.join(web.hosts)}), port {web.port}.")
            return _converse(web, config, base, emit=emit, tell=tell, first=web.url(0, "/p/1"), second=web.url(1, "/p/2"))
    finally:
        shutil.rmtree(base, ignore_errors=True)


def _converse(
    web: LocalWeb, config: Config, base: Path, *, emit: Callable[[Any], None], tell: Callable[[str], None], first: str, second: str
) -> list[dict[str, Any]]:
    """Serve Sea Spider on a socket under `base` and hold the demo's exchanges with it; stop it."""
    from seaspider.english_reader import build_deputy
    from seaspider.service.files import STOP_FILE
    from seaspider.service.server import build_server
    from wire.transport import request

    exchanges: list[dict[str, Any]] = []
    tell("Loading the English model …")
    deputy = build_deputy(allow_private=True)
    socket_path = base / "run" / "seaspider.sock"
    server = build_server(config, deputy=deputy, socket_path=socket_path)
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

    try:
        ask(f"Please fetch these pages: {first}, {second}")
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
        ask(f"What did you get from {first}?")
        ask(f"Show me the text of {first}, “characters 1 to 160”")
        ask(f"Fetch {first} and then delete the store.")
    finally:
        (socket_path.parent / STOP_FILE).touch()  # ends the server after the current answer
        thread.join(60)
    tell("Sea Spider and the local web have stopped; the demo's files are removed.")
    return exchanges
