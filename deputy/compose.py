"""Builds the skeleton of a whole prompt from its sentences: which sentence is the request, which
further sentences ask for the same thing ("Fetch A. Also fetch B."), which only give context ("The
user is comparing two libraries."), and what "it" stands for when one sentence hands over the only
address and the request names it with a pronoun.

Pure over a parse; knows no capability beyond the verbs that make the deputy act.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from deputy.clause import Clause, read_clause
from deputy.forms.background import background_before
from deputy.forms.past_relatives import past_relative_spans
from deputy.forms.recalled import dates_the_past, past_report
from deputy.forms.correlative import correlative_word
from deputy.context import (
    addressing,
    after_context_labels,
    after_reported_things,
    bind_pronoun,
    continued,
    done_to_it,
    fine_context,
    heads_sentence,
    main_clause,
    needs_by,
    own_wish,
    pleasantry,
    speaks_of_acting,
    speaks_to_me,
    writers_reason,
)
from deputy.forms.contrast import contrasting_not
from deputy.forms.described import describes_the_page
from deputy.forms.echo import echoes
from deputy.forms.conditioned_nots import conditioned_nots
from deputy.forms.elliptic import elliptic_nots
from deputy.forms.listcounts import quantifies_a_count
from deputy.nlp import Parsed
from deputy.forms.own_steps import deadline_clauses
from deputy.forms.priority import ranks_first
from deputy.forms.pronouns import dangling_pronouns
from deputy.protect import ItemKind, maybe_host
from deputy.forms.quoted import quoted_refusal
from deputy.forms.reasons import happened, wants_to_know
from deputy.forms.linked_state import described_things, describes_state
from deputy.forms.own_inquiry import inquiry_events
from deputy.forms.reported_ask import leave_asked
from deputy.forms.reported_past import past_clock_times, reports_what_happened
from deputy.forms.restated import restated
from deputy.scope import role
from deputy.signals import (
    COORDINATORS,
    content,
    find_conditions,
    is_negation,
    lower,
    negation_word,
    opens_softly,
    ordinary_word,
    occasion_clock,
    writers_deadline,
)
from deputy.skeleton import Modality, Mood, Skeleton, SlotToken, TokenRow
from deputy.forms.named_again import named_again
from deputy.forms.steps import step_goals
from deputy.forms.told_before import told_spans
from deputy.forms.times import is_repetition, is_time_word, schedule_phrase, schedules
from deputy.vocab import ReaderWords

__all__ = ["build_skeleton"]

_PURPOSES = frozenset({"for", "about", "regarding"})
# The writer's own hands: a request that holds one is the writer's plan, not a request to me.
_REFLEXIVES = frozenset({"myself", "ourselves"})


@dataclass(frozen=True, slots=True)
class _Roles:
    """What each sentence of a prompt is: the request, further requests, continuations, context."""

    main: int
    also: tuple[int, ...]
    absorbed: Mapping[int, int]  # a continuation fragment → the request it continues
    context: tuple[int, ...]
    fine: tuple[int, ...]  # context that only tells
    loose: tuple[int, ...]  # neither request nor context: judged like the request, then refused
    acting: tuple[int, ...]  # context whose negations and widening words count (it speaks of acting)
    remarks: frozenset[int]
    reports: frozenset[int] = frozenset()  # context that only reports what happened (deputy.forms.reported_past)


def build_skeleton(
    parsed: Parsed, words: ReaderWords, verbs: frozenset[str], actions: frozenset[str] = frozenset(),
    *, unquoted: frozenset[str] = frozenset(), answers: frozenset[str] = frozenset(),
    observed: frozenset[str] | None = None,
) -> Skeleton:
    """Reads the parse. `verbs` are the verb lemmas the vocabulary knows; `actions` the ones that act;
    `unquoted` the acting ones whose capabilities take no quotation (an aside quotation is passed over);
    `answers` the words an answering capability that needs no address listens for (deputy.forms.reasons);
    `observed` the verbs of the capabilities that only answer (by default every verb in `verbs`)."""
    doc = parsed.doc
    rows = _rows(parsed)
    found_conditions = find_conditions(parsed, words)
    clauses = _clauses(parsed, words, verbs)
    # "Raj is asking whether you're busy right now. Are you?": the bare echo asks the reported question
    # again (deputy.forms.echo); the reported question is what is read.
    repeated = echoes(clauses, parsed)
    clauses = [c for n, c in enumerate(clauses) if n not in repeated]
    if not clauses:
        negation = next((negation_word(t) for t in doc if is_negation(t, parsed, words)), None)
        return _empty_skeleton(parsed, rows, negation, tuple(dict.fromkeys(w for w, _ in found_conditions)))
    roles = _roles(clauses, parsed, words, actions, verbs if observed is None else observed, answers,
                   conditioned=frozenset(index for _, index in found_conditions))
    main = clauses[roles.main]
    # "The page says: download A": the request is a thing's words passed on, not the writer's.
    reported = roles.main in after_reported_things(clauses, parsed, words)
    conditions, conditions_aside = _conditions(clauses, roles, found_conditions, doc)
    # "Fetch A if the user hasn't read it yet": a negation inside a condition belongs to the condition.
    # Only a condition about someone else ("if it isn't", "if you didn't fetch A" stay negations).
    conditioned = {t.i for word, index in found_conditions if word in conditions and doc[index].dep_ == "mark"
                   and _about_another(doc[index].head) for t in doc[index].head.subtree}
    # "Did you fetch A? If not, fetch it.": the "not" of "If not," is the condition's (deputy/forms/elliptic.py).
    conditioned |= elliptic_nots(doc, found_conditions, conditions)
    # "as long as robots.txt doesn't forbid it", "provided it isn't blocked" (deputy/forms/conditioned_nots.py).
    conditioned |= conditioned_nots(doc, found_conditions, conditions, _about_another)
    negation, negation_asked = _negation(clauses, roles, parsed, words, skip=conditioned, actions=actions)
    requested = [main] + [clauses[i] for i in roles.absorbed if roles.absorbed[i] == roles.main]
    # "You answered that A was fetched at 09:12": the clock time of a report dates the past (round 18).
    dated = past_clock_times({t for i in roles.reports for t in clauses[i].tokens}, parsed)
    unexpected = list(main.unexpected) + _symbols(parsed, words, dated) + _loose_conjuncts(requested, parsed, words)
    # "How many pages do you have from docs.rs?": a word that may name a site or a file, in the
    # request itself, is never silently dropped.
    # Not inside the writer's own purpose ("Need A to fix the failing test in test_models.py"): a file the
    # writer works on names nothing to fetch.
    unexpected += [lower(doc[i]) for i in sorted(main.scope) if i not in parsed.items and maybe_host(doc[i].text)
                   and not _in_writers_purpose(doc[i])]
    # "I fetched A yesterday but it looked truncated.": what the writer did in the past widens nothing now.
    # "My colleague archived A yesterday." (round 17): anyone's report in the past widens and times nothing now.
    past = {i for i in roles.fine if _told_of_the_past(clauses[i]) or past_report(clauses[i], parsed, actions)}
    # "The team lead asked me this morning to collect …": a time word of context that dates its past verb
    # schedules nothing (round 19, ctx19b; as `_scheduled` does with dated=True).
    blocked = _blocked(requested, parsed, words)
    blocked += _blocked([clauses[i] for i in roles.acting if i not in past], parsed, words, dated=True)
    blocked += list(main.contents)
    if main.mood in (Mood.IMPERATIVE, Mood.REQUEST):
        # "Let me fetch A myself", "I'll grab A myself": the writer means to do it; no request to me.
        unexpected += [lower(doc[i]) for c in requested for i in sorted(c.tokens - c.detached)
                       if lower(doc[i]) in _REFLEXIVES]
        # "Show me the text of A every morning", "Fetch A after 6pm": the reader acts now or never, so a
        # request with a schedule is a conditional request, whatever it asks to do.
        timed = [i for i in roles.fine if (i in roles.acting or needs_by(clauses[i])) and i not in past]
        # A time word of a sentence of context that dates a past verb schedules nothing (round 17).
        scheduled = _scheduled(requested, parsed, words)
        scheduled += _scheduled([clauses[i] for i in timed], parsed, words, dated=True)
        # "Fetch A twice" repeats the request rather than timing it: still a word it cannot place.
        unexpected += [w for w in scheduled if is_repetition(w)]
        conditions = tuple(dict.fromkeys(conditions + tuple(w for w in scheduled if not is_repetition(w))))
    # A loose sentence ("You will translate B.") is no context: its verbs are judged like the request's.
    others = list(main.others) + done_to_it([clauses[i] for i in roles.fine], main, parsed, words)
    for i in roles.loose:
        predicate = clauses[i].predicate
        others += ([predicate] if predicate else []) + list(clauses[i].others)
        others += list(clauses[i].conjoined)
    extra = [lower(doc[t]) for i in roles.loose for t in sorted(clauses[i].tokens) if content(doc[t], parsed, words)]
    carried = {t for i in roles.absorbed if roles.absorbed[i] == roles.main for t in clauses[i].tokens}
    bound, bound_to = bind_pronoun(main, clauses, list(roles.context), list(roles.fine), parsed, words, actions,
                                   known=verbs)
    unexpected += dangling_pronouns(main.scope, bound, parsed)
    also_scopes = {t for i in roles.also for t in clauses[i].scope}
    # "My user says: "grab the changelog for me". Please fetch A.": a harmless quotation in a sentence
    # of context is the user's words, not part of this request.
    # A bare quotation standing alone ("What does A say? “characters 1 to 5”") is no one's words: it stays.
    inert = {t for i in roles.fine if clauses[i].mood is Mood.STATEMENT for t in clauses[i].tokens
             if t in parsed.items and parsed.items[t].kind is ItemKind.QUOTE
             and quoted_refusal(parsed.items[t].text, words) is None}
    # "Retrieve the primary source ("Global Energy Review 2024", IEA) at A", "Per Reviewer 2's comment
    # ("please cite the original RFC"), fetch A": a harmless quotation set beside a noun names or
    # restates it; an acting request whose capabilities take no quotation passes over it ("Ask the
    # keeper: «Is the lamp on?»" keeps its quotation where asking takes one).
    if main.predicate in unquoted:
        inert |= {t for t in main.tokens if t in parsed.items and parsed.items[t].kind is ItemKind.QUOTE
                  and doc[t].dep_ == "appos" and doc[t].head.pos_ in ("NOUN", "PROPN")
                  and doc[t].head.i not in parsed.items and quoted_refusal(parsed.items[t].text, words) is None}
    # "Ticket #8840: the count for A looks off. How many pages have you stored from A?": the context
    # names the very address the request asks about (deputy.forms.restated); it is no second thing.
    inert |= restated(main, [clauses[i] for i in roles.fine], parsed)
    return Skeleton(
        predicate=main.predicate, mood=main.mood, modality=main.modality, aspects=main.aspects,
        subject=main.subject, wh=main.wh, polite=main.polite, negation=negation, conditions=conditions,
        governors=main.governors, conjoined=main.conjoined, others=tuple(others),
        words=tuple(sorted(set(main.words) | {lower(doc[t]) for t in carried if t not in parsed.items})),
        unexpected=tuple(dict.fromkeys(unexpected)), forbidden=tuple(dict.fromkeys(_forbidden(parsed, words))),
        counts=main.counts, extra=tuple(extra),
        slots=_main_slots(main, parsed, carried=carried, bound_to=bound_to, skipped=also_scopes | inert,
                          reported=reported), tokens=rows,
        also=tuple(
            _also_skeleton(clauses[i], [clauses[j] for j in roles.absorbed if roles.absorbed[j] == i], parsed, words)
            for i in roles.also
        ),
        context=tuple(_text(clauses[i], doc) for i in roles.fine), blocked=tuple(dict.fromkeys(blocked)),
        bound=bound, rewrites=parsed.rewrites, negation_asked=negation_asked, conditions_aside=conditions_aside,
        commands=main.commands, asking=main.asking,
        elsewhere=any(i not in main.tokens and i not in carried and i not in also_scopes and i not in bound_to
                      and i not in inert
                      for i, item in parsed.items.items() if item.kind is ItemKind.ADDRESS),
    )


def _in_writers_purpose(tok: Any) -> bool:
    """Whether a word sits in an infinitive of purpose hanging from the writer's own verb ("I need A to fix
    the test in test_models.py"): the subject of that verb is "I" or "we"."""
    node = tok
    for _ in range(12):
        if node.head.i == node.i:
            return False
        if node.dep_ == "advcl" and any(c.tag_ == "TO" for c in node.children):
            return any(c.dep_ == "nsubj" and lower(c) in ("i", "we") for c in node.head.children)
        node = node.head
    return False


