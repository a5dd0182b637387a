""""Could you let me know how many pages you've stored?" put as "Could you tell me how many …?".

"let" is a word of permission to the reader ("let us fetch A" asks leave), so "let me know + a question"
reads as a permission and no capability answers it. As a request to be told, it says what "tell me"
says, and the reader already reads "tell me how many …/whether …" as the question it embeds.

Pure over the protected prompt; knows no capability. The shape is closed: "let me/us know" opens its
sentence (after at most please/kindly and could/can/would/will you), and how/whether/what/which or
"the total/number" follows at once. "Fetch A and let me know when it's done", "Let me know if A changes"
and a sentence that holds a condition word ("… if the crawl has finished") are left as written.
"""

from __future__ import annotations

import re

from deputy.protect import Protected

__all__ = ["let_know"]

_LET_KNOW = re.compile(
    r"(?:\A|(?<=[.!?:\n]))(?P<head>[ \t]*(?:(?:please|kindly)[ \t]+)?"
    r"(?:(?:could|can|would|will)[ \t]+you[ \t]+(?:(?:please|kindly)[ \t]+)?)?)"
    r"(?P<verb>let[ \t]+(?P<who>me|us)[ \t]+know)"
    r"(?=[ \t]+(?:how|whether|what|which|the[ \t]+(?:total|number))\b)(?P<rest>[^.!?\n\x00]*)",
    re.IGNORECASE,
)


def let_know(protected: Protected, conditions: frozenset[str]) -> tuple[Protected, tuple[str, ...]]:
    """Rewrite "let me/us know <question>" to "tell me/us <question>" where it opens a sentence.

    `conditions` are the reader's single condition words (words.conditions): a sentence holding one
    keeps "let", so the reader refuses it as before. An address is one opaque mark (\\x00) here, and
    the rest of the sentence is only read up to the first one (a condition after it is caught later)."""
    joined = protected.joined()
    found = [m for m in _LET_KNOW.finditer(joined)
             if not {w.strip(",;'\"()").lower() for w in m.group("rest").split()} & conditions]
    if not found:
        return protected, ()
    for match in reversed(found):
        joined = joined[: match.start("verb")] + "tell " + match.group("who") + joined[match.end("verb"):]
    return protected.rewritten(joined, tuple("let me know → tell me" for _ in found))
