"""seaspider/demo/localweb.py: the built-in local web serves what tests rely on and logs what it saw."""

from __future__ import annotations

import gzip
import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fetchkit import logged

from seaspider.demo.localweb import (
    CLIENT_LEFT,
    LocalWeb,
    RequestRecord,
    Response,
    ip_for,
    spacing_violations,
)
from seaspider.demo.misbehaviours import cut_robots, giant_agents_robots


def get(web: LocalWeb, host: str, path: str, headers: str = "") -> tuple[int, dict[str, str], bytes]:
    """A minimal raw HTTP/1.1 GET straight to the host's IP (no resolver involved)."""
    ip = web.resolve_map()[host]
    with socket.create_connection((ip, web.port), timeout=5) as conn:
        conn.sendall(f"GET {path} HTTP/1.1\r\nHost: {host}:{web.port}\r\nUser-Agent: probe/1\r\nConnection: close\r\n{headers}\r\n".encode())
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    fields = dict((k.lower(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:]))
    return int(lines[0].split()[1]), fields, body


@pytest.fixture(scope="module")
def web() -> Iterator[LocalWeb]:
    with LocalWeb(hosts=4, pages=3, hosts_per_ip=2, ip_base="127.21") as server:
        yield server


def test_hosts_share_ips_as_asked(web: LocalWeb) -> None:
    assert web.hosts == ["h1.test", "h2.test", "h3.test", "h4.test"]
    assert web.ips == ["127.21.0.1", "127.21.0.2"]
    assert web.resolve_map()["h2.test"] == "127.21.0.1" and web.resolve_map()["h3.test"] == "127.21.0.2"


def test_robots_index_and_pages_are_served(web: LocalWeb) -> None:
    status, _, body = get(web, "h1.test", "/robots.txt")
    assert status == 200 and b"Disallow: /private/" in body
    status, fields, body = get(web, "h2.test", "/")
    assert status == 200 and fields["content-type"].startswith("text/html")
    assert b'href="/p/3"' in body and b'rel="nofollow"' in body and b"h3.test" in body
    status, fields, body = get(web, "h1.test", "/p/2")
    assert status == 200 and b"<title>h1.test page 2</title>" in body and fields["etag"] == '"h1.test-p2"'
    assert get(web, "h1.test", "/p/4")[0] == 404


def test_page_answers_304_to_matching_etag(web: LocalWeb) -> None:
    assert get(web, "h1.test", "/p/1", 'If-None-Match: "h1.test-p1"\r\n')[0] == 304
    assert get(web, "h1.test", "/p/1", 'If-None-Match: "other"\r\n')[0] == 200  # negative control


def test_wrong_ip_for_host_is_misdirected(web: LocalWeb) -> None:
    ip = web.resolve_map()["h3.test"]
    with socket.create_connection((ip, web.port), timeout=5) as conn:
        conn.sendall(f"GET / HTTP/1.1\r\nHost: h1.test\r\nConnection: close\r\n\r\n".encode())
        assert b" 421 " in conn.recv(100)


def test_configured_robots_and_routes_win(web: LocalWeb) -> None:
    web.set_robots("h4.test", status=503, body="")
    web.set_route("h4.test", "/custom", Response(status=418, headers=[("x-a", "b")], body=b"tea"))
    try:
        assert get(web, "h4.test", "/robots.txt")[0] == 503
        status, fields, body = get(web, "h4.test", "/custom")
        assert (status, fields["x-a"], body) == (418, "b", b"tea")
    finally:
        web.set_robots("h4.test", body="User-agent: *\nDisallow: /private/\n")


def test_redirects_and_status_paths(web: LocalWeb) -> None:
    assert get(web, "h1.test", "/redirect")[1]["location"] == "/p/1"
    assert get(web, "h1.test", "/redirect-loop")[1]["location"] == "/redirect-loop"
    assert get(web, "h1.test", "/redirect-to?url=http%3A%2F%2F10.0.0.1%2F")[1]["location"] == "http://10.0.0.1/"
    assert get(web, "h1.test", "/status/503")[0] == 503


def test_gzip_bomb_is_small_on_the_wire_and_huge_inflated(web: LocalWeb) -> None:
    status, fields, body = get(web, "h1.test", "/gzip-bomb?mb=20")
    assert status == 200 and fields["content-encoding"] == "gzip"
    assert len(body) < 100_000
    assert len(gzip.decompress(body)) == 20 * 1024 * 1024


def test_every_request_is_logged_with_ip_host_agent_and_times(web: LocalWeb) -> None:
    web.clear_log()
    get(web, "h2.test", "/p/1")
    (record,) = web.requests(host="h2.test", path="/p/1")
    assert record.ip == "127.21.0.1" and record.user_agent == "probe/1" and record.status == 200
    assert record.end >= record.start


def test_a_request_whose_client_leaves_mid_answer_is_still_logged(web: LocalWeb) -> None:
    ip = web.resolve_map()["h1.test"]
    with socket.create_connection((ip, web.port), timeout=5) as conn:
        conn.sendall(f"GET /endless?leave HTTP/1.1\r\nHost: h1.test:{web.port}\r\nConnection: close\r\n\r\n".encode())
        conn.recv(65536)
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # reset on close
    (record,) = logged(web, 1, host="h1.test", path="/endless?leave")
    assert record.status == CLIENT_LEFT  # counted for spacing like any other request to the IP


