"""Builds the skeleton of a parsed prompt: the action predicate, its mood, modality, aspects, negation,
conditions, and the protected tokens inside and outside the action's own subtree.

Pure over a spaCy Doc (a real parse or one built by hand in a test); knows no capability.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from deputy.nlp import Parsed
from deputy.vocab import ReaderWords

__all__ = ["Modality", "Mood", "Skeleton", "SlotToken", "TokenRow", "build_skeleton", "verb_lemma"]


class Mood(enum.StrEnum):
    """How the sentence addresses the deputy."""

    IMPERATIVE = "imperative"
    REQUEST = "request"  # please…, could you…, would you…, I would like you to…
    YES_NO_QUESTION = "yes_no_question"
    WH_QUESTION = "wh_question"
    STATEMENT = "statement"
    FRAGMENT = "fragment"  # no verb at all: "Status?"


class Modality(enum.StrEnum):
    """What the modal verbs or governing words make of the predicate."""

    NONE = "none"
    PERMISSION = "permission"  # can, may, be allowed to
    REQUEST = "request"  # could you, would you, will you
    OTHER = "other"  # a modal the reader does not map (should I …?)


@dataclass(frozen=True, slots=True)
class TokenRow:
    """One CoNLL-like row of the parse; protected items show their own text, with `misc` naming the kind."""

    id: int  # 1-based
    form: str
    lemma: str
    upos: str
    xpos: str
    head: int  # 0 for a sentence root
    deprel: str
    misc: str  # "address", "quote", "inserted" (a word the reader added) or ""


@dataclass(frozen=True, slots=True)
class SlotToken:
    """A protected token of the prompt and whether it lies inside the action's own parse."""

    index: int
    kind: str
    text: str
    source: str
    link_text: str | None
    in_scope: bool
    role: str = ""  # how it hangs from the action ("dobj", "pobj:from"); "list" after a colon


@dataclass(frozen=True, slots=True)
class Skeleton:
    """What the reader made of a prompt, before any capability is chosen."""

    predicate: str | None
    mood: Mood
    modality: Modality
    aspects: tuple[str, ...]
    subject: str | None
    wh: str | None
    polite: bool
    negation: str | None
    conditions: tuple[str, ...]
    governors: tuple[str, ...]
    conjoined: tuple[str, ...]  # verbs conjoined with the predicate ("download and save")
    others: tuple[str, ...]  # every other verb in the prompt
    words: tuple[str, ...]  # lemmas and forms of the action's sentence
    unexpected: tuple[str, ...]  # modifiers of the action the reader does not know ("tomorrow")
    forbidden: tuple[str, ...]  # forbidden verbs anywhere, whatever their tag ("bypass")
    counts: tuple[int, ...]  # numbers the prompt gives for its objects ("these two pages")
    extra: tuple[str, ...]  # content words of other sentences ("It is urgent.")
    slots: tuple[SlotToken, ...]
    tokens: tuple[TokenRow, ...]

    def to_json(self) -> dict[str, Any]:
        """A JSON-able view (for --explain and the review queue)."""
        return {
            "predicate": self.predicate,
            "mood": str(self.mood),
            "modality": str(self.modality),
            "aspects": list(self.aspects),
            "subject": self.subject,
            "wh": self.wh,
            "polite": self.polite,
            "negation": self.negation,
            "conditions": list(self.conditions),
            "governors": list(self.governors),
            "conjoined": list(self.conjoined),
            "others": list(self.others),
            "unexpected": list(self.unexpected),
            "forbidden": list(self.forbidden),
            "counts": list(self.counts),
            "extra": list(self.extra),
            "slots": [
                {"kind": s.kind, "text": s.text, "token": s.index + 1, "in_scope": s.in_scope, "role": s.role}
                for s in self.slots
            ],
        }


