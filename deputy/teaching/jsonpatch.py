"""JSON Patch (RFC 6902) for vocabulary edits: applied to a parsed value, or to the file's text so that a
person's layout survives an accepted edit.

Pure: values and text in, values and text out. The text form handles only what teaching proposes
(`add` to an array's end or to an object); anything else falls back to the value form, and every
text edit is checked against the value form before it is returned.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["PatchError", "apply_patch", "patch_text"]

_OPS = ("add", "remove", "replace", "move", "copy", "test")


class PatchError(ValueError):
    """A patch that is malformed or does not apply; the message names the operation and its path."""


def _tokens(pointer: str) -> list[str]:
    """RFC 6901: "/a/b~1c" → ["a", "b/c"]; "" is the whole document."""
    if pointer == "":
        return []
    if not pointer.startswith("/"):
        raise PatchError(f"{pointer!r} is not a JSON pointer (it must start with '/')")
    return [part.replace("~1", "/").replace("~0", "~") for part in pointer[1:].split("/")]


def _index(container: list[Any], token: str, *, for_add: bool, where: str) -> int:
    if token == "-" and for_add:
        return len(container)
    if not token.isdigit() or (token.startswith("0") and token != "0"):
        raise PatchError(f"{where}: {token!r} is not an array index")
    index = int(token)
    if index > len(container) or (index == len(container) and not for_add):
        raise PatchError(f"{where}: index {index} is past the end of the array")
    return index


def _parent(doc: Any, pointer: str) -> tuple[Any, str]:
    parts = _tokens(pointer)
    if not parts:
        raise PatchError("the patch may not replace the whole vocabulary")
    node = doc
    for token in parts[:-1]:
        if isinstance(node, dict):
            if token not in node:
                raise PatchError(f"{pointer}: {token!r} does not exist")
            node = node[token]
        elif isinstance(node, list):
            node = node[_index(node, token, for_add=False, where=pointer)]
        else:
            raise PatchError(f"{pointer}: {token!r} is inside a value that is neither an object nor an array")
    return node, parts[-1]


def _get(doc: Any, pointer: str) -> Any:
    node = doc
    for token in _tokens(pointer):
        if isinstance(node, dict) and token in node:
            node = node[token]
        elif isinstance(node, list):
            node = node[_index(node, token, for_add=False, where=pointer)]
        else:
            raise PatchError(f"{pointer}: {token!r} does not exist")
    return node


def _add(doc: Any, pointer: str, value: Any) -> None:
    parent, token = _parent(doc, pointer)
    if isinstance(parent, dict):
        parent[token] = value
    elif isinstance(parent, list):
        parent.insert(_index(parent, token, for_add=True, where=pointer), value)
    else:
        raise PatchError(f"{pointer}: the parent is neither an object nor an array")


def _remove(doc: Any, pointer: str) -> Any:
    parent, token = _parent(doc, pointer)
    if isinstance(parent, dict):
        if token not in parent:
            raise PatchError(f"{pointer}: there is nothing to remove")
        return parent.pop(token)
    if isinstance(parent, list):
        return parent.pop(_index(parent, token, for_add=False, where=pointer))
    raise PatchError(f"{pointer}: the parent is neither an object nor an array")


def _operation(raw: Any, number: int) -> tuple[str, str, Mapping[str, Any]]:
    if not isinstance(raw, Mapping) or raw.get("op") not in _OPS or not isinstance(raw.get("path"), str):
        raise PatchError(f"operation {number}: it needs an op ({', '.join(_OPS)}) and a path")
    op = str(raw["op"])
    if op in ("add", "replace", "test") and "value" not in raw:
        raise PatchError(f"operation {number} ({op} {raw['path']}): it has no value")
    if op in ("move", "copy") and not isinstance(raw.get("from"), str):
        raise PatchError(f"operation {number} ({op} {raw['path']}): it has no from")
    return op, str(raw["path"]), raw


def apply_patch(doc: Any, patch: Sequence[Any]) -> Any:
    """The document with every operation applied in order; the input is left untouched (RFC 6902 5: all or nothing)."""
    if isinstance(patch, (str, bytes)) or not isinstance(patch, Sequence):
        raise PatchError("a patch is a JSON array of operations")
    out = copy.deepcopy(doc)
    for number, raw in enumerate(patch, 1):
        op, path, spec = _operation(raw, number)
        if op == "add":
            _add(out, path, copy.deepcopy(spec["value"]))
        elif op == "remove":
            _remove(out, path)
        elif op == "replace":
            _get(out, path)
            _remove(out, path)
            _add(out, path, copy.deepcopy(spec["value"]))
        elif op == "move":
            if path.startswith(spec["from"] + "/"):
                raise PatchError(f"operation {number} (move {path}): a value cannot move into itself")
            _add(out, path, _remove(out, spec["from"]))
        elif op == "copy":
            _add(out, path, copy.deepcopy(_get(out, spec["from"])))
        elif _get(out, path) != spec["value"]:
            raise PatchError(f"operation {number} (test {path}): the value differs")
    return out


# -- the text form -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Span:
    """Where one JSON value lies in the text; `children` are (key or index, member start, span) in order."""

    start: int
    end: int  # one past the value's last character
    children: tuple[tuple[str, int, _Span], ...]


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in " \t\r\n":
        at += 1
    return at


def _scan(text: str, at: int) -> _Span:
    """The span of the value starting at `at` (the text is known to be valid JSON)."""
    at = _skip(text, at)
    opener = text[at]
    if opener not in "[{":
        _, end = json.JSONDecoder().raw_decode(text, at)
        return _Span(at, end, ())
    closer = "]" if opener == "[" else "}"
    children: list[tuple[str, int, _Span]] = []
    pos = _skip(text, at + 1)
    while text[pos] != closer:
        member = pos
        if opener == "{":
            key, pos = json.JSONDecoder().raw_decode(text, pos)
            pos = _skip(text, pos) + 1  # the colon
        else:
            key = str(len(children))
        child = _scan(text, pos)
        children.append((str(key), member, child))
        pos = _skip(text, child.end)
        if text[pos] == ",":
            pos = _skip(text, pos + 1)
    return _Span(at, pos + 1, tuple(children))


def _find(root: _Span, pointer: str) -> _Span | None:
    node = root
    for token in _tokens(pointer):
        found = next((span for key, _, span in node.children if key == token), None)
        if found is None:
            return None
        node = found
    return node


def _line_indent(text: str, at: int) -> str:
    start = text.rfind("\n", 0, at) + 1
    return text[start:at] if not text[start:at].strip() else ""


def _insert(text: str, container: _Span, rendered: str) -> str:
    """`rendered` as the last member of `container`, laid out like the member before it."""
    if not container.children:
        return text[: container.start + 1] + rendered + text[container.end - 1 :]
    _, member, last = container.children[-1]
    head = text[container.start : container.children[0][1]]
    indent = _line_indent(text, member) if "\n" in head else ""
    separator = ",\n" + indent if indent else ", "
    return text[: last.end] + separator + rendered + text[last.end :]


def patch_text(text: str, patch: Sequence[Any]) -> str:
    """The text with `patch` applied, keeping the layout where the patch only adds at the end of arrays
    or objects; otherwise the whole document re-serialised with two-space indents."""
    doc = json.loads(text)
    expected = apply_patch(doc, patch)
    out = text
    try:
        for number, raw in enumerate(patch, 1):
            op, path, spec = _operation(raw, number)
            parts = _tokens(path)
            if op != "add" or not parts:
                raise LookupError(op)
            parent_pointer = "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts[:-1])
            container = _find(_scan(out, 0), parent_pointer)
            current = _get(json.loads(out), parent_pointer)
            value = json.dumps(spec["value"], ensure_ascii=False)
            if container is None:
                raise LookupError(path)
            if isinstance(current, list) and parts[-1] in ("-", str(len(current))):
                out = _insert(out, container, value)
            elif isinstance(current, dict) and parts[-1] not in current:
                out = _insert(out, container, json.dumps(parts[-1], ensure_ascii=False) + ": " + value)
            else:
                raise LookupError(path)
    except (LookupError, IndexError, json.JSONDecodeError):
        out = ""
    if out and json.loads(out) == expected:
        return out
    return json.dumps(expected, ensure_ascii=False, indent=2) + "\n"
