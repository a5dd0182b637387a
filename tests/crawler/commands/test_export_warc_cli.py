"""`seaspider export-warc` and `fetch --warc` at the command line: arguments, refusals, exit codes, help."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from crawlkit import run_cli, write_queue
from storekit import html, visit
from warckit import records

from seaspider.cli import main
from seaspider.clock import FakeClock
from seaspider.store.writer import StoreWriter


@pytest.fixture
def store(tmp_path: Path) -> Path:
    path = tmp_path / "store"
    with StoreWriter.open(path, clock=FakeClock()) as w:
        w.record_visit(visit("https://a.test/", html(1)))
        w.record_visit(visit("https://b.test/", html(2)))
    return path


def test_export_prints_its_summary_and_writes_the_archive(store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.warc.gz"
    assert main(["export-warc", str(store), str(out), "--host", "A.TEST."]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["files"] == [str(out)] and summary["pages"] == 1 and summary["out_of_scope"] == 1
    assert [r.get("WARC-Target-URI") for r in records(out)[1:]] == ["https://a.test/"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["out.warc"], "must end in .warc.gz"),
        (["missing-dir/out.warc.gz"], "is not a directory"),
        (["out.warc.gz", "--since", "-5"], "--since -5 is not a Unix time"),
        (["out.warc.gz", "--host", "https://a.test/"], "is not a host name"),
        (["out.warc.gz", "--max-file-bytes", "0"], "--max-file-bytes 0 is less than the minimum of 1"),
        (["out.warc.gz", "--gzip-level", "10"], "--gzip-level 10 is outside 1 to 9"),
    ],
    ids=["not-warc-gz", "no-directory", "negative-since", "url-as-host", "zero-file-size", "gzip-level"],
)
def test_bad_input_exits_2_with_one_sentence_and_writes_nothing(
    store: Path, tmp_path: Path, args: list[str], message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    assert main(["export-warc", str(store), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and message in err and err.startswith("seaspider: ") and err.count("\n") == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == before


@pytest.mark.parametrize("existing", ["out.warc.gz", "out-00003.warc.gz", "out.warc.gz.part"])
def test_an_existing_output_is_never_overwritten(store: Path, tmp_path: Path, existing: str, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / existing).write_bytes(b"precious")
    assert main(["export-warc", str(store), str(tmp_path / "out.warc.gz")]) == 2
    assert f"{tmp_path / existing} already exists" in capsys.readouterr().err
    assert (tmp_path / existing).read_bytes() == b"precious"


def test_a_directory_that_is_not_a_store_exits_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["export-warc", str(tmp_path), str(tmp_path / "out.warc.gz")]) == 1
    assert "is not a Sea Spider store" in capsys.readouterr().err
    assert not (tmp_path / "out.warc.gz").exists()


def test_a_damaged_record_is_named_and_the_status_is_1(store: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    line = json.loads((store / "pages.jsonl").read_text().splitlines()[0])
    seg = store / "seg" / f"{line['seg']:06d}.seg"
    data = bytearray(seg.read_bytes())
    data[line["off"] + 10] ^= 0xFF
    seg.write_bytes(bytes(data))
    assert main(["export-warc", str(store), str(tmp_path / "out.warc.gz")]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["damaged"] == 1
    assert "skipped a damaged record" in err and "https://a.test/" in err
    assert [r.get("WARC-Target-URI") for r in records(tmp_path / "out.warc.gz")[1:]] == ["https://b.test/"]


def test_help_teaches_with_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit, match="0"):
        main(["export-warc", "--help"])
    text = capsys.readouterr().out
    assert "examples:" in text and "seaspider export-warc store/ crawl.warc.gz" in text and "keep_encoded_bodies" in text
    with pytest.raises(SystemExit, match="0"):
        main(["--help"])
    assert "export-warc" in capsys.readouterr().out


def test_fetch_warc_refuses_an_existing_output_before_touching_the_store(tmp_path: Path) -> None:
    (tmp_path / "out.warc.gz").write_bytes(b"precious")
    config = tmp_path / "config.json"
    config.write_text(json.dumps({"store": str(tmp_path / "store"), "robot": {"contact_url": "https://example.invalid/bot"},
                                  "service": {"lock": str(tmp_path / "lock")}}))
    queue = write_queue(tmp_path, ["http://127.0.0.1:9/"])
    done = run_cli("fetch", str(config), str(queue), "--warc", str(tmp_path / "out.warc.gz"))
    assert done.returncode == 2 and "already exists" in done.stderr and done.stdout == ""
    assert not (tmp_path / "store").exists()
    assert (tmp_path / "out.warc.gz").read_bytes() == b"precious"


def test_the_progress_line_is_drawn_on_a_terminal_only(tmp_path: Path) -> None:
    import io

    from seaspider.clock import FakeClock as Clock
    from seaspider.commands._warc import ExportProgress
    from seaspider.store.warc_files import WarcFiles

    files = WarcFiles(tmp_path / "p.warc.gz", warcinfo=[], now_unix=0.0)
    screen, log = io.StringIO(), io.StringIO()
    on_tty = ExportProgress(screen, files, total_bytes=200, clock=Clock(), tty=True)
    on_tty.update(50)
    assert screen.getvalue() == "\rexport-warc:  25.0% of the journal  0 records  1 file"
    on_tty.finish()
    assert screen.getvalue().endswith("\r" + " " * 53 + "\r")  # blanked, so the shell prompt starts clean
    not_tty = ExportProgress(log, files, total_bytes=200, clock=Clock(), tty=False)
    not_tty.update(50)
    assert log.getvalue() == ""  # negative control: a pipe or a file gets no progress line
    files.abort()
