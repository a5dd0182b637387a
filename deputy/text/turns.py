"""Prompts that carry earlier turns of a conversation before the request, as agents write them:
a role-labelled transcript ("Tool result: queue empty\\nUser: fetch A") or a sentence about an
earlier turn ("Earlier you reported a timeout on A. Please fetch A once more.").

Only the requester's last turn asks; the earlier turns (an assistant's answer, a tool's output) are
context, and an order inside them never acts. An address an earlier turn names must be the request's
own, or the one address the request's "it" stands for, or the prompt is refused as naming an address
outside the request (the spec's url_outside_parse). Pure text work over closed lists; the caller reads
the request with every check. Knows no capability.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cache

from deputy.bind import Plan
from deputy.protect import ItemKind, ProtectedItem, protect
from deputy.refusals import Refusal, RefusalKind
from deputy.text.answered_back import answered_request, asked_request, only_address
from deputy.text.count_ellipsis import elliptic_count
from deputy.text.inline_turns import spread_turns
from deputy.text.pointed_turns import pointed_request
from deputy.text.threads import bound_reading, host_covered, names_an_order, pronoun_bound
from deputy.text.turn_labels import label_pattern, label_remark, numbered_speakers, told_apart
from deputy.text.turn_labels import speaker as label_speaker
from deputy.text.turn_tails import without_contrast
from deputy.vocab import ReaderWords

__all__ = ["Turns", "answer_turns", "split_turns"]

_WORDS = re.compile(r"[^\W\d_][\w'’]*")
# Refusals the request itself calls for that outrank an earlier turn's address: they name what the
# requester wrote (a negation, a condition, a refused address), which is the more telling reason.
_OWN_REASONS = frozenset({
    RefusalKind.NEGATION, RefusalKind.CONDITION, RefusalKind.DISALLOWED_VALUE, RefusalKind.INVALID_VALUE,
    RefusalKind.UNSUPPORTED_VERB,
})
_FENCE = re.compile(r"^\s*(```|~~~)")
# Words before the past verb of a sentence about an earlier turn: "Earlier you already fetched A".
_BEFORE_VERB = frozenset({"already", "just", "also"})


@dataclass(frozen=True, slots=True)
class Turns:
    """A prompt cut into the requester's last turn and the earlier turns before it."""

    request: str
    context: tuple[str, ...]
    addresses: tuple[ProtectedItem, ...]  # every address the earlier turns name, quoted ones too
    # The requester's earlier turn with the address of the last turn in its "the … page" phrase, when the
    # deputy asked back which one was meant and the last turn is that address alone (deputy.text.answered_back).
    answered: str | None = None
    # The earlier turns that are not the requester's own (an assistant's, a tool's), when the transcript's
    # labels say who spoke; None when they do not (a sentence about an earlier turn): then all are others'.
    others: tuple[str, ...] | None = None


@cache
def _opener_pattern(openers: frozenset[str]) -> re.Pattern[str]:
    # "Earlier you …", "In your last reply, you …", or "You already …" / "You just …".
    names = "|".join(re.escape(o) for o in sorted(openers, key=len, reverse=True))
    return re.compile(rf"(?:({names})\b,?\s+you\s|you\s+(?:already|just)\s)", re.IGNORECASE)


def _addresses(text: str) -> list[ProtectedItem]:
    """Every address in `text`, those inside a quotation too (a tool's JSON quotes its URLs)."""
    found: list[ProtectedItem] = []
    for item in protect(text).items:
        if item.kind is ItemKind.ADDRESS:
            found.append(item)
        else:
            found.extend(_addresses(item.text))
    return found


