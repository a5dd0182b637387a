"""Whether a vocabulary edit relaxes a safety rule: the check `review try` makes before any replay.

Teaching adds words; it never takes away a refusal. An edit that shrinks a safety list (negations,
conditions, forbidden or unsupported verbs, blockers), moves one of their words into a list the
reader passes over, reads a new misspelling, abbreviation or number as a word, lets an acting
capability answer a question, changes what a capability does or renames a refusal kind is a
relaxation, whatever the corpus says: a corpus only shows the prompts it holds, and the reader's
code may refuse such a word today for another reason. Pure: two vocabularies in, English sentences out.
"""

from __future__ import annotations

from dataclasses import astuple

from deputy.vocab import Capability, Form, Vocab

__all__ = ["relaxations"]

# Lists whose every word makes the reader refuse (or refuse more): they may only grow.
_SAFETY_LISTS = ("negations", "negating_verbs", "conditions", "forbidden", "unsupported", "blockers")
# Lists of phrases matched before parsing; a new one that holds a negation or condition word could hide it.
_HEDGES = (
    "hedge_frames", "hedge_asides", "sign_offs", "spoken_openers", "question_tags", "disfluencies", "closing_tails",
    "tail_asides", "restated_questions",
    # Round 28 (voice28): a memory tail after "or not" is dropped; one holding a refusing word could hide it.
    "memory_tails",
    # Round 28 (voice28): a word of a dropped "like …" record tail; a verb added there would go unread.
    "record_tail_words",
    # Round 28 (voice28): a repeat callout and its dismissal ("never mind") are dropped after a repeated address.
    "repeat_callouts", "repeat_dismissals",
)
# Verbs the reader passes over beside the action ("list", "need", "go"): an unsupported verb may not join them.
# The relay lists too: a word on them lets a frame pass a quotation on ('User says "fetch A" — email').
_VERB_LISTS = (
    "neutral_predicates", "request_governors", "serial_verbs", "embedders", "achievers", "referent_verbs",
    "report_verbs", "relay_words", "relay_frame",
)
# Word lists that map one spelling to another; each has its own check below.
_MAPPINGS = ("spellings", "misspellings", "abbreviations", "numerals")
# Lists whose words let a condition word pass ("before lunch"): any word added there is a relaxation.
_DEADLINES = ("occasions", "loose_deadlines")
# Notes dropped before parsing ("one is listed twice"): a new one lets a blocker ("twice") pass.
_NOTES = ("repeat_notes",)
# Lists whose words make a statement act ("Need a fresh copy of A"): any word added there is a relaxation.
_WIDENING = (
    "product_modifiers", "renewing_verbs", "plan_labels", "step_pointers", "action_keys", "label_keys", "turn_labels",
    "header_fields", "status_values", "request_fields", "operation_fields", "address_fields", "form_titles", "deadline_fields", "wrapper_tags", "greeting_addressees", "requester_labels", "earlier_turns", "correlative_focus",
    "companion_verbs", "dictated_commas", "headline_participles", "headline_nouns", "self_corrections",
    # Round 17 (learners): a learner's verb, a joining phrase, a reassurance or an apology makes more act.
    "learner_verbs", "learner_show_verbs", "joining_phrases", "reassuring_verbs", "apology_words",
    # Round 17 (headers): a source label, an adopting line or an agent participle makes more act.
    "source_words", "adopting_phrases", "adopting_questions", "agent_participles",
    # Round 17 (turns): a pointer to an earlier turn, a retrying verb or a follow-up makes more act.
    "turn_pointers_one", "turn_pointers_all", "retrying_verbs", "follow_ups",
    # Round 19 (voice19): a time contrast or a correcting frame lets a "not" or a "no" pass.
    "immediate_times", "later_times", "correcting_frames",
    # Round 19 (turns19): a numbered turn, a closing contrast, a line adopting a code block or a call tag.
    "numbered_turns", "turn_contrasts", "fence_adopters", "call_tags", "past_days",
    # Round 23 (markup23): an address in tags, a verbless list's head, a site holding what is asked about.
    "address_tags", "list_heads", "holding_verbs", "held_nouns",
    # Round 24 (markup24): a pointer back at a lone opening address ("A download this").
    "address_pointers", "worry_asides", "concession_openers",
    # Round 26 (ctx26): a presenting verb before the addresses and the order ("Take A and B — fetch them both").
    "presenting_verbs",
    "restating_tails", "restating_openers",
    "closing_asides", "turn_questions",
    # Round 25 (tickets25): a tracker's title line and a sentence field holding the request (deputy.text.fields).
    "trackers", "sentence_fields",
    # Round 25 (tickets25): a handing-over lead and a checking line adopting a question (deputy.text.handover).
    "handover_verbs", "checking_adoptions", "sent_facts", "restating_labels",
    # Round 23 (turns23): an elliptical count question answered after an earlier turn's count.
    "count_follow_ups", "counted_nouns",
    # Round 23 (turns23): the deputy's question of what to act on, answered by an address alone.
    "asked_objects", "asking_frames", "said_verbs",
    # Round 20 (reasons20): a robot name written in lower case is read as the name (deputy.text.self_name_case).
    "self_names",
    # Round 21 (voice21): a chat word, an urgency, an appreciation, a precaution, a denied negation or a
    # page's change lets more prompts act (deputy.text.spoken_wrappers).
    "address_requests", "agreeing_openers", "question_softeners", "urgency_adverbs", "appreciation_frames", "precautions", "denying_frames", "page_changes",
    # Round 21 (ops21): "could someone …?" as a request, "and do the same for B", a check's "tell me if
    # we are allowed" (deputy.predicate, deputy.text.same_again, deputy.text.checked_tell).
    "open_addressees", "same_again", "checking_verbs", "permission_answers",
    # Round 24 (turns24): "and then fetch it again along with B" read as "and B" (deputy.text.repeated_verb).
    "repeat_joiners",
    # Round 21 (ctx21): a tool's key=value readout line under such a label is dropped as context.
    "readout_labels",
    # Round 22 (learn22): "Given that …, fetch A" reads its fronted fact as "Because …".
    "reason_openers",
    # Round 23 (voice23): a guessed time after a when question, a perusal before the order, a mentioned word.
    "guessed_times", "perusal_phrases", "mention_nouns",
    # Round 25 (bind25): a noun for a copy of a page lets a wished copy bind "it" (deputy.forms.wished_copy).
    "copy_nouns",
    # Round 24 (voice24): a closing summary of the addresses, a spoken link before an order (deputy.text.spoken_runons).
    "summed_quantities", "run_on_links",
    # Round 23 (ctx23): a verb of keeping and a kept state make a fronted purpose pass (deputy.text.fronted_purpose).
    "keeping_verbs", "kept_states",
    # Round 25 (ctx25): a verb of serving a person makes a fronted purpose pass (deputy.text.served_purpose).
    "serving_verbs",
    "count_sources",
    # Round 26 (markup26): a check noun makes a label phrase ask (deputy.text.label_phrase); a permission verb
    # lets a robots question set aside the address that only names whose robots.txt (deputy.text.robots_owner).
    "check_nouns", "permission_verbs",
    # Round 25 (ctx25): a bare "Necessary to"/"Important to" before a verb that acts asks (deputy.text.hedged_asks).
    "necessity_openers",
    # Round 23 (ctx23): a linking verb in a reported question describes a state (deputy.forms.linked_state).
    "linking_verbs",
    # Round 24 (ctx24): a closing note saying where to answer is dropped (deputy.text.delivery_notes).
    "delivery_notes",
    # Round 24 (ctx24): "that page" may point at the one address quoted words name as the page.
    "pointed_nouns",
    # Round 25 (voice25): a sign closing a line is dropped as a sign-off (deputy.text.signoff_signs).
    "signoff_signs",
)
_AUXILIARIES = frozenset({"be", "have", "do", "can", "could", "may", "might", "will", "would", "shall", "should", "must"})
_ACTING_MOODS = frozenset({"imperative", "request"})
_ACTING_MODALITIES = frozenset({"none", "request"})
_NEGATED_ENDINGS = ("nt", "n't", "n’t")


