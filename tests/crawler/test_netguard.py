"""The suite's network guard: resolving names or leaving loopback fails, loopback works."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def expected_violation() -> Iterator[Path]:
    """Lets a test trip the guard on purpose without failing through the autouse check."""
    log = Path(os.environ["SEASPIDER_NET_GUARD_LOG"])
    before = log.read_text() if log.exists() else ""
    try:
        yield log
    finally:
        log.write_text(before)


def test_resolving_a_name_is_refused() -> None:
    with expected_violation() as log, pytest.raises(OSError, match="network guard"):
        socket.getaddrinfo("h1.test", 80)
    with expected_violation(), pytest.raises(OSError, match="network guard"):
        socket.gethostbyname("example.com")


def test_connecting_off_loopback_is_refused_and_logged() -> None:
    with expected_violation() as log:
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        with sock, pytest.raises(OSError, match="network guard"):
            sock.connect(("192.0.2.1", 80))
        assert "192.0.2.1" in log.read_text()


def test_loopback_literals_pass() -> None:  # negative control
    assert socket.getaddrinfo("127.0.0.1", 80)
    server = socket.socket()
    server.bind(("127.0.0.5", 0))
    server.listen()
    with server, socket.create_connection(server.getsockname(), timeout=5):
        pass


def test_child_processes_are_guarded_too() -> None:
    with expected_violation() as log:
        code = "import socket\ntry:\n    socket.getaddrinfo('example.com', 80)\nexcept OSError as e:\n    print(e)"
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
        assert "network guard" in out
        assert "example.com" in log.read_text()
