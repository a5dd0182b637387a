"""Suite-wide fixtures: the loopback-only network guard (this process and every child)."""

from __future__ import annotations

pytest_plugins = ("pytester",)  # tests that run pytest itself on a small file (tests/english/test_deputy_corpus.py)

import os
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
# The crawler suite's kits (crawlkit, fetchkit, storekit) serve every wing's tests below it.
sys.path.insert(0, str(Path(__file__).parent / "crawler"))
import netguard  # noqa: E402

_GUARD_DIR = Path(__file__).parent / "guard"
_LOG = Path(tempfile.mkdtemp(prefix="seaspider-netguard-")) / "violations.log"
os.environ["SEASPIDER_NET_GUARD_LOG"] = str(_LOG)
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [str(_GUARD_DIR), os.environ.get("PYTHONPATH", "")]))
netguard.install()
# Every test (and child) gets a private default singleton lock, never the user's real one.
os.environ["XDG_STATE_HOME"] = tempfile.mkdtemp(prefix="seaspider-state-")


@pytest.fixture(autouse=True)
def _no_traffic_off_loopback() -> Iterator[None]:
    """Fails the test if it (or a child process) resolved a name or left 127.0.0.0/8."""
    before = _LOG.read_text() if _LOG.exists() else ""
    yield
    after = _LOG.read_text() if _LOG.exists() else ""
    if after != before:
        pytest.fail("network guard: " + after[len(before):].strip(), pytrace=False)


@pytest.fixture
def lock_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Points the default singleton lock at a private temporary place."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    return tmp_path / "state" / "mova" / "seaspider.lock"
