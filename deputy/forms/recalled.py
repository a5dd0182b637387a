"""An address named in a sentence of background, then pointed at by the request: "I bookmarked A this
morning. Please download it.", "I saved A and B earlier — download them again.", "We talked about A
last week. Fetch it once more." (issue 14, round 17).

The spec lets a pronoun that can only mean the address(es) named earlier make them part of the
request. deputy.context.bind_pronoun already counts the addresses against the pointer ("it" one,
"both" two, "them" more than one) and checks that the request names no address of its own; this
module says whether the sentence of background that names them only recalls them: a plain statement
that asks nothing and orders nothing. Pure over the parse; knows no capability beyond the verbs that act.
"""

from __future__ import annotations

from typing import Any

from deputy.clause import Clause
from deputy.nlp import Parsed
from deputy.signals import is_negation, lower
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["dates_the_past", "named_whole", "no_rival", "no_rivals", "past_report", "points_at_object", "recalls", "waits"]

_BASIC = frozenset({"be", "have", "do", "go"})
# Tags of a verb that tells what happened ("I saved A", "A was archived"): never an order or a wish now.
_PAST_TAGS = frozenset({"VBD", "VBN"})


def points_at_object(main: Clause, parsed: Parsed) -> bool:
    """Whether the request's pointer is the object its verb takes ("download it", "fetch both of them"):
    a request without an object ("Fetch please.") or a pointer elsewhere never reaches back here."""
    if main.pronoun is None:
        return False
    pointer = parsed.doc[main.pronoun]
    if pointer.pos_ == "VERB" or pointer.dep_ != "dobj" or pointer.head.i not in main.chain:
        return False
    # "I read A yesterday. Let me fetch it.": the writer narrates what it does next; nothing is handed over.
    verb = pointer.head
    if verb.head.i != verb.i and str(verb.head.lemma_).lower() == "let":
        return False
    # The "Let me" of an agent's narration may already be gone, read as a hedge (deputy.nlp's rewrites).
    return not any(r.lower().startswith("hedge: let") for r in parsed.rewrites)


# "Fetch it once more": "once" before these repeats the request; it waits for nothing.
_REPEATING = frozenset({"more", "again"})


def waits(main: Clause, parsed: Parsed, words: ReaderWords) -> str | None:
    """A condition word anywhere in the request, whatever the parse made of it, or None.

    "Fetch it once the crawl finishes": the small model may hang "once" on the verb as an adverb and the
    clause after it as a second verb, and a pointer bound then would act at once; a request that binds
    an earlier address is held to every condition word it holds ("once more" only repeats)."""
    if main.mood not in (Mood.IMPERATIVE, Mood.REQUEST):
        return None  # a question only observes, and its "when" asks ("when was it fetched?")
    doc = parsed.doc
    single = frozenset(c for c in words.conditions if " " not in c)
    for index in sorted(main.tokens):
        if index in parsed.items or lower(doc[index]) not in single:
            continue
        following = doc[index + 1] if index + 1 < len(doc) else None
        if lower(doc[index]) == "once" and following is not None and lower(following) in _REPEATING:
            continue
        return lower(doc[index])
    return None