def _words(vocab: Vocab, name: str) -> frozenset[str]:
    return frozenset(str(w).lower() for w in getattr(vocab.words, name))


def _single(phrases: frozenset[str]) -> frozenset[str]:
    return frozenset(p for p in phrases if " " not in p)


def _said(words: set[str] | frozenset[str]) -> str:
    return ", ".join(f"“{w}”" for w in sorted(words))


def _word_lists(before: Vocab, after: Vocab) -> list[str]:
    out = []
    for name in _SAFETY_LISTS:
        dropped = _words(before, name) - _words(after, name)
        if dropped:
            out.append(f"it removes {_said(dropped)} from words.{name}, and teaching never takes a refusal away")
    danger = _single(_words(after, "conditions")) | _words(after, "negations") | _words(after, "forbidden")
    danger |= _single(_words(after, "negating_verbs"))
    danger |= _words(after, "blockers")
    verbs = _words(after, "unsupported") | _words(after, "forbidden")
    hedge_danger = _words(after, "negations") | _single(_words(after, "conditions"))
    for name in after.words.__slots__:
        if name in _SAFETY_LISTS or name in _MAPPINGS:
            continue
        added = _words(after, name) - _words(before, name)
        if name in _HEDGES:
            for phrase in sorted(added):
                hidden = {w.strip(",.").replace("’", "'") for w in phrase.split()} & (hedge_danger | {"n't"})
                if hidden or any(w.endswith(_NEGATED_ENDINGS) for w in phrase.split()):
                    out.append(f"it adds the hedge “{phrase}” to words.{name}, and a hedge may not hold a negation or a condition")
            continue
        if name in _NOTES and added:
            # "(sorry, one is listed twice)" stops refusing: a new note drops words the reader would refuse.
            out.append(f"it adds {_said(added)} to words.{name}, and a note of a repeat that names one is dropped unread")
            continue
        if name in _WIDENING and added:
            # "Need a printed copy of A", "Update our copy of A" would start to fetch.
            out.append(f"it adds {_said(added)} to words.{name}, and more words about a product would act")
            continue
        if name in _DEADLINES and added:
            # "before standup" stops refusing as a condition: a new occasion lets a "before" through.
            out.append(f"it adds {_said(added)} to words.{name}, and a “before” that names one no longer refuses")
            continue
        risky = added & danger
        if risky:
            out.append(f"it adds {_said(risky)} to words.{name}, where the reader would pass over a word that refuses")
        if name in _VERB_LISTS and added & verbs:
            out.append(f"it adds the unsupported verb {_said(added & verbs)} to words.{name}")
    out += _spellings(before, after, danger)
    out += _chat_forms(before, after)
    return out


