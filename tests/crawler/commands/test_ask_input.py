"""`seaspider ask` reads stdin as bytes: invalid UTF-8 is refused before anything is sent (exit 2, one sentence)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest
from service_support import RunningServer, gated_server


def ask(socket_path: str, data: bytes, *, locale: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "LC_ALL": locale, "LANG": locale}
    env.pop("PYTHONIOENCODING", None)
    return subprocess.run([sys.executable, "-m", "seaspider.cli", "ask", socket_path, "1"], input=data, capture_output=True,
                          env=env, timeout=60)


@pytest.fixture
def server() -> Iterator[RunningServer]:
    with gated_server() as srv:
        yield srv


@pytest.mark.parametrize("locale", ["C", "C.UTF-8"])
@pytest.mark.parametrize("data", [b"Is the queue \xff empty?", b"\xc3(", b"Fetch https://a.example/\xed\xa0\x80."],
                         ids=["stray-byte", "cut-sequence", "encoded-surrogate"])
@pytest.mark.slow
def test_invalid_utf8_is_refused_with_a_usage_sentence(server: RunningServer, locale: str, data: bytes) -> None:
    out = ask(str(server.socket), data, locale=locale)
    err = out.stderr.decode("utf-8", "replace")
    assert out.returncode == 2, err
    assert out.stdout == b""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("seaspider: stdin is not UTF-8 text (byte 0x"), err
    assert "send the prompt as UTF-8" in lines[0]
    assert server.lines("requests.jsonl") == []  # nothing reached the server


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["C", "C.UTF-8"])
def test_valid_utf8_beyond_ascii_is_sent(server: RunningServer, locale: str) -> None:  # negative control
    prompt = "What did you get from https://bücher.example/straße?"
    out = ask(str(server.socket), prompt.encode(), locale=locale)
    assert out.returncode == 0, out.stderr.decode("utf-8", "replace")
    reply = json.loads(out.stdout.decode("utf-8").splitlines()[1])
    plan = reply["report"]["plan"]
    assert plan["operation"] == "page" and plan["args"]["url"].startswith("https://xn--bcher-kva.example/")
    assert [line["admitted"] for line in server.lines("requests.jsonl")] == [True]
