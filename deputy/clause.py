"""Reads one sentence of a parse: its action predicate (through governors such as "allowed to" or
"check whether"), mood, modality, aspects, subject, question word, the protected tokens in the
action's own parse, and the words around the action the reader does not know.

Pure over a spaCy sentence (a real parse or one built by hand); knows no capability. deputy.compose
puts the sentences of a prompt together.

A little over the house's ~450 lines: every reading here walks the same predicate chain; the
words, times, signals and predicate modules hold what does not need it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from deputy.forms.asked import codes_asked
from deputy.forms.asked_back import question_pointer
from deputy.forms.pointed_one import benefactive
from deputy.forms.dated import dated_words
from deputy.forms.dislocated import dislocated_object
from deputy.forms.listcounts import counts_the_object
from deputy.forms.misattached import hyphen_compound
from deputy.nlp import Parsed
from deputy.forms.pronouns import only_addresses_joined
from deputy.forms.written_past import written_past
from deputy.forms.numbers import names_a_noun
from deputy.forms.own_steps import deadline_clauses
from deputy.forms.past_events import after_a_past_event
from deputy.forms.second_question import questions_beside
from deputy.forms.told_before import as_recorded
from deputy.forms.why_heading import why_heading
from deputy.predicate import aspects_of, follow_chain, modality_of
from deputy.scope import scope
from deputy.signals import (
    SUBJECTS,
    VERBAL,
    WH_TAGS,
    children,
    content,
    dated_by_the_past,
    embedded,
    in_the_past,
    lower,
    number,
    opens_softly,
    is_label,
    is_negation,
    own_clause,
    someone_else,
    writers_deadline,
    verb_lemma,
    verb_like,
    wh_phrase,
)
from deputy.skeleton import Modality, Mood
from deputy.vocab import ReaderWords

__all__ = ["Clause", "read_clause"]

_OUT_OF_SCOPE_DEPS = frozenset({"npadvmod", "advmod", "prep", "tmod", "agent", "oprd"})
_PRONOUNS = frozenset({"it", "this", "that"})  # one thing: "them" never stands for one address
_MANY = frozenset({"them", "these", "those", "both"})
# What a verb with an object of its own has: "Fetch please." has none of them.
_ARGUMENTS = frozenset({"dobj", "dative", "attr", "ccomp", "xcomp", "prep", "oprd", "acomp", "conj", "pobj", "agent"})
_DESTINATIONS = frozenset({"to", "into", "onto"})
# What a page holds, named by where it is: "the links on A", "the images in A", "the files from A".
_WITHIN = frozenset({"on", "in", "from", "inside", "within", "under", "below", "across", "off"})
_PARTS = frozenset({
    "link", "links", "url", "urls", "image", "images", "picture", "pictures", "photo", "photos", "file", "files",
    "attachment", "attachments", "pdfs", "pages", "subpage", "subpages", "posts", "articles", "comment",
    "comments", "video", "videos", "documents", "entry", "entries", "item", "items", "children", "resources",
    "asset", "assets", "script", "scripts", "stylesheets", "downloads",
})
_SELECTORS = frozenset({
    "latest", "newest", "recent", "last", "top", "oldest", "best", "most", "other", "another", "some", "any",
    "few", "several", "next", "previous",
})
_ORDINAL = re.compile(r"(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))")


@dataclass(frozen=True, slots=True)
class Clause:
    """What one sentence says: the predicate chain and its reading, and which tokens it holds."""

    tokens: frozenset[int]  # every token of the sentence, and of a list after its colon
    predicate: str | None
    mood: Mood
    modality: Modality
    aspects: tuple[str, ...]
    subject: str | None
    wh: str | None
    polite: bool
    governors: tuple[str, ...]
    chain: frozenset[int]
    scope: frozenset[int]  # the action's own parse
    scope_top: int
    tail: frozenset[int]  # a list after a colon ("fetch these: A, B")
    detached: frozenset[int]  # a clause of purpose or reason ("… so I can quote it later")
    question_tail: frozenset[int]  # "… or not?" closing a question
    conjoined: tuple[str, ...]
    others: tuple[str, ...]
    unexpected: tuple[str, ...]
    counts: tuple[int, ...]
    words: frozenset[str]
    pronoun: int | None  # "it" as the action's object ("please grab it"); the verb itself when it has none
    referents: int  # how many addresses the pronoun stands for: 1, 2 ("both"), 0 (more than one: "them")
    asked: bool  # the sentence ends in a question mark
    label: bool  # a heading before a colon ("Background:", "Note:"), saying nothing itself
    participle: bool  # a subject-less "-ing" sentence: "Working on a migration guide here."
    commands: tuple[str, ...]  # base-form verbs conjoined to a non-base verb: "… is fetched and fetch it"
    contents: tuple[str, ...] = ()  # things on a page named by its address: "the links on A" (widens an action)
    asking: tuple[str, ...] = ()  # conjoined verbs that embed a second question: "… and tell me how many …"


def read_clause(sent: Any, parsed: Parsed, words: ReaderWords, verbs: frozenset[str]) -> Clause:
    """Reads one sentence. `verbs` are the verb lemmas the vocabulary knows."""
    doc = parsed.doc
    root = sent.root
    if root.pos_ not in VERBAL and not content(root, parsed, words):
        # The first verb beside a greeting that the parser made the root ("Hi, fetch …").
        verb_child = next((c for c in root.children if c.pos_ == "VERB"), None)
        root = verb_child if verb_child is not None else root
    noun_as_verb = root.pos_ not in VERBAL and verb_like(root, parsed, verbs)
    chain, governors, reading = follow_chain(root, noun_as_verb, parsed, words, verbs)
    action = chain[-1]
    predicate: str | None = None
    scope_top = root
    if root.pos_ in VERBAL or noun_as_verb:
        predicate = lower(action) if (noun_as_verb and action is root) else verb_lemma(action, verbs)
        scope_top = chain[-2] if reading.passive_by_copula else action  # "Is A fetched?": A is the copula's subject
        if governors and governors[0] in words.permission_words:
            # "Does a.example allow crawling?": the site is the governor's subject, inside its clause.
            scope_top = chain[0]
    support = _supported_verb(root, sent, parsed, verbs) if predicate == "do" and len(chain) == 1 else None
    if support is not None:
        # "Did the download of A work?": the small model made the verb a noun; "did" is its auxiliary.
        action = support
        predicate = verb_lemma(support, verbs)
    chain_ids = frozenset(t.i for t in chain)

    # Subject, modals and auxiliaries along the chain from the root down to the action. An indirect
    # question keeps its own subject and modals: "could you tell me whether you fetched A" asks
    # whether I fetched A; the "could you" belongs to the asking.
    own = chain[reading.inner_from:]
    subject_tok = next((found[0] for tok in own if (found := children(tok, SUBJECTS))), None)
    if subject_tok is None:
        # "What did the page at A say?": the small model may hang the subject from the auxiliary.
        subject_tok = next((found[0] for tok in own for aux in tok.children
                            if aux.dep_ == "aux" and aux.i < tok.i and (found := children(aux, SUBJECTS))), None)
    subject = None
    if subject_tok is not None:
        subject = "address" if subject_tok.i in parsed.items else str(subject_tok.lemma_).lower()
    auxes = [c for tok in own for c in tok.children if c.dep_ in ("aux", "auxpass")]
    if support is not None:
        auxes.append(root)
    modals = [str(a.lemma_).lower() for a in auxes if a.tag_ == "MD"]
    opening = _opening_modal(sent, auxes, parsed, words)
    if opening is not None:
        modals.append(opening)
    polite = any(lower(t) in words.politeness and t.i not in parsed.synthetic for t in sent)
    # "Were you able to fetch A?" asks what happened: the past of "able" is no permission.
    achieved = bool(governors) and governors[0] in words.achievers and chain[0].tag_ == "VBD"
    modality = Modality.NONE if achieved else modality_of(chain, governors, modals, subject, action, words,
                                                             embedded=reading.embedded)
    aspects = aspects_of(action, chain, auxes, reading.passive_by_copula, past_copula=achieved)

    # Question words and question shape.
    content_toks = [t for t in sent if content(t, parsed, words)]
    first_content = content_toks[0] if content_toks else None
    # A question word asks only before the clause's first verb: "what did you fetch", not "I need what's at A".
    first_verb = next((t.i for t in content_toks if t.pos_ in VERBAL and t.tag_ not in WH_TAGS), len(doc))
    wh = next((wh_phrase(t, doc) for t in content_toks[:3] if t.tag_ in WH_TAGS and t.i < first_verb), None)
    if wh is None:
        # "For the report I'm preparing, how many pages do you have from H?": a fronted phrase closed by a
        # comma is set aside; the question word opens what follows it, as it would alone (round 21).
        after = _after_fronted_phrase(sent, root, content_toks)
        after_verb = next((t.i for t in after if t.pos_ in VERBAL and t.tag_ not in WH_TAGS), len(doc))
        wh = next((wh_phrase(t, doc) for t in after[:3] if t.tag_ in WH_TAGS and t.i < after_verb), None)
    asked = any(t.text == "?" for t in sent)
    last_of_doc = [t for t in doc if not t.is_space]
    question = asked or (sent.end == len(doc) and bool(last_of_doc) and last_of_doc[-1].text == "?")
    # "Is anything still waiting", without its question mark: a sentence that opens with its
    # auxiliary asks (an imperative with do-support is read as one before this).
    inverted = (
        first_content is not None and first_content.pos_ == "AUX"
        and (subject_tok is None or first_content.i < subject_tok.i)
    ) or _asks_of_address(first_content, parsed)
    if (predicate is None and root.pos_ == "ADJ" and first_content is not None and first_content.i == root.i
            and any(c.dep_ == "dobj" for c in root.children)):
        # "Empty the queue.": an adjective takes no object; the small model made a verb of it.
        predicate = lower(root)
    if (predicate is not None and question and root.tag_ == "VB" and first_content is not None
            and first_content.i == root.i and any(c.dep_ == "acomp" for c in root.children)
            and not any(c.dep_ in ("dobj", "nsubj", "nsubjpass", "dative") or c.i in parsed.items
                        for c in root.children)):
        # "queue empty yet?": a noun and its adjective asked about; the small model made the noun a
        # bare verb, and a verb in the imperative takes no adjective of its own.
        predicate = None
    if predicate is None:
        mood = Mood.FRAGMENT
    elif wh is not None:
        mood = Mood.WH_QUESTION
    elif modality is Modality.REQUEST:
        mood = Mood.REQUEST
    elif (
        not children(chain[0], SUBJECTS)
        and (subject_tok is None or bool(governors) and set(governors) <= words.serial_verbs)
        # "Do fetch A" / "Do not fetch A": an imperative with do-support (the negation is judged apart).
        and all(str(a.lemma_).lower() == "do" and a.tag_ in ("VB", "VBP") for a in auxes)
        and (action.tag_ == "VB" or noun_as_verb)
        # "Yesterday: fetched A and B.": a past form the model tagged as bare tells, and orders nothing (round 25).
        and not written_past(action, predicate)
        and set(governors) <= words.serial_verbs
        and opening is None  # "May the robot download A?" opens with its modal: no imperative
    ):
        mood = Mood.REQUEST if polite else Mood.IMPERATIVE
    elif question or inverted:
        mood = Mood.YES_NO_QUESTION
    else:
        mood = Mood.STATEMENT
    if reading.embedded:
        # An indirect question is a question, whoever is asked to look it up.
        inner_wh = next((t for t in action.subtree if t.tag_ in WH_TAGS and t.i < action.i), None)
        wh = wh_phrase(inner_wh, doc) if inner_wh is not None else None
        mood = Mood.WH_QUESTION if wh else Mood.YES_NO_QUESTION

    # The action's own parse: its subtree, plus a list after a colon that holds nothing but addresses.
    # The chain itself (allow → fetch, check → whether …) is the action's own structure, never a detour.
    in_scope = scope(doc[scope_top.i], parsed, chain_ids) if predicate is not None else {t.i for t in sent}
    tail = _colon_tail(action, sent, parsed, words)
    in_scope |= tail
    detached = _detached(chain, chain_ids, parsed, words)
    after_answer = _writers_next_step(sent, mood, parsed, words, verbs)
    detached |= after_answer
    # "Status check before I enqueue the nightly batch: is the worker idle?": the writer's own next step,
    # wherever the model hangs it (here from the heading's noun), is no second action.
    detached |= deadline_clauses((t.i for t in sent), parsed, words)
    if mood is Mood.WH_QUESTION and not any(i in parsed.items for i in in_scope):
        # "What came back when we fetched A?", "What's the title of the page we stored for A?": a clause
        # that dates the record, or says who stored it and when, names what the question asks about.
        records = [t for t in chain[-1].children if t.dep_ == "advcl" and dated_by_the_past(t)]
        records += [c for i in sorted(in_scope) for c in doc[i].children if c.dep_ == "relcl" and in_the_past(c)
                    and [lower(s) for s in children(c, SUBJECTS)][:1] in (["we"], ["you"], ["i"])]
        in_scope |= {t.i for record in records for t in record.subtree if t.i in parsed.items}
    conjoined, others = _verbs(sent, chain_ids, action.i, detached, parsed, words, verbs)
    unexpected = _modifiers(chain if predicate is not None else [], tail, parsed, words)
    unexpected = codes_asked(unexpected, mood in (Mood.YES_NO_QUESTION, Mood.WH_QUESTION) and modality is Modality.NONE,
                             words.nouns)
    # "Was A fetched last week?": a date of what a question asks about is answered by the record itself.
    dated = dated_words(chain, mood in (Mood.YES_NO_QUESTION, Mood.WH_QUESTION) and modality is Modality.NONE)
    unexpected = [w for w in unexpected if w not in dated]
    counts: list[int] = []
    for tok in sent:
        if tok.i in parsed.items or tok.i in parsed.synthetic or not tok.like_num or tok.i not in in_scope:
            continue
        if tok.i in tail or (lower(tok) == "one" and any(c.dep_ == "det" for c in tok.children)):
            continue  # "the one at B" is a pronoun, not a count
        if _year_of_one(tok):
            continue  # "the 2024 one at C": a year tells which one, it counts nothing
        if lower(tok) in words.adverbs and tok.dep_ in ("advmod", "npadvmod"):
            continue  # "First, fetch A": an ordinal adverb orders, it does not count
        if _ORDINAL.fullmatch(lower(tok)) and tok.dep_ in ("pobj", "advmod", "npadvmod"):
            continue  # "For the third, fetch A": an ordinal standing alone orders; "the third link" still counts
        if _labelled(tok, action, words) or names_a_noun(tok, mood, words):
            continue  # "ticket 41190", "section 2.1", "did A 404?": the number names a thing, it counts no pages
        value = number(tok.text)
        counted = tok.dep_ == "nummod" and (lower(tok.head) in words.object_nouns or counts_the_object(tok, action))
        # "fetch these two: A, B", "fetch all 16: A, …": the number stands for the pages it counts (the
        # model may hang it from A); the binder then holds it to the distinct addresses given.
        counts_items = tok.dep_ in ("dobj", "appos") or (tok.dep_ == "nummod" and tok.head.i in parsed.items)
        counted = counted or (counts_items and any(lower(c) in ("these", "those", "all") for c in tok.children))
        if counted and value is not None:
            counts.append(value)  # "these two pages: A and B" must name two
        elif value == 1 and tok.dep_ == "nummod" and tok.head.dep_ == "pobj":
            continue  # "in one go", "one per line": one of something else widens nothing
        else:
            unexpected.append(tok.text)  # "fetch 300 pages from A" asks for more than A
    pointer, referents = _pronoun(action, predicate, parsed, words)
    if pointer is None and predicate is not None:
        # "What status did it return?", "What did you record for that page?": a question's pointer may be
        # its subject or sit after a preposition; it is bound only to a context address (deputy.forms.asked_back).
        pointer = question_pointer(action, mood in (Mood.YES_NO_QUESTION, Mood.WH_QUESTION)
                                   and modality is Modality.NONE, parsed, words.referent_nouns)
    sentence_words = set()
    for tok in sent:
        if tok.i not in parsed.items:
            sentence_words |= {lower(tok), str(tok.lemma_).lower()}
    sentence_words |= {lower(doc[i]) for i in tail if i not in parsed.items}
    return Clause(
        tokens=frozenset(t.i for t in sent) | tail,
        predicate=predicate, mood=mood, modality=modality, aspects=aspects, subject=subject, wh=wh,
        polite=polite, governors=tuple(governors), chain=chain_ids, scope=frozenset(in_scope),
        scope_top=scope_top.i, tail=tail, detached=detached, question_tail=_question_tail(sent, mood) | after_answer,
        conjoined=tuple(conjoined), others=tuple(others), unexpected=tuple(dict.fromkeys(unexpected)),
        counts=tuple(counts), words=frozenset(sentence_words), pronoun=pointer, referents=referents,
        asked=question, label=is_label(sent, parsed, words) or why_heading(sent, parsed, words),
        participle=predicate is not None and subject_tok is None and chain[0].tag_ == "VBG" and not auxes,
        contents=tuple(_contents(in_scope, parsed)), asking=questions_beside(action, words.embedders),
        commands=tuple(
            verb_lemma(t, verbs) for t in sent
            if t.pos_ == "VERB" and t.tag_ == "VB" and t.dep_ == "conj" and t.head.tag_ != "VB"
            and t.i not in chain_ids and (not _own_clause_but_to(t) or _asked_of_me(t))
        ) + ((predicate,) if predicate and _cut_from_auxiliary(action, auxes, doc) else ()),
    )


def _colon_tail(action: Any, sent: Any, parsed: Parsed, words: ReaderWords) -> frozenset[int]:
    """A list after a colon in the action's sentence, holding only addresses and list words to the end."""
    doc = parsed.doc
    colon = next((t for t in sent if t.text == ":" and t.i > action.i and t.i not in parsed.items), None)
    if colon is None:
        return frozenset()
    tail = [t for t in doc if t.i > colon.i]
    if tail and all(
        t.i in parsed.items or lower(t) in words.list_words or t.is_punct or t.i in parsed.synthetic
        or t.like_num  # "1. A 2. B"
        for t in tail
    ):
        return frozenset(t.i for t in tail)
    return frozenset()


