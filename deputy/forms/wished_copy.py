"""A sentence of context that tells someone's wish for the one page it names, before a request that
points back at it: "The researcher read A yesterday and wants a stored copy too. Please fetch it.", "The
auditors want to see the original wording of A, so get it for them." (issue 14, round 25, bind25).

deputy.context.bind_pronoun has already counted one address against a singular pointer that is the
request's object; this module says whether the sentence naming the address wishes for that very page: a
verb of wishing (`words.request_governors`: want, need, would like …) whose object, or the object of its
infinitive ("want to see …"), is a noun for a page (`words.referent_nouns`) that holds the address ("the
wording of A") or a noun for a copy (`words.copy_nouns`) that names nothing else ("a stored copy"). Then
fetching "it" carries out the wish. The sentence must hold no negation, no condition, no refused or
forbidden verb and no verb that acts unless it is past ("a stored copy"), and no noun that "it" could
mean instead. Pure over the parse; knows no capability beyond the verbs that act.
"""

from __future__ import annotations

from typing import Any

from deputy.clause import Clause
from deputy.forms.kept_copy import kept_object, kept_participle
from deputy.forms.recalled import named_whole, no_rival
from deputy.nlp import Parsed
from deputy.signals import beyond_the_page, is_negation, lower
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = ["wished_noun", "wishes_the_page"]

# Prepositions by which a noun for a page holds its address: "the wording of A", "the article at A".
_HOLDING = frozenset({"of", "at", "on", "from"})
# Tags of a verb that tells what happened ("a stored copy", "read A yesterday").
_PAST_TAGS = frozenset({"VBD", "VBN"})


def wishes_the_page(
    clause: Clause, addresses: frozenset[int], parsed: Parsed, words: ReaderWords, actions: frozenset[str]
) -> bool:
    """Whether the statement `clause`, naming the `addresses`, wishes for the page they name (see the module)."""
    if clause.mood is not Mood.STATEMENT or clause.asked or clause.label:
        return False
    if not _plain(clause, parsed, words, actions):
        return False
    doc = parsed.doc
    wishes = [doc[i] for i in sorted(clause.tokens) if i not in parsed.items and _wishing(doc[i], words)]
    for wish in wishes:
        noun = wished_noun(wish, parsed, words, actions)
        if noun is None:
            continue
        held = {t.i for t in noun.subtree}
        if noun.head.i != wish.i and noun.head.head.i == wish.i:
            held |= {t.i for t in noun.head.subtree}  # "wants [a copy of A saved for reference]": the kept clause
        # Each address is the wished noun's own ("the wording of A") or what a verb of the sentence was done
        # to ("read A yesterday and wants a stored copy"); never a place of something else ("images on A").
        if not all(i in held or named_whole(doc[i], parsed, words.referent_nouns) for i in addresses):
            continue
        wanters = _wanters(wish)
        if all(i in held or i in wanters or no_rival(doc[i], parsed, words)
               for i in clause.tokens if i not in parsed.items):
            return True
    return False


