"""The public surface of the seaspider package is deliberate: the root exports its version, and each
wing names exactly its public modules (a module starting with `_` is private to its wing)."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest

import seaspider

WINGS = ("web", "net", "crawl", "store", "service", "demo", "extract", "teaching")
ROOT = Path(seaspider.__file__).resolve().parent


def test_seaspider_exports_only_its_version() -> None:
    assert seaspider.__all__ == ["__version__"]


def test_the_wings_are_the_documented_layers() -> None:
    packages = sorted(p.parent.name for p in ROOT.glob("*/__init__.py") if not p.parent.name.startswith("_"))
    assert packages == sorted((*WINGS, "commands"))


@pytest.mark.parametrize("wing", WINGS)
def test_each_wing_lists_exactly_its_public_modules(wing: str) -> None:
    package = importlib.import_module(f"seaspider.{wing}")
    on_disk = sorted(p.stem for p in (ROOT / wing).glob("*.py") if not p.stem.startswith("_"))
    assert package.__all__ == on_disk, f"seaspider/{wing}/__init__.py: __all__ must list {on_disk}"
