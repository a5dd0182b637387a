"""Round 29 (voice29): spoken run-ons ("hmm let me think, okay, yes, please fetch A", "you know the rates one A
could you just download that", "so the run, is it done yet or what", "just the one thing really, …", "… also the
X one again no wait I already said that", "whether the robots file at A lets your bot in"), learners' forms
("I am need A downloaded", "Could you be so kind to download A") and chat and hedges ("need A asap kthx",
"Just in case we need it later, fetch A", "… — oh and A as well, I know I said it already"). Each rule has its
refusal controls and a rule-off check."""

from __future__ import annotations

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from deputy.text.dislocated import topic_taken_up
from deputy.text.known_pages import known_page_taken
from deputy.text.learner_am import without_learner_am
from deputy.text.learner_modals import kind_as_to
from deputy.text.learner_relatives import relative_participle
from deputy.text.one_thing import without_one_thing
from deputy.text.spoken_repeat import without_taken_back_repeat
from deputy.text.thinking_frames import without_thinking_aloud
from seaspider.english_reader import build_deputy

A = "https://www.ons.gov.uk/economy"
B = "https://www.insee.fr/en/accueil"
C = "https://www.bbc.co.uk/news"
S = "https://www.asda.com"


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


# --- the pure rewrites -----------------------------------------------------------------------------

def test_thinking_aloud_is_dropped_before_an_order() -> None:
    assert without_thinking_aloud(f"hmm let me think, okay, yes, please go ahead and fetch {A}", {"fetch"}) == (
        f"please go ahead and fetch {A}")
    assert without_thinking_aloud(f"let's see, right, grab {A}", {"grab"}) == f"grab {A}"


@pytest.mark.parametrize("text", [
    f"hmm let me think, okay, no, please fetch {A}",   # "no" is no agreeing word
    f"let me think, please don't fetch {A}",           # "don't" is no verb of the reader
    f"let me think about {A}",                          # no comma: the thinking is the request
    f"fetch {A}, let me think",                         # not at the start
], ids=["no", "negated", "no-comma", "not-opening"])
def test_thinking_aloud_stays_otherwise(text: str) -> None:
    assert without_thinking_aloud(text, {"fetch"}) == text


def test_known_page_is_put_in_place_of_that() -> None:
    assert known_page_taken(f"my boss wants the page you know the rates one {A} could you just download that for her",
                            {"download"}) == f"my boss wants the page. could you just download {A} for her"
    assert known_page_taken(f"and then you know the stats page {A} yeah grab that please", {"grab"}) == (
        f"and then. grab {A} please")


@pytest.mark.parametrize("text", [
    f"you know the stats page {A} yeah don't grab that",           # a "don't" before the verb
    f"grab {B} you know the stats page {A} yeah grab that",        # an address before the aside
    f"you know the page you grab {A} yeah grab that",              # a verb of the reader in the description
    f"you know the stats page {A} yeah summarise that",            # the verb is not the reader's
], ids=["negated", "address-before", "verb-described", "unknown-verb"])
def test_known_page_stays_otherwise(text: str) -> None:
    assert known_page_taken(text, {"grab"}) == text


def test_topic_and_one_thing() -> None:
    assert topic_taken_up("okay okay so the run, is it done yet or what") == "is the run done yet or what"
    assert topic_taken_up("the run is done, is it?") == "the run is done, is it?"
    assert without_one_thing(f"yeah so just the one thing really, the sitemap list for {A}") == (
        f"the sitemap list for {A}")
    assert without_one_thing(f"one thing I want is {A}") == f"one thing I want is {A}"


def test_learner_forms() -> None:
    assert without_learner_am(f"I am need the page {A} downloaded") == f"I need the page {A} downloaded"
    assert without_learner_am(f"I am not need the page {A}") == f"I am not need the page {A}"
    assert kind_as_to(f"Could you be so kind to download {A}?", frozenset({"download"})) == (
        f"Could you be so kind as to download {A}?")
    assert kind_as_to(f"It is so kind to download {A}", frozenset({"download"})) == f"It is so kind to download {A}"


def test_relative_participle() -> None:
    assert relative_participle(f"Please give the sitemaps what is declared by {S}") == (
        f"Please give the sitemaps declared by {S}")
    assert relative_participle(f"the sitemaps what is not declared by {S}") == f"the sitemaps what is not declared by {S}"
    assert relative_participle(f"the sitemaps what you declared for {S}") == f"the sitemaps what you declared for {S}"


def test_taken_back_repeat_needs_a_named_page() -> None:
    said = f"download {C} and {B} and uh yeah also the bbc one again no wait I already said that"
    assert without_taken_back_repeat(said) == f"download {C} and {B}"
    other = f"download {C} and {B} and uh yeah also the times one again no wait I already said that"
    assert without_taken_back_repeat(other) == other


