"""Sea Spider: a polite web downloader (the robot MovaBot) with a deterministic English interface."""

from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["__version__"]
