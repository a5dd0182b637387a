"""The store on disk: zstd body segments, the fsynced JSONL journals, the derived index, the per-IP
politeness state, the reader and writer over them, captured hop heads, and the WARC export (the
store's own format written out as a standard archive). Knows nothing about robots rules.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "bookings",
    "check",
    "failures",
    "files",
    "heads",
    "index",
    "index_records",
    "ipstate",
    "journal",
    "lines",
    "reader",
    "segments",
    "view",
    "warc_export",
    "warc_files",
    "warc_records",
    "writer",
]
