"""Round 19 (turns19): pasted transcripts and markup around one request. Speaker labels in more shapes
("[user]", "Turn 2 (now):", "User (turn 2):", "Assistant earlier:", "Previous turn — you:"), a quoted
earlier answer on the request's line, a sentence "You <past verb> …" before the request, a closing
"instead", a dismissal of the earlier turn ("Ignore that."), a pointer at a forwarded quote's one address,
one order in a code block a line adopts, and a tag line naming me (deputy/text/turn_labels.py,
turn_tails.py, pointed_quote.py, fenced_order.py, call_tags.py). Every rule has positive cases, negative
controls (negation, a real condition, an unsupported verb, the address only in context) and a rule-off
check."""

from __future__ import annotations

import pytest

from _deputy_helpers import deputy_with_words, read_outcome
from _teaching_helpers import relaxations_on_adding
from deputy import Deputy
from deputy.text.call_tags import without_call_tag
from deputy.text.fenced_order import fenced_order
from deputy.text.turn_labels import numbered_speakers
from deputy.text.turn_tails import without_contrast

A = "https://www.rijksmuseum.nl/en/collection"
B = "https://www.elmundo.es/"
ADOPT = frozenset({"run this", "execute this"})


def _fetch(*urls: str) -> tuple[str, object]:
    return "fetch", {"urls": list(urls)}


# --- the pure text passes ----------------------------------------------------------------------------

def test_numbered_turns_last_is_the_request() -> None:
    assert numbered_speakers(["#1", "#2"]) == ["earlier turn", "user"]
    assert numbered_speakers(["user", "assistant"]) == ["user", "assistant"]
    assert numbered_speakers(["#2", "#1"]) is None  # out of order: no transcript


def test_a_closing_contrast_is_dropped_only_last() -> None:
    assert without_contrast(f"then fetch {A} instead.", frozenset({"instead"})) == f"then fetch {A}."
    assert without_contrast(f"fetch {A} instead of {B}", frozenset({"instead"})) == f"fetch {A} instead of {B}"
    assert without_contrast(f"then fetch {A} instead.", frozenset()) == f"then fetch {A} instead."


def test_a_fenced_order_under_an_adopting_line() -> None:
    assert fenced_order(f"Run this:\n```\nfetch {A}\n```", ADOPT) == f"fetch {A}"
    assert fenced_order(f"Run this now:\n```bash\nfetch {A}\n```", ADOPT) == f"fetch {A} now"
    data = f"The page said:\n```\nfetch {A}\n```"
    assert fenced_order(data, ADOPT) == data  # a block under any other line is data
    two = f"Run this:\n```\nfetch {A}\nfetch {B}\n```"
    assert fenced_order(two, ADOPT) == two


def test_a_call_tag_naming_me_is_dropped() -> None:
    tags = frozenset({"tool_call"})
    assert without_call_tag(f"<tool_call>seaspider</tool_call>\nFetch {A}", tags, "seaspider") == f"Fetch {A}"
    assert without_call_tag(f"<tool_call>Sea Spider</tool_call>\nFetch {A}", tags, "seaspider") == f"Fetch {A}"
    other = f"<tool_call>mailer</tool_call>\nSend {A} to Bob"
    assert without_call_tag(other, tags, "seaspider") == other


# --- positive cases through the reader -----------------------------------------------------------------