def _detached(chain: list[Any], chain_ids: frozenset[int], parsed: Parsed, words: ReaderWords) -> frozenset[int]:
    """Clauses of purpose or reason hanging from the action: "so I can quote it later".

    They tell why, with a subject of their own that is not the deputy; their verbs are the speaker's
    business, not a second request (a forbidden verb there is still refused wherever it stands). So is
    the writer's own next step that sets a deadline ("before I bump the dependency").
    """
    out: set[int] = set()
    for tok in chain:
        for child in tok.children:
            if child.i in chain_ids or child.dep_ not in ("advcl", "parataxis", "ccomp") or child.pos_ not in VERBAL:
                continue
            subjects = [str(c.lemma_).lower() for c in children(child, SUBJECTS)]
            marks = [lower(c) for c in child.children if c.dep_ == "mark"]
            own_subject = bool(subjects) and subjects[0] not in ("you", "yourself")
            # A clause dated in the past ("… when you stored it") only says which record is asked about.
            deadline = any(writers_deadline(c, parsed, words) for c in child.children if c.dep_ == "mark")
            if (own_subject and (not marks or all(m in words.purpose_marks for m in marks))) or dated_by_the_past(child) \
                    or _as_recorded(child, words) or deadline or _writers_purpose(child, tok, parsed, words):
                out |= {t.i for t in child.subtree}
    return frozenset(out)