def _roles(
    clauses: list[Clause], parsed: Parsed, words: ReaderWords, actions: frozenset[str], known: frozenset[str],
    answers: frozenset[str] = frozenset(), *, conditioned: frozenset[int] = frozenset(),
) -> _Roles:
    """Which sentence is the request, which continue or repeat it, which give context."""
    doc = parsed.doc
    told = after_context_labels(clauses, words, parsed)
    # "runbook step 3: capture what the crawler sees.\nfetch A and B": the step's goal, then its request.
    told |= step_goals(clauses, words, parsed, actions)
    remarks = frozenset(i for i, c in enumerate(clauses) if _remark(c, parsed))
    pleasant = {i for i, c in enumerate(clauses) if pleasantry(c, parsed, words, actions)}
    told |= pleasant
    reported = {i for i, c in enumerate(clauses) if _reported_question(c, parsed, words, actions, known, answers)}
    if len(reported) < len(clauses):
        told |= reported
    # A remark after an address ("A (Go 1.22 release notes)") is context unless it orders an action.
    told |= {i for i in remarks if clauses[i].predicate not in actions | words.unsupported | words.forbidden
             or _labelled(clauses[i], parsed)}
    addressed = addressing(clauses, parsed, words, actions) - told
    # Round 28 (ctx28): "My user runs a hiking club. They'd like …": background before the request.
    main_i = main_clause(clauses, addressed, background_before(clauses, parsed, words, actions, conditioned))
    absorbed: dict[int, int] = {}
    also: list[int] = []
    context: list[int] = []
    for index in range(len(clauses)):
        if index == main_i:
            continue
        request = continued(clauses, index, main_i, also, parsed, words)
        if request is not None:
            absorbed[index] = request
        elif index > main_i and index in addressed:
            also.append(index)
        else:
            context.append(index)
    wishes = {i for i in context if own_wish(clauses[i], words, actions) or writers_reason(clauses[i], parsed, words)}
    # "You told me A was queued.", "Sent from my phone": a report of what happened asks nothing, though
    # it names the deputy (deputy.forms.reported_past); only beside a request or a question.
    # Not a line right under a label ("Assistant: done"): whose words those are is the turn reader's call.
    reports = {i for i in context if main_i in addressed and not (i and clauses[i - 1].label)
               and reports_what_happened(clauses[i], parsed, words, actions)}
    # "Previously: fetched A OK.\nNow: fetch B and A.": a report of a past act on addresses the request names
    # again tells, and asks nothing more (deputy.forms.named_again, round 25).
    reports |= set(named_again(clauses, context, main_i, parsed, words, actions, known))
    fine = [
        i for i in context
        if i in pleasant or i in reports
        or (i in wishes or i in told or fine_context(clauses[i]))
        and not speaks_to_me(clauses[i], doc, main_i, i, wish=i in wishes)
    ]
    acting = [i for i in fine if speaks_of_acting(clauses[i], doc, actions) or i in remarks
              or (clauses[i].mood is Mood.FRAGMENT and not clauses[i].label)]
    return _Roles(
        main=main_i, also=tuple(also), absorbed=absorbed, context=tuple(context), fine=tuple(fine),
        loose=tuple(i for i in context if i not in fine), acting=tuple(acting), remarks=remarks,
        reports=frozenset(reports),
    )


