"""The CLI's two channels: JSON on stdout, human messages and progress on stderr."""

from __future__ import annotations

import json
import sys
from typing import Any

__all__ = ["emit_json", "say"]


def emit_json(obj: Any) -> None:
    """One JSON object on one stdout line, keys in the order they were built."""
    sys.stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def say(message: str) -> None:
    """A human message on stderr."""
    sys.stderr.write(message + "\n")
    sys.stderr.flush()
