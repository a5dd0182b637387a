"""The vocabulary is data: schema errors are reported in English, and a new capability needs no code."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deputy import Deputy, Plan, Refusal, RefusalKind, SlotRejected, Vocab, VocabError
from seaspider.errors import ConfigError
from seaspider.english_reader import load_vocab
from seaspider.resources import default_vocab_text

TOY = {
    "name": "lighthouse",
    "handler": "lighthouse",
    "capabilities": [
        {
            "name": "lamp",
            "operation": "switch_on",
            "predicates": ["light", "illuminate"],
            "forms": [{"moods": ["imperative", "request"], "modalities": ["none", "request"]}],
            "slots": [{"name": "tower", "type": "tower", "min": 1, "max": 1}],
        },
        {
            "name": "relay",
            "operation": "ask",
            "predicates": ["ask"],
            "forms": [{"moods": ["imperative", "request"], "requires": [["keeper"]]}],
            "slots": [{"name": "text", "type": "quote", "takes": "quote", "min": 1, "max": 1}],
        },
    ],
}


def _tower(text: str) -> str:
    if not text.lower().endswith(".example"):
        raise SlotRejected(RefusalKind.INVALID_VALUE, f"{text} is not a tower I know")
    return text.lower()


def test_sea_spider_vocabulary_loads_with_its_seven_operations() -> None:
    vocab = load_vocab()
    assert [c.operation for c in vocab.capabilities] == ["fetch", "robots", "sitemaps", "stats", "page", "status", "read"]
    assert [c.observes for c in vocab.capabilities] == [False, True, True, True, True, True, True]
    assert vocab.handler == "seaspider"


def test_toy_capability_from_a_vocab_file_reads_a_prompt(tmp_path: Path) -> None:
    path = tmp_path / "lighthouse.json"
    path.write_text(json.dumps(TOY), encoding="utf-8")
    deputy = Deputy(Vocab.load(str(path)), slot_types={"tower": _tower})
    result = deputy.read("Please illuminate north.example.")
    assert isinstance(result, Plan)
    assert (result.capability, result.handler, result.operation) == ("lamp", "lighthouse", "switch_on")
    assert result.json_args() == {"tower": "north.example"}
    # Negative control: a verb the toy vocabulary does not declare is refused.
    refused = deputy.read("Please extinguish north.example.")
    assert isinstance(refused, Refusal) and refused.rule is RefusalKind.UNSUPPORTED_VERB


def test_quote_slot_binds_the_quoted_text_as_one_value() -> None:
    deputy = Deputy(Vocab.from_raw(TOY), slot_types={"tower": _tower})
    for prompt in ("Ask the keeper: «Is the lamp on?»", "Please ask the keeper “Is the lamp on?”",
                   'Ask the keeper "Is the lamp on?"'):
        result = deputy.read(prompt)
        assert isinstance(result, Plan), prompt
        assert result.json_args() == {"text": "Is the lamp on?"}
    # The quoted text is not parsed: a verb inside it cannot add an action.
    inner = deputy.read("Ask the keeper: «Delete the lamp»")
    assert isinstance(inner, Plan) and inner.json_args() == {"text": "Delete the lamp"}
    empty = deputy.read("Ask the keeper: «  »")
    assert isinstance(empty, Refusal) and empty.rule is RefusalKind.NOT_UNDERSTOOD


def test_synonym_is_a_data_change() -> None:
    raw: dict[str, Any] = json.loads(default_vocab_text())
    raw["capabilities"][0]["predicates"].append("harvest")
    deputy = Deputy(Vocab.from_raw(raw), slot_types={"url": str, "host": str})
    result = deputy.read("Harvest https://a.example/")
    assert isinstance(result, Plan) and result.operation == "fetch"
    plain = Deputy(load_vocab(), slot_types={"url": str, "host": str}).read("Harvest https://a.example/")
    assert isinstance(plain, Refusal)  # negative control: without the synonym it is refused


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda v: v.pop("handler"), "required field handler is missing|'handler' is a required property"),
        (lambda v: v.update(colour="blue"), "unknown field colour"),
        (lambda v: v["capabilities"][0].update(observes="yes"), r"capabilities\[0\]\.observes"),
        (lambda v: v["capabilities"][0]["forms"][0].update(moods=["shouting"]), "shouting"),
        (lambda v: v["capabilities"][0]["slots"][0].update(min=5, max=2), "min 5 is more than max 2"),
        (lambda v: v["capabilities"].append(dict(v["capabilities"][0])), "declared twice"),
        (lambda v: v["words"]["unsupported"].append("crawl-site"), "'crawl-site' is not a single word"),
        (lambda v: v["capabilities"][0]["predicates"].append("log in"), "'log in' is not a single word"),
    ],
    ids=["missing-handler", "unknown-field", "bad-type", "bad-mood", "min-over-max", "duplicate-name",
         "hyphenated-verb", "two-word-predicate"],
)
def test_bad_vocabulary_is_refused_with_an_english_message(mutate: Any, message: str) -> None:
    raw = json.loads(default_vocab_text())
    mutate(raw)
    with pytest.raises(VocabError, match=message):
        Vocab.from_raw(raw, source="bad.json")


def test_every_problem_is_reported_at_once() -> None:
    raw = json.loads(default_vocab_text())
    raw["colour"] = "blue"
    raw["capabilities"][0]["observes"] = "yes"
    with pytest.raises(VocabError) as caught:
        Vocab.from_raw(raw, source="bad.json")
    assert "colour" in str(caught.value) and "observes" in str(caught.value)


def test_missing_and_malformed_files_become_config_errors(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="does not exist"):
        load_vocab(tmp_path / "nope.json")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    with pytest.raises(ConfigError, match="not valid JSON at line 1"):
        load_vocab(bad)


def test_the_vocabulary_names_the_generic_refusal_kinds() -> None:
    # Sea Spider's vocabulary gives the generic kinds their public names; the reader never says "url".
    vocab = load_vocab()
    assert vocab.kinds["no_value"] == "no_url"
    assert vocab.kinds["value_outside_parse"] == "url_outside_parse"
    assert vocab.kinds["negation"] == "negation"
    deputy = Deputy(vocab, slot_types={"url": _tower, "host": _tower})
    refused = deputy.read("Fetch the page.")
    assert isinstance(refused, Refusal)
    assert (refused.rule, refused.kind) == (RefusalKind.NO_VALUE, "no_url")


def test_a_vocabulary_without_kind_names_shows_the_generic_kinds() -> None:  # negative control
    deputy = Deputy(Vocab.from_raw(TOY), slot_types={"tower": _tower})
    refused = deputy.read("Please illuminate.")
    assert isinstance(refused, Refusal) and refused.kind == "no_value"
    bad = deputy.read("Please illuminate south.tower.")
    assert isinstance(bad, Refusal) and (bad.rule, bad.kind) == (RefusalKind.INVALID_VALUE, "invalid_value")


def test_an_unknown_kind_name_is_refused_at_load() -> None:
    raw = dict(TOY, kinds={"no_url": "x"})
    with pytest.raises(VocabError, match="kinds: unknown field no_url"):
        Vocab.from_raw(raw)


def test_a_spelling_never_respells_a_verb_nor_makes_one() -> None:
    raw: dict[str, Any] = json.loads(default_vocab_text())
    raw["words"]["spellings"] = {"fecth": "fetch"}
    with pytest.raises(VocabError, match="'fecth' would become the action verb 'fetch'"):
        Vocab.from_raw(raw)
    raw["words"]["spellings"] = {"grab": "please"}
    with pytest.raises(VocabError, match="'grab' is a verb, and verbs are never respelt"):
        Vocab.from_raw(raw)
    raw["words"]["spellings"] = {"plox": "please"}  # negative control: a closed-class word is fine
    assert Vocab.from_raw(raw).words.spellings["plox"] == "please"


def test_a_typo_off_the_reviewed_list_is_refused_not_guessed() -> None:
    # "fecth" and "dl" are on the vocabulary's reviewed lists (words.misspellings, words.abbreviations,
    # tested in test_deputy_chatforms.py); a typo that is not is refused, however close it is.
    from seaspider.english_reader import build_deputy

    deputy = build_deputy()
    for prompt in ("fecht https://a.example/", "pls dwnld https://a.example/", "add https://a.example/ to the dl"):
        assert isinstance(deputy.read(prompt), Refusal), prompt
    assert isinstance(deputy.read("pls fetch https://a.example/"), Plan)  # negative control


def _sea_spider_deputy(change: Any = None, tmp_path: Path | None = None) -> Deputy:
    """Sea Spider's deputy, its vocabulary changed by `change(raw)` first (for the negative controls)."""
    from seaspider.english_reader import build_deputy

    raw = json.loads(default_vocab_text())
    if change is not None:
        change(raw)
    if change is None:
        return build_deputy()
    path = tmp_path / "changed.json"  # type: ignore[operator]
    path.write_text(json.dumps(raw), encoding="utf-8")
    return build_deputy(path)


