"""robots.txt parsing and matching (seaspider/web/robots.py): every bullet of issue 3, both outcomes."""

from __future__ import annotations

import pytest

from seaspider.web.robots import MAX_ROBOTS_BYTES, Decision, Robots

BOT = "MovaBot"


def decide(body: bytes | str, url: str, agent: str = BOT) -> Decision:
    return Robots.parse(body).decide(agent, url)


def allowed(body: bytes | str, url: str, agent: str = BOT) -> bool:
    return decide(body, url, agent).allowed


# ---------------------------------------------------------------------------------------------- groups

MERGED = """\
User-agent: MovaBot
Disallow: /foo

User-agent: Other
Disallow: /other

user-agent: movabot
Disallow: /baz
"""


@pytest.mark.parametrize(
    ("url", "expected"),
    [("/foo", False), ("/baz", False), ("/other", True), ("/bar", True)],
    ids=["first-block", "second-block", "other-agents-block", "in-neither"],
)
def test_groups_naming_the_same_agent_are_merged(url: str, expected: bool) -> None:
    assert allowed(MERGED, url) is expected


MULTI_AGENT = """\
User-agent: SomeBot
User-agent: MovaBot
User-agent: ThirdBot
Disallow: /shared
"""


@pytest.mark.parametrize(
    ("agent", "expected"),
    [("MovaBot", False), ("SomeBot", False), ("ThirdBot", False), ("FourthBot", True)],
    ids=["movabot", "first-named", "last-named", "not-named"],
)
def test_several_user_agent_lines_share_one_group(agent: str, expected: bool) -> None:
    assert allowed(MULTI_AGENT, "/shared", agent) is expected


def test_user_agent_after_a_rule_starts_a_new_group() -> None:
    body = "User-agent: SomeBot\nDisallow: /a\nUser-agent: MovaBot\nDisallow: /b\n"
    robots = Robots.parse(body)
    assert robots.decide(BOT, "/a").allowed is True  # /a belongs to SomeBot only
    assert robots.decide(BOT, "/b").allowed is False
    assert robots.decide("SomeBot", "/b").allowed is True


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ("Disallow: /x\nUser-agent: *\nDisallow: /y\n", True),
        ("User-agent: *\nDisallow: /x\n", False),
    ],
    ids=["rule-before-any-user-agent-ignored", "same-rule-inside-a-group-applies"],
)
def test_rules_before_any_user_agent_are_ignored(body: str, expected: bool) -> None:
    assert allowed(body, "/x") is expected


def test_rules_before_any_user_agent_are_counted_as_skipped() -> None:
    assert Robots.parse("Disallow: /x\nAllow: /y\nCrawl-delay: 3\nUser-agent: *\n").skipped_lines == 3
    assert Robots.parse("User-agent: *\nDisallow: /x\n").skipped_lines == 0


@pytest.mark.parametrize(
    ("body", "expected", "skipped"),
    [
        ("User-agent: MovaBot\nHost: example.com\nDisallow: /x\n", False, 0),
        ("User-agent: MovaBot\nClean-param: ref /x\nUser-agent: Other\nDisallow: /x\n", False, 0),
        ("User-agent: MovaBot\nNoindex: /y\n", True, 0),
    ],
    ids=["unknown-key-inside-group", "unknown-key-does-not-close-user-agent-run", "unknown-key-is-no-rule"],
)
def test_unknown_keys_are_ignored(body: str, expected: bool, skipped: int) -> None:
    robots = Robots.parse(body)
    assert robots.decide(BOT, "/x" if expected is False else "/y").allowed is expected
    assert robots.skipped_lines == skipped


@pytest.mark.parametrize(
    "body",
    [
        "USER-AGENT: MovaBot\nDISALLOW: /x\n",
        "user-agent: MovaBot\ndisallow: /x\n",
        "UsEr-AgEnT: MovaBot\nDiSaLlOw: /x\n",
    ],
    ids=["upper", "lower", "mixed"],
)
def test_keys_are_case_insensitive(body: str) -> None:
    assert allowed(body, "/x") is False
    assert allowed(body, "/y") is True


@pytest.mark.parametrize(
    ("body", "expected", "skipped"),
    [
        ("User-agent MovaBot\nDisallow /x\n", False, 0),
        ("User-agent: MovaBot\nDisallow /x:y\n", False, 0),
        ("User-agent: MovaBot\nDisallow /x /y\n", True, 1),
        ("User-agent: MovaBot\nDisallow/x\n", True, 1),
    ],
    ids=["key-space-value", "value-holding-a-colon", "two-values-is-malformed", "no-separator-is-malformed"],
)
def test_missing_colon_is_tolerated_for_key_and_one_value(body: str, expected: bool, skipped: int) -> None:
    robots = Robots.parse(body)
    assert robots.decide(BOT, "/x:y" if "x:y" in body else "/x").allowed is expected
    assert robots.skipped_lines == skipped


