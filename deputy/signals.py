"""Small readings of single tokens and their neighbours: verb lemmas, content words, question words,
conditions and negations. Pure over spaCy tokens (real or built by hand); knows no capability.
"""

from __future__ import annotations

import re

from collections.abc import Iterable
from typing import Any

from deputy.forms.correlative import correlative_not
from deputy.nlp import Parsed
from deputy.vocab import ReaderWords

__all__ = [
    "CLAUSE_ONLY", "COORDINATORS", "SUBJECTS", "VERBAL", "WH_TAGS", "asks", "children", "content", "dated_by_the_past",
    "embedded", "find_conditions", "in_the_past", "occasion_clock", "writers_deadline", "is_label", "is_negation", "lower", "beyond_the_page", "opens_softly", "negation_word", "number", "ordinary_word", "own_clause",
    "someone_else", "verb_lemma", "verb_like", "wh_phrase",
]

WH_TAGS = frozenset({"WP", "WDT", "WRB", "WP$"})
COORDINATORS = frozenset({"and", "then", ",", ";", "also", "&", "+", "plus", "afterwards", "next"})
SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"})
VERBAL = frozenset({"VERB", "AUX"})
# A clause marker that opens a condition only when it introduces a clause ("when it is up, …"), not
# when it asks a question ("when did you …?") or stands as a plain preposition.
CLAUSE_ONLY = frozenset({"when", "while", "once", "until", "till", "after", "before"})
_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen".split()
)}


def lower(tok: Any) -> str:
    """The token's text in lower case."""
    return str(tok.text).lower()


def beyond_the_page(tok: Any, words: ReaderWords) -> bool:
    """A word by which a sentence presents more than (or other than) the one page at an address: another
    resource of it ("the images on A", `resource_nouns`) or the site around it ("the whole site at A",
    "every page under A", `site_scopes`, `site_quantifiers`). A pronoun bound to such a sentence would stand
    for that, so fetching the address is not what was asked (round 25)."""
    said = {lower(tok), str(tok.lemma_).lower()}
    return bool(said & words.resource_nouns or said & words.site_scopes or said & words.site_quantifiers)


def verb_lemma(token: Any, verbs: frozenset[str]) -> str:
    """The token's verb lemma, repairing the small model's adjectival readings ("fetched"/JJ → fetch)."""
    lemma = str(token.lemma_).lower()
    if lemma in verbs:
        return lemma
    text = str(token.text).lower()
    candidates = [text]
    if text.endswith("ed"):
        candidates += [text[:-2], text[:-1], text[:-3]]
    if text.endswith("ing"):
        candidates += [text[:-3], text[:-3] + "e", text[:-4]]
    if text.endswith("s"):
        candidates += [text[:-1], text[:-2]]
    for candidate in candidates:
        if candidate in verbs:
            return candidate
    return lemma


