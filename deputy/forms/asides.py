"""'is the crawler idle? deploy window opens in 5 min': a remark after a question whose first word the
small model tags an imperative ("deploy") although a noun and its own finite verb follow ("window
opens"). Such a word names the noun ("the deploy window"); only its tag changes. Pure over tokens.
"""

from __future__ import annotations

from typing import Any

__all__ = ["noun_openers"]


def noun_openers(doc: Any, items: dict[int, Any]) -> None:
    """Retag as a noun a base-form verb that opens a sentence right after "?" and is followed by a
    singular noun and a present-tense verb ("deploy window opens"); an imperative with an object
    ("delete the jobs", "fetch A") has no finite verb in that place and is left."""
    for tok in doc[1:-2]:
        if tok.tag_ != "VB" or doc[tok.i - 1].text != "?" or tok.i in items:
            continue
        noun, verb = doc[tok.i + 1], doc[tok.i + 2]
        if noun.tag_ == "NN" and noun.i not in items and verb.tag_ == "VBZ":
            tok.tag_ = "NN"
