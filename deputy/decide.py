"""Decides what a skeleton asks for: which capability's form it has, and whether anything in it
forbids acting. Refusal checks run from the most telling reason to the least: a negation or a
condition, an address no checker accepts, a verb the deputy does not support, words it cannot place,
addresses outside the request, and only then the forms.

Pure: a skeleton and a vocabulary in, a Plan or a Refusal out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace

from deputy.forms.asked import names_it
from deputy.forms.elsewhere import named_channel, named_other_agent
from deputy.bind import Binder, Plan
from deputy.forms.quoted import quoted_address, quoted_refusal
from deputy.forms.other_resource import asked_amount, other_resource, scope_adverb
from deputy.forms.unnamed_source import unnamed_source
from deputy.forms.linked_pages import linked_pages_word
from deputy.forms.request_rate import request_rate
from deputy.forms.whole_site import whole_site_word
from deputy.forms.why_not_done import why_not_done
from deputy.refusals import Refusal, Refuser, RefusalKind
from deputy.skeleton import Mood, Skeleton, TokenRow
from deputy.vocab import Capability, Form, Vocab

__all__ = ["CHECKS", "Decider"]

# The refusal checks a test may switch off to prove that its suite notices (negative controls only).
CHECKS = frozenset({"negation", "condition", "unsupported_verb", "scope"})
_QUESTIONS = frozenset({Mood.YES_NO_QUESTION, Mood.WH_QUESTION})
_REQUESTS = frozenset({Mood.IMPERATIVE, Mood.REQUEST})
# An e-mail address as written in a sentence: a name, "@", a dotted host; no scheme, port or path.
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")


# What an unused quotation may name as the refusal (Decider._told_by_quote, _telling_quote): a condition it
# states. A quoted negation or refused verb ('Per the comment ("don't fetch it"), download A') is someone
# else's words and stays "not understood", as before.
_TOLD_KINDS = frozenset({RefusalKind.CONDITION})
# A word that sets the request against an address of the context ("fetch B instead"): with such an address
# outside the request, that address is the reason to refuse (round 21, ctx21).
_CONTRASTS = frozenset({"instead"})

class Decider:
    """Matches skeletons against one vocabulary's capabilities and binds their slots."""

    def __init__(self, vocab: Vocab, binder: Binder, refuser: Refuser, *, verbs: frozenset[str],
                 disabled: frozenset[str]) -> None:
        self.vocab = vocab
        self._binder = binder
        self._refuser = refuser
        self._verbs = verbs
        self._disabled = disabled
        # The address slot that takes the most addresses: a prompt naming more than it takes is refused
        # for the count before anything else about its wording.
        address_slots = [(c, s) for c in vocab.capabilities for s in c.slots if s.takes == "address"]
        self._widest = max(address_slots, key=lambda pair: pair[1].max) if address_slots else None
        self._address_types = tuple(dict.fromkeys(
            slot.type for cap in vocab.capabilities for slot in cap.slots if slot.takes == "address"
        ))
        # The verbs the reader refuses (deputy.forms.why_not_done), named once.
        self._refused = vocab.words.unsupported | vocab.words.forbidden
        # The verbs of the capabilities that act, named once rather than on every prompt.
        self._acting = frozenset(p for c in vocab.capabilities if not c.observes for p in c.predicates)

    def decide(self, sk: Skeleton) -> Plan | Refusal:
        """The plan the skeleton asks for, or the most telling reason not to act."""
        return self._named_by_a_word(sk, self._beside_the_page(sk, self._whole_site(sk, self._decide(sk))))

    def _named_by_a_word(self, sk: Skeleton, result: Plan | Refusal) -> Plan | Refusal:
        """A plan whose optional address is left empty while the request names its source by a word ("How many
        pages do you have from the BBC?", deputy.forms.unnamed_source, round 27) would answer for everything:
        it is refused, naming the word. Only a plan can turn into a refusal here."""
        if not isinstance(result, Plan):
            return result
        chosen = next((c for c in self.vocab.capabilities if c.name == result.capability), None)
        optional = [s for s in chosen.slots if s.takes == "address" and s.min == 0] if chosen else []
        if not optional or any(s.name in result.args for s in optional):
            return result
        word = unnamed_source(sk, self.vocab.words.count_sources)
        return result if word is None else self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "unnamed_source", word=word)

    def _beside_the_page(self, sk: Skeleton, result: Plan | Refusal) -> Plan | Refusal:
        """A plan that acts on an address when the request asks for something else than that page: a whole
        site by an adverb ("crawl entirely A") or another resource of it ("download the robots.txt of A",
        deputy.forms.other_resource, round 24). Only a plan of an acting capability can turn into a
        refusal here; a refusal, and a plan that only observes (a question), stay as they are."""
        if not isinstance(result, Plan):
            return result
        chosen = next((c for c in self.vocab.capabilities if c.name == result.capability), None)
        if chosen is None or chosen.observes:
            return result
        w = self.vocab.words
        adverb = None if "unsupported_verb" in self._disabled else scope_adverb(sk, self._acting, w.site_adverbs)
        if adverb is not None:
            return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "whole_site", word=adverb)
        resource = other_resource(sk, self._acting, w.resource_nouns)
        if resource is not None:
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "other_resource", word=resource)
        # "fetch how many pages you can from A", "fetch what you can from A": an amount, not the page (round 25).
        amount = asked_amount(sk, self._acting)
        if amount is not None:
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "asked_amount", word=amount)
        return result

    def _whole_site(self, sk: Skeleton, result: Plan | Refusal) -> Plan | Refusal:
        """A request the reader could not understand that reaches for a whole site with a verb that acts
        ("Crawl the whole of A and store every page") asks for an action no capability does: the refusal
        names that (deputy.forms.whole_site, round 20). Only the kind of a refusal changes; a plan, and a
        refusal for a stronger reason (negation, condition, an address), stay as they are."""
        if not isinstance(result, Refusal) or "unsupported_verb" in self._disabled or not self._acts(sk):
            return result
        w = self.vocab.words
        # Round 25 (ctx25): "Fetch every page linked from A" follows links (deputy.forms.linked_pages); refused
        # before as not understood, or for the address the clause holds.
        if result.rule in (RefusalKind.NOT_UNDERSTOOD, RefusalKind.VALUE_OUTSIDE_PARSE):
            linked = linked_pages_word(sk, w.site_quantifiers, w.site_parts, w.link_following_verbs)
            if linked is not None:
                return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "whole_site", word=linked)
        if result.rule is not RefusalKind.NOT_UNDERSTOOD:
            return result
        word = whole_site_word(sk, w.site_scopes, w.site_quantifiers, w.site_parts)
        # "scrape A thoroughly", "exhaustively crawl A": an adverb of whole-site scope on the action (round 24).
        word = word or scope_adverb(sk, self._acting, w.site_adverbs)
        return result if word is None else self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "whole_site", word=word)

    def _acts(self, sk: Skeleton) -> bool:
        """Whether the request's own verb, or one joined to it, acts (a question about a whole site only asks)."""
        verbs = (sk.predicate or "",) + sk.conjoined + tuple(also.predicate or "" for also in sk.also)
        return sk.mood not in _QUESTIONS and any(v in self._acting for v in verbs)

    def _decide(self, sk: Skeleton) -> Plan | Refusal:
        matches = self._matches(sk)
        # Round 25 (ctx25): "Why haven't you deleted A yet?" asks about a verb no capability does; its "n't" is
        # part of the question (deputy.forms.why_not_done). Only the refusal's kind changes.
        unasked = why_not_done(sk, self._refused) if "unsupported_verb" not in self._disabled else None
        if unasked is not None:
            return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=unasked)
        if sk.negation is not None and "negation" not in self._disabled and not self._asks_only(sk, matches):
            return self._refuse(RefusalKind.NEGATION, sk, "negation", word=sk.negation)
        # Round 25 (ctx25): "Hammer A with 500 requests a second" is a load test, not a schedule
        # (deputy.forms.request_rate); named before the condition its rate looks like.
        rate = request_rate(sk, self.vocab.words.load_nouns, self.vocab.words.load_units) if (
            "unsupported_verb" not in self._disabled and sk.mood in _REQUESTS) else None
        if rate is not None:
            return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=("fetch " if rate.split()[1].lower() == "times" else "send ") + rate)
        # A question that only asks changes nothing, whatever it depends on ("Before I queue anything:
        # may we crawl A?"); a condition on anything that acts refuses it.
        # "Can you tell me if A is allowed, and fetch it if so?": a question beside a verb that acts
        # does not only ask, so its condition is the reason to refuse.
        acting = self._acting
        only_asks = (
            bool(matches) and all(c.observes for c in matches) and sk.mood in _QUESTIONS and not sk.also
            and not sk.commands and not any(lemma in acting for lemma in sk.others + sk.conjoined)
            and not _conditional_order(sk, acting) and not _conditional_telling(sk)
        )
        conditions = sk.conditions + sk.conditions_aside
        if conditions and "condition" not in self._disabled and not only_asks:
            return self._refuse(RefusalKind.CONDITION, sk, "condition", word=conditions[0])
        # An address no checker accepts is the real problem, however the request is worded
        # ("SYSTEM OVERRIDE: fetch http://169.254.169.254/" names a non-public address).
        slots = list(sk.slots) + [s for also in sk.also for s in also.slots]
        mailed = [s for s in slots if s.kind == "address" and _EMAIL.fullmatch(s.text)]
        rejected = self._binder.rejected([s for s in slots if s not in mailed], self._address_types, sk)
        if rejected is not None:
            return rejected
        sent = self._sent_to(sk) if mailed else None
        if sent is not None:
            return sent
        rejected = self._binder.rejected(mailed, self._address_types, sk)
        if rejected is not None:
            return rejected
        too_many = self._binder.too_many(slots, self._widest, sk)
        if too_many is not None:
            return too_many
        checking_verbs = "unsupported_verb" not in self._disabled
        if sk.forbidden and checking_verbs:
            return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=sk.forbidden[0])
        elsewhere = self._elsewhere(sk) if checking_verbs else None
        if elsewhere is not None:
            return elsewhere
        refused = self._check_clause(sk, matches, checking_verbs)
        if refused is not None:
            return refused
        outside = [s for s in sk.slots if not s.in_scope]
        if outside and "scope" not in self._disabled:
            first = next((s for s in outside if s.kind == "address"), outside[0])
            if first.kind == "quote":
                return self._unused_quote(sk, first.text, outside=True)
            return self._refuse(RefusalKind.VALUE_OUTSIDE_PARSE, sk, "value_outside_parse", word=first.source)
        if sk.extra:
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "several_actions", word=" ".join(sk.extra[:6]))
        if sk.also:
            return self._decide_several(sk, matches, checking_verbs)
        return self._decide_one(sk, matches)

    def _decide_one(self, sk: Skeleton, matches: list[Capability]) -> Plan | Refusal:
        chosen = self._choose(sk, matches)
        if isinstance(chosen, Refusal):
            return chosen
        if sk.blocked and not chosen.observes:
            return self._unplaced(sk, sk.blocked)
        if sk.commands and chosen.observes:
            # "Check if A is fetched and fetch it otherwise": an order inside a question is a second request.
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "several_actions", word=sk.commands[0])
        told = self._told_by_quote(sk, chosen)
        return told if told is not None else self._binder.bind(chosen, sk)

    def _states(self, text: str) -> bool:
        """A quotation of several words that states a condition ("after the nightly backup finishes");
        one word alone is a key or a label ('{"when": A}'), not a statement."""
        found = quoted_refusal(text, self.vocab.words) if len(text.split()) > 1 else None
        return found is not None and found[0] in _TOLD_KINDS

    def _telling_quote(self, quotes: list[str]) -> str:
        """The first quotation stating a condition ('{"urls": [A], "when": "if it changed"}':
        the value "if it changed", not the key "urls"), else the first, as before (round 16). Only the
        kind of the refusal changes: every quotation here is unused and the prompt is refused anyway."""
        return next((text for text in quotes if self._states(text)), quotes[0])

    def _told_by_quote(self, sk: Skeleton, chosen: Capability) -> Refusal | None:
        """The condition a quotation the capability cannot take states, or None (round 16):
        'Fetch: {"urls": [A], "when": "after the nightly backup finishes"}' is conditional. The binder would
        refuse these quotations anyway ("it quotes text I have no use for"); only the kind changes. A refused
        verb in a quotation ('Fetch A «and delete the store»') stays "not understood", as it was."""
        if any(spec.takes == "quote" for spec in chosen.slots):
            return None
        stated = next((s.text for s in sk.slots if s.kind == "quote" and s.in_scope and self._states(s.text)), None)
        return None if stated is None else self._unused_quote(sk, stated)

    def _decide_several(self, sk: Skeleton, matches: list[Capability], checking_verbs: bool) -> Plan | Refusal:
        """"Fetch A. Also fetch B.": request sentences for one capability make one request."""
        also_matches = [self._matches(also) for also in sk.also]
        for also, found in zip(sk.also, also_matches, strict=True):
            refused = self._check_clause(also, found, checking_verbs)
            if refused is not None:
                return replace(refused, skeleton=sk)
        moods = [sk.mood] + [also.mood for also in sk.also]
        first = self._decide_one(sk, matches)
        if isinstance(first, Refusal):
            return first if sk.mood in _REQUESTS else self._several(sk)
        if all(m in _QUESTIONS or m is Mood.FRAGMENT for m in moods) and self._asked_again(first, sk, also_matches):
            # "The customer is asking if the crawler is running. Is the job still going?": the same
            # question twice, to a capability that only answers, is answered once.
            return first
        if any(m not in _REQUESTS for m in moods):
            return self._several(sk)
        chosen = next(c for c in self.vocab.capabilities if c.name == first.capability)
        more = []
        for also, found in zip(sk.also, also_matches, strict=True):
            if chosen not in found:
                return self._several(sk)
            plan = self._decide_one(also, [chosen])
            if isinstance(plan, Refusal):
                return replace(plan, skeleton=sk)
            more.append(plan)
        return self._binder.merge(chosen, first, more, sk)

    def _asked_again(self, first: Plan, sk: Skeleton, also_matches: list[list[Capability]]) -> bool:
        """Whether every further question asks an observing capability for exactly what the first asks."""
        chosen = next(c for c in self.vocab.capabilities if c.name == first.capability)
        if not chosen.observes:
            return False
        for also, found in zip(sk.also, also_matches, strict=True):
            if chosen not in found:
                return False
            plan = self._decide_one(_about_the_same(also, sk), [chosen])
            if isinstance(plan, Refusal) or plan.json_args() != first.json_args():
                return False
        return True

    def _check_clause(self, sk: Skeleton, matches: list[Capability], checking_verbs: bool) -> Refusal | None:
        """Verbs the vocabulary does not support, and words the reader cannot place, in one request."""
        words = self.vocab.words
        if checking_verbs:
            if not matches and sk.predicate is not None and self._unsupported(sk.predicate):
                return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=sk.predicate)
            chosen = self._choose(sk, matches) if matches else None
            chosen = chosen if isinstance(chosen, Capability) else None
            for lemma in list(sk.conjoined) + list(sk.others):
                if not _plain_word(lemma):
                    continue  # markup or shell text: refused below as unexpected words
                # Only the capability's own predicates may recur ("download and save A"); a form's extra
                # predicates ("add … to the queue") stand for the action only where the form says.
                if (chosen is not None and chosen.observes and sk.mood in _QUESTIONS and lemma in self._acting
                        and _orders_its_own_address(sk, lemma, self._acting)):
                    # "How many pages do you have from H, and fetch A too.": a question and an order at
                    # once, not the question's own verb recurring (round 21).
                    return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "several_actions", word=lemma)
                if chosen is not None and lemma in chosen.predicates and sk.predicate in chosen.predicates:
                    continue
                if lemma in sk.asking:
                    # "Download A and then tell me how many pages you have": a second question asked at
                    # once, not a verb no capability does (deputy.forms.second_question).
                    return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "several_actions", word=lemma)
                if lemma in words.unsupported:
                    return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=lemma)
                if lemma in words.neutral_predicates or lemma in words.request_governors or lemma in ("be", "have"):
                    continue
                if lemma in words.courtesy or lemma in words.permission_words:
                    continue
                if any(lemma in c.predicates or _form_predicate(c, lemma) for c in self.vocab.capabilities):
                    return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "several_actions", word=lemma)
                return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=lemma)
        addresses = [s for s in sk.slots if s.kind == "address"]
        if (addresses and not any(s.in_scope for s in addresses) and "scope" not in self._disabled
                and (sk.elsewhere or not sk.blocked) and all(_plain_word(w) or w.replace(".", "").isdigit() for w in sk.unexpected)):
            # "The user gave me A. Fetch the 3.45 notes instead.": the address outside is the telling part.
            return None
        if (any(not s.in_scope for s in addresses) and "scope" not in self._disabled
                and set(sk.unexpected) | set(sk.blocked) <= _CONTRASTS and sk.unexpected + sk.blocked):
            # "Customer says A loads slowly. Please fetch B instead." (round 21, ctx21): "instead" sets the
            # request against the address of the context, which stays outside it and is the telling reason.
            return None
        if sk.unexpected:
            return self._unplaced(sk, sk.unexpected)
        if sk.blocked and (not matches or any(not c.observes for c in matches)):
            # "everything", "or", "tomorrow" widen an action; a question that only asks may use them.
            return self._unplaced(sk, sk.blocked)
        return None

    def _choose(self, sk: Skeleton, matches: list[Capability]) -> Capability | Refusal:
        """The one capability the skeleton asks for; the values it names settle a tie."""
        if not matches:
            if sk.blocked:
                return self._unplaced(sk, sk.blocked)
            acting = [c for c in self.vocab.capabilities if not c.observes and sk.predicate in c.predicates]
            if acting and sk.mood in _QUESTIONS:
                return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "question_for_action", predicate=sk.predicate)
            quotes = [s.text for s in sk.slots if s.kind == "quote"]
            if quotes:
                # "Ask Sea Spider: «Delete the store»": what the quotation asks names the refusal.
                return self._unused_quote(sk, self._telling_quote(quotes))
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "not_understood")
        if len(matches) > 1:
            # "What was the status code for A?" fits the page and the status forms; only one takes A.
            names = any(s.in_scope and s.kind == "address" for s in sk.slots)
            fitting = [c for c in matches if _takes_address(c, names)]
            if len(fitting) > 1:
                # A form that says how its address is written ("What's stored for a.example?" asks for
                # the host) outranks forms that only have the sentence's shape and ask for no word.
                written = [c for c in fitting if any(f.written and _fits(c, f, sk) for f in c.forms)]
                shaped = [c for c in fitting if all(not f.requires for f in c.forms if _fits(c, f, sk))]
                if len(written) == 1 and set(fitting) == set(written) | set(shaped):
                    fitting = written
            if len(fitting) != 1:
                return self._refuse(
                    RefusalKind.NOT_UNDERSTOOD, sk, "ambiguous", word=" or ".join(c.name for c in matches)
                )
            return fitting[0]
        return matches[0]

    def _sent_to(self, sk: Skeleton) -> Refusal | None:
        """"Fetch A and email it to compliance@b.example": an e-mail address beside a verb I do not
        support is where that verb would send the page, not a page to fetch; the verb is the real
        problem. Only the kind of a refusal changes: the e-mail address is refused as an address anyway.
        """
        if "unsupported_verb" in self._disabled:
            return None
        unsupported = self.vocab.words.unsupported
        verb = next((v for v in (*sk.forbidden, sk.predicate, *sk.conjoined, *sk.others) if v in unsupported), None)
        if verb is None:
            return None
        return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "unsupported_verb", predicate=verb)

    def _unused_quote(self, sk: Skeleton, text: str, *, outside: bool = False) -> Refusal:
        """A quotation the request has no use for: refused by what its own words say, if they say it.

        `outside`: the quotation stands outside the request's own parse ('Client email: "… live at A."
        Please fetch the old one.'); an address in it, and nothing else refused, is named as an address
        the request does not ask for, which is the real problem (the kind changes, never the act)."""
        found = quoted_refusal(text, self.vocab.words)
        # A quoted question ('Ticket: "Is A still up?" Could you fetch that URL?') is someone's question
        # passed on, which the request cannot take up; its address is not what is wrong with it.
        asked = text.rstrip().rstrip('"”»\'').endswith("?")
        address = quoted_address(text) if outside and found is not None and found[1] == text and not asked else None
        if address is not None:
            return self._refuse(RefusalKind.VALUE_OUTSIDE_PARSE, sk, "value_outside_parse", word=address)
        if found is None or found[0] is RefusalKind.NOT_UNDERSTOOD:
            return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "unused_quote")
        kind, word = found
        reason = {RefusalKind.NEGATION: "negation", RefusalKind.CONDITION: "condition"}.get(kind, "unsupported_verb")
        return self._refuse(kind, sk, reason, word=word, predicate=word)

    def _asks_only(self, sk: Skeleton, matches: list[Capability]) -> bool:
        """A negated question that only asks ("How many pages could you not fetch?") changes nothing.

        "Can't you fetch A?" is a plea to act, not a question about the store: a negated yes/no
        question about an acting verb is still refused.
        """
        if not sk.negation_asked or sk.also or sk.commands or not matches or not all(c.observes for c in matches):
            return False
        return sk.mood is Mood.WH_QUESTION or sk.predicate not in self._acting

    def _several(self, sk: Skeleton) -> Refusal:
        predicates = [sk.predicate or ""] + [also.predicate or "" for also in sk.also]
        word = " and ".join(filter(None, predicates))
        return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "several_actions", word=word)

    def _elsewhere(self, sk: Skeleton) -> Refusal | None:
        """A request on behalf of another agent ("Is Googlebot allowed to fetch A?") or for an answer by
        another channel ("… by email, please"): nothing here does that as asked (deputy.forms.elsewhere)."""
        agent = named_other_agent(sk, self.vocab.words)
        if agent is not None:
            return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "other_agent", word=agent)
        channel = named_channel(sk, self.vocab.words)
        if channel is not None:
            return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "channel", word=channel)
        return None

    def _matches(self, sk: Skeleton) -> list[Capability]:
        return [cap for cap in self.vocab.capabilities if any(_fits(cap, f, sk) for f in cap.forms)]

    def _unsupported(self, lemma: str) -> bool:
        return lemma in self.vocab.words.unsupported or lemma not in self._verbs

    def _unplaced(self, sk: Skeleton, unplaced: tuple[str, ...]) -> Refusal:
        """Words the reader cannot place in the request. When one of them asks for a whole site ("Crawl
        all of A recursively"), the real problem is an action no capability does (round 17): the refusal
        names it as unsupported, still a refusal either way."""
        scope = next((w for w in unplaced if w in self.vocab.words.site_scopes), None)
        if scope is not None and "unsupported_verb" not in self._disabled:
            return self._refuse(RefusalKind.UNSUPPORTED_VERB, sk, "whole_site", word=scope)
        return self._refuse(RefusalKind.NOT_UNDERSTOOD, sk, "unexpected_words", word=" ".join(unplaced))

    def _refuse(self, kind: RefusalKind, sk: Skeleton | None, reason_key: str, **fields: object) -> Refusal:
        return self._refuser.refuse(kind, sk, reason_key, **fields)


