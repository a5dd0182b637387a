"""Teaching the English reader from its review queue: where the proof's corpus lives, the proof of a
candidate vocabulary with Sea Spider's readers, and the accepted write with its audit line.

The generic parts (grouping, suggestions, replay) live in deputy/; this wing adds Sea Spider's
vocabulary, slot checkers and corpus, and the files it writes.
"""

__all__ = ["accept", "corpus", "proof", "report"]