def test_a_word_the_vocabulary_calls_a_noun_is_never_read_as_a_verb(tmp_path: Path) -> None:
    prompt = "Which sitemaps does https://a.example/ list?"
    plan = _sea_spider_deputy().read(prompt)
    assert isinstance(plan, Plan) and (plan.operation, plan.json_args()) == ("sitemaps", {"target": "https://a.example/"})
    # Negative control: without "nouns", the tagger reads "sitemaps" as a verb nobody declared.
    bare = _sea_spider_deputy(lambda raw: raw["words"].pop("nouns"), tmp_path).read(prompt)
    assert isinstance(bare, Refusal) and bare.kind == "unsupported_verb"


def test_a_capability_leaves_the_words_it_excludes_to_another(tmp_path: Path) -> None:
    prompt = "What sitemaps does https://a.example/docs have?"
    plan = _sea_spider_deputy().read(prompt)
    assert isinstance(plan, Plan) and plan.operation == "sitemaps"

    def page_takes_sitemaps(raw: dict[str, Any]) -> None:
        page = next(c for c in raw["capabilities"] if c["name"] == "page")
        del page["excludes"]

    # Negative control: "What do you have for A?" would fit it too, and two capabilities would claim it.
    both = _sea_spider_deputy(page_takes_sitemaps, tmp_path).read(prompt)
    assert isinstance(both, Refusal) and both.reason == "it could mean more than one thing (sitemaps or page)"