def wished_noun(wish: Any, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> Any | None:
    """The noun for the page a verb of wishing wants: its object ("wants a stored copy"), or the object of
    its infinitive when that verb neither acts nor is refused ("want to see the original wording of A");
    None when there is none, or when it names some other thing ("wants the French version")."""
    objects = [c for c in wish.children if c.dep_ == "dobj"]
    kept = kept_object(wish, parsed, words, actions) if not objects else None
    if kept is not None:
        objects = [kept]  # "wants a copy of A saved for reference" (round 26, deputy.forms.kept_copy)
    if not objects:
        refused = actions | words.unsupported | words.forbidden
        infinitives = [c for c in wish.children if c.dep_ == "xcomp" and c.pos_ == "VERB"
                       and any(a.tag_ == "TO" for a in c.children)
                       and str(c.lemma_).lower() not in refused and lower(c) not in refused]
        if len(infinitives) != 1:
            return None
        objects = [c for c in infinitives[0].children if c.dep_ == "dobj"]
    if len(objects) != 1 or objects[0].i in parsed.items:
        return None
    noun = objects[0]
    if not _bare(noun, parsed, words, actions):
        return None  # "a copy of A and all its subpages", "the text of A translated": more than the page
    lemma, word = str(noun.lemma_).lower(), lower(noun)
    holds = _holds_an_address(noun, parsed)
    if (lemma in words.referent_nouns or word in words.referent_nouns) and holds:
        return noun
    # "a backup of A", "a snapshot of A" (round 26): a copy of the one address is that page kept.
    if (lemma in words.copy_nouns or word in words.copy_nouns) and holds:
        return noun
    # "a stored copy": a copy that says nothing of what it copies is a copy of the page in hand.
    if (lemma in words.copy_nouns or word in words.copy_nouns) and not holds \
            and not any(c.dep_ in ("prep", "relcl", "acl", "poss", "compound") for c in noun.children):
        return noun
    return None


# Words on the wished noun that only describe it: "a stored copy", "the original wording", "the full text".
_DESCRIBING = frozenset({"det", "amod", "compound", "nummod", "punct"})


def _bare(noun: Any, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> bool:
    """Whether the wished noun holds nothing but describing words and, at most, one preposition holding one
    address with nothing on it: "the original wording of A", never "a copy of A and its subpages". A participle
    of keeping ("a copy of A saved for later", round 26, deputy.forms.kept_copy) only describes it too."""
    for kid in noun.children:
        if kid.dep_ in _DESCRIBING and not any(t.i in parsed.items for t in kid.subtree):
            continue
        if kept_participle(kid, parsed, words, actions):
            continue
        if kid.dep_ == "prep" and lower(kid) in _HOLDING:
            held = list(kid.children)
            if len(held) == 1 and held[0].dep_ == "pobj" and held[0].i in parsed.items and not list(held[0].children):
                continue
        return False
    return True


def _wishing(tok: Any, words: ReaderWords) -> bool:
    """A verb of wishing in the sentence ("wants", "need", "would like")."""
    return tok.pos_ == "VERB" and str(tok.lemma_).lower() in words.request_governors


def _holds_an_address(noun: Any, parsed: Parsed) -> bool:
    """Whether an address hangs from the noun by one of `_HOLDING` ("the wording of A")."""
    return any(c.dep_ == "prep" and lower(c) in _HOLDING and any(g.dep_ == "pobj" and g.i in parsed.items for g in c.children)
               for c in noun.children)


def _wanters(wish: Any) -> set[int]:
    """Who wishes: the subject of the verb of wishing, or of the verb it is joined to ("The researcher read A
    and wants a copy"), with the words on it ("the team's auditors"). A page neither reads nor wants."""
    verbs = [wish] + ([wish.head] if wish.dep_ == "conj" and wish.head.i != wish.i else [])
    return {t.i for v in verbs for c in v.children if c.dep_ == "nsubj" for t in c.subtree}


def _plain(clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> bool:
    """No negation, no word reaching past the page, no condition word, no refused or forbidden verb, and no verb that acts now: "wants A
    deleted", "needs A once the appeal ends", "wants me to fetch A tomorrow" all say more than a wish."""
    doc = parsed.doc
    refused = words.unsupported | words.forbidden
    single = frozenset(c for c in words.conditions if " " not in c)
    for index in clause.tokens:
        if index in parsed.items:
            continue
        tok = doc[index]
        if is_negation(tok, parsed, words) or beyond_the_page(tok, words):
            return False  # "wants A deleted"; "wants the whole site at A" (more than the page)
        word, lemma = lower(tok), str(tok.lemma_).lower()
        if word in single:
            return False
        if tok.pos_ not in ("VERB", "AUX"):
            continue
        if lemma in refused or word in refused:
            return False
        if (lemma in actions or word in actions) and tok.tag_ not in _PAST_TAGS:
            return False
    text = " " + " ".join(lower(doc[i]) for i in sorted(clause.tokens) if i not in parsed.items) + " "
    return not any(" " + c + " " in text for c in words.conditions if " " in c)
