"""`seaspider ask [--from CALLER] SOCKET ID [urgent] < text`: send English to a serving Sea Spider."""

from __future__ import annotations

import argparse
import sys

from seaspider.errors import ServiceError, UsageError

__all__ = [
    "DESCRIPTION",
    "EXIT_MISSING",
    "EXIT_REFUSED",
    "EXIT_SILENT",
    "HELP",
    "NoAnswerError",
    "SocketMissingError",
    "SocketRefusedError",
    "add_arguments",
    "read_prompt",
    "run",
]

HELP = "send arbitrary English to `seaspider serve`; prints the answer, then JSON"
DESCRIPTION = """Reads a prompt (arbitrary English) from stdin, sends it to the Sea Spider serving on
SOCKET with the request id ID, and prints the English answer on one line, then the JSON
reply {"answer", "report"} on one line. A repeated ID gets the reply recorded for it.
The optional word `urgent` puts a fetch before the normal jobs that wait.

examples:
  echo "Fetch https://a.example/ and https://b.example/x." | seaspider ask ~/.seaspider/s.sock 1
  echo "Is the queue empty?" | seaspider ask ~/.seaspider/s.sock 2
  echo "Are we allowed to fetch mova.elamur.ai?" | seaspider ask --from crab ~/.seaspider/s.sock 3 urgent

exit status for the socket (besides those below):
  3  no socket at SOCKET (is the server running?)
  4  the connection was refused (no server answering, or not allowed)
  6  the server sent no answer within --timeout seconds (default 30)"""

EXIT_MISSING = 3
EXIT_REFUSED = 4
EXIT_SILENT = 6


class SocketMissingError(ServiceError):
    exit_code = EXIT_MISSING


class SocketRefusedError(ServiceError):
    exit_code = EXIT_REFUSED


class NoAnswerError(ServiceError):
    exit_code = EXIT_SILENT


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--from", dest="caller", metavar="CALLER", default=None, help="the caller's name (default: none, which means octopus)")
    parser.add_argument("--timeout", type=float, default=30.0, metavar="S", help="seconds to wait for the answer (default 30)")
    parser.add_argument("socket", metavar="SOCKET", help="the socket `seaspider serve` listens on")
    parser.add_argument("id", metavar="ID", help="the request id (letters, digits, . _ : -); a repeated id gets the recorded reply")
    parser.add_argument("priority", metavar="urgent", nargs="?", choices=["urgent", "normal"], default="normal", help="urgent or normal (default)")


def read_prompt(data: bytes) -> str:
    """The prompt from stdin's bytes; UsageError naming the first bad byte when they are not UTF-8."""
    # Bytes, not text: a text stdin in a C locale turns bad bytes into surrogates, which no frame can carry.
    try:
        return data.decode("utf-8").strip()
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"stdin is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start} cannot be decoded); "
            "send the prompt as UTF-8, e.g. iconv -t UTF-8 prompt.txt | seaspider ask SOCKET ID"
        ) from exc


def run(args: argparse.Namespace) -> int:
    from wire.transport import NoAnswer, SocketMissing, SocketRefused, TransportError, request
    from seaspider.output import emit_json

    prompt = read_prompt(sys.stdin.buffer.read())
    if not prompt:
        raise UsageError("no prompt on stdin; write the English request there, e.g. echo \"Is the queue empty?\" | seaspider ask SOCKET 1")
    if not 0 < args.timeout <= 3600:
        raise UsageError(f"--timeout {args.timeout:g} must be above 0 and at most 3600 seconds")
    envelope: dict[str, str] = {"id": args.id, "prompt": prompt, "priority": args.priority}
    if args.caller is not None:
        envelope["from"] = args.caller
    try:
        reply = request(args.socket, envelope, timeout_s=args.timeout, server_hint="seaspider serve")
    except SocketMissing as exc:
        raise SocketMissingError(str(exc)) from exc
    except SocketRefused as exc:
        raise SocketRefusedError(str(exc)) from exc
    except NoAnswer as exc:
        raise NoAnswerError(str(exc)) from exc
    except TransportError as exc:
        raise ServiceError(str(exc)) from exc
    if not isinstance(reply, dict) or not isinstance(reply.get("answer"), str):
        raise ServiceError(f"{args.socket}: the reply has no English answer.")
    sys.stdout.write(reply["answer"] + "\n")
    emit_json(reply)
    failure = (reply.get("report") or {}).get("failure") or {}
    if failure.get("kind") == "peer_refused":
        return EXIT_REFUSED
    return 0
