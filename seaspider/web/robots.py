"""robots.txt per RFC 9309: parse a body once, then decide URLs for a product token and explain why.

Pure logic: bytes or text in, `Decision` values out. Fetching robots.txt and HTTP status handling live
in the fetcher; this module never opens a file or a socket and never reads the clock.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from seaspider.web.robots_match import RuleSet, normalize_target, request_target

__all__ = ["MAX_ROBOTS_BYTES", "Decision", "Robots"]

# RFC 9309 2.5: crawlers must parse at least 500 KiB; the specification fixes exactly this many bytes.
MAX_ROBOTS_BYTES = 512_000

_BOM = b"\xef\xbb\xbf"
_WS = b" \t\x0b\x0c"

_USER_AGENT, _ALLOW, _DISALLOW, _CRAWL_DELAY, _SITEMAP = "user-agent", "allow", "disallow", "crawl-delay", "sitemap"
# Keys compared lower-case. Besides RFC 9309's own, the common misspellings Google's parser accepts: each
# only ever makes us stricter (a misspelt Disallow still disallows, a misspelt user-agent still opens a group).
_KEYS = {
    b"user-agent": _USER_AGENT,
    b"useragent": _USER_AGENT,
    b"user agent": _USER_AGENT,
    b"allow": _ALLOW,
    b"disallow": _DISALLOW,
    b"dissallow": _DISALLOW,
    b"dissalow": _DISALLOW,
    b"disalow": _DISALLOW,
    b"diasllow": _DISALLOW,
    b"disallaw": _DISALLOW,
    b"crawl-delay": _CRAWL_DELAY,
    b"crawldelay": _CRAWL_DELAY,
    b"sitemap": _SITEMAP,
    b"site-map": _SITEMAP,
}
# An unknown record ("Host:", "Clean-param:") is ignored without counting it as malformed (RFC 9309 2.2.4).
_OTHER_KEY = re.compile(rb"[A-Za-z0-9_-]+(?:[ \t]+[A-Za-z0-9_-]+)*")
# The lines worth a look in Python, searched in the lower-cased text (re's IGNORECASE is three times slower):
# a line start, optional blanks, a known key, then a blank or a colon. Group 1 is the key, group 2 the colon
# (or nothing), group 3 the rest of the line before any comment, blanks before it skipped. Searching for
# "\n" rather than a MULTILINE "^" lets re skip ahead quickly.
_CANDIDATE = re.compile(
    rb"\n[ \t\x0b\x0c]*(" + b"|".join(re.escape(key) for key in sorted(_KEYS, key=len, reverse=True))
    + rb")(?=[ \t\x0b\x0c:])[ \t\x0b\x0c]*(:?)[ \t\x0b\x0c]*([^\n#]*)"
)
# Every line with something besides blanks and a comment; group 1 is set when it is shaped "Key:" with a
# well-formed key (known or not), which is never counted as malformed (RFC 9309 2.2.4: other records).
_KEY_SHAPE = rb"[A-Za-z0-9_-]+(?:[ \t]+[A-Za-z0-9_-]+)*[ \t\x0b\x0c]*:"
_LINE_SHAPES = re.compile(rb"\n[ \t\x0b\x0c]*(?:(" + _KEY_SHAPE + rb")|[^ \t\x0b\x0c#\n])")
_KEY_SHAPED = re.compile(_KEY_SHAPE)
_PATTERN_STARTS = (b"/", b"*")
_CASE_KEPT = frozenset({_ALLOW, _DISALLOW, _SITEMAP})
# RFC 9309 2.2.1: a product token is letters, "_" and "-"; a file's "MovaBot/1.0" names MovaBot. Digits are
# kept in the name so that "MovaBot2" stays a different robot rather than a prefix of ours.
_NAME = re.compile(rb"[A-Za-z0-9_-]*")
_AGENT_NAME = re.compile(r"[A-Za-z0-9_-]*")
_NAME_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-"
_DELAY = re.compile(rb"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
_STAR = "*"
# Ranks pack (pattern length, Allow-wins-tie bit, earlier line) into one int. 512000 bytes hold at most
# 512001 lines, below 2**21, so the line never spills into the bits above it.
_LINE_BITS = 21


@dataclass(frozen=True, slots=True)
class Decision:
    """Whether a URL may be fetched, and why: the deciding rule as written, its group and its line."""

    allowed: bool
    rule: str | None  # "Disallow: /x*"; None when no rule matched
    group: str | None  # "movabot" or "*"; None when no group applied
    line: int | None  # 1-based line of the deciding rule in the file


# One rule as written: (is Allow, pattern octets, 1-based line). A plain tuple: a hostile file holds tens of
# thousands, and a dataclass per rule would double the parse time.
_Rule = tuple[bool, bytes, int]
# A rule and the number of the group (block of user-agent lines and records) it was written in. The parse
# keeps one flat list of these and, per agent name, the numbers of the groups naming it: no container per
# group, since a hostile file opens tens of thousands of groups (and a list of names per group, searched
# once per user-agent line, made 27,500 names quadratic).
_PlacedRule = tuple[bool, bytes, int, int]


@dataclass(frozen=True, slots=True)
class _Group:
    """All blocks naming one agent, merged and compiled. A rule's `Decision` is made the first time it decides."""

    name: str
    rules: RuleSet[int]  # payload: the index of the rule in `written`
    written: tuple[_Rule, ...]
    decisions: list[Decision | None]  # by rule index; filled on first use, so compiling allocates none
    nothing_matched: Decision

    def decision(self, index: int) -> Decision:
        """The prepared decision of rule `index` (made once)."""
        made = self.decisions[index]
        if made is None:
            allow, raw, line = self.written[index]
            text = ("Allow: " if allow else "Disallow: ") + raw.decode("utf-8", "replace")
            made = self.decisions[index] = Decision(allowed=allow, rule=text, group=self.name, line=line)
        return made


