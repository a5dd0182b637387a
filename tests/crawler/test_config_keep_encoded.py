"""seaspider/config.py: `storage.keep_encoded_bodies`, the switch for byte-exact WARC response records."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from seaspider.config import build_config, defaults
from seaspider.errors import ConfigError

REPO = Path(__file__).resolve().parents[2]
BASE = {"store": "store", "robot": {"contact_url": "https://example.invalid/movabot"}}


def test_encoded_bodies_are_not_kept_by_default(tmp_path: Path) -> None:
    assert build_config(BASE, base_dir=tmp_path, source="c.json").storage.keep_encoded_bodies is False
    assert defaults()["storage"]["keep_encoded_bodies"] is False
    assert json.loads((REPO / "config.example.json").read_text())["storage"]["keep_encoded_bodies"] is False


def test_keep_encoded_bodies_can_be_switched_on(tmp_path: Path) -> None:
    config = build_config({**BASE, "storage": {"keep_encoded_bodies": True}}, base_dir=tmp_path, source="c.json")
    assert config.storage.keep_encoded_bodies is True


def test_keep_encoded_bodies_must_be_a_boolean(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"storage\.keep_encoded_bodies"):
        build_config({**BASE, "storage": {"keep_encoded_bodies": "yes"}}, base_dir=tmp_path, source="c.json")
