"""wire/transport.py: the private directory, the 0600 socket, the peer check, bounded frames, many clients."""

from __future__ import annotations

import json
import os
import socket
import stat
import subprocess
import sys
import textwrap
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

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
    decode_frame,
    ensure_private_dir,
    peer_refusal,
    private_dir_problem,
    request,
)

NOBODY = 65534


def short_dir(tmp_path: Path) -> Path:
    # sun_path holds 107 bytes: pytest's tmp paths can be long, so sockets live in a short dir.
    base = Path(os.environ.get("SEASPIDER_TEST_SOCK_BASE", "/tmp"))
    link = Path(os.path.join(base, f"ss-{os.getpid()}-{abs(hash(tmp_path)) % 10**8}"))
    link.mkdir(mode=0o755, exist_ok=True)
    return link


@pytest.fixture
def sock_path(tmp_path: Path) -> Iterator[Path]:
    base = short_dir(tmp_path)
    yield base / "run" / "s.sock"
    subprocess.run(["rm", "-rf", str(base)], check=False)


class Recorder:
    """A handler that echoes the request with the peer, and logs refusals."""

    def __init__(self) -> None:
        self.refused: list[tuple[Peer, str]] = []
        self.seen: list[Any] = []

    def handle(self, req: Any, peer: Peer) -> Any:
        self.seen.append(req)
        return {"echo": req, "uid": peer.uid, "pid": peer.pid}

    def bad(self, kind: str, message: str) -> Any:
        return {"error": kind, "message": message}

    def peer(self, peer: Peer, reason: str) -> Any:
        self.refused.append((peer, reason))
        return {"error": "peer_refused", "message": reason}


def start(path: Path, rec: Recorder, **kw: Any) -> tuple[UnixServer, threading.Thread]:
    server = UnixServer(path, rec.handle, bad_frame_reply=rec.bad, on_peer_refused=rec.peer, **kw)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server, thread


def stop(server: UnixServer, thread: threading.Thread) -> None:
    server.close()
    thread.join(5)
    assert not thread.is_alive()


# -- the directory --------------------------------------------------------------------------------


def test_directory_is_created_0700(sock_path: Path) -> None:
    ensure_private_dir(sock_path.parent)
    st = os.stat(sock_path.parent)
    assert stat.S_IMODE(st.st_mode) == 0o700 and st.st_uid == os.geteuid()


@pytest.mark.parametrize("mode", [0o755, 0o750, 0o701, 0o770], ids=["world-readable", "group-readable", "other-exec", "group-writable"])
def test_directory_with_other_permissions_is_refused(sock_path: Path, mode: int) -> None:
    sock_path.parent.mkdir(mode=mode)
    os.chmod(sock_path.parent, mode)
    with pytest.raises(UnsafeSocketDir, match=f"permissions {mode:04o}.*must be 0700"):
        ensure_private_dir(sock_path.parent)


def test_directory_of_another_owner_is_refused(sock_path: Path) -> None:
    sock_path.parent.mkdir(mode=0o700)
    os.chown(sock_path.parent, NOBODY, NOBODY)
    with pytest.raises(UnsafeSocketDir, match=f"owned by uid {NOBODY}"):
        ensure_private_dir(sock_path.parent)


def test_a_file_in_place_of_the_directory_is_refused(sock_path: Path) -> None:
    sock_path.parent.write_text("x")
    with pytest.raises(UnsafeSocketDir, match="is not a directory"):
        ensure_private_dir(sock_path.parent)


def test_private_dir_problem_accepts_exactly_owner_0700(tmp_path: Path) -> None:
    d = tmp_path / "d"
    d.mkdir()
    os.chmod(d, 0o700)
    assert private_dir_problem(os.stat(d), owner_uid=os.geteuid()) is None
    assert "owned by" in (private_dir_problem(os.stat(d), owner_uid=os.geteuid() + 1) or "")  # negative control


def test_socket_is_0600_and_removed_at_close(sock_path: Path) -> None:
    server, thread = start(sock_path, Recorder())
    assert stat.S_IMODE(os.stat(sock_path).st_mode) == 0o600
    stop(server, thread)
    assert not sock_path.exists()