@pytest.mark.parametrize(
    "body",
    [
        "  User-agent :  MovaBot  \n\tDisallow\t:\t/x\t\n",
        "User-agent:MovaBot\nDisallow:/x\n",
        "User-agent: MovaBot # our robot\nDisallow: /x # keep out\n",
        "# a comment\nUser-agent: MovaBot\n# another\n\nDisallow: /x\n",
        "\ufeffUser-agent: MovaBot\nDisallow: /x\n",
    ],
    ids=["whitespace-and-tabs", "no-whitespace", "trailing-comments", "comment-and-blank-lines", "utf8-bom"],
)
def test_whitespace_comments_and_bom_are_tolerated(body: str) -> None:
    robots = Robots.parse(body.encode("utf-8"))
    assert robots.decide(BOT, "/x").allowed is False
    assert robots.decide(BOT, "/y").allowed is True
    assert robots.skipped_lines == 0


@pytest.mark.parametrize(
    "eol", ["\n", "\r\n", "\r"], ids=["lf", "crlf", "cr"]
)
def test_line_ends_and_line_numbers(eol: str) -> None:
    body = eol.join(["# head", "User-agent: *", "Allow: /x/ok", "Disallow: /x", ""])
    robots = Robots.parse(body.encode())
    assert robots.decide(BOT, "/x/no") == Decision(allowed=False, rule="Disallow: /x", group="*", line=4)
    assert robots.decide(BOT, "/x/ok") == Decision(allowed=True, rule="Allow: /x/ok", group="*", line=3)


def test_mixed_line_ends_count_each_line_once() -> None:
    robots = Robots.parse(b"User-agent: *\r\n\r\rDisallow: /a\n\r\nDisallow: /b")
    assert robots.decide(BOT, "/a").line == 4
    assert robots.decide(BOT, "/b").line == 6


def test_invalid_utf8_does_not_crash_and_latin1_pattern_matches_its_octet() -> None:
    robots = Robots.parse(b"User-agent: *\nDisallow: /caf\xe9\nDisallow: /\xff\xfe\x80bad\n")
    # The raw octet E9 is compared percent-encoded, as a Latin-1 URL would carry it.
    assert robots.decide(BOT, "/caf%E9").allowed is False
    assert robots.decide(BOT, "/caf%e9/menu").allowed is False
    assert robots.decide(BOT, "/caf%C3%A9").allowed is True  # café in UTF-8 is another octet string
    assert robots.decide(BOT, "/%FF%FE%80bad").allowed is False
    assert robots.decide(BOT, "/caf%E9").rule == "Disallow: /caf\ufffd"  # shown with a replacement character


# ------------------------------------------------------------------------------------- agent matching

AGENTS = """\
User-agent: MovaBot/1.0
Disallow: /mova

User-agent: MovaBotX
Disallow: /x

User-agent: *
Disallow: /star
"""


@pytest.mark.parametrize(
    ("agent", "url", "expected", "group"),
    [
        ("MovaBot", "/mova", False, "movabot"),
        ("movabot", "/mova", False, "movabot"),
        ("MOVABOT", "/mova", False, "movabot"),
        ("MovaBot/0.1 (+https://example.invalid/movabot)", "/mova", False, "movabot"),
        ("MovaBot", "/star", True, "movabot"),
        ("MovaBot", "/x", True, "movabot"),
        ("MovaBotX", "/x", False, "movabotx"),
        ("MovaBotX", "/mova", True, "movabotx"),
        ("Mova", "/star", False, "*"),
        ("Mova", "/mova", True, "*"),
    ],
    ids=[
        "version-suffix-in-file-matches",
        "lower-case-token",
        "upper-case-token",
        "full-user-agent-string-as-agent",
        "named-group-does-not-add-star-rules",
        "longer-name-is-another-robot",
        "longer-name-has-its-own-group",
        "longer-name-is-not-movabot",
        "prefix-of-a-name-falls-back-to-star",
        "prefix-of-a-name-is-not-that-robot",
    ],
)
def test_agent_matching(agent: str, url: str, expected: bool, group: str) -> None:
    d = decide(AGENTS, url, agent)
    assert (d.allowed, d.group) == (expected, group)


def test_digits_after_the_token_name_another_robot() -> None:
    body = "User-agent: MovaBot2\nAllow: /\nDisallow: /a\nUser-agent: *\nDisallow: /\n"
    assert decide(body, "/b") == Decision(allowed=False, rule="Disallow: /", group="*", line=5)
    assert decide(body, "/b", "MovaBot2") == Decision(allowed=True, rule="Allow: /", group="movabot2", line=2)


def test_no_named_group_and_no_star_allows_everything() -> None:
    d = decide("User-agent: Other\nDisallow: /\n", "/anything")
    assert d == Decision(allowed=True, rule=None, group=None, line=None)
    assert decide("User-agent: Other\nDisallow: /\n", "/anything", "Other").allowed is False  # control


def test_empty_file_allows_everything() -> None:
    assert decide(b"", "/x") == Decision(allowed=True, rule=None, group=None, line=None)


