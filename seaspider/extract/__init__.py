"""Extraction rules as data: records from stored pages by CSS selectors, written as JSONL or CSV.

Rules are loaded and compiled once (`rules`, `selectors`), evaluated over one parsed page at a
time (`page`), fed page by page from the store (`stream`) and written out (`writers`). Everything
but `stream` (which reads the store through StoreReader) and `rules.load_rules` is pure.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "page",
    "rules",
    "selectors",
    "stream",
    "writers",
]
