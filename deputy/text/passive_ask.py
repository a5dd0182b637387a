""""So the user can read it offline, A should be fetched.": a request put in the passive, with the page as its
subject. It is read as "please fetch A", and what follows it keeps every check.

Only the address itself as the subject, at the start of the prompt or right after the comma that closes
a fronted clause, then "should|must|needs to|has to" + "be" + the participle of a verb the reader acts on
(deputy.text.reorder.participle_forms). "A should not be fetched" (nothing between the modal and "be"),
"A should be deleted" (not a verb that acts), "A should be fetched?" (a question) and a participle of
a statement ("A was fetched") are left as written. Pure text work, before the parse.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from deputy.text.reorder import participle_forms

__all__ = ["passive_asked"]

_PASSIVE = re.compile(
    r"(?P<lead>\A|,[ \t]+)(?P<page>https?://[^\s]+?)[ \t]+(?:should|must|needs[ \t]+to|has[ \t]+to)[ \t]+be[ \t]+"
    r"(?P<done>[a-z]+)\b",
    re.IGNORECASE,
)


def passive_asked(prompt: str, actions: Collection[str]) -> str:
    """The prompt with "A should be fetched" put as "please fetch A"; unchanged otherwise."""
    if prompt.rstrip().endswith("?"):
        return prompt
    match = _PASSIVE.search(prompt)
    if match is None:
        return prompt
    verb = participle_forms(frozenset(actions)).get(match.group("done").lower())
    if verb is None:
        return prompt
    return prompt[: match.start()] + match.group("lead") + f"please {verb} {match.group('page')}" + prompt[match.end():]
