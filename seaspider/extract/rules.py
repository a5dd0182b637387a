"""Extraction rules as data: RULES.json (or the inline --container/--fields form) checked and compiled.

Every problem in a rules file is found before anything runs and reported at once, in one English
sentence: schema violations (jsonerrors), reserved field names, CSS selectors cssselect refuses
(with the character), regular expressions Python refuses (with the position). Pure apart from
reading the file in `load_rules`; knows nothing about the store or pages.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema

from seaspider.errors import ConfigError, UsageError
from seaspider.extract.selectors import Selector, SelectorProblem, compile_selector
from seaspider.jsonerrors import collect, load_json_file
from seaspider.resources import load_schema

__all__ = [
    "INLINE_RULE",
    "RESERVED_NAMES",
    "FieldRule",
    "RuleSet",
    "Rules",
    "build_rules",
    "inline_rules",
    "load_rules",
    "split_field",
]

# Every record carries these beside its fields, so a field may not take one of the names.
RESERVED_NAMES = ("rule", "url", "fetched_unix", "sha256")
INLINE_RULE = "inline"  # the name of the one rule set given with --container/--fields
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,63}\Z")  # as the schema's propertyNames
_ATTRIBUTE = re.compile(r"[A-Za-z_:][-A-Za-z0-9_:.]{0,127}\Z")  # as the schema's attribute
_OPENERS = {"[": "]", "(": ")"}


@dataclass(frozen=True, slots=True)
class FieldRule:
    """One named field: what to select inside the scope, and what to take from each match."""

    name: str
    selector: Selector | None  # None: the scope itself (the container, or the page's root element)
    attribute: str | None  # None: the element's whitespace-folded text
    all: bool  # a list of every match instead of the first
    regex: re.Pattern[str] | None


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A named rule set: the pages it applies to, an optional container and the fields in order."""

    name: str
    url_patterns: tuple[str, ...]  # empty: every page
    container: Selector | None
    fields: tuple[FieldRule, ...]
    _url_match: re.Pattern[str] | None

    @property
    def field_names(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields)

    def applies_to(self, url: str) -> bool:
        """True when the canonical `url` matches one of the set's patterns (or it has none)."""
        return self._url_match is None or self._url_match.fullmatch(url) is not None


@dataclass(frozen=True, slots=True)
class Rules:
    """The rule sets of one rules file (or of the inline options), in file order."""

    source: str
    sets: tuple[RuleSet, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.sets)

    def only(self, names: list[str] | None) -> Rules:
        """The sets named (in file order); UsageError naming the unknown ones and the known ones."""
        if not names:
            return self
        unknown = [n for n in dict.fromkeys(names) if n not in self.names]
        if unknown:
            raise UsageError(
                f"{self.source} has no rule set {', '.join(unknown)}; its rule sets are {', '.join(self.names)}."
            )
        return Rules(self.source, tuple(s for s in self.sets if s.name in names))


# ----- the short field form "CSS@attribute" ---------------------------------------------------------------


def _top_level(text: str, wanted: str) -> list[int]:
    """Offsets of `wanted` outside quotes, [brackets] and (parentheses): where CSS may not contain it."""
    found, closers, quote = [], [], ""
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in _OPENERS:
            closers.append(_OPENERS[ch])
        elif closers and ch == closers[-1]:
            closers.pop()
        elif ch == wanted and not closers:
            found.append(i)
    return found


def split_field(text: str) -> tuple[str, str | None]:
    """("h3 a", "title") for "h3 a@title"; ("h3 a", None) for "h3 a". ValueError for a bad @name."""
    ats = _top_level(text, "@")
    if not ats:
        return text.strip(), None
    css, attribute = text[: ats[-1]].strip(), text[ats[-1] + 1 :].strip()
    if not _ATTRIBUTE.match(attribute):
        raise ValueError(f"{json.dumps(text, ensure_ascii=False)} has an @ that is not followed by an attribute name")
    return css, attribute.lower()  # the HTML parser lower-cases attribute names


# ----- building ----------------------------------------------------------------------------------------


def _selector(css: str, where: str, problems: list[str]) -> Selector | None:
    try:
        return compile_selector(css)
    except SelectorProblem as exc:
        at = f" at character {exc.position}" if exc.position is not None else ""
        problems.append(f"{where}: the CSS selector {json.dumps(css, ensure_ascii=False)} is not valid{at}: {exc.phrase}")
        return None


def _regex(pattern: str, where: str, problems: list[str]) -> re.Pattern[str] | None:
    try:
        return re.compile(pattern)
    except re.error as exc:
        at = f" at character {exc.pos + 1}" if exc.pos is not None else ""
        problems.append(f"{where}: {json.dumps(pattern, ensure_ascii=False)} is not a valid regular expression{at}: {exc.msg}")
        return None


