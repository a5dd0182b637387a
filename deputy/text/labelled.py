"""A label opening the prompt's first line (round 17): "**Robots check:** is A allowed for your crawler?",
"Robots check: A", "List declared sitemaps: A", "tool_call: read(url=\\"A\\")", "Status check:\\n```json …```".

The label ("<a few words>:", in bold or not, or "<words> - ") names what the line is about. What follows
it decides what the label is:

- a question ("is A allowed …?", "what is queued?", "could you fetch A?"): the label is a heading over it
  and is dropped; the question is read with every check, and the label (which holds nothing that could
  change a request, see below) takes nothing from it.
- one address and nothing else: the label is the request, put as "<label> of A" ("Robots check of A"), and
  only when the label names a thing a capability that only observes answers about ("robots", "sitemaps")
  and holds no verb that acts ("Fetch: A" stays as written).
- one JSON object or one call ('read(url="A")'), perhaps in a code fence: the label only names the block,
  and the block is read alone by the passes that unpack it.

The label must be a few words, name no address and hold nothing that could change a request
(deputy.forms.quoted: "Delete request: A" stays, and is refused as the verb it names). Also here: a site
hung from an observed noun by a participle ("the sitemaps declared by A") is put as "the sitemaps of A",
and such a participle before the noun ("declared sitemaps") is dropped. Pure text work.
"""

from __future__ import annotations

import re

from deputy.forms.quoted import quoted_refusal
from deputy.protect import ItemKind, protect
from deputy.vocab import ReaderWords

__all__ = ["read_label", "unhang_agents"]

# "**Robots check:** …", "__Robots__: …", "Robots check: …", "Robots.txt check - …" on the first line.
_LABEL = re.compile(
    r"\A[ \t]*(?P<open>\*\*|__)?(?P<label>[^\W\d_][\w.' -]{0,48}?)(?:(?P=open))?[ \t]*"
    r"(?::(?:(?P=open))?|[ \t]-|[ \t]–|[ \t]—)(?:(?P=open))?[ \t]*(?P<rest>.*)\Z",
    re.DOTALL,
)
_ASKING = frozenset({
    "is", "are", "was", "were", "do", "does", "did", "has", "have", "had", "can", "could", "may", "might", "will",
    "would", "should", "what", "which", "how", "when", "where", "who", "whose", "why", "am",
})
_FENCED = re.compile(r"\A```[\w+-]*[ \t]*\n(?P<body>.*?)\n[ \t]*```\Z", re.DOTALL)
_CALL = re.compile(r"\A[A-Za-z_][\w.]*\((?:[^()\n]|\([^()\n]*\))*\)\Z")
_WORDS = re.compile(r"[^\W\d_][\w'’-]*")
_MAX_LABEL_WORDS = 5
# Where an address starts ("https://", "www.", "hm.com"): an agent phrase hangs only an address this way.
_ADDRESS_START = r"(?:https?://|www\.|[\w-]+\.[A-Za-z]{2,})"


def _machine(rest: str) -> str | None:
    """The rest as one JSON object or one call, out of its fence; None when it is anything else."""
    body = rest.strip()
    fenced = _FENCED.match(body)
    if fenced is not None:
        body = fenced.group("body").strip()
    if body.startswith("{") and body.endswith("}"):
        return body
    return body if _CALL.match(body) else None


def _only_address(rest: str) -> str | None:
    """The one address the rest is, perhaps with closing punctuation or "please"; None otherwise."""
    found = protect(rest.strip())
    if len(found.items) != 1 or found.items[0].kind is not ItemKind.ADDRESS:
        return None
    around = " ".join(" ".join(found.pieces).replace(",", " ").split()).strip(" .!").lower()
    return found.items[0].source if around in ("", "please") else None


def read_label(text: str, words: ReaderWords, *, actions: frozenset[str], observed: frozenset[str]) -> str:
    """The text with its opening label read as a heading, the request itself, or a block's name; else as written.

    `actions` are the verbs that make me act; `observed` the nouns capabilities that only observe answer about.
    """
    found = _LABEL.match(text)
    if found is None:
        return text
    label, rest = found.group("label").strip(), found.group("rest")
    said = [w.lower() for w in _WORDS.findall(label)]
    if not said or len(said) > _MAX_LABEL_WORDS or not rest.strip():
        return text
    if protect(label).items or quoted_refusal(label, words) is not None:
        return text
    if label.lower() in words.request_fields | words.header_fields:
        return text  # a ticket's field ("Action: fetch A") is read by deputy.text.fields
    block = _machine(rest)
    if block is not None:
        return block
    first = rest.lstrip().split(None, 1)[0].lower() if rest.strip() else ""
    if "\n" not in rest.strip() and rest.rstrip().endswith("?") and first in _ASKING:
        return rest.strip()
    address = _only_address(rest)
    # One word alone ("Sitemaps: A") is the fragment the capability's own form reads; a label of two words
    # or more ("Robots check", "List declared sitemaps") is put as that fragment.
    if (address is not None and len(said) >= 2 and not any(w in actions for w in said)
            and any(w in observed for w in said)):
        kept = [w for w in label.split() if w.lower().strip(".") not in words.agent_participles]
        return " ".join(kept) + " of " + address
    return text


# What a noun an observing capability answers about may be counted in ("sitemap files", "sitemap URLs").
_LISTED_THINGS = r"(?:files?|urls?|entries|links|locations)"
# Where such a participle says the things are listed: "in robots.txt", "in the robots file", "inside its robots.txt".
_IN_ROBOTS = r"(?:in|inside|within)[ \t]+(?:the[ \t]+|its[ \t]+|their[ \t]+)?robots(?:\.txt)?\b"


def unhang_agents(text: str, words: ReaderWords, *, observed: frozenset[str]) -> str:
    """"the sitemaps declared by A" → "the sitemaps of A"; "declared sitemaps" → "sitemaps"; "the sitemaps
    listed in robots.txt for A" → "the sitemaps in robots.txt for A" (observed nouns only)."""
    if not words.agent_participles or not observed:
        return text
    lower = text.lower()
    if not any(p in lower for p in words.agent_participles):
        return text
    nouns = "|".join(re.escape(n) for n in sorted(observed, key=len, reverse=True) if n.isalpha())
    participles = "|".join(re.escape(p) for p in sorted(words.agent_participles, key=len, reverse=True))
    out = re.sub(rf"\b({nouns})[ \t]+(?:{participles})[ \t]+by(?=[ \t]+[`<]?{_ADDRESS_START})", r"\1 of", text,
                 flags=re.IGNORECASE)
    out = re.sub(rf"\b(?:{participles})[ \t]+(?=(?:{nouns})\b)", "", out, flags=re.IGNORECASE)
    # Round 28 (ops28): "the sitemap files advertised in robots.txt for A" is "the sitemap files in robots.txt for
    # A": the participle between the observed noun (with "files"/"URLs" after it) and the robots file it names
    # says where the sitemaps are listed, and the model hung "for A" from it, out of the request's reach.
    return re.sub(rf"\b((?:{nouns})(?:[ \t]+{_LISTED_THINGS})?)[ \t]+(?:{participles})[ \t]+(?={_IN_ROBOTS})", r"\1 ",
                  out, flags=re.IGNORECASE)
