"""A learner's "to" after a modal (round 25): "You can to download A ?", "We can to fetch A?", "Can we to
download A?", "Please you can to download A?".

Learners put "to" after "can" by analogy with "be able to" and "want to"; the corpus reads "You can
download A ?" as the permission question it is, and "can you to" is already a chat spelling of "can you"
(deputy.words). Here the "to" between a modal and a verb the reader knows or refuses
is dropped, in a sentence that opens with a modal of ability or permission (can, could, may, might) and
"I", "you" or "we" in either order (after at most a "please"). Nothing else changes: "You can not to
download A" is still negated, "You can to delete A" is refused for "delete" (it was refused for "can"), and
a modal later in a sentence ("do what you can to get A") is left as written, as is any other subject or
modal. Pure text work on closed words.
"""

from __future__ import annotations

import re
from functools import cache

__all__ = ["kind_as_to", "modal_without_to"]

# The modals of ability and permission a learner asks with ("can to", "could to"); "will to", "must to" are
# no ask of mine and are left ("I will fetch A" is already a statement the reader reads its own way).
_MODALS = r"(?:can|could|may|might)"
# The writer and me: another's ability ("They can to fetch A?") is left as written.
_PRONOUNS = r"(?:i|you|u|we)"
# The opening of a sentence: the text's start, or a stop or a line break and spaces.
_OPENING = r"(?:\A|(?<=[.!?\n]))[ \t]*(?:(?:please|pls|plz|kindly)[ \t]*,?[ \t]+)?"


@cache
def _pattern(verbs: frozenset[str]) -> re.Pattern[str] | None:
    """A sentence opening with a pronoun and a modal (either order), then "to" and one of `verbs`."""
    words = sorted((v for v in verbs if v.isalpha()), key=len, reverse=True)
    if not words:
        return None
    return re.compile(
        r"(" + _OPENING + r"(?:" + _PRONOUNS + r"[ \t]+" + _MODALS + r"|" + _MODALS + r"[ \t]+" + _PRONOUNS + r"))"
        r"[ \t]+to(?=[ \t]+(?:" + "|".join(words) + r")\b)",
        re.IGNORECASE,
    )


def modal_without_to(text: str, verbs: frozenset[str]) -> str:
    """The text with a learner's "to" after a sentence-opening modal dropped; as written otherwise."""
    if " to " not in text.lower():
        return text  # the cheap test first
    pattern = _pattern(frozenset(v.lower() for v in verbs))
    return text if pattern is None else pattern.sub(r"\1", text)


# Round 29 (voice29): "Could you be so kind to download A for me?" is a learner's "be so kind as to". Read as
# written, "be" was the main verb and "download" a second request ("it asks for more than one thing at once").
# Only after "could/would/can/will you be so kind" and only before a verb the reader knows or refuses: "so
# kind to translate A" becomes "so kind as to translate A", refused for its verb.
@cache
def _kind(verbs: frozenset[str]) -> re.Pattern[str] | None:
    words = sorted((v for v in verbs if v.isalpha()), key=len, reverse=True)
    if not words:
        return None
    return re.compile(
        r"(\b(?:could|would|can|will)[ \t]+you[ \t]+be[ \t]+so[ \t]+kind)[ \t]+to(?=[ \t]+(?:" + "|".join(words) + r")\b)",
        re.IGNORECASE,
    )


def kind_as_to(text: str, verbs: frozenset[str]) -> str:
    """The text with a learner's "be so kind to V" put as "be so kind as to V"; as written otherwise."""
    if "kind to" not in text.lower():
        return text
    pattern = _kind(frozenset(v.lower() for v in verbs))
    return text if pattern is None else pattern.sub(r"\1 as to", text)
