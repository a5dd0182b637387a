"""Reads a markdown table of addresses ("| # | Source | URL |", a separator row, one address per row)
as the bulleted list of its addresses, before addresses are protected, so that a request beside it
("Fetch the URLs in the table.") is read as it is beside a list.

Pure text work. Every row must hold exactly one cell that is an address alone; every other cell (and
the header) only names: a word in it that is a verb the reader knows or a word that refuses
("| 3 | skip | A |", "| delete | B |") leaves the table as written, to be refused as the symbols it
holds. A column title may be a verb the reader knows ("| Name | Link |"), never a refusing one. Only
the address cells are kept; the names they stood beside ask for nothing. One column may instead say
what to do, the same one verb on every row ("| A | fetch |", round 16): the table is then that verb
heading the list of its addresses ("fetch:\n- A\n- B"), read and refused as such a list is.
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
        rows = lines[index:block]
        listed = _addresses(rows, never, verbs, known, is_address) if block - index >= 3 else None
        asked = _action_column(rows, never, verbs, known, is_address) if listed is None and block - index >= 3 else None
        if listed is None and asked is None:
            out.append(lines[index])
            index += 1
            continue
        if asked is not None:
            listed = asked[1]
            out.append(f"{asked[0]}:")
        out += [f"- {address}" for address in listed or []]
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


_ONE_WORD = re.compile(r"^[A-Za-z]+$")


def _action_column(
    rows: list[str], never: frozenset[str], verbs: frozenset[str], known: frozenset[str],
    is_address: Callable[[str], bool],
) -> tuple[str, list[str]] | None:
    """A table of addresses with one column saying what to do with them, the same verb on every row
    ("| A | fetch |\n| B | fetch |", round 16): that verb and the addresses, read as the list "fetch:\n- A\n- B".

    The verb is any verb the reader knows or refuses ("delete", "skip"), so a refusing column is refused
    as that word; rows saying different things ("fetch", "delete") or more than one word ("fetch if
    changed") leave the table as written. The other cells and the titles must only name, as for `_addresses`.
    """
    header, separator, *body = [_cells(row) or [] for row in rows]
    if not body or not separator or not all(_SEPARATOR.match(cell) for cell in separator):
        return None
    width = len(header)
    if width < 2 or any(len(cells) != width for cells in body):
        return None
    for column in range(width):
        said = {cells[column].lower() for cells in body}
        if len(said) != 1:
            continue
        verb = next(iter(said))
        if not _ONE_WORD.match(verb) or verb not in verbs:
            continue
        others = [[cell for i, cell in enumerate(cells) if i != column] for cells in [header] + body]
        if not all(_names_only(cell, never - known, verbs - known) for cell in others[0]):
            return None
        listed = []
        for cells in others[1:]:
            addresses = [cell for cell in cells if is_address(cell)]
            rest = [cell for cell in cells if not is_address(cell)]
            if len(addresses) != 1 or not all(_names_only(cell, never, verbs) for cell in rest):
                return None
            listed.append(addresses[0])
        return verb, listed
    return None
