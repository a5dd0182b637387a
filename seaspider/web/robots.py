"""robots.txt per RFC 9309: parse a body once, then decide URLs for a product token and explain why.

Pure logic: bytes or text in, `Decision` values out. Fetching robots.txt and HTTP status handling live
in the fetcher; this module never opens a file or a socket and never reads the clock.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from functools import lru_cache

from seaspider.web.robots_match import Entry, Pattern, RuleSet, compile_pattern, normalize_target, request_target

__all__ = ["MAX_ROBOTS_BYTES", "Decision", "Robots"]

# RFC 9309 2.5: crawlers must parse at least 500 KiB; the specification fixes exactly this many bytes.
MAX_ROBOTS_BYTES = 512_000

_BOM = b"\xef\xbb\xbf"
_EOL = re.compile(rb"\r\n|\r|\n")
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
# RFC 9309 2.2.1: a product token is letters, "_" and "-"; a file's "MovaBot/1.0" names MovaBot. Digits are
# kept in the name so that "MovaBot2" stays a different robot rather than a prefix of ours.
_NAME = re.compile(rb"[A-Za-z0-9_-]*")
_AGENT_NAME = re.compile(r"[A-Za-z0-9_-]*")
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


@dataclass(frozen=True, slots=True)
class _Rule:
    allow: bool
    raw: bytes
    line: int
    text: str


@dataclass(slots=True)
class _Block:
    """One group as written: its user-agent names, then its records (several blocks may name one agent)."""

    names: list[str]
    rules: list[_Rule]
    delays_s: list[float]


@dataclass(frozen=True, slots=True)
class _Group:
    """All blocks naming one agent, merged and compiled."""

    name: str
    rules: RuleSet[Decision]
    nothing_matched: Decision


@dataclass(frozen=True, slots=True)
class _Options:
    """Matching switches; only tests turn them off, to show the tests would catch the broken variant."""

    allow_wins_tie: bool = True
    longest_wins: bool = True


class Robots:
    """A parsed robots.txt: `decide` a URL for a product token, read `crawl_delay` and `sitemaps`.

    Build it with `Robots.parse(body)`. The group that applies to an agent is merged and compiled once, the
    first time that agent is asked about, and kept; `decide` then builds no pattern and allocates no
    decision (they are prepared per rule), so it can be called for every URL of a crawl. Compiling per
    asked agent rather than for every agent in the file keeps a hostile file (thousands of user-agent
    lines sharing thousands of rules) linear instead of quadratic.
    """

    __slots__ = (
        "_blocks", "_blocks_by_name", "_delays_s", "_sitemaps", "_skipped_lines", "_truncated", "_options",
        "_for_agent",
    )

    def __init__(
        self,
        blocks: tuple[_Block, ...],
        sitemaps: tuple[str, ...],
        skipped_lines: int,
        truncated: bool,
        options: _Options,
    ) -> None:
        self._blocks = blocks
        blocks_by_name: dict[str, list[int]] = {}
        delays_s: dict[str, float | None] = {}
        for index, block in enumerate(blocks):
            block_delay = max(block.delays_s) if block.delays_s else None
            for name in block.names:
                blocks_by_name.setdefault(name, []).append(index)
                # The largest Crawl-delay of all the blocks naming this agent.
                known = delays_s.get(name)
                if block_delay is None:
                    delays_s[name] = known
                else:
                    delays_s[name] = block_delay if known is None else max(known, block_delay)
        self._blocks_by_name = {name: tuple(indexes) for name, indexes in blocks_by_name.items()}
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
    ) -> Robots:
        """Parse at most MAX_ROBOTS_BYTES of a robots.txt body (bytes, or text read as UTF-8); never raises on content.

        `_allow_wins_tie` and `_longest_wins` exist only so tests can break those rules on purpose.
        """
        if isinstance(body, str):
            data = body.encode("utf-8", "surrogatepass")
        elif isinstance(body, bytes | bytearray | memoryview):
            data = bytes(body)
        else:
            raise TypeError(f"robots.txt body must be bytes or str, not {type(body).__name__}")
        return _parse(data, _Options(allow_wins_tie=_allow_wins_tie, longest_wins=_longest_wins))

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
        return group.nothing_matched if found is None else found

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
        """True when the body was longer than MAX_ROBOTS_BYTES and only its start was parsed."""
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
            rules = [rule for index in self._blocks_by_name[name] for rule in self._blocks[index].rules]
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


def _parse(data: bytes, options: _Options) -> Robots:
    skipped = 0
    truncated = len(data) > MAX_ROBOTS_BYTES
    if truncated:
        data = data[:MAX_ROBOTS_BYTES]
        # A record cut at the boundary is ignored (it may have lost its end); the records before it stand.
        last_eol = max(data.rfind(b"\n"), data.rfind(b"\r"))
        if data[last_eol + 1:].strip(_WS):
            skipped += 1
        data = data[: last_eol + 1]
    if data.startswith(_BOM):
        data = data[len(_BOM):]

    blocks: list[_Block] = []
    current: _Block | None = None
    in_records = False  # a record since the last user-agent line: the next user-agent line opens a new group
    sitemaps: dict[str, None] = {}
    for index, raw_line in enumerate(_EOL.split(data)):
        hash_at = raw_line.find(b"#")
        line = (raw_line if hash_at < 0 else raw_line[:hash_at]).strip(_WS)
        if not line:
            continue
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
            if current is None or in_records:
                current = _Block(names=[], rules=[], delays_s=[])
                blocks.append(current)
                in_records = False
            name = _file_agent_name(value)
            if name is None:
                skipped += 1
            elif name not in current.names:
                current.names.append(name)
            continue
        if current is None:
            skipped += 1  # RFC 9309 2.1: records before any user-agent line belong to no group
            continue
        in_records = True
        if kind == _CRAWL_DELAY:
            delay = _delay_s(value)
            if delay is None:
                skipped += 1
            else:
                current.delays_s.append(delay)
            continue
        allow = kind == _ALLOW
        if not value:
            continue  # RFC 9309 2.2.2: an empty pattern matches nothing ("Disallow:" allows everything)
        if not value.startswith((b"/", b"*")):
            skipped += 1  # a pattern must start at the path's first octet ("/") or with "*"; this never matches
            continue
        text = ("Allow: " if allow else "Disallow: ") + value.decode("utf-8", "replace")
        current.rules.append(_Rule(allow=allow, raw=value, line=index + 1, text=text))

    return Robots(tuple(blocks), tuple(sitemaps), skipped, truncated, options)


def _file_agent_name(value: bytes) -> str | None:
    """The lower-case name a user-agent line gives ("*" for the catch-all), or None when it names none."""
    if value == b"*" or (value.startswith(b"*") and value[1:2] in (b" ", b"\t")):
        return _STAR
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
    """One agent's merged rules (RFC 9309 2.2.1), compiled with a prepared decision per rule."""
    entries = [
        Entry(
            rank=_rank(rule, options),
            pattern=_compiled_pattern(rule.raw),
            payload=Decision(allowed=rule.allow, rule=rule.text, group=name, line=rule.line),
        )
        for rule in sorted(rules, key=_by_line)
    ]
    return _Group(
        name=name, rules=RuleSet(entries), nothing_matched=Decision(allowed=True, rule=None, group=name, line=None)
    )


def _compiled_pattern(raw: bytes) -> Pattern:
    pattern = compile_pattern(raw)
    if pattern is None:  # the parser keeps only patterns starting with "/" or "*"
        raise AssertionError(f"pattern {raw!r} cannot match and should have been skipped")
    return pattern


def _by_line(rule: _Rule) -> int:
    return rule.line


def _rank(rule: _Rule, options: _Options) -> int:
    """Higher wins. RFC 9309 2.2.2: the longest pattern (octets as written) wins; Allow wins a tie."""
    earlier = (1 << _LINE_BITS) - 1 - rule.line  # among exact equals, the first in the file explains it
    if not options.longest_wins:
        return earlier  # the broken variant for negative controls: the first matching rule wins
    tie_bit = int(rule.allow if options.allow_wins_tie else not rule.allow)
    return ((len(rule.raw) * 2 + tie_bit) << _LINE_BITS) | earlier