def _chat_forms(before: Vocab, after: Vocab) -> list[str]:
    """A new (or changed) misspelling, abbreviation or number read as a word makes the deputy act on
    text it refused: "dowload A" was no verb until the list said so. Taking one away only refuses more."""
    out = []
    for name, what in (("misspellings", "the misspelling"), ("abbreviations", "the abbreviation")):
        old, new = getattr(before.words, name), getattr(after.words, name)
        for source, verb in sorted(new.items()):
            if old.get(source) != verb:
                out.append(f"it reads {what} “{source}” as the verb “{verb}”, and a new spelling of a verb makes me act on a word I refused")
    old, new = before.words.numerals, after.words.numerals
    for source, standard in sorted(new.items()):
        if old.get(source) != standard:
            out.append(f"it reads “{source}” as “{standard}”, and a number read as a word may hide a count")
    return out


def _spellings(before: Vocab, after: Vocab, danger: frozenset[str]) -> list[str]:
    out = []
    old, new = before.words.spellings, after.words.spellings
    for source, standard in sorted(old.items()):
        if new.get(source) != standard:
            out.append(f"it changes the spelling “{source}” (read as “{standard}”), and teaching only adds spellings")
    negations = _words(after, "negations") | {"n't", "not"}
    for source, standard in sorted(new.items()):
        if source in old:
            continue
        words = set(source.lower().split())
        if words & danger:
            out.append(f"it respells {_said(words & danger)}, a word that refuses")
        target = standard.lower().replace("’", "'")
        negated_target = any(w in negations or w.endswith("n't") for w in target.split())
        if source.lower().endswith(_NEGATED_ENDINGS) and not negated_target:
            out.append(f"it reads “{source}” as “{standard}”, which drops the negation it seems to hold")
    return out


