"""Pure politeness booking: per-IP rest from the end of a request, host delays, shared IPs."""

from __future__ import annotations

import random

import pytest

from seaspider.clock import FakeClock
from seaspider.web.politeness import Politeness, Slot, restore_from_unix

A, B = "192.0.2.1", "192.0.2.2"


def test_next_request_waits_for_interval_after_end() -> None:
    p = Politeness(ip_interval_s=2.0)
    slot = p.try_start("a.test", [A], 10.0)
    assert slot == Slot(A, "a.test", 10.0)
    assert p.try_start("a.test", [A], 10.5) is None  # still in flight
    p.end(slot, 11.0)
    assert p.try_start("a.test", [A], 12.9) is None  # rested 1.9 s only
    assert p.try_start("a.test", [A], 13.0) == Slot(A, "a.test", 13.0)


def test_other_ip_is_not_held_back() -> None:  # negative control of the test above
    p = Politeness(ip_interval_s=2.0)
    assert p.try_start("a.test", [A], 10.0) is not None
    assert p.try_start("b.test", [B], 10.0) is not None


def test_hosts_sharing_an_ip_share_its_rest() -> None:
    p = Politeness(ip_interval_s=2.0)
    slot = p.try_start("a.test", [A], 0.0)
    assert slot is not None
    assert p.try_start("b.test", [A], 0.1) is None  # never two in flight on one IP
    p.end(slot, 1.0)
    assert p.try_start("b.test", [A], 2.99) is None
    assert p.try_start("b.test", [A], 3.0) is not None


def test_dropping_ip_booking_lets_shared_ip_overlap() -> None:
    """The fault-injection switch really removes the per-IP rule (what the network test relies on)."""
    p = Politeness(ip_interval_s=2.0, enforce_ip=False)
    assert p.try_start("a.test", [A], 0.0) is not None
    assert p.try_start("b.test", [A], 0.0) is not None


def test_crawl_delay_raises_the_host_delay_but_never_lowers_it() -> None:
    p = Politeness(ip_interval_s=2.0)
    p.set_crawl_delay("a.test", 5.0)
    assert p.host_delay_s("a.test") == 5.0
    p.set_crawl_delay("b.test", 0.5)
    assert p.host_delay_s("b.test") == 2.0
    slot = p.try_start("a.test", [A], 0.0)
    assert slot is not None
    p.end(slot, 1.0)
    assert p.try_start("a.test", [A], 5.9) is None  # IP rested, host did not
    assert p.try_start("c.test", [A], 3.0) is not None  # another host on that IP only waits for the IP


def test_crawl_delay_learnt_after_a_request_extends_its_rest() -> None:
    p = Politeness(ip_interval_s=2.0)
    slot = p.try_start("a.test", [A], 0.0)
    assert slot is not None
    p.end(slot, 1.0)  # the robots.txt request, say
    p.set_crawl_delay("a.test", 10.0)
    assert p.try_start("a.test", [A], 10.9) is None
    assert p.try_start("a.test", [A], 11.0) is not None


def test_host_with_several_ips_uses_the_one_free_first() -> None:
    p = Politeness(ip_interval_s=2.0)
    first = p.try_start("x.test", [A], 0.0)
    assert first is not None
    p.end(first, 0.5)  # A free at 2.5
    other = p.try_start("y.test", [B], 0.0)
    assert other is not None
    p.end(other, 1.0)  # B free at 3.0
    opening = p.opening("multi.test", [B, A])
    assert (opening.ip, opening.at_s) == (A, 2.5)
    assert p.try_start("multi.test", [B, A], 2.5) == Slot(A, "multi.test", 2.5)


def test_a_host_has_one_request_in_flight_even_with_several_ips() -> None:
    p = Politeness(ip_interval_s=2.0)
    assert p.try_start("multi.test", [A, B], 0.0) is not None
    assert p.try_start("multi.test", [A, B], 0.0) is None
    assert p.opening("multi.test", [A, B]).at_s is None


def test_opening_is_none_while_every_ip_is_in_flight() -> None:
    p = Politeness(ip_interval_s=2.0)
    assert p.try_start("a.test", [A], 0.0) is not None
    assert p.opening("b.test", [A]).ip is None