def _labelled(text: str, words: ReaderWords) -> tuple[list[tuple[str | None, str]], bool] | None:
    """The turns of a transcript as (speaker label or None, text), and whether a context turn is among
    them; None when the first line has no label. Unlabelled lines after a context turn continue it
    when a later label follows (an answer over several lines) or it opened a fenced block; otherwise
    they are the requester's own turn ("Previous turn: «…»\\nNow also fetch C.")."""
    pattern = label_pattern(words.turn_labels | words.requester_labels, words.numbered_turns,
                            words.earlier_turns | words.said_verbs)
    # Round 23 (turns23): "Previous turn - user: … assistant: …" holds two turns on one line.
    lines = spread_turns(text, pattern, words.turn_labels, words.requester_labels).splitlines()
    labels = [pattern.match(line) for line in lines]
    if labels[0] is None:
        return None
    turns: list[tuple[str | None, list[str]]] = []
    remarks: list[str | None] = []  # each turn's remark in parentheses ("yesterday"), for `told_apart`
    in_fence = False
    for i, (line, label) in enumerate(zip(lines, labels, strict=True)):
        if in_fence:
            turns[-1][1].append(line)
            in_fence = not _FENCE.match(line)
            continue
        if label is not None:
            body = line[label.end():]
            turns.append((label_speaker(label), [body]))
            remarks.append(label_remark(label))
            in_fence = bool(_FENCE.match(body)) and body.count("```") % 2 == 1
            continue
        who = turns[-1][0]
        later_label = any(lab is not None for lab in labels[i + 1:])
        if who in words.turn_labels and not later_label and _closed(turns[-1][1]) and line.strip():
            turns.append((None, [line]))
            remarks.append(None)
            continue
        turns[-1][1].append(line)
        in_fence = bool(_FENCE.match(line))
    # Numbered turns ("Turn 1: …\nTurn 2 (now): …"): the last is the request, those before it context.
    named = numbered_speakers([who for who, _ in turns])
    if named is None:
        return None
    joined = [(who, "\n".join(body).strip()) for who, (_, body) in zip(named, turns, strict=True)]
    # Round 24 (turns24): the requester's turns alone, the last set apart by its remark ("User (today): …"),
    # are a transcript too: the earlier ones are context, held to every check of the requester's own turns.
    apart = told_apart([who for who, _ in joined], remarks, words.requester_labels)
    return joined, apart or any(who in words.turn_labels for who, _ in joined)


def _closed(body: list[str]) -> bool:
    """Whether an earlier turn's text is closed off: one quotation, one JSON object or list, or a fenced
    block. Only after such a turn may unlabelled lines be the requester's own words; after an open one
    ("Assistant: done\nfetch A") they may still be the assistant's, and nothing is asked."""
    text = "\n".join(body).strip().rstrip(".")
    if _FENCE.match(body[0]) or (len(body) > 1 and _FENCE.match(body[1]) and not body[0].strip()):
        return _FENCE.match(body[-1]) is not None and len(body) > 1
    pairs = {"«": "»", "“": "”", '"': '"', "{": "}", "[": "]", "'": "'"}
    return len(text) > 1 and text[0] in pairs and text.endswith(pairs[text[0]])


def _told_then_asked(
    turn: tuple[str | None, str], words: ReaderWords, past: Callable[[str, int], bool]
) -> tuple[list[tuple[str | None, str]], bool] | None:
    """An earlier turn's label whose line goes on with the requester's words: "Previous turn: you said
    robots.txt allowed A. Great — fetch it now." (round 17). The first sentence reports what "you" did
    (its verb is past, right after "you"); what follows it is the request. None for any other line."""
    speaker, body = turn
    end = _first_sentence_end(body)
    if end is None:
        return None
    found = list(_WORDS.finditer(body[:end]))
    if len(found) < 2 or found[0].group().lower() != "you" or not past(body[:end], found[1].start()):
        return None
    return [(speaker, body[:end].strip()), (None, body[end:].strip())], True


_QUOTE_PAIRS = {"«": "»", "“": "”", '"': '"'}


def _quoted_then_asked(turn: tuple[str | None, str]) -> tuple[list[tuple[str | None, str]], bool] | None:
    """An earlier turn's label whose line holds that turn's words in one quotation, then the requester's
    own words: 'Previous answer: «I have queued A.» What did you get from A?' (round 19). The quotation is
    the earlier turn; what follows it is the request. None unless the line opens with a quotation that
    closes before the line's end, with words after it."""
    speaker, body = turn
    body = body.strip()
    if not body or body[0] not in _QUOTE_PAIRS and body[0] != "'":
        return None
    end = _single_quote_end(body) if body[0] == "'" else body.find(_QUOTE_PAIRS[body[0]], 1)
    if end < 0 or not body[end + 1:].strip():
        return None
    return [(speaker, body[:end + 1]), (None, body[end + 1:].strip())], True


# Round 23 (turns23): "Assistant said: 'I fetched A at 09:14 UTC.' What was its title?": a single quote closes
# where it follows a word's last character or a stop and a new sentence opens after it (a capital), so an
# apostrophe inside a word ("couldn't") or after a plural ("the users' page") never closes it.
_SINGLE_CLOSE = re.compile(r"(?<=[^\s'])'(?=\s+[A-Z])")


