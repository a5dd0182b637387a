"""Markdown task lists: a box ticked as done ("- [x] fetch A") is a task the writer has finished.

An agent's plan often arrives as a checklist. An open box ("- [ ] fetch A") is a request, and the
rewriter drops it as markup; a ticked one says the task is already done, so its address was not asked
for now. Reading past the tick would fetch what nobody asked for (a wrong action), and guessing which
boxes are still wanted is not the reader's to do: a prompt with a ticked task is refused, and the
reason tells the writer to send the open tasks alone.
"""

from __future__ import annotations

import re

__all__ = ["ticked_task"]

# A box at the start of a line, after an optional list marker: "- [x]", "* [X]", "1. [✓]", "[✔]".
_TICKED = re.compile(r"(?:(?<=\n)|\A)[ \t]*(?:(?:\d{1,2}[.)]|[-*•+])[ \t]+)?\[[ \t]*[xX✓✔][ \t]*\][ \t]*([^\n]*)")


def ticked_task(text: str) -> str | None:
    """The first ticked task's line as the writer wrote it ("[x] fetch A"), or None when no box is ticked."""
    if "[" not in text:
        return None  # almost every prompt: no box at all, no scan
    match = _TICKED.search(text)
    if match is None:
        return None
    rest = " ".join(match.group(1).split())
    return f"[x] {rest}".rstrip()