def _shape(capability: Capability) -> tuple[object, ...]:
    return (capability.operation, capability.handler, capability.observes, tuple(astuple(s) for s in capability.slots))


def _form_key(form: Form) -> tuple[object, ...]:
    return (form.moods, form.modalities, form.aspects, form.predicates, form.wh, form.subjects, form.requires)


def _capabilities(before: Vocab, after: Vocab) -> list[str]:
    out = []
    old = {c.name: c for c in before.capabilities}
    refusing = _words(after, "negations") | _words(after, "forbidden") | _words(after, "unsupported")
    for capability in after.capabilities:
        previous = old.get(capability.name)
        if previous is None:
            out.append(f"it adds the capability {capability.name}, and a new capability is code, not teaching")
            continue
        if _shape(previous) != _shape(capability):
            out.append(f"it changes what {capability.name} does (its operation, handler, slots or whether it only observes)")
            continue
        old_predicates = previous.predicates | {w for f in previous.forms for w in f.predicates}
        new_predicates = (capability.predicates | {w for f in capability.forms for w in f.predicates}) - old_predicates
        forbidden = new_predicates & _words(after, "forbidden")
        if forbidden:
            out.append(f"it makes the forbidden verb {_said(forbidden)} a predicate of {capability.name}")
        out += _products(previous, capability)
        if capability.observes:
            continue
        wrong = (new_predicates & (refusing | _AUXILIARIES)) - forbidden
        if wrong:
            out.append(f"it makes {_said(wrong)} a predicate of {capability.name}, which acts")
        known_forms = {_form_key(f) for f in previous.forms}
        for form in capability.forms:
            if _form_key(form) in known_forms:
                continue
            moods = form.moods - _ACTING_MOODS
            # No modalities means plain and request modalities only (deputy.decide._fits).
            modalities = form.modalities - _ACTING_MODALITIES
            if moods or modalities:
                what = _said(set(moods | modalities))
                out.append(f"it lets {capability.name}, which acts, answer {what}: only plain requests may act")
    return out


def _products(previous: Capability, capability: Capability) -> list[str]:
    """A new product noun makes a statement of need act ("Need a printout of A"); a new verb changes what it asks."""
    out = []
    added = capability.products - previous.products
    if added:
        out.append(f"it adds {_said(added)} to the products of {capability.name}, and a need for one would act")
    if capability.product_verb != previous.product_verb and capability.products:
        out.append(f"it changes the verb a need for a product of {capability.name} asks for to “{capability.product_verb}”")
    return out


def relaxations(before: Vocab, after: Vocab) -> tuple[str, ...]:
    """Each way `after` relaxes a safety rule of `before`, as a clause completing «The edit is refused because …»."""
    out = _word_lists(before, after) + _capabilities(before, after)
    renamed = sorted(k for k in set(before.kinds) | set(after.kinds) if before.kinds.get(k) != after.kinds.get(k))
    if renamed:
        out.append(f"it renames the refusal kinds {', '.join(renamed)}, which plans, answers and review lines name")
    return tuple(out)
