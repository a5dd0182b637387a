""""If not, fetch it.": the "not" of an elliptic condition is the condition's, not a negation of the order.

"Did you fetch A? If not, fetch it." orders a fetch on a condition (the answer to the question); the
refusal names the condition, which is the real reason the reader does not act. Pure: a parse in, token
indices out; knows nothing about crawling.
"""

from __future__ import annotations

from typing import Any

__all__ = ["elliptic_nots"]

# What may close the elliptic condition: "If not, fetch it", "If not: fetch it", "if not - fetch it".
_CLOSERS = frozenset({",", ":", ";", "-", "–", "—"})


def elliptic_nots(doc: Any, found: tuple[tuple[str, int], ...], counted: tuple[str, ...]) -> frozenset[int]:
    """The "not" right after a counted "if" and right before a comma (or colon, dash): "If not, …".

    Only when "if" is among the conditions that count, so the prompt is still refused as a condition;
    "if not earlier" (a word after "not") and "If you did not …" keep their negation.
    """
    if "if" not in counted:
        return frozenset()
    out = set()
    for word, index in found:
        after = index + 1
        if word == "if" and after + 1 < len(doc) and doc[after].lower_ == "not" and doc[after + 1].text in _CLOSERS:
            out.add(after)
    return frozenset(out)
