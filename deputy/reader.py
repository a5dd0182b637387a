"""The deputy: reads one English prompt into a Plan for a declared capability, or a Refusal.

Deterministic and side-effect free: the same vocabulary, checkers and model give the same answer.
It knows parses, forms and slots; what an operation does is the caller's business.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from deputy.bind import Binder, Plan, SlotChecker
from deputy.text.before_anything import asked_first
from deputy.text.added_tails import without_added_tail
from deputy.text.both import read_both
from deputy.text.described_addresses import described_addresses
from deputy.text.broken_addresses import broken_address
from deputy.text.call_tags import without_call_tag
from deputy.text.tool_readouts import without_readouts
from deputy.text.html_comments import uncommented
from deputy.text.closing_aside import without_closing_aside
from deputy.forms.suffixed_site import suffixed_site
from deputy.text.address_first import address_first
from deputy.text.presented import presented_addresses
from deputy.text.only_when import only_when
from deputy.text.address_tags import untagged_addresses
from deputy.text.worry_asides import without_worry_asides
from deputy.text.command_spans import command_span
from deputy.text.list_heads import listed_under_head
from deputy.text.fenced_order import fenced_order
from deputy.text.held_by import held_by_site
from deputy.text.field_list import field_object
from deputy.text.operation_form import operation_form
from deputy.text.blockmarkup import list_headings, unbold_words, untagged, unquote_whole_message
from deputy.text.emphasis import unemphasised_words
from deputy.text.delivery_notes import without_delivery_note
from deputy.text.reader_greetings import without_reader_greetings
from deputy.text.sent_facts import sent_facts
from deputy.text.fact_pairs import paired_facts
from deputy.text.wished_sight import wished_sight
from deputy.text.restated_call import english_addresses, restated_call
from deputy.text.signoff_signs import without_signoff_signs
from deputy.text.dislocated import topic_taken_up
from deputy.text.known_pages import known_page_taken
from deputy.text.one_thing import without_one_thing
from deputy.text.learner_am import without_learner_am
from deputy.text.learner_relatives import relative_participle
from deputy.text.learner_modals import kind_as_to, modal_without_to
from deputy.text.learner_which import which_as_what
from deputy.compose import build_skeleton
from deputy.text.concessions import conceded
from deputy.text.colon_question import question_after_colon
from deputy.text.context_paragraphs import moved_deadline, robots_orders, so_that, unframed_email, wanted_sitemaps
from deputy.decide import CHECKS, Decider
from deputy.text.disfluent import pronoun_spellings, unclefted, undisfluent
from deputy.text.fields import read_header_fields, titled_request
from deputy.text.headed import pointed_headed, read_headed
from deputy.text.labelled import read_label, unhang_agents
from deputy.text.label_phrase import read_label_phrase
from deputy.text.request_label import read_request_label
from deputy.text.robots_owner import drop_robots_owner
from deputy.text.robots_lets import robots_lets
from deputy.text.learner_information import learner_information
from deputy.text.compared import asked_comparison
from deputy.text.spoken_repeat import without_repeat_callout, without_taken_back_repeat
from deputy.text.record_tails import without_record_tail
from deputy.text.named_action import named_action
from deputy.text.please_gerund import please_gerund
from deputy.text.chat_nouns import noun_spellings, spelt_nouns
from deputy.text.memory_tails import without_memory_tail
from deputy.text.thinking_frames import without_thinking_aloud, without_thinking_frame
from deputy.text.forwarded import forwarded_links
from deputy.text.fronted_purpose import fronted_purpose
from deputy.text.hedged_asks import necessity_opened, wondered_with_hedge
from deputy.text.jsonaction import unpack_action_object
from deputy.text.hedged import hedged
from deputy.text.learner_forms import kept_text, permitted_for
from deputy.text.learner_grammar import learner_grammar
from deputy.text.learner_verbs import learner_verbs
from deputy.text.learner_order import learner_order
from deputy.text.learner_asks import learner_asks
from deputy.text.loglines import drop_log_lines
from deputy.text.mentions import mentions
from deputy.forms.quoted_context import quoted_context
from deputy.forms.needed_page import needed_page
from deputy.text.needed_record import needed_record
from deputy.nlp import load_nlp, parse
from deputy.text.outline import drop_plan_outline
from deputy.forms.pointed import pointed_first_step
from deputy.forms.products import needed_product, product_verbs, renewed_product
from deputy.protect import ItemKind, protect
from deputy.text.passive_ask import passive_asked
from deputy.text.quoteblocks import read_quote_blocks
from deputy.forms.reasons import listened_for
from deputy.refusals import Refusal, Refuser, RefusalKind, SlotRejected
from deputy.text.restating_tails import without_restating_tail
from deputy.text.reassured import unworried
from deputy.text.relayed import relayed
from deputy.text.spoken import unspoken
from deputy.text.spoken_address import unspoken_address
from deputy.text.spoken_asks import spoken_asks
from deputy.text.spoken_tails import unrestated, without_named_again, without_tail_aside
from deputy.text.verb_leads import without_verb_leads
from deputy.text.store_asks import store_question, verb_forms
from deputy.text.spoken_voice import spoken_voice
from deputy.text.spoken_runons import read_what_done, spoken_runons, unaddressed
from deputy.text.spoken_wrappers import spoken_wrappers
from deputy.skeleton import Skeleton
from deputy.text.tables import unpack_tables
from deputy.text.tasks import ticked_task
from deputy.text.ticket_question import ticket_question
from deputy.text.ticket_quote import ticket_address
from deputy.text.toolargs import unpack_arguments
from deputy.text.toolcalls import callable_names, drop_owner, refused_calls, unpack_blocks, unpack_calls
from deputy.text.threads import answer_thread, unasked_outside
from deputy.text.turns import Turns, answer_turns, split_turns
from deputy.forms.retried import retried
from deputy.forms.repeated import without_repeats
from deputy.vocab import Capability, Form, Vocab

__all__ = ["CHECKS", "Deputy", "Plan", "SlotChecker"]

_AUXILIARIES = frozenset({"be", "have", "do", "can", "may", "might", "will", "would", "shall", "should", "must"})
MAX_PROMPT_CHARS = 4000  # prompts are short English; a longer text is refused before it is parsed


# Refusals a field list's sentence calls for on its own: what the writer wrote outranks the fields.
_SENTENCE_OWN = frozenset({
    RefusalKind.NEGATION, RefusalKind.CONDITION, RefusalKind.UNSUPPORTED_VERB, RefusalKind.DISALLOWED_VALUE,
    RefusalKind.INVALID_VALUE,
})


# Round 25 (tickets25): the refusals a titled ticket's request field names on its own, over its title's verb.
_FIELD_OWN = frozenset({RefusalKind.NEGATION, RefusalKind.CONDITION})
# Round 29 (forms29): the refusals a form's operation value calls for of itself ("Action: do not fetch", "Action:
# delete"): they stand for the form; any other refusal of its phrase leaves the form to be read as written.
_FORM_OWN = frozenset({RefusalKind.NEGATION, RefusalKind.CONDITION, RefusalKind.UNSUPPORTED_VERB})


def _orders(form: Form) -> bool:
    """A form that may be an order or a request (none of its moods named means any mood)."""
    return not form.moods or bool(form.moods & {"imperative", "request"})


def _quote_checker(text: str) -> str:
    """The built-in `quote` slot type: the quoted text itself, trimmed; empty quotes are refused."""
    value = " ".join(text.split())
    if not value:
        raise SlotRejected(RefusalKind.NOT_UNDERSTOOD, "the quotation is empty")
    return value


def _is_address(cell: str) -> bool:
    """A table cell that is one address and nothing else."""
    found = protect(cell)
    return len(found.items) == 1 and found.items[0].kind is ItemKind.ADDRESS and not "".join(found.pieces).strip()


def _count_addresses(text: str) -> int:
    """How many addresses the text names (asked only once a prompt opens with an address and a request)."""
    return sum(item.kind is ItemKind.ADDRESS for item in protect(text).items)


def _past_at(sentence: str, offset: int) -> bool:
    """Whether the word at `offset` of a short sentence is a past-tense verb, as the model tags it.
    Asked only of an opening sentence about an earlier turn, so most prompts never pay for it."""
    return any(tok.idx == offset and tok.tag_ == "VBD" for tok in load_nlp()(sentence))


def _predicates(capabilities: Iterable[Capability], forms: Callable[[Form], bool] = lambda form: True) -> frozenset[str]:
    """The verbs of the capabilities and of those of their forms that `forms` admits."""
    return frozenset(
        word for cap in capabilities
        for word in cap.predicates | {w for form in cap.forms if forms(form) for w in form.predicates}
    )


class Deputy:
    """Reads prompts against one vocabulary with injected slot checkers (`{"url": check_url, ...}`).

    `disabled_checks` exists for negative-control tests only: it switches named refusal checks off so a
    test can show the suite would turn red without them.
    """

    def __init__(
        self,
        vocab: Vocab,
        slot_types: Mapping[str, SlotChecker] | None = None,
        *,
        disabled_checks: Iterable[str] = (),
    ) -> None:
        self.vocab = vocab
        checkers: dict[str, SlotChecker] = {"quote": _quote_checker}
        checkers.update(slot_types or {})
        missing = sorted({slot.type for cap in vocab.capabilities for slot in cap.slots} - set(checkers))
        if missing:
            raise TypeError(f"no slot checker was given for the slot types {', '.join(missing)}")
        disabled = frozenset(disabled_checks)
        if disabled - CHECKS:
            raise TypeError(f"unknown checks to disable: {', '.join(sorted(disabled - CHECKS))}")
        names = tuple(c.name for c in vocab.capabilities)
        refuser = Refuser(kinds=vocab.kinds, reasons=vocab.reasons, capabilities=names)
        self._refuser = refuser
        # Retrying verbs are verbs the parse must see ("Retry A"): deputy.forms.retried reads them (round 17).
        self._verbs = vocab.known_predicates | frozenset({"be", "have", "do", "get", "go"}) | vocab.words.retrying_verbs
        # Verbs that may open an imperative; auxiliaries open questions instead ("Have you …?").
        self._openers = self._verbs - _AUXILIARIES
        # Verbs that make the deputy act: a negation near them in a context sentence still counts.
        self._actions = _predicates(cap for cap in vocab.capabilities if not cap.observes)
        # 'fetch with args {"urls": ["A"]}': the names an agent's JSON arguments may use.
        self._slot_names = frozenset(slot.name for cap in vocab.capabilities for slot in cap.slots)
        # 'fetch(urls=["A"])': the capabilities an agent may call by name, with their slot names.
        self._calls = callable_names({
            cap.name: (cap.predicates, frozenset(slot.name for slot in cap.slots)) for cap in vocab.capabilities
        })
        # '{"op": "status"}': the observing capabilities whose name alone reads as a request (round 17).
        self._bare_calls = frozenset(cap.name for cap in vocab.capabilities if cap.observes)
        # Round 21 (voice21): "A pls" asks for the page with the verb named by the one capability that acts
        # (when exactly one does and its name is one of its verbs); otherwise a bare address is never read so.
        acting = [cap for cap in vocab.capabilities if not cap.observes]
        self._bare_verb = acting[0].name if len(acting) == 1 and acting[0].name in acting[0].predicates else None
        # 'robots(target="A")', '{"op": "robots", "target": "A"}': an observing capability called by a name that
        # is no verb of its own is put as its name and values ("robots A"), a fragment its forms read or refuse;
        # it can only answer, never act (round 17).
        self._observing_calls = {
            cap.name: frozenset(slot.name for slot in cap.slots) for cap in vocab.capabilities
            if cap.observes and cap.slots and cap.name not in self._calls
        }
        # '`seaspider robots A`': the words a command line in a code span may open with (round 23,
        # deputy.text.command_spans): a capability's name, or a verb I refuse, which is then refused as such.
        self._commands = frozenset(c.name.lower() for c in vocab.capabilities) | frozenset(
            w.lower() for w in vocab.words.unsupported | vocab.words.forbidden if " " not in w and w.isidentifier()
        )
        # The one-word courtesies a verbless list's head may carry ("Both of these, please: A and B").
        self._list_requests = frozenset(w.lower() for w in vocab.words.address_requests if " " not in w)
        # 'seaspider.fetch(urls=["A"])': the service's own name may stand before a call (round 15).
        self._owners = frozenset({vocab.name.lower()}) if vocab.name else frozenset()
        self._refused_calls = frozenset(
            w.lower() for w in vocab.words.unsupported | vocab.words.forbidden if " " not in w and w.isidentifier()
        )
        # Acting verbs no capability of which takes a quotation: a harmless quotation beside a noun is an aside there.
        # Only forms that ask for something pass a quotation on; a question's verbs ("What text did you
        # save for A?") take none.
        quoting = _predicates(
            (cap for cap in vocab.capabilities if any(slot.takes == "quote" for slot in cap.slots)), forms=_orders
        )
        self._unquoted = self._actions - quoting
        # Words of a question I could answer without an address ("queue", "stored"): never someone's reason.
        self._answers = listened_for(vocab)
        # The verbs of the capabilities that only answer: a question someone else asked may say them ("says").
        self._observed = _predicates(cap for cap in vocab.capabilities if cap.observes)
        # '| 1 | Docs | A |': the words a table's name cells may not hold (verbs I know, refusing words).
        words = vocab.words
        self._table_verbs = frozenset(
            w.lower() for w in self._verbs | words.unsupported | words.forbidden | words.negating_verbs if " " not in w
        )
        self._unlisted = self._table_verbs | frozenset(
            w.lower() for w in words.negations | words.blockers | frozenset(words.conditions) if " " not in w
        ) | frozenset(k for k, v in words.spellings.items() if "n't" in v or "not" in v.split())
        # Verbs a run-on request after an address may open with: the acting ones, and the refused ones so
        # that "the link is A email it" is refused for the verb it names (deputy.text.disfluent).
        self._run_on_verbs = self._actions | frozenset(
            w.lower() for w in words.unsupported | words.forbidden if " " not in w
        )
        # "u", "gimme": the chat spellings read before the other text passes (deputy.text.disfluent).
        self._pronoun_spellings = pronoun_spellings(words.spellings)
        # Round 28 (voice28): "the txt": the chat spellings of a noun, read before the text passes (deputy.text.chat_nouns).
        self._noun_spellings = noun_spellings(words.spellings)
        # Words that refuse wherever they stand (a negation, a condition): a spoken account holding one is
        # never set off from the request after it (deputy.text.disfluent).
        self._refusing = frozenset(
            w.lower() for w in words.negations | words.blockers | frozenset(words.conditions) if " " not in w
        )
        # Round 24 (voice24, deputy.text.spoken_runons): the robot's names and nouns a vocative calls it by;
        # "what" and its chat spellings; the verbs an order run on after a statement opens with (those of the
        # capabilities, save "be", "have", "do", "go"), and the verbs a plain statement may not hold (every
        # verb read or refused, save those of a wish: "the professor wants the syllabus").
        self._vocative_names = frozenset(w.lower() for w in words.self_names | words.self_nouns) | (
            frozenset({vocab.name.lower()}) if vocab.name else frozenset()
        )
        self._whats = frozenset({"what"} | {k.lower() for k, v in words.spellings.items() if v.lower() == "what"})
        self._run_on_orders = (self._actions | self._observed) - {"be", "have", "do", "go"}
        self._run_on_blockers = (
            frozenset(w.lower() for w in self._verbs) | frozenset(w.lower() for w in words.unsupported | words.forbidden)
        ) - frozenset(w.lower() for w in words.request_governors)
        # Round 19 (ctx19): the negations and condition words alone (deputy.text.fronted_purpose).
        self._turning = frozenset(
            w.lower() for w in words.negations | frozenset(words.conditions) if " " not in w
        )
        # Round 18 (deputy.text.fronted_purpose): every verb the reader reads, and the verbs it refuses.
        self._verb_words = frozenset(w.lower() for w in self._verbs)
        self._refused_verbs = frozenset(w.lower() for w in words.unsupported | words.forbidden)
        # Verbs the reader knows and does not refuse: a table's column title may be one ("| Name | Link |").
        self._known = frozenset(w.lower() for w in self._verbs) - frozenset(
            w.lower() for w in words.unsupported | words.forbidden | words.negating_verbs
        )
        # Round 23 (markup23): the words a restating tail or a link's text may not hold: those that refuse,
        # and the verbs I refuse that no capability answering a question reads ("give" is refused and
        # answers; "delete" is only refused).
        self._tail_blocked = self._refusing | (self._refused_verbs - self._observed)
        # Nouns for what a capability makes ("copy"): a need for one asks for the capability.
        self._products = product_verbs(vocab)
        # Nouns a verbless fragment asks an observing capability about ("Sitemaps of A?", "robots.txt for A?"):
        # a label naming one ("Robots check: A") is put as that fragment (round 17, deputy/text/labelled.py).
        self._observed_nouns = frozenset(
            word.lower() for cap in vocab.capabilities if cap.observes for form in cap.forms
            if "fragment" in form.moods and len(form.requires) == 1 for word in form.requires[0]
        )
        # The capabilities that only observe: a question quoted under a ticket's label may go to them alone.
        self._observing = frozenset(c.name for c in vocab.capabilities if c.observes)
        # The verb a retried request reads as: the name of the first capability that acts, when it is
        # one of its own verbs (Sea Spider's "fetch"); none otherwise, and retrying stays refused.
        self._retry_verb = next((c.name for c in vocab.capabilities if not c.observes and c.name in c.predicates), None)
        # Round 19 (deputy/text/store_asks.py): the forms of the verbs that fetch ("downloaded") and of every
        # verb the reader reads ("storing"), for questions about the store put in the plain words they ask.
        self._fetch_forms = verb_forms(self._actions)
        # Round 24 (ctx24): every form of a verb that acts, as a set (deputy.text.log_context).
        self._acting_forms = frozenset(self._fetch_forms) | self._actions
        self._known_forms = verb_forms(self._verb_words)
        # Round 28 (ctx28): the forms of the verbs the reader reads and does not refuse ("stored", "fetched").
        self._known_participles = frozenset(verb_forms(self._known))
        binder = Binder(checkers, refuser, scoped="scope" not in disabled)
        self._decider = Decider(vocab, binder, refuser, verbs=self._verbs, disabled=disabled)

    def read(self, prompt: str) -> Plan | Refusal:
        """The plan the prompt asks for, or the reason not to act."""
        if not isinstance(prompt, str):
            raise TypeError(f"a prompt is a str, not {type(prompt).__name__}")
        text = prompt.strip()
        if not text:
            return self._refuser.refuse(RefusalKind.NOT_UNDERSTOOD, None, "empty")
        if len(text) > MAX_PROMPT_CHARS:
            return self._refuser.refuse(
                RefusalKind.NOT_UNDERSTOOD, None, "too_long", count=len(text), max=MAX_PROMPT_CHARS
            )
        # "_Sitemaps_ declared by A": single emphasis marks around plain words are dropped before any
        # other pass reads the words (round 21, deputy/text/emphasis.py).
        text = unemphasised_words(text)
        # Round 28 (voice28): "need the txt of A we saved" is "need the text of A we saved" before the store's
        # questions are read (deputy.text.chat_nouns).
        text = spelt_nouns(text, self._noun_spellings)
        # Round 24 (ctx24): "… ?\n(please answer in thread)": a closing note saying where to answer asks nothing.
        text = without_delivery_note(text, self.vocab.words.delivery_notes)
        # Round 25 (voice25): "dl A and B ty ✌️", "… for me :D": a sign closing a line signs it off.
        text = without_signoff_signs(text, self.vocab.words.signoff_signs)
        # A question about the store after a past sentence ("Last time the queue was full. Is it empty now?")
        # is read before the sentences are taken for turns of a conversation (round 19).
        asked_store = self._store_asks(text)
        if asked_store is not None:
            return asked_store
        turns = split_turns(text, self.vocab.words, _past_at)
        if turns is not None:
            return self._answer_turns(turns)
        return self._read_one(text, asking=False)  # the store's questions were tried above

    def _read_one(self, text: str, *, asking: bool = True) -> Plan | Refusal:
        """The reading of one request (a prompt, or the last turn of a pasted conversation)."""
        if asking:
            asked_store = self._store_asks(text)
            if asked_store is not None:
                return asked_store
        # Round 19: "- op: sitemaps\n- target: A\n\nList whatever sitemaps that site declares."
        listed = field_object(text, self.vocab.words.action_keys)
        if listed is not None:
            answer = self._field_listed(*listed)
            if answer is not None:
                return answer
        # Round 29 (forms29): "**Action:** robots check\n**Target:** A" is "robots check A", read with every check.
        formed = self._operation_form(text)
        if formed is not None:
            return formed
        # Round 25 (tickets25): 'tool_call: seaspider.robots(target="A")\nIn plain words: may we fetch A?'.
        echoed = self._restated_call(text)
        if echoed is not None:
            return echoed
        # Chat logs, quoted mail, forwarded words: the writer's own request, or the one it adopts (round 17).
        # Round 19: the writer's "that one" pointing at the one address someone else's quoted words name.
        original = text
        text = pointed_headed(text, self.vocab.words, own_name=self.vocab.name, actions=self._actions) or text
        headed = read_headed(text, self.vocab.words, own_name=self.vocab.name, acting=self._acting_forms)
        if headed.outside is not None:
            return self._refuser.refuse(
                RefusalKind.VALUE_OUTSIDE_PARSE, None, "value_outside_parse", word=headed.outside
            )
        if headed.refused is not None:
            kind, word = headed.refused
            key = {RefusalKind.NEGATION: "negation", RefusalKind.CONDITION: "condition",
                   RefusalKind.NOT_UNDERSTOOD: "not_understood"}.get(kind)
            if key is not None:
                return self._refuser.refuse(kind, None, key, word=word)
            return self._refuser.refuse(kind, None, "unsupported_verb", predicate=word)
        if headed.thread is not None:
            # Round 21 (threads21): the writer's own words alone, held to the other speakers' (deputy.text.threads).
            threaded = answer_thread(headed.thread, self._read_one, self._outside, observing=self._observing,
                                     actions=self._actions)
            if threaded is not None:
                return threaded
        text = headed.text
        asked = self._ticket_asks(text)
        if asked is not None:
            return asked
        result = self.decide(self.skeleton(text))
        if headed.observing and isinstance(result, Plan) and result.capability not in self._observing:
            # Round 25 (tickets25): "check that" adopts a question to answer, never an order to act on: the prompt
            # is read as written instead (deputy.text.handover).
            return self.decide(self.skeleton(original))
        if isinstance(result, Refusal) and result.rule is RefusalKind.NOT_UNDERSTOOD:
            result = self._quoted_outside(text) or self._suffixed_site(text) or result
        if isinstance(result, Refusal) and result.rule is RefusalKind.NOT_UNDERSTOOD:
            result = self._held_back(text) or result
        if isinstance(result, Refusal) and result.rule is RefusalKind.NOT_UNDERSTOOD:
            result = self._broken_address(text) or result
        if isinstance(result, Refusal) and result.rule not in _FIELD_OWN:
            result = self._titled_refusal(text) or result
        unasked = (unasked_outside(headed.thread, result, self.vocab.words.reply_assents)
                   if headed.thread is not None else None)
        if unasked is not None:
            return self._outside(unasked)  # "> Can we get A …?\nYes please, go ahead.": A is someone else's ask
        # A done task is checked last, so a negation or a private address inside it is still named.
        ticked = ticked_task(text) if isinstance(result, Plan) else None
        if ticked is not None:
            return self._refuser.refuse(RefusalKind.NOT_UNDERSTOOD, result.skeleton, "ticked_task", word=ticked)
        return result

    def _restated_call(self, text: str) -> Plan | None:
        """The answer to a tool call echoed by the same question in English (deputy.text.restated_call): the English
        read alone, kept only when a capability that observes and bears the call's name answers it, naming the
        call's addresses; None otherwise, and the prompt is read as written. It never makes the reader act."""
        found = restated_call(text, tags=self.vocab.words.call_tags, labels=self.vocab.words.restating_labels)
        if found is None or found.name not in self._observing or not found.addresses:
            return None
        said = self._read_one(found.english)
        if not isinstance(said, Plan) or said.capability != found.name:
            return None
        return said if english_addresses(found.english) == found.addresses else None

    def _titled_refusal(self, text: str) -> Refusal | None:
        """Round 25 (tickets25): a titled ticket refused for its title's verb ("Story: monitor competitor pricing\nAC:
        fetch A every Monday at 08:00") is refused for its request field's own condition or negation, which names
        the real problem (deputy.text.fields.titled_request); None otherwise. Only a refusal's kind changes."""
        asked = titled_request(text, self.vocab.words)
        if asked is None:
            return None
        said = self.decide(self.skeleton(asked))
        return said if isinstance(said, Refusal) and said.rule in _FIELD_OWN else None

    def _held_back(self, text: str) -> Refusal | None:
        """Round 26 (ctx26): a request the parse could not place that "only" holds back by a condition ("fetch A —
        but only after the nightly backup completes") is refused for that condition (deputy.text.only_when);
        None otherwise. Only a refusal's kind changes."""
        word = only_when(text, self.vocab.words.conditions)
        if word is None:
            return None
        return self._refuser.refuse(RefusalKind.CONDITION, None, "condition", word=word)

    def _broken_address(self, text: str) -> Refusal | None:
        """Round 28 (ops28): a prompt not understood over a piece of an address written broken ("htp:/www.rtve.es/",
        "https://www.gov .uk/news") is refused for the address, the real problem (deputy.text.broken_addresses)."""
        broken = broken_address(text)
        if broken is None:
            return None
        key = "broken_scheme" if broken.problem == "scheme" else "spaced_address"
        return self._refuser.refuse(RefusalKind.INVALID_VALUE, None, key, word=broken.text)

    def _suffixed_site(self, text: str) -> Plan | None:
        """The answer to a question about the store naming a site whose domain is also a file suffix
        ("Stored page count for docs.rs?", round 24, deputy.forms.suffixed_site), kept only when a
        capability that observes takes the word as its one host; None otherwise (the refusal stands)."""
        found = suffixed_site(text)
        if found is None:
            return None
        word, written = found
        said = self.decide(self.skeleton(written))
        if isinstance(said, Plan) and said.capability in self._observing and said.json_args() == {"host": word}:
            return said
        return None

    def _quoted_outside(self, text: str) -> Refusal | None:
        """The refusal of an address named only in a quoted context line before a request that names none
        (round 23, deputy.forms.quoted_context); None otherwise. It only names a refusal's kind."""
        found = quoted_context(text)
        if found is None:
            return None
        address, own = found
        said = self.decide(self.skeleton(own))
        if isinstance(said, Refusal) and said.rule is RefusalKind.NO_VALUE:
            return self._outside(address)
        return None

    def _outside(self, word: str) -> Refusal:
        """The refusal of an address that is not part of what the request asks (the spec's url_outside_parse)."""
        return self._refuser.refuse(RefusalKind.VALUE_OUTSIDE_PARSE, None, "value_outside_parse", word=word)

    def _store_asks(self, text: str) -> Plan | Refusal | None:
        """A question about the store in a wording the parse does not take whole, put plainly and answered
        when a capability that only observes takes it (round 19); None otherwise, and the prompt is read as
        written, so a rewrite never makes the reader act. A value a slot checker refuses is named as such."""
        said = store_question(text, self.vocab.words, forms=self._fetch_forms, known_forms=self._known_forms,
                              observed=self._observed_nouns, refusing=self._refusing)
        if said is None:
            return None
        result = self._read_one(said, asking=False)
        if isinstance(result, Refusal):
            return result if result.rule is RefusalKind.DISALLOWED_VALUE else None
        return result if result.capability in self._observing else None
    def _operation_form(self, text: str) -> Plan | Refusal | None:
        """The reading of a form whose fields name the operation and the address apart (deputy.text.operation_form):
        its value said of its address ("robots check A", else "robots check for A"), the first that plans; a
        negated, conditioned or refused value's refusal; None otherwise, and the prompt is read as written."""
        found = operation_form(text, self.vocab.words)
        if found is None:
            return None
        if found.refused is not None:
            kind, word = found.refused  # "Run after: the deploy": a further field holds the request back
            return self._refuser.refuse(kind, None, "negation" if kind is RefusalKind.NEGATION else "condition",
                                        word=word)
        first: Plan | Refusal | None = None
        for phrase in found.phrases():
            said = self._read_one(phrase)
            if isinstance(said, Plan):
                return said
            if first is None:
                first = said
        return first if isinstance(first, Refusal) and first.rule in _FORM_OWN else None

    def _field_listed(self, fields: str, sentence: str) -> Plan | Refusal | None:
        """The plan a field list spells, held to the writer's sentence under it (deputy.text.field_list);
        None when the fields spell no plan the sentence agrees with, and the prompt is read as written."""
        planned = self._read_one(fields)
        if not isinstance(planned, Plan) or not sentence:
            return planned if isinstance(planned, Plan) else None
        said = self._read_one(sentence)
        if isinstance(said, Plan):
            same = (said.operation, said.json_args()) == (planned.operation, planned.json_args())
            return planned if same else None
        if said.rule in _SENTENCE_OWN:
            return said  # "Remove that page.", "… unless it is down": the sentence's own refusal
        if said.rule is not RefusalKind.NO_VALUE or said.skeleton is None:
            return None
        return planned if self._restates(said.skeleton, planned) else None

    def _restates(self, sk: Skeleton, planned: Plan) -> bool:
        """Whether a sentence that names no address asks for the plan's capability and nothing else: no
        negation, condition, second verb or word it could not place, and its verb one of the capability's
        predicates, or the capability's name among its words ("List whatever sitemaps that site declares")."""
        if sk.negation or sk.conditions or sk.unexpected or sk.forbidden or sk.conjoined or sk.others:
            return False
        capability = next((c for c in self.vocab.capabilities if c.name == planned.capability), None)
        if capability is None:
            return False
        return sk.predicate in capability.predicates or capability.name in sk.words

    def _answer_turns(self, turns: Turns) -> Plan | Refusal:
        """A pasted conversation: its last turn read as the request, held to the earlier turns' addresses."""
        refuse = self._refuser.refuse
        return answer_turns(
            turns, self._read_one,
            lambda word: refuse(RefusalKind.VALUE_OUTSIDE_PARSE, None, "value_outside_parse", word=word),
            nothing_asked=lambda: refuse(RefusalKind.NOT_UNDERSTOOD, None, "not_understood"),
            actions=self._actions, observing=self._observing, words=self.vocab.words,
        )

    def _ticket_asks(self, text: str) -> Plan | Refusal | None:
        """The answer to a question quoted under a ticket's label, when a capability that only observes
        takes it; None otherwise, and the prompt is read as written (a quoted request is never acted on).
        A value a slot checker refuses (a private address) in the quoted question is named as such."""
        said = ticket_question(text, self.vocab.words.label_nouns)
        if said is None:
            return None
        result = self.decide(self.skeleton(said))
        if isinstance(result, Refusal):
            return result if result.rule is RefusalKind.DISALLOWED_VALUE else None
        return result if result.capability in self._observing else None

    def skeleton(self, prompt: str) -> Skeleton:
        """The skeleton alone (for explanations); a prompt that only relays quoted words is those words."""
        words = self.vocab.words
        # Round 16: spoken openers and tags, "them both", a reassurance before the request.
        # Round 17: hesitations, closing tails, a self-correction, a run-on request after an address.
        # Round 18: an XML-ish tag pair of the writer's own request around the whole prompt ("<task>…</task>").
        text = untagged(prompt.strip(), words.wrapper_tags)
        # Round 25 (tickets25): "Hi team,\nCould you download A?": a greeting of the mail's readers asks nothing.
        text = without_reader_greetings(text, courtesy=words.courtesy, addressees=words.greeting_addressees).strip()
        # Round 25 (tickets25): "send me the title of A" asks what "give me the title of A" asks.
        text = sent_facts(text, words.sent_facts)
        # Round 28 (ctx28): "the status code and stored date for A": "the" before the second fact's participle.
        text = paired_facts(text, words.sent_facts, self._known_participles)
        # Round 28 (ctx28): "They'd like to see the stored text of A" is "Please show me the stored text of A".
        text = wished_sight(text, words.sent_facts, words.person_nouns)
        # Round 23 (markup23): a command line in a code span as the whole prompt ("`stats --host H`").
        text = command_span(text, program=self.vocab.name, commands=self._commands, slots=self._slot_names,
                            is_address=_is_address)
        # Round 23 (markup23): an address in tags ("<url>A</url>"), a verbless list under a head ("Both of
        # these, please: A and B").
        text = untagged_addresses(text, tags=words.address_tags, refusing=self._tail_blocked, is_address=_is_address)
        # Round 24 (markup24): "<url>A</url> download this", "A grab it": the lone address opening the prompt,
        # closed with a stop before the request that points back at it (deputy.text.address_first).
        text = address_first(text, verbs=self._run_on_verbs, pointers=words.address_pointers,
                             is_address=_is_address, count_addresses=_count_addresses)
        # Round 26 (ctx26): "Take A and B — fetch them both": a presenting verb before the addresses and the
        # order pointing back at them only hands them over (deputy.text.presented).
        text = presented_addresses(text, openers=words.presenting_verbs, verbs=self._verb_words | self._refused_verbs,
                                   is_address=_is_address)
        # Round 28 (ops28): "Queue A, then the Cambridge equivalent at B": a description before the second address only
        # says what it is (deputy.text.described_addresses).
        text = described_addresses(text, resource_nouns=words.resource_nouns, site_parts=words.site_parts)
        # Round 24 (markup24): "…, don't worry.", "Not that I need it today, but fetch A": a reassuring or
        # conceding aside whose "not" negates nothing asked (deputy.text.worry_asides).
        text = without_worry_asides(text, asides=words.worry_asides, openers=words.concession_openers,
                                    blocked=self._tail_blocked)
        text = listed_under_head(text, heads=words.list_heads, requests=self._list_requests, is_address=_is_address)
        # Round 23 (markup23): "the sitemaps that A declares" is "the sitemaps of A" (deputy.text.held_by).
        text = held_by_site(text, nouns=words.held_nouns, verbs=words.holding_verbs, actions=self._actions,
                            is_address=_is_address)
        # Round 23 (markup23): "… — allowed or not?", "… - i.e. give me the text you stored for it".
        text = without_restating_tail(text, tails=words.restating_tails, openers=words.restating_openers,
                                      actions=self._actions, blocked=self._tail_blocked,
                                      is_address=_is_address)
        # Round 28 (ops28): "Also queue A — that's on top of what you already have." (deputy.text.added_tails).
        text = without_added_tail(text)
        # Round 22 (voice22): an address read aloud ("www dot nrk dot no") is "that address"; its "no" is a domain.
        text = unspoken_address(text)
        # Round 28 (voice28): "whether robots.txt lets MovaBot onto A" asks "… allows MovaBot on A" (deputy.text.robots_lets).
        text = robots_lets(text, names=self._vocative_names, nouns=frozenset(words.self_nouns))
        # Round 21 (ctx21): an HTML comment on its own line is a note, or a context line naming an address.
        text = uncommented(text, labels=words.context_labels | {"source"}, verbs=self._verb_words | self._refused_verbs,
                           refusing=self._refusing).strip()
        # Round 19: a tag line naming me before the request; one order in a code block a line adopts.
        text = fenced_order(without_call_tag(text, words.call_tags, self.vocab.name), words.fence_adopters)
        # Round 21 (ctx21): a tool's key=value readout line before the request is context.
        text = without_readouts(text, labels=words.readout_labels, refusing=self._refusing)
        text = without_closing_aside(text, words.closing_asides)
        text = undisfluent(text, disfluencies=words.disfluencies, tails=words.closing_tails,
                           corrections=words.self_corrections, verbs=self._run_on_verbs, spellings=self._pronoun_spellings,
                           refusing=self._refusing)
        # Round 28 (voice28): "so I was thinking we should probably grab A …" is "grab A …"
        # (deputy.text.thinking_frames); "… A or not I can never remember" is "… A or not?" (deputy.text.memory_tails).
        text = without_thinking_frame(text, self._verb_words | self._refused_verbs)
        # Round 29 (voice29): "hmm let me think, okay, yes, please fetch A" (deputy.text.thinking_frames).
        text = without_thinking_aloud(text, self._verb_words | self._refused_verbs)
        # Round 29 (voice29): "… you know the rates one A could you just download that for her" (deputy.text.known_pages).
        text = known_page_taken(text, self._verb_words | self._refused_verbs)
        # Round 29 (voice29): "so the run, is it done yet" is "is the run done yet" (deputy.text.dislocated);
        # "just the one thing really, the sitemap list for A" loses its opener (deputy.text.one_thing).
        text = without_one_thing(topic_taken_up(text))
        text = without_memory_tail(text, words.memory_tails)
        # Round 28 (voice28): "tell me what's different between A and B" asks to compare them, refused by name
        # (deputy.text.compared).
        text = asked_comparison(text)
        # Round 28 (voice28): "… and also A wait that's the first one again never mind just once" (deputy.text.spoken_repeat).
        text = without_repeat_callout(text, callouts=words.repeat_callouts, dismissals=words.repeat_dismissals)
        # Round 29 (voice29): "… A and B and uh yeah also the A-words one again no wait I already said that".
        text = without_taken_back_repeat(text)
        # Round 24 (voice24): "What you are doing now, robot?" loses its vocative; "read me back wat u stored
        # from A" is "read me the text you stored from A"; "Give me please …" is "please give me …".
        text = unaddressed(text, self._vocative_names)
        text = read_what_done(text, whats=self._whats, known=self._known)
        # Round 22 (learn22): "I am asking you kindly for download A", "Which time you have fetched A last?",
        # "What is making the robot now?" (deputy.text.learner_asks);
        # before the tails, so that "What is the robot doing now?" loses its "now" like the native question.
        # Round 25 (voice25): "You can to download A ?" is "You can download A ?" (deputy.text.learner_modals).
        text = modal_without_to(text, self._verb_words | self._refused_verbs)
        # Round 29 (voice29): "Could you be so kind to download A" is "… so kind as to download A".
        text = kind_as_to(text, self._verb_words | self._refused_verbs)
        # Round 28 (voice28): "Please fetching A" is "Please fetch A" (deputy.text.please_gerund); "Me I would like
        # the download of A" is "Me I would like you to download A" (deputy.text.named_action).
        text = please_gerund(text, self._verb_words | self._refused_verbs)
        text = named_action(text, self._actions)
        # Round 25 (voice25): "Which is title of page A ?" is "What is title of page A ?" (deputy.text.learner_which).
        text = which_as_what(text, self._refused_verbs | self._refusing)
        # Round 28 (voice28): "What is the informations you have about A ? Status, size, this things." is "What
        # information do you have about A ? Status, size." (deputy.text.learner_information).
        text = learner_information(text)
        text = learner_asks(text, actions=self._actions, names=words.self_names | {self.vocab.name},
                            nouns=words.self_nouns, reasons=words.reason_openers)
        # Round 20 (voice20): a closing "you know the weather ones" aside; "… is it busy" after a status question.
        text = without_tail_aside(text, words.tail_asides, verbs=self._verb_words | self._run_on_verbs,
                                  known=self._known, refusing=self._refusing)
        # Round 22 (voice22): "… from A the readable bit": the part asked for named again after the address.
        text = without_named_again(text, verbs=self._verb_words | self._run_on_verbs, known=self._known,
                                   refusing=self._refusing)
        # Round 28 (voice28): "what did we get for A like the status code and when" (deputy.text.record_tails).
        text = without_record_tail(text, words.record_tail_words)
        text = unclefted(unspoken(text, words.spoken_openers, words.question_tags, self._actions))
        text = unrestated(text, words.restated_questions, self._refused_verbs)
        # Round 26 (voice26): "Only fetch A — nothing else.", "okay next one fetch A" (deputy.text.verb_leads).
        text = without_verb_leads(text, self._known)
        # Round 23 (voice23): "whens the last time u fetched A", "… was it today or", "take a look at A and
        # download it", "Could you maybe, possibly, …", "the word 'delete'" (deputy.text.spoken_asks).
        text = spoken_asks(text, words, verbs=self._verb_words | self._refused_verbs)
        # Round 19 (voice19): "now, not later", "No, I said fetch A", "… or not", "Both A and B need fetching",
        # a closing note to the assistant, a spoken request closed with no stop.
        text = spoken_voice(text, immediate=words.immediate_times, later=words.later_times,
                            frames=words.correcting_frames, actions=self._actions, verbs=self._run_on_verbs,
                            refusing=self._refusing)
        # Round 21 (voice21): "A pls", "I urgently need A", "I'd appreciate it if A got downloaded", "Just in
        # case, fetch A", "if its not down", "I never said not to fetch A — fetch it", "A keeps changing so grab it".
        text = spoken_wrappers(text, requests=words.address_requests, agreeing=words.agreeing_openers,
                               softeners=words.question_softeners, adverbs=words.urgency_adverbs,
                               frames=words.appreciation_frames, precautions=words.precautions,
                               denials=words.denying_frames, changes=words.page_changes, actions=self._actions,
                               verb=self._bare_verb)
        # Round 24 (voice24): "fetch A and B and yeah that's both of them", "the link is A yeah get that".
        text = spoken_runons(text, quantities=words.summed_quantities, links=words.run_on_links,
                             orders=self._run_on_orders, verbs=self._run_on_blockers, refusing=self._refusing)
        # Round 19 (ctx19b): "I only need the timestamp: when was A fetched?" is a statement, then the question.
        text = question_after_colon(text, turning=self._turning)
        text = asked_first(unworried(read_both(text, self._actions)))
        text = passive_asked(text, self._actions)
        text = mentions(learner_order(text, self._actions), self.vocab.name, self._actions)
        # Round 17 (learners): a learner's verb ("take page A"), grammar ("I am need … what you have") and a
        # hedge or wish that is the request ("No rush, but I'd appreciate a copy of A").
        text = learner_verbs(text, words.learner_verbs, words.learner_show_verbs)
        # Round 25 (ctx25): "I wonder if you could fetch A when you have a moment", "Necessary to download A".
        text = necessity_opened(wondered_with_hedge(text, words.hedge_asides), words.necessity_openers, self._actions)
        text = hedged(learner_grammar(text, self._actions), words, self._actions)
        # Round 29 (voice29): "I am need the page A downloaded" is "I need the page A downloaded" (deputy.text.learner_am),
        # after learner_grammar, which reads "I am need the content of A what you have" whole.
        text = without_learner_am(text)
        # Round 29 (voice29): "the sitemaps what is declared by A" is "the sitemaps declared by A" (deputy.text.learner_relatives).
        text = relative_participle(text)
        # Round 18: "I need the text of A" is "Show me the text of A".
        text = needed_record(text)
        # Round 18: "To plan the project, list the sitemaps of A": the fronted purpose is the writer's.
        text = fronted_purpose(text, known=self._verb_words, refused=self._refused_verbs, refusing=self._refusing,
                               turning=self._turning, referents=frozenset(w.lower() for w in words.referent_nouns),
                               forbidden=frozenset(w.lower() for w in words.forbidden),
                               keeping=words.keeping_verbs, states=words.kept_states, serving=words.serving_verbs)
        # Round 19 (ctx19): the framing of a context paragraph around one request (deputy.text.context_paragraphs).
        text = unframed_email(text, verbs=self._verb_words | self._refused_verbs, refusing=self._refusing)
        text = so_that(robots_orders(text, refusing=self._refusing, names=words.self_names))
        text = wanted_sitemaps(moved_deadline(text, refusing=self._turning), refusing=self._turning)
        text = conceded(kept_text(permitted_for(text, names=words.self_names, nouns=words.self_nouns)))
        text = relayed(text, self.vocab.words) or text
        # A ticket's or a mail's header lines ("Reporter: …", "To: …") before any other markup (round 16).
        text = read_header_fields(text, self.vocab.words)
        # A label opening the first line: a heading over a question, the request itself, a block's name (round 17).
        # Round 26 (markup26): "**Request:** what did you store for A?": a request field over one question.
        text = read_request_label(text, self.vocab.words)
        text = read_label(text, self.vocab.words, actions=self._actions, observed=self._observed_nouns)
        # Round 26 (markup26): the same label joined to its one address by a preposition ("Robots check for A").
        text = read_label_phrase(text, self.vocab.words, actions=self._actions, observed=self._observed_nouns,
                                 known=self._verb_words)
        # Round 26 (markup26): "Does robots.txt on H allow MovaBot to fetch H/page?": H only names whose robots.txt.
        text = drop_robots_owner(text, self.vocab.words)
        text = unhang_agents(text, self.vocab.words, observed=self._observed_nouns)
        # A tool-call block first: its inner arguments object would otherwise be unpacked on its own.
        # '{"action": "fetch", "urls": ["A"]}' as the whole prompt (round 15).
        text = unpack_action_object(text, self._calls | self._observing_calls, self.vocab.words, self._bare_calls,
                                    verbs=self._actions, slots=self._slot_names)
        text = unpack_blocks(text, self._calls)
        text = unpack_arguments(text, self._slot_names)
        text = unpack_calls(drop_owner(text, self._calls, self._owners), self._calls)
        text = unpack_calls(text, self._observing_calls)
        # 'seaspider.delete(url="A")': a call of a verb I refuse is refused as that verb (round 16).
        text = refused_calls(text, self._refused_calls, self._owners)
        text = unquote_whole_message(text, self.vocab.words.sign_offs)
        # Quote blocks before the writer's own lines: a cited address, or someone else's words as context.
        text = drop_log_lines(read_quote_blocks(text, self.vocab.words), self.vocab.words)
        text = drop_plan_outline(ticket_address(text, self.vocab.words), self.vocab.words)
        text = forwarded_links(text, self.vocab.words)
        text = unbold_words(list_headings(text))
        text = unpack_tables(
            text, never=self._unlisted, verbs=self._table_verbs, known=self._known, is_address=_is_address
        )
        parsed = parse(protect(text), words=self.vocab.words, verbs=self._openers, actions=self._actions)
        sk = build_skeleton(parsed, self.vocab.words, self._verbs, self._actions, unquoted=self._unquoted,
                            answers=self._answers, observed=self._observed)
        sk = needed_product(sk, self._products, self.vocab.words, self._answers)
        sk = needed_page(sk, self._products, self.vocab.words)
        sk = renewed_product(sk, self._products, self.vocab.words, self._answers)
        # "Retry A", "Try A once more": doing again what failed is fetching (round 17).
        sk = retried(sk, self.vocab.words, self._retry_verb) if self._retry_verb else sk
        sk = without_repeats(sk)  # "Fetch A and, actually, A again": one address, named twice (round 17)
        return pointed_first_step(sk, self.vocab.words)

    def decide(self, sk: Skeleton) -> Plan | Refusal:
        """Matches a skeleton against the capabilities and binds the typed slots; refuses when unsure."""
        return self._decider.decide(sk)
