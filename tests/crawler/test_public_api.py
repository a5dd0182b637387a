"""The public surface of the seaspider package is deliberate."""

from __future__ import annotations

import seaspider


def test_seaspider_exports_only_its_version() -> None:
    assert seaspider.__all__ == ["__version__"]
