"""Round 21 (branch ops21): operation phrasings and coordination.

- Another robot's name in lower case ("yo is googlebot allowed on A") is capitalised before the parse
  (deputy.text.self_name_case.capitalised_other_names) and refused as asked for another agent.
- "Could/would someone …?" is a polite request, as "Could you …?" is (words.open_addressees, deputy.predicate);
  "Can someone …?" still asks leave, and "Could we …?" too.
- "Fetch A and do the same for B" is "Fetch A and B" (words.same_again, deputy.text.same_again).
- "Check robots.txt for A and tell me if MovaBot is allowed" is the check alone (words.checking_verbs,
  words.permission_answers, deputy.text.checked_tell).
- "Get the sitemaps for A", "Sitemaps declared by `A`, please list them" (the vocabulary's sitemaps form,
  deputy.forms.dislocated, deputy.text.emphasis).
- "Can you fetch A and B?" keeps its kind (too_many_urls, as the spec corpus says) with a reason that says
  what it is: a question answered for one address at a time.
Positive cases, negative controls, and rule-off checks.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from _deputy_helpers import deputy_with_words, read_outcome

A = "https://www.nasa.gov/missions/"
B = "https://www.esa.int/Science_Exploration"


# --- another robot in lower case ---------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"yo is googlebot allowed on {A}",
    f"quick q: is gptbot allowed on {A} ?",
    f"can bingbot crawl {A}",
    f"is ccbot permitted to fetch {A}",
    f"hey is {A} ok for claudebot?",
])
def test_another_robot_in_lower_case_is_refused_as_another_agent(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", "unsupported_verb")
    assert "another robot" in deputy.read(prompt).reason


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"hey is movabot allowed on {A}?", ("robots", {"target": A})),  # the robot's own name
    ("fetch the google homepage https://www.google.com/", ("fetch", {"urls": ["https://www.google.com/"]})),
    ("Fetch https://googlebot.example/ now", ("fetch", {"urls": ["https://googlebot.example/"]})),
])
def test_own_name_and_names_of_pages_are_read_as_before(deputy: Any, prompt: str, expected: object) -> None:
    assert read_outcome(deputy, prompt) == expected


def test_without_the_capital_the_other_robot_is_not_seen(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from deputy import nlp
    monkeypatch.setattr(nlp, "capitalised_other_names", lambda protected, names: (protected, ()))
    assert read_outcome(deputy, f"yo is googlebot allowed on {A}") != ("refused", "unsupported_verb")


# --- could someone … ? --------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Could someone download {A}?",
    f"Would somebody grab {A} please?",
    f"could anyone fetch {A} real quick",
])
def test_could_someone_is_a_request(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A]})


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"Can someone fetch {A}?", ("robots", {"target": A})),  # "can" asks leave
    (f"Could we download {A}?", ("robots", {"target": A})),  # the writer asks leave
    (f"Could someone not download {A}?", ("refused", "negation")),
    (f"Could someone delete {A} from the store?", ("refused", "unsupported_verb")),
    (f"Could someone download {A} if the queue is empty?", ("refused", "condition")),
    (f"Could someone have downloaded {A}?", ("refused", "not_understood")),
    (f"Could you have downloaded {A}?", ("refused", "not_understood")),  # the past, never a request
])
def test_could_someone_controls(deputy: Any, prompt: str, expected: object) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome == expected or (expected[0] == "refused" and outcome[0] == "refused")


@pytest.mark.parametrize("prompt", [
    f"Could someone else download {A}?",  # another than me
    f"Could someone from ops download {A}?",
])
def test_someone_named_as_another_never_fetches(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt)[0] != "fetch"


def test_without_open_addressees_could_someone_asks_leave() -> None:
    emptied = deputy_with_words(open_addressees=frozenset())
    assert read_outcome(emptied, f"Could someone download {A}?") == ("robots", {"target": A})


# --- do the same for B ---------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Fetch {A} and do the same for {B}",
    f"Download {A} and then do the same for {B}",
    f"Please fetch {A} and do the same with {B}.",
    f"grab {A}, and do the same thing for {B}",
])
def test_do_the_same_repeats_the_action(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Don't fetch {A} and do the same for {B}", "negation"),
    (f"Delete {A} and do the same for {B}", "unsupported_verb"),
    (f"Fetch {A} and, if it works, do the same for {B}", "condition"),
    (f"Check robots.txt for {A} and do the same for {B}", "too_many_urls"),
    (f"Do the same for {B}", None),  # nothing before it to repeat
])
def test_do_the_same_controls(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind is not None:
        assert outcome == ("refused", kind)


def test_the_same_again_pass_keeps_addresses() -> None:
    from deputy.protect import protect
    from deputy.text.same_again import same_again
    protected = protect(f"Fetch {A} and do the same for {B}")
    out, notes = same_again(protected, ("do the same for",))
    assert out.pieces == ("Fetch ", " and ", "") and out.items == protected.items and len(notes) == 1
    alone = protect(f"Do the same for {B}")
    assert same_again(alone, ("do the same for",))[0] == alone


def test_without_same_again_the_repeat_refuses() -> None:
    emptied = deputy_with_words(same_again=())
    assert read_outcome(emptied, f"Fetch {A} and do the same for {B}")[0] == "refused"


# --- check … and tell me if we are allowed --------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Check robots.txt for {A} and tell me if MovaBot is allowed.",
    f"Please check robots.txt on {A} and tell me whether MovaBot may crawl it.",
    f"Look at the robots.txt of {A} and let me know if we're allowed.",
    f"check robots for {A} and tell me if we are permitted",
])
def test_check_and_tell_me_is_one_robots_question(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"check robots.txt for {A} and tell me if googlebot is allowed", "unsupported_verb"),
    (f"Check robots.txt for {A} and tell me if MovaBot is allowed unless the site is down", "condition"),
    (f"Check robots.txt for {A} and tell me if we're not allowed", "negation"),
    (f"Check robots.txt for {A} and tell me if it changed", None),
    (f"Fetch {A} and tell me if we're allowed", None),  # no check: nothing to answer it
    (f"Check {A} and tell me if we're allowed", None),  # a check of nothing named
])
def test_check_and_tell_controls(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind is not None:
        assert outcome == ("refused", kind)


def test_without_checking_verbs_the_tell_refuses() -> None:
    emptied = deputy_with_words(checking_verbs=frozenset())
    assert read_outcome(emptied, f"Check robots.txt for {A} and tell me if MovaBot is allowed.")[0] == "refused"


# --- sitemaps ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"Get the sitemaps for {A}",
    f"> Get the sitemaps for {A}",
    f"get me the sitemaps of {A} pls",
    f"_Sitemaps_ declared by `{A}`, please list them.",
    f"*Sitemaps* declared by {A}, please list them.",
])
def test_sitemaps_asked_for(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("sitemaps", {"target": A})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Don't get the sitemaps for {A}", "negation"),
    (f"Get the sitemaps for {A} if it is up", "condition"),
    (f"Sitemaps of {A}, please delete them.", "unsupported_verb"),
    (f"Fetch the sitemaps for {A}", None),  # fetching sitemap files is not what the question answers
    (f"Get the sitemap at {A}sitemap.xml", None),  # one file named: not the sitemaps question
    ("Tomorrow, please fetch it.", None),
])
def test_sitemaps_controls(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind is not None:
        assert outcome == ("refused", kind)


def test_without_the_dislocated_object_the_noun_is_unexpected(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # The text pass (deputy.text.taken_up) reads the shape first; with it off, the parse-level reading
    # (deputy.forms.dislocated) still does, and with both off the noun is a word with no use again.
    from deputy import clause, nlp
    prompt = f"Sitemaps declared by {A}, please list them."
    monkeypatch.setattr(nlp, "taken_up", lambda protected, verbs, refusing: (protected, ()))
    assert read_outcome(deputy, prompt) == ("sitemaps", {"target": A})
    monkeypatch.setattr(clause, "dislocated_object", lambda child, action, items: False)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_emphasis_marks_only_around_words() -> None:
    from deputy.text.emphasis import unemphasised_words
    assert unemphasised_words("_Sitemaps_ of `x`") == "Sitemaps of `x`"
    assert unemphasised_words("Fetch *A* and _B_.") == "Fetch A and B."
    for kept in ("see https://a.example/_x_/ now", "my_var_name", "2*3*4", "a * b * c", "**bold**"):
        assert unemphasised_words(kept) == kept


# --- two addresses in a permission question -------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    f"can you download {A} and {B}",
    f"may I fetch {A} and {B}?",
])
def test_a_permission_question_about_two_addresses_says_why(deputy: Any, prompt: str) -> None:
    refusal = deputy.read(prompt)
    assert refusal.kind == "too_many_urls" and not refusal.act
    assert "one address at a time" in refusal.reason


def test_a_request_for_too_many_addresses_keeps_its_reason(deputy: Any) -> None:
    many = " ".join(f"https://a.example/{i}" for i in range(17))
    refusal = deputy.read(f"Fetch {many}")
    assert refusal.kind == "too_many_urls" and "at most 16" in refusal.reason


def test_could_you_with_two_addresses_still_fetches(deputy: Any) -> None:
    assert read_outcome(deputy, f"Could you grab {A} and {B}?") == ("fetch", {"urls": [A, B]})


# --- the new lists widen what the reader acts on --------------------------------------------------------

@pytest.mark.parametrize(("key", "word"), [
    ("open_addressees", "everyone"), ("same_again", "likewise for"), ("checking_verbs", "inspect"),
    ("permission_answers", "cool"),
])
def test_widening_the_new_lists_is_a_relaxation(key: str, word: str) -> None:
    from _teaching_helpers import vocab_raw
    from deputy import Vocab
    from deputy.teaching.relaxations import relaxations
    raw = copy.deepcopy(vocab_raw())
    raw["words"].setdefault(key, []).append(word)
    found = relaxations(Vocab.from_raw(vocab_raw()), Vocab.from_raw(raw))
    assert any(f"“{word}” to words.{key}" in r for r in found)


# --- second pass: the repeat opening its own sentence, "can you check …", a phrase taken up ------------

@pytest.mark.parametrize("prompt", [
    f"Fetch {A}. Do the same for {B}.",
    f"Please fetch {A}. Then do the same for {B}.",
    f"Fetch {A}.\nSame for {B}.",
])
def test_a_repeat_opening_the_next_sentence_takes_the_verb_before(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("fetch", {"urls": [A, B]})


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"Don't fetch {A}. Do the same for {B}.", "negation"),
    (f"Delete {A}. Then do the same for {B}.", "unsupported_verb"),
    (f"If {A} is up, fetch it. Do the same for {B}.", "condition"),
    (f"Download {A} now. And then do the same for {B} if it is up.", "condition"),
    (f"Fetch {A} please. Do the same for {B} tomorrow.", None),
    (f"Fetch the docs. Do the same for {B}.", None),  # no address in the sentence before
])
def test_a_repeat_opening_the_next_sentence_controls(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind is not None:
        assert outcome == ("refused", kind)


@pytest.mark.parametrize("prompt", [
    f"Can you check robots.txt for {A} and tell me if we're allowed?",
    f"Could you check robots.txt for {A} and let me know whether MovaBot may crawl it?",
])
def test_can_you_check_and_tell_me(deputy: Any, prompt: str) -> None:
    assert read_outcome(deputy, prompt) == ("robots", {"target": A})


@pytest.mark.parametrize(("prompt", "expected"), [
    (f"The sitemaps of {A}, please list them.", ("sitemaps", {"target": A})),
    (f"The text of {A}, please show it to me.", ("read", {"url": A})),
    (f"The homepage of {A} -- grab it please", ("fetch", {"urls": [A]})),
])
def test_a_phrase_taken_up_by_a_pronoun(deputy: Any, prompt: str, expected: object) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize(("prompt", "kind"), [
    (f"The sitemaps of {A}, please delete them.", "unsupported_verb"),
    (f"The sitemaps of {A}, please don't list them.", "negation"),
    (f"Not the page at {A}, fetch it.", "negation"),
    (f"The page at {A}, if it is up, fetch it.", "condition"),
    (f"Skip page of {A}, fetch it.", "negation"),
    (f"The page at {A}, fetch it tomorrow.", None),
])
def test_a_phrase_taken_up_controls(deputy: Any, prompt: str, kind: str | None) -> None:
    outcome = read_outcome(deputy, prompt)
    assert outcome[0] == "refused"
    if kind is not None:
        assert outcome == ("refused", kind)


def test_without_the_taken_up_pass_the_phrase_is_a_subject(deputy: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from deputy import nlp
    monkeypatch.setattr(nlp, "taken_up", lambda protected, verbs, refusing: (protected, ()))
    assert read_outcome(deputy, f"The sitemaps of {A}, please list them.")[0] == "refused"


def test_without_known_verbs_the_repeat_sentence_refuses() -> None:
    from deputy.protect import protect
    from deputy.text.same_again import same_again
    protected = protect(f"Fetch {A}. Do the same for {B}.")
    assert same_again(protected, ("do the same for",), frozenset())[0] == protected
    out, notes = same_again(protected, ("do the same for",), frozenset({"fetch"}))
    assert out.pieces[1].strip() == ". fetch" and notes == ("do the same for → fetch",)