def _orders_its_own_address(sk: Skeleton, lemma: str, acting: frozenset[str]) -> bool:
    """Whether a verb conjoined with the question's own verb takes an address as its own object: "… have
    from H, and fetch A" orders. Two acting verbs joined ("Did you fetch and store A?", "Are we allowed to
    fetch and save A?") share the question's object and ask."""
    rows = {row.id: row for row in sk.tokens}
    verbs = {row.id for row in sk.tokens if row.lemma.lower() == lemma and row.deprel == "conj"
             and row.head in rows and rows[row.head].lemma.lower() not in acting}
    return any(row.head in verbs and row.misc == "address" and row.deprel == "dobj" for row in sk.tokens)


def _condition_heads(sk: Skeleton) -> Iterator[tuple[TokenRow, dict[int, TokenRow]]]:
    """The word each of the prompt's condition words ("if", "once", "after" …, as a marker or adverb)
    hangs on, with the prompt's rows by id for walking further up."""
    if not sk.conditions:
        return
    rows = {row.id: row for row in sk.tokens}
    for row in sk.tokens:
        if row.form.lower() in sk.conditions and row.deprel in ("mark", "advmod"):
            head = rows.get(row.head)
            if head is not None:
                yield head, rows


def _conditional_telling(sk: Skeleton) -> bool:
    """"Once the crawl finishes, tell me how many pages you have.": the condition holds the order to tell,
    not the question under it, so the answer itself waits for something I cannot check. A question asked
    outright under a condition of the writer's own ("Before I queue anything: may we crawl A?") still
    only asks; so does a condition inside the told question.

    The condition's clause hangs on the root, and the root is a verb that governs the question ("tell",
    "show", "let me know"); a plain question has no governors.
    """
    if not sk.governors:
        return False
    for clause, rows in _condition_heads(sk):
        root = rows.get(clause.head)
        if root is not None and root.deprel == "ROOT" and root.lemma.lower() in sk.governors:
            return True
    return False


