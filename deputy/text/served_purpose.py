""""To give them current prices, please fetch A", "To help the team prepare, …": a fronted purpose of serving a
person is the writer's reason for the request, never a second order (round 25, ctx25).

Read inside deputy.text.fronted_purpose, which keeps every other guard of a fronted purpose (at a sentence start,
closed by a comma, no address, no negation, blocker or condition word, no forbidden verb). The purpose's verb is
a verb of serving someone (`words.serving_verbs`: help, give, show, answer, save …), which the reader may know
or refuse elsewhere ("give me the text of A", "answer the mail"); what is served is a person: a third person's
pronoun ("them", "her", "him"), or a noun phrase opened by a determiner ("the reader", "our team"). Never "me",
"us" or "you" (a verb of ours then may be an order: "To show me the prices, …" is left), never "it"/"this"
(the page itself). A verb taking a thing besides the person (give, show, tell, save) must name that thing
after a pronoun ("To give them current prices"); "To give them, …" is left. Knows nothing of any capability.
"""

from __future__ import annotations

__all__ = ["serves_a_person"]

# A third person served: "To help them", "To give her the times". Not "it"/"this": those may be the page.
_PERSONS = frozenset({"them", "her", "him"})
# A noun phrase opens with one of these: "the reader", "our team", "a student", "some colleagues".
_OPENERS = frozenset({"the", "a", "an", "our", "my", "some", "his", "her", "their", "your", "every", "each"})
# Verbs whose one object is the person served ("help them", "support the team"); the other serving verbs give,
# show or answer a thing too, and a pronoun alone after them could be that thing ("To show them, …").
_PERSON_OBJECTS = frozenset({"help", "assist", "support", "serve", "brief", "inform", "reassure"})


def serves_a_person(verb: str, said: list[str], serving: frozenset[str]) -> bool:
    """Whether "To <verb> <said…>," serves a person: `said` is the purpose's words after its verb, lower-case.

    Only the shape: the caller still refuses the phrase for a pointer, refused or refusing word after the
    person, and for an address anywhere in it."""
    if verb not in serving or not said:
        return False
    first = said[0]
    if first in _PERSONS:
        return verb in _PERSON_OBJECTS or len(said) >= 2
    return first in _OPENERS and len(said) >= 2