def test_end_at_close_takes_the_end_when_the_client_lets_go() -> None:
    import time

    with LocalWeb(hosts=1, pages=1, ip_base="127.114", end_at_close=True) as strict:
        ip = strict.resolve_map()["h1.test"]
        with socket.create_connection((ip, strict.port), timeout=5) as conn:
            conn.sendall(f"GET /p/1 HTTP/1.1\r\nHost: h1.test:{strict.port}\r\nConnection: close\r\n\r\n".encode())
            data = b""
            while chunk := conn.recv(65536):  # the server says it is done (FIN) ...
                data += chunk
            assert data.startswith(b"HTTP/1.1 200")
            held_until = time.monotonic()  # ... but the request lasts until the client closes too
        (record,) = logged(strict, 1, path="/p/1")
    assert record.end >= held_until


def test_the_usual_end_is_when_the_answer_is_written(web: LocalWeb) -> None:  # negative control for the test above
    ip = web.resolve_map()["h1.test"]
    with socket.create_connection((ip, web.port), timeout=5) as conn:
        conn.sendall(f"GET /p/2?usual HTTP/1.1\r\nHost: h1.test:{web.port}\r\nConnection: close\r\n\r\n".encode())
        while conn.recv(65536):
            pass
        # Logged while this client still holds its socket: the usual server does not wait for the close.
        assert [record.path for record in logged(web, 1, path="/p/2?usual")] == ["/p/2?usual"]


def test_hostile_robots_builders() -> None:
    body = cut_robots("User-agent: *\nDisallow: /\n", "Allow: /public/page.html", keep=8, cap=4096, tail="Disallow: /x\n")
    assert body.encode()[:4096].endswith(b"\nAllow: /") and body.endswith("Allow: /public/page.html\nDisallow: /x\n")
    with pytest.raises(ValueError):
        cut_robots("User-agent: *\n", "Allow: /", keep=9, cap=4096)  # nothing left to cut
    giant = giant_agents_robots(1000, rule="Disallow: /p/")
    assert giant.count("User-agent:") == 1001 and giant.endswith("User-agent: *\nDisallow: /p/\n")


@pytest.mark.parametrize(
    ("path", "check"),
    [
        ("/gzip-members?n=3", lambda fields, body: fields["content-encoding"] == "gzip" and body.count(b"\x1f\x8b\x08") == 3),
        ("/giant-header?bytes=70000", lambda fields, body: len(fields["x-giant"]) == 70000),
        ("/deep?levels=300", lambda fields, body: body.count(b"<div>") == 300 and b"/deep-bottom" in body),
        ("/many-links?n=1000", lambda fields, body: body.count(b"<a href") == 1000),
        ("/encoded?enc=zstd", lambda fields, body: fields["content-encoding"] == "zstd" and body.startswith(b"\x28\xb5\x2f\xfd")),
        ("/encoded?enc=gzip,gzip", lambda fields, body: fields["content-encoding"] == "gzip, gzip"),
    ],
    ids=["gzip-members", "giant-header", "deep", "many-links", "zstd", "stacked"],
)
def test_hostile_paths_serve_what_they_say(web: LocalWeb, path: str, check: Any) -> None:
    status, fields, body = get(web, "h3.test", path)
    assert status == 200 and check(fields, body)


def test_close_at_once_answers_nothing(web: LocalWeb) -> None:
    ip = web.resolve_map()["h3.test"]
    with socket.create_connection((ip, web.port), timeout=5) as conn:
        conn.sendall(f"GET /close-at-once HTTP/1.1\r\nHost: h3.test:{web.port}\r\n\r\n".encode())
        assert conn.recv(65536) == b""  # an orderly close, no status line


def rec(ip: str, start: float, end: float, path: str = "/") -> RequestRecord:
    return RequestRecord(ip, "h", path, "GET", "", {}, start, end, 200)


def test_spacing_violations_measure_end_to_start_per_ip() -> None:
    log = [rec("a", 0, 1), rec("a", 3.0, 3.5), rec("a", 5.4, 6), rec("b", 0, 1), rec("b", 0.5, 2)]
    found = spacing_violations(log, 2.0)
    assert [(v.ip, v.gap_s) for v in found] == [("a", 1.9), ("b", -0.5)]
    assert spacing_violations([rec("a", 0, 1), rec("a", 3, 4), rec("b", 1, 2)], 2.0) == []  # negative control


def test_ip_for_spreads_over_octets() -> None:
    assert ip_for("127.30", 0) == "127.30.0.1"
    assert ip_for("127.30", 250) == "127.30.1.1"
    with pytest.raises(ValueError, match="must look like '127.N'"):
        ip_for("10.0", 0)


def test_subprocess_mode_prints_map_and_writes_log(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "seaspider.demo.localweb", "--hosts", "2", "--ip-base", "127.22", "--log", str(log)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
    )
    try:
        assert proc.stdout is not None
        info = json.loads(proc.stdout.readline())
        assert info["resolve"] == {"h1.test": "127.22.0.1", "h2.test": "127.22.0.2"}
        with socket.create_connection(("127.22.0.2", info["port"]), timeout=5) as conn:
            conn.sendall(b"GET /p/1 HTTP/1.1\r\nHost: h2.test\r\nConnection: close\r\n\r\n")
            assert b"200 OK" in conn.recv(100)
    finally:
        assert proc.stdin is not None
        proc.stdin.close()
        assert proc.wait(timeout=10) == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(r["host"], r["path"], r["status"]) for r in lines] == [("h2.test", "/p/1", 200)]