def _reported_question(
    clause: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str], known: frozenset[str],
    answers: frozenset[str] = frozenset(),
) -> bool:
    """"The user asked what the page says. Please download A so I can answer.": someone else's question,
    reported without a question mark and naming no address, tells why the request is made; no
    capability could answer it (it names nothing to look up). A reported question that names an
    address ("… asked whether A is blocked"), ends in "?", or holds a negation, a verb that acts or
    a refused verb (its own verb may be one a capability that answers knows: "says") is left to the
    other checks."""
    if clause.mood not in (Mood.WH_QUESTION, Mood.YES_NO_QUESTION) or clause.asked:
        return False
    # "The user wants to know what changed" (deputy.forms.reasons): a wish to know, with its own guards.
    if not clause.governors or (clause.governors[0] not in words.embedders
                                and not wants_to_know(clause, parsed, words, answers)):
        return False
    if any(i in clause.tokens for i in parsed.items):
        return False
    refused = actions | words.unsupported | words.forbidden
    # Only a verb a capability that answers knows ("says"): `known` is the answering capabilities' verbs
    # when the reader passes them, so "what was changed" does not pass as if it were one.
    answered = (known - actions - words.forbidden) & {clause.predicate or ""}
    doc = parsed.doc
    # "… what changed in 3.0": a refused verb (never a forbidden or acting one) whose subject is the
    # question word, with no object, names an event on the page; nothing is asked to be changed.
    events = words.unsupported - actions - words.forbidden
    # "… whether the batch went through before we continue": the writer's own next step, by when the
    # answer is needed (deputy.forms.own_steps); a forbidden verb there is still refused by _forbidden.
    step = deadline_clauses(clause.tokens, parsed, words)
    # "… whether we're allowed to pull ECB pages": the act whose leave is asked is not asked for (round 19).
    step |= leave_asked(clause, parsed, words, actions)
    # "We're checking whether yesterday's scrape captured …": the writer's own inquiry; its acting nouns and
    # told events name things, not requests (deputy.forms.own_inquiry, round 19).
    step |= inquiry_events(clause, parsed, words, actions)
    # "… how big our archive has become": the subject a linking verb describes names a thing (round 23).
    step |= described_things(clause, parsed, words)
    return not any(
        is_negation(doc[t], parsed, words)
        or ({str(doc[t].lemma_).lower(), lower(doc[t])} & refused) - answered
        - (events if happened(doc[t]) or describes_state(doc[t], words.linking_verbs) else frozenset())
        for t in clause.tokens if t not in step
    )