_WH_TAGS = frozenset({"WP", "WDT", "WRB", "WP$"})
_COORDINATORS = frozenset({"and", "then", ",", ";", "also", "&", "+", "plus", "afterwards", "next"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "expl", "csubj", "csubjpass"})
_COMPLEMENTS = frozenset({"xcomp", "ccomp", "csubj", "csubjpass", "advcl", "conj"})
_VERBAL = frozenset({"VERB", "AUX"})
# A clause marker that opens a condition only when it introduces a clause ("when it is up, …"), not
# when it asks a question ("when did you …?") or stands as a plain preposition.
_CLAUSE_ONLY = frozenset({"when", "while", "once", "until", "till", "after", "before"})
_OUT_OF_SCOPE_DEPS = frozenset({"npadvmod", "advmod", "prep", "tmod", "agent", "oprd"})


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


def _rows(parsed: Parsed) -> tuple[TokenRow, ...]:
    rows = []
    for tok in parsed.doc:
        item = parsed.items.get(tok.i)
        misc = str(item.kind) if item is not None else ("inserted" if tok.i in parsed.synthetic else "")
        rows.append(
            TokenRow(
                id=tok.i + 1,
                form=item.source if item is not None else tok.text,
                lemma=item.text if item is not None else tok.lemma_,
                upos=tok.pos_,
                xpos=tok.tag_,
                head=0 if tok.head.i == tok.i else tok.head.i + 1,
                deprel=tok.dep_,
                misc=misc,
            )
        )
    return tuple(rows)


def _lower(tok: Any) -> str:
    return str(tok.text).lower()


def _find_negation(parsed: Parsed, words: ReaderWords) -> str | None:
    for tok in parsed.doc:
        if tok.i in parsed.items:
            continue
        if tok.dep_ == "neg" or _lower(tok) in words.negations or str(tok.lemma_).lower() in words.negations:
            return "not" if _lower(tok) in ("n't", "n’t") else _lower(tok)
    return None


def _find_conditions(parsed: Parsed, words: ReaderWords) -> tuple[str, ...]:
    found: list[str] = []
    plain = [(_lower(t) if t.i not in parsed.items else "\x00") for t in parsed.doc]
    joined = " " + " ".join(plain) + " "
    for phrase in words.conditions:
        if " " in phrase and f" {phrase} " in joined:
            found.append(phrase)
    for tok in parsed.doc:
        word = plain[tok.i]
        if word not in words.conditions or " " in word:
            continue
        if word in ("if", "whether") and tok.dep_ == "mark" and _asks(tok.head, words):
            continue  # "check if A is allowed" asks a question; it sets no condition
        if word in _CLAUSE_ONLY:
            opens_clause = tok.dep_ == "mark" or (tok.dep_ == "advmod" and tok.head.dep_ in ("advcl", "ccomp"))
            if not opens_clause:
                continue
        found.append(word)
    return tuple(dict.fromkeys(found))


def _content(tok: Any, parsed: Parsed, words: ReaderWords) -> bool:
    """Whether a token says something beyond punctuation and courtesy."""
    if tok.i in parsed.items:
        return True
    if tok.i in parsed.synthetic or tok.is_punct or tok.is_space:
        return False
    return _lower(tok) not in words.courtesy and str(tok.lemma_).lower() not in words.courtesy


def _verb_like(tok: Any, parsed: Parsed, verbs: frozenset[str]) -> bool:
    """A full verb, or a known verb the small model tagged as a noun where a verb must stand.

    "Please archive A" and "Can you index A?" come back with a NOUN root; a root that is a known verb
    and opens the sentence (after "please") or carries a modal is read as the verb it is.
    """
    if tok.i in parsed.items:
        return False
    if tok.pos_ == "VERB":
        return True
    if tok.pos_ not in ("NOUN", "PROPN") or _lower(tok) not in verbs:
        return False
    has_modal = any(c.tag_ == "MD" for c in tok.children)
    if has_modal:
        return True
    opens = tok.i == tok.sent.start or (tok.i - 1) in parsed.synthetic
    # "Archive of A?" is a noun phrase asked about, not an order: no "of", no question mark.
    noun_phrase = any(c.dep_ in ("prep", "det") and _lower(c) in ("of", "the", "a", "an") for c in tok.children)
    asked = any(t.text == "?" for t in tok.sent)
    return opens and not noun_phrase and not asked


