"""What the reader learns from: the corpus and its scoring, the review queue and its gaps, the
relaxation check and the replay proof of a vocabulary edit, and the JSON patches it proposes.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "corpus",
    "gaps",
    "jsonpatch",
    "redact",
    "relaxations",
    "replay",
    "review",
    "scoring",
    "suggest",
]
