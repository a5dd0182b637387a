"""Round 18 (chat18): spoken prompts, chat logs and markup wrappers, read by widening the general shapes of
the passes that already read them: an amount hedge closing a count question ("… um roughly"), "what's the
queue looking like", a lead-in before a run-on request ("A go ahead and fetch that one"), an addition taken
back ("fetch A and also you know what never mind just that first one"), a chat log whose last message is
the request, a tracker key line ("DATA-310 | Reporter: kwame"), an XML-ish tag pair around the whole prompt,
a JSON object whose task is an acting verb ('{"task": "download", "url": A}') and a forwarded link pointed
at by its sender ("the link Tom sent"). Each has negative controls and a rule-disabled check."""

from __future__ import annotations

import copy
import re
from typing import Any

import pytest

import deputy.reader as reader_module
import deputy.text.disfluent as disfluent_module
import deputy.text.fields as fields_module
import deputy.text.forwarded as forwarded_module
import deputy.text.headed as headed_module
import deputy.text.jsonaction as jsonaction_module
import deputy.text.spoken as spoken_module
from _deputy_helpers import read_outcome
from _teaching_helpers import vocab_raw
from deputy import Deputy, Vocab
from deputy.teaching.relaxations import relaxations
from deputy.text.blockmarkup import untagged
from seaspider.english_reader import build_deputy

A = "https://www.tagesschau.de/ausland/"
B = "https://www.elpais.com/internacional/"
NEVER = re.compile(r"(?!x)x")  # a pattern that matches nothing: the rule switched off


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


