"""Loads a deputy vocabulary (capabilities, their English forms and typed slots) into frozen records.

The vocabulary is data: a new synonym or a new capability is a change to a JSON file, checked against
`schemas/vocab.schema.json`. This module knows nothing about what the capabilities do.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jsonschema

from deputy.refusals import DEFAULT_REASONS, RefusalKind
from deputy.words import DEFAULT_NUMERALS, DEFAULT_SPELLINGS, DEFAULT_WORDS

__all__ = ["Capability", "Form", "ReaderWords", "SlotSpec", "Vocab", "VocabError"]


class VocabError(ValueError):
    """A vocabulary file is missing, not JSON, or breaks the schema; the message names every problem."""


# Lists of phrases matched in order (and, for hedges, in their own case-insensitive way).
_PHRASE_LISTS = frozenset({
    "conditions", "hedge_frames", "hedge_asides", "sign_offs", "repeat_notes", "spoken_openers", "question_tags",
    "closing_tails", "self_corrections", "turn_pointers_one", "turn_pointers_all",
    "immediate_times", "later_times", "correcting_frames", "tail_asides", "restated_questions",
    # Round 21 (voice21, deputy/text/spoken_wrappers.py).
    "address_requests", "agreeing_openers", "question_softeners", "urgency_adverbs",
    "appreciation_frames", "precautions", "denying_frames", "page_changes",
    "same_again",
    # Round 24 (markup24, deputy/text/address_first.py).
    "address_pointers", "worry_asides", "concession_openers",
    # Round 28 (voice28, deputy/text/memory_tails.py).
    "memory_tails", "repeat_callouts", "repeat_dismissals",
    # Round 26 (ctx26, deputy/text/presented.py).
    "presenting_verbs",
    # Round 22 (learn22, deputy/text/learner_asks.py).
    "reason_openers",
    # Round 23 (voice23, deputy/text/spoken_asks.py).
    "guessed_times", "perusal_phrases",
    # Round 24 (voice24, deputy/text/spoken_runons.py).
    "summed_quantities", "run_on_links",
    # Round 23 (ctx23, deputy/text/fronted_purpose.py).
    "kept_states",
    # Round 25 (tickets25, deputy/text/restated_call.py).
    "restating_labels",
    # Round 25 (voice25, deputy/text/signoff_signs.py): signs kept as written (":D" is not ":d").
    "signoff_signs",
})
_MOODS = ("imperative", "request", "yes_no_question", "wh_question", "statement", "fragment")
_MODALITIES = ("none", "permission", "request", "other")
_ASPECTS = ("present", "past", "perfect", "passive", "progressive")


@dataclass(frozen=True, slots=True)
class ReaderWords:
    """The closed English word lists the reader relies on (lower-case lemmas)."""

    request_modals: frozenset[str]
    permission_modals: frozenset[str]
    permission_words: frozenset[str]
    request_governors: frozenset[str]
    embedders: frozenset[str]
    serial_verbs: frozenset[str]
    politeness: frozenset[str]
    courtesy: frozenset[str]
    negations: frozenset[str]
    negating_verbs: frozenset[str]
    conditions: tuple[str, ...]
    unsupported: frozenset[str]
    neutral_predicates: frozenset[str]
    adverbs: frozenset[str]
    prepositions: frozenset[str]
    list_words: frozenset[str]
    blockers: frozenset[str]
    forbidden: frozenset[str]
    object_nouns: frozenset[str]
    nouns: frozenset[str]
    achievers: frozenset[str]
    site_scopes: frozenset[str]
    site_quantifiers: frozenset[str]
    site_parts: frozenset[str]
    site_adverbs: frozenset[str]
    resource_nouns: frozenset[str]
    other_agents: frozenset[str]
    self_names: frozenset[str]
    self_nouns: frozenset[str]
    hindering_verbs: frozenset[str]
    channels: frozenset[str]
    hedge_frames: tuple[str, ...]
    hedge_asides: tuple[str, ...]
    sign_offs: tuple[str, ...]
    spoken_openers: tuple[str, ...]
    question_tags: tuple[str, ...]
    purpose_marks: frozenset[str]
    occasions: frozenset[str]
    headline_participles: frozenset[str]
    headline_nouns: frozenset[str]
    person_nouns: frozenset[str]
    context_labels: frozenset[str]
    turn_labels: frozenset[str]
    requester_labels: frozenset[str]
    earlier_turns: frozenset[str]
    repeat_notes: tuple[str, ...]
    label_nouns: frozenset[str]
    source_words: frozenset[str]
    adopting_phrases: frozenset[str]
    adopting_questions: frozenset[str]
    acknowledgements: frozenset[str]
    agent_participles: frozenset[str]
    courtesy_emoji: frozenset[str]
    signoff_signs: tuple[str, ...]
    pointers: frozenset[str]
    referent_verbs: frozenset[str]
    report_verbs: frozenset[str]
    referent_nouns: frozenset[str]
    fillers: frozenset[str]
    pleasantries: frozenset[str]
    places: frozenset[str]
    relay_words: frozenset[str]
    relay_frame: frozenset[str]
    product_modifiers: frozenset[str]
    renewing_verbs: frozenset[str]
    turn_pointers_one: frozenset[str]
    turn_pointers_all: frozenset[str]
    retrying_verbs: frozenset[str]
    follow_ups: frozenset[str]
    numbered_turns: frozenset[str]
    turn_contrasts: frozenset[str]
    reply_assents: frozenset[str]
    fence_adopters: frozenset[str]
    call_tags: frozenset[str]
    address_tags: frozenset[str]
    address_pointers: tuple[str, ...]
    presenting_verbs: tuple[str, ...]
    worry_asides: tuple[str, ...]
    memory_tails: tuple[str, ...]
    repeat_callouts: tuple[str, ...]
    repeat_dismissals: tuple[str, ...]
    record_tail_words: frozenset[str]
    concession_openers: tuple[str, ...]
    list_heads: frozenset[str]
    holding_verbs: frozenset[str]
    held_nouns: frozenset[str]
    restating_tails: frozenset[str]
    restating_openers: frozenset[str]
    past_days: frozenset[str]
    closing_asides: frozenset[str]
    delivery_notes: frozenset[str]
    pointed_nouns: frozenset[str]
    turn_questions: frozenset[str]
    trackers: frozenset[str]
    sentence_fields: frozenset[str]
    title_fields: frozenset[str]
    handover_verbs: frozenset[str]
    checking_adoptions: frozenset[str]
    sent_facts: frozenset[str]
    restating_labels: tuple[str, ...]
    count_follow_ups: frozenset[str]
    counted_nouns: frozenset[str]
    said_verbs: frozenset[str]
    asked_objects: frozenset[str]
    asking_frames: frozenset[str]
    plan_labels: frozenset[str]
    step_pointers: frozenset[str]
    action_keys: frozenset[str]
    label_keys: frozenset[str]
    header_fields: frozenset[str]
    request_fields: frozenset[str]
    operation_fields: frozenset[str]
    address_fields: frozenset[str]
    form_titles: frozenset[str]
    deadline_fields: frozenset[str]
    wrapper_tags: frozenset[str]
    greeting_addressees: frozenset[str]
    open_addressees: frozenset[str]
    same_again: tuple[str, ...]
    repeat_joiners: frozenset[str]
    checking_verbs: frozenset[str]
    permission_answers: frozenset[str]
    correlative_focus: frozenset[str]
    companion_verbs: frozenset[str]
    dictated_commas: frozenset[str]
    disfluencies: frozenset[str]
    closing_tails: tuple[str, ...]
    tail_asides: tuple[str, ...]
    restated_questions: tuple[str, ...]
    self_corrections: tuple[str, ...]
    immediate_times: tuple[str, ...]
    later_times: tuple[str, ...]
    correcting_frames: tuple[str, ...]
    learner_verbs: frozenset[str]
    learner_show_verbs: frozenset[str]
    joining_phrases: frozenset[str]
    loose_deadlines: frozenset[str]
    reassuring_verbs: frozenset[str]
    apology_words: frozenset[str]
    record_details: frozenset[str]
    asked_tails: frozenset[str]
    musing_openers: frozenset[str]
    # Round 21 (voice21, deputy/text/spoken_wrappers.py): spoken and polite wrappers around one request.
    address_requests: tuple[str, ...]
    agreeing_openers: tuple[str, ...]
    question_softeners: tuple[str, ...]
    urgency_adverbs: tuple[str, ...]
    appreciation_frames: tuple[str, ...]
    precautions: tuple[str, ...]
    denying_frames: tuple[str, ...]
    page_changes: tuple[str, ...]
    reason_openers: tuple[str, ...]
    guessed_times: tuple[str, ...]
    perusal_phrases: tuple[str, ...]
    summed_quantities: tuple[str, ...]
    run_on_links: tuple[str, ...]
    mention_nouns: frozenset[str]
    copy_nouns: frozenset[str]
    keeping_verbs: frozenset[str]
    serving_verbs: frozenset[str]
    check_nouns: frozenset[str]
    permission_verbs: frozenset[str]
    link_following_verbs: frozenset[str]
    load_nouns: frozenset[str]
    count_sources: frozenset[str]
    load_units: frozenset[str]
    necessity_openers: frozenset[str]
    linking_verbs: frozenset[str]
    kept_states: tuple[str, ...]
    answer_requests: frozenset[str]
    learner_tell_verbs: frozenset[str]
    busy_idioms: frozenset[str]
    status_subjects: frozenset[str]
    status_values: frozenset[str]
    readout_labels: frozenset[str]
    spellings: Mapping[str, str]
    # Reviewed chat forms of capability verbs ("dowload" → "download") and their abbreviations ("dl"),
    # and numbers standing for words ("ok 2" → "ok to"); see deputy.text.chatforms. Each widens what acts.
    misspellings: Mapping[str, str]
    abbreviations: Mapping[str, str]
    numerals: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Form:
    """One English shape a capability answers to; an empty field means "any"."""

    moods: frozenset[str]
    modalities: frozenset[str]
    aspects: frozenset[str]
    predicates: frozenset[str]
    wh: frozenset[str]
    subjects: frozenset[str]
    requires: tuple[frozenset[str], ...]
    note: str
    written: frozenset[str] = frozenset()  # "host" or "url": how its addresses must be written
    excludes: frozenset[str] = frozenset()  # words that leave a prompt to another form


@dataclass(frozen=True, slots=True)
class SlotSpec:
    """A typed slot: filled from protected tokens of kind `takes`, checked by the `type` checker."""

    name: str
    type: str
    takes: str
    min: int
    max: int
    is_list: bool


@dataclass(frozen=True, slots=True)
class Capability:
    """A declared capability: what it is called, which handler runs it, and how English asks for it."""

    name: str
    handler: str
    operation: str
    observes: bool
    predicates: frozenset[str]
    forms: tuple[Form, ...]
    slots: tuple[SlotSpec, ...]
    description: str
    excludes: frozenset[str] = frozenset()  # words that leave a prompt to another capability
    # Nouns for what the capability makes ("copy", "snapshot"): the writer's need for one asks for it.
    products: frozenset[str] = frozenset()
    product_verb: str | None = None  # the predicate such a need stands for (one of `predicates`)


@dataclass(frozen=True, slots=True)
class Vocab:
    """A checked vocabulary: capabilities in file order, reader words, refusal reasons and kind names.

    `kinds` maps the reader's generic refusal kinds to the public names this vocabulary gives them
    (`no_value` → `no_url`); a kind it does not map keeps its own name.
    """

    name: str
    handler: str
    capabilities: tuple[Capability, ...]
    words: ReaderWords
    reasons: Mapping[str, str]
    kinds: Mapping[str, str]
    source: str

    @classmethod
    def load(cls, path_or_text: str | Path) -> Vocab:
        """Reads a vocabulary from a file path or from JSON text; raises VocabError naming each problem."""
        text, source = _read(path_or_text)
        try:
            raw = json.loads(text)
        except json.JSONDecodeError as exc:
            raise VocabError(f"{source}: not valid JSON at line {exc.lineno} column {exc.colno}: {exc.msg}") from exc
        return cls.from_raw(raw, source=source)

    @classmethod
    def from_raw(cls, raw: Any, *, source: str = "(vocabulary)") -> Vocab:
        """Checks an already-parsed JSON value against the schema and builds the records."""
        problems = _schema_problems(raw)
        if not problems:
            problems = _meaning_problems(raw)
        if problems:
            raise VocabError(f"{source}: " + "; ".join(problems))
        return _build(raw, source)

    @property
    def known_predicates(self) -> frozenset[str]:
        """Every verb lemma the vocabulary mentions, supported or not (used to spot imperatives)."""
        found: set[str] = set(self.words.unsupported) | set(self.words.request_governors)
        found |= set(self.words.serial_verbs) | set(self.words.embedders)
        found |= {"check"}
        for capability in self.capabilities:
            found |= capability.predicates
            for form in capability.forms:
                found |= form.predicates
        return frozenset(word for word in found if " " not in word)


def _read(path_or_text: str | Path) -> tuple[str, str]:
    if isinstance(path_or_text, Path):
        path = path_or_text
    elif path_or_text.lstrip().startswith("{"):
        return path_or_text, "(vocabulary text)"
    else:
        path = Path(path_or_text)
    try:
        return path.read_text(encoding="utf-8"), str(path)
    except FileNotFoundError as exc:
        raise VocabError(f"{path}: the vocabulary file does not exist") from exc
    except OSError as exc:
        raise VocabError(f"{path}: the vocabulary file cannot be read ({exc.strerror})") from exc


@cache
def _schema() -> dict[str, Any]:
    # The schema ships with the deputy (deputy._schemas, mapped onto schemas/ and holding only this
    # file in a wheel); a bare checkout reads schemas/ beside deputy/. Nothing here imports seaspider.
    try:
        text = resources.files("deputy._schemas").joinpath("vocab.schema.json").read_text(encoding="utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        text = (Path(__file__).resolve().parent.parent / "schemas" / "vocab.schema.json").read_text(encoding="utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _field(error: jsonschema.ValidationError) -> str:
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def _schema_problems(raw: Any) -> list[str]:
    validator = jsonschema.Draft202012Validator(_schema())
    errors = sorted(validator.iter_errors(raw), key=lambda e: [str(p) for p in e.absolute_path])
    out = []
    for error in errors:
        if error.validator == "additionalProperties":
            allowed = sorted(error.schema.get("properties", {}))
            extra = sorted(set(error.instance) - set(allowed)) if isinstance(error.instance, Mapping) else []
            out.append(f"{_field(error)}: unknown field {', '.join(extra)}")
        else:
            out.append(f"{_field(error)}: {error.message}")
    return out


def _meaning_problems(raw: Mapping[str, Any]) -> list[str]:
    """Checks the schema cannot express: unique names, min <= max, one address slot per capability."""
    out = []
    seen: set[str] = set()
    products_seen: dict[str, str] = {}
    # Verbs are matched as single tokens: "crawl-site" or "log in" would never match and silently pass.
    for key in ("unsupported", "forbidden", "request_governors", "embedders", "serial_verbs", "neutral_predicates",
                "renewing_verbs", "retrying_verbs"):
        for word in raw.get("words", {}).get(key, []):
            if not str(word).isalpha():
                out.append(f"words.{key}: {word!r} is not a single word (letters only)")
    out += _spelling_problems(raw)
    out += _verb_spelling_problems(raw)
    for i, cap in enumerate(raw["capabilities"]):
        for word in list(cap["predicates"]) + [w for form in cap["forms"] for w in form.get("predicates", [])]:
            if not str(word).isalpha():
                out.append(f"capabilities[{i}].predicates: {word!r} is not a single word (letters only)")
        where = f"capabilities[{i}]"
        if cap["name"] in seen:
            out.append(f"{where}.name: {cap['name']!r} is declared twice")
        seen.add(cap["name"])
        takes = [slot.get("takes", "address") for slot in cap.get("slots", [])]
        for kind in ("address", "quote"):
            if takes.count(kind) > 1:
                out.append(f"{where}.slots: more than one slot takes a {kind}")
        out += _product_problems(cap, where, products_seen)
        for j, slot in enumerate(cap.get("slots", [])):
            if slot["min"] > slot["max"]:
                out.append(f"{where}.slots[{j}]: min {slot['min']} is more than max {slot['max']}")
    return out


def _product_problems(cap: Mapping[str, Any], where: str, seen: dict[str, str]) -> list[str]:
    """A product's verb is one of the capability's own predicates, and a noun names one capability's product."""
    products = cap.get("products")
    if products is None:
        return []
    out = []
    if str(products["verb"]).lower() not in {str(w).lower() for w in cap["predicates"]}:
        out.append(f"{where}.products.verb: {products['verb']!r} is not one of the capability's predicates")
    for noun in products["nouns"]:
        key = str(noun).lower()
        if key in seen:
            out.append(f"{where}.products.nouns: {noun!r} is already a product of {seen[key]}")
        seen[key] = cap["name"]
    return out


