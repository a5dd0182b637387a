"""The two explanation frames: «I could not … because …» and «I did not act on this request because …»."""

from __future__ import annotations

from realize.sentences import clause, sentence

__all__ = ["could_not", "did_not_act"]


def could_not(action: str, *, because: str) -> str:
    """«I could not <action> because <because>.», e.g. "I could not fetch A because the server answered HTTP 404."."""
    return sentence("I could not", clause(action), "because", _reason(because))


def did_not_act(because: str) -> str:
    """«I did not act on this request because <because>.»"""
    return sentence("I did not act on this request because", _reason(because))


def _reason(because: str) -> str:
    reason = clause(because)
    if not reason:
        raise ValueError("a 'because' clause cannot be empty")
    return reason
