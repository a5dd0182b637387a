"""The store on disk: zstd body segments, the fsynced JSONL journals, the derived index, the per-IP
politeness state, and the reader and writer over them. Knows nothing about HTTP or robots rules.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "heads",
    "index",
    "journal",
    "segments",
    "writer",
]