@pytest.mark.parametrize(
    ("body", "expected", "group"),
    [
        ("User-agent: *\nDisallow: /\n\nUser-agent: MovaBot\n", True, "movabot"),
        ("User-agent: MovaBot\nDisallow:\n\nUser-agent: *\nDisallow: /\n", True, "movabot"),
        ("User-agent: *\nDisallow: /\n\nUser-agent: SomeBot\n", False, "*"),
    ],
    ids=["empty-group-for-token", "empty-disallow-for-token", "control-empty-group-for-another-token"],
)
def test_group_for_token_without_rules_allows_everything(body: str, expected: bool, group: str) -> None:
    d = decide(body, "/page")
    assert (d.allowed, d.group) == (expected, group)


def test_blank_lines_do_not_split_user_agent_lines_from_their_rules() -> None:
    # RFC 9309 2.1: a group is user-agent lines and rules, blank lines allowed anywhere between them.
    body = "User-agent: MovaBot\n\nUser-agent: SomeBot\n\nDisallow: /x\n"
    assert decide(body, "/x") == Decision(allowed=False, rule="Disallow: /x", group="movabot", line=5)
    assert decide(body, "/x", "SomeBot").allowed is False
    assert decide(body, "/x", "ThirdBot").allowed is True


@pytest.mark.parametrize("agent", ["", "  ", "/1.0", "(compatible)"], ids=["empty", "blank", "version", "comment"])
def test_agent_without_product_token_is_a_programming_error(agent: str) -> None:
    with pytest.raises(ValueError, match="product token"):
        Robots.parse("").decide(agent, "/")


def test_non_text_body_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="bytes or str"):
        Robots.parse(42)  # type: ignore[arg-type]


def test_user_agent_star_with_trailing_text_is_the_catch_all() -> None:
    assert decide("User-agent: * everyone\nDisallow: /\n", "/x") == Decision(False, "Disallow: /", "*", 2)
    # "*bot" is no name and not the catch-all: its rules apply to nobody.
    robots = Robots.parse("User-agent: *bot\nDisallow: /\n")
    assert robots.decide(BOT, "/x").allowed is True
    assert robots.skipped_lines == 1


# ------------------------------------------------------------------------------------------- matching

TIE = "User-agent: *\nDisallow: /page\nAllow: /page\nDisallow: /a$\nAllow: /a$\n"
LONGEST = "User-agent: *\nAllow: /folder/\nDisallow: /folder\nDisallow: /folder/private\nAllow: /folder/private/ok\n"


@pytest.mark.parametrize(
    ("body", "url", "expected", "rule"),
    [
        (LONGEST, "/folder", False, "Disallow: /folder"),
        (LONGEST, "/folder/", True, "Allow: /folder/"),
        (LONGEST, "/folder/page", True, "Allow: /folder/"),
        (LONGEST, "/folder/private", False, "Disallow: /folder/private"),
        (LONGEST, "/folder/private/ok", True, "Allow: /folder/private/ok"),
        (LONGEST, "/folder/private/no", False, "Disallow: /folder/private"),
        (LONGEST, "/folderX", False, "Disallow: /folder"),
        (LONGEST, "/other", True, None),
    ],
    ids=["short", "allow-longer", "allow-longer-deeper", "disallow-longer", "allow-longest",
         "disallow-longest-match", "disallow-prefix-only", "no-match"],
)
def test_longest_match_wins(body: str, url: str, expected: bool, rule: str | None) -> None:
    d = decide(body, url)
    assert (d.allowed, d.rule) == (expected, rule)


@pytest.mark.parametrize(
    ("url", "expected", "line"),
    [("/page", True, 3), ("/page/x", True, 3), ("/a", True, 5), ("/ab", True, None)],
    ids=["tie-prefix", "tie-deeper", "tie-anchored", "control-no-match"],
)
def test_allow_wins_a_tie(url: str, expected: bool, line: int | None) -> None:
    d = decide(TIE, url)
    assert (d.allowed, d.line) == (expected, line)


def test_tie_on_octets_counts_pattern_length_as_written() -> None:
    # "/a*" and "/ab" are both 3 octets long: a tie, so Allow wins though "/ab" is more literal.
    body = "User-agent: *\nDisallow: /ab\nAllow: /a*\n"
    assert decide(body, "/abc") == Decision(True, "Allow: /a*", "*", 3)
    # "/ab$" is 4 octets: it beats "/a*".
    body = "User-agent: *\nDisallow: /ab$\nAllow: /a*\n"
    assert decide(body, "/ab") == Decision(False, "Disallow: /ab$", "*", 2)


def test_equal_rules_are_explained_by_the_first_one() -> None:
    body = "User-agent: *\nDisallow: /x\nDisallow: /x\n"
    assert decide(body, "/x").line == 2


# Negative controls: with a rule switched off the same assertions must fail, so the tests above can catch it.