@pytest.mark.parametrize(("prompt", "operation", "args"), [
    ("whats stored for docs.rust-lang.org", "stats", {"host": "docs.rust-lang.org"}),
    ("What do you have for crates.io?", "stats", {"host": "crates.io"}),
    ("What's stored for https://pypi.org/project/requests/?", "page", {"url": "https://pypi.org/project/requests/"}),
    ("What did you store for pypi.org?", "page", {"url": "https://pypi.org/"}),  # past: what one fetch gave
    ("What sitemaps do you have for a.example?", "sitemaps", {"target": "https://a.example/"}),  # form excludes
], ids=["bare-host", "have-for-host", "page-address", "past-store", "sitemaps-excluded"])
def test_a_form_says_how_its_address_is_written(prompt: str, operation: str, args: dict[str, Any]) -> None:
    plan = _sea_spider_deputy().read(prompt)
    assert isinstance(plan, Plan) and (plan.operation, plan.json_args()) == (operation, args)


def test_without_the_written_rule_a_bare_host_is_read_as_a_page(tmp_path: Path) -> None:  # negative control
    def any_address(raw: dict[str, Any]) -> None:
        for cap in raw["capabilities"]:
            for form in cap["forms"]:
                form.pop("written", None)

    plan = _sea_spider_deputy(any_address, tmp_path).read("whats stored for docs.rust-lang.org")
    assert isinstance(plan, Refusal) and plan.reason == "it could mean more than one thing (stats or page)"


def test_written_and_form_excludes_are_checked_by_the_schema() -> None:
    raw = json.loads(json.dumps(TOY))
    raw["capabilities"][0]["forms"][0]["written"] = ["path"]
    raw["capabilities"][0]["forms"][0]["excludes"] = "keeper"
    with pytest.raises(VocabError) as caught:
        Vocab.from_raw(raw)
    assert "forms[0].written[0]" in str(caught.value) and "forms[0].excludes" in str(caught.value)


def test_excludes_and_nouns_are_checked_like_every_word_list() -> None:
    raw = json.loads(json.dumps(TOY))
    raw["capabilities"][0]["excludes"] = "keeper"
    raw["words"] = {"nouns": [3]}
    with pytest.raises(VocabError) as caught:
        Vocab.from_raw(raw)
    assert "capabilities[0].excludes" in str(caught.value) and "words.nouns[0]" in str(caught.value)


@pytest.mark.parametrize(("prompt", "operation"), [
    ("Next step: get the status of the crawl job.", "status"),
    ("Anything still in the queue?", "status"),
    ("Show me the status of https://a.example/.", "page"),
], ids=["get-the-status", "anything-in-the-queue", "status-of-an-address"])
def test_status_words_without_an_address_ask_for_the_status(prompt: str, operation: str) -> None:
    plan = _sea_spider_deputy().read(prompt)
    assert isinstance(plan, Plan) and plan.operation == operation


@pytest.mark.parametrize("prompt", [
    "Get the status of https://a.example/.",  # fetch A, or its record? two capabilities claim it
    "Next step: get the status of the crawl job and delete it.",
    "Fetch everything in the queue.",
], ids=["get-status-of-address", "and-delete", "everything"])
def test_status_words_that_could_act_are_refused(prompt: str) -> None:  # negative controls
    assert isinstance(_sea_spider_deputy().read(prompt), Refusal)


@pytest.mark.parametrize(("prompt", "operation", "args"), [
    ("Where are the sitemaps for developer.mozilla.org?", "sitemaps", {"target": "https://developer.mozilla.org/"}),
    ("What's the crawler doing right now?", "status", {}),
], ids=["where-are-the-sitemaps", "crawler-doing-right-now"])
def test_question_forms_of_round_8(prompt: str, operation: str, args: dict[str, Any]) -> None:
    plan = _sea_spider_deputy().read(prompt)
    assert isinstance(plan, Plan) and (plan.operation, plan.json_args()) == (operation, args)


@pytest.mark.parametrize("prompt", [
    "Where is https://a.example/x?",  # no sitemap asked for
    "What is the crawler?",  # no doing
    "Where are the sitemaps for 192.168.1.1?",
], ids=["where-without-sitemaps", "crawler-without-doing", "private"])
def test_question_forms_of_round_8_need_their_words(prompt: str) -> None:  # negative controls
    assert isinstance(_sea_spider_deputy().read(prompt), Refusal)
