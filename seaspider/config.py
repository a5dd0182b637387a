"""Loads and checks a Sea Spider configuration file into a frozen, typed `Config`.

Validation happens here and only here: code past `load_config` never sees a raw dict.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema

from seaspider import __version__
from seaspider.errors import ConfigError
from seaspider.jsonerrors import collect
from seaspider.resources import load_schema

DEFAULT_CALLERS = ("octopus", "crab", "whale", "shark")


@dataclass(frozen=True, slots=True)
class RobotConfig:
    token: str
    version: str
    contact_url: str

    @property
    def user_agent(self) -> str:
        """`MovaBot/0.1.0 (+https://example.invalid/movabot)`."""
        return f"{self.token}/{self.version} (+{self.contact_url})"


@dataclass(frozen=True, slots=True)
class PolitenessConfig:
    ip_interval_ms: int
    max_crawl_delay_secs: float


@dataclass(frozen=True, slots=True)
class RobotsConfig:
    ttl_secs: int
    unreachable_retry_secs: int
    max_redirects: int


@dataclass(frozen=True, slots=True)
class FetchConfig:
    connect_timeout_ms: int
    timeout_ms: int
    max_body_bytes: int
    max_redirects: int
    concurrency: int
    sort_query: bool


@dataclass(frozen=True, slots=True)
class StorageConfig:
    segment_max_bytes: int
    zstd_level: int


@dataclass(frozen=True, slots=True)
class ResumeConfig:
    refetch_after_secs: int | None


@dataclass(frozen=True, slots=True)
class FollowConfig:
    enabled: bool
    max_depth: int
    max_pages: int
    max_per_directory: int
    sitemaps: bool = False  # read the sitemaps robots.txt names (issue 18)
    max_sitemaps: int = 100  # sitemap files per origin per run


@dataclass(frozen=True, slots=True)
class NetworkConfig:
    allow_private_addresses: bool
    resolve: tuple[tuple[str, tuple[str, ...]], ...]  # (lower-case host, IPs) in file order
    dns_ttl_secs: int

    def overrides(self) -> dict[str, tuple[str, ...]]:
        """`network.resolve` as a dict: host -> IPs."""
        return dict(self.resolve)


@dataclass(frozen=True, slots=True)
class ServiceConfig:
    lock: Path
    callers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Config:
    """A checked configuration. `source` names the file it came from, for messages."""

    source: str
    store: Path
    robot: RobotConfig
    politeness: PolitenessConfig
    robots: RobotsConfig
    fetch: FetchConfig
    storage: StorageConfig
    resume: ResumeConfig
    follow: FollowConfig
    network: NetworkConfig
    service: ServiceConfig

    @property
    def user_agent(self) -> str:
        return self.robot.user_agent


def default_lock_path(environ: dict[str, str] | None = None) -> Path:
    """`$XDG_STATE_HOME/mova/seaspider.lock`, else `$HOME/.local/state/mova/seaspider.lock`."""
    env = os.environ if environ is None else environ
    state = env.get("XDG_STATE_HOME") or ""
    base = Path(state) if state and os.path.isabs(state) else Path(env.get("HOME", "/")) / ".local" / "state"
    return base / "mova" / "seaspider.lock"


def defaults() -> dict[str, Any]:
    """Every field's default, read from the schema so code and schema cannot disagree."""
    schema = load_schema("config")
    out: dict[str, Any] = {}
    for section, spec in schema["properties"].items():
        if spec.get("type") == "object":
            out[section] = {k: v["default"] for k, v in spec["properties"].items() if "default" in v}
    return out


_CONTACT_BAD = re.compile(r"[@\s]")


def _contact_problems(url: str) -> list[str]:
    # The contact page goes into every User-Agent: it must be a public web page, and must not
    # carry personal data (no e-mail address, no user information).
    where = "robot.contact_url"
    if url.lower().startswith("mailto:"):
        return [f"{where}: {url!r} is a mailto: address, but it must be an http(s) page about the robot"]
    parts = urlsplit(url)
    problems = []
    if parts.scheme not in ("http", "https") or not parts.hostname:
        problems.append(f"{where}: {url!r} is not an http(s) URL with a host")
    if _CONTACT_BAD.search(url) or parts.username is not None:
        problems.append(f"{where}: {url!r} contains '@', user information or spaces, which are not allowed")
    return problems


def _resolve_problems(resolve: dict[str, Any]) -> list[str]:
    import ipaddress

    problems = []
    for host, ips in resolve.items():
        for ip in [ips] if isinstance(ips, str) else ips if isinstance(ips, list) else []:
            try:
                ipaddress.ip_address(ip)
            except ValueError:
                problems.append(f"network.resolve.{host}: {ip!r} is not an IP address")
    return problems


def build_config(raw: Any, *, base_dir: Path, source: str) -> Config:
    """Check `raw` (parsed JSON) against the schema and the rules the schema cannot say."""
    validator = jsonschema.Draft202012Validator(load_schema("config"))
    problems = collect(validator, raw)
    if not problems and isinstance(raw, dict):
        problems += _contact_problems(raw["robot"]["contact_url"])
        problems += _resolve_problems(raw.get("network", {}).get("resolve", {}))
        lock = raw.get("service", {}).get("lock")
        if lock is not None and not os.path.isabs(lock):
            problems.append(f"service.lock: {lock!r} is not an absolute path")
    if problems:
        count = f"{len(problems)} problems" if len(problems) > 1 else "1 problem"
        raise ConfigError(f"{source}: {count}: " + "; ".join(problems) + ".")
    merged = defaults()
    for section, values in raw.items():
        if isinstance(values, dict) and section in merged:
            merged[section] = {**merged[section], **values}
    robot = merged["robot"]
    net = merged["network"]
    svc = merged["service"]
    store = Path(raw["store"])
    return Config(
        source=source,
        store=store if store.is_absolute() else (base_dir / store),
        robot=RobotConfig(robot["token"], robot["version"] or __version__, raw["robot"]["contact_url"]),
        politeness=PolitenessConfig(**merged["politeness"]),
        robots=RobotsConfig(**merged["robots"]),
        fetch=FetchConfig(**merged["fetch"]),
        storage=StorageConfig(**merged["storage"]),
        resume=ResumeConfig(**merged["resume"]),
        follow=FollowConfig(**merged["follow"]),
        network=NetworkConfig(
            allow_private_addresses=net["allow_private_addresses"],
            resolve=tuple(
                (host.lower().rstrip("."), (ips,) if isinstance(ips, str) else tuple(ips))
                for host, ips in net["resolve"].items()
            ),
            dns_ttl_secs=net["dns_ttl_secs"],
        ),
        service=ServiceConfig(
            lock=Path(svc["lock"]) if svc["lock"] else default_lock_path(),
            callers=tuple(svc["callers"]),
        ),
    )


def load_config(path: str | os.PathLike[str]) -> Config:
    """Read, check and build the configuration at `path`; every problem is reported at once."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{file}: the configuration file does not exist; pass the path of a JSON file such as config.example.json.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{file}: the configuration file cannot be read ({exc}).") from exc
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{file}: line {exc.lineno} column {exc.colno}: not valid JSON ({exc.msg}).") from exc
    return build_config(raw, base_dir=file.resolve().parent, source=str(file))
