"""'Status check before I restart the box: are any jobs still queued?': a heading that names a check,
then a colon and what is asked. The small model tags "check" after "status" a verb ("status checks …")
when a clause follows it, and the reader then sees a second action. Only the tag changes. Pure over tokens.
"""

from __future__ import annotations

from typing import Any

__all__ = ["check_headings"]

# Nouns that make "<noun> check" a name for a check: "status check", "sanity check".
_KINDS = frozenset({"status", "sanity", "health", "quick"})
# What a question after the heading opens with: "…: are any jobs queued?", "…: what is running?". A
# request after it ("Status check …: fetch A") keeps the model's tags, and stays refused as before.
_ASKING = frozenset({
    "is", "are", "was", "were", "do", "does", "did", "has", "have", "what", "which", "how", "when", "anything",
})


def check_headings(doc: Any, items: dict[int, Any]) -> None:
    """Retag "check" as a noun when it is the prompt's second word after a kind of check and a colon
    closes the same line before a question; any other "check" ("Check A", "Please check …") is left."""
    if len(doc) < 3 or doc[0].lower_ not in _KINDS or doc[1].lower_ != "check" or not doc[1].tag_.startswith("VB"):
        return
    for tok in doc[2:]:
        if tok.i in items or "\n" in tok.text:
            return  # an address or a new line before the colon: no heading
        if tok.text == ":":
            after = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
            if after is not None and after.lower_ in _ASKING:
                doc[1].tag_ = "NN"
            return
