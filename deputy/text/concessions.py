""""Fetch A even if it looks down.": a concession that closes a request conditions nothing; it is dropped.

"even if" is a condition word, and stays one everywhere else. Only the closing clause "even if" + the
page ("it", "the page", "the site") + a verb of seeming or "is" + one word of how a page may look
(down, slow, broken, …) + the end of the prompt: whatever the page looks like, the writer wants it
fetched, and the fetch keeps every check (robots.txt, the address). "even if robots.txt disallows it",
"even if it changed", "only if it looks down" and a question ("…?") are left as written. Pure text work.
"""

from __future__ import annotations

import re

__all__ = ["conceded"]

# How a page may look to the writer: its state, never a rule's verdict ("blocked", "disallowed" are not here).
_LOOKS = ("down", "slow", "broken", "empty", "offline", "unchanged", "stale", "outdated", "old", "flaky", "unreachable")
# Round 17 (learners): a degree before the state ("a bit slow", "really slow") says how much, nothing more.
_DEGREES = r"(?:(?:a[ \t]+bit|a[ \t]+little|quite|very|really|pretty|rather|kind[ \t]+of|super)[ \t]+)?"
# "it's slow" is written without a space before the "'s" (round 17): "it" + "'s" or the verb after a space.
_CONCESSION = re.compile(
    r"[ \t]*,?[ \t]*\beven[ \t]+if[ \t]+(?:it|the[ \t]+(?:page|site|server))"
    r"(?:[ \t]+(?:looks|seems|appears|is)|['’]s)[ \t]+" + _DEGREES + r"(?:" + "|".join(_LOOKS) + r")"
    r"[ \t]*(?=[.!]*[ \t]*\Z)",
    re.IGNORECASE,
)


def conceded(prompt: str) -> str:
    """The prompt without a closing "even if it looks down"; unchanged when it asks ("?") or has none."""
    if prompt.rstrip().endswith("?"):
        return prompt
    return _CONCESSION.sub("", prompt, count=1)
