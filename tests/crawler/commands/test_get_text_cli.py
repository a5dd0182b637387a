"""`seaspider get --text`: the readable text the service's read answer gives, through the real command line."""

from __future__ import annotations

from pathlib import Path

import pytest
from storekit import visit

from seaspider.cli import main
from seaspider.clock import FakeClock
from seaspider.store.writer import StoreWriter
from seaspider.web.records import Outcome

PAGE = b"<html><head><title>T</title><script>x()</script></head><body><h1>Head</h1><p>Body <a href='/n'>next</a></p></body></html>"


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "store"
    with StoreWriter.open(path, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/", PAGE))
        w.record_visit(visit("https://a.test/koi8", "<p>привет</p>".encode("koi8-r"), headers={"content-type": "text/html; charset=koi8-r"}))
        png = visit("https://a.test/logo.png", b"\x89PNG\r\n\x1a\n" + bytes(40), headers={"content-type": "image/png"})
        w.record_visit(png)
        w.record_visit(visit("https://b.test/private", b"", outcome=Outcome.DISALLOWED, status=None))
    return path


def test_text_of_a_stored_page(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["get", "--text", str(store), "https://a.test/"]) == 0
    assert capsys.readouterr().out == "T\n\n# Head\n\nBody [next](https://a.test/n)\n"


def test_the_declared_charset_is_used(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["get", "--text", str(store), "https://a.test/koi8"]) == 0
    assert capsys.readouterr().out == "привет\n"


def test_a_span_of_the_text(store: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["get", "--text", "--start", "3", "--max-chars", "6", str(store), "https://a.test/"]) == 0
    assert capsys.readouterr().out == "# Head\n"


def test_without_text_the_bytes_are_written(store: Path, capfdbinary: pytest.CaptureFixture[bytes]) -> None:  # control
    assert main(["get", str(store), "https://a.test/"]) == 0
    assert capfdbinary.readouterr().out == PAGE


@pytest.mark.parametrize(
    ("argv", "code", "message"),
    [
        (["--text", "https://a.test/logo.png"], 1, "https://a.test/logo.png is image/png (48 bytes); it has no text."),
        (["--text", "https://a.test/unknown"], 1, "no stored body for https://a.test/unknown"),
        (["--text", "sha256:" + "0" * 64], 2, "--text needs the page's URL, not a sha256: key"),
        (["--start", "3", "https://a.test/"], 2, "--start and --max-chars choose a span of the text; add --text"),
        (["--text", "--max-chars", "0", "https://a.test/"], 2, "--start/--max-chars: max_chars 0 is not between 1 and 100000"),
        (["--text", "--start", "-1", "https://a.test/"], 2, "--start/--max-chars: start -1 is negative"),
    ],
    ids=["not-text", "unknown-url", "sha256-key", "span-without-text", "zero-chars", "negative-start"],
)
def test_bad_requests_get_one_sentence_and_an_exit_code(
    store: Path, capsys: pytest.CaptureFixture[str], argv: list[str], code: int, message: str
) -> None:
    assert main(["get", *argv[:-1], str(store), argv[-1]]) == code
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith(f"seaspider: {message}") and "Traceback" not in captured.err
