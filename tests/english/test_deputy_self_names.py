"""The robot's own names, the nouns for it and the verbs that hinder a fetch are word lists, not deputy code.

`self_names` (Sea Spider's vocabulary: "movabot"), `self_nouns` (crawler, bot, robot, spider) and
`hindering_verbs` (stop, prevent, …) drive the passes that read "Would robots.txt stop MovaBot downloading
A?", "Does robots.txt on A let MovaBot in?", "Is permitted for MovaBot to fetch A?" and "Please confirm that
MovaBot is allowed to fetch A." (deputy.forms.asked, deputy.text.robots_hinders, learner_forms,
context_paragraphs). The deputy itself names no robot: no module under deputy/ spells "movabot" outside
its comments and docstrings.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path
from typing import Any

import pytest

import deputy
from _deputy_helpers import deputy_with_words, read_outcome
from deputy.alternation import alternation
from deputy.text.context_paragraphs import robots_orders
from deputy.words import DEFAULT_WORDS
from seaspider.english_reader import build_deputy, load_vocab

A = "https://a.example.com/x"
ROBOTS = ("robots", {"target": A})

# One prompt per pass that reads the robot's own name; "{}" is the name.
NAMED = [
    f"Would robots.txt stop {{}} downloading {A}?",
    f"Does robots.txt on {A} let {{}} in?",
    f"Is permitted for {{}} to fetch {A}?",
    f"Please confirm that {{}} is allowed to fetch {A}.",
    f"Is {{}} allowed to fetch {A}? Answer from robots.txt only.",
]
NAMED_IDS = ["hinders", "lets", "permitted-for", "confirm-order", "own-permission"]


@pytest.fixture(scope="module")
def deputy_as_shipped() -> Any:
    return build_deputy()


@pytest.fixture(scope="module")
def nameless() -> Any:
    return deputy_with_words(self_names=frozenset())


@pytest.fixture(scope="module")
def seabot() -> Any:
    return deputy_with_words(self_names=frozenset({"movabot", "seabot"}))


def test_the_name_comes_from_the_vocabulary_not_the_deputy() -> None:
    assert DEFAULT_WORDS["self_names"] == ()
    assert load_vocab().words.self_names == frozenset({"movabot"})
    assert load_vocab().words.self_nouns == frozenset({"crawler", "bot", "robot", "spider"})
    assert "stop" in load_vocab().words.hindering_verbs


@pytest.mark.parametrize("prompt", NAMED, ids=NAMED_IDS)
def test_movabot_is_read_as_the_robot(deputy_as_shipped: Any, prompt: str) -> None:
    assert read_outcome(deputy_as_shipped, prompt.format("MovaBot")) == ROBOTS


@pytest.mark.parametrize("prompt", NAMED, ids=NAMED_IDS)
def test_without_movabot_in_self_names_it_is_not(nameless: Any, prompt: str) -> None:  # negative control
    assert read_outcome(nameless, prompt.format("MovaBot"))[0] == "refused"


@pytest.mark.parametrize("prompt", NAMED, ids=NAMED_IDS)
def test_a_new_self_name_is_read_as_the_robot(seabot: Any, prompt: str) -> None:
    assert read_outcome(seabot, prompt.format("SeaBot")) == ROBOTS


@pytest.mark.parametrize("prompt", NAMED, ids=NAMED_IDS)
def test_a_name_not_listed_is_not(deputy_as_shipped: Any, prompt: str) -> None:  # negative control
    assert read_outcome(deputy_as_shipped, prompt.format("SeaBot"))[0] == "refused"


@pytest.mark.parametrize("prompt", [
    f"Would robots.txt stop our crawler downloading {A}?",
    f"Does robots.txt on {A} let our crawler in?",
    f"Is permitted for crawler to fetch {A}?",
], ids=["hinders", "lets", "permitted-for"])
def test_self_nouns_drive_the_reading(deputy_as_shipped: Any, prompt: str) -> None:
    assert read_outcome(deputy_as_shipped, prompt) == ROBOTS
    without = deputy_with_words(self_nouns=frozenset({"bot", "robot", "spider"}))
    assert read_outcome(without, prompt)[0] == "refused"


def test_hindering_verbs_drive_the_reading(deputy_as_shipped: Any) -> None:
    stop = f"Would robots.txt stop us downloading {A}?"
    hinder = f"Would robots.txt hinder us from fetching {A}?"
    assert read_outcome(deputy_as_shipped, stop) == ROBOTS
    assert read_outcome(deputy_as_shipped, hinder)[0] == "refused"
    changed = deputy_with_words(hindering_verbs=frozenset({"prevent", "keep", "bar", "block", "forbid", "hinder"}))
    assert read_outcome(changed, hinder) == ROBOTS
    assert read_outcome(changed, stop)[0] == "refused"


def test_a_self_name_lets_robots_orders_drop_the_gerund() -> None:
    prompt = f"Verify that robots.txt permits SeaBot crawling {A}."
    refusing = frozenset({"not", "if"})
    assert robots_orders(prompt, refusing=refusing, names=frozenset({"seabot"})) == (
        f"Check whether robots.txt permits SeaBot {A}."
    )
    assert robots_orders(prompt, refusing=refusing, names=frozenset()) == (  # negative control
        f"Check whether robots.txt permits SeaBot crawling {A}."
    )


# --- the alternation built from a word list ------------------------------------------------------------

def test_alternation_escapes_and_puts_the_longest_first() -> None:
    assert alternation(frozenset({"bot", "robot", "sea bot", "a.b"})) == r"(?:sea[ \t]+bot|robot|a\.b|bot)"


def test_an_empty_alternation_never_matches() -> None:
    pattern = re.compile(rf"us|{alternation(frozenset())}")
    assert pattern.fullmatch("us")
    assert not pattern.search("movabot")
    assert not pattern.fullmatch("")


# --- no robot's name in the deputy's code -----------------------------------------------------------------

DEPUTY = Path(deputy.__file__).resolve().parent


def code_mentions(source: str, word: str) -> list[int]:
    """Lines where `word` occurs in code (a name or a string), outside comments and docstrings."""
    docstrings = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            docstrings.add(node.lineno)
    found = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT or (tok.type == tokenize.STRING and tok.start[0] in docstrings):
            continue
        if word in tok.string.lower():
            found.append(tok.start[0])
    return found


def test_no_deputy_module_names_movabot_in_code() -> None:
    named = {
        str(path.relative_to(DEPUTY)): lines
        for path in sorted(DEPUTY.rglob("*.py"))
        if (lines := code_mentions(path.read_text(encoding="utf-8"), "movabot"))
    }
    assert named == {}


def test_the_scan_sees_a_name_in_code_but_not_in_docs() -> None:  # negative control
    source = (
        '"""Reads "Is MovaBot allowed?"."""\n'
        "# MovaBot in a comment\n"
        "def f() -> str:\n"
        '    """MovaBot in a docstring."""\n'
        '    return r"(?:us|movabot)"\n'
        "MOVABOT = 1\n"
    )
    assert code_mentions(source, "movabot") == [5, 6]
