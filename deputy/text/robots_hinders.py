""""Would robots.txt stop us downloading A?": the file as the subject of a verb that hinders a fetch.

Asking whether robots.txt stops, prevents, keeps or bars the crawler from a fetch asks the same as
"Would robots.txt allow us to download A?", which the robots forms know; read as written, "stop" and
"keep" are verbs no capability does and the prompt was refused as an unsupported verb. So such a
question is put as the "allow" question before parsing (round 18).

Only a yes/no question opened by an auxiliary (does/do/will/would/could/can/might), with robots.txt
(or "the robots file") as the subject, one of a closed list of hindering verbs, the crawler as object
(us/me/MovaBot/our crawler …), "from" or nothing, a gerund of a known verb, and then the address,
with only "?" after it. "Stop downloading A", "Would you stop downloading A?" and a statement
"Robots.txt would stop us downloading A, so …" are left as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace

from deputy.protect import Protected
from deputy.text.reorder import gerund_forms

__all__ = ["HINDERING_VERBS", "robots_hinders"]

# The verbs by which the file hinders a fetch, in the forms a question takes after its auxiliary.
HINDERING_VERBS: tuple[str, ...] = ("stop", "prevent", "keep", "bar", "block", "forbid")

_HINDERS = re.compile(
    r"(?:\A|(?<=[.!?\n]))(?P<head>[ \t]*(?:and[ \t]+)?(?:does|do|will|would|could|can|might)[ \t]+(?:the[ \t]+)?"
    r"(?:robots\.txt|robots[ \t]+file|robots)[ \t]+)(?P<verb>[a-z]+)[ \t]+"
    r"(?P<who>us|me|movabot|(?:our|the|your)[ \t]+(?:crawler|bot|robot|spider))[ \t]+(?:from[ \t]+)?"
    r"(?P<ger>[a-z]+ing)[ \t]+\Z",
    re.IGNORECASE,
)
_ONLY_ASKS = re.compile(r"\A[ \t]*\?")


def robots_hinders(
    protected: Protected, verbs: Iterable[str], hindering: Iterable[str] = HINDERING_VERBS
) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "Would robots.txt stop us downloading A?" put as "Would robots.txt allow us to
    download A?", and what was rewritten; anything else unchanged."""
    hinders = frozenset(hindering)
    forms = gerund_forms(frozenset(verbs))
    pieces = list(protected.pieces)
    rewrites: list[str] = []
    for index in range(len(pieces) - 1):
        match = _HINDERS.search(pieces[index])
        if match is None or match.group("verb").lower() not in hinders or not _ONLY_ASKS.match(pieces[index + 1]):
            continue
        verb = forms.get(match.group("ger").lower())
        if verb is None:
            continue
        pieces[index] = pieces[index][: match.start("verb")] + f"allow {match.group('who')} to {verb} "
        rewrites.append(f"robots.txt {match.group('verb')} … {match.group('ger')} → robots.txt allow … to {verb}")
    if not rewrites:
        return protected, ()
    return replace(protected, pieces=tuple(pieces)), tuple(rewrites)
