"""Which sentences of a prompt ask the deputy something and which only give context, and what a
context sentence may carry: a purpose, a plan of the speaker's, the one address a pronoun stands for.

Pure over clauses read from a parse (deputy.clause); knows no capability beyond the verbs that act.
"""

from __future__ import annotations

from typing import Any

from deputy.forms.asked_back import asked_back
from deputy.clause import Clause
from deputy.forms.copula import named_by_copula
from deputy.nlp import Parsed
from deputy.forms.pronouns import joined_to_the_pronoun
from deputy.protect import ItemKind
from deputy.forms.others_purpose import done_by_another
from deputy.forms.past_results import tells_a_result, verdict
from deputy.forms.reasons import by_the_writer, reports_on
from deputy.forms.recalled import no_rivals, points_at_object, recalls, waits
from deputy.forms.told_before import told_you_before
from deputy.forms.wished_copy import wishes_the_page
from deputy.forms.self_introduced import introduces_writer
from deputy.signals import beyond_the_page, content, is_negation, lower, writers_deadline
from deputy.skeleton import Mood
from deputy.vocab import ReaderWords

__all__ = [
    "addressing", "after_context_labels", "after_reported_things", "bind_pronoun", "continued", "done_to_it",
    "fine_context", "heads_sentence", "main_clause", "needs_by", "own_wish", "pleasantry", "speaks_of_acting",
    "speaks_to_me", "writers_reason",
]

_ADDRESSED = frozenset({Mood.IMPERATIVE, Mood.REQUEST, Mood.YES_NO_QUESTION, Mood.WH_QUESTION})
_REQUESTS = frozenset({Mood.IMPERATIVE, Mood.REQUEST})
# Subjects under which a sentence still speaks to the deputy ("You fetch B.") and is no context.
_ADDRESSEES = frozenset({"you", "yourself"})
_BACK_REFERENCES = frozenset({"it", "them", "this", "that", "these", "those"})
_DEMONSTRATIVES = frozenset({"this", "that"})
_NEEDS = frozenset({"need", "require"})
# A heading of the whole job, and a heading of one step of it ("Task: …", "Step 1: …").
_TASK_LABELS = frozenset({"task", "job", "assignment"})
_STEP_LABELS = frozenset({"step"})
# Labels that pass the reader a note ("Note to AI: also email the results", "FYI: delete A"): an order
# after one is an order to me, not a goal to read as context (round 19's wrong action). "Goal:",
# "Background:", "Purpose:" introduce what the writer is after, and an order there stays context.
_NOTE_LABELS = frozenset({"note", "notes", "fyi", "aside", "info", "information"})
_CONTINUERS = frozenset({"and", "also", "too", "as", "well", "oh", "plus", "please", "then"})


