"""seaspider/lock.py: one holder per lock file; a second start is refused with status 5; SIGKILL frees it."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from seaspider.errors import LockHeld
from seaspider.lock import acquire

HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from seaspider.lock import acquire
    lock = acquire(Path(sys.argv[1]), "serve /tmp/x.sock")
    print("held", flush=True)
    sys.stdin.read()   # hold until the parent closes stdin or kills us
    """
)


def start_holder(path: Path) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "held"
    return proc


def test_second_holder_is_refused_with_holder_details(tmp_path: Path) -> None:
    path = tmp_path / "mova" / "seaspider.lock"
    proc = start_holder(path)
    try:
        with pytest.raises(LockHeld) as info:
            acquire(path, "fetch")
        message = str(info.value)
        assert f"pid {proc.pid}, serve /tmp/x.sock since " in message
        assert f"lock {path}" in message
        assert message.endswith("I did not start a second one.")
        assert info.value.exit_code == 5
    finally:
        proc.kill()
        proc.wait()


def test_sigkilled_holder_leaves_no_stale_lease(tmp_path: Path) -> None:
    path = tmp_path / "seaspider.lock"
    proc = start_holder(path)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    with acquire(path, "fetch") as lock:
        holder = json.loads(path.read_text())
        assert holder["pid"] == os.getpid() and holder["command"] == "fetch"
        assert lock.path == path


def test_released_lock_can_be_taken_again(tmp_path: Path) -> None:
    path = tmp_path / "seaspider.lock"
    acquire(path, "fetch").release()
    acquire(path, "robots").release()


def test_broken_locking_lets_a_second_holder_in(tmp_path: Path) -> None:
    """Negative control: the same file, a live holder, and the flock skipped: the refusal above is gone."""
    path = tmp_path / "seaspider.lock"
    proc = start_holder(path)
    try:
        second = acquire(path, "fetch", _broken=True)  # would raise LockHeld with real locking
        assert json.loads(path.read_text())["pid"] == os.getpid()
        second.release()
    finally:
        proc.kill()
        proc.wait()


def test_cli_exits_5_when_lock_is_held(tmp_path: Path) -> None:
    """The CLI refuses before loading anything else: the store directory is never created."""
    lock = tmp_path / "seaspider.lock"
    config = tmp_path / "c.json"
    config.write_text(json.dumps({"store": "store", "robot": {"contact_url": "https://example.invalid/movabot"}, "service": {"lock": str(lock)}}))
    queue = tmp_path / "q.txt"
    queue.write_text("https://example.invalid/\n")
    proc = start_holder(lock)
    try:
        result = subprocess.run([sys.executable, "-m", "seaspider.cli", "fetch", str(config), str(queue)], capture_output=True, text=True)
        assert result.returncode == 5, result.stderr
        assert "Sea Spider is already running" in result.stderr
        assert "Traceback" not in result.stderr
        assert not (tmp_path / "store").exists()
    finally:
        proc.kill()
        proc.wait()
