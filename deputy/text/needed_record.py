""""I need the text of A for the user": the writer's need for a stored record of A asks to be shown it.

"I need A" is read as a request for a copy (deputy/forms/needed_page.py) and "I need the sitemaps of A"
as "List the sitemaps of A" (deputy/text/hedged.py); a need for the page's text, wording or contents
was refused as not understood, though it says what "Show me the text of A" says (round 18). The same
holds for "want" and "would like" ("I'd like the text of A please").

Only the writer (I/we) at a sentence start, "need"/"want"/"'d like"/"would like" right after it (an
adverb of the closed list between: "really", "just", "still", "also"), "the" (and "stored"/"saved"),
a noun of the stored text, then "of"/"for"/"from" and the address at once. "I don't need the text of A"
(a negation before the verb), "The user needs the text of A" (someone else's need) and "I need the text
of A emailed …" (read as written after the rewrite, every check applied) are left to the reader, and so
is a need followed by another sentence, whose context it is ("I need the content of A. Please fetch it.").
"""

from __future__ import annotations

import re

__all__ = ["needed_record"]

_NEEDED = re.compile(
    r"(?:(?<=\A)|(?<=[.!?][ \t])|(?<=\n))(?P<lead>[ \t]*)(?:I|we)"
    r"(?:['’]d|[ \t]+would|[ \t]+(?:(?:really|just|still|also)[ \t]+)?(?=need|want))[ \t]*"
    r"(?:(?:really|just|still|also)[ \t]+)?(?:need|want|like)[ \t]+"
    r"the[ \t]+(?P<kept>(?:stored|saved)[ \t]+)?(?P<noun>text|wording|contents|content)[ \t]+(?:of|for|from)[ \t]+"
    r"(?=https?://|www\.)",
    re.IGNORECASE,
)


# After the address: another sentence ("I need the content of A. Please fetch it.") makes the need the
# context of that request, which the reader judges as written.
_ANOTHER_SENTENCE = re.compile(r"[.!?]+[ \t]*(?:\n|[ \t])[ \t]*\S|\n[ \t]*\S")


def needed_record(prompt: str) -> str:
    """The prompt with "I need the text of A" put as "Show me the text of A", when that sentence is the last."""

    def show(match: re.Match[str]) -> str:
        address = re.match(r"\S+", prompt[match.end():])
        said = address.group(0) if address is not None else ""
        rest = prompt[match.end() + len(said):]
        # The sentence mark may be glued to the address ("… of A. Please fetch it.").
        glued = said[-1:] in (".", "!", "?") and bool(rest.strip())
        if glued or _ANOTHER_SENTENCE.search(rest):
            return match.group(0)
        return f"{match.group('lead')}Show me the {match.group('kept') or ''}{match.group('noun').lower()} of "

    return _NEEDED.sub(show, prompt)
