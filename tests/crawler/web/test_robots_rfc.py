"""robots.txt: RFC 9309's worked examples (section 5), property tests against oracles, and the fixture corpus."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seaspider.web.robots import Decision, Robots
from seaspider.web.robots_match import Entry, RuleSet, compile_pattern, normalize_target, request_target

FIXTURES = Path(__file__).parent / "fixtures" / "robots"
CORPUS = sorted(path for path in FIXTURES.iterdir() if path.is_file())

# ------------------------------------------------------------------------------ RFC 9309 5.1 and 5.2

RFC_5_1 = """\
User-Agent: *
Disallow: *.gif$
Disallow: /example/
Allow: /publications/

User-Agent: foobot
Disallow:/
Allow:/example/page.html
Allow:/example/allowed.gif

User-Agent: barbot
User-Agent: bazbot
Disallow: /example/page.html

User-Agent: quxbot

EOF
"""


@pytest.mark.parametrize(
    ("agent", "url", "expected", "group", "line"),
    [
        ("foobot", "/example/page.html", True, "foobot", 8),
        ("foobot", "/example/allowed.gif", True, "foobot", 9),
        ("foobot", "/example/other.html", False, "foobot", 7),
        ("foobot", "/", False, "foobot", 7),
        ("barbot", "/example/page.html", False, "barbot", 13),
        ("bazbot", "/example/page.html", False, "bazbot", 13),
        ("barbot", "/example/other.html", True, "barbot", None),
        ("barbot", "/picture.gif", True, "barbot", None),
        ("quxbot", "/example/page.html", True, "quxbot", None),
        ("quxbot", "/picture.gif", True, "quxbot", None),
        ("otherbot", "/picture.gif", False, "*", 2),
        ("otherbot", "/example/page.html", False, "*", 3),
        ("otherbot", "/publications/report.html", True, "*", 4),
        ("otherbot", "/publications/figure.gif", True, "*", 4),
        ("otherbot", "/picture.gif?size=2", True, "*", None),
        ("otherbot", "/about.html", True, "*", None),
    ],
    ids=[
        "foobot-allowed-page", "foobot-allowed-gif", "foobot-other-page", "foobot-root",
        "barbot-page", "bazbot-page", "barbot-other-page", "barbot-gif-not-star-rules",
        "quxbot-empty-group-page", "quxbot-empty-group-gif",
        "star-gif", "star-example", "star-publications", "star-publications-beats-gif-by-length",
        "star-gif-anchor-query", "star-unmatched",
    ],
)
def test_rfc_5_1_simple_example(agent: str, url: str, expected: bool, group: str, line: int | None) -> None:
    d = Robots.parse(RFC_5_1).decide(agent, "https://www.example.com" + url)
    assert (d.allowed, d.group, d.line) == (expected, group, line)


def test_rfc_5_1_eof_line_is_malformed_and_counted() -> None:
    assert Robots.parse(RFC_5_1).skipped_lines == 1


RFC_5_2 = """\
User-Agent: foobot
Allow: /example/page/
Disallow: /example/page/disallowed.gif
"""


@pytest.mark.parametrize(
    ("url", "expected", "rule"),
    [
        ("/example/page/", True, "Allow: /example/page/"),
        ("/example/page/allowed.gif", True, "Allow: /example/page/"),
        ("/example/page/disallowed.gif", False, "Disallow: /example/page/disallowed.gif"),
        ("/example/", True, None),
    ],
    ids=["allowed-folder", "allowed-file", "longer-disallow-wins", "outside-both"],
)
def test_rfc_5_2_longest_match(url: str, expected: bool, rule: str | None) -> None:
    d = Robots.parse(RFC_5_2).decide("foobot", url)
    assert (d.allowed, d.rule) == (expected, rule)


def test_rfc_5_2_control_without_longest_match_gets_it_wrong() -> None:
    broken = Robots.parse(RFC_5_2, _longest_wins=False)
    assert broken.decide("foobot", "/example/page/disallowed.gif").allowed is True  # the wrong answer


def test_rfc_2_2_1_merged_groups_example() -> None:
    body = "user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n"
    robots = Robots.parse(body)
    for path in ("/foo", "/bar", "/baz"):
        assert robots.decide("ExampleBot", path).allowed is False
    assert robots.decide("ExampleBot", "/qux").allowed is True


# ------------------------------------------------------------------------------------ property tests

_SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_SETTINGS
@given(body=st.binary(max_size=2000), url=st.text(max_size=200))
def test_decide_never_raises_on_arbitrary_bytes_and_text(body: bytes, url: str) -> None:
    robots = Robots.parse(body)
    d = robots.decide("MovaBot", url)
    assert isinstance(d, Decision) and isinstance(d.allowed, bool)
    assert (d.rule is None) == (d.line is None)
    assert robots.skipped_lines >= 0
    robots.crawl_delay("MovaBot")
    assert all(isinstance(sitemap, str) for sitemap in robots.sitemaps)


_KEYS = st.sampled_from(
    ["User-agent", "user-agent", "USER-AGENT", "Allow", "Disallow", "disallow", "Crawl-delay", "Sitemap", "Host",
     "Disalow", "useragent", ""]
)
_VALUES = st.one_of(
    st.sampled_from(["*", "MovaBot", "movabot/1.0", "MovaBotX", "/", "/a", "/a*", "/*b$", "*", "$", "5", "0.5",
                     "", "/%7E", "/~", "/%2F", "/a$b"]),
    st.text(alphabet="/ab*$%2F7E?=&~ \t#:", max_size=12),
)
_LINES = st.tuples(_KEYS, st.sampled_from([":", ": ", " ", "\t:\t", ""]), _VALUES).map("".join)
_ROBOTS_TEXT = st.lists(_LINES, max_size=25).flatmap(
    lambda lines: st.sampled_from(["\n", "\r\n", "\r"]).map(lambda eol: eol.join(lines))
)


@_SETTINGS
@given(body=_ROBOTS_TEXT, url=st.text(alphabet="/ab*$%2F7E?=&~#", max_size=16))
def test_decide_never_raises_on_robots_like_text(body: str, url: str) -> None:
    robots = Robots.parse(body)
    for agent in ("MovaBot", "Other", "*"):
        d = robots.decide(agent, url)
        assert (d.rule is None) == (d.line is None)
        if d.line is not None:
            # The deciding line exists and holds the rule's pattern as written.
            line = re.split(r"\r\n|\r|\n", body)[d.line - 1]
            assert d.rule is not None and d.rule.split(": ", 1)[1] in line


def _oracle_matches(pattern: str, target: str) -> bool:
    """A regex translation of an already-normalised pattern: the obvious (backtracking) reading of RFC 9309."""
    anchored = pattern.endswith("$")
    body = pattern[:-1] if anchored else pattern
    regex = ".*".join(re.escape(part) for part in body.split("*")) + ("$" if anchored else "")
    return re.match(regex, target, re.DOTALL) is not None


@_SETTINGS
@given(pattern=st.text(alphabet="/ab*$", min_size=1, max_size=10), target=st.text(alphabet="/ab", max_size=12))
def test_linear_matcher_agrees_with_a_regex_oracle(pattern: str, target: str) -> None:
    compiled = compile_pattern(pattern.encode())
    target = "/" + target
    if compiled is None:
        assert not pattern.startswith(("/", "*"))
        return
    # A "$" that is not last is a literal, compared as %24; the oracle sees the same text.
    oracle_pattern = pattern[:-1].replace("$", "%24") + pattern[-1] if pattern.endswith("$") else pattern.replace(
        "$", "%24"
    )
    assert compiled.matches(target) is _oracle_matches(oracle_pattern, target)


_PATTERNS = st.text(alphabet="/abc*$", min_size=1, max_size=8).map(lambda text: "/" + text)


@_SETTINGS
@given(
    patterns=st.lists(st.tuples(_PATTERNS, st.booleans()), max_size=30),
    targets=st.lists(st.text(alphabet="/abc", max_size=10).map(lambda text: "/" + text), max_size=10),
)
def test_bucketed_rule_set_agrees_with_brute_force(patterns: list[tuple[str, bool]], targets: list[str]) -> None:
    entries = []
    for index, (pattern, allow) in enumerate(patterns):
        compiled = compile_pattern(pattern.encode())
        assert compiled is not None
        entries.append(Entry(rank=(len(pattern) * 2 + allow) * 1000 - index, pattern=compiled, payload=index))
    rules = RuleSet(entries)
    for target in targets:
        assert rules.best(target) == rules.brute_force(target)


@_SETTINGS
@given(text=st.text(max_size=40))
def test_normalisation_is_idempotent(text: str) -> None:
    once = normalize_target(request_target(text))
    assert once.startswith("/")
    assert normalize_target(once) == once
    assert once.isascii()


# ------------------------------------------------------------------------------------- fixture corpus

CORPUS_URLS = [
    "/", "/robots.txt", "/x", "/x%00y", "/after-junk", "/caf%E9/", "/caf%E9/carte", "/%C3%BCber-uns/intern",
    "/news/archive/2005/3/print", "/electronics/c/1?sort=price", "/user/12/orders", "/user/12/public",
    "/only-for-7/", "/" + "x" * 20001, "/" + "x/" * 5000, "/" + "a" * 5000, "/a$b", "/a%24b",
    "/typo-disallow", "/no-space", "/no-colon", "/two", "https://www.megamart.example/search?q=a&category=b",
]
AGENTS = ["MovaBot", "movabot/9.9", "Googlebot", "bot007", "GPTBot", "SomeBot", "*"]


@pytest.mark.parametrize("path", CORPUS, ids=[path.name for path in CORPUS])
def test_corpus_parses_and_decides_without_raising(path: Path) -> None:
    body = path.read_bytes()
    robots = Robots.parse(body)
    lines = re.split(rb"\r\n|\r|\n", body)
    for agent in AGENTS:
        robots.crawl_delay(agent)
        for url in CORPUS_URLS:
            d = robots.decide(agent, url)
            if d.line is not None:
                # The deciding line holds the rule's pattern as written.
                assert d.rule is not None
                assert d.rule.split(": ", 1)[1] in lines[d.line - 1].decode("utf-8", "replace")
    # Decisions agree with the brute-force oracle for every group.
    for agent in robots.agents:
        group = robots._group_for(agent)
        assert group is not None
        for url in CORPUS_URLS:
            target = normalize_target(request_target(url))
            assert group.rules.best(target) == group.rules.brute_force(target)


CORPUS_EXPECTED = [
    ("big_site.txt", "MovaBot", "https://www.megamart.example/electronics/p/1-tv.html", True),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/checkout/step1", False),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/api/public/v1", True),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/api/private/v1", False),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/static/app.js", True),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/static/app.json", False),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/news/2024/01/story", True),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/news/archive/2005/3/print", False),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/news/x/comments/top", True),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/news/x/comments/all", False),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/~staff/list", False),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/l%C3%B6sungen/intern/x", False),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/l\u00f6sungen/public", True),
    ("big_site.txt", "MovaBot", "https://www.megamart.example/odd*name", False),
    ("big_site.txt", "GPTBot", "https://www.megamart.example/electronics/", False),
    ("big_site.txt", "Googlebot", "https://www.megamart.example/static/app.json", True),
    ("big_site.txt", "Googlebot", "https://www.megamart.example/search?q=tv&category=b", True),
    ("big_site.txt", "Googlebot", "https://www.megamart.example/search?q=tv", False),
    ("odd_syntax.txt", "MovaBot", "/typo-disallow", False),
    ("odd_syntax.txt", "MovaBot", "/no-space", False),
    ("odd_syntax.txt", "MovaBot", "/no-colon", True),
    ("odd_syntax.txt", "MovaBot", "/before-any-group", True),
    ("odd_syntax.txt", "Other", "/anything", False),
    ("odd_syntax.txt", "Other", "/", True),
    ("latin1.txt", "MovaBot", "/caf%E9/menu", False),
    ("latin1.txt", "MovaBot", "/caf%E9/carte", True),
    ("latin1.txt", "MovaBot", "/%FCber-uns/intern/x", False),
    ("latin1.txt", "MovaBot", "/%C3%BCber-uns/intern/x", True),
    ("utf16_bom.txt", "MovaBot", "/anything", True),
    ("html_page.txt", "MovaBot", "/anything", True),
    ("binary_junk.bin", "MovaBot", "/x%00y", False),
    ("binary_junk.bin", "MovaBot", "/after-junk", False),
    ("many_groups_long_lines.txt", "bot007", "/only-for-7/a", False),
    ("many_groups_long_lines.txt", "bot007", "/only-for-8/a", True),
    ("many_groups_long_lines.txt", "MovaBot", "/" + "x" * 20000, False),
    ("many_groups_long_lines.txt", "MovaBot", "/" + "x/" * 5000, True),
    ("pathological.txt", "MovaBot", "/" + "a" * 5000, True),
    ("pathological.txt", "MovaBot", "/" + "a" * 50 + "b", False),
]


@pytest.mark.parametrize(
    ("name", "agent", "url", "expected"),
    CORPUS_EXPECTED,
    ids=[f"{name}-{agent}-{index}" for index, (name, agent, _url, _expected) in enumerate(CORPUS_EXPECTED)],
)
def test_corpus_decisions(name: str, agent: str, url: str, expected: bool) -> None:
    assert Robots.parse((FIXTURES / name).read_bytes()).decide(agent, url).allowed is expected


def test_big_site_has_over_200_rules_and_its_sitemaps() -> None:
    robots = Robots.parse((FIXTURES / "big_site.txt").read_bytes())
    group = robots._group_for("MovaBot")
    assert group is not None and group.rules.size >= 200
    assert robots.crawl_delay("MovaBot") == 5.0
    assert robots.crawl_delay("Googlebot") is None
    assert len(robots.sitemaps) == 4
    assert robots.skipped_lines == 0


def test_odd_syntax_counts_its_malformed_lines() -> None:
    robots = Robots.parse((FIXTURES / "odd_syntax.txt").read_bytes())
    # "Disallow: /before-any-group", "Disallow /two values", "just some words"
    assert robots.skipped_lines == 3
    assert robots.crawl_delay("MovaBot") == 2.5
    assert robots.sitemaps == ["https://example.com/s.xml"]
