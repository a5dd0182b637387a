"""Pins the wire's public surface, and that it stays generic: no crawler, no English reader loaded."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import wire


def test_wire_all_is_pinned() -> None:
    assert wire.__all__ == [
        "MAX_FRAME_BYTES", "RELAY_HANDLER", "BadFrame", "NoAnswer", "Peer", "Relay", "RelayError", "RelayTarget",
        "SocketMissing", "SocketRefused", "TransportError", "UnixServer", "UnsafeSocketDir", "ask",
        "ensure_private_dir", "executable_of", "load_relay", "request",
    ]
    for name in wire.__all__:
        assert hasattr(wire, name), name


def test_importing_wire_imports_no_crawler() -> None:
    code = "import sys, wire; print(sorted({m.split('.')[0] for m in sys.modules} & {'seaspider', 'spacy'}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=Path(__file__).resolve().parents[3])
    assert done.stdout.strip() == "[]"