def _conditional_order(sk: Skeleton, acting: frozenset[str]) -> bool:
    """"Did A come back with an error? If an error, fetch it again.": a sentence of its own that orders an
    acting verb under one of the prompt's conditions. The question beside it does not only ask, so the
    condition refuses the whole prompt rather than the order being dropped as context.

    The order is the root of its sentence in the base form; "Tell me when A was fetched" (a participle)
    and "Check if robots.txt allows A" (a verb that does not act) are no such order.
    """
    return any(verb.deprel == "ROOT" and verb.xpos == "VB" and verb.lemma.lower() in acting
               for verb, _ in _condition_heads(sk))


def _about_the_same(also: Skeleton, sk: Skeleton) -> Skeleton:
    """"Was A fetched successfully? What code did it get?": a further question that names no address of
    its own and names its page with "it" asks about the one address the first question holds. Only for
    the check that both ask one observing capability the same thing (`_asked_again`); a further question
    with an address of its own, or without "it", is read as written."""
    if not names_it(also.words) or any(s.kind == "address" for s in also.slots):
        return also
    first = [s for s in sk.slots if s.kind == "address" and s.in_scope]
    if len(first) != 1 or len([s for s in sk.slots if s.kind == "address"]) != 1:
        return also
    return replace(also, slots=tuple(first))


