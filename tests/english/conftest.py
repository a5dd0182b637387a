"""The deputy with Sea Spider's vocabulary, built once per test module that asks for it."""

from __future__ import annotations

import pytest

from deputy import Deputy
from seaspider.english_reader import build_deputy


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()
