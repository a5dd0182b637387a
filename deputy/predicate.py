"""Follows a sentence's predicate from its root through governing words to the action verb, and
reads the modality and aspects of what it finds: "are we allowed to fetch" (permission), "could you
check whether you fetched" (an embedded question), "did you manage to fetch" (the past).

Pure over spaCy tokens; knows no capability.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from deputy.forms.misattached import hanging_permission
from deputy.forms.relayed_wish import relayed_wisher, you_wished
from deputy.nlp import Parsed
from deputy.signals import SUBJECTS, VERBAL, children, embedded, lower, verb_lemma
from deputy.skeleton import Modality
from deputy.vocab import ReaderWords

__all__ = ["Reading", "aspects_of", "follow_chain", "modality_of"]

_COMPLEMENTS = frozenset({"xcomp", "ccomp", "csubj", "csubjpass", "advcl", "conj"})


@dataclass(frozen=True, slots=True)
class Reading:
    """What following the chain found besides the verbs: a copula passive, an embedded question."""

    passive_by_copula: bool
    embedded: bool
    inner_from: int  # where the embedded question starts in the chain


def follow_chain(
    root: Any, noun_as_verb: bool, parsed: Parsed, words: ReaderWords, verbs: frozenset[str]
) -> tuple[list[Any], list[str], Reading]:
    """The predicate chain from the root down through governors to the action verb, and the governors."""
    chain = [root]
    governors: list[str] = []
    passive_by_copula = embedded_question = False
    inner_from = 0
    action = root
    if root.pos_ not in VERBAL and not noun_as_verb:
        return chain, governors, Reading(False, False, 0)
    for _ in range(4):
        lemma = verb_lemma(action, verbs)
        inner: list[Any] = []
        if lemma == "be":
            complements = children(action, ("acomp", "attr", "oprd"))
            permission = next((c for c in complements if str(c.lemma_).lower() in words.permission_words), None)
            if permission is None:
                # Round 17 (learners): "Is your crawler allowed to grab A?" with "allowed" hung from the subject;
                # the participle joins the chain, so the address under it is the action's own.
                permission = hanging_permission(action, words)
                if permission is not None:
                    chain.append(permission)
            if permission is not None and action.tag_ == "VBD" and str(permission.lemma_).lower() in words.achievers:
                # "Were you able to fetch A?": what happened, not what is allowed.
                inner = [c for c in list(action.children) + list(permission.children)
                         if c.dep_ in _COMPLEMENTS and c.pos_ == "VERB"]
                if inner:
                    governors.append(str(permission.lemma_).lower())
                    action = inner[0]
                    chain.append(action)
                    continue
            if permission is not None:
                inner = [c for c in list(action.children) + list(permission.children)
                         if c.dep_ in _COMPLEMENTS and c.pos_ == "VERB"]
                if inner:
                    governors.append(str(permission.lemma_).lower())
                    action = inner[0]
                    chain.append(action)
                    continue
            # "When was A fetched?": the small model sometimes makes the participle a subject.
            late = [c for c in children(action, ("nsubj", "nsubjpass")) if c.tag_ == "VBN" and c.i > action.i]
            # "Is A disallowed for crawlers?", "Are crawlers allowed on A?": the participle hangs from the noun.
            hanging = [c for n in children(action, ("nsubj", "attr")) for c in n.children
                       if c.dep_ == "acl" and c.tag_ == "VBN" and c.i > action.i]
            adjectival = next(
                (c for c in complements + late + hanging if c.tag_ in ("VBN", "JJ") and verb_lemma(c, verbs) in verbs
                 and verb_lemma(c, verbs) != "be"
                 # "Is the queue clear?": an adjective that is also a verb ("clear", "empty") stays an adjective.
                 and (c.tag_ == "VBN" or lower(c) != verb_lemma(c, verbs))),
                None,
            )
            if adjectival is not None:
                action = adjectival
                chain.append(action)
                passive_by_copula = True
            break
        if lemma == "have":
            # "Do we have permission to fetch A?": the permission noun governs the action.
            nouns = [c for c in children(action, ("dobj",)) if str(c.lemma_).lower() in words.permission_words]
            inner = [c for n in nouns for c in n.children if c.dep_ in ("acl", "relcl", "xcomp") and c.pos_ == "VERB"]
            if inner:
                governors.append(str(nouns[0].lemma_).lower())
                action = inner[0]
                chain.append(action)
                continue
            # "Do you have A stored?": the participle says what was done to A.
            done = [c for c in action.children if c.dep_ in ("ccomp", "xcomp", "oprd") and c.tag_ == "VBN"
                    and verb_lemma(c, verbs) in verbs and verb_lemma(c, verbs) != "be"]
            if done:
                governors.append("have")
                action = done[0]
                chain.append(action)
                continue
        if lemma in words.embedders:
            # "Check whether we may fetch A": the embedded clause is the question asked.
            has_object = any(lower(c) not in ("me", "us") for c in children(action, ("dobj",)))
            # "Ask the customer whether A is blocked", "Tell Maya if A is allowed": a question put to
            # someone else is theirs to answer, not a question for me.
            to_another = any(str(c.lemma_).lower() in words.person_nouns or c.pos_ == "PROPN"
                             for c in children(action, ("dobj", "dative")) if lower(c) not in ("me", "us"))
            inner = [] if to_another else [
                c for c in action.children
                if (c.dep_ == "ccomp" or (c.dep_ == "advcl" and not has_object))
                and (c.pos_ in VERBAL or (c.tag_ in ("VBN", "JJ") and verb_lemma(c, verbs) in verbs))
                and embedded(c)
            ]
            if inner:
                governors.append(lemma)
                action = inner[0]
                chain.append(action)
                embedded_question = True
                inner_from = len(chain) - 1
                continue
        if lemma in words.serial_verbs:
            # "Go fetch A" / "Go and fetch A" / "Help me fetch A": the second verb is the action.
            inner = [c for c in action.children if c.dep_ in ("advcl", "xcomp", "conj", "ccomp") and c.pos_ == "VERB"]
            asker = [str(c.lemma_).lower() for c in children(action, SUBJECTS)]
            if inner and asker in ([], ["you"]) and action.tag_ == "VB":
                governors.append(lemma)
                action = inner[0]
                chain.append(action)
                continue
        if lemma in words.achievers:
            # "Did you manage to fetch A?": the action keeps the governor's tense and subject.
            inner = [c for c in action.children if c.dep_ == "xcomp" and c.pos_ == "VERB"]
            if inner:
                governors.append(lemma)
                action = inner[0]
                chain.append(action)
                continue
        if lemma in words.permission_words or lemma in words.request_governors:
            inner = [c for c in action.children if c.dep_ in ("xcomp", "ccomp", "csubj", "csubjpass")
                     and c.pos_ == "VERB"]
            if inner:
                governors.append(lemma)
                action = inner[0]
                chain.append(action)
                continue
        break
    return chain, governors, Reading(passive_by_copula, embedded_question, inner_from)


def modality_of(
    chain: list[Any], governors: list[str], modals: list[str], subject: str | None, action: Any, words: ReaderWords,
    *, embedded: bool = False,
) -> Modality:
    permission_near = [c for c in action.children if str(c.lemma_).lower() in words.permission_words
                       and c.dep_ in ("advcl", "acomp", "conj", "ccomp")]
    modality = Modality.NONE
    if governors and governors[0] in words.request_governors:
        # "I would like you to …": the modal belongs to the wish, not to the action.
        modals = [str(a.lemma_).lower() for tok in chain[1:] for a in tok.children
                  if a.dep_ in ("aux", "auxpass") and a.tag_ == "MD"]
    if any(m in words.permission_modals for m in modals):
        modality = Modality.PERMISSION
    elif any(m in words.request_modals for m in modals):
        if _perfect(action):
            # "Could you have downloaded A?", "Could someone have fetched A?": what might have been
            # done, never a request to do it now (round 21).
            modality = Modality.OTHER
        # "Could someone download A?" puts the request to whoever reads it, as "Could you …?" does.
        elif subject in (None, "you") or _open_addressee(action, words):
            modality = Modality.REQUEST
        elif any(m in ("could", "would") for m in modals):
            modality = Modality.PERMISSION
        else:
            modality = Modality.OTHER
    if any(g in words.permission_words for g in governors) or permission_near:
        modality = Modality.PERMISSION
    elif embedded and any(g in words.embedders for g in governors):
        # "The customer is asking whether A is blocked", "The customer wants to know when we last
        # fetched A": a question passed on keeps its own modals, whoever wants or asks it; its mood
        # stays a question, so only a capability that answers may take it.
        pass
    elif any(g in words.request_governors for g in governors) and modality is not Modality.PERMISSION:
        top_subjects = children(chain[0], SUBJECTS)
        asker = str(top_subjects[0].lemma_).lower() if top_subjects else None
        top_modals = {str(a.lemma_).lower() for a in chain[0].children if a.tag_ == "MD"}
        polite_mind = governors[0] == "mind" and asker == "you" and bool(top_modals & {"would", "could", "will"})
        # "I'd like you to fetch A" wishes now; "Should I ask you to …?", "Did I ask you to …?" and "I
        # asked you to …" ask for advice or speak of the past: no request.
        wishing = (
            not top_modals - words.request_modals - words.permission_modals
            and chain[0].tag_ != "VBD"
            and not any(str(a.lemma_).lower() == "do" for a in chain[0].children if a.dep_ == "aux")
        )
        # "The user wants you to fetch A": a person's wish for what *you* do, passed on by the agent
        # that writes, is the request it relays; "The user wants to read A" wishes something else.
        # Round 28 (ctx28): "I'm acting for a teacher. She would like you to save A" (deputy.forms.relayed_wish).
        relayed = bool(top_subjects) and relayed_wisher(top_subjects[0], words.person_nouns) \
            and you_wished(chain[0], action)
        if (asker in ("i", "we") and wishing) or polite_mind or (relayed and wishing):
            modality = Modality.REQUEST
        else:
            modality = Modality.OTHER
    return modality


def _open_addressee(action: Any, words: ReaderWords) -> bool:
    """Whether the action's subject is a bare "someone"/"anybody" (`open_addressees`): whoever reads the
    question. "Could someone else download A?" and "… someone on the team …" name another, never me."""
    subjects = children(action, SUBJECTS)
    return (len(subjects) == 1 and lower(subjects[0]) in words.open_addressees
            and not list(subjects[0].children))


def _perfect(action: Any) -> bool:
    """Whether the action is in the perfect ("have downloaded"): a modal before it speaks of the past."""
    return action.tag_ == "VBN" and any(
        a.dep_ == "aux" and str(a.lemma_).lower() == "have" for a in action.children)


def aspects_of(
    action: Any, chain: list[Any], auxes: list[Any], passive_by_copula: bool, *, past_copula: bool = False
) -> tuple[str, ...]:
    aspects: list[str] = []
    aux_lemmas = {str(a.lemma_).lower(): a for a in auxes}
    if passive_by_copula or children(action, ("auxpass", "nsubjpass")):
        aspects.append("passive")
    if "have" in aux_lemmas and action.tag_ == "VBN":
        aspects.append("perfect")
    if action.tag_ == "VBD" or any(a.tag_ == "VBD" and str(a.lemma_).lower() in ("do", "be") for a in auxes) or (
        (passive_by_copula or past_copula) and chain[0].tag_ == "VBD"
    ):
        aspects.append("past")
    if action.tag_ == "VBG" and ("be" in aux_lemmas or (not auxes and len(chain) == 1)):
        aspects.append("progressive")  # "u still fetching?" drops its "are"
    return tuple(aspects) or ("present",)