def test_control_without_allow_wins_a_tie_the_tie_goes_wrong() -> None:
    broken = Robots.parse(TIE, _allow_wins_tie=False)
    assert broken.decide(BOT, "/page").allowed is False
    assert broken.decide(BOT, "/a").allowed is False
    assert Robots.parse(TIE).decide(BOT, "/page").allowed is True


def test_control_without_longest_match_the_first_rule_wins() -> None:
    broken = Robots.parse(LONGEST, _longest_wins=False)
    assert broken.decide(BOT, "/folder/private").allowed is True  # Allow: /folder/ comes first
    assert broken.decide(BOT, "/folder/private/no").rule == "Allow: /folder/"
    assert Robots.parse(LONGEST).decide(BOT, "/folder/private").allowed is False


WILDCARDS = """\
User-agent: *
Disallow: /*.php$
Disallow: /private*/secret
Disallow: *sessionid=
Disallow: /exact$
Disallow: /fish*
Disallow: /price$5
Disallow: /a*b*c
"""


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("/index.php", False),
        ("/dir/page.php", False),
        ("/index.php?x=1", True),
        ("/index.php5", True),
        ("/private/secret", False),
        ("/private-area/x/secret/y", False),
        ("/private/public", True),
        ("/x?sessionid=1", False),
        ("/x?session=1", True),
        ("/exact", False),
        ("/exact/", True),
        ("/exact?q", True),
        ("/fish", False),
        ("/fish.html", False),
        ("/Fish", True),
        ("/price$5", False),
        ("/price%245", False),
        ("/price", True),
        ("/aXbYc", False),
        ("/abc", False),
        ("/acb", True),
        ("/cba", True),
    ],
    ids=[
        "dollar-anchors-end", "star-spans-slashes", "query-breaks-anchor", "anchor-is-strict",
        "star-empty", "star-many", "star-needs-the-rest", "star-first", "star-first-control",
        "exact", "exact-slash", "exact-query", "prefix", "prefix-longer", "case-sensitive",
        "mid-dollar-literal", "mid-dollar-encoded", "mid-dollar-control",
        "pieces-in-order", "pieces-adjacent", "pieces-out-of-order", "pieces-reversed",
    ],
)
def test_wildcards_and_anchor(url: str, expected: bool) -> None:
    assert allowed(WILDCARDS, url) is expected


@pytest.mark.parametrize(
    ("url", "expected"),
    [("/a/b", False), ("/b/a", True), ("/x/a/b", True)],
    ids=["from-first-octet", "not-inside", "not-after-a-prefix"],
)
def test_patterns_match_from_the_first_octet(url: str, expected: bool) -> None:
    assert allowed("User-agent: *\nDisallow: /a/b\n", url) is expected


@pytest.mark.parametrize(
    ("body", "url", "expected"),
    [
        ("User-agent: *\nDisallow:\n", "/x", True),
        ("User-agent: *\nDisallow: \t# nothing\n", "/x", True),
        ("User-agent: *\nDisallow: /\n", "/x", False),
    ],
    ids=["empty-disallow", "blank-disallow-with-comment", "control-root-disallow"],
)
def test_empty_disallow_allows(body: str, url: str, expected: bool) -> None:
    d = decide(body, url)
    assert d.allowed is expected
    assert Robots.parse(body).skipped_lines == 0


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("/robots.txt", True),
        ("https://example.com/robots.txt", True),
        ("/robots%2Etxt", True),
        ("/robots.txt?x=1", False),
        ("/robots.txt.bak", False),
        ("/other", False),
    ],
    ids=["path", "absolute", "encoded-dot", "with-query", "longer-name", "control-other-path"],
)
def test_robots_txt_is_always_allowed(url: str, expected: bool) -> None:
    d = decide("User-agent: *\nDisallow: /\nDisallow: /robots.txt\n", url)
    assert d.allowed is expected
    if expected:
        assert (d.rule, d.line, d.group) == (None, None, "*")


@pytest.mark.parametrize(
    ("pattern", "url", "expected"),
    [
        ("/%7Euser", "/~user", True),
        ("/~user", "/%7Euser", True),
        ("/~user", "/%7euser", True),
        ("/%41bc", "/Abc", True),
        ("/%41bc", "/abc", False),
        ("/a%2Fb", "/a%2fb", True),
        ("/a%2Fb", "/a/b", False),
        ("/a/b", "/a%2Fb", False),
        ("/caf\u00e9", "/caf%C3%A9", True),
        ("/caf%C3%A9", "/caf\u00e9", True),
        ("/caf%c3%a9", "/caf%C3%A9", True),
        ("/caf\u00e9", "/cafe", False),
        ("/%E3%83%84", "/\u30c4", True),
        ("/a b", "/a%20b", True),
        ("/100%", "/100%25", True),
        ("/100%25", "/100%", True),
        ("/q?x=%3D", "/q?x==", False),
    ],
    ids=[
        "encoded-tilde-rule", "encoded-tilde-url", "lower-hex-url", "encoded-letter", "encoded-letter-case",
        "reserved-hex-case", "reserved-not-decoded", "reserved-not-decoded-reverse", "utf8-rule",
        "utf8-url", "utf8-hex-case", "utf8-control", "katakana", "space", "bare-percent-rule",
        "bare-percent-url", "reserved-in-query",
    ],
)
def test_percent_encoding_is_compared_in_one_form(pattern: str, url: str, expected: bool) -> None:
    assert allowed(f"User-agent: *\nDisallow: {pattern}\n", url) is not expected


