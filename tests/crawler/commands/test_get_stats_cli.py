"""`seaspider get` and `seaspider stats` through the real command line (seaspider.cli.main)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from storekit import check_store, naive_stats, visit

from seaspider.cli import main
from seaspider.clock import FakeClock
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Outcome

BINARY = bytes(range(256)) * 3 + b"\r\n\x00end"  # not UTF-8, with CR LF and NUL: must pass untouched


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "store"
    with StoreWriter.open(path, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/", b"<html>old</html>"))
        w.record_visit(visit("https://a.test/", b"<html>new</html>"))
        w.record_visit(visit("https://a.test/bin", BINARY))
        w.record_visit(visit("https://b.test/private", b"", outcome=Outcome.DISALLOWED, status=None))
    return path


def test_get_writes_the_latest_body_byte_for_byte(store: Path, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["get", str(store), "https://a.test/"]) == 0
    assert capfdbinary.readouterr().out == b"<html>new</html>"
    assert main(["get", str(store), "https://a.test/bin"]) == 0
    assert capfdbinary.readouterr().out == BINARY


def test_get_by_sha256(store: Path, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    sha = hashlib.sha256(b"<html>old</html>").hexdigest()
    assert main(["get", str(store), f"sha256:{sha}"]) == 0
    assert capfdbinary.readouterr().out == b"<html>old</html>"
    assert main(["get", str(store), f"sha256:{sha.upper()}"]) == 0
    assert capfdbinary.readouterr().out == b"<html>old</html>"


def test_get_says_on_stderr_when_the_body_is_still_encoded(tmp_path: Path, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    import dataclasses

    path = tmp_path / "store"
    lzw = b"\x1f\x9d\x90 still compressed"
    with StoreWriter.open(path, clock=FakeClock()) as w:
        w.record_visit(dataclasses.replace(visit("https://a.test/z", lzw), encoding_kept="compress"))
        w.record_visit(visit("https://a.test/plain", b"<html>decoded</html>"))
    assert [line.get("encoding_kept") for line in check_store(path) if line["kind"] == "page"] == ["compress", None]  # schema-valid
    assert main(["get", str(path), "https://a.test/z"]) == 0
    out, err = capfdbinary.readouterr()
    assert out == lzw  # the bytes as stored, byte for byte
    assert err.decode() == (
        "seaspider: note: the body of https://a.test/z is stored as the server sent it, still encoded with "
        "Content-Encoding compress, which Sea Spider cannot decode.\n"
    )
    assert main(["get", str(path), "https://a.test/plain"]) == 0
    assert capfdbinary.readouterr().err == b""  # negative control: a decoded body gets no note


@pytest.mark.parametrize("key", ["https://a.test/unknown", "https://b.test/private", "sha256:" + "0" * 64],
                         ids=["unknown-url", "url-without-body", "unknown-sha256"])
def test_get_unknown_key_says_so_and_exits_1(store: Path, key: str, capfdbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["get", str(store), key]) == 1
    out, err = capfdbinary.readouterr()
    assert out == b""
    assert err.decode() == (
        f"seaspider: no stored body for {key} in {store}; `seaspider stats {store}` lists what is there.\n"
    )


def test_get_on_a_directory_that_is_not_a_store_exits_1(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["get", str(tmp_path), "https://a.test/"]) == 1
    assert "is not a Sea Spider store" in capfd.readouterr().err
    assert os.listdir(tmp_path) == []  # reading creates nothing where there is no store


def test_stats_prints_one_json_object(store: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(store)]) == 0
    out = capfd.readouterr().out
    assert out.count("\n") == 1
    stats = json.loads(out)
    assert list(stats) == [
        "store", "host", "lines", "links_lines", "urls", "sitemap_urls", "pages", "page_lines", "hosts", "bodies", "bytes_raw",
        "bytes_compressed", "compression_ratio", "segments", "segment_bytes", "uncertain", "pending_intents",
        "corrupt_lines",
    ]
    assert stats["lines"] == {"robots": 0, "intent": 0, "page": 4, "uncertain": 0, "retry": 0}
    assert stats["pages"]["fetched"] == 2 and stats["pages"]["disallowed"] == 1
    assert stats["bodies"] == 3 and stats["segments"] == 1 and stats["hosts"] == 2
    assert {k: stats[k] for k in naive_stats(store)} == naive_stats(store)


def test_stats_for_one_host(store: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(store), "--host", "B.test"]) == 0
    stats = json.loads(capfd.readouterr().out)
    assert stats["host"] == "b.test" and stats["urls"] == 1 and stats["pages"]["disallowed"] == 1 and stats["bodies"] == 0


def test_stats_on_a_missing_store_exits_1(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", str(tmp_path / "nowhere")]) == 1
    assert capfd.readouterr().err.startswith("seaspider: ")


@pytest.mark.parametrize("verb", ["get", "stats"])
def test_help_has_examples(verb: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        main([verb, "--help"])
    assert info.value.code == 0
    text = capsys.readouterr().out
    assert "examples:" in text and f"seaspider {verb} store/" in text


def test_get_in_a_child_process_keeps_binary_bytes(store: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "seaspider.cli", "get", str(store), "https://a.test/bin"],
                          capture_output=True, check=False)
    assert done.returncode == 0 and done.stdout == BINARY and done.stderr == b""