@dataclass(frozen=True, slots=True)
class _Options:
    """Parsing and matching switches; only tests turn them off, to show the tests would catch the broken variant."""

    allow_wins_tie: bool = True
    longest_wins: bool = True
    drop_cut_line: bool = True  # off: a body exactly at the cap is read as complete, its cut last line kept


class Robots:
    """A parsed robots.txt: `decide` a URL for a product token, read `crawl_delay` and `sitemaps`.

    Build it with `Robots.parse(body)`. The group that applies to an agent is merged and compiled once, the
    first time that agent is asked about, and kept; `decide` then builds no pattern and allocates no
    decision (they are prepared per rule), so it can be called for every URL of a crawl. Compiling per
    asked agent rather than for every agent in the file keeps a hostile file (thousands of user-agent
    lines sharing thousands of rules) linear instead of quadratic.
    """

    __slots__ = (
        "_rules", "_blocks_by_name", "_delays_s", "_sitemaps", "_skipped_lines", "_truncated", "_options",
        "_for_agent",
    )

    def __init__(
        self,
        blocks_by_name: dict[str, list[int]],
        rules: list[_PlacedRule],
        block_delays_s: dict[int, float],
        sitemaps: tuple[str, ...],
        skipped_lines: int,
        truncated: bool,
        options: _Options,
    ) -> None:
        self._rules = rules
        self._blocks_by_name = blocks_by_name
        # The largest Crawl-delay of all the groups naming an agent (None when none of them has one).
        delays_s: dict[str, float | None] = dict.fromkeys(blocks_by_name)
        if block_delays_s:
            for name, blocks in blocks_by_name.items():
                found = [block_delays_s[block] for block in blocks if block in block_delays_s]
                delays_s[name] = max(found) if found else None
        self._delays_s = delays_s
        self._sitemaps = sitemaps
        self._skipped_lines = skipped_lines
        self._truncated = truncated
        self._options = options
        self._for_agent: dict[str, _Group | None] = {}

    @classmethod
    def parse(
        cls,
        body: bytes | bytearray | memoryview | str,
        *,
        _allow_wins_tie: bool = True,
        _longest_wins: bool = True,
        _drop_cut_line: bool = True,
    ) -> Robots:
        """Parse at most MAX_ROBOTS_BYTES of a robots.txt body (bytes, or text read as UTF-8); never raises on content.

        A body of MAX_ROBOTS_BYTES or more is taken as cut there, and its partial last line is dropped.
        `_allow_wins_tie`, `_longest_wins` and `_drop_cut_line` exist only so tests can break those rules on purpose.
        """
        if isinstance(body, str):
            data = body.encode("utf-8", "surrogatepass")
        elif isinstance(body, bytes | bytearray | memoryview):
            data = bytes(body)
        else:
            raise TypeError(f"robots.txt body must be bytes or str, not {type(body).__name__}")
        options = _Options(allow_wins_tie=_allow_wins_tie, longest_wins=_longest_wins, drop_cut_line=_drop_cut_line)
        return _parse(data, options)

    def decide(self, agent: str, url: str) -> Decision:
        """Decide `url` (absolute URL, or path with optional query) for the robot named by `agent`."""
        try:
            group = self._for_agent[agent]
        except KeyError:
            group = self._compile_for(agent)
        target = normalize_target(request_target(url))
        if target == "/robots.txt":
            # RFC 9309 2.2.2: the robots.txt URI is implicitly allowed.
            return Decision(allowed=True, rule=None, group=None if group is None else group.name, line=None)
        if group is None:
            return _NO_GROUP
        found = group.rules.best(target)
        if found is None:
            return group.nothing_matched
        made = group.decisions[found]  # the hot path: a list lookup, no call once the rule has decided before
        return made if made is not None else group.decision(found)

    def crawl_delay(self, agent: str) -> float | None:
        """The largest valid Crawl-delay (seconds) of the groups that apply to `agent`, or None."""
        name = self.group_for(agent)
        return None if name is None else self._delays_s[name]

    def group_for(self, agent: str) -> str | None:
        """The name of the group that applies to `agent` ("movabot", "*"), or None when none does."""
        name = _agent_token(agent)
        if name in self._blocks_by_name:
            return name
        # RFC 9309 2.2.1: no group names the token, so the "*" groups apply (if any).
        return _STAR if _STAR in self._blocks_by_name else None

    @property
    def sitemaps(self) -> list[str]:
        """Sitemap URLs in file order, as written, without duplicates."""
        return list(self._sitemaps)

    @property
    def skipped_lines(self) -> int:
        """How many lines were skipped as malformed (unknown records and blank lines are not counted)."""
        return self._skipped_lines

    @property
    def truncated(self) -> bool:
        """True when the body reached MAX_ROBOTS_BYTES, so only its start (up to the last whole line) was parsed."""
        return self._truncated

    @property
    def agents(self) -> tuple[str, ...]:
        """The agent names that have a group, sorted ("*" included when present)."""
        return tuple(sorted(self._blocks_by_name))

    def _compile_for(self, agent: str) -> _Group | None:
        """Merge and compile the group that applies to `agent`, once; later calls find it in `_for_agent`."""
        name = self.group_for(agent)
        group = None
        for other in self._for_agent.values():
            if other is not None and other.name == name:
                group = other  # "MovaBot" and "movabot/1.0" share one compiled group
                break
        if group is None and name is not None:
            wanted = set(self._blocks_by_name[name])
            rules = [(allow, raw, line) for allow, raw, line, block in self._rules if block in wanted]
            group = _compile(name, rules, self._options)
        self._for_agent[agent] = group
        return group

    def _group_for(self, agent: str) -> _Group | None:
        """The compiled group for `agent` (tests use it to reach the rule set)."""
        try:
            return self._for_agent[agent]
        except KeyError:
            return self._compile_for(agent)