def _single_quote_end(body: str) -> int:
    """Where a quotation opened with a single quote closes, or -1."""
    found = _SINGLE_CLOSE.search(body, 1)
    return -1 if found is None else found.start()


def _plain(text: str, words: ReaderWords) -> bool:
    """Whether the words hold no negation and no condition: an earlier turn of the requester's own
    that does is not dropped, and the prompt is read as written."""
    found = [w.lower().replace("’", "'") for w in _WORDS.findall(text)]
    if any(w in words.negations or w.endswith("n't") for w in found):
        return False
    padded = " " + " ".join(found) + " "
    return not any(" " + phrase.lower() + " " in padded for phrase in words.conditions)


def _first_sentence_end(text: str) -> int | None:
    """Where the first sentence ends (after its stop), not inside an address; None for one sentence."""
    items = protect(text).items
    for match in re.finditer(r"[.!?](?=\s+\S)", text):
        if not any(item.start <= match.start() < item.end for item in items):
            return match.end()
    return None


def _earlier_sentence(text: str, words: ReaderWords, past: Callable[[str, int], bool]) -> int | None:
    """The end of an opening sentence about an earlier turn, or None.

    Such a sentence opens with a phrase of the list ("Earlier", "Last turn", "In your last reply"), or
    with "You already"/"You just", then "you" and a verb the parse tags past ("you reported",
    "you fetched"): it says what the deputy did then, and asks nothing now."""
    opening = _opener_pattern(words.earlier_turns).match(text)
    if opening is None:
        return None  # most prompts leave here, before any address is looked for
    opener = opening.group(1)
    end = _first_sentence_end(text)
    if end is None:
        return None
    sentence = text[:end]
    lowered = sentence.lower()
    start = len(opener) if opener else 0
    found = list(_WORDS.finditer(lowered, start))
    # found[0] is "you"; the verb comes next, after adverbs of the list ("you already fetched").
    index = 1
    while index < len(found) and found[index].group() in _BEFORE_VERB:
        index += 1
    if index >= len(found) or not past(sentence, found[index].start()):
        return None
    return end


def split_turns(text: str, words: ReaderWords, past: Callable[[str, int], bool]) -> Turns | None:
    """The request and the earlier turns of a prompt that carries some; None for any other prompt.

    `past(sentence, offset)` says whether the word at `offset` of the sentence is a past-tense verb
    (the caller asks the parser). None too when an earlier turn of the requester's own holds a
    negation or a condition, or the last turn is not the requester's (then nothing is asked)."""
    cut = _labelled(text, words)
    if cut is not None and len(cut[0]) == 1 and cut[1]:
        # "Previous answer: «I queued A.» What did you get from A?" (round 19), or "Previous turn: you said A.
        # Great — fetch it now." (round 17): one labelled line, the earlier turn's words then the request.
        cut = _quoted_then_asked(cut[0][0]) or _told_then_asked(cut[0][0], words, past)
    if cut is not None:
        turns, has_context = cut
        if not has_context or len(turns) < 2:
            return None
        speaker, request = turns[-1]
        earlier = [body for _, body in turns[:-1]]
        answered = _answered(turns, words) or _asked(turns, words)
        own = [body for who, body in turns[:-1] if who not in words.turn_labels]
        others: tuple[str, ...] | None = tuple(body for who, body in turns[:-1] if who in words.turn_labels)
        if speaker in words.turn_labels:
            request = ""  # the last turn is an assistant's or a tool's: the requester asked nothing
    else:
        answered = None
        end = _earlier_sentence(text, words, past)
        if end is None:
            return None
        earlier, request = [text[:end]], text[end:].strip()
        own = []
        others = None
    if not all(_plain(body, words) for body in own):
        return None
    if cut is None and not _plain(earlier[0], words):
        return None  # "Earlier you didn't fetch A.": the sentence is more than a report; read as written
    addresses = tuple(a for body in earlier for a in _addresses(body))
    return Turns(request=request, context=tuple(earlier), addresses=addresses,
                 answered=None if addresses else answered, others=others)


def _answered(turns: list[tuple[str | None, str]], words: ReaderWords) -> str | None:
    """"User: I need the NOAA page.\nAssistant: Which URL?\nUser: A": the requester's turn before the
    deputy's question, with A in place of its page (deputy.text.answered_back); None for any other shape."""
    if len(turns) < 3:
        return None
    (asker, asked), (replier, question), (last, answer) = turns[-3:]
    if last in words.turn_labels or asker in words.turn_labels or replier not in words.turn_labels:
        return None
    address = only_address(answer)
    return None if address is None else answered_request(asked, question, address, words)


