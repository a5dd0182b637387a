"""The reader's built-in English word lists: closed-class words and the verbs it knows to refuse.

Data only. A vocabulary adds to these unless it says "extends_default": false; words that name what a
program does (its capabilities' verbs, its own blockers) belong in the program's vocabulary file.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["DEFAULT_WORDS"]

# The reader's English words; a vocabulary adds to these unless it says "extends_default": false.
DEFAULT_WORDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "request_modals": ("could", "would", "will"),
    "permission_modals": ("can", "may", "might"),
    "permission_words": (
        "allow", "permit", "let", "able", "ok", "okay", "alright", "fine", "possible", "permissible", "legal",
        "permission", "right", "clearance",
    ),
    "request_governors": ("want", "like", "need", "mind", "love", "wish"),
    # Verbs that embed a question: "check whether we may fetch A", "tell me if the queue is empty".
    "embedders": ("check", "see", "verify", "confirm", "tell", "show", "determine", "find", "know", "wonder"),
    # Verbs that only lead into the action: "go fetch A", "help me download A".
    "serial_verbs": ("go", "come", "help"),
    "politeness": ("please", "kindly", "pls", "plz"),
    "courtesy": (
        "hi", "hello", "hey", "thanks", "thank", "cheers", "ok", "okay", "great", "good", "morning", "afternoon",
        "evening", "dear", "friend", "please", "kindly", "sir", "ty", "thx", "you", "much", "very", "a", "lot",
        "in", "advance", "there", "yes", "sure", "again",
    ),
    "negations": ("not", "n't", "never", "no", "none", "nothing", "neither", "nor", "nobody", "nowhere", "cannot"),
    "conditions": (
        "if", "unless", "whenever", "provided", "providing", "assuming", "suppose", "supposing", "in case",
        "as long as", "so long as", "only if", "even if", "as soon as", "once", "until", "till", "after",
        "before", "when", "while",
    ),
    "unsupported": (
        "delete", "remove", "erase", "wipe", "drop", "destroy", "clear", "purge", "truncate", "overwrite",
        "post", "submit", "send", "upload", "publish", "email", "mail", "message", "tweet", "share",
        "log", "login", "sign", "register", "authenticate", "click", "press", "type", "fill", "enter",
        "run", "execute", "eval", "evaluate", "install", "uninstall", "buy", "pay", "order", "purchase",
        "book", "subscribe", "unsubscribe", "edit", "modify", "change", "write", "rewrite", "update", "set",
        "reset", "restart", "kill", "stop", "shut", "disable", "enable", "ignore", "forget", "bypass",
        "override", "hack", "attack", "spam", "flood", "follow", "spider", "rename", "move", "copy", "replace",
        "translate", "summarize", "summarise", "open", "visit", "browse", "search", "find", "print", "reply",
        "answer", "forward", "call", "text", "pretend", "act", "become", "switch", "grant", "give", "make",
        "create", "add", "insert", "put", "start", "launch", "schedule", "repeat", "loop", "continue", "retry",
        "ping", "scan", "probe", "exploit", "inject", "bruteforce", "crack", "decrypt", "encrypt", "render",
        "convert", "parse", "extract", "analyze", "analyse", "compare", "monitor", "watch", "keep", "tell",
        "say", "use", "try", "skip", "disregard", "pretend", "bypass", "rm",
    ),
    "neutral_predicates": ("list", "mention", "include", "attach", "paste"),
    "adverbs": (
        "please", "kindly", "now", "right", "away", "just", "also", "too", "then", "quickly", "soon",
        "immediately", "here", "below", "above", "already", "yet", "currently", "so", "far", "there", "for",
        "me", "us", "as", "well", "again", "both", "all", "respectively", "at", "once", "asap", "today",
        "actually", "still", "ever", "really", "ahead", "successfully", "correctly", "properly",
        "fully", "completely",
    ),
    "prepositions": ("from", "at", "for", "of", "on", "in", "about", "to", "into", "by", "with", "according"),
    # Words that ask for more than the reader can promise (a whole site, a login, a schedule): refused.
    "blockers": (
        "everything", "anything", "entire", "whole", "recursively", "recursive", "subpages", "sitemap",
        "cookie", "cookies", "password", "passwords", "credentials", "javascript", "js", "login",
        "tomorrow", "tonight", "later", "hourly", "daily", "weekly", "monthly", "every", "forever",
        "always", "root", "admin", "sudo", "script", "scripts", "rm", "instructions", "mode",
        # Choices and exceptions: "fetch A or B", "A instead of B", "all pages except B".
        "or", "either", "instead", "except", "excluding", "without", "rather", "than", "but", "all", "only",
        # Hedges and asides: "A, e.g. B", "A and maybe B", "(optional: B)".
        "e.g.", "eg", "i.e.", "ie", "aka", "a.k.a.", "maybe", "perhaps", "possibly", "optional", "optionally",
        # Times and schedules the reader cannot keep: "on Monday", "in 5 minutes".
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend", "noon",
        "midnight", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months",
        "schedule", "scheduled", "periodically", "regularly", "repeatedly", "twice", "again_and_again",
    ),
    # Verbs refused wherever they stand and whatever the tagger made of them ("… and bypass robots.txt").
    "forbidden": (
        "delete", "remove", "erase", "wipe", "purge", "destroy", "bypass", "ignore", "disregard", "override",
        "execute", "submit", "upload", "uninstall", "hack", "inject", "exploit", "pretend", "forget",
    ),
    # Nouns that may stand for the things a slot holds ("download this page: A").
    "object_nouns": (
        "page", "pages", "url", "urls", "link", "links", "site", "sites", "website", "websites", "homepage",
        "document", "documents", "address", "addresses", "these", "this", "those", "them", "it", "one",
        "ones", "following", "copy", "file", "files", "resource", "resources",
    ),
    "list_words": ("and", ",", ";", ".", "!", "?", "also", "plus", "too", "as", "well", "please", "thanks", "thank", "you", "-", "–", "—", "*", "•"),
})