def test_stale_socket_is_replaced_but_live_one_is_not(sock_path: Path) -> None:
    ensure_private_dir(sock_path.parent)
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(sock_path))
    stale.close()  # a crashed server leaves this behind
    server, thread = start(sock_path, Recorder())
    with pytest.raises(TransportError, match="another server is already answering"):
        UnixServer(sock_path, Recorder().handle, bad_frame_reply=Recorder().bad, on_peer_refused=Recorder().peer)
    stop(server, thread)


def test_a_regular_file_at_the_socket_path_is_left_alone(sock_path: Path) -> None:
    ensure_private_dir(sock_path.parent)
    sock_path.write_text("precious")
    with pytest.raises(TransportError, match="not a socket"):
        UnixServer(sock_path, Recorder().handle, bad_frame_reply=Recorder().bad, on_peer_refused=Recorder().peer)
    assert sock_path.read_text() == "precious"


# -- the peer check -------------------------------------------------------------------------------


def test_peer_refusal_names_the_uid() -> None:
    assert peer_refusal(Peer(pid=10, uid=0, gid=0), owner_uid=0) is None
    reason = peer_refusal(Peer(pid=10, uid=NOBODY, gid=NOBODY), owner_uid=0)
    assert reason == f"uid {NOBODY} (pid 10) is not the socket's owner (uid 0)"


OTHER_UID_CLIENT = textwrap.dedent(
    """
    import os, socket, sys
    os.setgid(65534); os.setuid(65534)
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(10)
    s.connect(sys.argv[1])
    try:
        s.sendall(b'{"id":"1","prompt":"hello"}\\n')
    except BrokenPipeError:
        pass  # the server may refuse (and close) before the request is even sent
    data = b""
    while not data.endswith(b"\\n"):
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    sys.stdout.write(data.decode())
    """
)


