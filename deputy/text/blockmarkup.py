"""Markdown blocks around a request, read as the request they hold (round 14), before protection.

Pure text work on whole lines; an address is never touched.

- A heading over a list: "## Sources to download\n- A\n- B" is put as "Sources to download:\n- A\n- B",
  the list heading the reader already knows (and refuses as it did: "## Pages to delete", "## Sources we
  cited last quarter"). A heading with no list under it is left as written.
- A quote block that is the whole message: "> **Task for Sea Spider**\n> Download A and B\n\nThanks!" is
  the writer's own request set in a quote. Only when the prompt opens with the block and nothing but
  a sign-off follows it: "Maya wrote:\n> please purge A" (someone else's words, introduced) and a quote
  followed by the writer's own lines stay as written and are refused or read as before.
- Bold words: "**Fetch:** **A**" is "Fetch: **A**" (the address keeps its markup, which protection
  unwraps). Only words: bold around anything with "/" or a dotted name is left to protection.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

__all__ = ["list_headings", "unbold_words", "untagged", "unquote_whole_message"]

# "## Sources to download" (1 to 6 marks, closing marks allowed), as its own line.
_HEADING = re.compile(r"^[ \t]*#{1,6}[ \t]+(?P<title>[^\n#]*?[^\s#:])[ \t]*#*[ \t]*$")
# The first line of a list: "- A", "* A", "• A", "1. A", "2) A".
_LIST_LINE = re.compile(r"^[ \t]*(?:[-*•]|\d{1,2}[.)])[ \t]+\S")
_QUOTED = re.compile(r"^[ \t]*>[ \t]?")
_WORDS = re.compile(r"[^\W\d_][\w']*")
# "**Fetch:**", "**Task for Sea Spider**": bold around words only (no "/", no "." inside a name, no "*").
_BOLD_WORDS = re.compile(r"\*\*(?=[^\s*])((?:[^*/\n.]|\.(?![^\W_])){1,80}?)(?<=[^\s*])\*\*")


# "<task>…</task>" as the whole prompt (round 18): one opening tag without attributes, its closing tag at
# the very end, lines allowed between.
_TAG_PAIR = re.compile(r"\A<(?P<tag>[A-Za-z][\w-]{0,30})>(?P<body>.*)</(?P=tag)>\Z", re.DOTALL)


def untagged(text: str, tags: Iterable[str]) -> str:
    """The body of an XML-ish tag pair that is the whole prompt ("<task>Fetch A</task>" → "Fetch A"), when
    the tag is one of `tags` (the writer's own request, never a tag of someone else's text) and the body
    holds no second pair of it; else the text as written. The body is read with every check."""
    if not text.startswith("<"):
        return text
    found = _TAG_PAIR.match(text.strip())
    if found is None or found.group("tag").lower() not in tags:
        return text
    body = found.group("body").strip()
    tag = re.escape(found.group("tag"))
    if not body or re.search(r"</?" + tag + r"\b", body, re.IGNORECASE):
        return text
    return body


def unbold_words(text: str) -> str:
    """The text without the bold marks around plain words; every word stays."""
    return _BOLD_WORDS.sub(r"\1", text) if "**" in text else text


def list_headings(text: str) -> str:
    """The text with each markdown heading that stands over a list put as a list heading ("… :")."""
    if "#" not in text:
        return text
    lines = text.split("\n")
    for index, line in enumerate(lines):
        match = _HEADING.match(line)
        if match is None:
            continue
        following = next((later for later in lines[index + 1:] if later.strip()), "")
        if _LIST_LINE.match(following):
            lines[index] = match.group("title") + ":"
    return "\n".join(lines)


def unquote_whole_message(text: str, sign_offs: Iterable[str]) -> str:
    """The text without its quote marks when a quote block opening the prompt is the whole message."""
    lines = text.split("\n")
    if not lines or not _QUOTED.match(lines[0]):
        return text
    end = next((i for i, line in enumerate(lines) if not _QUOTED.match(line)), len(lines))
    rest = [line for line in lines[end:] if line.strip()]
    closings = {" ".join(_WORDS.findall(s.lower())) for s in sign_offs}
    # After the block only a sign-off on one line may follow ("Thanks!", "Cheers"), nothing of the writer's.
    if len(rest) > 1 or (rest and " ".join(_WORDS.findall(rest[0].lower())) not in closings):
        return text
    return "\n".join([_QUOTED.sub("", line, count=1) for line in lines[:end]] + lines[end:])
