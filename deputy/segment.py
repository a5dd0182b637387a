"""Where the sentences of a prompt start, decided from words and tags before the parser runs.

Agents write a request inside other sentences: "Background: I'm writing notes. Task: fetch A",
"Fetch A now — it's for the briefing", "Please fetch A, the user is job hunting". The small model
often hangs such a request under the context clause (a ccomp of "is"). Marking the sentence starts
first keeps each clause a sentence of its own; the parser respects the marks. Pure: words and tags in,
token indices out.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Token", "sentence_starts"]

_DASHES = frozenset({"—", "–", "--", ";"})
_ENDS = frozenset({".", "!", "?", "…", "..."})
_FINITE = frozenset({"VBZ", "VBP", "VBD", "MD"})
_VERB_TAGS = frozenset({"VB", "VBD", "VBG", "VBN", "VBP", "VBZ", "MD"})
_SUBJECT_PRONOUNS = frozenset({"i", "we", "it", "this", "that", "they", "he", "she", "there"})
_NOMINAL = frozenset({"NN", "NNS", "NNP", "NNPS", "JJ", "CD", "POS"})
_OPENERS = frozenset({"please", "kindly", "also", "then", "now", "and", "so", "just", "ok", "okay"})


@dataclass(frozen=True, slots=True)
class Token:
    """What segmentation sees of a word: its text, fine tag, the space before it, whether it is an address."""

    text: str
    tag: str
    gap: str  # the whitespace before the word in the prompt ("" when it touches the previous one)
    address: bool
    opens: bool = False  # the reader put "please" here, before a verb that opens a sentence


def sentence_starts(tokens: list[Token]) -> frozenset[int]:
    """The indices (after the first) where a new sentence must start."""
    starts: set[int] = set()
    for i in range(1, len(tokens)):
        if _starts_here(tokens, i, starts):
            starts.add(i)
    return frozenset(starts)


def _starts_here(tokens: list[Token], i: int, starts: set[int]) -> bool:
    prev, tok = tokens[i - 1], tokens[i]
    if prev.text == ")" and _remark_closed(tokens, i - 1):
        return True  # even before a final "?": it ends the request, not the remark
    if tok.text in _ENDS or (tok.text in _DASHES and prev.text in _ENDS):
        return False
    if prev.text in _DASHES or tok.opens:
        return True
    if prev.text == "-" and prev.gap and tok.gap and "\n" not in prev.gap and i >= 2 and tokens[i - 2].text != ":":
        return True  # "Fetch A - it's for the briefing": a spaced hyphen is a dash; a bullet opens a line
    if prev.text in ("?", "!"):
        return True
    if prev.text in (".", "...", "…") and tok.text[:1].isalpha() and not _numbered(tokens, i - 1):
        return True
    if "\n" in tok.gap and tok.text[:1].isalpha() and prev.text not in (":", ",") and not prev.address:
        return True  # a new line of words after a finished line
    if "\n" in tok.gap and prev.address and tok.text.lower() in _OPENERS and _opens_clause(_until_end(tokens, i)):
        return True  # "* A\n* B\nplease download both": a request on the line after a list of addresses
    if tok.text == "(" and prev.address:
        return True  # "A (the PDF version)": a remark about an address is a sentence of its own
    if prev.address and tok.text[:1].isupper() and tok.text.isalpha() and tok.text != "I" and tok.gap:
        return True  # "pls fetch A The user is comparing …": a capital after an address starts anew
    if prev.text == ":":
        return _label_colon(tokens, i, starts)
    if prev.text != "," and _second_question(tokens, i, starts):
        return True  # "Did you fetch A and how many pages do you have?": the same second question, unpunctuated
    if prev.text == ",":
        return _comma_splice(tokens, i, starts) or _second_question(tokens, i, starts) or _next_step(tokens, i, starts)
    return False


# Words that open the next step of a request after a comma: "Fetch A, then fetch B".
_SEQUENCE = frozenset({"then", "afterwards"})
_COURTEOUS = frozenset({"please", "kindly", "also", "just"})


def _next_step(tokens: list[Token], i: int, starts: set[int]) -> bool:
    """"Fetch A, then fetch B too": a comma, "then" and the request's own verb again open a second
    request, read as a sentence of its own (as "Fetch A; then fetch B" and "Fetch A. Then fetch B."
    already are), so each step is judged alone: a condition or negation in it still refuses.

    Only after a request: the left side opens with a bare verb ("Fetch A"), or with a modal, "you" and a
    bare verb ("Could you fetch A"); "If A is up, then fetch B" opens with "if" and is left as written.
    Only the same verb repeated: "Fetch A, then summarise it for the user" is a plan whose later step
    another rule reads in one sentence (deputy.forms.pointed), and stays one sentence.
    """
    if tokens[i].text.lower() not in _SEQUENCE:
        return False
    right = [t for t in _until_end(tokens, i + 1) if t.text.lower() not in _COURTEOUS]
    if not right or right[0].tag != "VB" or right[0].address:
        return False
    left = [t for t in _since_start(tokens, i - 1, starts) if t.text.lower() not in _OPENERS]
    if len(left) > 2 and left[0].tag == "MD" and left[1].text.lower() == "you":
        left = left[2:]  # "Could you fetch A, then fetch B?"
    return bool(left) and left[0].tag == "VB" and not left[0].address and left[0].text.lower() == right[0].text.lower()


def _numbered(tokens: list[Token], dot: int) -> bool:
    """"1." in a numbered list: the dot ends a number, not a sentence."""
    return dot >= 1 and tokens[dot - 1].text.isdigit()


def _remark_closed(tokens: list[Token], close: int) -> bool:
    """Whether the `)` at `close` closes a remark opened right after an address."""
    depth = 0
    for j in range(close, -1, -1):
        if tokens[j].text == ")":
            depth += 1
        elif tokens[j].text == "(":
            depth -= 1
            if depth == 0:
                return j >= 1 and tokens[j - 1].address
    return False


def _since_start(tokens: list[Token], i: int, starts: set[int]) -> list[Token]:
    """The tokens of the current sentence before index `i`."""
    begin = max([s for s in starts if s < i], default=0)
    for j in range(i - 1, begin - 1, -1):
        if tokens[j].text in _ENDS or tokens[j].text in _DASHES:
            begin = j + 1
            break
    return tokens[begin:i]


def _until_end(tokens: list[Token], i: int) -> list[Token]:
    out = []
    for tok in tokens[i:]:
        if tok.text in _ENDS or tok.text in _DASHES:
            break
        out.append(tok)
    return out


def _opens_clause(right: list[Token]) -> bool:
    """An imperative ("please fetch …") or a subject with its finite verb ("the user is …")."""
    words = [t for t in right if t.text.lower() not in _OPENERS and t.text != ","]
    if not words:
        return False
    if words[0].tag == "VB" and not words[0].address:
        return True
    if words[0].tag in _FINITE and len(words) > 1 and words[1].text.lower() in _SUBJECT_PRONOUNS | {"you"}:
        return True  # a question: "…: did you fetch A?"
    if words[0].text.lower() in _AUXILIARIES and len(words) > 1 and words[1].text.lower() in _INDEFINITES:
        return True  # a question about the queue: "Status check: is anything still running?"
    if (words[0].text.lower() in _AUXILIARIES and len(words) > 2 and words[1].text.lower() == "any"
            and words[2].tag in ("NN", "NNS") and not words[2].address):
        return True  # the same with a counted subject: "Status check: are any jobs still queued?"
    return _subject_then_verb(words)


def _subject_then_verb(words: list[Token]) -> bool:
    first = words[0]
    if first.address:
        return False
    if first.text.lower() in _SUBJECT_PRONOUNS or first.tag == "EX":
        return len(words) > 1 and words[1].tag in _FINITE
    if first.tag not in ("DT", "PRP$") and first.tag not in _NOMINAL:
        return False
    for tok in words[1:5]:
        if tok.tag in _FINITE:
            return True
        if tok.tag not in _NOMINAL or tok.address:
            return False
    return False


def _label_colon(tokens: list[Token], i: int, starts: set[int]) -> bool:
    """"Task: download A", "Background: I'm writing notes": a label, then a clause of its own.

    A colon before a list ("fetch these pages: A, B") starts nothing: the right side has no verb.
    """
    right = _until_end(tokens, i)
    if not any(t.tag in _VERB_TAGS and not t.address for t in right):
        return False
    left = [t for t in _since_start(tokens, i - 1, starts)]
    if not any(t.tag in _VERB_TAGS and not t.address for t in left):
        return True
    return _opens_clause(right)


# Subjects of a question about what is waiting or running ("is anything still queued?").
_INDEFINITES = frozenset({"anything", "something", "everything", "nothing"})
_QUESTION_WORDS = frozenset({"what", "when", "which", "how", "who", "where", "whether"})
_AUXILIARIES = frozenset({
    "is", "are", "was", "were", "do", "does", "did", "has", "have", "had", "can", "could", "will", "would",
    "may", "might", "should",
})


def _second_question(tokens: list[Token], i: int, starts: set[int]) -> bool:
    """"When was A last fetched, and what status did it return?": a question, a comma, "and" and a question
    word or an auxiliary ("…, and is anything running?") open a second question, which is read as a sentence of its own (and must ask the same thing of
    the same capability to be answered at all). Only after a sentence that is itself a question: "Fetch
    A, and what did you get from B?" stays one sentence, as before. The comma is not needed: "Did you fetch
    A and how many pages do you have?" splits the same way (round 24), where the parse would hang the
    second question's verb on the first as a conjunct and only the first would be answered."""
    if tokens[i].text.lower() != "and" or i + 1 >= len(tokens):
        return False
    if tokens[i + 1].text.lower() not in _QUESTION_WORDS | _AUXILIARIES:
        return False
    if _asks_when(tokens, i):
        return False
    left = [t for t in _since_start(tokens, i - 1, starts) if t.text.lower() not in _OPENERS]
    if not left or left[0].address:
        return False
    first = left[0].text.lower()
    return first in _QUESTION_WORDS or first in _AUXILIARIES