def run_as_nobody(path: Path) -> dict[str, Any]:
    out = subprocess.run([sys.executable, "-I", "-c", OTHER_UID_CLIENT, str(path)], capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    return dict(json.loads(out.stdout))


def open_up(path: Path) -> None:
    # Simulates a directory whose permissions were loosened after the server checked them: the
    # peer check is then the last line of defence, and this test shows that it holds.
    os.chmod(path.parent, 0o711)
    os.chmod(path, 0o666)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run a client under another uid")
def test_client_of_another_uid_is_refused_and_logged(sock_path: Path) -> None:
    rec = Recorder()
    server, thread = start(sock_path, rec)
    try:
        open_up(sock_path)
        reply = run_as_nobody(sock_path)
        assert reply["error"] == "peer_refused" and f"uid {NOBODY}" in reply["message"]
        assert rec.seen == [] and [p.uid for p, _ in rec.refused] == [NOBODY]
    finally:
        stop(server, thread)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run a client under another uid")
def test_negative_control_without_peer_check_another_uid_gets_in(sock_path: Path) -> None:
    rec = Recorder()
    server, thread = start(sock_path, rec, check_peers=False)
    try:
        open_up(sock_path)
        reply = run_as_nobody(sock_path)
        assert reply["uid"] == NOBODY and rec.seen == [{"id": "1", "prompt": "hello"}]
    finally:
        stop(server, thread)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to run a client under another uid")
def test_another_uid_cannot_even_reach_a_0700_directory(sock_path: Path) -> None:
    rec = Recorder()
    server, thread = start(sock_path, rec)
    try:
        out = subprocess.run([sys.executable, "-I", "-c", OTHER_UID_CLIENT, str(sock_path)], capture_output=True, text=True, timeout=30)
        assert out.returncode != 0 and "PermissionError" in out.stderr
        assert rec.seen == [] and rec.refused == []
    finally:
        stop(server, thread)


# -- frames ---------------------------------------------------------------------------------------


def raw_exchange(path: Path, data: bytes) -> tuple[bytes, bool]:
    """Send raw bytes; return the reply line and whether the server then closed the connection."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(10)
    s.connect(str(path))
    try:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)  # no more requests: a server that keeps reading sees EOF
    except BrokenPipeError:
        pass
    buf = b""
    while not buf.endswith(b"\n"):
        chunk = s.recv(65536)
        if not chunk:
            break
        buf += chunk
    try:
        closed = s.recv(1) == b""
    except ConnectionResetError:
        closed = True
    s.close()
    return buf, closed


def test_frame_at_the_limit_is_read_and_one_byte_more_is_refused(sock_path: Path) -> None:
    rec = Recorder()
    server, thread = start(sock_path, rec)
    try:
        pad = MAX_FRAME_BYTES - len(json.dumps({"p": ""}))
        exact = json.dumps({"p": "x" * pad}).encode()
        assert len(exact) == MAX_FRAME_BYTES
        reply, _ = raw_exchange(sock_path, exact + b"\n")
        assert json.loads(reply)["echo"]["p"] == "x" * pad
        # Without the half-close, the server must close on its own after the refusal.
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(str(sock_path))
        s.sendall(json.dumps({"p": "x" * (pad + 1)}).encode() + b"\n")
        stream = s.makefile("rb")
        reply, closed = stream.readline(), stream.read() == b""
        s.close()
        assert json.loads(reply) == {"error": "frame_too_long", "message": f"the request is longer than {MAX_FRAME_BYTES} bytes"}
        assert closed
    finally:
        stop(server, thread)


@pytest.mark.parametrize("data", [b"{not json}\n", b"\xff\xfe\n", b'{"a": 1} trailing\n'], ids=["not-json", "not-utf8", "trailing-garbage"])
def test_malformed_frame_is_answered_and_closed(sock_path: Path, data: bytes) -> None:
    rec = Recorder()
    server, thread = start(sock_path, rec)
    try:
        reply, closed = raw_exchange(sock_path, data)
        assert json.loads(reply)["error"] == "malformed_frame" and closed
        assert rec.seen == []
    finally:
        stop(server, thread)


def test_several_frames_on_one_connection(sock_path: Path) -> None:
    server, thread = start(sock_path, Recorder())
    try:
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(10)
        s.connect(str(sock_path))
        s.sendall(b'{"n":1}\n{"n":2}\n')
        stream = s.makefile("rb")
        assert [json.loads(stream.readline())["echo"]["n"] for _ in range(2)] == [1, 2]
        s.close()
    finally:
        stop(server, thread)


def test_decode_frame_bounds() -> None:
    assert decode_frame(b'{"a":1}\n') == {"a": 1}
    with pytest.raises(BadFrame, match="longer than 4 bytes"):
        decode_frame(b'"abcd"\n', max_bytes=4)


def test_many_clients_at_once(sock_path: Path) -> None:
    server, thread = start(sock_path, Recorder())
    replies: list[Any] = []
    lock = threading.Lock()

    def one(i: int) -> None:
        reply = request(sock_path, {"n": i}, timeout_s=20)
        with lock:
            replies.append(reply["echo"]["n"])

    try:
        threads = [threading.Thread(target=one, args=(i,)) for i in range(100)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(30)
        assert sorted(replies) == list(range(100))
    finally:
        stop(server, thread)


# -- the client's errors --------------------------------------------------------------------------


def test_client_says_when_the_socket_is_missing(sock_path: Path) -> None:
    with pytest.raises(SocketMissing, match="no socket there"):
        request(sock_path, {"x": 1}, timeout_s=1)


def test_client_says_when_the_connection_is_refused(sock_path: Path) -> None:
    ensure_private_dir(sock_path.parent)
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    dead.bind(str(sock_path))
    dead.close()
    with pytest.raises(SocketRefused, match="refused"):
        request(sock_path, {"x": 1}, timeout_s=1)


def test_client_says_when_the_server_is_silent(sock_path: Path) -> None:
    ensure_private_dir(sock_path.parent)
    silent = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    silent.bind(str(sock_path))
    silent.listen(1)
    try:
        with pytest.raises(NoAnswer, match="no answer within 0.3 s"):
            request(sock_path, {"x": 1}, timeout_s=0.3)
    finally:
        silent.close()


def test_a_second_close_leaves_alone_a_file_that_took_the_pipe_numbers(sock_path: Path) -> None:
    server, thread = start(sock_path, Recorder())
    stop(server, thread)
    read_end, write_end = os.pipe()  # most likely the stop pipe's old numbers
    try:
        server.close()
        server.shutdown()
        os.write(write_end, b"x")
        assert os.read(read_end, 1) == b"x"
    finally:
        os.close(read_end)
        os.close(write_end)