# --- the reader --------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"hmm let me think, okay, yes, please go ahead and fetch {A}", ("fetch", {"urls": [A]})),
    (f"so my colleague wants the stats page you know the census one {A} could you grab that for him",
     ("fetch", {"urls": [A]})),
    (f"and then you know the weather page {A} yeah fetch that please and yeah that's it", ("fetch", {"urls": [A]})),
    ("okay so the crawl, is it finished yet or what", ("status", {})),
    (f"Just the one thing really: the sitemap list for {S}, whatever they've got declared",
     ("sitemaps", {"target": "https://www.asda.com/"})),
    (f"so can you tell me whether the robots file at {S} lets your crawler in or not",
     ("robots", {"target": "https://www.asda.com/"})),
    (f"need {A} asap kthx", ("fetch", {"urls": [A]})),
    (f"No rush at all — whenever suits, queue {A} for the newsletter.", ("fetch", {"urls": [A]})),
    (f"Please give the sitemaps what is declared by {S}", ("sitemaps", {"target": "https://www.asda.com/"})),
    (f"Just in case we need it later, please fetch {A}.", ("fetch", {"urls": [A]})),
    (f"Just in case it's useful later, grab {A} please.", ("fetch", {"urls": [A]})),
    (f"Could you be so kind to download {A} for me? Many thanks in advance.", ("fetch", {"urls": [A]})),
    (f"I am need the page {A} downloaded, thank you very much.", ("fetch", {"urls": [A]})),
    (f"Fetch {A} and {B} — oh and {A} too, I know I said it before.", ("fetch", {"urls": [A, B]})),
    (f"download {C} and {B} and uh yeah also the bbc one again no wait I already said that",
     ("fetch", {"urls": [C, B]})),
])
def test_reads(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"hmm let me think, okay, no, please don't fetch {A}", "negation"),
    (f"and then you know the weather page {A} yeah don't fetch that please", "negation"),
    (f"so my colleague wants the page you know the census one {A} could you summarise that", "unsupported_verb"),
    (f"unless my boss asks, you know the rates one {A} could you just download that for her", "condition"),
    (f"can you tell me whether the robots file at {A} doesn't let your bot in", "negation"),
    (f"need {A} summarised asap kthx", "unsupported_verb"),
    (f"don't need {A} asap kthx", "negation"),
    (f"In case the page moves, please fetch {A}.", "condition"),
    (f"No rush at all — whenever it changes, queue {A} for the newsletter.", "condition"),
    (f"No rush at all — whenever suits, don't queue {A} for the newsletter.", "negation"),
    (f"Please give the sitemaps what is not declared by {S}", "negation"),
    (f"Just in case we need it later, please don't fetch {A}.", "negation"),
    (f"Could you be so kind to translate {A} for me? Many thanks in advance.", "unsupported_verb"),
    (f"I am not need the page {A} downloaded, thanks.", "negation"),
    (f"Just the one thing really: don't fetch {A}", "negation"),
    (f"Fetch {A} and {B} — oh and {C} too, I know I said it before.", "unsupported_verb"),
])
def test_controls_stay_refused(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- each rule off: the old refusal returns ----------------------------------------------------------

@pytest.mark.parametrize("target, prompt", [
    ("deputy.reader.without_thinking_aloud", f"hmm let me think, okay, yes, please go ahead and fetch {A}"),
    ("deputy.reader.known_page_taken", f"and then you know the weather page {A} yeah fetch that please"),
    ("deputy.reader.topic_taken_up", "okay so the crawl, is it finished yet"),
    ("deputy.reader.without_one_thing", f"yeah so just the one thing really, the sitemap list for {S}"),
    ("deputy.reader.without_learner_am", f"I am need the page {A} downloaded, thank you very much."),
    ("deputy.reader.kind_as_to", f"Could you be so kind to download {A} for me?"),
    ("deputy.reader.relative_participle", f"Please give the sitemaps what is declared by {S}"),
    ("deputy.reader.without_taken_back_repeat",
     f"download {C} and {B} and uh yeah also the bbc one again no wait I already said that"),
])
def test_rule_off_refuses(monkeypatch: pytest.MonkeyPatch, target: str, prompt: str) -> None:
    monkeypatch.setattr(target, lambda text, *args, **kwargs: text)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_robots_lets_in_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.text.robots_lets._lets_in", lambda names, nouns: __import__("re").compile(r"(?!)"))
    prompt = f"so can you tell me whether the robots file at {S} lets your crawler in or not"
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_own_need_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.text.spoken_wrappers as wrappers
    monkeypatch.setattr(wrappers, "_OWN_NEED", "")
    wrappers._precaution.cache_clear()
    try:
        assert read_outcome(build_deputy(), f"Just in case we need it later, please fetch {A}.") == (
            "refused", "condition")
    finally:
        monkeypatch.undo()
        wrappers._precaution.cache_clear()


def test_closing_thanks_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.forms.needed_page._closing_thanks", lambda child, rows: False)
    assert read_outcome(build_deputy(), f"need {A} asap kthx")[0] == "refused"


def test_said_it_callouts_off_refuse() -> None:
    from deputy.words import DEFAULT_WORDS
    callouts = tuple(c for c in DEFAULT_WORDS["repeat_callouts"] if "said it" not in c)
    deputy = deputy_with_words(repeat_callouts=callouts)
    assert read_outcome(deputy, f"Fetch {A} and {B} — oh and {A} too, I know I said it before.")[0] == "refused"


def test_left_marks_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    import re
    monkeypatch.setattr("deputy.rewrite._LEFT_MARKS", re.compile(r"(?!)"))
    assert read_outcome(build_deputy(), f"No rush at all — whenever suits, queue {A} for the newsletter.")[0] == "refused"