def _negation(
    clauses: list[Clause], roles: _Roles, parsed: Parsed, words: ReaderWords, *, skip: frozenset[int] | set[int] = frozenset(),
    actions: frozenset[str] = frozenset(),
) -> tuple[str | None, bool]:
    """The first negation that counts, and whether it stands in the question itself.

    A negation refuses wherever it stands, except in a context sentence that does not speak of
    acting, and in a question that only asks (decided later, against the capabilities).
    """
    doc = parsed.doc
    main = clauses[roles.main]
    tails = set().union(*(c.question_tail for c in clauses)) | skip
    # "Grab A (the fact sheet itself, not the landing page)": a remark that contrasts two noun phrases
    # says which page is meant; its "not" takes nothing back (deputy.forms.contrast).
    tails |= {t.i for c in clauses for t in doc if t.i in c.tokens and contrasting_not(t, c.tokens, parsed)}
    counted = {t for i in roles.also + tuple(roles.absorbed) + roles.loose + roles.acting for t in clauses[i].tokens}

    def first(ids: set[int] | frozenset[int]) -> str | None:
        return next((negation_word(t) for t in doc
                     if t.i in ids and t.i not in tails and is_negation(t, parsed, words)), None)

    elsewhere = first(counted - main.tokens)
    own = first(main.tokens)
    # "Don't tell me what A says": a negation on the verb without a subject that governs the question
    # negates the request around it, not the question ("How many pages did you not manage to fetch?" asks).
    on_governor = any(t.i in main.tokens and t.i not in tails and is_negation(t, parsed, words)
                      and t.head.i in main.chain and t.head.lemma_.lower() != main.predicate
                      and t.head.lemma_.lower() in main.governors
                      and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in t.head.children) for t in doc)
    asked = (elsewhere is None and own is not None and not on_governor and not _forbids(main, parsed, words, actions)
             and main.mood in (Mood.YES_NO_QUESTION, Mood.WH_QUESTION))
    return elsewhere or own, asked