_NO_GROUP = Decision(allowed=True, rule=None, group=None, line=None)


@lru_cache(maxsize=64)
def _agent_token(agent: str) -> str:
    """The lower-case product token at the start of `agent` ("MovaBot/0.1 (+url)" gives "movabot")."""
    if not isinstance(agent, str):
        raise TypeError(f"agent must be str, not {type(agent).__name__}")
    text = agent.strip()
    if text == _STAR:
        return _STAR
    name = _AGENT_NAME.match(text)
    if name is None or not name.group():
        raise ValueError(f"agent {agent!r} does not start with a product token")
    return name.group().lower()


def _split_record(line: bytes) -> tuple[str | None, bytes, bool]:
    """(known key or None, value, is well formed) of a stripped, comment-free, non-empty line."""
    colon = line.find(b":")
    key = b""
    if colon >= 0:
        key = line[:colon].strip(_WS).lower()
        kind = _KEYS.get(key)
        if kind is not None:
            return kind, line[colon + 1:].strip(_WS), True
    # A forgotten colon ("Disallow /tmp") is accepted when the line is exactly a key and one value.
    parts = line.split(None, 1)
    if len(parts) == 2 and (kind := _KEYS.get(parts[0].lower())) is not None:
        value = parts[1].strip(_WS)
        if not any(space in value for space in _WS):
            return kind, value, True
    if colon > 0 and _OTHER_KEY.fullmatch(key):
        return None, b"", True
    return None, b"", False