@pytest.mark.parametrize(
    ("pattern", "url", "expected"),
    [
        ("/path/file-with-a-%2A.html", "https://www.example.com/path/file-with-a-*.html", False),
        ("/path/foo-%24", "https://www.example.com/path/foo-$", False),
        ("/path/file-with-a-%2A.html", "https://www.example.com/path/file-with-a-X.html", True),
        ("/path/foo-%24", "https://www.example.com/path/foo-", True),
        ("/path/foo-%24", "https://www.example.com/path/foo-%24", False),
    ],
    ids=["rfc-2.2.3-star", "rfc-2.2.3-dollar", "control-star-is-no-wildcard", "control-dollar-is-no-anchor",
         "encoded-dollar-url"],
)
def test_rfc_2_2_3_literal_star_and_dollar(pattern: str, url: str, expected: bool) -> None:
    assert allowed(f"User-agent: *\nDisallow: {pattern}\n", url) is expected


@pytest.mark.parametrize(
    ("body", "url", "expected"),
    [
        ("User-agent: *\nAllow: /this/path/exactly$\nDisallow: /\n", "/this/path/exactly", True),
        ("User-agent: *\nAllow: /this/path/exactly$\nDisallow: /\n", "/this/path/exactly/not", False),
        ("User-agent: *\nAllow: /this/*/exactly\nDisallow: /\n", "/this/a/b/exactly", True),
        ("User-agent: *\nAllow: /this/*/exactly\nDisallow: /\n", "/this/exactly", False),
        ("User-agent: *\nDisallow: / # comment in line\n# comment on its own line\n", "/x", False),
    ],
    ids=["dollar-end", "dollar-end-control", "star-any", "star-control", "hash-comment"],
)
def test_rfc_2_2_3_special_characters(body: str, url: str, expected: bool) -> None:
    assert allowed(body, url) is expected


@pytest.mark.parametrize(
    ("pattern", "url"),
    [
        ("/foo/bar?baz=quz", "/foo/bar?baz=quz"),
        ("/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https://foo.bar"),
        ("/foo/bar?baz=https%3A%2F%2Ffoo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"),
        ("/foo/bar/\u30c4", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84"),
        ("/foo/bar/%62%61%7A", "/foo/bar/baz"),
        ("/foo/bar/baz", "/foo/bar/%62%61%7A"),
    ],
    ids=["plain-query", "reserved-in-query-as-written", "reserved-in-query-encoded", "utf8", "utf8-encoded",
         "unreserved-encoded-rule", "unreserved-encoded-url"],
)
def test_rfc_2_2_2_percent_encoding_table(pattern: str, url: str) -> None:
    body = f"User-agent: *\nDisallow: {pattern}\n"
    assert allowed(body, url) is False
    assert allowed(body, "/foo/other") is True


@pytest.mark.parametrize(
    ("pattern", "skipped"),
    [("foo", 1), ("x/y", 1), ("$", 1), ("?q", 1)],
    ids=["word", "relative", "lone-dollar", "query-only"],
)
def test_patterns_starting_with_neither_slash_nor_star_never_match(pattern: str, skipped: int) -> None:
    robots = Robots.parse(f"User-agent: *\nDisallow: {pattern}\n")
    for url in ("/", "/foo", "/x/y", "/?q", f"/{pattern}"):
        assert robots.decide(BOT, url).allowed is True
    assert robots.skipped_lines == skipped
    assert Robots.parse("User-agent: *\nDisallow: *\n").decide(BOT, "/foo").allowed is False  # control


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://example.com/shop/cart?item=1", False),
        ("https://example.com:8443/shop/cart?item=1#top", False),
        ("http://user@example.com/shop/cart?x", False),
        ("https://example.com/shop/cart", True),
        ("https://example.com", True),
        ("https://example.com?item=1", False),
        ("/shop/cart?item=1", False),
        ("/shop/cart?item=1#frag", False),
        ("shop/cart?item=1", False),
        ("/shop/cart", True),
    ],
    ids=["absolute", "port-and-fragment", "userinfo", "absolute-without-query", "bare-origin",
         "origin-with-query", "path", "path-with-fragment", "relative-path-read-from-root", "path-without-query"],
)
def test_decide_takes_an_absolute_url_or_a_path_with_query(url: str, expected: bool) -> None:
    assert allowed("User-agent: *\nDisallow: /shop/cart?\nDisallow: /?\n", url) is expected


