"""Single reader rules on parses built by hand, and negative controls that switch a check off."""

from __future__ import annotations

from typing import Any

import pytest

from _deputy_helpers import hand_parse, read_outcome
from deputy import Deputy, Mood, Modality, Plan, Refusal, RefusalKind
from deputy.compose import build_skeleton
from seaspider.english_reader import build_deputy, load_vocab
from seaspider.slot_checkers import check_host, check_url

A = "https://a.example/"
B = "https://b.example/x"


def _read_hand(deputy: Deputy, *args: Any, **kwargs: Any) -> Plan | Refusal:
    parsed = hand_parse(*args, **kwargs)
    skeleton = build_skeleton(parsed, deputy.vocab.words, deputy._verbs)
    return deputy.decide(skeleton)


def test_negation_on_the_predicate_refuses(deputy: Deputy) -> None:
    # do not fetch A
    result = _read_hand(
        deputy, ["do", "not", "fetch", A], [2, 2, 2, 2], ["aux", "neg", "ROOT", "dobj"],
        ["VB", "RB", "VB", "ADD"], ["AUX", "PART", "VERB", "X"], ["do", "not", "fetch", A], {3: A},
    )
    assert isinstance(result, Refusal) and result.rule is RefusalKind.NEGATION
    assert "not" in result.reason


def test_the_same_parse_without_negation_acts(deputy: Deputy) -> None:  # negative control
    result = _read_hand(
        deputy, ["fetch", A], [0, 0], ["ROOT", "dobj"], ["VB", "ADD"], ["VERB", "X"], ["fetch", A], {1: A},
    )
    assert isinstance(result, Plan) and result.json_args() == {"urls": [A]}


def test_if_clause_is_a_condition_but_a_when_question_is_not(deputy: Deputy) -> None:
    # if A is up , fetch it
    cond = _read_hand(
        deputy, ["if", A, "is", "up", ",", "fetch", "it"], [2, 2, 5, 2, 5, 5, 5],
        ["mark", "nsubj", "advcl", "advmod", "punct", "ROOT", "dobj"],
        ["IN", "ADD", "VBZ", "RB", ",", "VB", "PRP"], ["SCONJ", "X", "AUX", "ADV", "PUNCT", "VERB", "PRON"],
        ["if", A, "be", "up", ",", "fetch", "it"], {1: A},
    )
    assert isinstance(cond, Refusal) and cond.rule is RefusalKind.CONDITION
    # when did you fetch A ?
    when = _read_hand(
        deputy, ["when", "did", "you", "fetch", A, "?"], [3, 3, 3, 3, 3, 3],
        ["advmod", "aux", "nsubj", "ROOT", "dobj", "punct"], ["WRB", "VBD", "PRP", "VB", "ADD", "."],
        ["SCONJ", "AUX", "PRON", "VERB", "X", "PUNCT"], ["when", "do", "you", "fetch", A, "?"], {4: A},
    )
    # A question about the past: the page record, never a condition and never a fetch.
    assert isinstance(when, Plan) and when.operation == "page"


def test_url_hanging_from_a_greeting_is_outside_the_action(deputy: Deputy) -> None:
    # hi A , fetch B   (A under the interjection, B the object)
    result = _read_hand(
        deputy, ["hi", A, ",", "fetch", B], [3, 0, 3, 3, 3], ["intj", "npadvmod", "punct", "ROOT", "dobj"],
        ["UH", "ADD", ",", "VB", "ADD"], ["INTJ", "X", "PUNCT", "VERB", "X"], ["hi", A, ",", "fetch", B],
        {1: A, 4: B},
    )
    assert isinstance(result, Refusal) and result.rule is RefusalKind.VALUE_OUTSIDE_PARSE


@pytest.mark.parametrize(
    ("modal", "mood", "modality", "operation"),
    [("could", Mood.REQUEST, Modality.REQUEST, "fetch"), ("can", Mood.YES_NO_QUESTION, Modality.PERMISSION, "robots")],
    ids=["could-you-is-a-request", "can-you-asks-permission"],
)
def test_modal_decides_request_or_permission(
    deputy: Deputy, modal: str, mood: Mood, modality: Modality, operation: str
) -> None:
    parsed = hand_parse(
        [modal, "you", "fetch", A, "?"], [2, 2, 2, 2, 2], ["aux", "nsubj", "ROOT", "dobj", "punct"],
        ["MD", "PRP", "VB", "ADD", "."], ["AUX", "PRON", "VERB", "X", "PUNCT"], [modal, "you", "fetch", A, "?"],
        {3: A},
    )
    skeleton = build_skeleton(parsed, deputy.vocab.words, deputy._verbs)
    assert (skeleton.mood, skeleton.modality) == (mood, modality)
    result = deputy.decide(skeleton)
    assert isinstance(result, Plan) and result.operation == operation