def recalls(
    clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str], *, again: bool = False,
    known: frozenset[str] = frozenset(),
) -> bool:
    """Whether a sentence of background only recalls its addresses: a statement with no negation, no
    condition, no refused verb, and no verb that acts unless it is in the past ("I saved A" tells what
    happened; "told me to download A" is an order someone gave, and no pointer may carry it out). A
    past verb that acts passes only when the request says `again`."""
    if clause.mood is not Mood.STATEMENT or clause.asked:
        return False
    doc = parsed.doc
    refused = words.unsupported | words.forbidden
    conditions = frozenset(c for c in words.conditions if " " not in c)
    # The deputy's own kinds of act ("read", "fetched", "checked"): done before, they are done again only
    # when the request says so; "be", "have", "do", "go" act on nothing, and "sent me A" hands it over.
    done = (known - _BASIC - words.referent_verbs) | actions
    for index in clause.tokens:
        if index in parsed.items:
            continue
        tok = doc[index]
        if is_negation(tok, parsed, words):
            return False
        word, lemma = lower(tok), str(tok.lemma_).lower()
        # A condition word of any use: "A, once the crawl ends" or "when it was up" ask to wait and see.
        if word in conditions and tok.dep_ in ("mark", "advmod", "prep"):
            return False
        if tok.pos_ not in ("VERB", "AUX"):
            continue
        # "Marco sent me A" hands it over; "I visited A" did to it what I refuse, and "wants A deleted",
        # "asked me to post A" would do that now: only a verb of handing over, in the past, passes.
        if (lemma in refused or word in refused) and not (tok.tag_ == "VBD" and lemma in words.referent_verbs):
            return False
        if (lemma in actions or word in actions) and tok.tag_ not in _PAST_TAGS:
            return False
        # "I read A yesterday. Please fetch it.": what was done to A is done again only when the request
        # says "again" ("I saved A and B earlier — download them again"); else "it" may be what came of it.
        if (lemma in done or word in done) and not again:
            return False
        # "A was meant to be fetched" hides an order under a past verb: any acting verb it governs counts.
        if lemma in actions and any(c.dep_ == "aux" and c.tag_ == "TO" for c in tok.children):
            return False
    if not all(_named_whole(doc[i], parsed, words.referent_nouns) for i in clause.tokens if i in parsed.items):
        return False
    return not _multiword_condition(clause, parsed, words)


