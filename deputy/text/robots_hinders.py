""""Would robots.txt stop us downloading A?": the file as the subject of a verb that hinders a fetch.

Asking whether robots.txt stops, prevents, keeps or bars the crawler from a fetch asks the same as
"Would robots.txt allow us to download A?", which the robots forms know; read as written, "stop" and
"keep" are verbs no capability does and the prompt was refused as an unsupported verb. So such a
question is put as the "allow" question before parsing (round 18).

Only a yes/no question opened by an auxiliary (does/do/will/would/could/can/might), with robots.txt
(or "the robots file") as the subject, one of a closed list of hindering verbs, the crawler as object
(us/me, one of the robot's own names such as MovaBot, our crawler …; the vocabulary lists the verbs,
names and nouns), "from" or nothing, a gerund of a known verb, and then the address, with only "?" after
it. "Stop downloading A", "Would you stop downloading A?" and a statement
"Robots.txt would stop us downloading A, so …" are left as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from functools import cache

from deputy.alternation import alternation
from deputy.protect import Protected
from deputy.text.reorder import gerund_forms

__all__ = ["robots_hinders"]


# The verbs by which the file hinders a fetch (`hindering_verbs`) are checked after the match; the
# robot's own names (`self_names`) and the nouns for it (`self_nouns`) come from the vocabulary.
@cache
def _hinders(names: frozenset[str], nouns: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?:\A|(?<=[.!?\n]))(?P<head>[ \t]*(?:and[ \t]+)?(?:does|do|will|would|could|can|might)[ \t]+(?:the[ \t]+)?"
        r"(?:robots\.txt|robots[ \t]+file|robots)[ \t]+)(?P<verb>[a-z]+)[ \t]+"
        rf"(?P<who>us|me|{alternation(names)}|(?:our|the|your)[ \t]+{alternation(nouns)})[ \t]+(?:from[ \t]+)?"
        r"(?P<ger>[a-z]+ing)[ \t]+\Z",
        re.IGNORECASE,
    )


_ONLY_ASKS = re.compile(r"\A[ \t]*\?")


def robots_hinders(
    protected: Protected, verbs: Iterable[str], *, hindering: frozenset[str], names: frozenset[str],
    nouns: frozenset[str],
) -> tuple[Protected, tuple[str, ...]]:
    """The prompt with "Would robots.txt stop us downloading A?" put as "Would robots.txt allow us to
    download A?", and what was rewritten; anything else unchanged. `hindering` are the verbs that hinder
    (stop, prevent), `names` the robot's own names (MovaBot) and `nouns` what "our …" calls it (crawler)."""
    pattern = _hinders(names, nouns)
    forms = gerund_forms(frozenset(verbs))
    pieces = list(protected.pieces)
    rewrites: list[str] = []
    for index in range(len(pieces) - 1):
        match = pattern.search(pieces[index])
        if match is None or match.group("verb").lower() not in hindering or not _ONLY_ASKS.match(pieces[index + 1]):
            continue
        verb = forms.get(match.group("ger").lower())
        if verb is None:
            continue
        pieces[index] = pieces[index][: match.start("verb")] + f"allow {match.group('who')} to {verb} "
        rewrites.append(f"robots.txt {match.group('verb')} … {match.group('ger')} → robots.txt allow … to {verb}")
    if not rewrites:
        return protected, ()
    return replace(protected, pieces=tuple(pieces)), tuple(rewrites)