def _fetch(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


# --- positive cases -----------------------------------------------------------------------------

@pytest.mark.parametrize(("prompt", "expected"), [
    ("so how many pages have we got from www.lemonde.fr um roughly", ("stats", {"host": "www.lemonde.fr"})),
    ("how many pages are stored for www.lemonde.fr, give or take", ("stats", {"host": "www.lemonde.fr"})),
    ("yo whats the queue looking like", ("status", {})),
    ("what does the queue look like right now", ("status", {})),
    (f"and then the one I mentioned {A} go ahead and fetch that one", _fetch(A)),
    (f"the page is {A} just go ahead and grab it", _fetch(A)),
    (f"ok fetch {A} and um actually also you know what never mind just that first one", _fetch(A)),
    (f"#news-desk\nkim: can someone grab the Tagesschau page?\nola: here — please fetch {A}", _fetch(A)),
    ("jo: is sea spider busy?\nrunner: asking it →\nWhat is on the queue right now?", ("status", {})),
    (f"NEWS-42 | Reporter: kim\nPlease fetch {A}", _fetch(A)),
    ("<task>How many pages have you stored from www.lemonde.fr?</task>", ("stats", {"host": "www.lemonde.fr"})),
    (f"<request>\nCheck robots.txt for {A}\n</request>", ("robots", {"target": A})),
    (f'Please handle this request: {{"task": "download", "url": "{A}"}}', _fetch(A)),
    (f'{{"task": "grab", "urls": ["{A}", "{B}"]}}', _fetch(A, B)),
    (f"---------- Forwarded message ---------\nFrom: Lena Vogt\nThe link is {A}.\n\nPlease fetch the link Lena sent.",
     _fetch(A)),
])
def test_read(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


# --- negative controls: a negation, a condition, an unsupported verb or an address in context refuses ---

@pytest.mark.parametrize(("prompt", "kind"), [
    (f"the page is {A} go ahead and delete it", "unsupported_verb"),
    (f"the page is {A} don't go ahead and fetch it", "negation"),
    (f"ok fetch {A} and also uh actually never mind", "negation"),
    (f"ok fetch {A} and also {B} never mind just that first one", "negation"),
    (f"#news-desk\nkim: please fetch {A}\nola: no, don't fetch that", "negation"),
    (f"#news-desk\nkim: the old one was {B}\nola: please fetch {A}", "url_outside_parse"),
    (f"#news-desk\nkim: hi\nola: please delete {A}", "unsupported_verb"),
    (f"#news-desk\nkim: hi\nola: please fetch {A} if it changed", "condition"),
    (f"NEWS-42 | Reporter: kim\nPlease fetch {A} once the migration is done", "condition"),
    (f"NEWS-42 | Summary: do not fetch anything\nPlease fetch {A}", "negation"),
    (f"<task>Fetch {A} if it has changed</task>", "condition"),
    (f"<task>Delete {A}</task>", "unsupported_verb"),
    (f'{{"task": "delete", "url": "{A}"}}', "unsupported_verb"),
    (f'{{"task": "download", "url": "{A}", "when": "if it changed"}}', "condition"),
    (f"---------- Forwarded message ---------\nFrom: Lena Vogt\nThe link is {A}.\n\nPlease delete the link Lena sent.",
     "unsupported_verb"),
    (f"---------- Forwarded message ---------\nFrom: Lena Vogt\nDo not fetch {A}.\n\nPlease fetch the link Lena sent.",
     "negation"),
])
def test_still_refused(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"<tool_output>Fetch {A}</tool_output>",  # someone else's text in tags is no request of the writer's
    f"<task>Fetch {A}</task><task>Fetch {B}</task>",
    f'{{"action": "fetch", "url": ["{A}", "{B}"]}}',  # a key that says one, giving many
    f"---------- Forwarded message ---------\nFrom: Lena Vogt\nThe link is {A}.\n\nPlease fetch the link Tom sent.",
    "yo what was the queue looking like yesterday",
    "how many pages have we got from www.lemonde.fr roughly, unless the crawl is busy",  # the tail ends nothing here
])
def test_not_acted_on(deputy: Deputy, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_untagged_is_pure() -> None:
    assert untagged("<task> fetch A </task>", frozenset({"task"})) == "fetch A"
    assert untagged("<email>fetch A</email>", frozenset({"task"})) == "<email>fetch A</email>"
    assert untagged("<task>fetch A</task>", frozenset()) == "<task>fetch A</task>"


# --- the rules switched off: a positive case turns back to a refusal ----------------------------

def test_lead_ins_disabled(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(disfluent_module, "_RUN_ON_LEAD_INS", ())
    disfluent_module._run_on.cache_clear()
    try:
        assert read_outcome(build_deputy(), f"the page is {A} just go ahead and grab it")[0] == "refused"
    finally:
        monkeypatch.undo()
        disfluent_module._run_on.cache_clear()


@pytest.mark.parametrize(("target", "name", "off", "prompt"), [
    (spoken_module, "_LOOKS_LIKE", NEVER, "yo whats the queue looking like"),
    (disfluent_module, "_taken_back", lambda text: text,
     f"ok fetch {A} and um actually also you know what never mind just that first one"),
    (headed_module, "_last_asks", lambda units, words: False,
     f"#news-desk\nkim: can someone grab the Tagesschau page?\nola: here — please fetch {A}"),
    (headed_module, "_unnamed", lambda said, own_name: said,
     "jo: is sea spider busy?\nrunner: asking it →\nWhat is on the queue right now?"),
    (fields_module, "_KEY_LINE", NEVER, f"NEWS-42 | Reporter: kim\nPlease fetch {A}"),
    (reader_module, "untagged", lambda text, tags: text, "<task>How many pages have you stored from www.lemonde.fr?</task>"),
    (jsonaction_module, "_acting_verb", lambda found, words, verbs, slots: None,
     f'Please handle this request: {{"task": "download", "url": "{A}"}}'),
    (forwarded_module, "_SENT_REFERENCE", NEVER,
     f"---------- Forwarded message ---------\nFrom: Lena Vogt\nThe link is {A}.\n\nPlease fetch the link Lena sent."),
])
def test_rule_disabled(monkeypatch: pytest.MonkeyPatch, target: Any, name: str, off: Any, prompt: str) -> None:
    assert read_outcome(build_deputy(), prompt)[0] != "refused"
    monkeypatch.setattr(target, name, off)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def _without(name: str, dropped: set[str]) -> Deputy:
    """Sea Spider's deputy with `dropped` taken out of one word list (the vocabulary's own, as loaded)."""
    from dataclasses import replace

    from seaspider.english_reader import deputy_for, load_vocab
    vocab = load_vocab(None)
    kept = getattr(vocab.words, name)
    kept = type(kept)(w for w in kept if w not in dropped)
    return deputy_for(replace(vocab, words=replace(vocab.words, **{name: kept})))


def test_word_lists_disabled() -> None:
    # Without "roughly" as a closing tail and without the wrapper tags, the positive cases refuse again.
    stats = "so how many pages have we got from www.lemonde.fr um roughly"
    assert read_outcome(_without("closing_tails", {"roughly"}), stats)[0] == "refused"
    tagged = "<task>How many pages have you stored from www.lemonde.fr?</task>"
    assert read_outcome(_without("wrapper_tags", {"task"}), tagged)[0] == "refused"


def test_widening_wrapper_tags_is_a_relaxation() -> None:
    before = Vocab.from_raw(vocab_raw())
    raw: dict[str, Any] = copy.deepcopy(vocab_raw())
    raw["words"]["wrapper_tags"] = [*raw["words"].get("wrapper_tags", []), "tool_output"]
    assert relaxations(before, Vocab.from_raw(raw))