# A slot is part of the action only through argument relations: not through a greeting ("Hi A, …"),
# a relative clause ("the page that links to A"), an adverbial clause or a loose parataxis.
_DETACHING = frozenset({"intj", "advcl", "relcl", "acl", "ccomp", "parataxis", "csubj", "mark", "discourse", "vocative"})


def _scope(top: Any, parsed: Parsed, through: frozenset[int] = frozenset()) -> set[int]:
    """The token ids of `top`'s subtree that hang from it through argument relations only.

    An unlabelled attachment (`dep`) counts only after the predicate: "About A: fetch B" does not
    make A an object of fetch.
    """
    inside: set[int] = set()
    for tok in top.subtree:
        node, ok = tok, True
        while node.i != top.i:
            detached = (
                node.dep_ in _DETACHING
                or (node.dep_ == "dep" and node.i < top.i)
                # "fetch A and what did you get from B?": a conjoined clause with its own subject.
                or (node.dep_ == "conj" and node.pos_ in _VERBAL and _own_clause(node))
            )
            if detached and node.i not in parsed.synthetic and node.i not in through:
                ok = False
                break
            node = node.head
        if ok:
            inside.add(tok.i)
    return inside


def _ordinary_word(text: str) -> bool:
    """Words with an apostrophe, dot or hyphen ("'s", "n't", "e-mail", "robots.txt") are words, not symbols."""
    return (
        bool(text) and (text[0].isalnum() or text[0] in "'’")
        and all(ch.isalnum() or ch in "'’-." for ch in text) and any(ch.isalnum() for ch in text)
    )


# Steps that keep a slot in the same role as its neighbour: "A, B and C", "these pages: A, B".
_SAME_ROLE = frozenset({"conj", "appos", "punct", "cc", "compound", "nmod", "amod", "nummod"})


def _role(tok: Any, top: Any, parsed: Parsed) -> str:
    """How a slot hangs from the action: "dobj", "pobj:from>prep>ROOT"; lists collapse into one role."""
    steps: list[str] = []
    node = tok
    guard = 0
    while node.i != top.i and node.head.i != node.i and guard < 64:
        guard += 1
        if node.dep_ not in _SAME_ROLE or (node.dep_ == "compound" and node.head.i not in parsed.items):
            if node.dep_ == "pobj":
                steps.append(f"pobj:{_lower(node.head)}")
            elif node.dep_ != "prep":
                steps.append(node.dep_)
        node = node.head
    return ">".join(steps) or "self"


_NUMBER_WORDS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen".split()
)}


def _number(text: str) -> int | None:
    word = text.lower()
    if word.isdigit():
        return int(word)
    return _NUMBER_WORDS.get(word)


def _asks(clause: Any, words: ReaderWords) -> bool:
    """Whether an if/whether clause is the question of an embedding verb ("check if …"), not a condition."""
    head = clause.head
    if str(head.lemma_).lower() not in words.embedders or head.i == clause.i:
        return False
    if clause.dep_ == "ccomp":
        return True
    return clause.dep_ == "advcl" and not _children(head, ("dobj",))


def _embedded(clause: Any) -> bool:
    """A clause introduced by "if"/"whether" or by a question word: an indirect question."""
    for tok in clause.subtree:
        if tok.i >= clause.i:
            break
        if _lower(tok) in ("if", "whether") or tok.tag_ in _WH_TAGS:
            return True
    return False


def _wh_phrase(tok: Any, doc: Any) -> str:
    """The question word, with "how many"/"how much" kept together."""
    word = _lower(tok)
    nxt = doc[tok.i + 1] if tok.i + 1 < len(doc) else None
    if word == "how" and nxt is not None and _lower(nxt) in ("many", "much"):
        return f"how {_lower(nxt)}"
    return word


def _own_clause(tok: Any) -> bool:
    """Whether a verb has its own subject or auxiliary (a clause of its own, not a shared predicate)."""
    return any(c.dep_ in _SUBJECTS or c.dep_ in ("aux", "auxpass") for c in tok.children)


def _children(tok: Any, deps: Iterable[str]) -> list[Any]:
    wanted = frozenset(deps)
    found = [c for c in tok.children if c.dep_ in wanted]
    if wanted & _SUBJECTS and tok.pos_ == "VERB":
        # A "subject" after its full verb is the small model's misreading of an object list
        # ("fetch these pages: A, B"); English subjects come first, or after an auxiliary only.
        found = [c for c in found if c.i < tok.i or c.dep_ not in _SUBJECTS]
    return found


