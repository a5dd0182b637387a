"""Which cluster a node joins: the flag wins over the config; bad addresses are refused in one sentence."""

from __future__ import annotations

from pathlib import Path

import pytest

from seaspider.cluster.settings import default_node, masked, settings_for
from seaspider.config import build_config
from seaspider.errors import ConfigError, UsageError


def _config(**cluster: object) -> object:
    raw = {"store": "/tmp/s", "robot": {"contact_url": "https://example.invalid/movabot"}, "cluster": cluster}
    return build_config(raw, base_dir=Path("/tmp"), source="config.json")


def test_the_flag_wins_over_the_config() -> None:
    config = _config(url="redis://127.0.0.1:1/0", node="from-config", name="crawl-7")
    settings = settings_for(config, url="redis://127.0.0.1:2/3", node="from-flag")  # type: ignore[arg-type]
    assert (settings.url, settings.node, settings.prefix) == ("redis://127.0.0.1:2/3", "from-flag", "seaspider:crawl-7:")
    settings = settings_for(config, url=None, node=None)  # type: ignore[arg-type]
    assert (settings.url, settings.node, settings.lease_ms) == ("redis://127.0.0.1:1/0", "from-config", 10000)


def test_the_default_node_is_hostname_and_pid() -> None:
    settings = settings_for(_config(), url="redis://127.0.0.1:1/0", node=None)  # type: ignore[arg-type]
    assert settings.node == default_node() and settings.node.endswith(f"-{__import__('os').getpid()}")
    assert settings.prefix == "seaspider:default:"


@pytest.mark.parametrize(
    ("url", "message"),
    [("http://127.0.0.1:6379/0", "not a Redis address"), ("redis://127.0.0.1:6379/zero", "database 'zero'"),
     ("redis://:6379/0", "names no host"), ("redis://127.0.0.1:99999/0", "not a Redis address")],
    ids=["scheme", "database", "host", "port"],
)  # fmt: skip
def test_a_bad_address_is_refused_before_anything_opens(url: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        settings_for(_config(), url=url, node=None)  # type: ignore[arg-type]


def test_no_address_at_all_is_refused() -> None:
    with pytest.raises(UsageError, match="pass --cluster"):
        settings_for(_config(), url=None, node=None)  # type: ignore[arg-type]


def test_a_password_never_shows() -> None:
    assert masked("redis://user:s3cret@127.0.0.1:6379/0") == "redis://user:***@127.0.0.1:6379/0"
    assert masked("redis://127.0.0.1:6379/0") == "redis://127.0.0.1:6379/0"  # negative control: nothing to hide


def test_the_config_section_is_checked_with_the_rest() -> None:
    with pytest.raises(ConfigError, match="cluster.lease_ms") as caught:
        _config(lease_ms=10, node="bad name")
    assert "cluster.node" in str(caught.value)