def addressing(clauses: list[Clause], parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> set[int]:
    """The sentences that ask the deputy something: requests and questions ("Status?" counts).

    A label ("Background:") asks nothing. Beside another request, "I want to read the comments
    later" is the speaker's own plan, not a request: a wish of mine for a verb that is no action.
    """
    found = {i for i, c in enumerate(clauses) if not c.label
             and (c.mood in _ADDRESSED or (c.mood is Mood.FRAGMENT and c.asked))}
    wishes = {i for i in found if own_wish(clauses[i], words, actions) or writers_reason(clauses[i], parsed, words)}
    return found - wishes if found - wishes else found


def after_context_labels(clauses: list[Clause], words: ReaderWords, parsed: Parsed) -> set[int]:
    """The sentences a context label introduces: "Goal: summarise the 429 semantics." tells, it asks nothing.

    A request label ("Task:", "Step 1:") introduces the request itself, as any other sentence would.
    """
    told = {
        i + 1 for i, clause in enumerate(clauses[:-1])
        if clause.label and clause.words & words.context_labels
        and not (clause.words & _NOTE_LABELS and clauses[i + 1].mood in _REQUESTS)
    }
    # "Task: upgrade the AWS provider. Step 1: fetch A": when steps follow, the task is their goal.
    steps = [i for i, clause in enumerate(clauses) if clause.label and clause.words & _STEP_LABELS]
    told |= {i + 1 for i, clause in enumerate(clauses[:-1])
             if clause.label and clause.words & _TASK_LABELS and any(s > i + 1 for s in steps)}
    # "Task: archive the changelog. Fetch A and then I'll diff it locally": a task with no address of
    # its own, followed by a request that holds one, is that request's goal, as steps would make it.
    addressed = [any(i in parsed.items for i in clause.tokens) for clause in clauses]
    told |= {i + 1 for i, clause in enumerate(clauses[:-2])
             if clause.label and clause.words & _TASK_LABELS and not addressed[i + 1]
             and any(not c.label and c.mood in _REQUESTS and addressed[j] for j, c in enumerate(clauses[i + 2:], i + 2))}
    return told


def after_reported_things(clauses: list[Clause], parsed: Parsed, words: ReaderWords) -> set[int]:
    """The sentence after "The page says:" / "The README states:" is the thing's words, not the writer's
    request, when the reporting sentence holds nothing it says. A person's words before a colon
    ("The user says: fetch A") are the relay they are."""
    doc = parsed.doc
    out = set()
    for i, clause in enumerate(clauses[:-1]):
        if clause.predicate not in _REPORTING or not clause.tokens:
            continue
        subject = clause.subject or ""
        if subject in _PERSONAL or subject in words.person_nouns:
            continue
        verbs = [doc[j] for j in clause.tokens if str(doc[j].lemma_).lower() == clause.predicate]
        # What the thing says is the next sentence when the reporting sentence holds none of it.
        # "The robots check for A said yes.": a verdict word is what the thing said (round 21, ctx21).
        if verbs and not any((c.dep_ in ("ccomp", "xcomp", "dobj", "attr") or verdict(c)) and c.i in clause.tokens
                             for c in verbs[0].children):
            out.add(i + 1)
    return out


def writers_reason(clause: Clause, parsed: Parsed, words: ReaderWords) -> bool:
    """"When did we last fetch A? Need to know if the prices are stale.": what the writer needs to know
    about a thing's state, beside another question or request, is why they ask, not a second question.

    The writer ("I", "we", or no one) needs or wants to know whether something is so ("… if our copy is
    stale", "… whether it's out of date"): a copula, no address, no negation, and no word of permission
    ("… if A is allowed" is the question it looks like). Only beside another sentence that asks.
    """
    doc = parsed.doc
    if clause.mood is not Mood.YES_NO_QUESTION or clause.predicate != "be" or clause.governors[:1] not in (("need",), ("want",)):
        return False
    if any(i in parsed.items or is_negation(doc[i], parsed, words) for i in clause.tokens):
        return False
    wish = next((doc[i] for i in sorted(clause.chain) if str(doc[i].lemma_).lower() == clause.governors[0]), None)
    if wish is None or any(lower(c) not in ("i", "we") for c in wish.children if c.dep_ in ("nsubj", "nsubjpass")):
        return False
    said = {lower(doc[i]) for i in clause.tokens} | {str(doc[i].lemma_).lower() for i in clause.tokens}
    return not said & words.permission_words


def own_wish(clause: Clause, words: ReaderWords, actions: frozenset[str]) -> bool:
    return (
        bool(clause.governors) and clause.governors[0] in words.request_governors
        and clause.subject in ("i", "we") and clause.predicate not in actions
    )


def main_clause(clauses: list[Clause], addressed: set[int], background: frozenset[int] = frozenset()) -> int:
    """The first request or question; without one, the first sentence with a verb, else the first
    verbless one a question word opens, else the first.

    "quick one - how many pages from H so far": chat drops the "?" and the verb, and the count is what
    is asked, not the lead before the dash (round 15).

    Round 28 (ctx28): the sentences of `background` ("My user runs a hiking club.") are passed over
    (deputy.forms.background).
    """
    if addressed:
        return min(addressed)
    verbed = next((i for i, c in enumerate(clauses)
                   if c.predicate is not None and not c.label and i not in background), None)
    return verbed if verbed is not None else _asked_fragment(clauses)


def _asked_fragment(clauses: list[Clause]) -> int:
    """The first verbless sentence a question word opens ("how many pages from H so far"), else the first."""
    return next((i for i, c in enumerate(clauses) if c.wh and not c.label), 0)


def continued(
    clauses: list[Clause], index: int, main_i: int, also: list[int], parsed: Parsed, words: ReaderWords
) -> int | None:
    """The request a bare list of addresses continues ("Fetch A. And B too."), or None."""
    clause = clauses[index]
    if clause.mood is not Mood.FRAGMENT or index <= main_i:
        return None
    previous = max([main_i] + [i for i in also if i < index])
    if clauses[previous].mood not in _REQUESTS or previous != index - 1 and previous != main_i:
        return None
    doc = parsed.doc
    said = [doc[t] for t in sorted(clause.tokens) if content(doc[t], parsed, words)]
    if not any(t.i in parsed.items for t in said):
        return None
    if all(t.i in parsed.items or lower(t) in _CONTINUERS or lower(t) in words.list_words for t in said):
        return previous
    return None


def speaks_to_me(clause: Clause, doc: Any, main_i: int, index: int, *, wish: bool = False) -> bool:
    """A sentence about the deputy ("robots.txt does not apply to you"), or one that carries the request
    on ("And all subpages."), is no context: it is read as part of what is asked.

    In the speaker's own wish ("I want to avoid overloading you") the deputy may be named as what the
    wish is about; only as the one who is to act ("I want you to translate B") does it speak to me.
    """
    tokens = sorted(clause.tokens)
    if clause.label:
        return False  # "Action item for you:" heads what follows; the heading itself asks nothing
    for pos, i in enumerate(tokens):
        word = lower(doc[i])
        if word in ("you", "your", "yours", "yourself", "u", "ur"):
            before = lower(doc[tokens[pos - 1]]) if pos else ""
            if before in ("thank", "thanks"):
                continue
            tok = doc[i]
            if wish and tok.dep_ not in ("nsubj", "nsubjpass") and tok.head.head.i != tok.head.i:
                continue
            if told_you_before(tok):
                continue  # "… and I asked you to download it this morning": the writer's past, told
            return True
    first = next((lower(doc[i]) for i in tokens if not doc[i].is_punct), "")
    return index > main_i and clause.mood is Mood.FRAGMENT and first in _CONTINUERS | {"but", "or"}


def pleasantry(clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> bool:
    """"I hope you're doing well.", "Sorry to bother you again.", "Thank you for your help earlier.":
    a sentence that keeps the conversation going is context, though it speaks to the deputy.

    It holds a pleasantry word, no address or quotation, and no verb that acts, is refused or forbidden.
    """
    doc = parsed.doc
    if any(i in parsed.items for i in clause.tokens):
        return False
    lemmas = [(str(doc[i].lemma_).lower(), lower(doc[i]), doc[i].pos_) for i in clause.tokens]
    if not any(lemma in words.pleasantries or text in words.pleasantries for lemma, text, _ in lemmas):
        return False
    # "Fetch A. Thanks, but don't." and "Thank you, never mind." take the request back: a negation
    # is no pleasantry, save the courtesy idiom "(I hope you) don't mind".
    if any(is_negation(doc[i], parsed, words) and not _minded(doc[i]) for i in clause.tokens):
        return False
    refused = actions | words.unsupported | words.forbidden
    return not any(pos in ("VERB", "AUX", "NOUN") and (lemma in refused or text in refused)
                   and lemma not in words.pleasantries for lemma, text, pos in lemmas)


def _minded(tok: Any) -> bool:
    """The "not" of "I hope you don't mind" / "if you wouldn't mind"; "never mind" cancels."""
    return lower(tok) in ("n't", "not", "nt") and str(tok.head.lemma_).lower() == "mind"


def fine_context(clause: Clause) -> bool:
    """A sentence that only tells: a statement about someone other than the deputy, or a label."""
    if clause.label:
        return True
    if clause.mood is Mood.FRAGMENT:
        return not clause.asked
    if clause.mood is not Mood.STATEMENT:
        return False
    if clause.subject in _ADDRESSEES:
        return clause.predicate in ("be", "have")
    # "Here's what I need.": a copula describes, with or without a subject the model found.
    return clause.subject is not None or clause.participle or clause.predicate == "be"


def speaks_of_acting(clause: Clause, doc: Any, actions: frozenset[str]) -> bool:
    """A context sentence that speaks of acting ("It must be fetched again tomorrow.") is judged like
    the request: its negations and its widening words count."""
    if clause.mood is Mood.FRAGMENT:
        return True
    return any(str(doc[t].lemma_).lower() in actions or lower(doc[t]) in actions for t in clause.tokens)


def needs_by(clause: Clause) -> bool:
    """"(I) need the status code tomorrow": when the writer needs a thing is when to act, so the time
    words of such a sentence of context count as a schedule (its other words do not)."""
    return clause.predicate in _NEEDS and clause.subject in ("i", "we")


def heads_sentence(tok: Any) -> bool:
    """Whether a condition word marks the sentence's own root ("If the site is up.")."""
    return tok.head.i == tok.head.head.i or tok.head.dep_ == "ROOT"


def done_to_it(fine: list[Clause], main: Clause, parsed: Parsed, words: ReaderWords) -> list[str]:
    """Unsupported verbs a context sentence or a purpose clause applies to "it": "… and publish it".

    "I'm summarising the changelog" is the speaker's work; "the user asked me to publish it" names a
    second action on what the request fetches, and is refused like one.
    """
    doc = parsed.doc
    found = []
    purpose = set(main.detached)
    for ids in [purpose] + [set(c.tokens) for c in fine]:
        # "… before we add it to the watchlist": the writer's own next step, by when the answer is
        # needed, not what is to be done with the page (a forbidden verb there is refused anyway).
        ids -= {t.i for i in list(ids) for m in doc[i].children if m.dep_ == "mark"
                and writers_deadline(m, parsed, words) for t in doc[i].subtree}
        if not any(lower(doc[i]) in _BACK_REFERENCES for i in ids
                   if doc[i].pos_ in ("PRON", "DET") and i not in parsed.items):
            continue  # "I'm summarising the changelog": the speaker's own work, on something else
        for index in sorted(ids):
            tok = doc[index]
            if tok.pos_ != "VERB" or str(tok.lemma_).lower() not in words.unsupported or _past(tok):
                continue
            if by_the_writer(tok):
                continue  # "I'll translate it myself later": the writer's own later step (deputy.forms.reasons)
            if ids is purpose and done_by_another(tok, words, parsed.items):
                continue  # "… so the analyst can compare them": that person's step (deputy.forms.others_purpose)
            applied = _applied_to(tok, parsed)
            if not applied:
                continue
            # "I'm going to need the pricing page to answer this": in a sentence of context, "this" in
            # the speaker's own purpose points at the matter in hand; "it", or any purpose of the
            # request itself ("fetch A so I can email it"), is the page.
            if ids is not purpose and applied <= _DEMONSTRATIVES and _speakers(tok):
                continue
            found.append(str(tok.lemma_).lower())
    return found


def _applied_to(verb: Any, parsed: Parsed) -> set[str]:
    """The back references that are the verb's own arguments: "publish it", "wants it published".

    Not the active subject of a verb of saying: in "… so I can check what it currently says" the page
    does the saying, nothing is done to it ("so it can be published" has a passive subject, and counts;
    so does any other verb's subject: "so it translates").
    """
    return {lower(c) for c in verb.children
            if lower(c) in _BACK_REFERENCES and c.pos_ in ("PRON", "DET") and c.i not in parsed.items
            and not (c.dep_ == "nsubj" and str(verb.lemma_).lower() in _REPORTING)}


def _past(verb: Any) -> bool:
    """"the user says it was updated": a passive in the past describes what happened; it asks nothing."""
    return any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children)


def _speakers(verb: Any) -> bool:
    """Whether a verb is the speaker's own work: its nearest subject, up the clause, is "I" or "we".

    "I need the pricing page to answer this", "… so I can compare it": the speaker answers and
    compares; "the user wants me to email it" names work for someone else, and counts.
    """
    node = verb
    for _ in range(16):
        subjects = [c for c in node.children if c.dep_ in ("nsubj", "nsubjpass", "csubj")]
        if subjects:
            return str(subjects[0].text).lower() in ("i", "we")  # "wants me to email it": not mine
        if node.head.i == node.i or node.dep_ not in ("xcomp", "advcl", "ccomp", "conj"):
            return False
        node = node.head
    return False


def bind_pronoun(
    main: Clause, clauses: list[Clause], context: list[int], fine: list[int], parsed: Parsed, words: ReaderWords,
    actions: frozenset[str] = frozenset(), *, known: frozenset[str] = frozenset(),
) -> tuple[str | None, frozenset[int]]:
    """The pronoun of "Here's the link: A. Please fetch it." and the addresses it can only mean.

    Binds only when the request names no address, every item of the prompt is an address in one
    context sentence that hands them over and does nothing else with them ("I read A" is an action
    on A), and their number is what the pronoun says: one for "it", "that page" or no object at all
    ("She wants the NIST page: A. Fetch please."), two for "both", more than one for "them".
    """
    # "…; please download it, and the appendix at B too": addresses joined to "it" are more objects.
    own = joined_to_the_pronoun(main.pronoun, main.referents, main.scope, parsed)
    if main.pronoun is None or any(i in main.scope and i not in own for i in parsed.items):
        return None, frozenset()
    addresses = [i for i, item in parsed.items.items() if item.kind is ItemKind.ADDRESS and i not in own]
    if len(addresses) + len(own) != len(parsed.items) or not addresses:
        return None, frozenset()
    wanted = main.referents
    if (wanted == 1 and len(addresses) != 1) or (wanted == 2 and len(addresses) != 2) or (wanted == 0 and len(addresses) < 2):
        return None, frozenset()
    # The addresses may be handed over in one sentence or in several side by side ("The first one is
    # A, the second is B. Download both."); each sentence that holds one must only hand it over.
    holders = [i for i in fine if any(a in clauses[i].tokens for a in addresses)]
    if not holders or not all(any(a in clauses[i].tokens for i in holders) for a in addresses):
        return None, frozenset()
    if waits(main, parsed, words) is not None:
        return None, frozenset()  # "Fetch it once the crawl finishes": a pointer binds for a plain request only
    pointer = parsed.doc[main.pronoun]
    # "Customer reports broken images on A — please download it": a person's report on the one address,
    # where nothing else could be what a singular "it" stands for (deputy.forms.reasons).
    reported = wanted == 1 and lower(pointer) == "it" and len(holders) == 1 \
        and reports_on(clauses[holders[0]], frozenset(addresses), parsed, words)
    # "Last time the robots check for A said yes. Fetch it now.": what an earlier check of the one address gave
    # (deputy.forms.past_results, round 21).
    reported = reported or (wanted == 1 and lower(pointer) == "it" and len(holders) == 1
                            and tells_a_result(clauses[holders[0]], frozenset(addresses), parsed, words, actions))
    # "Our dashboard shows a 403 for A. What status did you record for that page?": a question that only
    # asks may point at the one address a statement of context names, whatever the statement says of it.
    asked = len(holders) == 1 and asked_back(main, clauses[holders[0]], wanted)
    # "I saved A and B earlier. Download them again.": the pointer is the request's object and every sentence
    # that names the addresses only recalls them (deputy.forms.recalled, round 17).
    again = "again" in main.words
    recalled = points_at_object(main, parsed) \
        and all(recalls(clauses[i], parsed, words, actions, again=again, known=known) for i in holders) \
        and all(no_rivals(clauses[i], parsed, words) for i in fine)
    # "The researcher read A yesterday and wants a stored copy too. Please fetch it.": the one sentence naming
    # the one address wishes for that page, and the request's object carries the wish out (round 25,
    # deputy.forms.wished_copy).
    wished = wanted == 1 and len(holders) == 1 and points_at_object(main, parsed) \
        and wishes_the_page(clauses[holders[0]], frozenset(addresses), parsed, words, actions) \
        and all(no_rivals(clauses[i], parsed, words) or introduces_writer(clauses[i], parsed, words, actions)
                for i in fine if i != holders[0])  # "I'm a research agent …" names no rival (round 26)
    if not reported and not asked and not recalled and not wished and not all(
        _hands_over(clauses[i], frozenset(addresses), parsed, words, actions)
        or _done_before(clauses[i], main, parsed, words, actions) for i in holders
    ):
        return None, frozenset()
    # The addresses joined to "it" are the same verb's objects: bound beside it, in the same role.
    return ("it" if pointer.pos_ == "VERB" else lower(pointer)), frozenset(addresses) | own


def _done_before(
    clause: Clause, main: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str]
) -> bool:
    """"I fetched A yesterday but it looked truncated. Fetch it again please.": the request to do again
    what the writer did to the address before names it through "it".

    Only with "again" in the request, and a sentence of the writer's ("I", "we") in the past whose verb
    acts, with no negation and no other verb that acts, is refused or forbidden.
    """
    doc = parsed.doc
    if "again" not in main.words or clause.mood is not Mood.STATEMENT or "past" not in clause.aspects:
        return False
    if clause.subject not in ("i", "we") or clause.predicate not in actions:
        return False
    refused = actions | words.unsupported | words.forbidden
    for index in clause.tokens:
        tok = doc[index]
        if is_negation(tok, parsed, words):
            return False
        lemma = str(tok.lemma_).lower()
        if tok.pos_ == "VERB" and index not in clause.chain and (lemma in refused or lower(tok) in refused):
            return False
        # "I fetched everything from A": what was done was more than the address; "but" between clauses only.
        if (lemma in words.blockers or lower(tok) in words.blockers) and not (lower(tok) == "but" and tok.dep_ == "cc"):
            return False
    # The address is what was acted on: "I fetched A", not "I fetched the links from A".
    return all(doc[i].dep_ == "dobj" and doc[i].head.i in clause.chain for i in clause.tokens if i in parsed.items)


