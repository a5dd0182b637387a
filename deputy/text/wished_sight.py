"""A wish to see a stored fact of a page (round 28, ctx28): "They'd like to see the stored text of A that we
downloaded on Monday", "I would like to see the status code of A", "The editor wants to see the title of A".

Seeing what I stored is what "show me" asks: the wish is put as "Please show me the <fact> …", and the forms of
the capabilities that answer decide what is asked, with every check (a condition, a time, a refused verb after
it still refuse). Pure text work, read narrowly: the wisher is "I", "we", "he", "she", "they" or "the/my/our
<person noun>"; the wish is exactly "would like", "'d like", "want(s)" or "would love" (so "wouldn't like" and
"did not want" are left as written); its infinitive is "see" or "view"; its object opens with "the" and a
stored fact of `words.sent_facts` ("the stored text", "the title"). "They'd like to see A" (the page itself)
and "… to see the site" are left as written.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["wished_sight"]

_WISH = re.compile(
    r"(?P<who>\b(?:I|[Ww]e|[Tt]hey|[Hh]e|[Ss]he)|\b(?:[Tt]he|[Mm]y|[Oo]ur)[ \t]+(?P<noun>[a-z]+))[ \t]*"
    r"(?:[ \t]would[ \t]+(?:like|love)|['’]d[ \t]+(?:like|love)|[ \t]wants?)[ \t]+to[ \t]+(?:see|view)[ \t]+"
    r"(?P<object>the[ \t]+(?P<fact>[A-Za-z]+(?:[ \t]+[A-Za-z]+)?))"
)


def wished_sight(text: str, facts: Iterable[str], persons: Iterable[str]) -> str:
    """The text with a wish to see a stored fact put as "Please show me the <fact>"; else as written."""
    names = frozenset(" ".join(f.lower().split()) for f in facts)
    people = frozenset(p.lower() for p in persons)
    if not names or not re.search(r"\b(?:see|view)\b", text):
        return text

    def shown(found: re.Match[str]) -> str:
        noun = found.group("noun")
        if noun is not None and noun.lower() not in people:
            return found.group(0)
        fact = found.group("fact").lower().split()
        if " ".join(fact) not in names and fact[0] not in names:
            return found.group(0)
        return "Please show me " + found.group("object")

    return _WISH.sub(shown, text)
