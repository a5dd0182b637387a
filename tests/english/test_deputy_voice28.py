"""Round 28 (voice28): hedges that are not conditions ("I think it would help if you fetched A", "Ideally download
A", "In case it helps, …", "robots.txt lets MovaBot onto A"), spoken frames and tails ("so I was thinking we should
probably grab A", "… or not I can never remember", "… you know the ones listed in robots dot txt", "… like the
status code and when"), chat spellings ("chek if", "the txt") and learners' forms ("Please fetching A", "I would
like the download of A", "the sitemap list of A"). Each rule has its refusal controls and a
rule-off check."""

from __future__ import annotations

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from deputy import Deputy
from deputy.text.chat_nouns import noun_spellings, spelt_nouns
from deputy.text.memory_tails import without_memory_tail
from deputy.text.named_action import named_action
from deputy.text.please_gerund import please_gerund
from deputy.text.record_tails import without_record_tail
from deputy.text.robots_lets import robots_lets
from deputy.text.thinking_frames import without_thinking_frame
from seaspider.english_reader import build_deputy

A = "https://www.ons.gov.uk/economy"
B = "https://www.insee.fr/en/accueil"


@pytest.fixture(scope="module")
def deputy() -> Deputy:
    return build_deputy()


# --- the pure rewrites -----------------------------------------------------------------------------

def test_thinking_frame_is_dropped_before_a_known_verb() -> None:
    assert without_thinking_frame(f"so I was thinking we should probably grab {A} and that's it", {"grab"}) == (
        f"grab {A} and that's it")
    assert without_thinking_frame(f"I'm thinking you could maybe fetch {A}", {"fetch"}) == f"fetch {A}"


@pytest.mark.parametrize("text", [
    f"so I was thinking we should probably not grab {A}",   # "not" after the modal
    f"I think we should grab {A}",                          # a plain musing "I think" is left alone
    f"so I was thinking we should talk about {A}",          # no verb the reader knows
    f"grab {A}, I was thinking we should",                  # not at the start
], ids=["negated", "plain-think", "unknown-verb", "not-opening"])
def test_thinking_frame_stays_otherwise(text: str) -> None:
    assert without_thinking_frame(text, {"grab", "fetch"}) == text


def test_memory_tail_is_dropped_after_or_not() -> None:
    tails = ("I can never remember", "I always forget")
    assert without_memory_tail(f"is it allowed on {A} or not I can never remember", tails) == (
        f"is it allowed on {A} or not?")
    assert without_memory_tail(f"is it allowed on {A} or not, I always forget.", tails) == f"is it allowed on {A} or not?"
    assert without_memory_tail(f"is it allowed on {A} I can never remember", tails) == (
        f"is it allowed on {A} I can never remember")
    assert without_memory_tail(f"is it allowed on {A} or not I always forget to fetch {B}", tails) == (
        f"is it allowed on {A} or not I always forget to fetch {B}")


def test_robots_lets_onto_is_allows_on() -> None:
    names, nouns = frozenset({"movabot"}), frozenset({"crawler"})
    assert robots_lets(f"check whether robots.txt lets MovaBot onto {A}", names=names, nouns=nouns) == (
        f"check whether robots.txt allows MovaBot on {A}")
    assert robots_lets(f"does robots.txt let our crawler into {A}?", names=names, nouns=nouns) == (
        f"does robots.txt allows our crawler on {A}?")
    for text in (f"let MovaBot onto {A}", f"robots.txt lets MovaBot fetch {A}", f"robots.txt lets Bob onto {A}"):
        assert robots_lets(text, names=names, nouns=nouns) == text


def test_chat_noun_spellings_are_those_after_the() -> None:
    chosen = noun_spellings({"the txt": "the text", "u": "you", "chek if": "check if"})
    assert chosen == {"the txt": "the text"}
    assert spelt_nouns(f"need the txt of {A} we saved", chosen) == f"need the text of {A} we saved"
    assert spelt_nouns("fetch https://a.example/the txt", chosen) == "fetch https://a.example/the txt"


