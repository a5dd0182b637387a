"""Passes over the prompt's text before it is parsed: the wrappers and word orders agents and
people put around a request (markdown blocks and tables, tool calls and JSON, tickets, forwarded
mail and pasted conversations, relayed words, mentions, learners' orders, chat spellings), each
turned into the plain English it stands for, or left as written when it holds a refusal.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "again",
    "answered_back",
    "before_anything",
    "blockmarkup",
    "both",
    "chatforms",
    "citations",
    "concessions",
    "dictated",
    "disfluent",
    "fields",
    "forwarded",
    "fronted",
    "fronted_purpose",
    "headed",
    "hedged",
    "jsonaction",
    "labelled",
    "learner_forms",
    "learner_grammar",
    "learner_order",
    "learner_verbs",
    "let_know",
    "loglines",
    "mentions",
    "needed_record",
    "outline",
    "passive_ask",
    "pointed_turns",
    "quoteblocks",
    "reassured",
    "relayed",
    "reorder",
    "repeats",
    "robots_hinders",
    "spoken",
    "stacked",
    "tables",
    "tasks",
    "ticket_question",
    "ticket_quote",
    "toolargs",
    "toolcalls",
    "turns",
]
