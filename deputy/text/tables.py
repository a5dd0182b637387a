"""Reads a markdown table of addresses ("| # | Source | URL |", a separator row, one address per row)
as the bulleted list of its addresses, before addresses are protected, so that a request beside it
("Fetch the URLs in the table.") is read as it is beside a list.

Pure text work. Every row must hold exactly one cell that is an address alone; every other cell (and
the header) only names: a word in it that is a verb the reader knows or a word that refuses
("| 3 | skip | A |", "| delete | B |") leaves the table as written, to be refused as the symbols it
holds. A column title may be a verb the reader knows ("| Name | Link |"), never a refusing one. Only
the address cells are kept; the names they stood beside ask for nothing.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["unpack_tables"]

_ROW = re.compile(r"^[ \t]*\|(.*)\|[ \t]*$")
_SEPARATOR = re.compile(r"^[ \t]*:?-{3,}:?[ \t]*$")
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
# Endings stripped to find a verb under its inflection ("Deleted", "skipping", "copies"): only ever
# used to refuse more, never to act.
_ENDINGS = (("ing", ""), ("ed", ""), ("ed", "e"), ("es", ""), ("s", ""), ("ies", "y"), ("ied", "y"))


def _cells(line: str) -> list[str] | None:
    match = _ROW.match(line)
    return [cell.strip() for cell in match.group(1).split("|")] if match else None


def _stems(word: str) -> set[str]:
    """The word and what it may be an inflection of ("skipping" → skipp, skip; "notes" → note, not)."""
    stems = {word}
    for ending, base in _ENDINGS:
        if word.endswith(ending) and len(word) > len(ending) + 1:
            stem = word[: -len(ending)] + base
            stems.add(stem)
            if len(stem) > 2 and stem[-1] == stem[-2]:
                stems.add(stem[:-1])  # "skipped", "dropping": a doubled final consonant
    return stems


def _names_only(cell: str, never: frozenset[str], verbs: frozenset[str]) -> bool:
    """A cell that only names: none of its words is a refusing word, nor a verb under an inflection,
    nor a negated contraction ("Don't")."""
    for word in _WORD.findall(cell.replace("’", "'")):
        word = word.lower()
        if word in never or word.endswith("n't") or _stems(word) & verbs:
            return False
    return True


def unpack_tables(
    text: str, *, never: frozenset[str], verbs: frozenset[str], known: frozenset[str],
    is_address: Callable[[str], bool],
) -> str:
    """The text with each table of addresses replaced by "- A" lines (see the module's docstring)."""
    if "|" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        block = index
        while block < len(lines) and _cells(lines[block]) is not None:
            block += 1
        listed = _addresses(lines[index:block], never, verbs, known, is_address) if block - index >= 3 else None
        if listed is None:
            out.append(lines[index])
            index += 1
            continue
        out += [f"- {address}" for address in listed]
        index = block
    return "\n".join(out)


def _addresses(
    rows: list[str], never: frozenset[str], verbs: frozenset[str], known: frozenset[str],
    is_address: Callable[[str], bool],
) -> list[str] | None:
    """The one address of each body row, or None when the rows are not a table of addresses."""
    header, separator, *body = [_cells(row) or [] for row in rows]
    if not body or not separator or not all(_SEPARATOR.match(cell) for cell in separator):
        return None
    # A column title may be a verb the reader knows ("| Name | Link |", "| Download |"); never a refusing one.
    if not all(_names_only(cell, never - known, verbs - known) for cell in header):
        return None
    listed = []
    for cells in body:
        addresses = [cell for cell in cells if is_address(cell)]
        others = [cell for cell in cells if not is_address(cell)]
        if len(addresses) != 1 or not all(_names_only(cell, never, verbs) for cell in others):
            return None
        listed.append(addresses[0])
    return listed