def test_query_takes_part_in_matching() -> None:
    body = "User-agent: *\nDisallow: /*?\nAllow: /*?page=\n"
    assert decide(body, "/list?sort=asc").allowed is False
    assert decide(body, "/list?page=2").allowed is True
    assert decide(body, "/list").allowed is True


# -------------------------------------------------------------------------------------------- size limit


def _padded(rule_line: bytes, *, ends_at: int) -> bytes:
    """A file whose `rule_line` (with its LF) ends exactly at byte `ends_at`, then more rules follow."""
    head = b"User-agent: *\nDisallow: /early\n"
    filler = b"#" * (ends_at - len(head) - len(rule_line) - 1) + b"\n"
    body = head + filler + rule_line
    assert len(body) == ends_at
    return body + b"Disallow: /after\n"


@pytest.mark.parametrize(
    ("ends_at", "expected_late"),
    [
        (MAX_ROBOTS_BYTES, False),
        (MAX_ROBOTS_BYTES - 1, False),
        (MAX_ROBOTS_BYTES + 1, True),
        (MAX_ROBOTS_BYTES + 5, True),
    ],
    ids=["ends-exactly-at-limit", "ends-before-limit", "newline-past-limit", "cut-mid-rule"],
)
def test_only_the_first_512000_bytes_are_parsed(ends_at: int, expected_late: bool) -> None:
    robots = Robots.parse(_padded(b"Disallow: /late\n", ends_at=ends_at))
    assert robots.truncated is True
    assert robots.decide(BOT, "/early").allowed is False  # rules before the boundary apply
    assert robots.decide(BOT, "/late").allowed is expected_late
    assert robots.decide(BOT, "/after").allowed is True


def test_a_cut_rule_is_not_shortened_into_a_broader_one() -> None:
    # Cut after "Disallow: /l": applying the stub would disallow every path starting with /l.
    body = _padded(b"Disallow: /late\n", ends_at=MAX_ROBOTS_BYTES + 4)
    robots = Robots.parse(body)
    assert robots.decide(BOT, "/lxyz").allowed is True
    assert robots.skipped_lines == 1


def test_short_file_is_not_truncated() -> None:
    robots = Robots.parse(b"User-agent: *\nDisallow: /x")  # no final newline, nothing cut
    assert robots.truncated is False
    assert robots.decide(BOT, "/x").allowed is False


def _at_cap(head: bytes, last_line: bytes) -> bytes:
    """Exactly MAX_ROBOTS_BYTES: `head`, comment padding, then `last_line` (no newline) up to the cap."""
    filler_bytes = MAX_ROBOTS_BYTES - len(head) - len(last_line)
    body = head + b"#" * (filler_bytes - 1) + b"\n" + last_line
    assert len(body) == MAX_ROBOTS_BYTES
    return body


# Issue 12: the fetcher reads exactly MAX_ROBOTS_BYTES, so a body AT the cap may be cut in the middle of a line.
CUT_AT_CAP = [
    # "Allow: /public/page.html" cut to "Allow: /" would beat "Disallow: /" on the tie and open the site.
    (b"User-agent: *\nDisallow: /\n", b"Allow: /", "/private/secret", False),
    # "Disallow: /secret-area/" cut to "Disallow: /" must not close the whole site either: it is no rule.
    (b"User-agent: *\nDisallow: /private/\n", b"Disallow: /", "/p/1", True),
    (b"User-agent: *\nDisallow: /private/\n", b"Disallow: /", "/private/x", False),
]


@pytest.mark.parametrize(
    ("head", "cut", "path", "expected"), CUT_AT_CAP, ids=["cut-allow-grants-nothing", "cut-disallow-is-no-rule", "rules-before-apply"]
)
def test_a_body_at_the_cap_is_cut_and_its_partial_line_dropped(head: bytes, cut: bytes, path: str, expected: bool) -> None:
    robots = Robots.parse(_at_cap(head, cut))
    assert robots.truncated is True
    assert robots.decide(BOT, path).allowed is expected
    assert robots.skipped_lines == 1  # the cut line, counted


def test_reading_a_body_at_the_cap_as_complete_turns_the_test_above_red() -> None:  # negative control
    cut_allow = _at_cap(b"User-agent: *\nDisallow: /\n", b"Allow: /")
    assert Robots.parse(cut_allow, _drop_cut_line=False).decide(BOT, "/private/secret").allowed is True
    cut_disallow = _at_cap(b"User-agent: *\nDisallow: /private/\n", b"Disallow: /")
    assert Robots.parse(cut_disallow, _drop_cut_line=False).decide(BOT, "/p/1").allowed is False


def test_a_body_at_the_cap_ending_with_a_whole_line_keeps_it() -> None:
    body = _at_cap(b"User-agent: *\n", b"Disallow: /last\n")  # the cap falls right after a line end
    robots = Robots.parse(body)
    assert robots.truncated is True and robots.skipped_lines == 0
    assert robots.decide(BOT, "/last").allowed is False


