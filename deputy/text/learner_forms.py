"""Two learners' forms of a question or a request, put in the form the reader knows before parsing:
"Is permitted for us to fetch A?" (read "Is it permitted to fetch A?") and "Give me the text what
you saved from A" (read "Give me the stored text of A").

Pure text work on closed words; what is rewritten is only how the question or the request is put,
never what it asks, and everything after the rewrite is read with every check ("Is not permitted …",
"… and delete it", "… once the job finishes" refuse as before). Knows nothing about crawling.
"""

from __future__ import annotations

import re
from functools import cache

from deputy.alternation import alternation

__all__ = ["kept_text", "permitted_for"]

# "Is permitted for us to fetch A?": a learner drops the "it" and names who is let ("for us"); the
# small model then reads "fetch" as a second thing asked. Only a question (the prompt ends in "?"),
# only at a sentence start, only with the asker as the one let (us, me, our crawler …: whoever else
# is let is not what robots.txt answers for this crawler), and only "to" + a word after it, which the
# reader then checks like any permission question ("Is it allowed to delete A?" still refuses).
# The robot's own names (`self_names`: MovaBot) and the nouns for it (`self_nouns`: crawler) come from the
# vocabulary.
@cache
def _permitted_for(names: frozenset[str], nouns: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?:(?<=[.!?\n])|\A)(?P<lead>[ \t]*)(?P<be>is)(?:[ \t]+it)?[ \t]+(?P<adj>permitted|allowed|ok|okay|fine)[ \t]+"
        # Round 18: "for robot" / "for crawler" without a determiner and "to our bot" (a learner's "to" for "for").
        rf"(?:for|to)[ \t]+(?:us|me|you|{alternation(names)}|(?:(?:our|the|your)[ \t]+)?{alternation(nouns)})"
        r"[ \t]+to[ \t]+(?=[A-Za-z])",
        re.IGNORECASE,
    )


# "Give me the text what you saved from A": the learner's relative "what" (or "that", or none) after a
# noun of the stored text, with the asker or the reader as the one who kept it, in the past, and the
# address right after "from/for/of". It names the stored text of A, which "the stored text of A" says
# in the form the reader knows. Only after a verb that shows (give/show/display/print/read/tell, with
# "me"/"us"): "Fetch the text you saved from A" may ask for the copy I have or a new one, and is left as
# written. The address must follow at once: "The page moved to A. Give me the text what you saved."
# keeps its address in the context and is refused as before.
_KEPT_TEXT = re.compile(
    r"(?<![\w'])(?P<verb>(?:give|show|display|print|read|tell)(?:[ \t]+(?:me|us))?)[ \t]+"
    r"the[ \t]+(?P<noun>text|contents|content|wording|body)[ \t]+(?:(?:what|that|which)[ \t]+)?"
    r"(?:you|we)[ \t]+(?:have[ \t]+|'ve[ \t]+)?(?:saved|stored|kept|fetched|downloaded|got|grabbed|captured|archived)"
    r"[ \t]+(?:from|for|of)[ \t]+(?=https?://|www\.)",
    re.IGNORECASE,
)


def permitted_for(prompt: str, *, names: frozenset[str], nouns: frozenset[str]) -> str:
    """The prompt with a learner's "Is permitted for us to V …?" as "Is it permitted to V …?"; `names`
    are the robot's own names and `nouns` what the writer calls it ("for our crawler")."""
    if not prompt.rstrip().endswith("?"):
        return prompt
    return _permitted_for(names, nouns).sub(lambda m: f"{m.group('lead')}{m.group('be')} it {m.group('adj')} to ", prompt)


def kept_text(prompt: str) -> str:
    """The prompt with "the text what you saved from A" as "the stored text of A"."""
    return _KEPT_TEXT.sub(lambda m: f"{m.group('verb')} the stored {m.group('noun')} of ", prompt)