def _hands_over(
    clause: Clause, addresses: frozenset[int], parsed: Parsed, words: ReaderWords, actions: frozenset[str] = frozenset()
) -> bool:
    """A sentence that only presents addresses: its nouns name them or people, its verbs present them.

    A purpose ("… for tomorrow's training") and a name on a noun ("the NIST page") describe, and pass;
    so does what a person does with the page in a relative clause ("the page the user keeps asking
    about"), unless it is an action or a refused verb ("the page the user wants deleted").
    """
    doc = parsed.doc
    allowed_nouns = words.referent_nouns | words.person_nouns | words.object_nouns
    purpose = _purpose_tokens(clause, addresses, parsed, words, actions)
    # "The next item on that list is A": the copula's subject names A, as "page" would (deputy.forms.copula).
    purpose |= named_by_copula(addresses, clause.tokens, parsed, words, actions)
    for index in clause.tokens:
        tok = doc[index]
        if index in addresses or index in parsed.synthetic or index in purpose:
            continue
        if is_negation(tok, parsed, words):
            return False
        lemma = str(tok.lemma_).lower()
        if beyond_the_page(tok, words):
            return False
        if tok.pos_ in ("NOUN", "PROPN") and lemma not in allowed_nouns and lower(tok) not in allowed_nouns:
            if not (_for_purpose(tok) or _names_allowed(tok, allowed_nouns) or _names_address(tok, addresses)):
                return False
        if tok.pos_ == "VERB" and lemma not in words.referent_verbs and not _described(tok, words, actions):
            return False
        if tok.pos_ == "VERB" and lemma in _REPORTING and not _said_by_a_person(tok, words):
            return False  # "The page says we need A": the address is the page's words, not the writer's
    return True


