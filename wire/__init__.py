"""The wire between animals: a private Unix-socket transport (NDJSON frames, owner check) and the
relay client other programs use to ask an animal in English. Knows no crawling and no parsing of
English beyond handing a relay's quoted prompt to the deputy.
"""

from wire.relay import RELAY_HANDLER, Relay, RelayError, RelayTarget, ask, load_relay
from wire.transport import (
    MAX_FRAME_BYTES,
    BadFrame,
    NoAnswer,
    Peer,
    SocketMissing,
    SocketRefused,
    TransportError,
    UnixServer,
    UnsafeSocketDir,
    ensure_private_dir,
    executable_of,
    request,
)

__all__ = [
    "MAX_FRAME_BYTES",
    "RELAY_HANDLER",
    "BadFrame",
    "NoAnswer",
    "Peer",
    "Relay",
    "RelayError",
    "RelayTarget",
    "SocketMissing",
    "SocketRefused",
    "TransportError",
    "UnixServer",
    "UnsafeSocketDir",
    "ask",
    "ensure_private_dir",
    "executable_of",
    "load_relay",
    "request",
]
