"""seaspider/config.py: every bound, unknown fields, relative store, contact URL rules, all errors at once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from seaspider.config import build_config, defaults, load_config
from seaspider.errors import ConfigError

REPO = Path(__file__).resolve().parents[2]


def minimal(**sections: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {"store": "store", "robot": {"contact_url": "https://example.invalid/movabot"}}
    for name, values in sections.items():
        raw[name] = values
    return raw


def build(raw: dict[str, Any], tmp_path: Path) -> Any:
    return build_config(raw, base_dir=tmp_path, source="config.json")


def test_minimal_config_gets_every_default(tmp_path: Path) -> None:
    cfg = build(minimal(), tmp_path)
    assert cfg.politeness.ip_interval_ms == 2000
    assert cfg.fetch.concurrency == 16
    assert cfg.fetch.max_body_bytes == 10 * 1024 * 1024
    assert cfg.storage.segment_max_bytes == 256 * 1024 * 1024
    assert cfg.resume.refetch_after_secs is None
    assert cfg.service.callers == ("octopus", "crab", "whale", "shark")
    assert cfg.robot.token == "MovaBot"


def test_user_agent_names_token_version_and_contact(tmp_path: Path) -> None:
    cfg = build(minimal(robot={"contact_url": "https://example.invalid/movabot", "version": "1.2"}), tmp_path)
    assert cfg.user_agent == "MovaBot/1.2 (+https://example.invalid/movabot)"


def test_relative_store_resolves_against_config_file(tmp_path: Path) -> None:
    path = tmp_path / "conf" / "c.json"
    path.parent.mkdir()
    path.write_text(json.dumps(minimal()))
    assert load_config(path).store == tmp_path / "conf" / "store"


def test_absolute_store_is_kept(tmp_path: Path) -> None:
    raw = minimal()
    raw["store"] = "/var/tmp/x"
    assert build(raw, tmp_path).store == Path("/var/tmp/x")


BOUNDS = [
    ("politeness", "ip_interval_ms", 1999, 2000, "minimum of 2000"),
    ("politeness", "max_crawl_delay_secs", 86401, 86400, "maximum of 86400"),
    ("robots", "ttl_secs", 0, 1, "minimum of 1"),
    ("robots", "ttl_secs", 86401, 86400, "maximum of 86400"),
    ("robots", "unreachable_retry_secs", 59, 60, "minimum of 60"),
    ("robots", "max_redirects", 4, 5, "minimum of 5"),
    ("robots", "max_redirects", 21, 20, "maximum of 20"),
    ("fetch", "connect_timeout_ms", 0, 1, "minimum of 1"),
    ("fetch", "timeout_ms", 300001, 300000, "maximum of 300000"),
    ("fetch", "max_body_bytes", 0, 1, "minimum of 1"),
    ("fetch", "max_body_bytes", 2**30 + 1, 2**30, "maximum of 1073741824"),
    ("fetch", "max_redirects", 21, 20, "maximum of 20"),
    ("fetch", "concurrency", 0, 1, "minimum of 1"),
    ("fetch", "concurrency", 257, 256, "maximum of 256"),
    ("storage", "segment_max_bytes", 2**20 - 1, 2**20, "minimum of 1048576"),
    ("storage", "segment_max_bytes", 2**32 + 1, 2**32, "maximum of 4294967296"),
    ("storage", "zstd_level", 0, 1, "minimum of 1"),
    ("storage", "zstd_level", 20, 19, "maximum of 19"),
    ("follow", "max_depth", 11, 10, "maximum of 10"),
    ("network", "dns_ttl_secs", 0, 1, "minimum of 1"),
    ("network", "dns_ttl_secs", 86401, 86400, "maximum of 86400"),
]


@pytest.mark.parametrize(("section", "name", "bad", "good", "phrase"), BOUNDS, ids=[f"{b[0]}.{b[1]}={b[2]}" for b in BOUNDS])
def test_each_bound_is_enforced_and_its_edge_accepted(section: str, name: str, bad: int, good: int, phrase: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=rf"{section}\.{name}: {bad} is .*{phrase}"):
        build(minimal(**{section: {name: bad}}), tmp_path)
    cfg = build(minimal(**{section: {name: good}}), tmp_path)
    assert getattr(getattr(cfg, section), name) == good


def test_unknown_field_is_refused_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"fetch: unknown field concurency"):
        build(minimal(fetch={"concurency": 4}), tmp_path)


def test_unknown_top_level_section_is_refused(tmp_path: Path) -> None:
    raw = minimal()
    raw["fetcher"] = {}
    with pytest.raises(ConfigError, match=r"unknown field fetcher"):
        build(raw, tmp_path)


def test_all_errors_are_reported_at_once(tmp_path: Path) -> None:
    raw = minimal(fetch={"concurrency": 0, "timeout_ms": 0}, politeness={"ip_interval_ms": 100})
    with pytest.raises(ConfigError) as info:
        build(raw, tmp_path)
    message = str(info.value)
    assert "3 problems" in message
    for needle in ("fetch.concurrency: 0", "fetch.timeout_ms: 0", "politeness.ip_interval_ms: 100"):
        assert needle in message


def test_schema_problems_and_the_rules_past_the_schema_are_reported_together(tmp_path: Path) -> None:
    # Issue 12: a mailto: contact (and a bad override, a relative lock) used to wait for the schema errors to go.
    raw = minimal(
        fetch={"concurrency": 0},
        robot={"contact_url": "mailto:bot@example.com"},
        network={"resolve": {"a.test": "nonsense", "b.test": 5}},
        service={"lock": "x.lock"},
    )
    with pytest.raises(ConfigError) as info:
        build(raw, tmp_path)
    assert str(info.value) == (
        "config.json: 5 problems: fetch.concurrency: 0 is less than the minimum of 1; "
        "network.resolve.a.test: 'nonsense' is not an IP address; "
        "network.resolve.b.test: 5 is not a string or a list of strings; "
        "robot.contact_url: 'mailto:bot@example.com' is a mailto: address, but it must be an http(s) page about the robot; "
        "service.lock: 'x.lock' is not an absolute path."
    )


def test_a_field_the_schema_refused_is_not_judged_again(tmp_path: Path) -> None:  # negative control
    with pytest.raises(ConfigError) as info:
        build(minimal(robot={"contact_url": ""}, service={"lock": 5}), tmp_path)
    message = str(info.value)
    assert message.startswith("config.json: 2 problems:") and "is not of type" in message and "is shorter than" in message


@pytest.mark.parametrize(
    "contact",
    ["mailto:bot@example.com", "https://bot@example.com/", "https://user:pw@example.com/", "ftp://example.com/bot", "example.com/bot", "https://example.com/a@b"],
    ids=["mailto", "at-in-userinfo", "userinfo", "ftp", "no-scheme", "at-in-path"],
)
def test_contact_url_must_be_a_plain_http_page(contact: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="robot.contact_url"):
        build(minimal(robot={"contact_url": contact}), tmp_path)


@pytest.mark.parametrize("contact", ["https://example.invalid/movabot", "http://example.org/robot?x=1"])
def test_plain_contact_pages_are_accepted(contact: str, tmp_path: Path) -> None:  # negative control
    assert build(minimal(robot={"contact_url": contact}), tmp_path).robot.contact_url == contact


def test_missing_contact_url_is_refused(tmp_path: Path) -> None:
    raw = minimal()
    raw["robot"] = {}
    with pytest.raises(ConfigError, match="required field contact_url is missing"):
        build(raw, tmp_path)


def test_bad_token_and_version_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"robot.token.*robot.version"):
        build(minimal(robot={"contact_url": "https://e.invalid/", "token": "Mova Bot", "version": "1 0"}), tmp_path)


def test_resolve_override_must_be_an_ip(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"network.resolve.h1.test: 'nonsense' is not an IP address"):
        build(minimal(network={"resolve": {"h1.test": "nonsense"}}), tmp_path)


def test_resolve_accepts_one_ip_or_a_list(tmp_path: Path) -> None:
    cfg = build(minimal(network={"resolve": {"H1.test": "127.0.0.2", "h2.test": ["127.0.0.3", "::1"]}}), tmp_path)
    assert cfg.network.overrides() == {"h1.test": ("127.0.0.2",), "h2.test": ("127.0.0.3", "::1")}


def test_relative_lock_path_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="service.lock: 'x.lock' is not an absolute path"):
        build(minimal(service={"lock": "x.lock"}), tmp_path)


def test_default_lock_follows_xdg_state_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", "/srv/state")
    assert build(minimal(), tmp_path).service.lock == Path("/srv/state/mova/seaspider.lock")
    monkeypatch.delenv("XDG_STATE_HOME")
    monkeypatch.setenv("HOME", "/home/u")
    assert build(minimal(), tmp_path).service.lock == Path("/home/u/.local/state/mova/seaspider.lock")


def test_missing_file_and_bad_json_give_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_config(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text('{"store": ')
    with pytest.raises(ConfigError, match=r"line 1 column \d+: not valid JSON"):
        load_config(bad)


def test_non_object_config_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is not of type object"):
        build_config([1, 2], base_dir=tmp_path, source="c.json")


def test_example_config_validates_and_lists_every_default() -> None:
    example = json.loads((REPO / "config.example.json").read_text())
    build_config(example, base_dir=REPO, source="config.example.json")
    expected = defaults()
    for section, values in expected.items():
        # robot.contact_url has no default: the example carries the spec's placeholder.
        shown = {k: v for k, v in example[section].items() if k != "contact_url"}
        assert shown == values, section
    assert example["robot"]["contact_url"] == "https://example.invalid/movabot"


def test_each_missing_required_field_is_named_once(tmp_path: Path) -> None:
    with pytest.raises(ConfigError) as info:
        build_config({}, base_dir=tmp_path, source="c.json")
    assert str(info.value) == "c.json: 2 problems: (top level): the required field robot is missing; (top level): the required field store is missing."