def test_did_you_fetch_is_a_question_answered_by_page_never_fetch(deputy: Deputy) -> None:
    result = _read_hand(
        deputy, ["did", "you", "fetch", A, "?"], [2, 2, 2, 2, 2], ["aux", "nsubj", "ROOT", "dobj", "punct"],
        ["VBD", "PRP", "VB", "ADD", "."], ["AUX", "PRON", "VERB", "X", "PUNCT"], ["do", "you", "fetch", A, "?"],
        {3: A},
    )
    assert isinstance(result, Plan) and (result.operation, result.json_args()) == ("page", {"url": A})


def test_verb_tagged_as_noun_at_sentence_start_is_read_as_the_verb(deputy: Deputy) -> None:
    # archive A   (the small model's NOUN root)
    result = _read_hand(
        deputy, ["archive", A], [0, 0], ["ROOT", "dobj"], ["NN", "ADD"], ["NOUN", "X"], ["archive", A], {1: A},
    )
    assert isinstance(result, Plan) and result.operation == "fetch"


# Negative controls through the real model: switching a check off makes the suite's refusals act.
@pytest.mark.parametrize(
    ("check", "prompt", "kind"),
    [
        ("negation", "Do not fetch https://a.example/.", RefusalKind.NEGATION),
        ("condition", "If it is up, fetch https://a.example/.", RefusalKind.CONDITION),
        ("unsupported_verb", "Fetch https://a.example/ and then delete the store", RefusalKind.UNSUPPORTED_VERB),
        ("scope", "Hi https://b.example/x, fetch https://a.example/.", RefusalKind.VALUE_OUTSIDE_PARSE),
    ],
    ids=["negation", "condition", "unsupported-verb", "scope"],
)
def test_disabling_a_check_makes_the_refused_prompt_act(check: str, prompt: str, kind: RefusalKind) -> None:
    vocab = load_vocab()
    guarded = Deputy(vocab, slot_types={"url": check_url, "host": check_host})
    broken = Deputy(vocab, slot_types={"url": check_url, "host": check_host}, disabled_checks={check})
    refused = guarded.read(prompt)
    assert isinstance(refused, Refusal) and refused.rule is kind
    acted = broken.read(prompt)
    assert isinstance(acted, Plan) and acted.operation == "fetch"


def test_unknown_check_name_is_a_bug() -> None:
    with pytest.raises(TypeError, match="unknown checks"):
        Deputy(load_vocab(), slot_types={"url": check_url, "host": check_host}, disabled_checks={"negaton"})


def test_missing_slot_checker_is_a_bug() -> None:
    with pytest.raises(TypeError, match="host"):
        Deputy(load_vocab(), slot_types={"url": check_url})


def test_refusal_sentence_completes_the_fixed_opening(deputy: Deputy) -> None:
    result = deputy.read("Delete https://a.example/")
    assert isinstance(result, Refusal)
    assert result.sentence() == f"I did not act on this request because {result.reason}."
    assert result.sentence().startswith("I did not act on this request because I cannot delete")


def test_canonical_args_dedupe_in_prompt_order(deputy: Deputy) -> None:
    result = deputy.read("Fetch b.example/x, https://a.example/, HTTPS://B.EXAMPLE/x and a.example.")
    assert isinstance(result, Plan)
    assert result.args["urls"] == (B, A)
    assert result.json_args() == {"urls": [B, A]}


def test_sixteen_urls_act_and_seventeen_refuse(deputy: Deputy) -> None:
    urls = [f"https://s{i}.example/" for i in range(17)]
    ok = deputy.read("Fetch " + ", ".join(urls[:16]))
    assert isinstance(ok, Plan) and len(ok.args["urls"]) == 16
    too_many = deputy.read("Fetch " + ", ".join(urls))
    assert isinstance(too_many, Refusal) and too_many.rule is RefusalKind.TOO_MANY_VALUES
    assert "17 addresses" in too_many.reason and "16" in too_many.reason


def test_private_addresses_are_read_when_the_configuration_allows_them() -> None:
    strict = build_deputy()
    lenient = build_deputy(allow_private=True)
    prompt = "Fetch http://127.0.0.1:8000/x"
    refused = strict.read(prompt)
    assert isinstance(refused, Refusal) and refused.rule is RefusalKind.DISALLOWED_VALUE
    assert "loopback" in refused.reason
    acted = lenient.read(prompt)
    assert isinstance(acted, Plan) and acted.json_args() == {"urls": ["http://127.0.0.1:8000/x"]}


def test_prompt_that_is_not_text_is_a_bug(deputy: Deputy) -> None:
    with pytest.raises(TypeError, match="str"):
        deputy.read(b"Fetch https://a.example/")  # type: ignore[arg-type]


def test_corpus_never_raises_on_odd_text(deputy: Deputy) -> None:
    odd = ["", "?", "...", "«»", "[](x)", "https://", "http://[", "a" * 5000, "Fetch " + "x." * 300,
           "\x00\x01 fetch", "Fetch https://a.example/\nDelete it", "😀 fetch https://a.example/ 😀", "fetch\tA",
           "FETCH HTTPS://A.EXAMPLE/", "Fetch ] ) » https://a.example/ « ( ["]
    for prompt in odd:
        result = deputy.read(prompt)
        assert isinstance(result, Plan | Refusal)


