"""Helpers the crawl tests share: configurations for the local web, the CLI in a child, journals."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from seaspider.config import Config, build_config
from seaspider.demo.localweb import LocalWeb

CLI = [sys.executable, "-c", "import sys; from seaspider.cli import main; sys.exit(main())"]


def raw_config(tmp_path: Path, web: LocalWeb, **sections: dict[str, Any]) -> dict[str, Any]:
    """A configuration for crawling `web`: loopback allowed, names pinned, a private lock."""
    raw: dict[str, Any] = {
        "store": str(tmp_path / "store"),
        "robot": {"contact_url": "https://example.invalid/movabot"},
        "fetch": {"concurrency": 64, "timeout_ms": 10000, "connect_timeout_ms": 5000},
        "network": {"allow_private_addresses": True, "resolve": web.resolve_map()},
        "service": {"lock": str(tmp_path / "seaspider.lock")},
    }
    for name, values in sections.items():
        raw[name] = {**raw.get(name, {}), **values}
    return raw


def make_config(tmp_path: Path, web: LocalWeb, **sections: dict[str, Any]) -> Config:
    return build_config(raw_config(tmp_path, web, **sections), base_dir=tmp_path, source="config.json")


def write_config(tmp_path: Path, web: LocalWeb, **sections: dict[str, Any]) -> Path:
    path = tmp_path / "config.json"
    path.write_text(json.dumps(raw_config(tmp_path, web, **sections)))
    return path


def write_queue(tmp_path: Path, lines: list[str], name: str = "queue.txt") -> Path:
    path = tmp_path / name
    path.write_text("".join(line + "\n" for line in lines))
    return path


def run_cli(*args: str, timeout: float = 120, **kw: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=timeout, env=os.environ.copy(), **kw)


def journal(store: Path) -> list[dict[str, Any]]:
    """Every line of the store's journal, parsed."""
    path = store / "pages.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def pages(store: Path) -> list[dict[str, Any]]:
    return [line for line in journal(store) if line.get("kind") == "page"]


def links_lines(store: Path) -> list[dict[str, Any]]:
    path = store / "links.jsonl"
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