def test_please_gerund_is_the_bare_verb() -> None:
    verbs = {"fetch", "download", "delete"}
    assert please_gerund(f"Please fetching the page {A} and also {B}.", verbs) == f"Please fetch the page {A} and also {B}."
    assert please_gerund(f"Hi. Please deleting {A}.", verbs) == f"Hi. Please delete {A}."
    for text in (f"Please not downloading {A}.", f"Please something {A}", f"Stop please fetching {A}"):
        assert please_gerund(text, verbs) == text


def test_named_action_is_the_request() -> None:
    verbs = {"fetch", "download"}
    assert named_action(f"Me I would like the download of {A} please", verbs) == (
        f"Me I would like you to download {A} please")
    assert named_action(f"I'd like the fetch of {A}", verbs) == f"I would like you to fetch {A}"
    for text in (f"I would like the translation of {A}", f"I would like the copy of {A}",
                 f"I don't want the download of {A}", f"The user wants the download of {A}"):
        assert named_action(text, verbs) == text


def test_record_tail_is_dropped_after_a_what_question() -> None:
    words = frozenset({"the", "and", "when", "status", "code", "size"})
    assert without_record_tail(f"okay and then what did we get for {A} like the status code and when", words) == (
        f"okay and then what did we get for {A}?")
    for text in (f"what did we get for {A} like the status and delete it", f"fetch {A} like the status",
                 f"what did we get for {A} like if it changed", f"what did we get like the size of {A}"):
        assert without_record_tail(text, words) == text


# --- whole prompts that now act ----------------------------------------------------------------

@pytest.mark.parametrize("prompt, expected", [
    (f"I think it would help if you fetched {A}", ("fetch", {"urls": [A]})),
    (f"I think it would be useful if you downloaded {A}", ("fetch", {"urls": [A]})),
    (f"Ideally grab {A} before the meeting.", ("fetch", {"urls": [A]})),
    (f"In case it helps, here's the link — {A} — feel free to fetch it.", ("fetch", {"urls": [A]})),
    (f"If you can, please check whether robots.txt lets MovaBot onto {A}", ("robots", {"target": A})),
    (f"so I was thinking we should probably download {A} and then uh that's everything for today",
     ("fetch", {"urls": [A]})),
    (f"um is MovaBot allowed on {A} or not I always forget", ("robots", {"target": A})),
    (f"yeah so I need the sitemaps for {A} you know the ones listed in robots dot txt", ("sitemaps", {"target": A})),
    (f"okay what did we get for {A} like the status code and when", ("page", {"url": A})),
    (f"pls chek if movabot allowed on {A}", ("robots", {"target": A})),
    (f"need the txt of {A} we saved", ("read", {"url": A})),
    (f"I would like the sitemap list of {A} please, thank you very much.", ("sitemaps", {"target": A})),
    (f"Please downloading the page {A} and also {B}.", ("fetch", {"urls": [A, B]})),
    (f"Me I would like the download of {A} please", ("fetch", {"urls": [A]})),
], ids=["think-help", "think-useful", "ideally", "in-case-helps", "lets-onto", "thinking-frame", "memory-tail",
        "ones-listed", "record-tail", "chek-if", "txt", "sitemap-list", "please-gerund", "named-action"])
def test_prompts_act(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt, kind", [
    (f"I think it would help if you fetched {A} if it changed", "condition"),
    (f"Ideally don't download {A} yet.", "negation"),
    (f"In case the page moved, feel free to fetch {A} again.", "condition"),
    (f"please check whether robots.txt lets MovaBot onto {A} if it changed", None),
    (f"so I was thinking we should probably not download {A} after all", "negation"),
    (f"so I was thinking we should delete {A}", "unsupported_verb"),
    (f"is MovaBot allowed on {A} or not I always forget to fetch {B}", None),
    (f"so I need the sitemaps for {A} you know the ones deleted from the robots file", "unsupported_verb"),
    (f"what did we get for {A} like the status and delete it", "unsupported_verb"),
    (f"can u fetch {A} if it changed", None),
    (f"Please not downloading the page {A}.", "negation"),
    (f"Please deleting the page {A}.", "unsupported_verb"),
    (f"I don't want the download of {A}", "negation"),
    (f"Me I would like the translation of {A} please", None),
    (f"I would like the download of {A} if it changed", "condition"),
    (f"could you kinda tell me what's different between {A} and {B} like side by side", None),
], ids=["think-condition", "ideally-negated", "in-case-moved", "lets-condition", "thinking-negated",
        "thinking-delete", "memory-goes-on", "ones-deleted", "record-delete", "chat-condition", "please-not",
        "please-delete", "named-negated", "named-translation", "named-condition", "compare"])