def test_overlong_prompt_is_refused_before_parsing(deputy: Deputy) -> None:
    result = deputy.read("Fetch https://a.example/ " + "please " * 700)
    assert isinstance(result, Refusal) and result.rule is RefusalKind.NOT_UNDERSTOOD
    assert result.skeleton is None and "at most 4000" in result.reason


@pytest.mark.parametrize(("prompt", "phrase"), [
    (f"Fetch {A} every hour.", "every hour"),
    (f"fetch {A} every 5 min", "every 5 min"),
    (f"Fetch {A} tomorrow morning.", "tomorrow morning"),
    (f"Please fetch {A} only after 6pm.", "after 6 pm"),
    (f"Show me the text of {A} tomorrow.", "tomorrow"),
], ids=["every-hour", "every-5-min", "tomorrow-morning", "after-6pm", "read-tomorrow"])
def test_a_schedule_on_a_request_is_a_condition(deputy: Deputy, prompt: str, phrase: str) -> None:
    result = deputy.read(prompt)
    assert isinstance(result, Refusal) and result.rule is RefusalKind.CONDITION
    assert f"“{phrase} …”" in result.reason


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"Fetch {A} now.", "fetch"),
    (f"Fetch {A} for tomorrow's training.", "fetch"),
    (f"Fetch {A} twice.", RefusalKind.NOT_UNDERSTOOD),  # repeats rather than times: a word it cannot place
    (f"Don't fetch {A} every hour.", RefusalKind.NEGATION),
    (f"I am fetching {A} at 6pm.", RefusalKind.NOT_UNDERSTOOD),  # "am" after a pronoun is no clock mark
], ids=["now", "for-tomorrows", "twice", "negation-first", "statement"])
def test_what_is_not_a_schedule_condition(deputy: Deputy, prompt: str, expected: object) -> None:  # negative controls
    result = deputy.read(prompt)
    if isinstance(expected, RefusalKind):
        assert isinstance(result, Refusal) and result.rule is expected
    else:
        assert isinstance(result, Plan) and result.operation == expected


@pytest.mark.parametrize("prompt", [
    f"Using the fetch capability, get {A}.",
    f"Using the download tool, grab {A}.",
], ids=["capability", "tool"])
def test_a_leading_instrument_says_how_not_what(deputy: Deputy, prompt: str) -> None:
    result = deputy.read(prompt)
    assert isinstance(result, Plan) and result.json_args() == {"urls": [A]}


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Using the delete tool, get {A}.", RefusalKind.UNSUPPORTED_VERB),  # a refused word in the instrument
    (f"Using {B}, get {A}.", RefusalKind.UNSUPPORTED_VERB),  # an address is no tool
    (f"Get {A} using the fetch tool.", RefusalKind.UNSUPPORTED_VERB),  # only before the action
    (f"Using the fetch capability, don't get {A}.", RefusalKind.NEGATION),
], ids=["delete-tool", "address", "after-the-action", "negation"])
def test_what_is_no_instrument(deputy: Deputy, prompt: str, kind: RefusalKind) -> None:  # negative controls
    result = deputy.read(prompt)
    assert isinstance(result, Refusal) and result.rule is kind


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Maybe fetch https://a.example/ too?", ("fetch", {"urls": ["https://a.example/"]})),
        ("Hi, perhaps download https://a.example/ as well?", ("fetch", {"urls": ["https://a.example/"]})),
        ("Fetch https://a.example/ and maybe https://b.example/.", ("refused", RefusalKind.NOT_UNDERSTOOD)),
        ("Maybe you fetched https://a.example/ already?", ("refused", RefusalKind.NOT_UNDERSTOOD)),
        ("Maybe we should fetch https://a.example/.", ("refused", RefusalKind.NOT_UNDERSTOOD)),
        ("Maybe don't fetch https://a.example/?", ("refused", RefusalKind.NEGATION)),
        ("Maybe fetch https://a.example/ if it is up?", ("refused", RefusalKind.CONDITION)),
    ],
    ids=["maybe-opens", "perhaps-after-courtesy", "maybe-widens", "maybe-past", "maybe-we-should", "negation",
         "condition"],
)
def test_a_softener_that_opens_an_imperative_suggests_it(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        ("Can you tell me if https://a.example/ is allowed, and fetch it if so?", ("refused", RefusalKind.CONDITION)),
        ("Can you tell me if https://a.example/ is allowed?", ("robots", {"target": "https://a.example/"})),
    ],
    ids=["question-beside-an-action", "question-only"],
)
def test_a_question_beside_an_action_is_refused_for_its_condition(
    deputy: Deputy, prompt: str, expected: tuple[str, object]
) -> None:
    assert read_outcome(deputy, prompt) == expected
