"""The shared client other programs use to ask an animal, and the `animal_ask` capability that relays.

`ask(socket, prompt, caller, timeout)` sends one English prompt to an animal's private socket and
returns its reply. A relay configuration (`schemas/relay.schema.json`) pairs a deputy vocabulary with
the trusted parameters of each `animal_ask` capability — the animal's name, its absolute socket and
the caller name to declare. The prompt supplies only the quoted English; the socket never comes from
a prompt. Generic: knows nothing about what the animals do.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from wire.transport import TransportError, request

__all__ = ["RELAY_HANDLER", "Relay", "RelayError", "RelayTarget", "ask", "load_relay"]

RELAY_HANDLER = "animal_ask"
DEFAULT_TIMEOUT_S = 30.0  # the relay waits at most this long for an animal's answer
_CALLER_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_-")


class RelayError(Exception):
    """A relay configuration is unusable, or an animal could not be asked; one English sentence."""


def ask(
    socket: str | os.PathLike[str],
    prompt: str,
    caller: str,
    timeout: float = DEFAULT_TIMEOUT_S,
    *,
    request_id: str | None = None,
    priority: str = "normal",
) -> dict[str, Any]:
    """Send `prompt` to the animal listening on `socket` as `caller`; returns its reply {answer, report}."""
    where = os.fspath(socket)
    if not os.path.isabs(where):
        raise RelayError(f"{where}: an animal's socket must be an absolute path.")
    envelope = {"id": request_id or uuid.uuid4().hex[:16], "prompt": prompt, "priority": priority, "from": caller}
    try:
        reply = request(where, envelope, timeout_s=timeout)
    except TransportError as exc:
        raise RelayError(str(exc)) from exc
    if not isinstance(reply, dict) or not isinstance(reply.get("answer"), str):
        raise RelayError(f"{where}: the animal's reply has no English answer.")
    return reply


@dataclass(frozen=True, slots=True)
class RelayTarget:
    """The trusted parameters of one `animal_ask` capability, from configuration only."""

    capability: str
    animal: str
    socket: str
    caller: str
    timeout_s: float


def _problems(raw: Any, capabilities: Mapping[str, str]) -> tuple[list[str], dict[str, RelayTarget]]:
    problems: list[str] = []
    targets: dict[str, RelayTarget] = {}
    entries = raw.get("relays") if isinstance(raw, dict) else None
    if not isinstance(entries, list):
        return ["relays: a list of relay targets is required"], targets
    for i, entry in enumerate(entries):
        where = f"relays[{i}]"
        if not isinstance(entry, dict):
            problems.append(f"{where}: must be an object")
            continue
        extra = sorted(set(entry) - {"capability", "animal", "socket", "caller", "timeout_s"})
        if extra:
            problems.append(f"{where}: unknown field {extra[0]!r}")
        name, animal, sock, caller = (entry.get(k) for k in ("capability", "animal", "socket", "caller"))
        timeout = entry.get("timeout_s", DEFAULT_TIMEOUT_S)
        if not isinstance(name, str) or capabilities.get(name) != RELAY_HANDLER:
            problems.append(f"{where}.capability: {name!r} is not an {RELAY_HANDLER} capability of the vocabulary")
        if not isinstance(animal, str) or not animal.strip():
            problems.append(f"{where}.animal: the animal's name is required")
        if not isinstance(sock, str) or not os.path.isabs(sock):
            problems.append(f"{where}.socket: {sock!r} is not an absolute path; a relay socket must be configured, never taken from a prompt")
        if not isinstance(caller, str) or not caller or not set(caller) <= _CALLER_CHARS or len(caller) > 32:
            problems.append(f"{where}.caller: {caller!r} is not a caller name (lower-case letters, digits, _ and -)")
        if not isinstance(timeout, int | float) or isinstance(timeout, bool) or not 0 < timeout <= 300:
            problems.append(f"{where}.timeout_s: {timeout!r} must be a number of seconds above 0 and at most 300")
        if isinstance(name, str) and name in targets:
            problems.append(f"{where}.capability: {name!r} is configured twice")
        if not problems:
            targets[str(name)] = RelayTarget(str(name), str(animal), str(sock), str(caller), float(timeout))
    for name, handler in capabilities.items():
        if handler == RELAY_HANDLER and name not in targets and not any(f"{name!r}" in p for p in problems):
            problems.append(f"capability {name!r}: an {RELAY_HANDLER} capability needs a relay entry with an absolute socket")
    return problems, targets


class Relay:
    """Reads a prompt with the deputy and, for an `animal_ask` plan, asks the configured animal.

    Only the quoted text bound to the capability's `text` slot is sent; the animal, socket and caller
    come from the relay configuration. Any other plan or a refusal is returned to the caller as is.
    """

    def __init__(self, deputy: Any, targets: Mapping[str, RelayTarget], *, send: Callable[..., dict[str, Any]] = ask) -> None:
        self.deputy = deputy
        self.targets = dict(targets)
        self._send = send

    def handle(self, prompt: str, *, request_id: str | None = None) -> tuple[Any, dict[str, Any] | None]:
        """(the deputy's reading, the animal's reply or None when nothing was relayed)."""
        result = self.deputy.read(prompt)
        if getattr(result, "handler", None) != RELAY_HANDLER:
            return result, None
        target = self.targets[result.capability]
        text = result.args.get("text")
        if isinstance(text, list | tuple):
            text = " ".join(str(t) for t in text)
        return result, self._send(target.socket, str(text), target.caller, target.timeout_s, request_id=request_id)


def load_relay(path: str | Path, *, slot_types: Mapping[str, Callable[[str], Any]] | None = None) -> Relay:
    """Load a relay configuration: its vocabulary and the trusted target of each `animal_ask` capability."""
    from deputy.vocab import Vocab, VocabError

    source = str(path)
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RelayError(f"{source}: the relay configuration does not exist.") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise RelayError(f"{source}: the relay configuration cannot be read ({exc}).") from exc
    if not isinstance(raw, dict) or set(raw) - {"$schema", "vocab", "relays"}:
        raise RelayError(f"{source}: a relay configuration has exactly the fields vocab and relays.")
    try:
        vocab = Vocab.from_raw(raw.get("vocab"), source=f"{source}: vocab")
    except VocabError as exc:
        raise RelayError(str(exc)) from exc
    capabilities = {c.name: c.handler for c in vocab.capabilities}
    problems, targets = _problems(raw, capabilities)
    if problems:
        raise RelayError(f"{source}: " + "; ".join(problems) + ".")
    from deputy import (
        Deputy,  # the reader, with the built-in quote slot and any injected checkers
    )

    return Relay(Deputy(vocab, slot_types=dict(slot_types or {})), targets)
