"""Timestamped log lines before a request (round 15): "Incident timeline:\\n14:02 alert fired\\n14:05 on-call
paged\\nAction item: fetch A" reports what happened; the request is the writer's own line.

A log line opens with a time ("14:02", "09:15:30") or a date and time ("2026-11-30T22:01:07Z") and
says something after it. A run of them is dropped as context only when the writer's own lines follow
and the run names no address and holds nothing that could change a request (deputy.forms.quoted: no
negation, condition, refused verb or blocker, on the surface words). Anything else stays as written,
and the reader refuses the times it cannot place, as before. Pure text work on whole lines.
"""

from __future__ import annotations

import re

from deputy.protect import protect
from deputy.forms.quoted import quoted_refusal
from deputy.vocab import ReaderWords

__all__ = ["drop_log_lines"]

# "14:02 alert fired", "[09:15:30] rollback", "2026-11-30T22:01:07Z build passed", "2026-11-30 22:01 deploy".
_LOG_LINE = re.compile(
    r"^[ \t]*\[?(?:\d{4}-\d{2}-\d{2}[T ])?\d{1,2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})?\]?"
    r"[ \t]+(?P<said>\S.*)$"
)


def _is_log(line: str) -> bool:
    return _LOG_LINE.match(line) is not None


def drop_log_lines(text: str, words: ReaderWords) -> str:
    """The text without its runs of harmless log lines that stand before the writer's own lines."""
    if ":" not in text or "\n" not in text:
        return text
    lines = text.split("\n")
    logged = [index for index, line in enumerate(lines) if _is_log(line)]
    if not logged:
        return text
    # The writer's own words must follow the last log line: a log that ends the prompt asks nothing.
    if not any(line.strip() and not _is_log(line) for line in lines[logged[-1] + 1:]):
        return text
    said = " ".join(line for index, line in enumerate(lines) if index in set(logged))
    if protect(said).items or quoted_refusal(said, words) is not None:
        return text
    return "\n".join(line for index, line in enumerate(lines) if index not in set(logged))