def _spelling_problems(raw: Mapping[str, Any]) -> list[str]:
    """A spelling never touches a verb: it may not respell one, nor produce a verb that makes the deputy act.

    Chat spellings are for closed-class words ("pls", "u", "dont"); a typo in a verb is refused, never
    guessed, so "fecth A" can not become a fetch.
    """
    given = raw.get("words", {})
    verbs: set[str] = set()
    acting: set[str] = set()
    for cap in raw["capabilities"]:
        mine = {str(w).lower() for w in cap["predicates"]} | {
            str(w).lower() for form in cap["forms"] for w in form.get("predicates", [])
        }
        verbs |= mine
        if not cap.get("observes", False):
            acting |= mine
    for key in ("unsupported", "forbidden"):
        verbs |= {str(w).lower() for w in DEFAULT_WORDS[key]} | {str(w).lower() for w in given.get(key, [])}
    out = []
    for source, standard in given.get("spellings", {}).items():
        if {w.lower() for w in str(source).split()} & verbs:
            out.append(f"words.spellings: {source!r} is a verb, and verbs are never respelt")
        made = {w.lower() for w in str(standard).split()} & acting
        if made:
            out.append(f"words.spellings: {source!r} would become the action verb {sorted(made)[0]!r}")
    return out


def _verb_spelling_problems(raw: Mapping[str, Any]) -> list[str]:
    """A misspelling or abbreviation of a verb names exactly one verb of a capability that acts, and is
    itself no word the reader knows: never a verb (refused or supported), a listed word or a chat spelling.

    Whether it is an English word at all is the reviewer's check (and a unit test's against the model's
    word lists): "scrap" may not stand for "scrape", nor "dlete" for anything.
    """
    given = raw.get("words", {})
    acting: set[str] = set()
    verbs: set[str] = set()
    for cap in raw["capabilities"]:
        mine = {str(w).lower() for w in cap["predicates"]} | {
            str(w).lower() for form in cap["forms"] for w in form.get("predicates", [])
        }
        verbs |= mine
        if not cap.get("observes", False):
            acting |= {str(w).lower() for w in cap["predicates"]}
    listed: set[str] = set()
    for key, default in DEFAULT_WORDS.items():
        for phrase in list(default) + list(given.get(key, [])):
            listed |= {w.lower() for w in str(phrase).split()}
    spelt = {str(k).lower() for k in list(DEFAULT_SPELLINGS) + list(given.get("spellings", {}))}
    refused = {str(w).lower() for key in ("unsupported", "forbidden") for w in list(DEFAULT_WORDS[key]) + list(given.get(key, []))}
    out = []
    seen: set[str] = set()
    for key in ("misspellings", "abbreviations"):
        for source, verb in given.get(key, {}).items():
            word, standard = str(source).lower(), str(verb).lower()
            if word in seen:
                out.append(f"words.{key}: {source!r} is listed twice")
            seen.add(word)
            if word in verbs or word in refused:
                out.append(f"words.{key}: {source!r} is a verb itself, and verbs are never respelt")
            elif word in listed or word in spelt:
                out.append(f"words.{key}: {source!r} is a word the reader already reads")
            if standard not in acting or standard in refused:
                out.append(f"words.{key}: {source!r} must stand for a verb of a capability that acts, not {verb!r}")
    for source, standard in given.get("numerals", {}).items():
        made = {w.lower() for w in str(standard).split()} & (acting | refused)
        if made:
            out.append(f"words.numerals: {source!r} would become the verb {sorted(made)[0]!r}")
    return out