def _asked(turns: list[tuple[str | None, str]], words: ReaderWords) -> str | None:
    """"Assistant: hello, what should I fetch?\nUser: A" (round 23): the deputy's question with the address
    as its object ("fetch A", deputy.text.answered_back.asked_request); None for any other shape."""
    if len(turns) < 2:
        return None
    (replier, question), (last, answer) = turns[-2:]
    if last in words.turn_labels or replier not in words.turn_labels or not _plain(question, words):
        return None  # "Unless A is down, which page should I fetch?": the condition is never passed over
    address = only_address(answer)
    return None if address is None else asked_request(question, address, words)


def _bound(request: str, address: ProtectedItem) -> str | None:
    """The request with its one "it" (or "its …") standing for the address; None unless there is exactly one."""
    return pronoun_bound(request, address.text, possessive=True)


def answer_turns(
    turns: Turns,
    read: Callable[[str], Plan | Refusal],
    outside: Callable[[str], Refusal],
    *,
    nothing_asked: Callable[[], Refusal],
    actions: frozenset[str],
    observing: frozenset[str],
    words: ReaderWords | None = None,
) -> Plan | Refusal:
    """The reading of the request, held to the earlier turns' addresses.

    An earlier address the request names too is the same thing and harmless. The request's one "it"
    may stand for an earlier turn's one address, but only for a capability that observes, and only
    when no earlier turn holds an order. Any other earlier address refuses (`outside`)."""
    if not turns.request:
        return nothing_asked()
    if words is not None:
        turns = _asked_first(_followed_up(turns, words), words, actions)
        # "… then fetch A instead.": the word only sets the request against the earlier turns (round 19).
        turns = replace(turns, request=without_contrast(turns.request, words.turn_contrasts))
        # "Last time you said you had about 1,200 pages. How many now?" (round 23): the count question in full.
        counted = elliptic_count(turns.request, turns.context, words.count_follow_ups, words.counted_nouns)
        if counted is not None:
            turns = replace(turns, request=counted)
    if turns.answered is not None:
        answer = read(turns.answered)
        if isinstance(answer, Plan) or answer.rule in _OWN_REASONS:
            return answer
    pointed = _pointed(turns, read, actions, observing, words) if words is not None else None
    if pointed is not None:
        return pointed
    result = read(turns.request)
    if isinstance(result, Refusal) and result.rule in _OWN_REASONS:
        return result
    own = {item.text for item in _addresses(turns.request)}
    unused = [a for a in turns.addresses if a.text not in own]
    # Round 24 (turns24): only an order in someone else's turn keeps the host from covering; the requester's own
    # earlier order ("Me (earlier): grab A\nMe (later): how many pages from <A's host>?") is no injected text.
    if isinstance(result, Plan) and result.capability in observing and not names_an_order(_others(turns), actions):
        # Round 21 (threads21): a host the request names stands for its whole site, so an earlier turn's
        # address on it is part of what is asked about ("how many pages from www.coolblue.nl?").
        unused = [a for a in unused if not host_covered(a.text, own)]
    if not unused:
        return result
    distinct = {a.text for a in unused}
    if not own and len(distinct) == 1 and not names_an_order(_others(turns), actions):
        again = bound_reading(_bound(turns.request, unused[0]), read, observing)
        if again is not None:
            return again
    return outside(unused[0].source)


def _others(turns: Turns) -> tuple[str, ...]:
    """The earlier turns an order in which keeps the request's "it" from standing for their address: the
    assistant's and the tools' turns (an order there may be injected text), not the requester's own.

    Round 23 (turns23): "User: fetch A\nAssistant: Done.\nUser: what title did it get?" asks about the
    page the requester's own earlier order named; the reading is kept only when it observes
    (deputy.text.threads.bound_reading), so the earlier order is never carried out again by it. A
    requester's earlier turn holding a negation or a condition is no transcript here (split_turns)."""
    return turns.context if turns.others is None else turns.others


def _order_holders(turns: Turns, earlier: list[str]) -> tuple[str, ...]:
    """The earlier turns an order in which keeps a pointer from standing for their addresses.

    Every earlier turn, unless the transcript's labels tell the requester's turns apart and the requester's
    own earlier turns name every earlier address: then only the others' turns (an order there may be
    injected text). Round 29 (turns29): "User: fetch A\nAssistant: Queued.\nUser: now check robots for the same
    site": the requester points back at the address of their own earlier order (an acting reading that repeats
    that order stays refused, `_ordered_before`). An address only an assistant or a tool named ("Assistant: I
    noticed A changed.\nUser: fetch the same page") keeps every turn held, so an order anywhere still refuses."""
    if turns.others is None or not _own_named(turns, earlier):
        return turns.context
    return turns.others


