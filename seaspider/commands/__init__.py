"""One module per CLI verb. Each defines HELP, DESCRIPTION, add_arguments(parser) and run(args) -> int.

Modules import heavy dependencies (spaCy, the crawler) inside `run`, so `--help` stays fast.
"""

from __future__ import annotations

VERBS = ("demo", "fetch", "get", "robots", "stats", "extract", "plan", "serve", "ask")

__all__ = ["VERBS"]
