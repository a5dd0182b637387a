"""A full disk, for real: `seaspider fetch` on a small tmpfs says one sentence, exits 1, loses nothing, resumes.

Each scenario runs in a private mount namespace (`unshare --mount`) with its own tmpfs, so the
test needs root; it is skipped otherwise. The store is filled once, the disk filled to the last
few bytes, a second fetch is run (it must fail with the sentence), the space freed, and the same
fetch run again (it must finish). Copies of the store at each step are checked from outside.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from crawlkit import write_config, write_queue
from storekit import check_store, naive_stats

from seaspider.demo.localweb import LocalWeb, Response
from seaspider.store.reader import StoreReader

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        os.geteuid() != 0 or shutil.which("unshare") is None,
        reason="needs root and unshare(1) to mount a small tmpfs in a private mount namespace",
    ),
]

FULL = re.compile(
    r"^seaspider: could not [^\n]+: the disk holding \S+ is full \(No space left on device\); "
    r"nothing recorded so far is lost; free space and run again\.$"
)

SCRIPT = r"""
set -u
mount -t tmpfs -o size=4m tmpfs "$MNT"
run() { name=$1; shift; "$@" > "$OUT/$name.out" 2> "$OUT/$name.err"; echo $? > "$OUT/$name.rc"; }
run first "$PY" -c "$CLI" fetch "$CFG" "$Q1"
cp -a "$MNT/store" "$OUT/store-first"
dd if=/dev/zero of="$MNT/fill" bs=4096 2>/dev/null
truncate -s "-$LEAVE" "$MNT/fill"
run full "$PY" -c "$CLI" fetch "$CFG" "$Q2"
cp -a "$MNT/store" "$OUT/store-full"
rm "$MNT/fill"
run resumed "$PY" -c "$CLI" fetch "$CFG" "$Q2"
cp -a "$MNT/store" "$OUT/store-resumed"
"""


def _scenario(tmp_path: Path, web: LocalWeb, leave_bytes: int, paths: list[str]) -> Path:
    mnt, out = tmp_path / "mnt", tmp_path / "out"
    mnt.mkdir()
    out.mkdir()
    config = write_config(tmp_path, web)
    text = config.read_text().replace(str(tmp_path / "store"), str(mnt / "store"))
    config.write_text(text)
    q1 = write_queue(tmp_path, [web.url(i, "/") for i in range(len(web.hosts))], "q1.txt")
    q2 = write_queue(tmp_path, [web.url(i, path) for path in paths for i in range(len(web.hosts))], "q2.txt")
    env = {
        **os.environ, "MNT": str(mnt), "OUT": str(out), "PY": sys.executable, "CFG": str(config),
        "Q1": str(q1), "Q2": str(q2), "LEAVE": str(leave_bytes),
        "CLI": "import sys; from seaspider.cli import main; sys.exit(main())",
    }
    subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", SCRIPT], env=env, check=True, timeout=300)
    return out


def _result(out: Path, name: str) -> tuple[int, str]:
    return int((out / f"{name}.rc").read_text()), (out / f"{name}.err").read_text()


@pytest.mark.parametrize(
    ("leave_bytes", "body_bytes"),
    [(0, 0), (1024 * 1024, 256 * 1024)],
    ids=["no-byte-left", "bodies-fill-the-last-MiB"],
)
def test_a_full_disk_gives_one_sentence_and_a_resume_finishes(tmp_path: Path, leave_bytes: int, body_bytes: int) -> None:
    with LocalWeb(hosts=3, pages=2, ip_base="127.151") as web:
        paths = ["/p/1", "/p/2"]
        if body_bytes:
            # Bodies zstd cannot shrink, so the segment (not an index) is what meets the full disk.
            paths = ["/r/1", "/r/2"]
            for host in web.hosts:
                for path in paths:
                    web.set_route(host, path, Response(headers=[("content-type", "application/octet-stream")], body=os.urandom(body_bytes)))
        out = _scenario(tmp_path, web, leave_bytes, paths)
        urls = {web.url(i, path) for path in paths for i in range(3)}
    code, err = _result(out, "first")
    assert code == 0, err  # negative control: with space, the same store and web work
    code, err = _result(out, "full")
    assert code == 1, err
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and FULL.match(lines[0]), err
    # Nothing recorded is lost: the store the failure left behind checks out line by line and frame by frame.
    check_store(out / "store-full", allow_torn_tail=True)
    code, err = _result(out, "resumed")
    assert code == 0, err
    lines = check_store(out / "store-resumed")
    assert urls <= {x["url"] for x in lines if x["kind"] == "page" and x["outcome"] == "fetched"}
    with StoreReader(out / "store-resumed") as reader:
        stats = reader.stats()
        assert {k: stats[k] for k in ("lines", "urls", "pages", "bodies")} == {
            k: v for k, v in naive_stats(out / "store-resumed").items() if k in ("lines", "urls", "pages", "bodies")
        }