def _cut_at_cap(data: bytes, options: _Options) -> tuple[bytes, bool, int]:
    """(the bytes to parse, whether the body was cut, 1 if a cut line was dropped else 0).

    A body AT the cap counts as cut: the fetcher reads exactly MAX_ROBOTS_BYTES, so a file of that size
    may well have gone on. RFC 9309 2.5: the rules before the cut apply; a line cut in half is not a rule
    (a cut "Allow: /public/page.html" would read "Allow: /" and open the whole site).
    """
    at_cap = len(data) >= MAX_ROBOTS_BYTES if options.drop_cut_line else len(data) > MAX_ROBOTS_BYTES
    if not at_cap:
        return data, False, 0
    data = data[:MAX_ROBOTS_BYTES]
    last_eol = max(data.rfind(b"\n"), data.rfind(b"\r"))
    dropped = 1 if data[last_eol + 1:].strip(_WS) else 0
    return data[: last_eol + 1], True, dropped


def _parse(data: bytes, options: _Options) -> Robots:
    data, truncated, skipped = _cut_at_cap(data, options)
    if data.startswith(_BOM):
        data = data[len(_BOM):]
    # One line ending, and one before the first line, so every line starts after a "\n" (re's ^ knows no "\r").
    text = b"\n" + data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
    lower = text.lower()  # same length: a span in `lower` is the same span in `text`

    blocks_by_name: dict[str, list[int]] = {}  # agent name -> numbers of the groups naming it, ascending
    rules: list[_PlacedRule] = []
    block_delays_s: dict[int, float] = {}
    block = -1  # the number of the current group; -1 before the first user-agent line
    in_records = False  # a record since the last user-agent line: the next user-agent line opens a new group
    sitemaps: dict[str, None] = {}
    # Only lines that start with a known key reach Python; every other line is classified and counted by
    # the regular expressions in C. That keeps a hostile 500 KiB file of any shape linear and quick.
    line_no, counted_to, candidates, candidates_key_shaped = 0, 0, 0, 0
    for match in _CANDIDATE.finditer(lower):
        candidates += 1
        key, colon, value = match.groups()
        if colon:
            # The common shape "Key: value", decided here; the rest go through the general reader.
            candidates_key_shaped += 1
            kind: str | None = _KEYS[key]
            if kind in _CASE_KEPT:  # patterns and URLs are case-sensitive: take them from the text as written
                value = text[match.start(3):match.end(3)]
            value = value.rstrip(_WS)
        else:
            line = text[match.start(1):match.end(3)].strip(_WS)
            if _KEY_SHAPED.match(line):
                candidates_key_shaped += 1
            kind, value, well_formed = _split_record(line)
            if not well_formed:
                skipped += 1
                continue
        if kind is None:
            continue
        if kind == _SITEMAP:
            # RFC 9309 2.2.4: sitemaps are other records; they stand outside groups.
            if value:
                sitemaps.setdefault(value.decode("utf-8", "replace"), None)
            else:
                skipped += 1
            continue
        if kind == _USER_AGENT:
            if block < 0 or in_records:
                block += 1
                in_records = False
            name = _file_agent_name(value)
            if name is None:
                skipped += 1
                continue
            numbers = blocks_by_name.get(name)
            if numbers is None:
                blocks_by_name[name] = [block]
            elif numbers[-1] != block:  # ascending, so a repeat within one group is the last entry
                numbers.append(block)
            continue
        if block < 0:
            skipped += 1  # RFC 9309 2.1: records before any user-agent line belong to no group
            continue
        in_records = True
        if kind == _CRAWL_DELAY:
            delay = _delay_s(value)
            if delay is None:
                skipped += 1
            else:
                block_delays_s[block] = max(delay, block_delays_s.get(block, delay))
            continue
        if not value:
            continue  # RFC 9309 2.2.2: an empty pattern matches nothing ("Disallow:" allows everything)
        if value[:1] not in _PATTERN_STARTS:
            skipped += 1  # a pattern must start at the path's first octet ("/") or with "*"; this never matches
            continue
        # Line numbers are counted only up to rules, the one record whose line a decision names.
        start = match.start() + 1
        line_no += text.count(b"\n", counted_to, start)
        counted_to = start
        rules.append((kind == _ALLOW, value, line_no, block))
    # Every other line with content is malformed unless it is an unknown "Key: value" record.
    shapes = _LINE_SHAPES.findall(text)
    others = len(shapes) - candidates
    others_key_shaped = len(shapes) - shapes.count(b"") - candidates_key_shaped
    skipped += others - others_key_shaped
    return Robots(blocks_by_name, rules, block_delays_s, tuple(sitemaps), skipped, truncated, options)


