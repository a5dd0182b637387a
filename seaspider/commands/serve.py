"""`seaspider serve CONFIG DEPUTY_CONFIG SOCKET`: answer English prompts on a private Unix socket."""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from pathlib import Path

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "answer English prompts on a private socket (STOP ends it)"
DESCRIPTION = """Runs Sea Spider as a persistent animal. Prompts arrive as one JSON line each on the
Unix socket SOCKET (its directory is created 0700 and must belong to you; the socket is
0600 and only your own processes are answered). The deputy reads each prompt with the
vocabulary DEPUTY_CONFIG (vocab/deputy.example.json format); fetch requests are queued
for the one worker and answered at once; questions are answered from the job state and
the store, and never fetch.

The socket directory also holds the journals: jobs.jsonl (queued, started, url,
finished, interrupted), requests.jsonl (who asked what, admitted or not), ledger.jsonl
(each request id with its reply; a repeated id gets the same reply) and review.jsonl
(refused prompts, kept as teaching material).

SIGHUP reloads DEPUTY_CONFIG (after `seaspider review accept`, say): later prompts are
read with the new vocabulary, and `status` names the file, its sha256 and when it was
loaded. A vocabulary that does not load is not used: the old one stays, and `status` and
stderr say why. With --angel, the angel passes SIGHUP on to the server.

Stop it by creating SOCKET_DIR/STOP (the answer in progress is finished, the URL in
flight is finished, the rest of its job is recorded as not started), or with SIGTERM.
The server refuses to start while STOP exists.

examples:
  seaspider serve config.json vocab/deputy.example.json /run/user/1000/seaspider/s.sock
  seaspider serve --angel config.json vocab/deputy.example.json ~/.seaspider/s.sock
  echo "Is the queue empty?" | seaspider ask ~/.seaspider/s.sock 1
  kill -HUP PID                    # reads the vocabulary file again
  touch ~/.seaspider/STOP          # ends the server (and the angel)"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the Sea Spider configuration file (JSON)")
    parser.add_argument("deputy_config", metavar="DEPUTY_CONFIG", help="the deputy vocabulary (vocab/deputy.example.json format)")
    parser.add_argument("socket", metavar="SOCKET", help="where to listen; its directory is created 0700 if missing")
    parser.add_argument(
        "--angel",
        action="store_true",
        help="supervise the server: restart it after a crash (5 s doubling to 300 s), one angel per socket (angel.lock)",
    )


def _socket_path(text: str) -> Path:
    return Path(os.path.abspath(os.path.expanduser(text)))


def run(args: argparse.Namespace) -> int:
    socket_path = _socket_path(args.socket)
    if args.angel:
        return _run_angel(args, socket_path)
    from seaspider.commands._common import config_and_lock
    from seaspider.output import say

    config, lock = config_and_lock(args.config, f"serve {socket_path}")  # the lock comes before anything else
    with lock:
        import time

        from seaspider.english_reader import deputy_for, vocab_from_text
        from seaspider.service.server import build_server
        from seaspider.service.vocabulary import Vocabulary

        allow_private = config.network.allow_private_addresses
        vocabulary = Vocabulary(
            Path(os.path.abspath(args.deputy_config)),
            lambda text, source: deputy_for(vocab_from_text(text, source=source), allow_private=allow_private),
            clock=time.time, log=lambda message: say(f"seaspider: {message}"),
        )
        deputy = vocabulary.reader
        deputy.read("Is the queue empty?")  # load the model now, not on the first caller's time
        server = build_server(config, deputy=deputy, socket_path=socket_path, vocabulary=vocabulary)
        if threading.current_thread() is threading.main_thread():
            for signum in (signal.SIGTERM, signal.SIGINT):
                signal.signal(signum, lambda _s, _f: server.request_stop())
            signal.signal(signal.SIGHUP, lambda _s, _f: server.request_reload())
        say(f"Sea Spider is listening on {socket_path} (pid {os.getpid()}); create {server.stop_file} to stop it.")
        server.run()
        say("Sea Spider stopped.")
    return 0


def _run_angel(args: argparse.Namespace, socket_path: Path) -> int:
    from seaspider.service.supervisor import Supervisor
    from seaspider.config import load_config
    from seaspider.output import say

    load_config(args.config)  # a bad configuration is refused now, not restarted forever
    argv = [sys.executable, "-m", "seaspider.cli", "serve", args.config, args.deputy_config, str(socket_path)]
    return Supervisor(argv, socket_dir=socket_path.parent, log=lambda m: say(f"seaspider: {m}")).run()
