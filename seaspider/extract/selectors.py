"""CSS selectors compiled once into lxml XPath programs, with English errors that name the position.

Pure: strings in, compiled selectors out. The CSS grammar is cssselect's (the library lxml itself
uses), not a home-made subset; this module only adds the scoping rule and the error messages.
Knows nothing about rules files, pages or the store.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from cssselect import HTMLTranslator, SelectorError, SelectorSyntaxError
from lxml import etree

__all__ = ["Selector", "SelectorProblem", "compile_selector"]

# Scoped like Scrapy's (parsel) Selector.css(): a selector applied to an element matches that
# element or its descendants, never its ancestors or siblings, so a field cannot leave its container.
_SCOPE = "descendant-or-self::"
_TRANSLATOR = HTMLTranslator()
_TOKEN_AT = re.compile(r"<(\w+) (?:'(.*?)' )?at (\d+)>")
_TOKEN_LIST = re.compile(r"'?\[('[^\]]*')\]'?")
_PSEUDO_ELEMENT = re.compile(r"::|:(?:before|after|first-line|first-letter)\b", re.IGNORECASE)
_PSEUDO_CLASS = re.compile(r"pseudo-class (:[\w-]+)")
_TOKEN_WORDS = {"IDENT": "a name", "STRING": "a string", "NUMBER": "a number", "HASH": "a #id", "S": "a space"}
# A tiny document every compiled selector runs against once, so an XPath that compiles but cannot
# run (a namespace prefix such as ns|a) is refused when the rules load, not in the middle of a run.
_PROBE = etree.fromstring("<html><body><p>probe</p></body></html>", etree.HTMLParser())


class SelectorProblem(Exception):
    """Why a CSS selector cannot be used: a phrase, and the 1-based character it points at (or None)."""

    def __init__(self, phrase: str, position: int | None) -> None:
        super().__init__(phrase)
        self.phrase = phrase
        self.position = position


@dataclass(frozen=True, slots=True)
class Selector:
    """One compiled CSS selector, applied to an element (the scope): lists its matches, or the first."""

    css: str
    xpath: str
    _all: etree.XPath
    _first: etree.XPath

    def select(self, element: etree._Element) -> list[etree._Element]:
        """The element itself (when it matches) and its matching descendants, in document order."""
        found: list[etree._Element] = self._all(element)
        return found

    def first(self, element: etree._Element) -> etree._Element | None:
        """The first match in document order, or None; no list of every match is built."""
        found: list[etree._Element] = self._first(element)
        return found[0] if found else None


def _found(kind: str, value: str | None) -> str:
    if kind == "EOF":
        return "the end of the selector"
    if kind == "DELIM" and value is not None:
        return repr(value)
    word = _TOKEN_WORDS.get(kind, kind.lower())
    return f"{word} {value!r}" if value else word


def _syntax_problem(css: str, exc: SelectorSyntaxError) -> SelectorProblem:
    """`expected a name or '*' but found the end of the selector` with the character it happened at."""
    message = str(exc)
    token = _TOKEN_AT.search(message)
    expected = message.split(", got", 1)[0].removeprefix("Expected ")
    expected = {"selector": "a selector", "ident or '*'": "a name or '*'"}.get(expected, expected)
    if token is None:
        return SelectorProblem(message.rstrip("."), None)
    kind, value, at = token.group(1), token.group(2), int(token.group(3))
    return SelectorProblem(f"expected {expected} but found {_found(kind, value)}", min(at, len(css)) + 1)


def _expression_problem(css: str, exc: SelectorError) -> SelectorProblem:
    """cssselect's semantic refusals (pseudo-elements, unknown pseudo-classes) with a position we find."""
    message = str(exc).rstrip(".")
    if message.startswith("Pseudo-elements"):
        found = _PSEUDO_ELEMENT.search(css)
        hint = "pseudo-elements such as ::text are not supported (a field takes the text by default, or an attribute with @name)"
        return SelectorProblem(hint, found.start() + 1 if found else None)
    pseudo = _PSEUDO_CLASS.search(message)
    if pseudo is not None:
        name = pseudo.group(1)
        at = css.lower().find(name.lower())
        return SelectorProblem(message[0].lower() + message[1:], at + 1 if at >= 0 else None)
    token = _TOKEN_AT.search(message)
    position = int(token.group(3)) + 1 if token else None
    # "Invalid series: '[<IDENT 'x' at 12>]'" reads as "invalid series: 'x'".
    phrase = _TOKEN_LIST.sub(r"\1", _TOKEN_AT.sub(lambda m: repr(m.group(2) or m.group(1)), message))
    return SelectorProblem(phrase[0].lower() + phrase[1:], position)


def compile_selector(css: str) -> Selector:
    """Compile one CSS selector; SelectorProblem (with the position) when cssselect or lxml refuses it."""
    if not css.strip():
        raise SelectorProblem("the selector is empty", None)
    try:
        xpath = _TRANSLATOR.css_to_xpath(css, prefix=_SCOPE)
    except SelectorSyntaxError as exc:
        raise _syntax_problem(css, exc) from exc
    except SelectorError as exc:
        raise _expression_problem(css, exc) from exc
    try:
        every = etree.XPath(xpath, smart_strings=False)
        # (…)[1] in XPath: the first in document order, even of a union; libxml2 never hands the
        # other matches to Python, which matters when a container holds 100,000 of them.
        first = etree.XPath(f"({xpath})[1]", smart_strings=False)
        every(_PROBE)
        first(_PROBE)
    except etree.XPathError as exc:
        where = css.find("|")
        if "namespace" in str(exc).lower():
            raise SelectorProblem("namespace prefixes (ns|name) are not supported in HTML", where + 1 if where >= 0 else None) from exc
        raise SelectorProblem(f"lxml cannot run it ({exc})", None) from exc
    return Selector(css=css, xpath=xpath, _all=every, _first=first)
