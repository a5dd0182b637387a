"""A colleague's statement before the line put to me in a chat log (round 24):

    [09:14] anna: the Canadian daily stats release is out
    [09:15] ben: @seaspider fetch A

deputy.text.headed drops someone else's words as context only when they hold nothing that could change a
request (deputy.forms.quoted); a word that widens or dates an order ("daily", "all", "weekly") kept the whole
log as written, and the reader refused it for the colleague's verbs ("I cannot land"). In a statement that
orders nothing such a word describes the world ("the daily release", "all the tables are published"); it
cannot reach an order written on a later line by someone else and put to me by my handle.

So a line of someone else's is context here when its only trouble is such a word (`words.blockers`): no
negation, condition, refused verb or address (deputy.forms.quoted finds those first), and no form of a verb
that acts (`acting`: "fetch it daily", "grab everything" are orders, and keep the log as written). The caller
takes this only for lines written before the writer's one line that calls me and names its own address; the
writer's line is then read alone, with every check. Pure text work.
"""

from __future__ import annotations

import re

from deputy.forms.quoted import quoted_refusal
from deputy.protect import protect
from deputy.refusals import RefusalKind
from deputy.vocab import ReaderWords

__all__ = ["stated_context"]

_WORDS = re.compile(r"[^\W\d_][\w'’-]*")


def _acting(word: str, acting: frozenset[str]) -> bool:
    """Whether the word is a form of a verb that acts, its third person too ("fetches", "grabs")."""
    return word in acting or (word.endswith("s") and word[:-1] in acting) or (word.endswith("es") and word[:-2] in acting)


def stated_context(said: str, words: ReaderWords, acting: frozenset[str]) -> bool:
    """Whether someone else's line is a statement whose only flagged word is a blocker that describes."""
    found = quoted_refusal(said, words)
    if found is None or found[0] is not RefusalKind.NOT_UNDERSTOOD or found[1] not in words.blockers:
        return False  # a negation, condition or refused verb keeps its own reading
    if protect(said).items:
        return False  # an address (or a quotation) there: quoted_refusal names the blocker before it
    said_words = [w.lower().replace("’", "'") for w in _WORDS.findall(said)]
    return bool(acting) and not any(_acting(w, acting) for w in said_words)
