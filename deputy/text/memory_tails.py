""""is the robot allowed on A or not I can never remember": a closing tail about the speaker's memory.

After a yes/no question closed by "or not", a clause of `words.memory_tails` ("I can never remember", "I
always forget") only says why the speaker asks; read as written, "remember" was the main verb and the prompt
was refused as an unsupported verb (round 28, voice28). The tail is dropped and the question is read alone.

Only at the very end of the prompt, only right after "or not" (with a comma, a dash or nothing between),
and only a phrase of the list as a whole: "… or not, I can never remember to fetch A" goes on past the
phrase and is left as written. The question keeps every check. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import cache

from deputy.alternation import alternation

__all__ = ["without_memory_tail"]


@cache
def _tail(tails: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?P<asked>\bor[ \t]+not)[ \t]*[,;—–-]?[ \t]*" + alternation(tails) + r"[ \t]*[.!?]*[ \t]*\Z",
        re.IGNORECASE,
    )


def without_memory_tail(text: str, tails: Collection[str]) -> str:
    """The text without a memory tail closing an "or not" question (which keeps a "?"); else unchanged."""
    if not tails or "not" not in text.lower():
        return text
    tails_key = frozenset(t.replace("’", "'") for t in tails) | frozenset(t.replace("'", "’") for t in tails)
    return _tail(tails_key).sub(lambda m: f"{m.group('asked')}?", text)