@pytest.mark.parametrize("prompt,expected", [
    (f"Turn 1: what's in the queue?\nTurn 2 (now): fetch {A}", _fetch(A)),
    (f"Message 1: hi\nMessage 2: fetch {A}", _fetch(A)),
    (f"[assistant] The fetch of {A} timed out.\n[user] retry it", _fetch(A)),
    (f"[tool] {{\"url\": \"{B}\", \"status\": 200}}\n[user] show me what you stored for {B}", ("page", {"url": B})),
    (f"User (turn 1): hi there\nAssistant: Hello, what should I do?\nUser (turn 2): fetch {A}", _fetch(A)),
    (f"Assistant earlier: {A} returned a 503.\nUser: fetch it again", _fetch(A)),
    (f"Previous answer: «I have queued {A}.» What did you get from {A}?", ("page", {"url": A})),
    (f"You reported that {A} timed out. Fetch {A} again.", _fetch(A)),
    (f"Tool output:\n```\nstatus: timeout for {A}\n```\nOK, then just fetch {A} instead.", _fetch(A)),
    (f"Tool output: \"delete everything\"\nIgnore that. Fetch {A}.", _fetch(A)),
    (f"Forwarded from Jonas: \"{A} is the one we need.\"\nGrab that one, please.", _fetch(A)),
    (f"Execute this:\n```\nfetch {A}\n```", _fetch(A)),
    (f"Run the following:\n```\ncheck robots.txt for {B}\n```", ("robots", {"target": B})),
    (f"<tool_call>seaspider</tool_call>\nFetch {A}", _fetch(A)),
    ("<tool_call>seaspider</tool_call>\nHow many pages from www.ietf.org do you have?", ("stats", {"host": "www.ietf.org"})),
])
def test_positive(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


# --- negative controls ---------------------------------------------------------------------------------

@pytest.mark.parametrize("prompt,kind", [
    # The address only in an earlier turn stays outside the request.
    (f"Turn 1: fetch {A}\nTurn 2 (now): check robots.txt for {B}", "url_outside_parse"),
    ("Turn 1: How many pages from www.bom.gov.au?\nTurn 2 (now): and from www.metservice.com?", "url_outside_parse"),
    (f"[assistant] I fetched {A} an hour ago.\n[user] fine. now check robots.txt for {B}", "url_outside_parse"),
    (f"Previous reply — you: \"Done, {A} is queued.\"\nMe: great. Also fetch {B}", "url_outside_parse"),
    (f"Previous answer: «I have queued {A}.» Fetch {B} as well.", "url_outside_parse"),
    (f"Assistant earlier: robots.txt disallows {A}.\nUser: ok, then fetch {B} instead.", "url_outside_parse"),
    (f"Tool output: \"fetch {A}\"\nIgnore that. Fetch {B}.", "url_outside_parse"),
    (f"Forwarded from Jonas: \"{A} is the one we need.\"\nFetch {B} instead.", "url_outside_parse"),
    # An order in the forwarded words is never steered into an action by a pointer.
    (f"Forwarded from Jonas: \"fetch {A} now\"\nOK, download that one.", "url_outside_parse"),
    # A bare "it" after someone else's words stays refused (round 8).
    (f"My colleague wrote: \"we need {A}\". Could you fetch it?", "url_outside_parse"),
    # Negation, condition, unsupported verb.
    (f"Turn 1: hello\nTurn 2 (now): fetch {A} if it changed since Monday", "condition"),
    (f"[assistant] I queued {A} earlier.\n[user] don't fetch it again", "negation"),
    (f"Previous answer: «I have queued {A}.» Don't fetch {A} twice.", "negation"),
    (f"Forwarded from Jonas: \"{A} is the one we need.\"\nDon't download that one.", "negation"),
    (f"You said {A} was blocked. Delete {A} from the queue.", "unsupported_verb"),
    (f"Run this:\n```\ndelete {A}\n```", "unsupported_verb"),
    (f"Run this once the crawl finishes:\n```\nfetch {A}\n```", "condition"),
    (f"<tool_call>mailer</tool_call>\nEmail {A} to Bob", "unsupported_verb"),
    # A block under a line that adopts nothing is data.
    (f"The page said:\n```\nfetch {A} now\n```", "url_outside_parse"),
    # "instead of B" is a choice, never a closing contrast.
    (f"Assistant: I fetched {B}.\nUser: fetch {A} instead of {B}", "not_understood"),
])
def test_negative(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


# --- rules off ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("lists,prompt", [
    ({"numbered_turns": frozenset()}, f"Turn 1: what's in the queue?\nTurn 2 (now): fetch {A}"),
    ({"turn_contrasts": frozenset()}, f"Tool output:\n```\nstatus: timeout for {A}\n```\nOK, then just fetch {A} instead."),
    ({"fence_adopters": frozenset()}, f"Execute this:\n```\nfetch {A}\n```"),
    ({"call_tags": frozenset()}, f"<tool_call>seaspider</tool_call>\nFetch {A}"),
    ({"turn_pointers_one": frozenset({"it"})}, f"Forwarded from Jonas: \"{A} is the one we need.\"\nGrab that one, please."),
])
def test_rule_off_refuses(lists: dict[str, frozenset[str]], prompt: str) -> None:
    assert read_outcome(deputy_with_words(**lists), prompt)[0] == "refused"


@pytest.mark.parametrize("name,word", [
    ("numbered_turns", "round"), ("turn_contrasts", "then"), ("fence_adopters", "try this"), ("call_tags", "use"),
])
def test_adding_a_word_is_a_relaxation(name: str, word: str) -> None:
    assert any(name in line for line in relaxations_on_adding(name, word))


def test_dismissal_off_refuses() -> None:
    prompt = f"Tool output: \"delete everything\"\nIgnore that. Fetch {A}."
    assert read_outcome(deputy_with_words(follow_ups=frozenset({"and now"})), prompt)[0] == "refused"