def _forbids(main: Clause, parsed: Parsed, words: ReaderWords, actions: frozenset[str]) -> bool:
    """Whether a negation in the request forbids an action: "Don't fetch A yet, I still have it open".

    The small model may make the negated imperative a clause under "I still have it open", and the
    auxiliary "Do" that opens the prompt then makes the whole look like a question that only asks.
    A "don't" with its bare verb that acts and no subject of its own is an order, never a question.
    """
    doc = parsed.doc
    for index in sorted(main.tokens):
        tok = doc[index]
        if tok.dep_ != "neg" or not is_negation(tok, parsed, words):
            continue
        verb = tok.head
        if (verb.tag_ == "VB" and verb.lemma_.lower() in actions
                and not any(c.dep_ in ("nsubj", "nsubjpass", "expl") for c in verb.children)
                and any(c.dep_ == "aux" and c.lemma_.lower() == "do" and c.i < tok.i for c in verb.children)):
            return True
    return False


def _conditions(
    clauses: list[Clause], roles: _Roles, found: tuple[tuple[str, int], ...], doc: Any
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The conditions that count, and those inside a context statement (they refuse only an action).

    "Just checking in before I send more work." conditions its own statement; a sentence that is
    itself a conditional clause ("If the site is up.") conditions what follows it.
    """
    statements = [i for i in roles.fine if clauses[i].mood is Mood.STATEMENT]
    contained = {t for i in statements for t in clauses[i].tokens}
    # "Our CI broke after the upgrade": a condition in a sentence about the past conditions nothing now.
    past = {t for i in statements if "past" in clauses[i].aspects for t in clauses[i].tokens}
    inside = [(word, index in contained and not heads_sentence(doc[index]), index in past) for word, index in found]
    return (tuple(dict.fromkeys(w for w, aside, _ in inside if not aside)),
            tuple(dict.fromkeys(w for w, aside, done in inside if aside and not done)))


def _main_slots(
    main: Clause, parsed: Parsed, *, carried: set[int], bound_to: frozenset[int], skipped: set[int],
    reported: bool = False,
) -> tuple[SlotToken, ...]:
    """Every protected token outside the further requests, and whether it is part of the request
    (never, when the request is words `reported` from a thing)."""
    doc = parsed.doc
    slots = []
    for index, item in sorted(parsed.items.items()):
        if index in skipped:
            continue
        if index in main.tail or index in carried:
            slot_role = "list"
        elif index in bound_to:
            slot_role = "dobj"
        else:
            slot_role = role(doc[index], doc[main.scope_top], parsed)
        slots.append(SlotToken(
            index=index, kind=str(item.kind), text=item.text, source=item.source, link_text=item.link_text,
            in_scope=not reported and (index in main.scope or index in carried or index in bound_to), role=slot_role,
        ))
    return tuple(slots)


def _clauses(parsed: Parsed, words: ReaderWords, verbs: frozenset[str]) -> list[Clause]:
    """One clause per sentence that says anything; a sentence inside an earlier colon list joins that list."""
    out: list[Clause] = []
    covered: set[int] = set()
    for sent in parsed.doc.sents:
        said = {t.i for t in sent if content(t, parsed, words)}
        if not said or said <= covered:
            continue
        clause = read_clause(sent, parsed, words, verbs)
        out.append(clause)
        covered |= clause.tail
    return out


def _told_of_the_past(clause: Clause) -> bool:
    """A statement of what the writer did: "I fetched A yesterday but it looked truncated."."""
    return clause.mood is Mood.STATEMENT and "past" in clause.aspects and clause.subject in ("i", "we")


def _remark(clause: Clause, parsed: Parsed) -> bool:
    """A sentence in parentheses right after an address: a remark about it (the model may have cut
    the opening parenthesis off into a sentence of its own)."""
    first = min(clause.tokens)
    doc = parsed.doc
    if doc[first].text != "(" and first >= 1 and doc[first - 1].text == "(":
        first -= 1
    return doc[first].text == "(" and (first - 1) in parsed.items


def _about_another(verb: Any) -> bool:
    """Whether a clause has a subject of its own other than the deputy ("if the user hasn't read it")."""
    subjects = [lower(c) for c in verb.children if c.dep_ in ("nsubj", "nsubjpass", "expl")]
    return bool(subjects) and subjects[0] not in ("you", "u", "yourself")


def _labelled(clause: Clause, parsed: Parsed) -> bool:
    """"A (mirror: B)": a remark whose first word heads a colon names what follows; it orders nothing."""
    doc = parsed.doc
    said = [i for i in sorted(clause.tokens) if not doc[i].is_punct and i not in parsed.synthetic]
    return len(said) >= 2 and said[0] + 1 < len(doc) and doc[said[0] + 1].text == ":" and said[0] not in parsed.items


def _forbidden(parsed: Parsed, words: ReaderWords) -> list[str]:
    """Forbidden verbs anywhere, whatever their tag; an unsupported verb right after "and"/"then".

    The tagger sometimes makes a verb a noun or an adjective ("fetch A and book B", "then forward it").
    """
    doc = parsed.doc
    found = [
        str(t.lemma_).lower() if str(t.lemma_).lower() in words.forbidden else lower(t) for t in doc
        if t.i not in parsed.items and (lower(t) in words.forbidden or str(t.lemma_).lower() in words.forbidden)
        # "Fetch A, the page that explains how attackers delete files": what the page describes (deputy.forms.described).
        and not describes_the_page(t, parsed, words)
    ]
    for tok in doc:
        if tok.i == 0 or tok.i in parsed.items or tok.pos_ == "VERB":
            continue
        if lower(tok) in words.unsupported and lower(doc[tok.i - 1]) in COORDINATORS:
            found.append(lower(tok))
    return found


def _symbols(parsed: Parsed, words: ReaderWords, dated: frozenset[int] = frozenset()) -> list[str]:
    """Shell or markup anywhere: "&&", "-rf", "<script>". `dated`: clock times that date a report."""
    return [
        t.text for t in parsed.doc
        if t.i not in parsed.items and t.i not in dated and t.i not in parsed.synthetic and not t.is_punct and not t.is_alpha
        and not t.like_num and lower(t) not in words.list_words and not ordinary_word(t.text)
        # "Before the 14:00 change freeze, grab A": the clock time of the writer's own deadline.
        and not occasion_clock(t, parsed, words)
        # "… to fix the failing test in test_models.py": a file name in the writer's own purpose.
        and not (ordinary_word(t.text.replace("_", "")) and _in_writers_purpose(t))
    ]


def _blocked(requested: list[Clause], parsed: Parsed, words: ReaderWords, *, dated: bool = False) -> list[str]:
    """Words that widen the request ("everything", "or", "tomorrow"), outside purpose clauses. With
    `dated` (sentences of context), not time words that date a past verb (deputy.forms.recalled.dates_the_past).

    "Is anything still waiting?" asks about the queue: a blocker that is the subject of a question
    widens nothing.
    """
    doc = parsed.doc
    out = []
    for clause in requested:
        # Round 28 (ctx28): "… the stored text of A that we downloaded on Monday" dates the past (past_relatives).
        told = told_spans(clause.tokens, doc) | past_relative_spans(clause.tokens, doc)
        for index in sorted(clause.tokens - clause.detached - clause.question_tail):
            tok = doc[index]
            if index in parsed.items or index in parsed.synthetic:
                continue
            if is_time_word(tok) and (index in told or (dated and dates_the_past(tok))):
                continue  # "I asked you to download it this morning": when it was asked, not when to act
            if is_time_word(tok):
                if schedules(tok) and not _by_deadline(tok, parsed, words):
                    out.append(lower(tok))
                continue  # "tomorrow's training", "save it for later", "Long day.": no schedule
            if lower(tok) not in words.blockers and str(tok.lemma_).lower() not in words.blockers:
                continue
            if correlative_word(tok, parsed, words.correlative_focus):
                continue  # "not only A but also B": the pair adds B to A, it widens nothing
            if _quantifies_list(tok) or quantifies_a_count(tok):
                continue  # "fetch all of these: A, B", "fetch all 16: A, …" ask for the list they give, no more
            asked = clause.mood in (Mood.YES_NO_QUESTION, Mood.WH_QUESTION)
            if asked and tok.dep_ in ("nsubj", "nsubjpass", "attr", "expl"):
                continue
            if _describes_purpose(tok) or opens_softly(tok, words):
                continue
            if ranks_first(tok):
                continue  # "fetch A ahead of anything else in the queue": first, not more (deputy.forms.priority)
            out.append(lower(tok))
    return out


_LISTED = frozenset({"these", "those", "them", "following", "above", "below", "listed"})


def _quantifies_list(tok: Any) -> bool:
    """"all of these", "all these pages", "all the following URLs", "all of these doc pages", "every
    one of these pages": "all" or "every one" of a list the prompt gives."""
    word = lower(tok)
    if word == "every" and tok.dep_ == "det" and lower(tok.head) == "one":
        tok = tok.head  # "every one of these": the "one" holds the "of"
    elif word != "all":
        return False
    of = [g for c in tok.children if c.dep_ == "prep" and lower(c) == "of" for g in c.children if g.dep_ == "pobj"]
    if any(_listed(g) for g in of):
        return True
    if word == "all" and tok.dep_ in ("det", "predet", "amod"):
        return _listed(tok.head)
    return False


def _listed(tok: Any) -> bool:
    """A word that points at a list ("these", "the following"), or a noun it determines ("these pages")."""
    # The model may hang the "these" of "these aiohttp doc pages" from a modifier of the noun.
    return lower(tok) in _LISTED or any(lower(t) in _LISTED and t.dep_ in ("det", "amod") for t in tok.subtree if t.i < tok.i)


def _scheduled(requested: list[Clause], parsed: Parsed, words: ReaderWords, *, dated: bool = False) -> list[str]:
    """Time phrases in the request that say when to act ("every morning", "in an hour", "after 6 pm");
    with `dated`, not those that date a past verb (deputy.forms.recalled.dates_the_past)."""
    doc = parsed.doc
    return [
        schedule_phrase(doc[i]) for clause in requested
        for i in sorted(clause.tokens - clause.detached - clause.question_tail - told_spans(clause.tokens, doc)
                        - past_relative_spans(clause.tokens, doc))
        if i not in parsed.items and i not in parsed.synthetic and is_time_word(doc[i]) and schedules(doc[i])
        and not _by_deadline(doc[i], parsed, words) and not (dated and dates_the_past(doc[i]))
    ]


def _by_deadline(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """"fetch A now, before the weekend": a time word that is the writer's deadline, met by acting now."""
    return tok.dep_ == "pobj" and writers_deadline(tok.head, parsed, words)


def _describes_purpose(tok: Any) -> bool:
    """"for the weekly digest": an adjective of what the request is for schedules nothing."""
    if tok.dep_ not in ("amod", "compound"):
        return False
    noun = tok.head
    return noun.dep_ == "pobj" and lower(noun.head) in _PURPOSES


def _loose_conjuncts(requested: list[Clause], parsed: Parsed, words: ReaderWords) -> list[str]:
    """A word conjoined with an address that is no noun: "fetch A and maybe B" (maybe)."""
    doc = parsed.doc
    out = []
    for clause in requested:
        for index in sorted(clause.tokens):
            tok = doc[index]
            if index in parsed.items or index in parsed.synthetic:
                continue
            if tok.dep_ == "conj" and tok.head.i in parsed.items and tok.pos_ not in ("NOUN", "PROPN", "X") \
                    and lower(tok) not in words.object_nouns:
                out.append(lower(tok))
    return out


def _also_skeleton(clause: Clause, continuations: list[Clause], parsed: Parsed, words: ReaderWords) -> Skeleton:
    """A further request sentence, read on its own: its predicate, its own slots and words."""
    doc = parsed.doc
    carried = {t for c in continuations for t in c.tokens}
    slots = tuple(
        SlotToken(index=i, kind=str(item.kind), text=item.text, source=item.source, link_text=item.link_text,
                  in_scope=True,
                  role="list" if (i in clause.tail or i in carried) else role(doc[i], doc[clause.scope_top], parsed))
        for i, item in sorted(parsed.items.items()) if i in clause.scope or i in carried
    )
    blocked = _blocked([clause, *continuations], parsed, words) + list(clause.contents)
    return Skeleton(
        predicate=clause.predicate, mood=clause.mood, modality=clause.modality, aspects=clause.aspects,
        subject=clause.subject, wh=clause.wh, polite=clause.polite, negation=None, conditions=(),
        governors=clause.governors, conjoined=clause.conjoined, others=clause.others,
        words=tuple(sorted(clause.words)), unexpected=tuple(dict.fromkeys(list(clause.unexpected)
                                                                           + _loose_conjuncts([clause], parsed, words))),
        forbidden=(), counts=clause.counts, extra=(), slots=slots, tokens=(), blocked=tuple(dict.fromkeys(blocked)),
        asking=clause.asking,
    )


def _text(clause: Clause, doc: Any) -> str:
    return " ".join(doc[i].text for i in sorted(clause.tokens))


def _rows(parsed: Parsed) -> tuple[TokenRow, ...]:
    rows = []
    for tok in parsed.doc:
        item = parsed.items.get(tok.i)
        misc = str(item.kind) if item is not None else ("inserted" if tok.i in parsed.synthetic else "")
        rows.append(
            TokenRow(
                id=tok.i + 1,
                form=item.source if item is not None else tok.text,
                lemma=item.text if item is not None else tok.lemma_,
                upos=tok.pos_,
                xpos=tok.tag_,
                head=0 if tok.head.i == tok.i else tok.head.i + 1,
                deprel=tok.dep_,
                misc=misc,
            )
        )
    return tuple(rows)


def _empty_skeleton(
    parsed: Parsed, rows: tuple[TokenRow, ...], negation: str | None, conditions: tuple[str, ...]
) -> Skeleton:
    return Skeleton(
        predicate=None, mood=Mood.FRAGMENT, modality=Modality.NONE, aspects=(), subject=None, wh=None,
        polite=False, negation=negation, conditions=conditions, governors=(), conjoined=(), others=(),
        words=(), unexpected=(), forbidden=(), counts=(), extra=(), slots=(), tokens=rows, rewrites=parsed.rewrites,
    )