def test_controls_refuse(deputy: Deputy, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind is not None:
        assert str(outcome[1]) == kind


# --- rule-off checks: without the rule, the old result returns -----------------------------------

@pytest.mark.parametrize("target, prompt", [
    ("deputy.reader.without_thinking_frame", f"so I was thinking we should probably download {A}"),
    ("deputy.reader.without_memory_tail", f"um is MovaBot allowed on {A} or not I always forget"),
    ("deputy.reader.robots_lets", f"please check whether robots.txt lets MovaBot onto {A}"),
    ("deputy.reader.spelt_nouns", f"need the txt of {A} we saved"),
    ("deputy.reader.please_gerund", f"Please downloading the page {A}."),
    ("deputy.reader.named_action", f"Me I would like the download of {A} please"),
    ("deputy.reader.without_record_tail", f"okay what did we get for {A} like the status code and when"),
], ids=["thinking", "memory", "lets", "txt", "gerund", "named", "record"])
def test_rule_off_refuses(monkeypatch: pytest.MonkeyPatch, target: str, prompt: str) -> None:
    monkeypatch.setattr(target, lambda text, *args, **kwargs: text)
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_hedge_lists_off_refuse() -> None:
    from deputy.words import DEFAULT_WORDS
    frames = tuple(f for f in DEFAULT_WORDS["hedge_frames"] if "think" not in f.lower() and f != "ideally")
    asides = tuple(a for a in DEFAULT_WORDS["hedge_asides"] if not a.startswith("in case"))
    deputy = deputy_with_words(hedge_frames=frames, hedge_asides=asides)
    assert read_outcome(deputy, f"I think it would help if you fetched {A}") == ("refused", "condition")
    assert read_outcome(deputy, f"Ideally grab {A} before the meeting.")[0] == "refused"
    assert read_outcome(deputy, f"In case it helps, here's the link — {A} — feel free to fetch it.")[0] == "refused"


def test_chat_spelling_off_refuses() -> None:
    from deputy.words import DEFAULT_SPELLINGS
    spellings = {k: v for k, v in DEFAULT_SPELLINGS.items() if not k.startswith("chek")}
    deputy = deputy_with_words(spellings=spellings)
    assert read_outcome(deputy, f"pls chek if movabot allowed on {A}")[0] == "refused"


@pytest.mark.parametrize("prompt, kind", [
    ("uh what's going on with the run is it done yet or is it still chugging along", None),
    ("what's happening with the crawl is it finished or is it still going", None),
    ("how is going the crawl now? is finish or not?", None),
])
def test_status_restated_as_done_or_still(deputy: Deputy, prompt: str, kind: None) -> None:
    assert read_outcome(deputy, prompt) == ("status", {})


def test_status_restated_with_a_refused_verb_refuses(deputy: Deputy) -> None:
    outcome = read_outcome(deputy, "what's happening with the crawl is it done yet or is it still deleting")
    assert outcome[0] == "refused" and str(outcome[1]) == "unsupported_verb"


def test_done_or_still_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.text.spoken_tails._without_done_or_still", lambda text, refused: text)
    prompt = "uh what's going on with the run is it done yet or is it still chugging along"
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_described_ones_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.text.spoken_tails._DESCRIBED", frozenset())
    prompt = f"yeah so I need the sitemaps for {A} you know the ones listed in robots dot txt"
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_needed_sitemaps_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.text.hedged._needed_sitemaps", lambda text: text)
    prompt = f"I would like the sitemap list of {A} please, thank you very much."
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_repeat_callout_is_dropped_after_a_repeated_address() -> None:
    from deputy.text.spoken_repeat import without_repeat_callout
    callouts, dismissals = ("that's the first one again",), ("never mind", "just once")
    text = f"fetch {A} and {B} and also {A} wait that's the first one again never mind just once"
    assert without_repeat_callout(text, callouts=callouts, dismissals=dismissals) == f"fetch {A} and {B} and also {A}"
    for kept in (f"fetch {A} and {B} wait that's the first one again never mind",            # B is no repeat
                 f"fetch {A} and {B} and {A} wait that's the first one again never mind the second one"):
        assert without_repeat_callout(kept, callouts=callouts, dismissals=dismissals) == kept


@pytest.mark.parametrize("prompt, expected", [
    (f"fetch {A} and {B} and also uh {A} wait that's the first one again never mind just once",
     ("fetch", {"urls": [A, B]})),
    (f"download {A} and {B} and uh {A} oops that's the same one again, just once", ("fetch", {"urls": [A, B]})),
    (f"fetch {A} and {B} wait that's the first one again never mind", ("refused", "negation")),
    (f"don't fetch {A} and {B} and {A} wait that's the first one again never mind just once", ("refused", "negation")),
], ids=["repeat", "same-one", "no-repeat", "negated"])
def test_spoken_repeat_prompts(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    outcome = read_outcome(deputy, prompt)
    assert (outcome[0], outcome[1] if outcome[0] != "refused" else str(outcome[1])) == expected


def test_repeat_callout_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.without_repeat_callout", lambda text, **kwargs: text)
    prompt = f"fetch {A} and {B} and also uh {A} wait that's the first one again never mind just once"
    assert read_outcome(build_deputy(), prompt)[0] == "refused"


def test_difference_question_is_a_comparison() -> None:
    from deputy.text.compared import asked_comparison
    assert asked_comparison(f"could you just kinda tell me what's different between {A} and {B} like side by side") == (
        f"could you just compare {A} and {B} like side by side")
    assert asked_comparison(f"What's the difference between {A} and {B}?") == f"compare {A} and {B}?"
    assert asked_comparison(f"fetch {A} and {B}") == f"fetch {A} and {B}"


@pytest.mark.parametrize("prompt, kind", [
    (f"could you kinda tell me what's different between {A} and {B} like side by side", "unsupported_verb"),
    (f"What's the difference between {A} and {B}?", "unsupported_verb"),
    (f"don't tell me what's different between {A} and {B}", "negation"),
], ids=["kinda", "difference", "negated"])
def test_comparison_refuses_by_name(deputy: Deputy, prompt: str, kind: str) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused" and str(outcome[1]) == kind


def test_comparison_off_refuses_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.asked_comparison", lambda text: text)
    outcome = read_outcome(build_deputy(), f"could you kinda tell me what's different between {A} and {B} like side by side")
    assert outcome[0] == "refused" and str(outcome[1]) != "unsupported_verb"


def test_learner_information_question() -> None:
    from deputy.text.learner_information import learner_information
    assert learner_information(f"What is the informations you have about {A} ? Status, size, this things.") == (
        f"What information do you have about {A} ? Status, size.")
    for kept in (f"What is the information you don't have about {A} ?", f"Fetch the information about {A}"):
        assert learner_information(kept) == kept


@pytest.mark.parametrize("prompt, expected", [
    (f"What is the informations you have about {A} ? Status, size, this things.", ("page", {"url": A})),
    (f"What are the infos you have on {A} ?", ("page", {"url": A})),
    (f"What is the information you have about {A} ? Status, size, delete this things.", ("refused", "unsupported_verb")),
    (f"What is the information you don't have about {A} ?", ("refused", "negation")),
], ids=["informations", "infos", "delete", "negated"])
def test_learner_information_prompts(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    outcome = read_outcome(deputy, prompt)
    assert (outcome[0], outcome[1] if outcome[0] != "refused" else str(outcome[1])) == expected


def test_learner_information_off_refuses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("deputy.reader.learner_information", lambda text: text)
    prompt = f"What is the informations you have about {A} ? Status, size, this things."
    assert read_outcome(build_deputy(), prompt)[0] == "refused"
