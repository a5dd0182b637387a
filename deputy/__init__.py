"""The generic English deputy: reads a prompt over a spaCy parse into a Plan for a declared capability,
or a Refusal with an English reason. Capabilities, words and reasons come from a vocabulary file;
typed slot checkers are injected. It knows nothing about what the capabilities do.
"""

from deputy.nlp import load_nlp, model_name
from deputy.protect import ItemKind, Protected, ProtectedItem, protect
from deputy.reader import CHECKS, Deputy, Plan, SlotChecker
from deputy.refusals import Refusal, RefusalKind, SlotRejected
from deputy.teaching.review import ReviewQueue, summarize_review
from deputy.teaching.scoring import Expectation, Outcome, Scoreboard, judge
from deputy.skeleton import Modality, Mood, Skeleton, SlotToken, TokenRow
from deputy.vocab import Capability, Form, ReaderWords, SlotSpec, Vocab, VocabError

__all__ = [
    "CHECKS",
    "Capability",
    "Deputy",
    "Expectation",
    "Form",
    "ItemKind",
    "Modality",
    "Mood",
    "Outcome",
    "Plan",
    "Protected",
    "ProtectedItem",
    "ReaderWords",
    "Refusal",
    "RefusalKind",
    "ReviewQueue",
    "Scoreboard",
    "Skeleton",
    "SlotChecker",
    "SlotRejected",
    "SlotSpec",
    "SlotToken",
    "TokenRow",
    "Vocab",
    "VocabError",
    "judge",
    "load_nlp",
    "model_name",
    "protect",
    "summarize_review",
]