def content(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether a token says something beyond punctuation and courtesy."""
    if tok.i in parsed.items:
        return True
    if tok.i in parsed.synthetic or tok.is_punct or tok.is_space:
        return False
    return lower(tok) not in words.courtesy and str(tok.lemma_).lower() not in words.courtesy


def verb_like(tok: Any, parsed: Parsed, verbs: frozenset[str]) -> bool:
    """A full verb, or a known verb the small model tagged as a noun where a verb must stand.

    "Please archive A" and "Can you index A?" come back with a NOUN root; a root that is a known verb
    and opens the sentence (after "please") or carries a modal is read as the verb it is.
    """
    if tok.i in parsed.items:
        return False
    if tok.pos_ == "VERB":
        return True
    if tok.pos_ not in ("NOUN", "PROPN") or lower(tok) not in verbs:
        return False
    # A modal or an auxiliary makes a verb of it: "can you index A?", "when did you last fetch A?".
    if any(c.tag_ == "MD" or (c.dep_ == "aux" and c.pos_ == "AUX") for c in tok.children):
        return True
    opens = tok.i == tok.sent.start or (tok.i - 1) in parsed.synthetic
    # "Archive of A?" is a noun phrase asked about, not an order: no "of", no question mark.
    noun_phrase = any(c.dep_ in ("prep", "det") and lower(c) in ("of", "the", "a", "an") for c in tok.children)
    asked = any(t.text == "?" for t in tok.sent)
    return opens and not noun_phrase and not asked


def ordinary_word(text: str) -> bool:
    """Words with an apostrophe, dot or hyphen ("'s", "n't", "e-mail", "robots.txt") are words, not symbols."""
    return (
        bool(text) and (text[0].isalnum() or text[0] in "'’")
        and all(ch.isalnum() or ch in "'’-." for ch in text) and any(ch.isalnum() for ch in text)
    )


# Softeners that may open an imperative ("Maybe fetch A too?"); anywhere else ("fetch A and maybe B")
# they leave the request open to a choice, and stay blockers.
_SOFTENERS = frozenset({"maybe", "perhaps"})


def opens_softly(tok: Any, words: ReaderWords) -> bool:
    """"Maybe fetch A too?": a softener that opens its sentence, on a bare imperative verb, suggests the
    request it opens.

    Only before the verb, with nothing but courtesy words before it, on a verb in its base form that has
    no subject and no auxiliary ("Maybe you fetched A?", "Maybe we should fetch A" are not requests).
    """
    head = tok.head
    if lower(tok) not in _SOFTENERS or tok.dep_ != "advmod" or head.i <= tok.i or head.tag_ != "VB":
        return False
    if any(c.dep_ in SUBJECTS or c.dep_ in ("aux", "auxpass") for c in head.children):
        return False
    before = tok.doc[tok.sent.start:tok.i]
    return all(t.is_punct or lower(t) in words.courtesy for t in before)


def number(text: str) -> int | None:
    """The value of "3" or "three"; None for other words."""
    word = text.lower()
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word)


def own_clause(tok: Any) -> bool:
    """Whether a verb has its own subject or auxiliary (a clause of its own, not a shared predicate)."""
    return any(c.dep_ in SUBJECTS or c.dep_ in ("aux", "auxpass") for c in tok.children)


def children(tok: Any, deps: Iterable[str]) -> list[Any]:
    """The token's children with one of `deps`, without the small model's subjects after a full verb."""
    wanted = frozenset(deps)
    found = [c for c in tok.children if c.dep_ in wanted]
    if wanted & SUBJECTS:
        found = [c for c in found if c.pos_ != "INTJ"]  # "yo grab A": an interjection is never a subject
    if wanted & SUBJECTS and tok.pos_ == "VERB":
        # A "subject" after its full verb is the small model's misreading of an object list
        # ("fetch these pages: A, B"); English subjects come first, or after an auxiliary only.
        found = [c for c in found if c.i < tok.i or c.dep_ not in SUBJECTS]
    return found


def wh_phrase(tok: Any, doc: Any) -> str:
    """The question word, with "how many"/"how much" kept together."""
    word = lower(tok)
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    if word == "how" and nxt is not None and lower(nxt) in ("many", "much"):
        return f"how {lower(nxt)}"
    return word


def asks(clause: Any, words: ReaderWords) -> bool:
    """Whether an if/whether/wh clause is the question of an embedding verb ("check if …"), not a condition."""
    head = clause.head
    if str(head.lemma_).lower() not in words.embedders or head.i == clause.i:
        return False
    if clause.dep_ == "ccomp":
        return True
    # "tell me when …": the person told is no object of the telling.
    objects = [c for c in children(head, ("dobj",)) if lower(c) not in ("me", "us")]
    return clause.dep_ == "advcl" and not objects


def embedded(clause: Any) -> bool:
    """A clause introduced by "if"/"whether" or by a question word: an indirect question."""
    for tok in clause.subtree:
        if tok.i >= clause.i:
            break
        if lower(tok) in ("if", "whether") or tok.tag_ in WH_TAGS:
            return True
    return False


def is_negation(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """A negating word outside the protected items ("not", "n't", "never", "no", …), or a verb that
    asks not to act ("skip", "hold off", "leave … alone")."""
    if tok.i in parsed.items or correlative_not(tok, parsed, words.correlative_focus):
        return False  # "not only A but also B" adds B to A
    lemma = str(tok.lemma_).lower()
    if tok.dep_ == "neg" or lower(tok) in words.negations or lemma in words.negations:
        return True
    return _negating_verb(tok, lemma, words)


def _negating_verb(tok: Any, lemma: str, words: ReaderWords) -> bool:
    # "Skip A", "Hold off on A", "Leave A alone": the verb alone, or with a word it governs. No part
    # of speech is asked for: a "skip" the tagger makes a noun still refuses, and refusing is safe.
    if lemma in words.negating_verbs or lower(tok) in words.negating_verbs:
        return True
    return any(f"{lemma} {lower(child)}" in words.negating_verbs for child in tok.children)


def negation_word(tok: Any) -> str:
    """How a refusal names the negation: "not" for the contracted forms, a phrasal verb with its particle."""
    word = lower(tok)
    if word in ("n't", "n’t", "nt"):
        return "not"
    particle = next((lower(c) for c in tok.children if c.dep_ == "prt"), None)
    return f"{word} {particle}" if particle and tok.pos_ == "VERB" else word


def find_conditions(parsed: Parsed, words: ReaderWords) -> tuple[tuple[str, int], ...]:
    """The condition words and phrases anywhere in the prompt, each with the index of its first token."""
    found: list[tuple[str, int]] = []
    plain = [(lower(t) if t.i not in parsed.items else "\x00") for t in parsed.doc]
    for phrase in words.conditions:
        parts = phrase.split()
        if len(parts) < 2:
            continue
        for i in range(len(plain) - len(parts) + 1):
            if plain[i : i + len(parts)] == parts:
                found.append((phrase, i))
    for tok in parsed.doc:
        word = plain[tok.i]
        if word not in words.conditions or " " in word:
            continue
        if word in ("if", "whether") and tok.dep_ == "mark" and asks(tok.head, words):
            continue  # "check if A is allowed" asks a question; it sets no condition
        if word == "before" and writers_deadline(tok, parsed, words):
            continue  # "… before I close my laptop": the writer's own next step, met by acting now
        if word in CLAUSE_ONLY:
            opens_clause = (
                tok.dep_ == "mark" or (tok.dep_ == "advmod" and tok.head.dep_ in ("advcl", "ccomp"))
                or _heads_own_clause(tok) or _opens_on_a_quantified_subject(tok) or _waits_in_a_fragment(tok, word)
                or _fronts_a_clause(tok) or _marks_its_clause(tok)
            )
            if not opens_clause or _indirect_question(tok, words) or _past_time(tok, word):
                continue
        found.append((word, tok.i))
    return tuple(found)


# Subjects of a "before" clause that make it the writer's own plan; "you" is the reader, and anyone
# else's act ("before they change it") is an event the reader cannot watch.
_WRITERS = frozenset({"i", "we"})
# What may stand beside an occasion: "before the standup", "before our weekly sync", "before tomorrow's call".
_OCCASION_DEPS = frozenset({"det", "poss", "amod", "compound", "case", "punct"})


def writers_deadline(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """"Before I bump the dependency, grab A", "Need A before standup": a "before" that only says by
    when the writer needs it. Acting now meets the deadline, so it conditions nothing.

    Either a clause whose subject is the writer ("I", "we") and whose verb is not negated, or a fixture
    of the writer's own day (`words.occasions`: "before lunch", "before the weekend") with no number
    beside it. Never with an address inside, and never "after": "fetch A after the deploy", "before
    they change it", "before the job finishes", "before 6pm", "before Friday" still refuse.
    """
    if lower(tok) != "before" or tok.i in parsed.items:
        return False
    head = tok.head
    # The clause a mark opens is its head's; a preposition's phrase is its own subtree.
    inside = [t for t in (head.subtree if tok.dep_ == "mark" else tok.subtree) if t.i != tok.i]
    if any(t.i in parsed.items or t.like_num for t in inside):
        return False
    if tok.dep_ == "mark" and head.pos_ in ("VERB", "AUX"):
        subjects = children(head, SUBJECTS)
        negated = any(is_negation(t, parsed, words) for t in inside)
        # "… before I tell you to": a step that involves the reader is no plan of the writer's alone.
        reader = any(lower(t) in ("you", "your", "u", "yourself") for t in inside)
        return bool(subjects) and lower(subjects[0]) in _WRITERS and not negated and not reader
    if tok.dep_ == "prep":
        objects = [c for c in tok.children if c.dep_ == "pobj"]
        if len(objects) != 1 or len(list(tok.children)) != 1:
            return False
        noun = objects[0]
        if lower(noun) in _POINTING_BACK and not list(noun.children):
            return _writers_own_doing(tok, parsed, words)
        named = lower(noun) in words.occasions or str(noun.lemma_).lower() in words.occasions
        # "Before the 14:00 change freeze": the clock time of an occasion of the writer's only says which one.
        clocks = _occasion_clocks(tok, words)
        return named and all(c.dep_ in _OCCASION_DEPS or c.i in clocks for c in noun.children)
    return False


_POINTING_BACK = frozenset({"that", "this"})


def occasion_clock(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """"14:00" in "Before the 14:00 change freeze, grab A": the clock time of the writer's own deadline,
    which counts nothing and asks nothing (round 14)."""
    noun = tok.head
    if tok.dep_ != "nummod" or noun.dep_ != "pobj":
        return False
    return tok.i in _occasion_clocks(noun.head, words) and writers_deadline(noun.head, parsed, words)
# A clock time on a 24- or 12-hour clock, written as one token: "14:00", "9:30".
_CLOCK_TIME = re.compile(r"(?:[01]?\d|2[0-3]):[0-5]\d")


def _occasion_clocks(tok: Any, words: ReaderWords) -> frozenset[int]:
    """The clock times that name an occasion of the writer's: "before the 14:00 change freeze" (round 14).

    Only a time in "HH:MM" form that is the number of the one occasion noun "before" governs; a time on
    its own ("before 6pm", "before 14:00") is no occasion and still conditions the request."""
    objects = [c for c in tok.children if c.dep_ == "pobj"]
    if len(objects) != 1:
        return frozenset()
    noun = objects[0]
    if not (lower(noun) in words.occasions or str(noun.lemma_).lower() in words.occasions):
        return frozenset()
    return frozenset(c.i for c in noun.children if c.dep_ == "nummod" and _CLOCK_TIME.fullmatch(str(c.text)))


def _writers_own_doing(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """"I'm writing the migration summary. Before that, when did we last fetch A?": "before that" opens
    its sentence and points back at the sentence before it, which tells what the writer is doing: a
    subject "I"/"we", no negation, no address, no number and no "you". Anything else ("They deploy at
    noon. Before that, fetch A") is an event the reader cannot watch."""
    sent = tok.sent
    if tok.i != sent.start or sent.start == 0:
        return False
    before = parsed.doc[sent.start - 1].sent
    root = before.root
    subjects = children(root, SUBJECTS)
    if not subjects or lower(subjects[0]) not in _WRITERS or root.pos_ not in ("VERB", "AUX"):
        return False
    return not any(t.i in parsed.items or t.like_num or is_negation(t, parsed, words)
                   or lower(t) in ("you", "your", "u", "yourself") for t in before)


# Words that make a verbless line wait for an event: "Deadline: after the deploy", "After the release."
_WAITING = frozenset({"after", "until", "till", "once"})


def _waits_in_a_fragment(tok: Any, word: str) -> bool:
    """"Action: fetch / Target: A / Deadline: after the deploy", "Fetch A. After the release.": a line of its
    own with no verb, whose "after"/"until"/"once" phrase says when the request may run (round 29: such a line
    was read as context and the fetch ran at once). "before" stays out: a line "Deadline: before lunch" is met
    by acting now. A line with a verb is a clause, judged by the other rules."""
    if word not in _WAITING or tok.dep_ not in ("prep", "ROOT") or not any(c.dep_ == "pobj" for c in tok.children):
        return False
    return not any(t.pos_ in ("VERB", "AUX") for t in tok.sent)


def _fronts_a_clause(tok: Any) -> bool:
    """"once the nightly job finishes, fetch A": the word opens its sentence and a comma closes what it opens
    before the verb it hangs on, so it opens a clause, whatever the parse made of it (lower case, the model
    read "once" as an adverb of "fetch" and "finishes" as a noun; round 29: it fetched). "once again, fetch A"
    and "once more, …" repeat, and wait for nothing."""
    if lower(tok) not in ("once", "when", "until", "till", "while"):
        return False  # "Before the 14:00 deploy, grab A": "before" and "after" are judged by their own rules
    sent = tok.sent
    first = next((t for t in sent if not t.is_punct and not t.is_space), None)
    if first is None or first.i != tok.i or tok.i + 1 >= sent.end:
        return False
    nxt = tok.doc[tok.i + 1]
    if nxt.is_punct or lower(nxt) in ("again", "more", "or", "and", "a", "an"):
        return False
    head = tok.head
    return head.i > tok.i and any(t.text == "," for t in tok.doc[tok.i + 1 : head.i])


def _marks_its_clause(tok: Any) -> bool:
    """"When: once the deploy is done": the model made "once" an adverb of "done", but the clause has its own
    subject after it, so the word opens that clause as a mark would ("we once fetched it" has its subject
    first, and only says when)."""
    head = tok.head
    # Never "when": "When did you last fetch A?" has its subject after the word too, and asks.
    if lower(tok) not in ("once", "until", "till") or tok.dep_ != "advmod":
        return False
    if head.i <= tok.i or head.pos_ not in ("VERB", "AUX"):
        return False
    return any(c.dep_ in SUBJECTS and tok.i < c.i < head.i for c in head.children)


def _past_time(tok: Any, word: str) -> bool:
    """"What did A say when you stored it?", "How big was A when you downloaded it?": a clause in the
    past only dates what is asked about; a condition waits on the future. Only beside a main verb with
    a subject of its own and no modal (a question or a statement): "Fetch A when we fetched it" and
    "Could you fetch A once we updated it?" (a request, its "once" sloppy for the future) stay conditions."""
    if word not in ("when", "once", "after"):
        return False
    clause, main = tok.head, tok.head.head
    # "What did the page at A say when we saved it?": the model may hang the subject from "did"; the
    # auxiliary of a question in the past stands for it.
    has_subject = any(c.dep_ in ("nsubj", "nsubjpass", "expl") or (c.dep_ == "aux" and c.tag_ == "VBD" and c.i < main.i)
                      for c in main.children)
    modal = any(c.tag_ == "MD" for c in main.children)
    return in_the_past(clause) and clause.dep_ == "advcl" and main.i != clause.i and has_subject and not modal


def in_the_past(verb: Any) -> bool:
    """A verb in the simple past, or with a past auxiliary ("fetched", "did … fetch", "was stored")."""
    return verb.tag_ == "VBD" or any(c.dep_ in ("aux", "auxpass") and c.tag_ == "VBD" for c in verb.children)


def dated_by_the_past(clause: Any) -> bool:
    """"… when you stored it", "… after we fetched it": a clause that only dates what is asked about.
    Not when negated ("… when you didn't store it"): that is no record to ask about."""
    marks = [lower(c) for c in clause.children if c.dep_ in ("mark", "advmod") and c.i < clause.i]
    negated = any(c.dep_ == "neg" for c in clause.children)
    return bool(marks) and marks[0] in ("when", "once", "after") and in_the_past(clause) and not negated


def _heads_own_clause(tok: Any) -> bool:
    """"Step 3: once the deploy finishes, download A": after a label the small model loses the clause
    ("finishes" hangs as a dep, or even as a plural noun), but the word still opens one: it comes
    first, before a head of its own that has a subject or a determiner ahead of it. "Fetch A once"
    (one time) hangs on the request itself, and "once more" has nothing ahead of "more"."""
    head = tok.head
    # "Once the crawl finishes I want to know …" (round 19, ctx19): opening its sentence, the word may
    # hang on a mis-read root ("finishes" as a plural noun); it still opens a clause, so it conditions.
    # A root the model reads as a verb ("When did you fetch A?") is the question's own and is left.
    rooted = head.dep_ != "ROOT" or (tok.is_sent_start and head.pos_ in ("NOUN", "PROPN"))
    return (
        tok.dep_ == "advmod" and tok.i < head.i and rooted
        and any(c.i != tok.i and c.i < head.i and c.dep_ in _CLAUSE_SUBJECTS for c in head.children)
    )


_CLAUSE_SUBJECTS = frozenset({"nsubj", "nsubjpass", "det", "compound", "poss"})


def _opens_on_a_quantified_subject(tok: Any) -> bool:
    """"Once more pages arrive, fetch A": the small model hangs "once" on "more", the modifier of the
    clause's subject, so the word looks like "once more" (again). It still opens a clause: the word
    after it modifies a subject that follows. "Fetch A once more." has no subject after "more"."""
    quantifier = tok.head
    subject = quantifier.head
    return (
        quantifier.i == tok.i + 1 and quantifier.dep_ in ("amod", "advmod", "det")
        and subject.dep_ in ("nsubj", "nsubjpass") and subject.i > quantifier.i
    )


def _indirect_question(tok: Any, words: ReaderWords) -> bool:
    """"tell me when you last fetched A": a question word heading the clause an embedder asks.

    Only about the past: "tell me when it is done" asks to be told later, a condition.
    """
    clause = tok.head
    return tok.dep_ == "advmod" and tok.i < clause.i and in_the_past(clause) and asks(clause, words)


def someone_else(agent: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether a passive's "by …" names a person other than the deputy: "fetched by someone else",
    "downloaded by my colleague". "blocked by robots.txt" names a thing, and "by you" the deputy."""
    for obj in agent.children:
        if obj.dep_ != "pobj" or obj.i in parsed.items:
            continue
        word, lemma = lower(obj), str(obj.lemma_).lower()
        if word in ("you", "yourself", "u"):
            continue
        if obj.pos_ == "PRON" or lemma in words.person_nouns or word in words.person_nouns:
            return True
    return False


def is_label(sent: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """"Background:", "Quick context:", "Note:": at most three words, no address, then a colon.

    A heading that tells the reader to do something else with what follows ("Email the team:",
    "Post to Slack:", "Tell the user:", "Ask the user:") is no label: its verb is a second action,
    refused as one.
    """
    said = [t for t in sent if content(t, parsed, words)]
    last = [t for t in sent if not t.is_space]
    if not (bool(last) and last[-1].text == ":" and 0 < len(said) <= 3 and not any(t.i in parsed.items for t in said)):
        return False
    refused = words.unsupported | words.forbidden
    for tok in said:
        if tok.tag_ != "VB":
            continue
        lemma = str(tok.lemma_).lower()
        if lemma in refused or lower(tok) in refused:
            return False
        # "Ask the user:" asks a person something; "Request:" alone is a heading.
        if lemma in words.request_governors and any(
                c.dep_ in ("dobj", "dative") and str(c.lemma_).lower() in words.person_nouns for c in tok.children):
            return False
    return True