_POINTERS = frozenset({"it", "this", "that", "them", "these", "those", "its"})


def _purpose_tokens(
    clause: Clause, addresses: frozenset[int], parsed: Parsed, words: ReaderWords, actions: frozenset[str]
) -> frozenset[int]:
    """"I'll need A to answer the user's question": why the writer needs the page, done by the writer.

    An infinitive of purpose on the writer's verb of needing passes when it neither acts nor is forbidden, points
    nowhere back at the page ("to summarize it" does something to the page) and holds no address
    and no negation.
    """
    doc = parsed.doc
    out: set[int] = set()
    # The writer's own business, as in "… so I can answer the user": only an action or a forbidden verb counts.
    refused = actions | words.forbidden
    for index in clause.tokens:
        tok = doc[index]
        if tok.pos_ != "VERB" or tok.dep_ not in ("advcl", "xcomp") or tok.head.i == tok.i:
            continue
        if str(tok.head.lemma_).lower() not in ("need", "want", "require"):
            continue
        needers = [c for c in tok.head.children if c.dep_ == "nsubj"]
        if not needers or any(lower(c) not in ("i", "we") and lower(c) not in words.person_nouns for c in needers):
            continue  # the writer (or a person) needs it: "You need A to …" is no hand-over
        if not any(c.tag_ == "TO" for c in tok.children):
            continue
        inside = {t.i for t in tok.subtree}
        lemmas = {str(doc[i].lemma_).lower() for i in inside if doc[i].pos_ in ("VERB", "AUX")}
        if (lemmas & refused or inside & addresses or any(i in parsed.items for i in inside)
                or any(lower(doc[i]) in _POINTERS for i in inside)
                or any(is_negation(doc[i], parsed, words) for i in inside)):
            continue
        out |= inside
    return frozenset(out)


