"""Requests meant for someone else or for somewhere else: "Is Googlebot allowed to fetch A?" asks on
behalf of another agent, and "Title of A by email, please" asks for the answer over a channel the
deputy does not have. Either way the deputy cannot do what is asked as asked, so the prompt is refused
as an unsupported action rather than answered as if it had asked about the deputy, here.

Pure over the skeleton's parse rows; the names come from word lists (`other_agents`, `channels`),
never from the shape of a word.
"""

from __future__ import annotations

from deputy.skeleton import Skeleton, TokenRow
from deputy.vocab import ReaderWords

__all__ = ["named_channel", "named_other_agent"]

# Where another agent stands in a request about it: as the one who acts or is allowed ("Is X allowed
# to fetch A", "Can X crawl A", "Does robots.txt let X fetch A") ...
_ACTORS = frozenset({"nsubj", "nsubjpass"})
# ... or after a preposition that says whom the question is for: "Is A allowed for X?", "What does
# robots.txt say about X on A?", "Check A as X". A name in a compound ("the Google blog at A") is a
# name of the page, not of the asker, and stays as it was.
_FOR_WHOM = frozenset({"for", "about", "as"})
# The prepositions that carry a channel: "by email", "via Slack", "over SMS", "through Teams".
_BY_WAY_OF = frozenset({"by", "via", "over", "through"})


def named_other_agent(sk: Skeleton, words: ReaderWords) -> str | None:
    """The name of another agent the prompt asks on behalf of, as written, or None.

    "Is Googlebot allowed to fetch A?" would otherwise be answered for the deputy's own robot, which is
    not what was asked. Only a listed name (`other_agents`) counts, and only as a subject or after
    "for"/"about"/"as"; a context sentence about it may make the prompt refused, never acted on.
    """
    if not words.other_agents:
        return None
    rows = {row.id: row for row in sk.tokens}
    for row in sk.tokens:
        if row.misc or row.form.lower() not in words.other_agents:
            continue
        if row.deprel in _ACTORS or _after(row, rows, _FOR_WHOM):
            return row.form
    return None


def named_channel(sk: Skeleton, words: ReaderWords) -> str | None:
    """The channel the answer is asked to go by, as written ("email" in "… by email, please"), or None.

    Only a listed channel (`channels`) after "by", "via", "over" or "through": "Fetch the Slack
    changelog at A" names Slack as a page, and "Fetch A by tomorrow" is a time, read as before.
    """
    rows = {row.id: row for row in sk.tokens}
    for row in sk.tokens:
        if row.misc or row.lemma.lower() not in words.channels and row.form.lower() not in words.channels:
            continue
        if row.deprel == "pobj" and _after(row, rows, _BY_WAY_OF):
            return row.form
    return None


def _after(row: TokenRow, rows: dict[int, TokenRow], prepositions: frozenset[str]) -> bool:
    """Whether the row is the object of one of the prepositions."""
    head = rows.get(row.head)
    return row.deprel == "pobj" and head is not None and head.form.lower() in prepositions
