"""A private Unix-socket transport for animals: owned 0700 directory, 0600 socket, peer check, NDJSON frames.

Generic: it moves JSON objects between processes of one user and knows nothing about what they mean.
The server gives each connection a thread; the handler turns one request object into one reply object.
"""

from __future__ import annotations

import errno
import json
import os
import selectors
import socket
import stat
import struct
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = [
    "MAX_FRAME_BYTES",
    "BadFrame",
    "NoAnswer",
    "Peer",
    "SocketMissing",
    "SocketRefused",
    "TransportError",
    "UnixServer",
    "UnsafeSocketDir",
    "bind_private_socket",
    "decode_frame",
    "encode_frame",
    "ensure_private_dir",
    "executable_of",
    "peer_of",
    "peer_refusal",
    "private_dir_problem",
    "read_frame",
    "request",
]

MAX_FRAME_BYTES = 64 * 1024  # a request line longer than this is refused: prompts are short English
MAX_REPLY_BYTES = 8 * 1024 * 1024  # the client's bound on one reply line
MAX_SOCKET_PATH_BYTES = 107  # sockaddr_un.sun_path is 108 bytes with the final NUL
IDLE_TIMEOUT_S = 30.0  # a connection that sends nothing for this long is closed
MAX_CONNECTIONS = 1024  # connections served at once; further ones wait in the listen backlog
_UCRED = struct.Struct("3i")  # struct ucred {pid_t pid; uid_t uid; gid_t gid;} on Linux


class TransportError(Exception):
    """The socket cannot be used; the message is one English sentence."""


class UnsafeSocketDir(TransportError):
    """The socket directory exists with the wrong owner, type or permissions."""


class SocketMissing(TransportError):
    """Nothing is listening at the socket path because it does not exist."""


class SocketRefused(TransportError):
    """The socket exists but the connection was refused (no server, or not allowed)."""


class NoAnswer(TransportError):
    """The server accepted the connection but sent no reply within the time allowed."""


