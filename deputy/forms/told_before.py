"""What the writer asked of me before, told as part of the background: "I'm summarising an article for
a newsletter and I asked you to download it this morning. What's the title of A as you stored it?"

The "you" of such a sentence is the one the writer spoke to in the past, not the one asked now: the
sentence tells, and the request or question after it is what is asked. Pure over tokens; knows no
capability. What the told sentence names is still judged as context is (a refused verb done to "it"
there is still refused, a negation in a sentence that speaks of acting still counts).
"""

from __future__ import annotations

from typing import Any

from deputy.signals import lower

__all__ = ["as_recorded", "told_spans", "told_you_before"]

# The writer, as the subject of what was said to me before.
_WRITERS = frozenset({"i", "we"})


def told_you_before(you: Any) -> bool:
    """Whether a "you" is the object of the writer's own verb in the simple past ("I asked you to …",
    "we told you …", "I had you download it"): a past tense (VBD) verb whose one subject is "I" or
    "we", with no modal or auxiliary of its own ("I would have asked you" is not what happened), and
    the "you" hangs from it directly as its object."""
    if you.dep_ not in ("dobj", "dative", "iobj", "nsubj"):
        return False
    verb = you.head
    if verb.i == you.i or verb.tag_ != "VBD" or verb.pos_ != "VERB":
        return False
    # "I had you download it": the model may make "you" the subject of the clause "had" takes.
    if you.dep_ == "nsubj":
        if verb.dep_ != "ccomp" or verb.head.tag_ != "VBD":
            return False
        verb = verb.head
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    if len(subjects) != 1 or lower(subjects[0]) not in _WRITERS:
        return False
    return not any(c.dep_ in ("aux", "auxpass") for c in verb.children)


def told_spans(tokens: frozenset[int], doc: Any) -> frozenset[int]:
    """The tokens, among `tokens`, of what the writer told me to do before ("asked you to download it
    this morning"): its time words date the past, they schedule nothing now."""
    out: set[int] = set()
    for index in tokens:
        you = doc[index]
        if lower(you) in ("you", "u") and told_you_before(you):
            out |= {t.i for t in you.head.subtree}
    return frozenset(out & tokens)


# What "as you stored it" may point at: the page asked about, nothing new.
_BACK = frozenset({"it", "them", "that"})


def as_recorded(clause: Any) -> bool:
    """"What's the title of A as you stored it?": a clause of manner in the past whose subject is the
    deputy or the writer's side ("as you stored it", "as we fetched them") says which record is asked
    about, as "when you stored it" does. Only a bare past verb with a pointer back as its object: no
    negation, no modal, no other argument ("as you deleted the others" says more)."""
    if clause.tag_ != "VBD" or clause.pos_ != "VERB":
        return False
    marks = [c for c in clause.children if c.dep_ == "mark"]
    if len(marks) != 1 or lower(marks[0]) != "as" or marks[0].i > clause.i:
        return False
    for child in clause.children:
        if child.dep_ == "mark" or child.is_punct:
            continue
        if child.dep_ == "nsubj" and lower(child) in ("you", "u", "we"):
            continue
        if child.dep_ == "dobj" and lower(child) in _BACK:
            continue
        return False
    return any(c.dep_ == "nsubj" for c in clause.children)
