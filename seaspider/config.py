"""Loads and checks a Sea Spider configuration file into a frozen, typed `Config`.

Validation happens here and only here: code past `load_config` never sees a raw dict.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import jsonschema

from seaspider import __version__
from seaspider.errors import ConfigError
from seaspider.jsonerrors import collect, load_json_file
from seaspider.resources import load_schema

__all__ = [
    "ClusterConfig",
    "Config",
    "DEFAULT_CALLERS",
    "FetchConfig",
    "FollowConfig",
    "NetworkConfig",
    "PolitenessConfig",
    "ResumeConfig",
    "RobotConfig",
    "RobotsConfig",
    "ServiceConfig",
    "StorageConfig",
    "build_config",
    "default_lock_path",
    "defaults",
    "load_config",
]

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
    max_links_per_page: int
    retries: int  # a 429, 503 or failed connection is tried again this many times


@dataclass(frozen=True, slots=True)
class StorageConfig:
    segment_max_bytes: int
    zstd_level: int
    keep_encoded_bodies: bool  # also keep each body as received (still content-encoded), for WARC


@dataclass(frozen=True, slots=True)
class ResumeConfig:
    refetch_after_secs: int | None


@dataclass(frozen=True, slots=True)
class FollowConfig:
    enabled: bool
    max_depth: int
    max_pages: int
    max_per_directory: int
    sitemaps: bool = False  # seaspider fetch reads the sitemaps robots.txt names (issue 18)
    max_sitemaps: int = 100  # sitemap files robots.txt and indexes may add per origin


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
class ClusterConfig:
    """The `cluster` section: which shared frontier a node joins (seaspider/cluster/)."""

    name: str = "default"
    url: str | None = None
    node: str | None = None
    lease_ms: int = 10000


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
    cluster: ClusterConfig = ClusterConfig()

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


def _resolve_problems(resolve: dict[str, Any], accepted: Callable[[tuple[str, ...]], bool]) -> list[str]:
    import ipaddress

    problems = []
    for host, ips in resolve.items():
        if not accepted(("network", "resolve", host)):
            continue
        for ip in [ips] if isinstance(ips, str) else ips if isinstance(ips, list) else []:
            try:
                ipaddress.ip_address(ip)
            except ValueError:
                problems.append(f"network.resolve.{host}: {ip!r} is not an IP address")
    return problems


def _semantic_problems(raw: dict[str, Any], schema_errors: list[tuple[str | int, ...]]) -> list[str]:
    """The rules the schema cannot say, checked on every field the schema accepted.

    A field is checked when it is there with the right type and no schema error lies at it or inside it,
    so one message reports every problem at once, the schema's and these, whatever the mix.
    """

    def accepted(path: tuple[str, ...]) -> bool:
        return not any(error[: len(path)] == path for error in schema_errors)

    def section(name: str) -> dict[str, Any]:
        value = raw.get(name)
        return value if isinstance(value, dict) else {}

    problems: list[str] = []
    contact = section("robot").get("contact_url")
    if isinstance(contact, str) and accepted(("robot", "contact_url")):
        problems += _contact_problems(contact)
    resolve = section("network").get("resolve")
    if isinstance(resolve, dict):
        problems += _resolve_problems(resolve, accepted)  # host by host: a bad entry does not hide the others
    lock = section("service").get("lock")
    if isinstance(lock, str) and accepted(("service", "lock")) and not os.path.isabs(lock):
        problems.append(f"service.lock: {lock!r} is not an absolute path")
    return problems


def _field_of(problem: str) -> str:
    return problem.split(": ", 1)[0]


def build_config(raw: Any, *, base_dir: Path, source: str) -> Config:
    """Check `raw` (parsed JSON) against the schema and the rules the schema cannot say."""
    validator = jsonschema.Draft202012Validator(load_schema("config"))
    problems = collect(validator, raw)
    if isinstance(raw, dict):
        schema_errors = [tuple(error.absolute_path) for error in validator.iter_errors(raw)]
        # In field order, the schema's and ours together (a stable sort keeps each field's own order).
        problems = sorted(problems + _semantic_problems(raw, schema_errors), key=_field_of)
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
        cluster=ClusterConfig(**merged["cluster"]),
    )


def load_config(path: str | os.PathLike[str]) -> Config:
    """Read, check and build the configuration at `path`; every problem is reported at once."""
    file = Path(path)
    raw = load_json_file(file, what="configuration", missing_hint="pass the path of a JSON file such as config.example.json")
    return build_config(raw, base_dir=file.resolve().parent, source=str(file))
