"""Binds a chosen capability's typed slots from the protected tokens of the action's own parse.

The injected slot checkers turn each token into a canonical value or refuse it (SlotRejected); this
module counts the values against the slot's bounds, keeps one role per list and makes the Plan.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from deputy.protect import protect
from deputy.refusals import Refusal, Refuser, RefusalKind, SlotRejected, join_words
from deputy.skeleton import Skeleton, SlotToken
from deputy.vocab import Capability, SlotSpec

__all__ = ["Binder", "Plan", "SlotChecker"]

SlotChecker = Callable[[str], Any]


@dataclass(frozen=True, slots=True)
class Plan:
    """What the prompt asks for: a capability, its handler and operation, and canonical typed arguments.

    `args` maps slot names to canonical values (a tuple for list slots); `json_args()` gives plain JSON.
    """

    capability: str
    handler: str
    operation: str
    args: Mapping[str, Any]
    skeleton: Skeleton

    @property
    def act(self) -> bool:
        """Always True: a plan is something to do."""
        return True

    def json_args(self) -> dict[str, Any]:
        """The arguments as a fresh JSON-able dict (lists for list slots)."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.args.items()}


class Binder:
    """Fills slots with checked values; `scoped` is False only when a test switched the scope check off."""

    def __init__(self, checkers: Mapping[str, SlotChecker], refuser: Refuser, *, scoped: bool = True) -> None:
        self._checkers = checkers
        self._refuser = refuser
        self._scoped = scoped

    def rejected(self, tokens: Iterable[SlotToken], types: Iterable[str], sk: Skeleton) -> Refusal | None:
        """The first address every given checker refuses, as that refusal (it outranks any wording)."""
        checkers = [self._checkers[t] for t in dict.fromkeys(types)]
        if not checkers:
            return None
        for token in tokens:
            if token.kind != "address":
                continue
            first: SlotRejected | None = None
            for checker in checkers:
                try:
                    checker(token.text)
                except SlotRejected as exc:
                    first = first or exc
                    continue
                first = None
                break
            if first is not None:
                return self._refuser.rejected(first, sk)
        return None

    def too_many(self, tokens: Iterable[SlotToken], widest: tuple[Capability, SlotSpec] | None, sk: Skeleton) -> Refusal | None:
        """More distinct addresses than the `widest` address slot takes ("Fetch all twenty chapters: A1,
        …, A20"): no wording makes that a request I act on, so the count is the telling reason."""
        if widest is None:
            return None
        capability, most = widest
        addresses = [t for t in tokens if t.kind == "address"]
        if len(addresses) <= most.max:
            return None  # the common case: no checker runs twice
        values: list[Any] = []
        for token in addresses:
            try:
                value = self._checkers[most.type](token.text)
            except SlotRejected:
                value = token.text
            if value not in values:
                values.append(value)
        if len(values) <= most.max:
            return None  # "Fetch the following (one is listed twice)": the same page twice is one page
        return self._refuser.refuse(
            RefusalKind.TOO_MANY_VALUES, sk, _too_many(capability), count=len(values), max=most.max,
            values=_addresses(len(values)), capability=capability.name,
        )

    def bind(self, capability: Capability, sk: Skeleton) -> Plan | Refusal:
        """The plan with every slot filled from tokens inside the action's parse, or why not."""
        args: dict[str, Any] = {}
        for takes in ("address", "quote"):
            tokens = [s for s in sk.slots if s.kind == takes and (s.in_scope or not self._scoped)]
            spec = next((s for s in capability.slots if s.takes == takes), None)
            if spec is None:
                if not tokens:
                    continue
                if takes == "quote":
                    return self._refuser.refuse(RefusalKind.NOT_UNDERSTOOD, sk, "unused_quote")
                return self._refuser.refuse(
                    RefusalKind.TOO_MANY_VALUES, sk, "value_not_wanted", count=len(tokens), max=0,
                    values=_addresses(len(tokens)), capability=capability.name,
                )
            bound = self._fill(spec, tokens, sk, capability)
            if isinstance(bound, Refusal):
                return bound
            if bound is not None:
                args[spec.name] = bound
        return Plan(
            capability=capability.name, handler=capability.handler, operation=capability.operation,
            args=MappingProxyType(args), skeleton=sk,
        )

    def merge(self, capability: Capability, first: Plan, more: list[Plan], sk: Skeleton) -> Plan | Refusal:
        """One plan from several request sentences for one capability ("Fetch A. Also fetch B.")."""
        args = dict(first.args)
        for plan in more:
            for spec in capability.slots:
                if spec.name not in plan.args:
                    continue
                mine = args.get(spec.name)
                theirs = plan.args[spec.name]
                listed = spec.is_list or spec.max > 1
                values = list(mine if listed and mine is not None else ([mine] if mine is not None else []))
                for value in theirs if listed else (theirs,):
                    if value not in values:
                        values.append(value)
                if len(values) > spec.max:
                    return self._refuser.refuse(
                        RefusalKind.TOO_MANY_VALUES, sk, _too_many(capability), count=len(values), max=spec.max,
                        values=_addresses(len(values)), capability=capability.name,
                    )
                args[spec.name] = tuple(values) if listed else values[0]
        return Plan(
            capability=capability.name, handler=capability.handler, operation=capability.operation,
            args=MappingProxyType(args), skeleton=sk,
        )

    def _fill(self, spec: SlotSpec, tokens: list[SlotToken], sk: Skeleton, capability: Capability) -> Any:
        checker = self._checkers[spec.type]
        values: list[Any] = []
        for token in tokens:
            try:
                value = checker(token.text)
                if token.link_text:
                    _check_link_text(checker, token, value)
            except SlotRejected as rejected:
                return self._refuser.rejected(rejected, sk)
            except _LinkMismatch:
                return self._refuser.refuse(RefusalKind.INVALID_VALUE, sk, "link_mismatch", word=token.link_text or "")
            if value not in values:
                values.append(value)
        predicate = sk.predicate or capability.operation
        if len(values) < spec.min:
            if spec.takes == "quote":
                return self._refuser.refuse(RefusalKind.NOT_UNDERSTOOD, sk, "no_quote", predicate=predicate)
            return self._refuser.refuse(RefusalKind.NO_VALUE, sk, "no_value", predicate=predicate, min=spec.min)
        if len(values) > spec.max:
            if spec.takes == "quote":
                return self._refuser.refuse(
                    RefusalKind.NOT_UNDERSTOOD, sk, "too_many_quotes", count=len(values), max=spec.max
                )
            return self._refuser.refuse(
                RefusalKind.TOO_MANY_VALUES, sk, _too_many(capability), count=len(values), max=spec.max,
                values=_addresses(len(values)), capability=capability.name,
            )
        roles = {t.role for t in tokens if t.role != "list"}
        if len(roles) > 1 and self._scoped:
            # "Fetch A from B", "Fetch A for B": addresses in different roles are not one list.
            return self._refuser.refuse(
                RefusalKind.NOT_UNDERSTOOD, sk, "mixed_roles", word=join_words([t.source for t in tokens])
            )
        if spec.takes == "address" and any(count != len(values) for count in sk.counts):
            return self._refuser.refuse(
                RefusalKind.NOT_UNDERSTOOD, sk, "count_mismatch", count=sk.counts[0], values=_addresses(len(values))
            )
        if not values:
            return None
        return tuple(values) if (spec.is_list or spec.max > 1) else values[0]


class _LinkMismatch(Exception):
    pass


def _check_link_text(checker: SlotChecker, token: SlotToken, value: Any) -> None:
    """A markdown link whose text is itself an address must name the same address as its target."""
    inner = protect(token.link_text or "")
    if len(inner.items) != 1 or any(p.strip() for p in inner.pieces):
        return
    try:
        shown = checker(inner.items[0].text)
    except SlotRejected as exc:
        raise _LinkMismatch from exc
    if shown != value and not _same_site(shown, value):
        raise _LinkMismatch


def _same_site(shown: Any, value: Any) -> bool:
    """`[a.example](https://a.example/page)`: link text naming the host of its own target is fine."""
    text, target = str(shown).rstrip("/"), str(value)
    return target == text or target.startswith(text + "/")


def _addresses(count: int) -> str:
    return "one address" if count == 1 else f"{count} addresses"


def _too_many(capability: Capability) -> str:
    """The reason for more values than a slot takes: a question that answers for one value at a time
    ("Can you fetch A and B?" asks robots.txt) says so; a request says how many it takes (round 21)."""
    return "too_many_asked" if capability.observes else "too_many_values"