class BadFrame(TransportError):
    """A frame was longer than allowed or was not one JSON value."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


@dataclass(frozen=True, slots=True)
class Peer:
    """Who is at the other end of a connection, as the kernel says (SO_PEERCRED)."""

    pid: int
    uid: int
    gid: int


def private_dir_problem(st: os.stat_result, *, owner_uid: int) -> str | None:
    """Why a directory with these stat results is not a private socket directory, or None. Pure."""
    if not stat.S_ISDIR(st.st_mode):
        return "is not a directory"
    if st.st_uid != owner_uid:
        return f"is owned by uid {st.st_uid}, not by uid {owner_uid} who runs this server"
    mode = stat.S_IMODE(st.st_mode)
    if mode != 0o700:
        return f"has permissions {mode:04o}, but it must be 0700 so that only its owner can reach the socket"
    return None


def ensure_private_dir(path: Path, *, owner_uid: int | None = None) -> None:
    """Create `path` as a 0700 directory, or check that the existing one is ours and 0700."""
    uid = os.geteuid() if owner_uid is None else owner_uid
    try:
        os.mkdir(path, 0o700)
        os.chmod(path, 0o700)  # mkdir's mode is filtered by the umask
        _fsync_dir(path.parent)
    except FileExistsError:
        pass
    except FileNotFoundError:
        raise UnsafeSocketDir(f"{path.parent}: the parent of the socket directory does not exist.") from None
    except OSError as exc:
        raise UnsafeSocketDir(f"{path}: cannot create the socket directory ({exc.strerror}).") from exc
    st = os.lstat(path)
    problem = private_dir_problem(st, owner_uid=uid)
    if problem:
        raise UnsafeSocketDir(f"{path}: the socket directory {problem}; I did not open the socket.")


def peer_of(sock: socket.socket) -> Peer:
    """The pid, uid and gid of the process that connected `sock` (Linux SO_PEERCRED)."""
    raw = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, _UCRED.size)
    pid, uid, gid = _UCRED.unpack(raw)
    return Peer(pid=pid, uid=uid, gid=gid)


def peer_refusal(peer: Peer, *, owner_uid: int) -> str | None:
    """Why `peer` may not talk to a socket owned by `owner_uid`, or None. Pure."""
    if peer.uid != owner_uid:
        return f"uid {peer.uid} (pid {peer.pid}) is not the socket's owner (uid {owner_uid})"
    return None


def executable_of(pid: int) -> str | None:
    """The executable of `pid` (`/proc/PID/exe`), or None when it cannot be read."""
    try:
        return os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return None


def encode_frame(obj: Any) -> bytes:
    """One JSON value as one NDJSON line (UTF-8, no raw newlines inside)."""
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n"


def decode_frame(line: bytes, *, max_bytes: int = MAX_FRAME_BYTES) -> Any:
    """Parse one frame (with or without its newline); `BadFrame` when too long or not JSON."""
    body = line[:-1] if line.endswith(b"\n") else line
    if len(body) > max_bytes:
        raise BadFrame("frame_too_long", f"the request is longer than {max_bytes} bytes")
    try:
        return json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise BadFrame("malformed_frame", f"the request is not one line of UTF-8 JSON ({exc.__class__.__name__})") from exc


def read_frame(stream: Any, *, max_bytes: int = MAX_FRAME_BYTES) -> bytes | None:
    """Read one line of at most `max_bytes` (+ newline) from a binary stream; None at a clean EOF."""
    line: bytes = stream.readline(max_bytes + 1)
    if not line:
        return None
    if not line.endswith(b"\n") and len(line) > max_bytes:
        raise BadFrame("frame_too_long", f"the request is longer than {max_bytes} bytes")
    return line


def _fsync_dir(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _clear_stale_socket(path: Path) -> None:
    # A socket left by a crashed server is removed; a live one or any other file is never touched.
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not stat.S_ISSOCK(st.st_mode):
        raise TransportError(f"{path}: exists and is not a socket; I did not replace it.")
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(1.0)
    try:
        probe.connect(str(path))
    except (ConnectionRefusedError, FileNotFoundError):
        os.unlink(path)
        return
    except OSError as exc:
        raise TransportError(f"{path}: an old socket is there and cannot be checked ({exc.strerror}).") from exc
    finally:
        probe.close()
    raise TransportError(f"{path}: another server is already answering on this socket.")


def bind_private_socket(path: Path, *, owner_uid: int | None = None) -> socket.socket:
    """A listening Unix socket at `path` (0600) inside a checked 0700 directory."""
    if len(os.fsencode(path)) > MAX_SOCKET_PATH_BYTES:
        raise TransportError(f"{path}: the socket path is longer than {MAX_SOCKET_PATH_BYTES} bytes; choose a shorter one.")
    ensure_private_dir(path.parent, owner_uid=owner_uid)
    _clear_stale_socket(path)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        server.bind(str(path))
        # The 0700 directory already keeps others out during the moment before this chmod.
        os.chmod(path, 0o600)
        server.listen(512)
    except OSError as exc:
        server.close()
        raise TransportError(f"{path}: cannot listen on the socket ({exc.strerror}).") from exc
    return server


Handler = Callable[[Any, Peer], Any]
BadFrameReply = Callable[[str, str], Any]
PeerRefused = Callable[[Peer, str], Any]


class UnixServer:
    """Serves NDJSON requests on a private socket: one thread per connection, many connections at once.

    `handler(request, peer)` returns the reply for one parsed request. A frame that is too long or not
    JSON gets `bad_frame_reply(kind, message)` and the connection is closed. A peer of another uid gets
    `on_peer_refused(peer, reason)` as its only reply (the hook also logs it) and is disconnected.
    """

    def __init__(
        self,
        path: Path,
        handler: Handler,
        *,
        bad_frame_reply: BadFrameReply,
        on_peer_refused: PeerRefused,
        owner_uid: int | None = None,
        max_frame_bytes: int = MAX_FRAME_BYTES,
        idle_timeout_s: float = IDLE_TIMEOUT_S,
        check_peers: bool = True,  # False only in the negative-control test
    ) -> None:
        self.path = path
        self.owner_uid = os.geteuid() if owner_uid is None else owner_uid
        self._handler = handler
        self._bad_frame_reply = bad_frame_reply
        self._on_peer_refused = on_peer_refused
        self._max_frame_bytes = max_frame_bytes
        self._idle_timeout_s = idle_timeout_s
        self._check_peers = check_peers
        self._sock = bind_private_socket(path, owner_uid=self.owner_uid)
        self._stop_r, self._stop_w = os.pipe()
        self._slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        self._threads: set[threading.Thread] = set()
        self._conns: set[socket.socket] = set()
        self._lock = threading.Lock()
        self._closed = False
        self._serving = False
        self._served = threading.Event()

    def serve_forever(self) -> None:
        """Accept connections until `shutdown()`; wakes on the stop pipe, never polls."""
        with self._lock:
            if self._closed:
                return
            self._serving = True
        try:
            self._accept_loop()
        finally:
            self._served.set()

    def _accept_loop(self) -> None:
        selector = selectors.DefaultSelector()
        selector.register(self._sock, selectors.EVENT_READ)
        selector.register(self._stop_r, selectors.EVENT_READ)
        try:
            while True:
                events = selector.select()
                if any(key.fileobj == self._stop_r for key, _ in events):
                    return
                try:
                    conn, _ = self._sock.accept()
                except (BlockingIOError, InterruptedError):
                    continue
                self._slots.acquire()
                thread = threading.Thread(target=self._serve_connection, args=(conn,), daemon=True, name="wire-conn")
                with self._lock:
                    self._threads.add(thread)
                thread.start()
        finally:
            selector.close()

    def shutdown(self) -> None:
        """Stop accepting; `serve_forever` returns. Connections in progress finish their current reply."""
        with self._lock:  # the write too: `close` may release the pipe as soon as the lock is free
            if self._closed:
                return
            self._closed = True
            os.write(self._stop_w, b"x")

    def close(self, *, join_timeout_s: float = 5.0) -> None:
        """Remove the socket, wait a little for connection threads, release descriptors."""
        self.shutdown()
        with self._lock:
            serving = self._serving
        if serving:
            # The accept loop still uses the listening socket and the stop pipe: let it leave first.
            self._served.wait(join_timeout_s)
        try:
            if os.path.exists(self.path) and stat.S_ISSOCK(os.lstat(self.path).st_mode):
                os.unlink(self.path)
        except OSError:
            pass  # the directory was removed under us: nothing left to clean
        self._sock.close()
        deadline = time.monotonic() + join_timeout_s
        with self._lock:
            threads = list(self._threads)
            conns = list(self._conns)
        for conn in conns:
            # A connection thread finishes the reply it is writing, then reads EOF and ends.
            try:
                conn.shutdown(socket.SHUT_RD)
            except OSError:
                pass
        for thread in threads:
            thread.join(max(0.0, deadline - time.monotonic()))
        with self._lock:
            # Once only: a descriptor number closed twice may close another file's by then.
            pipe, self._stop_r, self._stop_w = (self._stop_r, self._stop_w), -1, -1
        for fd in pipe:
            if fd < 0:
                continue
            try:
                os.close(fd)
            except OSError:
                pass

    def _serve_connection(self, conn: socket.socket) -> None:
        with self._lock:
            self._conns.add(conn)
            if self._closed:
                conn.shutdown(socket.SHUT_RD)
        try:
            with conn:
                peer = peer_of(conn)
                reason = peer_refusal(peer, owner_uid=self.owner_uid) if self._check_peers else None
                if reason is not None:
                    _send(conn, self._on_peer_refused(peer, reason))
                    return
                conn.settimeout(self._idle_timeout_s)
                stream = conn.makefile("rb")
                while True:
                    try:
                        line = read_frame(stream, max_bytes=self._max_frame_bytes)
                        if line is None:
                            return
                        request = decode_frame(line, max_bytes=self._max_frame_bytes)
                    except BadFrame as exc:
                        _send(conn, self._bad_frame_reply(exc.kind, str(exc)))
                        return
                    reply = self._handler(request, peer)
                    _send(conn, reply)
        except (OSError, TimeoutError):
            return  # the client went away or fell silent: nothing to answer
        finally:
            with self._lock:
                self._threads.discard(threading.current_thread())
                self._conns.discard(conn)
            self._slots.release()


def _send(conn: socket.socket, obj: Any) -> None:
    conn.sendall(encode_frame(obj))


def request(path: str | os.PathLike[str], obj: Any, *, timeout_s: float = 30.0, server_hint: str | None = None) -> Any:
    """Send one request object and return the parsed reply; `TransportError` kinds say what went wrong.

    `server_hint` names the command that starts the server, for the message when no socket is there.
    """
    where = os.fspath(path)
    deadline = time.monotonic() + timeout_s
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        sock.settimeout(timeout_s)
        try:
            sock.connect(where)
        except FileNotFoundError:
            hint = f" ({server_hint})" if server_hint else ""
            raise SocketMissing(f"{where}: no socket there; is the server running{hint}?") from None
        except ConnectionRefusedError:
            raise SocketRefused(f"{where}: the connection was refused; no server is answering on this socket.") from None
        except PermissionError:
            raise SocketRefused(f"{where}: permission denied; only the socket's owner may connect.") from None
        except TimeoutError:
            raise NoAnswer(f"{where}: the server did not accept the connection within {timeout_s:g} s.") from None
        except OSError as exc:
            if exc.errno in (errno.ENOTSOCK, errno.ENOTDIR, errno.EPROTOTYPE):
                raise SocketRefused(f"{where}: this is not a server socket ({exc.strerror}).") from None
            raise SocketRefused(f"{where}: cannot connect ({exc.strerror}).") from exc
        try:
            sock.sendall(encode_frame(obj))
            buf = bytearray()
            while not buf.endswith(b"\n"):
                sock.settimeout(max(0.001, deadline - time.monotonic()))
                chunk = sock.recv(65536)
                if not chunk:
                    break
                buf += chunk
                if len(buf) > MAX_REPLY_BYTES:
                    raise BadFrame("reply_too_long", f"{where}: the reply is longer than {MAX_REPLY_BYTES} bytes.")
        except TimeoutError:
            raise NoAnswer(f"{where}: the server sent no answer within {timeout_s:g} s.") from None
        except (BrokenPipeError, ConnectionResetError):
            raise NoAnswer(f"{where}: the server closed the connection without an answer.") from None
        if not buf:
            raise NoAnswer(f"{where}: the server closed the connection without an answer.")
        return decode_frame(bytes(buf), max_bytes=MAX_REPLY_BYTES)
    finally:
        sock.close()
