"""Turns jsonschema validation errors into short English phrases naming the field, value and bound.

The one door for JSON Schema checks in seaspider: configuration and rule files report every
problem at once (`collect`); the service's own records and envelopes are checked here too.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

import jsonschema

__all__ = ["collect", "describe", "field_path", "first_problem", "load_json_file", "record_checker"]


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


def field_path(error: jsonschema.ValidationError) -> str:
    """`fetch.concurrency`, `service.callers[2]`, or `(top level)`."""
    out = ""
    for part in error.absolute_path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(top level)"


def describe(error: jsonschema.ValidationError) -> str:
    """One phrase for one violation, e.g. `fetch.concurrency: 0 is less than the minimum of 1`."""
    where = field_path(error)
    kind, bound, value = error.validator, error.validator_value, error.instance
    if kind == "minimum":
        return f"{where}: {_show(value)} is less than the minimum of {bound}"
    if kind == "maximum":
        return f"{where}: {_show(value)} is more than the maximum of {bound}"
    if kind == "type":
        wanted = " or ".join(bound) if isinstance(bound, list) else bound
        return f"{where}: {_show(value)} is not of type {wanted}"
    if kind == "additionalProperties":
        allowed = sorted(error.schema.get("properties", {}))
        extra = sorted(set(value) - set(allowed)) if isinstance(value, Mapping) else []
        names = ", ".join(extra) or "?"
        hint = f" (known fields: {', '.join(allowed)})" if allowed else ""
        return f"{where}: unknown field {names}{hint}"
    if kind == "required":
        # jsonschema reports each missing field as its own error; name the one this error is about.
        missing = re.match(r"'([^']*)' is a required property", error.message)
        name = missing.group(1) if missing else ", ".join(n for n in bound if isinstance(value, Mapping) and n not in value)
        return f"{where}: the required field {name} is missing"
    if kind == "pattern":
        return f"{where}: {_show(value)} does not match the pattern {bound}"
    if kind in ("minLength", "minItems"):
        return f"{where}: {_show(value)} is shorter than the minimum of {bound}"
    if kind in ("maxLength", "maxItems"):
        return f"{where}: {_show(value)} is longer than the maximum of {bound}"
    if kind == "minProperties":
        return f"{where}: needs at least {bound} {'entry' if bound == 1 else 'entries'}"
    if kind == "maxProperties":
        return f"{where}: has more than the maximum of {bound} entries"
    if kind == "enum":
        return f"{where}: {_show(value)} is not one of {', '.join(map(_show, bound))}"
    if kind == "const":
        return f"{where}: {_show(value)} is not {_show(bound)}"
    if kind == "uniqueItems":
        return f"{where}: {_show(value)} has repeated items"
    if kind == "oneOf":
        return f"{where}: {_show(value)} is not a string or a list of strings"
    return f"{where}: {error.message}"


def collect(validator: jsonschema.protocols.Validator, instance: Any) -> list[str]:
    """Every violation, in document order, as English phrases."""
    errors: Iterable[jsonschema.ValidationError] = validator.iter_errors(instance)
    # Sorted by field, then by phrase, so the message is the same whatever order jsonschema uses.
    ordered = sorted(errors, key=lambda e: ([str(p) for p in e.absolute_path], describe(e)))
    return [describe(e) for e in ordered]


def first_problem(validator: jsonschema.protocols.Validator, instance: Any, *, whole: str) -> str | None:
    """The most relevant violation as `path: message` (`whole` names the top level), or None."""
    error = jsonschema.exceptions.best_match(validator.iter_errors(instance))
    if error is None:
        return None
    where = ".".join(str(p) for p in error.absolute_path) or whole
    return f"{where}: {error.message}"


def record_checker(name: str) -> Callable[[dict[str, Any]], None]:
    """A check of records we write ourselves against `schemas/<name>.schema.json`.

    A record that does not match is our bug, not the user's: it raises TypeError.
    """
    from seaspider.resources import load_schema

    validator = jsonschema.Draft202012Validator(load_schema(name))

    def check(record: dict[str, Any]) -> None:
        error = jsonschema.exceptions.best_match(validator.iter_errors(record))
        if error is not None:
            raise TypeError(f"{name} record does not match its schema: {error.message}")

    return check


def load_json_file(path: str | os.PathLike[str], *, what: str, missing_hint: str) -> Any:
    """The parsed JSON of the `what` file at `path` (e.g. "configuration"), or ConfigError in one sentence.

    `missing_hint` completes the sentence for a file that does not exist ("pass the path of …").
    """
    from seaspider.errors import ConfigError

    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(f"{file}: the {what} file does not exist; {missing_hint}.") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"{file}: the {what} file cannot be read ({exc}).") from exc
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ConfigError(f"{file}: line {exc.lineno} column {exc.colno}: not valid JSON ({exc.msg}).") from exc