# Verbs that pass on what someone or something said; only a person's words hand an address over.
_REPORTING = frozenset({"say", "tell", "mention", "recommend", "suggest", "point", "claim", "state", "write"})
_PERSONAL = frozenset({"i", "we", "you", "he", "she", "they", "someone", "somebody"})


def _said_by_a_person(verb: Any, words: ReaderWords) -> bool:
    """Whether the subject of a reporting verb is a person ("the user says …", "I'd say …")."""
    subjects = [c for c in verb.children if c.dep_ in ("nsubj", "nsubjpass")]
    return bool(subjects) and all(lower(c) in _PERSONAL or lower(c) in words.person_nouns
                                  or str(c.lemma_).lower() in words.person_nouns for c in subjects)


def _described(verb: Any, words: ReaderWords, actions: frozenset[str]) -> bool:
    """Whether a verb only describes a noun: it sits in a relative clause whose subject is a person
    ("the page the user keeps asking about"), and neither it nor any verb up to that clause acts or
    is refused."""
    refused = actions | words.unsupported | words.forbidden
    node = verb
    for _ in range(6):
        lemma = str(node.lemma_).lower()
        if node.pos_ in ("VERB", "AUX") and (lemma in refused or lower(node) in refused):
            return False
        if node.dep_ == "relcl":
            subjects = [c for c in node.children if c.dep_ in ("nsubj", "nsubjpass")]
            return bool(subjects) and (str(subjects[0].lemma_).lower() in words.person_nouns
                                       or lower(subjects[0]) in words.person_nouns)
        if node.head.i == node.i or node.dep_ not in ("xcomp", "ccomp", "conj", "relcl"):
            return False
        node = node.head
    return False


