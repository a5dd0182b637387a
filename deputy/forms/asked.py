"""Questions about one stored record, read as the writer put them: the participle of "When was A last
fetched?" that the small model tags a noun, and a second question about the same page ("What code did
it get?") that only names it with "it".

Pure over spaCy tokens and skeletons; knows no capability (the caller says which one answers).
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from deputy.alternation import alternation
from deputy.protect import Protected

__all__ = ["asked_participles", "codes_asked", "counted_totals", "names_it", "robots_lets"]

# Between an address and its participle, a word that says which fetch is asked about: "When was A last
# fetched?", "Was A ever downloaded?". Closed: any other word leaves the tags as the model gave them.
_RECENCY = frozenset({"last", "ever", "already", "first", "recently", "previously"})
# The forms of "be" that open a passive question about a record: "Was A fetched", "When was A fetched".
_COPULAS = frozenset({"was", "were", "is", "are", "been", "has", "have", "had"})
_WH = frozenset({"when", "how", "what", "why", "where", "which"})


def asked_participles(doc: Any, verbs: frozenset[str], items: dict[int, Any]) -> None:
    """"When was A last fetched, and …?", "Was A fetched successfully? …": a known verb's "-ed" form
    right after an address (or after an address and a word of recency), in a question that opens with
    a form of "be" (after at most a question word), is the passive participle the question asks about.

    The small model tags it a noun or a past tense when more follows in the prompt ("fetched"/NN is
    then the subject of "was"), and the reader misses the page question. Only the tag changes; the
    lemma is the verb again through the reader's usual repair. A word that is no known verb, or any
    other shape ("A fetched fine yesterday"), is left as the model read it.
    """
    for tok in doc:
        if tok.tag_ not in ("JJ", "NN", "VBD") or not tok.lower_.endswith("ed") or tok.i in items:
            continue
        if tok.lower_[:-2] not in verbs and tok.lower_[:-1] not in verbs:
            continue
        before = tok.i - 1
        if before >= 0 and doc[before].lower_ in _RECENCY:
            before -= 1
        if before < 1 or before not in items or not _opens_with_copula(doc, before):
            continue
        tok.tag_ = "VBN"


def _opens_with_copula(doc: Any, address: int) -> bool:
    """Whether the words before the address are a form of "be" (or "has been"), after at most a
    question word, from the start of the prompt or of its sentence (".", "?", "!" before them)."""
    start = address - 1
    while start > 0 and doc[start - 1].text not in (".", "?", "!", "\n") and address - start < 3:
        start -= 1
    if start > 0 and doc[start - 1].text not in (".", "?", "!", "\n"):
        return False
    opening = [t.lower_ for t in doc[start:address]]
    if opening and opening[0] in _WH:
        opening = opening[1:]
    return bool(opening) and all(w in _COPULAS for w in opening) and len(opening) <= 2


# Words that can only stand for the one page the first question named.
_POINTERS = frozenset({"it", "its"})


def names_it(words: tuple[str, ...] | frozenset[str]) -> bool:
    """Whether a sentence names its page with "it"/"its" ("What code did it get?")."""
    return bool(_POINTERS & set(words))


# "Does robots.txt (on H) let us in?": the question opens its sentence with the file as the subject, at most
# a place between the file and "let", and "let" lets the writer's own crawler in (no verb of its own:
# "let us fetch A" is read as written, and "let us post reviews" must not become "allow us post").
# The robot's own names (`self_names`) and the nouns for it (`self_nouns`) come from the vocabulary.
@cache
def _robots_let(names: frozenset[str], nouns: frozenset[str]) -> re.Pattern[str]:
    return re.compile(
        r"(?:\A|(?<=[.!?\n]))(?P<head>[ \t]*(?:and[ \t]+)?(?:does|do|will|would)[ \t]+(?:the[ \t]+)?"
        r"(?:robots\.txt|robots[ \t]+file|robots)(?:[ \t]+(?:on|at|for|of)[ \t]+(?:\x00|the[ \t]+site))?[ \t]+)"
        rf"(?P<verb>lets?)(?=[ \t]+(?:us|me|{alternation(names)}|our[ \t]+{alternation(nouns)})"
        r"[ \t]+(?:in|into|through)\b)",
        re.IGNORECASE,
    )


def robots_lets(
    protected: Protected, *, names: frozenset[str], nouns: frozenset[str]
) -> tuple[Protected, tuple[str, ...]]:
    """"Does robots.txt on H let us in?" put as "Does robots.txt on H allow us in?": "let" with the file
    as its subject is what "allow" says, and the robots forms know "allow". Only a question opened by
    does/do/will/would with robots.txt (or "the robots file") right before "let" (a place between at
    most) and us/me/one of the robot's `names` (MovaBot)/our + one of `nouns` (crawler) + in/into/through
    after it; "Does the client let us in?", "Let us fetch A" and "Let me know if A is allowed" are left as
    written. An address is one opaque mark here (\\x00)."""
    joined = protected.joined()
    found = list(_robots_let(names, nouns).finditer(joined))
    if not found:
        return protected, ()
    for match in reversed(found):
        joined = joined[: match.start("verb")] + "allow" + joined[match.end("verb"):]
    return protected.rewritten(joined, tuple("robots.txt … let us → robots.txt … allow us" for _ in found))


def counted_totals(doc: Any, items: dict[int, Any]) -> None:
    """"how many pages total in the store", "How many pages total from H?": "total" after "how many/much"
    and the noun it counts is the adverb of the count ("in total"), not a verb. The small model tags it
    a present-tense verb and makes it the root, and the reader then refuses "I cannot total". As an
    adverb the sentence is a count fragment, which only the stats forms answer ("total" is one of their
    words). Only within four words of "how many"/"how much" in the same sentence, and never an address."""
    for tok in doc:
        if tok.lower_ != "total" or not tok.tag_.startswith("VB") or tok.i in items or tok.i < 3:
            continue
        window = [t.lower_ for t in doc[max(0, tok.i - 5): tok.i]]
        if any(t in (".", "?", "!") for t in window[-3:]):
            continue
        pairs = list(zip(window, window[1:]))
        if ("how", "many") in pairs or ("how", "much") in pairs:
            tok.tag_ = "RB"


def codes_asked(unexpected: list[str], asks: bool, nouns: frozenset[str]) -> list[str]:
    """"did A come back 200?": a status code the vocabulary lists as a noun, hanging from the verb of a
    question that only asks (no modal: asks=False for "Can you fetch A 200?"), names the answer asked
    about, like "Did A 404?"; it is no modifier the reader cannot place. Any other word stays unplaced."""
    if not asks:
        return unexpected
    return [w for w in unexpected if not (w.isdigit() and w in nouns)]