def _lower(words: Any) -> frozenset[str]:
    return frozenset(str(w).lower() for w in words or ())


def _build(raw: Mapping[str, Any], source: str) -> Vocab:
    extend = raw.get("extends_default", True)
    given = raw.get("words", {})
    merged: dict[str, Any] = {}
    for key, default in DEFAULT_WORDS.items():
        mine = [str(w) if key in _PHRASE_LISTS else str(w).lower() for w in given.get(key, [])]
        base = list(default) if extend else []
        merged[key] = tuple(dict.fromkeys(base + mine))
    # Every word list becomes a set for the reader, except the phrase lists, which stay tuples in order.
    spellings = dict(DEFAULT_SPELLINGS) if extend else {}
    spellings.update({str(k).lower(): str(v) for k, v in given.get("spellings", {}).items()})
    # Any: each field is a tuple (phrase lists) or a frozenset (the rest), which one the name decides.
    lists: dict[str, Any] = {key: values if key in _PHRASE_LISTS else frozenset(values) for key, values in merged.items()}
    numerals = dict(DEFAULT_NUMERALS) if extend else {}
    numerals.update({" ".join(str(k).lower().split()): str(v) for k, v in given.get("numerals", {}).items()})
    words = ReaderWords(
        **lists, spellings=MappingProxyType(spellings), numerals=MappingProxyType(numerals),
        misspellings=MappingProxyType({str(k).lower(): str(v).lower() for k, v in given.get("misspellings", {}).items()}),
        abbreviations=MappingProxyType({str(k).lower(): str(v).lower() for k, v in given.get("abbreviations", {}).items()}),
    )
    reasons = dict(DEFAULT_REASONS) if extend else {}
    reasons.update(raw.get("reasons", {}))
    missing = sorted(set(DEFAULT_REASONS) - set(reasons))
    if missing:
        raise VocabError(f"{source}: reasons: the reasons {', '.join(missing)} are missing (extends_default is false)")
    kinds = {str(rule): str(rule) for rule in RefusalKind}
    kinds.update(raw.get("kinds", {}))
    handler = raw["handler"]
    capabilities = tuple(_capability(cap, handler) for cap in raw["capabilities"])
    return Vocab(
        name=raw["name"], handler=handler, capabilities=capabilities, words=words,
        reasons=MappingProxyType(reasons), kinds=MappingProxyType(kinds), source=source,
    )


