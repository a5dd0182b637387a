"""Write-ahead booking: a `seaspider fetch` SIGKILLed with requests in flight, restarted at once, still rests every IP.

The killed run's requests are slow, so the kill lands inside them; the restart must leave each IP
alone until the killed request must have ended (start + fetch.timeout_ms) plus the interval. The
spacing is checked from the local web's own request log. The negative control runs the very same
command with the booking skipped (a test-only fault), and the same check must turn red.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from crawlkit import write_config, write_queue
from fetchkit import MemoryState, make_config

from seaspider.demo.localweb import LocalWeb
from seaspider.net.fetch import Fetcher

SLOW_MS = 2000  # long enough that the kill lands inside the request
# The restart's rest: start + this + the 2 s interval. The slack over SLOW_MS absorbs a loaded
# machine's late server-side end, so the positive check never turns red by accident.
TIMEOUT_MS = 4000
# The negative control's restart must land inside the killed request's server-side span plus the
# interval: a longer request keeps that window wide even when a loaded machine starts Python slowly.
CONTROL_SLOW_MS = 6000
CLI = "import sys; from seaspider.cli import main; sys.exit(main())"
# The same command with the booking skipped (Fetcher builds its Faults from this module global).
CLI_WITHOUT_WRITE_AHEAD = (
    "import functools, sys; import seaspider.net.fetch as f; "
    "f.Faults = functools.partial(f.Faults, skip_write_ahead=True); "
    "from seaspider.cli import main; sys.exit(main())"
)


def _kill_in_flight_and_restart(tmp_path: Path, web: LocalWeb, code: str, slow_ms: int = SLOW_MS) -> subprocess.CompletedProcess[str]:
    config = write_config(tmp_path, web, fetch={"timeout_ms": max(TIMEOUT_MS, slow_ms + 1000)})
    slow = f"/slow?ms={slow_ms}"
    queue = write_queue(tmp_path, [web.url(i, slow) for i in range(len(web.hosts))])
    child = subprocess.Popen([sys.executable, "-c", code, "fetch", str(config), str(queue)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        deadline = time.monotonic() + 60
        # Wait (polling the server, not the clock) until every slow request has reached the server.
        while sum(1 for _ip, _host, target in web.started if target == slow) < len(web.hosts):
            assert child.poll() is None and time.monotonic() < deadline, "the slow requests never went out"
            time.sleep(0.005)
    finally:
        child.send_signal(signal.SIGKILL)
        child.communicate(timeout=30)
    # At once: the restart fetches the uncertain URLs again.
    return subprocess.run([sys.executable, "-c", code, "fetch", str(config), str(queue)], capture_output=True, text=True, timeout=120)


def _gaps(web: LocalWeb, ip: str) -> list[float]:
    """End-to-start gaps between consecutive requests to `ip`, as the server saw them."""
    records = sorted(web.requests(ip=ip), key=lambda r: r.start)
    return [round(b.start - a.end, 3) for a, b in zip(records, records[1:], strict=False)]


@pytest.mark.slow
def test_a_restart_after_sigkill_rests_every_ip_that_had_a_request_in_flight(tmp_path: Path) -> None:
    with LocalWeb(hosts=3, pages=1, ip_base="127.161") as web:
        second = _kill_in_flight_and_restart(tmp_path, web, CLI)
        assert second.returncode == 0, second.stderr
        deadline = time.monotonic() + 10
        while len(web.log) < 9 and time.monotonic() < deadline:  # robots + killed + refetched, per IP
            time.sleep(0.005)
        for ip in web.ips:
            assert len(web.requests(ip=ip)) == 3
            assert all(gap >= 2.0 for gap in _gaps(web, ip)), (ip, _gaps(web, ip))
        assert web.spacing_violations() == []


@pytest.mark.slow
def test_without_write_ahead_the_restart_comes_too_soon(tmp_path: Path) -> None:  # negative control
    with LocalWeb(hosts=3, pages=1, ip_base="127.162") as web:
        second = _kill_in_flight_and_restart(tmp_path, web, CLI_WITHOUT_WRITE_AHEAD, slow_ms=CONTROL_SLOW_MS)
        assert second.returncode == 0, second.stderr
        deadline = time.monotonic() + 10
        while len(web.log) < 9 and time.monotonic() < deadline:
            time.sleep(0.005)
        assert web.spacing_violations() != []


def test_every_request_books_its_ip_before_it_goes_out(tmp_path: Path) -> None:
    """A robots.txt fetch, a first request and a redirect hop: one booking each, each before its request."""
    import asyncio
    from urllib.parse import quote

    with LocalWeb(hosts=3, pages=1, ip_base="127.163") as web:
        state = MemoryState()
        # Stored robots.txt for h1 and h2, so their hops go out at once (different IPs, no waiting).
        for i in (0, 1):
            state.seed_robots(web.url(i), "User-agent: *\nAllow: /\n", fetched_unix=time.time())
        seen_at_booking: list[int] = []

        def book(ip: str, start_unix: float, until_unix: float) -> None:
            seen_at_booking.append(len(web.started))  # requests the server had seen when this was booked
            state.booked.append((ip, start_unix, until_unix))

        state.book_ip = book  # type: ignore[method-assign]
        config = make_config(web, tmp_path, fetch={"timeout_ms": 4000})

        async def go() -> None:
            fetcher = Fetcher(config, state=state)
            try:
                visit = await fetcher.visit(web.url(0, "/redirect-to?url=" + quote(web.url(1, "/p/1"), safe="")))
                assert str(visit.outcome) == "fetched" and len(visit.chain) == 2
                await fetcher.check_robots(web.url(2, "/p/1"))
            finally:
                await fetcher.aclose()

        asyncio.run(go())
        started = [(ip, target) for ip, _host, target in web.started]
    assert [target for _ip, target in started] == [started[0][1], "/p/1", "/robots.txt"]
    assert seen_at_booking == [0, 1, 2]  # each booking came before the server saw its request
    assert [ip for ip, _s, _u in state.booked] == [ip for ip, _target in started]
    assert all(until - start == pytest.approx(4.0, abs=0.05) for _ip, start, until in state.booked)


def test_with_the_fault_set_nothing_is_booked(tmp_path: Path) -> None:  # negative control
    """The check above can fail: a fetcher with the booking skipped sends without one."""
    import asyncio

    from seaspider.net.fetch import Faults

    with LocalWeb(hosts=1, pages=1, ip_base="127.164") as web:
        state = MemoryState()
        state.seed_robots(web.url(0), "User-agent: *\nAllow: /\n", fetched_unix=time.time())

        async def go() -> None:
            fetcher = Fetcher(make_config(web, tmp_path), state=state, faults=Faults(skip_write_ahead=True))
            try:
                await fetcher.visit(web.url(0, "/p/1"))
            finally:
                await fetcher.aclose()

        asyncio.run(go())
        assert len(web.started) == 1
    assert state.booked == []