def _url_match(patterns: tuple[str, ...]) -> re.Pattern[str] | None:
    """One regular expression for "any of these patterns", where * matches any run of characters."""
    if not patterns:
        return None
    return re.compile("|".join(".*".join(re.escape(part) for part in p.split("*")) for p in patterns), re.DOTALL)


def _field(name: str, raw: Any, where: str, problems: list[str]) -> FieldRule | None:
    """One field from its short string form or its object form (types already checked by the schema)."""
    if name in RESERVED_NAMES:
        problems.append(f"{where}: the name {name} is reserved (every record carries {', '.join(RESERVED_NAMES)}); choose another")
    if isinstance(raw, str):
        try:
            css, attribute = split_field(raw)
        except ValueError as exc:
            problems.append(f"{where}: {exc}")
            return None
        spec: dict[str, Any] = {"selector": css, "attribute": attribute}
        selector_where = where
    elif isinstance(raw, dict) and isinstance(raw.get("selector"), str):
        spec = raw
        selector_where = f"{where}.selector"
    else:
        return None  # the schema has said what is wrong
    css = spec["selector"].strip()
    selector = _selector(css, selector_where, problems) if css else None
    regex = _regex(spec["regex"], f"{where}.regex", problems) if isinstance(spec.get("regex"), str) else None
    attribute = spec.get("attribute")
    return FieldRule(
        name=name,
        selector=selector,
        attribute=attribute.lower() if isinstance(attribute, str) else None,
        all=spec.get("all") is True,
        regex=regex,
    )


def _rule_set(name: str, raw: Any, problems: list[str]) -> RuleSet | None:
    if not isinstance(raw, dict):
        return None
    where = f"rules.{name}"
    container = None
    if isinstance(raw.get("container"), str) and raw["container"].strip():
        container = _selector(raw["container"].strip(), f"{where}.container", problems)
    fields = []
    if isinstance(raw.get("fields"), dict):
        for field_name, spec in raw["fields"].items():
            built = _field(field_name, spec, f"{where}.fields.{field_name}", problems)
            if built is not None:
                fields.append(built)
    url = raw.get("url")
    patterns = (url,) if isinstance(url, str) else tuple(p for p in url if isinstance(p, str)) if isinstance(url, list) else ()
    return RuleSet(name, patterns, container, tuple(fields), _url_match(patterns))


def _raise_problems(source: str, problems: list[str], error: type[ConfigError] | type[UsageError]) -> None:
    if problems:
        count = f"{len(problems)} problems" if len(problems) > 1 else "1 problem"
        raise error(f"{source}: {count}: " + "; ".join(problems) + ".")


def build_rules(raw: Any, *, source: str) -> Rules:
    """Check parsed RULES.json against the schema and compile it; ConfigError listing every problem."""
    validator = jsonschema.Draft202012Validator(load_schema("extract-rules"))
    problems = collect(validator, raw)
    sets = []
    if isinstance(raw, dict) and isinstance(raw.get("rules"), dict):
        for name, spec in raw["rules"].items():
            built = _rule_set(name, spec, problems)
            if built is not None:
                sets.append(built)
    _raise_problems(source, problems, ConfigError)
    return Rules(source, tuple(sets))


def load_rules(path: str | Path) -> Rules:
    """Read and build the rules file at `path`; ConfigError with one English sentence otherwise."""
    file = Path(path)
    raw = load_json_file(file, what="rules", missing_hint="pass a JSON file such as the one in `seaspider extract --help`")
    return build_rules(raw, source=str(file))


def inline_rules(container: str | None, fields: str) -> Rules:
    """The one rule set of `--container CSS --fields "name=CSS[@attr];…"`, applying to every page."""
    problems: list[str] = []
    spec: dict[str, str] = {}
    items = [fields[a + 1 : b] for a, b in zip([-1, *_top_level(fields, ";")], [*_top_level(fields, ";"), len(fields)])]
    for item in (i.strip() for i in items):
        if not item:
            continue
        name, equals, css = item.partition("=")
        name = name.strip()
        if not equals:
            problems.append(f"--fields: {item!r} has no '=' (write name=CSS or name=CSS@attribute)")
        elif not _NAME.match(name):
            problems.append(f"--fields: {name!r} is not a field name (a letter or _ first, then letters, digits, _ . -; at most 64)")
        elif name in spec:
            problems.append(f"--fields: the field {name} is named twice")
        else:
            spec[name] = css
    if not spec and not problems:
        problems.append("--fields: it names no field (write name=CSS;name=CSS@attribute)")
    selector = None
    if container is not None:
        if container.strip():
            selector = _selector(container.strip(), "--container", problems)
        else:
            problems.append("--container: the selector is empty")
    built = [f for name, css in spec.items() if (f := _field(name, css, f"--fields {name}", problems)) is not None]
    _raise_problems("the inline rules", problems, UsageError)
    return Rules("the inline rules", (RuleSet(INLINE_RULE, (), selector, tuple(built), None),))