def _for_purpose(tok: Any) -> bool:
    """Whether a noun sits inside a "for …" phrase: what the addresses are for, not another thing."""
    node = tok
    for _ in range(8):
        if node.dep_ == "pobj" and lower(node.head) == "for":
            return True
        if node.head.i == node.i or node.dep_ not in ("poss", "compound", "amod", "pobj", "nmod", "case"):
            return False
        node = node.head
    return False


def _names_address(tok: Any, addresses: frozenset[int]) -> bool:
    """"the menu (A)", "the wine list (B)", "the appendix at B": a noun the address stands right after,
    or is in apposition to, or is placed at, names that address, as "page" would; a word that only
    qualifies such a noun ("wine") too."""
    node = tok
    if tok.dep_ in ("compound", "amod") and tok.head.i != tok.i:
        node = tok.head
    if node.i + 1 in addresses:
        return True  # "the FAQ (B)": the model may hang B elsewhere, but it stands right after its noun
    for child in node.children:
        if child.dep_ == "appos" and child.i in addresses:
            return True
        if child.dep_ == "prep" and lower(child) in ("at", "on"):
            if any(g.dep_ == "pobj" and g.i in addresses for g in child.children):
                return True
    return False


def _names_allowed(tok: Any, allowed: frozenset[str]) -> bool:
    """"the NIST page": a name that only qualifies an allowed noun."""
    head = tok.head
    return tok.dep_ in ("compound", "amod", "nmod") and (
        str(head.lemma_).lower() in allowed or lower(head) in allowed)