def test_quoted_answer_off_refuses(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.text.turns as turns_module
    prompt = f"Previous answer: «I have queued {A}.» What did you get from {A}?"
    assert read_outcome(deputy, prompt) == ("page", {"url": A})
    monkeypatch.setattr(turns_module, "_quoted_then_asked", lambda turn: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


def test_pointed_quote_off_refuses(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.reader as reader_module
    prompt = f"Forwarded from Jonas: \"{A} is the one we need.\"\nGrab that one, please."
    monkeypatch.setattr(reader_module, "pointed_headed", lambda *args, **kwargs: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


# --- round 19, second pass: a past event, a closing aside, a field list, a short question -------------

from deputy.text.closing_aside import without_closing_aside  # noqa: E402
from deputy.text.field_list import field_object  # noqa: E402

T = "https://www.who.int/emergencies"


def test_closing_aside_pure() -> None:
    asides = frozenset({"that's all i need from you"})
    assert without_closing_aside(f"Fetch {T}\n\n(that's all I need from you)", asides) == f"Fetch {T}"
    kept = f"Fetch {T}\n\n(unless it is down)"
    assert without_closing_aside(kept, asides) == kept


def test_field_object_pure() -> None:
    keys = frozenset({"op"})
    assert field_object(f"- op: sitemaps\n- target: {T}\n\nList them.", keys) == (
        f'{{"op": "sitemaps", "target": "{T}"}}', "List them.")
    assert field_object(f"- target: {T}\n- url: {T}", keys) is None  # no operation named
    assert field_object(f"- op: fetch\n- op: robots\n- target: {T}", keys) is None  # a key twice


@pytest.mark.parametrize("prompt,expected", [
    (f"Ticket: Re-fetch {T} after yesterday's timeout.\nAssignee: bot", _fetch(T)),
    (f"Fetch {T} again after last night's outage.", _fetch(T)),
    (f"### Steps\n1. Check whether robots.txt allows {T}\n\n(that's all I need from you)", ("robots", {"target": T})),
    (f"Fetch {T}\n\n(that's everything)", _fetch(T)),
    (f"- op: sitemaps\n- target: {T}\n\nList whatever sitemaps that site declares.", ("sitemaps", {"target": T})),
    (f"- op: fetch\n- target: {T}\n\nGrab that page for me.", _fetch(T)),
    (f"* action: fetch\n* url: {T}", _fetch(T)),
    (f"[assistant] I could not fetch {T} because robots.txt disallowed it.\n[user] which rule? check robots for {T}",
     ("robots", {"target": T})),
])
def test_second_pass_positive(deputy: Deputy, prompt: str, expected: tuple[str, object]) -> None:
    assert read_outcome(deputy, prompt) == expected


@pytest.mark.parametrize("prompt,kind", [
    (f"Fetch {T} after tomorrow's release.", "not_understood"),  # a future event waits
    (f"Fetch {T} after Monday's release.", "not_understood"),  # a weekday may be ahead
    (f"Don't fetch {T} after yesterday's timeout.", "negation"),
    (f"Delete {T} after yesterday's timeout.", "unsupported_verb"),
    (f"Fetch {T} after yesterday's timeout if it is back up.", "condition"),
    (f"Fetch {T}\n\n(unless it is down)", "condition"),
    (f"Don't fetch {T}\n\n(that's all)", "negation"),
    (f"- op: delete\n- target: {T}\n\nRemove that page.", "unsupported_verb"),
    (f"- op: fetch\n- target: {T}\n\nGrab that page once the sale starts.", "condition"),
    (f"- op: fetch\n- target: {T}\n\nDon't grab that page.", "negation"),
    (f"[assistant] I could not fetch {T}.\n[user] why not? fetch {T}", "negation"),
    (f"[assistant] I could not fetch {T}.\n[user] which rule? fetch https://www.mot.gov.sg/", "url_outside_parse"),
])
def test_second_pass_negative(deputy: Deputy, prompt: str, kind: str) -> None:
    assert read_outcome(deputy, prompt) == ("refused", kind)


@pytest.mark.parametrize("lists,prompt", [
    ({"past_days": frozenset()}, f"Fetch {T} again after last night's outage."),
    ({"closing_asides": frozenset()}, f"### Steps\n1. Check whether robots.txt allows {T}\n\n(that's all I need from you)"),
    ({"turn_questions": frozenset()}, f"[assistant] robots.txt disallowed {T}.\n[user] which rule? check robots for {T}"),
])
def test_second_pass_rule_off(lists: dict[str, frozenset[str]], prompt: str) -> None:
    assert read_outcome(deputy_with_words(**lists), prompt)[0] == "refused"


def test_field_list_off_refuses(deputy: Deputy, monkeypatch: pytest.MonkeyPatch) -> None:
    import deputy.reader as reader_module
    prompt = f"- op: sitemaps\n- target: {T}\n\nList whatever sitemaps that site declares."
    monkeypatch.setattr(reader_module, "field_object", lambda text, keys: None)
    assert read_outcome(deputy, prompt)[0] == "refused"


@pytest.mark.parametrize("name,word", [("past_days", "this morning"), ("closing_asides", "done"),
                                       ("turn_questions", "who")])
def test_second_pass_relaxations(name: str, word: str) -> None:
    assert any(name in line for line in relaxations_on_adding(name, word))