def _own_named(turns: Turns, earlier: list[str]) -> bool:
    """Whether the transcript's labels tell the requester's turns apart and those name every earlier address."""
    if turns.others is None:
        return False
    mine = [body for body in turns.context if body not in turns.others]
    return {a.text for body in mine for a in _addresses(body)} >= set(earlier)


def _followed_up(turns: Turns, words: ReaderWords) -> Turns:
    """The turns with a follow-up fragment dropped from the request's start ("And now? What's queued?"):
    a whole first sentence, as written in `words.follow_ups`, with a sentence after it."""
    end = _first_sentence_end(turns.request)
    if end is None:
        return turns
    fragment = " ".join(w.lower() for w in _WORDS.findall(turns.request[:end]))
    if fragment not in words.follow_ups or not turns.request[:end].rstrip().endswith(("?", ".", "!")):
        return turns
    return replace(turns, request=turns.request[end:].strip())


def _asked_first(turns: Turns, words: ReaderWords, actions: frozenset[str]) -> Turns:
    """The turns with a short question the request answers dropped from its start ("which rule? check
    robots for A", round 19), when a sentence follows it."""
    end = _first_sentence_end(turns.request)
    if end is None or not _short_question(turns.request[:end], words, actions):
        return turns
    return replace(turns, request=turns.request[end:].strip())


# The most words a question fragment before the request may have: "which rule?", "why exactly?".
_SHORT = 3


def _short_question(sentence: str, words: ReaderWords, actions: frozenset[str]) -> bool:
    """"[user] which rule? check robots for A" (round 19): a question of a few words before the request,
    opening with a word of `words.turn_questions`, that the request itself answers. It holds no address,
    no verb that acts, no negation and no condition, so dropping it drops nothing that could be asked."""
    if not sentence.rstrip().endswith("?") or protect(sentence).items:
        return False
    found = [w.lower() for w in _WORDS.findall(sentence)]
    if not found or len(found) > _SHORT or found[0] not in words.turn_questions:
        return False
    return not any(w in actions for w in found) and _plain(sentence, words)


def _pointed(
    turns: Turns, read: Callable[[str], Plan | Refusal], actions: frozenset[str], observing: frozenset[str],
    words: ReaderWords,
) -> Plan | Refusal | None:
    """The reading of a request whose acting verb takes a pointer to the earlier turns' addresses
    ("Assistant: I fetched A and B.\nUser: fetch them both again"), or None (deputy.text.pointed_turns).

    Only when the request names no address of its own, no earlier turn holds an order or a negation or
    a condition, and the rewritten request reads as a plan or is refused for a reason of its own."""
    own = {item.text for item in _addresses(turns.request)}
    earlier = list(dict.fromkeys(a.text for a in turns.addresses))
    if own or not earlier or names_an_order(_order_holders(turns, earlier), actions):
        return None
    if not all(_plain(body, words) for body in turns.context):
        return None
    bound = pointed_request(turns.request, earlier, actions, words, own_named=_own_named(turns, earlier))
    if bound is None:
        return None
    again = read(bound)
    if isinstance(again, Plan) and again.capability not in observing and _ordered_before(turns, read, actions,
                                                                                          observing):
        # Round 23 (turns23): "User: fetch A\nAssistant: Done.\nUser: now fetch it again." is refused: the
        # requester's earlier order is not carried out again through a pointer; only a reading that observes
        # may follow it ("… now check robots for the same site", round 29).
        return None
    return again if isinstance(again, Plan) or again.rule in _OWN_REASONS else None


def _ordered_before(
    turns: Turns, read: Callable[[str], Plan | Refusal], actions: frozenset[str], observing: frozenset[str]
) -> bool:
    """Whether a requester's own earlier turn gave an order: it holds a verb that acts and is not read as a
    question that observes. Round 29 (turns29): "User: Can MovaBot fetch A ?" asks whether robots.txt allows
    it (a robots reading), so "… then please fetch the same page." is the first order, not a repeat."""
    if turns.others is None:
        return names_an_order(turns.context, actions)
    for body in turns.context:
        if body in turns.others or not names_an_order([body], actions):
            continue
        reading = read(body)
        if not (isinstance(reading, Plan) and reading.capability in observing):
            return True
    return False