def build_skeleton(parsed: Parsed, words: ReaderWords, verbs: frozenset[str]) -> Skeleton:
    """Reads the parse: see the module docstring. `verbs` are the verb lemmas the vocabulary knows."""
    doc = parsed.doc
    rows = _rows(parsed)
    negation = _find_negation(parsed, words)
    conditions = _find_conditions(parsed, words)
    sentences = list(doc.sents)
    contentful = [s for s in sentences if any(_content(t, parsed, words) for t in s)]
    if not contentful:
        return _empty_skeleton(parsed, rows, negation, conditions)
    # The action is in the first sentence whose root is a full verb ("Here is A. Fetch it." acts in the
    # second); without one, in the first sentence that says anything ("Is the queue empty?").
    action_sent = next((s for s in contentful if _verb_like(s.root, parsed, verbs)), contentful[0])

    # The root, or the first verb beside a greeting that the parser made the root ("Hi, fetch …").
    root = action_sent.root
    if root.pos_ not in _VERBAL and not _content(root, parsed, words):
        verb_child = next((c for c in root.children if c.pos_ == "VERB"), None)
        root = verb_child if verb_child is not None else root
    noun_as_verb = root.pos_ not in _VERBAL and _verb_like(root, parsed, verbs)
    chain = [root]
    governors: list[str] = []
    scope_top = root
    passive_by_copula = False
    embedded = False
    inner_from = 0  # where the embedded question starts in the chain
    action = root
    predicate: str | None = None
    if root.pos_ in _VERBAL or noun_as_verb:
        for _ in range(4):
            lemma = verb_lemma(action, verbs)
            if lemma == "be":
                complements = _children(action, ("acomp", "attr", "oprd"))
                permission = next((c for c in complements if str(c.lemma_).lower() in words.permission_words), None)
                if permission is not None:
                    inner = [c for c in list(action.children) + list(permission.children)
                             if c.dep_ in _COMPLEMENTS and c.pos_ == "VERB"]
                    if inner:
                        governors.append(str(permission.lemma_).lower())
                        action = inner[0]
                        chain.append(action)
                        continue
                adjectival = next(
                    (c for c in complements if c.tag_ in ("VBN", "JJ") and verb_lemma(c, verbs) in verbs
                     and verb_lemma(c, verbs) != "be"),
                    None,
                )
                if adjectival is not None:
                    scope_top = action  # "Is A fetched?": A is the copula's subject
                    action = adjectival
                    chain.append(action)
                    passive_by_copula = True
                break
            if lemma == "have":
                # "Do we have permission to fetch A?": the permission noun governs the action.
                nouns = [c for c in _children(action, ("dobj",)) if str(c.lemma_).lower() in words.permission_words]
                inner = [c for n in nouns for c in n.children if c.dep_ in ("acl", "relcl", "xcomp") and c.pos_ == "VERB"]
                if inner:
                    governors.append(str(nouns[0].lemma_).lower())
                    action = inner[0]
                    chain.append(action)
                    continue
            if lemma in words.embedders:
                # "Check whether we may fetch A": the embedded clause is the question asked.
                has_object = bool(_children(action, ("dobj",)))
                inner = [
                    c for c in action.children
                    if (c.dep_ == "ccomp" or (c.dep_ == "advcl" and not has_object))
                    and (c.pos_ in _VERBAL or (c.tag_ in ("VBN", "JJ") and verb_lemma(c, verbs) in verbs))
                    and _embedded(c)
                ]
                if inner:
                    governors.append(lemma)
                    action = inner[0]
                    chain.append(action)
                    embedded = True
                    inner_from = len(chain) - 1
                    continue
            if lemma in words.serial_verbs:
                # "Go fetch A" / "Go and fetch A" / "Help me fetch A": the second verb is the action.
                inner = [c for c in action.children if c.dep_ in ("advcl", "xcomp", "conj", "ccomp") and c.pos_ == "VERB"]
                asker = [str(c.lemma_).lower() for c in _children(action, _SUBJECTS)]
                if inner and asker in ([], ["you"]) and action.tag_ == "VB":
                    governors.append(lemma)
                    action = inner[0]
                    chain.append(action)
                    continue
            if lemma in words.permission_words or lemma in words.request_governors:
                inner = [c for c in action.children if c.dep_ in ("xcomp", "ccomp", "csubj", "csubjpass")
                         and c.pos_ == "VERB"]
                if inner:
                    governors.append(lemma)
                    action = inner[0]
                    chain.append(action)
                    continue
            break
        predicate = _lower(action) if (noun_as_verb and action is root) else verb_lemma(action, verbs)
        if not passive_by_copula:
            scope_top = action
        if governors and governors[0] in words.permission_words:
            # "Does a.example allow crawling?": the site is the governor's subject, inside its clause.
            scope_top = chain[0]
    chain_ids = {t.i for t in chain}

    # Subject, modals and auxiliaries along the chain from the root down to the action.
    # An indirect question keeps its own subject and modals: "could you tell me whether you fetched A"
    # asks whether I fetched A; the "could you" belongs to the asking.
    own = chain[inner_from:]
    subject_tok = None
    for tok in own:
        found = _children(tok, _SUBJECTS)
        if found:
            subject_tok = found[0]  # the outermost subject: "could YOU help me fetch …"
            break
    subject = None
    if subject_tok is not None:
        subject = "address" if subject_tok.i in parsed.items else str(subject_tok.lemma_).lower()
    auxes = [c for tok in own for c in tok.children if c.dep_ in ("aux", "auxpass")]
    modals = [str(a.lemma_).lower() for a in auxes if a.tag_ == "MD"]
    permission_near = [c for c in action.children if str(c.lemma_).lower() in words.permission_words
                       and c.dep_ in ("advcl", "acomp", "conj", "ccomp")]
    polite = any(
        (_lower(t) in words.politeness) and t.i not in parsed.synthetic for t in action_sent
    )

    modality = Modality.NONE
    if governors and governors[0] in words.request_governors:
        # "I would like you to …": the modal belongs to the wish, not to the action.
        modals = [str(a.lemma_).lower() for tok in chain[1:] for a in tok.children
                  if a.dep_ in ("aux", "auxpass") and a.tag_ == "MD"]
    if any(m in words.permission_modals for m in modals):
        modality = Modality.PERMISSION
    elif any(m in words.request_modals for m in modals):
        if subject in (None, "you"):
            modality = Modality.REQUEST
        elif any(m in ("could", "would") for m in modals):
            modality = Modality.PERMISSION
        else:
            modality = Modality.OTHER
    if any(g in words.permission_words for g in governors) or permission_near:
        modality = Modality.PERMISSION
    elif any(g in words.request_governors for g in governors) and modality is not Modality.PERMISSION:
        top_subjects = _children(chain[0], _SUBJECTS)
        asker = str(top_subjects[0].lemma_).lower() if top_subjects else None
        top_modals = {str(a.lemma_).lower() for a in chain[0].children if a.tag_ == "MD"}
        polite_mind = governors[0] == "mind" and asker == "you" and bool(top_modals & {"would", "could", "will"})
        if asker in ("i", "we") or polite_mind:
            modality = Modality.REQUEST
        else:
            modality = Modality.OTHER

    aspects: list[str] = []
    aux_lemmas = {str(a.lemma_).lower(): a for a in auxes}
    if passive_by_copula or _children(action, ("auxpass", "nsubjpass")):
        aspects.append("passive")
    if "have" in aux_lemmas and action.tag_ == "VBN":
        aspects.append("perfect")
    if action.tag_ == "VBD" or any(a.tag_ == "VBD" and str(a.lemma_).lower() in ("do", "be") for a in auxes) or (
        passive_by_copula and chain[0].tag_ == "VBD"
    ):
        aspects.append("past")
    if action.tag_ == "VBG" and "be" in aux_lemmas:
        aspects.append("progressive")
    if not aspects:
        aspects.append("present")

    # Question words and question shape.
    content_toks = [t for t in action_sent if _content(t, parsed, words)]
    wh = None
    first_content = content_toks[0] if content_toks else None
    for tok in content_toks[:3]:
        if tok.tag_ in _WH_TAGS:
            wh = _wh_phrase(tok, doc)
            break
    last = [t for t in doc if not t.is_space]
    question = any(t.text == "?" for t in action_sent) or (bool(last) and last[-1].text == "?")
    inverted = (
        first_content is not None and first_content.pos_ == "AUX" and subject_tok is not None
        and first_content.i < subject_tok.i
    )

    if predicate is None:
        mood = Mood.FRAGMENT
    elif wh is not None:
        mood = Mood.WH_QUESTION
    elif modality is Modality.REQUEST:
        mood = Mood.REQUEST
    elif (
        not _children(chain[0], _SUBJECTS)
        and (subject_tok is None or bool(governors) and set(governors) <= words.serial_verbs)
        # "Do fetch A" / "Do not fetch A": an imperative with do-support (the negation is judged apart).
        and all(str(a.lemma_).lower() == "do" and a.tag_ in ("VB", "VBP") for a in auxes)
        and (action.tag_ == "VB" or noun_as_verb)
        and set(governors) <= words.serial_verbs
    ):
        mood = Mood.REQUEST if polite else Mood.IMPERATIVE
    elif question or inverted:
        mood = Mood.YES_NO_QUESTION
    else:
        mood = Mood.STATEMENT

    if embedded:
        # An indirect question is a question, whoever is asked to look it up.
        inner_wh = next((t for t in action.subtree if t.tag_ in _WH_TAGS and t.i < action.i), None)
        wh = _wh_phrase(inner_wh, doc) if inner_wh is not None else None
        mood = Mood.WH_QUESTION if wh else Mood.YES_NO_QUESTION

    # The action's own parse: its subtree, plus a list after a colon that holds nothing but addresses.
    # The chain itself (allow → fetch, check → whether …) is the action's own structure, never a detour.
    scope = _scope(scope_top, parsed, frozenset(chain_ids)) if predicate is not None else {t.i for t in action_sent}
    colon = next((t for t in doc if t.text == ":" and t.i > action.i and t.i not in parsed.items), None)
    tail_ids: set[int] = set()
    if colon is not None:
        tail = [t for t in doc if t.i > colon.i]
        if tail and all(
            t.i in parsed.items or _lower(t) in words.list_words or t.is_punct or t.i in parsed.synthetic
            or t.like_num  # "1. A 2. B"
            for t in tail
        ):
            tail_ids = {t.i for t in tail}
            scope |= tail_ids

    # Verbs beyond the action chain.
    conjoined, others = [], []
    for tok in doc:
        if tok.i in chain_ids or tok.i in parsed.items or tok.i in parsed.synthetic or tok.pos_ != "VERB":
            continue
        if tok.dep_ in ("amod", "compound") and not list(tok.children):
            continue  # a participle used as an adjective: "the following URLs", "the stored pages"
        if tok.dep_ == "prep" and tok.tag_ in ("VBG", "VBN"):
            continue  # a participle used as a preposition: "according to robots.txt"
        lemma = verb_lemma(tok, verbs)
        # "download and save A" shares the action's subject and mood; "fetch A and what did you get
        # from B?" does not: a conjoined verb with its own subject or auxiliary is another clause.
        if tok.dep_ == "conj" and tok.head.i in chain_ids and not _own_clause(tok):
            conjoined.append(lemma)
        elif tok.dep_ == "pcomp" and tok.head.head.i in chain_ids and not _own_clause(tok):
            conjoined.append(lemma)  # "queue A for fetching"
        else:
            others.append(lemma)

    # Modifiers of the action the reader has no word for ("tomorrow", "every hour", "slowly").
    unexpected = []
    for tok in chain if predicate is not None else []:
        for child in tok.children:
            if child.i in parsed.items or child.i in tail_ids or child.dep_ not in _OUT_OF_SCOPE_DEPS:
                continue
            word = str(child.lemma_).lower()
            if child.dep_ == "prep" or child.dep_ == "agent":
                if word not in words.prepositions and _lower(child) not in words.prepositions:
                    unexpected.append(_lower(child))
            elif child.dep_ == "npadvmod" and (word in words.object_nouns or _lower(child) in words.object_nouns):
                continue
            elif (
                word not in words.adverbs and _lower(child) not in words.adverbs and child.tag_ not in _WH_TAGS
                and word not in words.politeness and word not in words.negations and word not in words.courtesy
            ):
                unexpected.append(_lower(child))

    counts: list[int] = []
    for tok in doc:
        if tok.i in parsed.items or tok.i in parsed.synthetic:
            continue
        if _lower(tok) in words.blockers or str(tok.lemma_).lower() in words.blockers:
            unexpected.append(_lower(tok))
        elif not tok.is_punct and not tok.is_alpha and not tok.like_num and _lower(tok) not in words.list_words \
                and not _ordinary_word(tok.text):
            unexpected.append(tok.text)  # shell or markup: "&&", "-rf", "<script>"
        elif tok.like_num and tok.i in scope and tok.i not in tail_ids:
            value = _number(tok.text)
            if tok.dep_ == "nummod" and _lower(tok.head) in words.object_nouns and value is not None:
                counts.append(value)  # "these two pages: A and B" must name two
            else:
                unexpected.append(tok.text)  # "fetch 300 pages from A" asks for more than A
        elif tok.dep_ == "conj" and tok.head.i in parsed.items and tok.pos_ not in ("NOUN", "PROPN", "X") \
                and _lower(tok) not in words.object_nouns:
            unexpected.append(_lower(tok))
    forbidden = [
        str(t.lemma_).lower() if str(t.lemma_).lower() in words.forbidden else _lower(t) for t in doc
        if t.i not in parsed.items and (_lower(t) in words.forbidden or str(t.lemma_).lower() in words.forbidden)
    ]
    # An unsupported verb right after "and"/"then" is a verb even when the tagger made it a noun or an
    # adjective ("fetch A and book B", "then forward it").
    for tok in doc:
        if tok.i == 0 or tok.i in parsed.items or tok.pos_ == "VERB":
            continue
        if _lower(tok) in words.unsupported and _lower(doc[tok.i - 1]) in _COORDINATORS:
            forbidden.append(_lower(tok))

    extra: list[str] = []
    for sent in sentences:
        if sent == action_sent:
            continue
        extra += [_lower(t) for t in sent if _content(t, parsed, words) and t.i not in tail_ids]

    sentence_words = set()
    for tok in action_sent:
        if tok.i in parsed.items:
            continue
        sentence_words.add(_lower(tok))
        sentence_words.add(str(tok.lemma_).lower())
    for tok in doc:
        if tok.i in tail_ids and tok.i not in parsed.items:
            sentence_words.add(_lower(tok))

    slots = tuple(
        SlotToken(
            index=i, kind=str(item.kind), text=item.text, source=item.source, link_text=item.link_text,
            in_scope=i in scope, role=_role(doc[i], scope_top, parsed) if i not in tail_ids else "list",
        )
        for i, item in sorted(parsed.items.items())
    )
    return Skeleton(
        predicate=predicate,
        mood=mood,
        modality=modality,
        aspects=tuple(aspects),
        subject=subject,
        wh=wh,
        polite=polite,
        negation=negation,
        conditions=conditions,
        governors=tuple(governors),
        conjoined=tuple(conjoined),
        others=tuple(others),
        words=tuple(sorted(sentence_words)),
        unexpected=tuple(dict.fromkeys(unexpected)),
        forbidden=tuple(dict.fromkeys(forbidden)),
        counts=tuple(counts),
        extra=tuple(extra),
        slots=slots,
        tokens=rows,
    )


def _empty_skeleton(
    parsed: Parsed, rows: tuple[TokenRow, ...], negation: str | None, conditions: tuple[str, ...]
) -> Skeleton:
    return Skeleton(
        predicate=None, mood=Mood.FRAGMENT, modality=Modality.NONE, aspects=(), subject=None, wh=None,
        polite=False, negation=negation, conditions=conditions, governors=(), conjoined=(), others=(),
        words=(), unexpected=(), forbidden=(), counts=(), extra=(), slots=(), tokens=rows,
    )