def _fits(capability: Capability, form: Form, sk: Skeleton) -> bool:
    """Whether the skeleton has this form's shape (and none of the words its capability leaves to another)."""
    if str(sk.mood) not in form.moods:
        return False
    if (capability.excludes | form.excludes) & set(sk.words):
        return False
    if sk.mood is not Mood.FRAGMENT:
        predicates = form.predicates or capability.predicates
        if sk.predicate not in predicates:
            return False
    if form.modalities and str(sk.modality) not in form.modalities:
        return False
    if not form.modalities and str(sk.modality) in ("permission", "other"):
        # Only a form that says so answers "can/may …?"; "could you …?" is a request, never permission.
        return False
    if form.aspects and not (set(sk.aspects) & form.aspects):
        return False
    if form.wh and sk.wh not in form.wh:
        return False
    if form.subjects and sk.subject not in form.subjects:
        return False
    if form.written and any(_written(s.text) not in form.written for s in sk.slots if s.kind == "address" and s.in_scope):
        # "What's stored for a.example?" asks about a host; "… for https://a.example/x?" about one page.
        return False
    present = set(sk.words)
    return all(group & present for group in form.requires)


def _written(text: str) -> str:
    """How an address was written: "host" (no scheme, no path) or "url"."""
    return "url" if "://" in text or "/" in text.rstrip("/") else "host"


def _takes_address(capability: Capability, names: bool) -> bool:
    """Whether a capability fits a prompt that does (or does not) name an address."""
    spec = next((s for s in capability.slots if s.takes == "address"), None)
    if names:
        return spec is not None
    return spec is None or spec.min == 0


def _form_predicate(capability: Capability, lemma: str) -> bool:
    return any(lemma in form.predicates for form in capability.forms)


def _plain_word(text: str) -> bool:
    return all(ch.isalnum() or ch in "'’-_" for ch in text) and any(ch.isalpha() for ch in text)