_BACK = frozenset({"it", "this", "that", "them", "these", "those", "its"})


def _as_recorded(clause: Any, words: ReaderWords) -> bool:
    """"… as you stored it" names the record asked about (deputy.forms.told_before); "… as you posted it" names
    a verb the deputy refuses, which stays a second action."""
    lemma = str(clause.lemma_).lower()
    return as_recorded(clause) and lemma not in words.unsupported and lemma not in words.forbidden


def _writers_purpose(clause: Any, head: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """An infinitive of purpose that is the writer's own business, not a second request:

    - on the writer's own verb: "To answer the user I need to know how many pages we have";
    - on the request, a question the writer means to settle: "fetch A to see what changed",
      "… to check whether the limits moved" (an embedder with a question of its own);
    - on a step the writer narrates ("I'll download A to confirm the key", "Calling fetch on A to
      check the table syntax"): the narrator is the one who confirms or checks.

    Never with an address, a negation, a forbidden verb or a word pointing back at the page
    ("fetch A to summarise it" asks for a second action on it).
    """
    if clause.dep_ not in ("advcl", "xcomp") or children(clause, SUBJECTS):
        return False
    if not any(c.tag_ == "TO" for c in clause.children):
        return False
    inside = [t for t in clause.subtree]
    if any(t.i in parsed.items or t.dep_ == "neg" or lower(t) in words.negations or lower(t) in _BACK
           or str(t.lemma_).lower() in words.forbidden for t in inside):
        return False
    owners = [lower(c) for c in children(head, SUBJECTS)]
    if owners[:1] in (["i"], ["we"]):
        return clause.i < head.i  # "To answer the user, I need …": fronted, the writer's reason
    if parsed.narrated and not owners and head.dep_ == "ROOT":
        # "I'll download A to confirm the key", "To verify the citation, I'm going to download A": the
        # narrator's own step, so the one who confirms or verifies is the narrator, wherever it stands.
        return True
    asked = [c for c in clause.children if c.dep_ == "ccomp" and embedded(c)]
    return str(clause.lemma_).lower() in words.embedders and bool(asked)


def _verbs(
    sent: Any, chain_ids: frozenset[int], action_i: int, detached: frozenset[int], parsed: Parsed,
    words: ReaderWords, verbs: frozenset[str],
) -> tuple[list[str], list[str]]:
    """Verbs beyond the action chain: conjoined with it ("download and save") or anywhere else."""
    conjoined, others = [], []
    for tok in sent:
        if tok.i in chain_ids or tok.i in parsed.items or tok.i in parsed.synthetic or tok.pos_ != "VERB":
            continue
        if tok.i in detached:
            continue
        if tok.dep_ in ("amod", "compound") and not list(tok.children):
            continue  # a participle used as an adjective: "the following URLs", "the stored pages"
        if hyphen_compound(tok) and verb_lemma(tok, verbs) not in words.forbidden:
            continue  # round 17: "for the people-search comparison" names a kind of comparison, asks nothing
        if tok.dep_ == "prep" and tok.tag_ in ("VBG", "VBN"):
            continue  # a participle used as a preposition: "according to robots.txt"
        if _instrument(tok, action_i, parsed, words):
            continue  # "Using the fetch tool, get A": which tool, not a second action
        if tok.dep_ == "acomp" and tok.tag_ in ("VBG", "VBN") and verb_lemma(tok, verbs) not in verbs:
            continue  # a participle no vocabulary knows, used as an adjective: "is anything still pending?"
        relative = _relative(tok, chain_ids)
        if relative == "describes" or (relative == "orders" and verb_lemma(tok, verbs) not in words.unsupported):
            continue  # "the page that A links to", "the pages you have stored": a description asks nothing
        lemma = verb_lemma(tok, verbs)
        # "download and save A" shares the action's subject and mood; "fetch A and what did you get
        # from B?" does not: a conjoined verb with its own subject or auxiliary is another clause.
        if tok.dep_ == "conj" and tok.head.i == action_i and not own_clause(tok):
            conjoined.append(lemma)
        elif tok.dep_ == "pcomp" and tok.head.head.i == action_i and not own_clause(tok):
            conjoined.append(lemma)  # "queue A for fetching"
        else:
            others.append(lemma)
    return conjoined, others


# Nouns that name an agent's own tool: "Using the fetch capability, get A".
_INSTRUMENTS = frozenset({"tool", "capability", "function", "command", "skill", "plugin", "action", "api"})


def _instrument(tok: Any, action_i: int, parsed: Parsed, words: ReaderWords) -> bool:
    """"Using the fetch tool," before the action: a participle of "use" whose object names a tool, with no
    address, negation, verb or refused word in it, says how, not what."""
    if tok.tag_ != "VBG" or str(tok.lemma_).lower() != "use" or tok.dep_ != "advcl" or tok.i > action_i:
        return False
    objects = [c for c in tok.children if c.dep_ == "dobj"]
    if len(objects) != 1 or str(objects[0].lemma_).lower() not in _INSTRUMENTS:
        return False
    inside = [t for t in tok.subtree if t.i != tok.i]
    refused = words.unsupported | words.forbidden
    return not any(
        t.i in parsed.items or t.pos_ in ("VERB", "AUX") or lower(t) in words.negations
        or lower(t) in refused or str(t.lemma_).lower() in refused for t in inside
    )


def _relative(tok: Any, chain_ids: frozenset[int]) -> str:
    """"describes" for a verb in a relative clause ("the page that A links to"), "orders" when that
    clause's subject is the deputy ("A, which you then email to me": judged by its verb), else ""."""
    node = tok
    for _ in range(32):
        if node.i in chain_ids or node.head.i == node.i:
            return ""
        if node.dep_ in ("relcl", "acl"):
            subjects = [lower(c) for c in children(node, SUBJECTS)]
            return "orders" if subjects[:1] == ["you"] else "describes"
        node = node.head
    return ""


def _year_of_one(tok: Any) -> bool:
    """"the 2024 one", "the 1999 ones", "the 2023 annual report": a year before "one" or a singular noun
    with a determiner names which one (a count before a singular noun would be no English);
    "the 2023 reports" may count, and stays a count."""
    head = tok.head
    return (tok.dep_ == "nummod" and len(tok.text) == 4 and tok.text.isdigit() and 1900 <= int(tok.text) <= 2099
            and (lower(head) in ("one", "ones") or head.tag_ in ("NN", "NNP"))
            and any(c.dep_ == "det" for c in head.children))


def _labelled(tok: Any, action: Any, words: ReaderWords) -> bool:
    """A number right after a label noun names something ("ticket 41190", "section #2.1").

    Only where the label is not the action's own object: "download section 2.1 of A" asks for a part
    of A, and the number stays a word the reader cannot place.
    """
    prev = tok.nbor(-1) if tok.i > 0 else None
    if prev is not None and prev.text == "#" and prev.i > 0:
        prev = prev.nbor(-1)
    if prev is None or lower(prev) not in words.label_nouns:
        return False
    for noun in (prev, tok):
        if noun.head.i == action.i and noun.dep_ in ("dobj", "attr", "oprd", "nsubjpass", "conj"):
            return False
    return True


def _modifiers(chain: list[Any], tail: frozenset[int], parsed: Parsed, words: ReaderWords) -> list[str]:
    """Modifiers of the action the reader has no word for ("tomorrow", "every hour", "slowly")."""
    unexpected = []
    for tok in chain:
        for child in tok.children:
            if child.i in parsed.items or child.i in tail or child.dep_ not in _OUT_OF_SCOPE_DEPS:
                continue
            word = str(child.lemma_).lower()
            if child.dep_ == "agent" and someone_else(child, parsed, words):
                unexpected.append(lower(child))  # "I want A fetched by the team": not a request to me
                continue
            if child.dep_ == "prep" and writers_deadline(child, parsed, words):
                continue  # "Need A before standup": by when, met by acting now
            if after_a_past_event(child, parsed, words):
                continue  # "Re-fetch A after yesterday's timeout": the event is past (round 19)
            if child.dep_ in ("prep", "agent"):
                if word not in words.prepositions and lower(child) not in words.prepositions:
                    unexpected.append(lower(child))
                else:
                    unexpected += _elsewhere(child, parsed, words)
            elif child.dep_ == "npadvmod" and (word in words.object_nouns or lower(child) in words.object_nouns):
                continue
            elif dislocated_object(child, tok, parsed.items):
                continue  # "Sitemaps of A, please list them": the noun the pronoun takes up (round 21)
            elif opens_softly(child, words):
                continue  # "Maybe fetch A too?"
            elif (
                word not in words.adverbs and lower(child) not in words.adverbs and child.tag_ not in WH_TAGS
                and word not in words.politeness and word not in words.negations and word not in words.courtesy
            ):
                unexpected.append(lower(child))
    return unexpected


def _supported_verb(root: Any, sent: Any, parsed: Parsed, verbs: frozenset[str]) -> Any | None:
    """The verb of a do-support question that the small model tagged as a noun, or None.

    "What status did A return?", "Did the download of A work?": the root is "did", no verb hangs
    from it, and the question's last word is a bare noun spelt like a known verb in its base form.
    Only a question is repaired, so the repair can only ever ask, never act.
    """
    # A clause that dates the question ("… when we last grabbed it") is no verb of the question's own.
    if root.tag_ not in ("VBD", "VBZ", "VBP") or any(c.pos_ == "VERB" and not (c.dep_ == "advcl" and dated_by_the_past(c))
                                                     for c in root.children):
        return None
    dated = {t.i for c in root.children if c.dep_ == "advcl" and dated_by_the_past(c) for t in c.subtree}
    said = [t for t in sent if not t.is_punct and not t.is_space and t.i not in dated]
    # A question mark, or a question word first: "what http status did A return when we grabbed it".
    if not said or not (any(t.text == "?" for t in sent) or said[0].tag_ in WH_TAGS):
        return None
    last = said[-1]
    if last.i <= root.i or last.i in parsed.items or last.pos_ != "NOUN" or lower(last) not in verbs:
        return None
    if any(c.dep_ in ("det", "poss", "nummod", "amod") for c in last.children):
        return None  # "Did you do the work?": a noun with its determiner is a noun
    return last


def _after_fronted_phrase(sent: Any, root: Any, content_toks: list[Any]) -> list[Any]:
    """The content tokens after a phrase that opens the sentence and ends at a comma, or [] when it has none.

    A prepositional phrase hanging from the sentence's root ("For the audit, …", "In the meantime, …"),
    whose words run from the sentence's start to the comma; a question word inside it ("For what it's
    worth, …") opens nothing. A fronted clause ("If you have a sec, how many pages …", "just if you have
    a sec: how many …") is set aside the same way, closed by a comma or a colon: it stays a condition or
    a reason where it is judged, but the question after it is still a question word's (round 28: without
    this, "how many pages are stored for H" after it was read as "are pages stored for H?", a page
    question).
    """
    first = next((t for t in sent if not t.is_space), None)
    if first is None:
        return []
    fronted = next((c for c in root.children if c.dep_ in ("prep", "advcl") and c.left_edge.i == first.i), None)
    if fronted is None:
        return []
    comma = fronted.right_edge.i + 1
    closers = (",", ":") if fronted.dep_ == "advcl" else (",",)
    if comma >= sent.end or sent.doc[comma].text not in closers or sent.doc[comma].head.i != root.i:
        return []
    # The relative pronoun of "the report that I'm writing" opens no question; any other does.
    if any(t.tag_ in WH_TAGS and t.head.dep_ != "relcl" for t in fronted.subtree):
        return []
    return [t for t in content_toks if t.i > comma]


def _contents(in_scope: set[int], parsed: Parsed) -> list[str]:
    """Things inside a page named by the page's address: "the links on A", "the latest post on A".

    "The PDF at A" or "the changelog from A" is A itself; links, images or files on A, or a post
    picked out on A, are other addresses the prompt does not give. Such a request is not understood.
    """
    doc = parsed.doc
    found = []
    for index in sorted(in_scope):
        if index not in parsed.items or doc[index].dep_ != "pobj":
            continue
        prep = doc[index].head
        # "the comments at B" is the comments page B itself; "the latest post at B" is one picked out on B.
        at = lower(prep) == "at"
        if lower(prep) not in _WITHIN and not at:
            continue
        # The model hangs the place from the noun ("the links on A") or from the verb beside its object.
        nouns = [prep.head] if prep.head.pos_ in ("NOUN", "PROPN") else [
            c for c in prep.head.children if c.dep_ == "dobj" and c.pos_ in ("NOUN", "PROPN")]
        for noun in nouns:
            if noun.i in parsed.items:
                continue
            picked = [lower(c) for c in noun.children if c.dep_ in ("amod", "advmod", "nummod", "det")
                      and (lower(c) in _SELECTORS or _ORDINAL.fullmatch(lower(c)))]
            if (not at and (lower(noun) in _PARTS or str(noun.lemma_).lower() in _PARTS)) or picked:
                found.append(" ".join(picked + [lower(noun), lower(prep)]))
    return found


def _elsewhere(prep: Any, parsed: Parsed, words: ReaderWords) -> list[str]:
    """A destination the deputy does not own: "save A to my Google Drive" puts A somewhere else.

    "Read A to me", "add A to the queue", "save A to the store": a person or one of the vocabulary's
    places. An address after "to" is another slot and judged there.
    """
    if lower(prep) not in _DESTINATIONS:
        return []
    objects = [c for c in prep.children if c.dep_ == "pobj" and c.i not in parsed.items]
    return [
        lower(obj) for obj in objects
        if obj.pos_ != "PRON" and str(obj.lemma_).lower() not in words.places and lower(obj) not in words.places
    ]


_WRITERS_MODALS = frozenset({"can", "should", "may", "could"})


def _writers_next_step(sent: Any, mood: Mood, parsed: Parsed, words: ReaderWords, verbs: frozenset[str]) -> frozenset[int]:
    """"Is there anything left in the queue, or can I deploy?": a yes/no question closed by "or" and the
    writer's own next step, which the answer settles. The step's verb is none the reader knows (so never
    "… or can I fetch A?", a request of its own); its subject is "I"/"we" with "can", "should", "may" or
    "could"; it holds no address, number, negation or "you". A forbidden verb is refused anywhere."""
    if mood is not Mood.YES_NO_QUESTION or not any(t.text == "?" for t in sent):
        return frozenset()
    for tok in sent:
        if tok.dep_ != "conj" or tok.pos_ != "VERB" or tok.head.i == tok.i:
            continue
        joined = [c for c in tok.head.children if c.dep_ == "cc" and lower(c) == "or" and c.i < tok.i]
        subjects = children(tok, SUBJECTS)
        modals = [c for c in tok.children if c.dep_ == "aux" and lower(c) in _WRITERS_MODALS and c.i < tok.i]
        inside = list(tok.subtree)
        if (not joined or not modals or not subjects or lower(subjects[0]) not in ("i", "we")
                or str(tok.lemma_).lower() in verbs or lower(tok) in verbs
                or any(t.i in parsed.items or t.like_num or is_negation(t, parsed, words)
                       or lower(t) in ("you", "your", "u") for t in inside)
                or any(t.i > inside[-1].i and not t.is_punct for t in sent)):
            continue
        return frozenset({joined[-1].i} | {t.i for t in inside})
    return frozenset()


def _question_tail(sent: Any, mood: Mood) -> frozenset[int]:
    """"… or not?" closing a question: a way of asking, not a negation or a choice.

    "… or not yet?" (round 15) asks the same about the past: "You already fetched A or not yet?". The
    tail must close a sentence that ends in "?" ("Fetch A or not yet." is no question and stays refused).
    """
    if mood not in (Mood.YES_NO_QUESTION, Mood.WH_QUESTION):
        return frozenset()
    words = [t for t in sent if not t.is_punct]
    if len(words) >= 2 and lower(words[-2]) == "or" and lower(words[-1]) == "not":
        return frozenset({words[-2].i, words[-1].i})
    return _not_yet_tail(sent, words)


def _not_yet_tail(sent: Any, words: list[Any]) -> frozenset[int]:
    """"… or not yet?" closing a sentence that ends in "?" (round 15), or one that opens with an inverted
    auxiliary before "you" (round 16: "did you get A already or not yet", typed without the mark)."""
    asked = any(t.text == "?" for t in sent) or _inverted_you(words)
    if len(words) >= 3 and [lower(w) for w in words[-3:]] == ["or", "not", "yet"] and asked:
        return frozenset(w.i for w in words[-3:])
    return frozenset()


# The auxiliaries whose inversion before "you" makes a question about the past without its "?".
_PAST_ASKERS = frozenset({"did", "have", "has"})


def _inverted_you(words: list[Any]) -> bool:
    """Whether the sentence opens "did/have/has you …": the word order alone asks ("did you get A")."""
    return len(words) >= 2 and lower(words[0]) in _PAST_ASKERS and words[0].pos_ == "AUX" and lower(words[1]) == "you"


def _pronoun(action: Any, predicate: str | None, parsed: Parsed, words: ReaderWords) -> tuple[int | None, int]:
    """The action's object when it only points back, and how many addresses it stands for.

    "please grab it", "fetch that page" stand for one (1); "download both" for two (2); "fetch them",
    "fetch these pages", "fetch all of them" for any number above one (0). None when the object names
    something itself; the verb's own index, for one, when the request has no object at all ("Fetch please.").
    """
    if predicate is None:
        return None, 1
    objects = [c for c in action.children if c.dep_ == "dobj"]
    if not objects:
        arguments = [c for c in action.children if c.dep_ in _ARGUMENTS or c.i in parsed.items]
        return (None if arguments else int(action.i)), 1
    child = objects[0]
    if len(objects) > 1 or child.i in parsed.items:
        return None, 1
    word = lower(child)
    # "so fetch that one for them": whom it is for, hung on the pointer, changes nothing it points at (round 19).
    kids = [k for k in child.children if not benefactive(k, words.person_nouns)]
    # "download it and B": an "it" with only addresses joined to it still points back (deputy/forms/pronouns.py).
    if child.tag_ in ("PRP", "DT") and (not kids or only_addresses_joined(child, parsed)):
        if word in _PRONOUNS:
            return int(child.i), 1
        if word in _MANY:
            return int(child.i), 2 if word == "both" else 0
    # "download each of them" (round 17) counts as "all of them".
    if word in ("both", "all", "each") and [lower(k) for k in kids if k.dep_ != "punct"] == ["of"]:
        of = [g for k in kids for g in k.children if g.dep_ == "pobj"]
        if len(of) == 1 and lower(of[0]) in _MANY - {"both"} and not list(of[0].children):
            return int(child.i), 2 if word == "both" else 0
    named = str(child.lemma_).lower() in words.referent_nouns or word in words.referent_nouns
    determiners = [lower(k) for k in kids if k.dep_ in ("det", "predet", "nummod")]
    if named and determiners and len(determiners) == len(kids):
        if child.tag_ == "NNS":
            if any(d in ("these", "those", "the", "both") for d in determiners):
                return int(child.i), 2 if "both" in determiners or "two" in determiners else 0
        elif determiners[0] in ("this", "that", "the"):
            return int(child.i), 1  # "fetch that page", "download the link"
    return None, 1


def _asks_of_address(first: Any, parsed: Parsed) -> bool:
    """"did A 404", "does A redirect", typed without the question mark: "did" or "does" opening the
    sentence with an address right after it asks about that address (the small model may make the
    "did" a main verb, which the auxiliary test above misses)."""
    return (first is not None and str(first.lemma_).lower() == "do" and first.tag_ in ("VBD", "VBZ")
            and first.i + 1 in parsed.items)


def _cut_from_auxiliary(action: Any, auxes: list[Any], doc: Any) -> bool:
    """"did A 404, refetch it": the model may give the bare verb after the comma the "did" (and the
    subject) of the question before it. A lone comma between a "do" and its verb ends the question
    there: the verb is an order beside it (a second request), never part of what is asked. Paired
    commas set off an aside ("Did you, by any chance, fetch A?") and cut nothing."""
    if action.tag_ != "VB":
        return False
    return any(str(a.lemma_).lower() == "do" and a.i < action.i
               and sum(doc[j].text in (",", ";") for j in range(a.i + 1, action.i)) % 2 == 1 for a in auxes)


_ASKING_MODALS = frozenset({"can", "could", "will", "would"})


def _asked_of_me(tok: Any) -> bool:
    """"When was A fetched, and can you fetch it again?": a verb conjoined to a question, opened by its own
    modal before "you", is a request put beside the question (a second thing asked), even with a subject
    of its own. "…, and what did you get?" has no such modal and stays a question."""
    modals = [c.i for c in tok.children if c.dep_ == "aux" and c.tag_ == "MD" and lower(c) in _ASKING_MODALS]
    you = [c.i for c in tok.children if c.dep_ == "nsubj" and lower(c) in ("you", "u")]
    return bool(modals) and bool(you) and min(modals) < min(you)


def _own_clause_but_to(tok: Any) -> bool:
    """Whether a verb has its own subject or auxiliary, the infinitive's "to" aside: in "I want to know
    when we fetched A, and to fetch it again" the "to fetch" is still an order beside the question."""
    return any(c.dep_ in SUBJECTS or (c.dep_ in ("aux", "auxpass") and lower(c) != "to") for c in tok.children)


def _opening_modal(sent: Any, auxes: list[Any], parsed: Parsed, words: ReaderWords) -> str | None:
    """"May the robot download A?": a modal that opens the sentence is the sentence's modal, however the
    small model hangs it. With "May" first it may make the noun-tagged verb the root and the modal a
    bare `dep` (or the root itself), and the question would read as an order. A modal hung as `aux` is
    read as before, with its own verb ("Can you tell me whether …" keeps "can" to the asking)."""
    opening = next((t for t in sent if content(t, parsed, words)), None)
    if opening is None or opening.tag_ != "MD" or opening.dep_ in ("aux", "auxpass"):
        return None
    return str(opening.lemma_).lower()

