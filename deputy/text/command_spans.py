"""A command line written in a code span as the whole prompt (round 23): "`fetch A`", "`seaspider robots A`",
"`stats --host H`", or a bare code block holding that one line.

An agent that knows the command-line form of a capability writes it in backticks. The span is read as the
request it names only when it holds exactly one command form: the program's own name (optional), then one
word that is a capability's name or a verb the reader refuses, then only addresses, each alone or after an
option naming one of the capabilities' slots (`--host H`, `--url=A`). The span is then put as plain words
("stats H", "delete A"), which the reader reads with every check, so a refused verb is refused as that verb
and a private address as such. Any other span (another word, another option, anything after the span) is
left as written, and refused. Pure text work.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["command_span"]

# One inline span, or one fenced block holding one line, as the whole prompt.
_INLINE = re.compile(r"^`(?P<body>[^`\n]+)`$")
_FENCED = re.compile(r"^(?:```|~~~)[\w+-]*\n(?P<body>[^`\n]+)\n(?:```|~~~)$")
_OPTION = re.compile(r"^--(?P<name>[a-z][a-z_-]*)(?:=(?P<value>\S+))?$")


def _squashed(name: str) -> str:
    return re.sub(r"[\s_.-]+", "", name.lower())


def _span_body(text: str) -> str | None:
    """The one line inside a span or block that is the whole prompt; None otherwise."""
    found = _INLINE.match(text) or _FENCED.match(text)
    return found.group("body").strip() if found else None


def _values(args: list[str], *, slots: frozenset[str], is_address: Callable[[str], bool]) -> list[str] | None:
    """The addresses of the arguments, each alone or after an option naming a slot; None when any
    argument is something else (an unknown option, a word, an option with no address after it)."""
    values: list[str] = []
    pending = False  # an option was read and its address is due
    for arg in args:
        option = _OPTION.match(arg)
        if option is not None:
            if pending or option.group("name").replace("-", "_") not in slots:
                return None
            value = option.group("value")
            if value is None:
                pending = True
                continue
            arg = value
        if not is_address(arg):
            return None
        values.append(arg)
        pending = False
    return None if pending else values


def command_span(text: str, *, program: str, commands: frozenset[str], slots: frozenset[str],
                 is_address: Callable[[str], bool]) -> str:
    """The command of a span that is the whole prompt, put as plain words; the text as written otherwise."""
    if "`" not in text and "~~~" not in text:
        return text
    body = _span_body(text.strip())
    if body is None:
        return text
    words = body.split()
    if words and program and _squashed(words[0]) == _squashed(program):
        words = words[1:]
    if not words or words[0].lower() not in commands:
        return text
    values = _values(words[1:], slots=slots, is_address=is_address)
    if values is None:
        return text
    return " ".join([words[0].lower(), *values])
