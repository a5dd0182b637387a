"""The stderr progress: the live line's text, its throttling, and --verbose log lines."""

from __future__ import annotations

import io

from seaspider.clock import FakeClock
from seaspider.crawl.progress import Progress, ProgressLine, format_progress, format_visit
from seaspider.web.records import Hop, Outcome, Visit


def _visit(outcome: Outcome, **kw: object) -> Visit:
    values: dict[str, object] = {
        "url": "https://a.test/x", "final_url": "https://a.test/x", "outcome": outcome, "status": 200,
        "chain": (Hop("https://a.test/x", 200, "192.0.2.1"),), "headers": {}, "content_type": "text/html",
        "body": b"hello", "truncated": False, "sha256": None, "robots": None, "ms": 12, "fetched_unix": 1.0,
    }  # fmt: skip
    values.update(kw)
    return Visit(**values)  # type: ignore[arg-type]


def test_progress_text_has_done_total_rate_eta_hosts_errors() -> None:
    text = format_progress(Progress(done=120, total=1000, errors=2, hosts=17, elapsed_s=10.0))
    assert text == " 120/1000 pages  12.0/s  ETA 1:13  17 hosts  2 errors"


def test_progress_text_singular_and_unknown_eta() -> None:
    assert format_progress(Progress(0, 1, 1, 1, 0.0)) == "0/1 pages  0.0/s  ETA --:--  1 host  1 error"


def test_long_eta_shows_hours() -> None:
    assert "ETA 2:46:40" in format_progress(Progress(done=1, total=10001, errors=0, hosts=1, elapsed_s=1.0))


def test_live_line_redraws_in_place_and_is_throttled() -> None:
    out, clock = io.StringIO(), FakeClock()
    line = ProgressLine(out, tty=True, clock=clock)
    line.update(Progress(1, 10, 0, 1, 1.0))
    line.update(Progress(2, 10, 0, 1, 1.0))  # same instant: skipped
    clock.advance(0.5)
    line.update(Progress(3, 10, 0, 1, 1.5))
    line.finish()
    text = out.getvalue()
    assert text.count("\r 1/10") == 1 and "2/10" not in text and text.count("\r 3/10") == 1
    assert text.endswith("\r")
    assert "\n" not in text


def test_no_live_line_when_stderr_is_not_a_terminal() -> None:  # negative control
    out = io.StringIO()
    line = ProgressLine(out, tty=False)
    line.update(Progress(1, 10, 0, 1, 1.0), force=True)
    line.visit(_visit(Outcome.FETCHED))
    assert out.getvalue() == ""


def test_verbose_logs_one_line_per_url() -> None:
    out = io.StringIO()
    line = ProgressLine(out, tty=False, verbose=True)
    line.visit(_visit(Outcome.FETCHED))
    line.visit(_visit(Outcome.DISALLOWED, status=None, body=b"", reason="robots.txt disallows it (rule Disallow: /x)."))
    assert out.getvalue().splitlines() == [
        "fetched 200 https://a.test/x 5 bytes 12 ms",
        "disallowed - https://a.test/x (robots.txt disallows it (rule Disallow: /x)) 12 ms",
    ]


def test_visit_line_shows_redirect_and_truncation() -> None:
    v = _visit(Outcome.FETCHED, final_url="https://a.test/y", truncated=True)
    assert format_visit(v) == "fetched 200 https://a.test/x -> https://a.test/y 5 bytes (truncated) 12 ms"