# ------------------------------------------------------------------------------------------ crawl-delay


@pytest.mark.parametrize(
    ("body", "agent", "expected"),
    [
        ("User-agent: *\nCrawl-delay: 5\n", BOT, 5.0),
        ("User-agent: *\nCrawl-delay: 0.5\n", BOT, 0.5),
        ("User-agent: *\nCrawl-delay: .25\n", BOT, 0.25),
        ("User-agent: *\nCrawl-delay: 3.\n", BOT, 3.0),
        ("User-agent: MovaBot\nCrawl-delay: 2\n\nUser-agent: MovaBot\nCrawl-delay: 7.5\n", BOT, 7.5),
        ("User-agent: MovaBot\nCrawl-delay: 7\nCrawl-delay: 3\n", BOT, 7.0),
        ("User-agent: MovaBot\nDisallow: /x\nUser-agent: *\nCrawl-delay: 9\n", BOT, None),
        ("User-agent: Other\nCrawl-delay: 9\nUser-agent: *\nCrawl-delay: 4\n", BOT, 4.0),
        ("User-agent: Other\nCrawl-delay: 9\n", BOT, None),
        ("User-agent: *\nCrawl-delay: 10s\n", BOT, None),
        ("User-agent: *\nCrawl-delay: -1\n", BOT, None),
        ("User-agent: *\nCrawl-delay: 1,5\n", BOT, None),
        ("User-agent: *\nCrawl-delay: nan\n", BOT, None),
        ("User-agent: *\nCrawl-delay: inf\n", BOT, None),
        ("User-agent: *\nCrawl-delay: 1e3\n", BOT, None),
        ("User-agent: *\nCrawl-delay: " + "9" * 400 + "\n", BOT, None),
        ("User-agent: *\nCrawl-delay: \n", BOT, None),
        ("User-agent: *\nCrawl-delay: x\nCrawl-delay: 2\n", BOT, 2.0),
    ],
    ids=[
        "integer", "decimal", "leading-dot", "trailing-dot", "largest-of-merged-groups", "largest-in-one-group",
        "named-group-does-not-fall-back", "star-group", "other-robots-delay", "unit-suffix-invalid", "negative-invalid",
        "comma-invalid", "nan-invalid", "inf-invalid", "exponent-invalid", "overflow-invalid", "empty-invalid",
        "invalid-then-valid",
    ],
)
def test_crawl_delay(body: str, agent: str, expected: float | None) -> None:
    assert Robots.parse(body).crawl_delay(agent) == expected


def test_invalid_crawl_delays_are_counted() -> None:
    assert Robots.parse("User-agent: *\nCrawl-delay: 10s\nCrawl-delay: -1\nCrawl-delay: 4\n").skipped_lines == 2


def test_crawl_delay_line_closes_the_user_agent_run() -> None:
    robots = Robots.parse("User-agent: *\nCrawl-delay: 10\nUser-agent: MovaBot\nDisallow: /\n")
    assert robots.crawl_delay(BOT) is None
    assert robots.crawl_delay("Other") == 10.0
    assert robots.decide("Other", "/x").allowed is True


# ---------------------------------------------------------------------------------------------- sitemaps


def test_sitemaps_in_file_order_anywhere_without_duplicates() -> None:
    body = (
        "Sitemap: https://example.com/a.xml\n"
        "User-agent: *\n"
        "sitemap:https://example.com/b.xml # second\n"
        "Disallow: /x\n"
        "SITEMAP: https://example.com/a.xml\n"
        "Sitemap:\n"
    )
    robots = Robots.parse(body)
    assert robots.sitemaps == ["https://example.com/a.xml", "https://example.com/b.xml"]
    assert robots.skipped_lines == 1  # the empty one
    assert robots.decide(BOT, "/x").allowed is False  # a sitemap line does not close or open a group
    assert Robots.parse("User-agent: *\n").sitemaps == []


def test_sitemaps_list_is_a_copy() -> None:
    robots = Robots.parse("Sitemap: https://example.com/a.xml\n")
    robots.sitemaps.append("https://evil.example/")
    assert robots.sitemaps == ["https://example.com/a.xml"]


# ------------------------------------------------------------------------------------------- skipped lines


@pytest.mark.parametrize(
    ("line", "skipped"),
    [
        ("this is not a record", 1),
        ("Disallow /a /b", 1),
        (": /x", 1),
        ("/x", 1),
        ("Disallow: relative", 1),
        ("User-agent:", 1),
        ("Crawl-delay: soon", 1),
        ("Sitemap:", 1),
        ("Host: example.com", 0),
        ("Request-rate: 1/5", 0),
        ("Disallow:", 0),
        ("# comment", 0),
        ("   ", 0),
    ],
    ids=["words", "two-values", "no-key", "value-only", "relative-pattern", "empty-user-agent",
         "bad-crawl-delay", "empty-sitemap", "unknown-host", "unknown-request-rate", "empty-disallow",
         "comment", "blank"],
)
def test_skipped_lines_count_malformed_lines_only(line: str, skipped: int) -> None:
    assert Robots.parse(f"User-agent: *\n{line}\nDisallow: /x\n").skipped_lines == skipped