def no_rivals(clause: Clause, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether no noun of a sentence of context could be what the pointer stands for instead of the
    addresses (every sentence of context is asked, not only the one that names them)."""
    return all(_no_rival(parsed.doc[i], parsed, words) for i in clause.tokens if i not in parsed.items)


def named_whole(address: Any, parsed: Parsed, placed: frozenset[str] = frozenset()) -> bool:
    """Whether the address is what its sentence speaks of (see `_named_whole`); for deputy.forms.wished_copy."""
    return _named_whole(address, parsed, placed)


def no_rival(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether a word could not be what a pointer stands for instead of the address (see `_no_rival`)."""
    return _no_rival(tok, parsed, words)


def _named_whole(address: Any, parsed: Parsed, placed: frozenset[str] = frozenset()) -> bool:
    """Whether the address itself is what the sentence speaks of: a verb's subject or object ("I saved A"),
    the object of a preposition on a verb ("we talked about A"), or one of a list of such, never a place
    where something else is ("everything from A", "broken images on A": the pointer would widen). With
    `placed` (nouns for a page), "read the article at A" names A too (round 25)."""
    node = address
    while node.dep_ in ("conj", "appos") and node.head.i != node.i:
        node = node.head
    if node.dep_ in ("dobj", "nsubj", "nsubjpass", "attr", "dative", "ROOT"):
        return True
    if node.dep_ == "pobj":
        prep = node.head
        if prep.head.pos_ not in ("VERB", "AUX"):
            return False
        # "they read the article at A" (round 25): the verb's object is the page placed at the address.
        return not any(c.dep_ == "dobj" for c in prep.head.children) or _placed_page(prep, placed)
    return False


# Prepositions that place a page at its address: "the article at A", "the post on A".
_PLACING = frozenset({"at", "on"})


def _placed_page(prep: Any, nouns: frozenset[str]) -> bool:
    """Whether "at"/"on" on a verb places the verb's one object, a noun for a page with a determiner and
    nothing else on it, at the address: "read the article at A" reads A (the model hangs "at A" on the verb)."""
    if lower(prep) not in _PLACING:
        return False
    objects = [c for c in prep.head.children if c.dep_ == "dobj"]
    if len(objects) != 1:
        return False
    noun = objects[0]
    kids = [c for c in noun.children if c.dep_ != "punct"]
    return (str(noun.lemma_).lower() in nouns and len(kids) == 1 and kids[0].dep_ == "det"
            and lower(kids[0]) in ("the", "that", "this"))


def _no_rival(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether a noun of the sentence could not be what the pointer stands for instead of the address.

    "A is deprecated, the user wants the replacement. Fetch it.": "the replacement" could be "it". A noun
    that names the address ("the page"), a person ("my editor", "Marco" as the one who acts), a time
    ("this morning", "on Monday") or a word on such a noun is no rival; any other noun is."""
    if tok.pos_ not in ("NOUN", "PROPN"):
        return True
    lemma, word = str(tok.lemma_).lower(), lower(tok)
    if lemma in words.person_nouns or word in words.person_nouns:
        return True
    # "the page" names an address only when one hangs from it ("the sources: A and B") or a copula joins
    # them ("A is the front page"); "the user wants the cached version" names something else.
    named = words.referent_nouns | words.object_nouns
    if (lemma in named or word in named) and _names_an_address(tok, parsed):
        return True
    if tok.ent_type_ in ("DATE", "TIME") or tok.dep_ in ("npadvmod", "tmod"):
        return True
    # "… so we have a copy" (round 25): a copy that says nothing of what it copies is a copy of the page.
    if (lemma in words.copy_nouns or word in words.copy_nouns) and not any(
            c.dep_ in ("prep", "relcl", "acl", "poss", "compound") for c in tok.children):
        return True
    if tok.dep_ in ("nsubj", "nsubjpass") and tok.pos_ == "PROPN":
        return True  # "Marco sent me A": a name that acts
    if tok.dep_ in ("compound", "amod", "poss", "nmod") and tok.head.i != tok.i:
        return _no_rival(tok.head, parsed, words) or tok.head.i in parsed.items
    return False


def _multiword_condition(clause: Clause, parsed: Parsed, words: ReaderWords) -> bool:
    """A condition of several words in the sentence ("as long as", "in case")."""
    text = " " + " ".join(lower(parsed.doc[i]) for i in sorted(clause.tokens) if i not in parsed.items) + " "
    return any(" " + c + " " in text for c in words.conditions if " " in c)



def _names_an_address(noun: Any, parsed: Parsed) -> bool:
    """Whether an address hangs from the noun, or the noun and an address are the two sides of a copula."""
    if any(t.i in parsed.items for t in noun.subtree):
        return True
    # "read the article at A" (round 25): the model hangs "at A" on the verb whose object the noun is.
    if noun.dep_ == "dobj" and any(p.dep_ == "prep" and lower(p) in _PLACING and _placed_page(p, frozenset({str(noun.lemma_).lower()}))
                                   and any(g.dep_ == "pobj" and g.i in parsed.items for g in p.children)
                                   for p in noun.head.children):
        return True
    head = noun.head
    return str(head.lemma_).lower() == "be" and any(c.i in parsed.items for c in head.children)


def past_report(clause: Clause, parsed: Parsed, actions: frozenset[str]) -> bool:
    """A statement of what someone did before: "My colleague already archived A yesterday afternoon.",
    "A was saved last week." Its time words date the past; they schedule nothing now.

    Only a statement in the past whose every verb that acts is itself past ("archived", "was saved"):
    "The user asked me to fetch A tomorrow" holds a plain "fetch" and stays timed."""
    if clause.mood is not Mood.STATEMENT or "past" not in clause.aspects or clause.asked:
        return False
    doc = parsed.doc
    for index in clause.tokens:
        tok = doc[index]
        if index in parsed.items or tok.pos_ not in ("VERB", "AUX"):
            continue
        if str(tok.lemma_).lower() in actions and tok.tag_ not in _PAST_TAGS:
            return False
        if tok.tag_ == "MD":
            return False  # "… would fetch A tomorrow": a modal looks ahead
    return True


def dates_the_past(tok: Any) -> bool:
    """Whether a time word of a sentence of context dates a past verb: "The team lead asked me this
    morning to collect …", "A was saved last week". Its verb is the nearest one above it (through a
    preposition: "on Monday"); a verb in the simple past, or with a past auxiliary, happened then."""
    node = tok
    for _ in range(4):
        if node.head.i == node.i:
            break
        node = node.head
        if node.pos_ in ("VERB", "AUX"):
            return node.tag_ == "VBD" or any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in node.children) \
                or _used_to(node)
    return False


def _used_to(verb: Any) -> bool:
    """"the old scraper, which used to pull A daily" (round 21, ctx21): a habit of the past, "used to" + verb."""
    head = verb.head
    return verb.dep_ == "xcomp" and head.i != verb.i and str(head.lemma_).lower() == "use" and head.tag_ == "VBD" \
        and any(c.tag_ == "TO" for c in verb.children)