def _capability(cap: Mapping[str, Any], handler: str) -> Capability:
    forms = tuple(
        Form(
            moods=_lower(form["moods"]),
            modalities=_lower(form.get("modalities")),
            aspects=_lower(form.get("aspects")),
            predicates=_lower(form.get("predicates")),
            wh=_lower(form.get("wh")),
            subjects=_lower(form.get("subjects")),
            requires=tuple(_lower(group) for group in form.get("requires", [])),
            note=form.get("note", ""),
            written=_lower(form.get("written")),
            excludes=_lower(form.get("excludes")),
        )
        for form in cap["forms"]
    )
    slots = tuple(
        SlotSpec(
            name=slot["name"], type=slot["type"], takes=slot.get("takes", "address"),
            min=slot["min"], max=slot["max"], is_list=slot.get("list", False),
        )
        for slot in cap.get("slots", [])
    )
    return Capability(
        name=cap["name"], handler=cap.get("handler", handler), operation=cap["operation"],
        observes=cap.get("observes", False), predicates=_lower(cap["predicates"]), forms=forms, slots=slots,
        description=cap.get("description", ""), excludes=_lower(cap.get("excludes")),
        products=_lower((cap.get("products") or {}).get("nouns")),
        product_verb=str(cap["products"]["verb"]).lower() if cap.get("products") else None,
    )
