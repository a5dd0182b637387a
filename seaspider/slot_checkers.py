"""Sea Spider's slot checkers: the deputy's `url` and `host` slot types, judged by the crawler's rules.

The deputy stays generic; here its `url` and `host` slots become Sea Spider's canonical URLs and host
names, refused with the same policy the crawler applies (only literal addresses can be judged before DNS).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from deputy import RefusalKind, SlotRejected
from seaspider.errors import InvalidURL
from seaspider.web.addresses import literal_ip, refusal_reason
from seaspider.web.urls import URL, parse_target

__all__ = ["check_host", "check_url", "host_checker", "url_checker"]


# Names that never reach the public web, refused before any lookup when private addresses are not
# allowed: RFC 6761 (test, invalid, localhost), RFC 6762 (local; and its appendix G: intranet,
# internal, private, corp, home, lan), RFC 8375 (home.arpa), RFC 7686 (onion), RFC 9476 (alt), ICANN's
# 2024 reservation of internal, and localdomain. `.example` stays readable: the specification's own
# prompts use it, and it resolves nowhere, so a fetch of it fails harmlessly at the resolver.
_PRIVATE_SUFFIXES = (
    "test", "invalid", "localhost", "local", "localdomain", "internal", "intranet", "private", "corp", "home",
    "lan", "onion", "alt", "home.arpa",
)
# Two addresses written without a space ("A,https://B") are one odd URL to a parser and two to a reader.
_GLUED = re.compile(r"[,;](?:[a-z][a-z0-9+.-]{0,15}://|www\.)", re.IGNORECASE)


def _name_reason(host: str) -> tuple[RefusalKind, str] | None:
    """Why a host name is not a public web host (a hyphen at a label's edge, a reserved name), or None."""
    name = host.rstrip(".").lower()
    if not name or name.startswith("[") or literal_ip(name) is not None:
        return None
    labels = name.split(".")
    edged = next((label for label in labels if label.startswith("-") or label.endswith("-")), None)
    if edged is not None:
        why = f"{host} is not a valid host name (the label {edged!r} starts or ends with a hyphen)"
        return RefusalKind.INVALID_VALUE, why
    suffix = next((s for s in _PRIVATE_SUFFIXES if name == s or name.endswith("." + s)), None)
    if suffix is not None:
        return (
            RefusalKind.DISALLOWED_VALUE,
            f"{host} is a name under .{suffix}, which is never a public web host, and I do not fetch non-public addresses",
        )
    return None


def _parse(text: str, *, allow_private: bool) -> URL:
    glued = _GLUED.search(text)
    if glued is not None:
        raise SlotRejected(
            RefusalKind.INVALID_VALUE,
            f"{text} looks like two addresses joined by {glued.group(0)[0]!r}, and I cannot tell which one is meant",
        )
    if text.count("(") > text.count(")") or text.count("[") > text.count("]"):
        # "https://a.example/$(curl http://b.example/x)": a bracket opened in an address and closed only
        # after a space means the address was cut there; its two halves are not two pages to fetch.
        raise SlotRejected(
            RefusalKind.INVALID_VALUE, f"{text} opens a bracket it does not close, so the address looks cut short"
        )
    try:
        url = parse_target(text)
    except InvalidURL as exc:
        detail = str(exc)
        # The URL module's messages start with the text they judged; the reason names it once.
        if ": " in detail:
            detail = detail.split(": ", 1)[1]
        raise SlotRejected(RefusalKind.INVALID_VALUE, f"{text} is not an address I can fetch ({detail})") from exc
    why = refusal_reason(url.host, allow_private=allow_private)
    if why is not None:
        raise SlotRejected(
            RefusalKind.DISALLOWED_VALUE, f"{why}, and I do not fetch non-public addresses"
        )
    if not allow_private and "." not in url.host and ":" not in url.host:
        # A one-label name ("intranet", or "https://exa" from "https://exa mple.com/") is never a public
        # web host: refusing it here keeps a URL broken by a space from becoming two fetches.
        raise SlotRejected(
            RefusalKind.INVALID_VALUE, f"{text} is not an address I can fetch ({url.host} is not a public host name)"
        )
    named = _name_reason(url.host)
    if named is not None and (named[0] is RefusalKind.INVALID_VALUE or not allow_private):
        raise SlotRejected(*named)
    return url


def url_checker(*, allow_private: bool = False) -> Callable[[str], str]:
    """The `url` slot type: canonical URL text; a bare host or host/path gets https://."""

    def check(text: str) -> str:
        return str(_parse(text, allow_private=allow_private))

    return check


def host_checker(*, allow_private: bool = False) -> Callable[[str], str]:
    """The `host` slot type: a host name, from a bare host or a URL that names only a site."""

    def check(text: str) -> str:
        url = _parse(text, allow_private=allow_private)
        if url.path != "/" or url.query is not None:
            raise SlotRejected(RefusalKind.INVALID_VALUE, f"{text} names a page, and I count pages by host")
        return url.host

    return check


check_url = url_checker()
check_host = host_checker()
