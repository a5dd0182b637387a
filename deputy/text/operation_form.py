"""A form whose fields name the operation and the address apart (round 29, forms29):
"**Action:** robots check\\n**Target:** A", "Form submission\\nRequest type: Sitemap lookup\\nSite: A\\nRequested by:
M. Dubois", "What do you need? read the stored text\\nURL: A\\nDeadline: Friday".

The request is the operation field's value said of the address field's: "robots check A". The caller reads that
phrase with every check (deputy.reader), so the value itself decides the operation ("Sitemap lookup",
"page info", "download") and a negated, conditional or refused value ("do not fetch", "fetch if it changed",
"delete") is refused as that phrase would be.

Only a form of "Label: value" lines (bold or plain labels; a question label closed by "?"), with an optional
title line first of up to three words closing with a noun of `words.form_titles` ("Form submission", "Web form"), holding exactly one field of `words.operation_fields` whose value names
no address, exactly one field of `words.address_fields` whose value is one address and nothing else, and any
other fields only when their label and value together name no address and hold nothing that could change a
request (deputy.forms.quoted); a negation or a condition there ("Run after: the deploy") refuses the form as
such, anything else ("Notes: the page A came up") leaves it as written. A
field of `words.deadline_fields` may name a day alone ("Deadline: Friday"), which acting now meets.
A label given twice ("Target: A\\nTarget: B") leaves the form as written. Pure text work.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deputy.forms.quoted import quoted_refusal
from deputy.protect import protect
from deputy.refusals import RefusalKind
from deputy.vocab import ReaderWords

__all__ = ["FormRequest", "operation_form"]

# "**Request type:** sitemaps", "Site: A", "What do you need? stored text": a label of one to three words (or a
# question of up to five words closed by "?"), bold, underscored or plain, then its value on the same line.
_FIELD = re.compile(
    r"^[ \t]*(?P<open>\*\*|__)?(?P<label>[A-Za-z][A-Za-z-]*(?:[ \t]+[A-Za-z][A-Za-z-]*){0,2}[ \t]*:"
    r"|[A-Za-z][A-Za-z'’-]*(?:[ \t]+[A-Za-z][A-Za-z'’-]*){1,4}[ \t]*\?)"
    r"(?:[ \t]*(?P=open))?[ \t]*(?P<value>.*?)[ \t]*$"
)
# "Form submission", "Support form": a title of one to three plain words over the fields.
_TITLE = re.compile(r"^[ \t]*[A-Za-z][A-Za-z-]*(?:[ \t]+[A-Za-z][A-Za-z-]*){0,2}[ \t]*$")
# A deadline field's value that only names a day ("Friday", "next Monday", "end of week", "2026-12-04"): it says
# by when the act is wanted, and acting now meets it; anything more ("after the deploy") is checked as any field.
_DAY = re.compile(
    r"^(?:(?:by|next|this|on)[ \t]+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow"
    r"|eod|cob|end[ \t]+of[ \t]+(?:the[ \t]+)?(?:day|week|month)|\d{4}-\d{2}-\d{2}|\d{1,2}[ \t]+[a-z]{3,9})\.?$",
    re.IGNORECASE,
)
_HELD_BACK = frozenset({RefusalKind.NEGATION, RefusalKind.CONDITION})
_MAX_LINES = 8  # a form of a handful of fields; a longer text is more than a form


@dataclass(frozen=True)
class FormRequest:
    """What a form asks: the operation field's value and the one address of the address field."""

    operation: str
    address: str
    # A further field's negation or condition ("Run after: the deploy" → (CONDITION, "after")): it refuses the form.
    refused: tuple[RefusalKind, str] | None = None

    def phrases(self) -> tuple[str, str]:
        """The request as the reader may read it: "robots check A", then "robots check for A" (a noun phrase
        naming the operation is said of the address with "for", as "sitemaps for A" is)."""
        return f"{self.operation} {self.address}", f"{self.operation} for {self.address}"


def _label(raw: str) -> str:
    return " ".join(raw.rstrip(":?").replace("’", "'").lower().split())


def operation_form(text: str, words: ReaderWords) -> FormRequest | None:
    """The form's operation and address, or None when the text is no such form (read as written then)."""
    if not words.operation_fields or not words.address_fields:
        return None
    lines = [line for line in text.strip().split("\n") if line.strip()]
    if len(lines) < 2 or len(lines) > _MAX_LINES:
        return None
    if _FIELD.match(lines[0]) is None and _TITLE.match(lines[0]) is not None:
        if lines[0].split()[-1].lower() not in words.form_titles or quoted_refusal(lines[0], words) is not None:
            return None  # "Do not fetch" over the fields is no title
        lines = lines[1:]  # "Form submission", "Support form": a title over the fields asks nothing
    fields: dict[str, str] = {}
    for line in lines:
        found = _FIELD.match(line)
        if found is None:
            return None
        label = _label(found.group("label"))
        if label in fields:
            return None  # a field given twice says two things, and neither is taken
        fields[label] = found.group("value").strip().strip("*_`").strip()
    operations = [label for label in fields if label in words.operation_fields]
    addresses = [label for label in fields if label in words.address_fields]
    if len(operations) != 1 or len(addresses) != 1:
        return None
    operation, address = fields[operations[0]], fields[addresses[0]]
    if not operation or protect(operation).items:
        return None
    items = protect(address).items
    if len(items) != 1 or items[0].source.strip() != address:
        return None  # "Site: A and B", "Site: see A": the field must hold one address alone
    for label, value in fields.items():
        if label in (operations[0], addresses[0]) or value in {"", "—", "–", "-", "n/a", "none"}:
            continue
        if label in words.deadline_fields and _DAY.match(value) is not None:
            continue  # "Deadline: Friday": by when, met by acting now
        refused = quoted_refusal(f"{label} {value}", words)
        if refused is not None and refused[0] in _HELD_BACK:
            # "Run after: the deploy", "Deadline: not before May": the form's request is held back by it
            return FormRequest(operation=operation, address=address, refused=refused)
        if refused is not None:
            return None  # "Notes: the page A …": left as written, refused as before
    return FormRequest(operation=operation, address=address)

