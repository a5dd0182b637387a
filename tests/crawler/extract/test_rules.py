"""RULES.json and the inline form: checked in full, every problem at once, compiled once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from seaspider.errors import ConfigError, UsageError
from seaspider.extract import rules as rules_module
from seaspider.extract.rules import INLINE_RULE, build_rules, inline_rules, load_rules, split_field
from seaspider.resources import load_schema


def one_set(**spec: Any) -> dict[str, Any]:
    return {"rules": {"cards": {"url": "*", "fields": {"t": "h3"}, **spec}}}


def test_public_names_are_pinned() -> None:
    assert rules_module.__all__ == [
        "INLINE_RULE", "RESERVED_NAMES", "FieldRule", "RuleSet", "Rules", "build_rules", "inline_rules", "load_rules", "split_field",
    ]  # fmt: skip


def test_a_full_rules_file_compiles_in_order() -> None:
    raw = {
        "$schema": "../schemas/extract-rules.schema.json",
        "rules": {
            "cards": {
                "url": ["https://shop.example/list/*"],
                "container": "article.product",
                "fields": {
                    "title": "h3 a@Title",
                    "price": {"selector": ".price", "regex": "([0-9.]+)"},
                    "tags": {"selector": ".tag", "all": True},
                    "self": "",
                    "link": {"selector": "a", "attribute": "href"},
                },
            },
            "details": {"url": "https://shop.example/item/*", "fields": {"name": "h1"}},
        },
    }
    jsonschema.Draft202012Validator(load_schema("extract-rules")).validate(raw)
    rules = build_rules(raw, source="rules.json")
    assert rules.names == ("cards", "details")
    cards = rules.sets[0]
    assert cards.field_names == ("title", "price", "tags", "self", "link")
    assert cards.container is not None and cards.container.css == "article.product"
    title, price, tags, itself, link = cards.fields
    assert (title.selector.css, title.attribute, title.all, title.regex) == ("h3 a", "title", False, None)  # type: ignore[union-attr]
    assert price.attribute is None and price.regex is not None and price.regex.pattern == "([0-9.]+)"
    assert tags.all is True
    assert itself.selector is None and itself.attribute is None  # the container itself
    assert link.attribute == "href"
    assert rules.sets[1].container is None


@pytest.mark.parametrize(
    ("patterns", "url", "applies"),
    [
        ("https://shop.example/list/*", "https://shop.example/list/2?sort=price", True),
        ("https://shop.example/list/*", "https://shop.example/item/2", False),
        ("https://shop.example/list/*", "https://evil.example/?https://shop.example/list/", False),
        ("https://shop.example/", "https://shop.example/", True),
        ("https://shop.example/", "https://shop.example/x", False),
        (["https://a.example/*", "https://b.example/*"], "https://b.example/y", True),
        ("https://*.example/*.html", "https://docs.example/a/b.html", True),
        ("https://shop.example/a.b", "https://shop.example/aXb", False),
    ],
    ids=["prefix-star", "other-path", "anchored-at-start", "exact", "exact-is-whole", "any-of-list", "two-stars", "dot-is-literal"],
)
def test_url_patterns_match_the_whole_url(patterns: str | list[str], url: str, applies: bool) -> None:
    rules = build_rules({"rules": {"r": {"url": patterns, "fields": {"t": "title"}}}}, source="rules.json")
    assert rules.sets[0].applies_to(url) is applies


def test_every_problem_is_reported_at_once_in_one_sentence() -> None:
    raw = {
        "rules": {
            "cards": {
                "url": "*",
                "container": "div[",
                "colour": "red",
                "fields": {
                    "url": "a@href",
                    "price": {"selector": ".price", "regex": "([0-9"},
                    "title": {"selector": "h3", "atribute": "title"},
                    "x": "a@",
                    "bad name": "p",
                },
            },
            "empty": {"url": [], "fields": {}},
        }
    }
    with pytest.raises(ConfigError) as caught:
        build_rules(raw, source="rules.json")
    message = str(caught.value)
    assert message.startswith("rules.json: 9 problems: ") and message.endswith(".") and "\n" not in message
    for phrase in (
        "rules.cards: unknown field colour (known fields: container, fields, url)",
        'rules.cards.fields: "bad name" does not match the pattern',
        "rules.cards.fields.title: unknown field atribute (known fields: all, attribute, regex, selector)",
        "rules.empty.fields: needs at least 1 entry",
        "rules.empty.url: [] is not a string or a list of strings",
        "rules.cards.container: the CSS selector \"div[\" is not valid at character 5: expected a name or '*' but found the end of the selector",
        'rules.cards.fields.price.regex: "([0-9" is not a valid regular expression at character 2: unterminated character set',
        "rules.cards.fields.url: the name url is reserved (every record carries rule, url, fetched_unix, sha256); choose another",
        'rules.cards.fields.x: "a@" has an @ that is not followed by an attribute name',
    ):
        assert phrase in message


def test_a_valid_file_has_no_problem() -> None:  # negative control for the test above
    assert build_rules(one_set(container="div", fields={"u": "a@href", "p": {"selector": ".p", "regex": "[0-9]"}}), source="r").names == ("cards",)


@pytest.mark.parametrize(
    ("raw", "phrase"),
    [
        ([], "(top level): [] is not of type object"),
        ({}, "(top level): the required field rules is missing"),
        ({"rules": {}}, "rules: needs at least 1 entry"),
        (one_set(fields={"t": {"all": True}}), "rules.cards.fields.t: the required field selector is missing"),
        (one_set(fields={"t": {"selector": "p", "all": "yes"}}), 'rules.cards.fields.t.all: "yes" is not of type boolean'),
        (one_set(fields={"t": 3}), "rules.cards.fields.t: 3 is not of type string or object"),
        (one_set(fields={"t": {"selector": "p", "attribute": "has space"}}), "rules.cards.fields.t.attribute"),
    ],
    ids=["not-object", "no-rules", "no-sets", "no-selector", "all-not-bool", "field-not-string", "bad-attribute-name"],
)
def test_schema_problems(raw: Any, phrase: str) -> None:
    with pytest.raises(ConfigError, match="1 problem: ") as caught:
        build_rules(raw, source="rules.json")
    assert phrase in str(caught.value)


def test_load_rules_reports_missing_and_broken_files(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="the rules file does not exist"):
        load_rules(tmp_path / "none.json")
    broken = tmp_path / "broken.json"
    broken.write_text('{"rules": ')
    with pytest.raises(ConfigError, match=r"broken.json: line 1 column 11: not valid JSON"):
        load_rules(broken)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(one_set()))
    assert load_rules(good).source == str(good)


@pytest.mark.parametrize(
    ("text", "css", "attribute"),
    [
        ("h3 a@title", "h3 a", "title"),
        ("h3 a", "h3 a", None),
        ("@href", "", "href"),
        ('a[href^="mailto:x@y"]', 'a[href^="mailto:x@y"]', None),
        ('a[href^="mailto:x@y"] @ href', 'a[href^="mailto:x@y"]', "href"),
        ("img@data-SRC", "img", "data-src"),
        ("a:has(b@c)", "a:has(b@c)", None),
    ],
    ids=["attribute", "text", "scope-attribute", "at-in-quotes", "at-after-quotes", "lower-cased", "at-in-parens"],
)
def test_split_field(text: str, css: str, attribute: str | None) -> None:
    assert split_field(text) == (css, attribute)


def test_inline_rules() -> None:
    rules = inline_rules("article.product", 'title=h3 a@title; price=.price ;link=a[title="x;y"]@href;')
    (only,) = rules.sets
    assert only.name == INLINE_RULE and only.applies_to("https://any.example/")
    assert only.field_names == ("title", "price", "link")
    assert only.fields[2].selector.css == 'a[title="x;y"]' and only.fields[2].attribute == "href"  # type: ignore[union-attr]


def test_inline_rules_report_every_problem() -> None:
    with pytest.raises(UsageError) as caught:
        inline_rules("div[", "a=p;b;c d=x;a=q;url=a@href;e=::x")
    message = str(caught.value)
    assert message.startswith("the inline rules: 6 problems: ")
    for phrase in ("--fields: 'b' has no '='", "--fields: 'c d' is not a field name", "the field a is named twice",
                   '--container: the CSS selector "div[" is not valid at character 5', "--fields url: the name url is reserved",
                   '--fields e: the CSS selector "::x" is not valid at character 1'):  # fmt: skip
        assert phrase in message
    with pytest.raises(UsageError, match="it names no field"):
        inline_rules(None, " ; ")


def test_only_picks_sets_and_names_the_unknown() -> None:
    rules = build_rules({"rules": {"a": {"url": "*", "fields": {"t": "p"}}, "b": {"url": "*", "fields": {"t": "p"}}}}, source="r.json")
    assert rules.only(["b"]).names == ("b",)
    assert rules.only(None) is rules
    with pytest.raises(UsageError, match="r.json has no rule set c; its rule sets are a, b."):
        rules.only(["c", "a"])


def test_the_schema_is_valid_and_closed_everywhere() -> None:
    schema = load_schema("extract-rules")
    jsonschema.Draft202012Validator.check_schema(schema)
    closed = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "properties" in node:
                closed.append(node.get("additionalProperties") is False)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(schema)
    assert len(closed) == 3 and all(closed)  # the file, a rule set, a field object