def _file_agent_name(value: bytes) -> str | None:
    """The lower-case name a user-agent line gives ("*" for the catch-all), or None when it names none."""
    if value == b"*" or (value.startswith(b"*") and value[1:2] in (b" ", b"\t")):
        return _STAR
    if value and not value.translate(None, _NAME_BYTES):
        return value.decode("ascii").lower()  # the whole value is the name: no pattern match needed
    name = _NAME.match(value)
    if name is None or not name.group():
        return None
    return name.group().decode("ascii").lower()


def _delay_s(value: bytes) -> float | None:
    """A Crawl-delay in seconds: a non-negative decimal; anything else is invalid (None)."""
    if not _DELAY.fullmatch(value):
        return None
    delay = float(value)
    return delay if math.isfinite(delay) else None


def _compile(name: str, rules: list[_Rule], options: _Options) -> _Group:
    """One agent's merged rules (RFC 9309 2.2.1), compiled once; decisions are made when first needed."""
    written: list[_Rule] = []
    seen: set[tuple[bool, bytes]] = set()
    for rule in sorted(rules, key=_by_line):
        allow, raw, _line = rule
        if (allow, raw) not in seen:  # a repeat matches the same paths with a lower rank: it never decides
            seen.add((allow, raw))
            written.append(rule)
    ruleset = RuleSet.from_raw(tuple([(_rank(allow, raw, line, options), raw, index) for index, (allow, raw, line) in enumerate(written)]))
    return _Group(
        name=name,
        rules=ruleset,
        written=tuple(written),
        decisions=[None] * len(written),
        nothing_matched=Decision(allowed=True, rule=None, group=name, line=None),
    )


def _by_line(rule: _Rule) -> int:
    return rule[2]


def _rank(allow: bool, raw: bytes, line: int, options: _Options) -> int:
    """Higher wins. RFC 9309 2.2.2: the longest pattern (octets as written) wins; Allow wins a tie."""
    earlier = (1 << _LINE_BITS) - 1 - line  # among exact equals, the first in the file explains it
    if not options.longest_wins:
        return earlier  # the broken variant for negative controls: the first matching rule wins
    tie_bit = int(allow if options.allow_wins_tie else not allow)
    return ((len(raw) * 2 + tie_bit) << _LINE_BITS) | earlier