def _asks_when(tokens: list[Token], i: int) -> bool:
    """"What did you get from A, and when?": "when" alone before the closing "?" asks the date of the same
    record (one sentence, as without the comma), not a second question of its own. Only "when": a
    record has a date; "…, and why?" is split and read as the second question it is (round 15)."""
    return i + 1 < len(tokens) and tokens[i + 1].text.lower() == "when" and [t.text for t in tokens[i + 2:]] == ["?"]


def _comma_splice(tokens: list[Token], i: int, starts: set[int]) -> bool:
    """"Please fetch A, the user is job hunting": a comma, then a subject and its finite verb."""
    left = _since_start(tokens, i - 1, starts)
    if not any(t.tag in _VERB_TAGS and not t.address for t in left):
        return False
    right = [t for t in _until_end(tokens, i)]
    if not right or right[0].text.lower() in ("you", "yourself"):
        return False
    if right[0].text.lower() in ("please", "kindly") and len(right) > 1 and right[1].tag == "VB":
        return True  # "I need what's at A, please grab it"
    if (right[0].tag == "MD" and len(right) > 2 and right[1].text.lower() == "you" and right[2].tag == "VB"
            and any(t.tag in _FINITE for t in left)):
        return True  # "I think we need A, could you fetch it?": a statement, then the request
    if right[0].text.lower() == "so" and any(t.tag in _FINITE for t in left):
        # "I'll cite it in the summary, so fetch A first": a statement, then the request it leads to.
        rest = [t for t in right[1:] if t.text.lower() not in ("please", "kindly")]
        return bool(rest) and rest[0].tag == "VB" and not rest[0].address
    return _subject_then_verb(right)