def test_previous_run_end_times_are_honoured() -> None:
    clock = FakeClock(now_s=100.0)
    p = Politeness(ip_interval_s=2.0)
    # The previous run's last request to A ended 0.5 s ago (Unix time).
    restore_from_unix(p, {A: clock.time() - 0.5}, now_unix=clock.time(), now_s=clock.monotonic())
    assert p.try_start("a.test", [A], clock.monotonic()) is None
    clock.advance(1.49)
    assert p.try_start("a.test", [A], clock.monotonic()) is None
    clock.advance(0.01)
    assert p.try_start("a.test", [A], clock.monotonic()) is not None


def test_old_end_times_do_not_hold_anything_back() -> None:  # negative control
    p = Politeness(ip_interval_s=2.0)
    restore_from_unix(p, {A: 1000.0}, now_unix=5000.0, now_s=10.0)
    assert p.try_start("a.test", [A], 10.0) is not None


@pytest.mark.parametrize("seed", range(5))
def test_random_schedules_never_break_the_spacing(seed: int) -> None:
    """Many hosts on few IPs, requests of random length: every IP's history stays spaced."""
    rng = random.Random(seed)
    clock = FakeClock(now_s=0.0)
    p = Politeness(ip_interval_s=2.0)
    hosts = {f"h{i}.test": [f"192.0.2.{i % 3 + 1}"] + ([f"192.0.2.{i % 5 + 1}"] if i % 4 == 0 else []) for i in range(12)}
    in_flight: list[tuple[Slot, float]] = []
    history: dict[str, list[tuple[float, float]]] = {}
    for _ in range(400):
        clock.advance(rng.choice([0.0, 0.05, 0.3, 1.0]))
        now = clock.monotonic()
        for slot, until in [f for f in in_flight if f[1] <= now]:
            p.end(slot, until)
            history.setdefault(slot.ip, []).append((slot.start_s, until))
            in_flight.remove((slot, until))
        host = rng.choice(sorted(hosts))
        slot = p.try_start(host, hosts[host], now)
        if slot is not None:
            in_flight.append((slot, now + rng.choice([0.0, 0.1, 0.7, 2.5])))
    assert sum(len(v) for v in history.values()) > 20
    for spans in history.values():
        spans.sort()
        for (_, end), (start, _) in zip(spans, spans[1:]):
            assert start - end >= 2.0 - 1e-9


def test_margin_lengthens_every_rest() -> None:
    p = Politeness(ip_interval_s=2.0, margin_s=0.01)
    slot = p.try_start("a.test", [A], 0.0)
    assert slot is not None
    p.end(slot, 1.0)
    assert p.try_start("b.test", [A], 3.0) is None
    assert p.try_start("b.test", [A], 3.01) is not None


def test_slow_down_doubles_the_host_delay_and_lengthens_the_rest_running() -> None:
    p = Politeness(ip_interval_s=2.0)
    slot = p.try_start("a.test", ["192.0.2.1"], 0.0)
    assert slot is not None
    p.end(slot, 1.0)
    assert p.opening("a.test", ["192.0.2.1"]).at_s == 3.0
    assert p.slow_down("a.test", max_delay_s=60) == 4.0
    assert p.opening("a.test", ["192.0.2.1"]).at_s == 5.0  # the rest that request started grew too
    assert p.slow_down("a.test", max_delay_s=60) == 8.0
    assert p.host_delay_s("b.test") == 2.0  # negative control: other hosts keep their delay


def test_slow_down_stops_at_the_maximum_and_decays_after_successes() -> None:
    p = Politeness(ip_interval_s=2.0)
    for _ in range(10):
        p.slow_down("a.test", max_delay_s=60)
    assert p.host_delay_s("a.test") == 60.0
    p.recover("a.test")
    assert p.host_delay_s("a.test") == 30.0
    for _ in range(10):
        p.recover("a.test")
    assert p.host_delay_s("a.test") == 2.0


def test_slow_down_never_shortens_a_crawl_delay_above_the_maximum() -> None:
    p = Politeness(ip_interval_s=2.0)
    p.set_crawl_delay("a.test", 90.0)
    assert p.slow_down("a.test", max_delay_s=60) == 90.0