def test_decision_is_a_frozen_slotted_value() -> None:
    d = decide("User-agent: *\nDisallow: /x\n", "/x")
    assert d == Decision(allowed=False, rule="Disallow: /x", group="*", line=2)
    with pytest.raises(AttributeError):
        d.allowed = True  # type: ignore[misc]
    assert not hasattr(d, "__dict__")


def test_rule_is_shown_with_canonical_key_and_pattern_as_written() -> None:
    d = decide("user-agent: *\ndisallow:/x%7e*$   # comment\n", "/x~y")
    assert d.rule == "Disallow: /x%7e*$"
    assert decide("User-agent: *\nALLOW /a\nDisallow: /\n", "/a").rule == "Allow: /a"


def test_group_for_and_agents() -> None:
    robots = Robots.parse(AGENTS)
    assert robots.agents == ("*", "movabot", "movabotx")
    assert robots.group_for(BOT) == "movabot"
    assert robots.group_for("Nobody") == "*"
    assert Robots.parse("").group_for(BOT) is None


def test_many_agents_sharing_many_rules_compile_only_the_asked_group() -> None:
    # Thousands of user-agent lines over thousands of rules: compiling every agent up front would be quadratic.
    names = "".join(f"User-agent: a{i}\n" for i in range(4000))
    rules = "".join(f"Disallow: /{i}*x\n" for i in range(8000))
    robots = Robots.parse(names + rules)
    assert robots.decide("a5", "/123/ax") == Decision(allowed=False, rule="Disallow: /123*x", group="a5", line=4124)
    assert robots.decide("a5", "/123/ay").allowed is True
    assert robots.decide(BOT, "/123/ax") == Decision(allowed=True, rule=None, group=None, line=None)
    assert len(robots.agents) == 4000
    assert len(robots._for_agent) == 2  # only the two agents asked about were looked up


def test_one_compiled_group_serves_every_spelling_of_an_agent() -> None:
    robots = Robots.parse("User-agent: MovaBot\nDisallow: /x\n")
    first = robots._group_for("MovaBot")
    assert robots._group_for("movabot/2.0 (+https://example.invalid/)") is first
    assert robots.decide("MOVABOT", "/x").group == "movabot"


PREFIX_TRAP = "User-agent: *\nDisallow: /a*xxxxxxxx\nAllow: /ab\n"


def test_a_longer_pattern_behind_a_shorter_literal_prefix_still_wins() -> None:
    # "/ab" has the longer literal prefix, but "/a*xxxxxxxx" is the longer pattern: it decides.
    assert decide(PREFIX_TRAP, "/abxxxxxxxx") == Decision(False, "Disallow: /a*xxxxxxxx", "*", 2)
    assert decide(PREFIX_TRAP, "/abyyyyyyyy") == Decision(True, "Allow: /ab", "*", 3)


def test_control_stopping_at_the_longest_literal_prefix_gets_the_trap_wrong() -> None:
    # The tempting shortcut (the deepest prefix bucket that matches decides) answers the trap wrongly,
    # so the test above does catch a pre-filter that stops too early.
    rules = [("/a*xxxxxxxx", False), ("/ab", True)]

    def shortcut(target: str) -> bool:
        by_prefix = sorted(rules, key=lambda rule: len(rule[0].split("*")[0]), reverse=True)
        for pattern, allow in by_prefix:
            head, _, rest = pattern.partition("*")
            if target.startswith(head) and rest in target[len(head):]:
                return allow
        return True

    assert shortcut("/abxxxxxxxx") is True  # wrong: the longer Disallow should win
    assert decide(PREFIX_TRAP, "/abxxxxxxxx").allowed is False


def test_public_surface_is_pinned() -> None:
    import seaspider.web.robots as robots_module
    import seaspider.web.robots_match as match_module

    assert robots_module.__all__ == ["MAX_ROBOTS_BYTES", "Decision", "Robots"]
    assert match_module.__all__ == [
        "Entry", "Pattern", "RuleSet", "compile_pattern", "normalize_bytes", "normalize_target", "request_target"
    ]
    assert MAX_ROBOTS_BYTES == 512_000


@pytest.mark.parametrize("length", [10, 1_000, 1_000_000], ids=["short", "long", "million"])
def test_pathological_pattern_against_long_paths_is_decided(length: int) -> None:
    # A backtracking translation (/.*a.*a.*a.*a.*a.*a.*a.*b) needs about length**7 steps here; ours scans once.
    robots = Robots.parse("User-agent: *\nDisallow: /*a*a*a*a*a*a*a*b\n")
    assert robots.decide(BOT, "/" + "a" * length).allowed is True
    assert robots.decide(BOT, "/" + "a" * length + "b").allowed is False
