"""One module per CLI verb. Each defines HELP, DESCRIPTION, add_arguments(parser) and run(args) -> int.

A verb with a hyphen lives in the module with an underscore (`export-warc` in export_warc.py).
Modules import heavy dependencies (spaCy, the crawler) inside `run`, so `--help` stays fast.
"""

from __future__ import annotations

VERBS = (
    "demo", "fetch", "work", "get", "robots", "stats", "store", "export-warc", "extract", "plan", "serve", "ask", "mcp", "review",
)

__all__ = ["VERBS"]
