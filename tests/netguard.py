"""A guard that refuses any name resolution and any connection outside 127.0.0.0/8 (and ::1).

Installed in the test process by conftest.py and in every child process through
tests/guard/sitecustomize.py, so a test can never send traffic off this machine, not even a
DNS query. Violations raise `OSError` at the call and are appended to the file named by
$SEASPIDER_NET_GUARD_LOG, which conftest checks after each test.
"""

from __future__ import annotations

import ipaddress
import os
import socket
from typing import Any

_installed = False
_real_getaddrinfo = socket.getaddrinfo
_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_sendto = socket.socket.sendto


def _is_loopback_literal(host: Any) -> bool:
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    if not isinstance(host, str):
        return False
    try:
        return ipaddress.ip_address(host.split("%")[0]).is_loopback
    except ValueError:
        return False


def _violation(what: str) -> OSError:
    path = os.environ.get("SEASPIDER_NET_GUARD_LOG")
    if path:
        with open(path, "a", encoding="utf-8") as log:
            log.write(f"pid {os.getpid()}: {what}\n")
    return OSError(f"network guard: {what} is outside 127.0.0.0/8; tests must stay on loopback")


def _guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    if host is None or _is_loopback_literal(host):
        return _real_getaddrinfo(host, *args, **kwargs)
    raise _violation(f"resolving {host!r}")


def _check_address(sock: socket.socket, address: Any) -> None:
    if sock.family in (socket.AF_INET, socket.AF_INET6):
        if not (isinstance(address, tuple) and _is_loopback_literal(address[0])):
            raise _violation(f"connecting to {address!r}")


def _guarded_connect(self: socket.socket, address: Any) -> None:
    _check_address(self, address)
    return _real_connect(self, address)


def _guarded_connect_ex(self: socket.socket, address: Any) -> int:
    _check_address(self, address)
    return _real_connect_ex(self, address)


def _guarded_sendto(self: socket.socket, data: Any, *args: Any) -> int:
    address = args[-1]
    _check_address(self, address)
    return _real_sendto(self, data, *args)


def _refuse(name: str) -> Any:
    def refused(host: Any, *args: Any, **kwargs: Any) -> Any:
        if _is_loopback_literal(host):
            return {"gethostbyname": lambda: host, "gethostbyname_ex": lambda: (host, [], [host])}.get(
                name, lambda: (host, [], [host])
            )()
        raise _violation(f"{name}({host!r})")

    return refused


def install() -> None:
    """Patch the socket module once per process."""
    global _installed
    if _installed:
        return
    _installed = True
    socket.getaddrinfo = _guarded_getaddrinfo  # type: ignore[assignment]
    socket.gethostbyname = _refuse("gethostbyname")  # type: ignore[assignment]
    socket.gethostbyname_ex = _refuse("gethostbyname_ex")  # type: ignore[assignment]
    socket.gethostbyaddr = _refuse("gethostbyaddr")  # type: ignore[assignment]
    socket.socket.connect = _guarded_connect  # type: ignore[method-assign]
    socket.socket.connect_ex = _guarded_connect_ex  # type: ignore[method-assign]
    socket.socket.sendto = _guarded_sendto  # type: ignore[method-assign]
