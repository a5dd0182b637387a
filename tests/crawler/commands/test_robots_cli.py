"""`seaspider robots CONFIG URL`: the English sentence on stderr, the JSON record on stdout, the lock."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from fetchkit import logged

from seaspider.cli import main
from seaspider.demo.localweb import LocalWeb
from seaspider.lock import acquire


@pytest.fixture(scope="module")
def web() -> Iterator[LocalWeb]:
    with LocalWeb(hosts=6, pages=2, ip_base="127.33") as served:
        served.set_robots("h1.test", body="User-agent: MovaBot\nAllow: /\nDisallow: /x\n")
        served.set_robots("h2.test", status=404)
        served.set_robots("h3.test", status=503)
        yield served


def write_config(tmp: Path, web: LocalWeb, **network: object) -> Path:
    raw = {
        "store": str(tmp / "store"),
        "robot": {"contact_url": "https://example.invalid/movabot"},
        "network": {"allow_private_addresses": True, "resolve": web.resolve_map(), **network},
        "service": {"lock": str(tmp / "seaspider.lock")},
    }
    path = tmp / "config.json"
    path.write_text(json.dumps(raw))
    return path


def ask(capsys: pytest.CaptureFixture[str], config: Path, url: str) -> tuple[int, str, dict[str, object] | None]:
    code = main(["robots", str(config), url])
    out, err = capsys.readouterr()
    return code, err.strip(), json.loads(out) if out.strip() else None


@pytest.mark.parametrize(
    ("host", "path", "sentence", "allowed"),
    [
        ("h1.test", "/a", "Yes, {robots} allows MovaBot to fetch {url} (rule Allow: /).", True),
        ("h1.test", "/x", "No, {robots} disallows {url} for MovaBot (rule Disallow: /x).", False),
        ("h2.test", "/a", "Yes, MovaBot may fetch {url}: {robots} is unavailable (HTTP 404), so everything is allowed.", True),
        ("h3.test", "/a", "No, MovaBot may not fetch {url} now: {robots} is unreachable (HTTP 503), so the site is closed for 3600 seconds.", False),
    ],
    ids=["allowed", "disallowed", "unavailable", "unreachable"],
)
def test_sentence_and_record(web: LocalWeb, tmp_path: Path, capsys: pytest.CaptureFixture[str], host: str, path: str, sentence: str, allowed: bool) -> None:
    url, robots = web.url(host, path), web.url(host, "/robots.txt")
    code, err, record = ask(capsys, write_config(tmp_path, web), url)
    assert code == 0
    assert err == sentence.format(url=url, robots=robots)
    assert record is not None and record["url"] == url and record["allowed"] is allowed
    assert record["robots"]["url"] == robots  # type: ignore[index]


def test_second_ask_uses_the_stored_robots_without_a_request(web: LocalWeb, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path, web)
    ask(capsys, config, web.url("h4.test", "/a"))
    code, _, record = ask(capsys, config, web.url("h4.test", "/private/b"))
    assert code == 0 and record is not None and record["allowed"] is False
    assert record["robots"]["source"] == "cache"  # type: ignore[index]
    assert len(logged(web, 1, host="h4.test")) == 1


def test_private_address_is_refused_without_a_request(web: LocalWeb, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path, web, allow_private_addresses=False)
    code, err, record = ask(capsys, config, "http://127.0.0.1:9/")
    assert code == 2 and "loopback" in err and record is None
    code, err, record = ask(capsys, config, web.url("h5.test", "/"))  # a name resolving to loopback
    assert code == 0 and record is not None and record["allowed"] is False and "loopback" in err
    assert web.requests(host="h5.test") == []


def test_lock_held_means_exit_5_and_no_request(web: LocalWeb, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = write_config(tmp_path, web)
    with acquire(tmp_path / "seaspider.lock", "serve test"):
        code, err, record = ask(capsys, config, web.url("h6.test", "/"))
    assert code == 5 and "already running" in err and record is None
    assert web.requests(host="h6.test") == []
