"""The public surface of realize/ is deliberate, and realize/ stays generic (no crawling words)."""

from __future__ import annotations

import re
from pathlib import Path

import realize

REALIZE_DIR = Path(realize.__file__).resolve().parent

# Words that belong to Sea Spider, not to a generic English realiser. Docstring examples may use
# "page" as a plain English noun; these may not appear at all.
CRAWLER_WORDS = ("robots", "crawl", "seaspider", "movabot", "octopus", "fetch", "http://", "https://")


def test_realize_exports_exactly_these_names() -> None:
    assert realize.__all__ == [
        "article",
        "clause",
        "could_not",
        "count",
        "count_be",
        "did_not_act",
        "join",
        "number_word",
        "of_total",
        "paragraph",
        "past",
        "past_participle",
        "plural",
        "quote",
        "sentence",
        "size",
        "utc_minute",
    ]


def test_every_exported_name_exists() -> None:
    for name in realize.__all__:
        assert callable(getattr(realize, name)), name


def _code_lines(path: Path) -> list[str]:
    # Strip docstrings and comments: they may cite examples; the code itself must be generic.
    text = re.sub(r'"""(.|\n)*?"""', "", path.read_text(encoding="utf-8"))
    return [line.split("#", 1)[0] for line in text.splitlines()]


def test_realize_code_has_no_crawling_words() -> None:
    hits = []
    for path in sorted(REALIZE_DIR.glob("*.py")):
        for number, line in enumerate(_code_lines(path), 1):
            for word in CRAWLER_WORDS:
                if re.search(word, line, re.IGNORECASE):
                    hits.append(f"{path.name}:{number}: {line.strip()}")
    assert hits == []


def test_crawling_word_check_would_catch_a_leak(tmp_path: Path) -> None:  # negative control
    leaky = tmp_path / "leaky.py"
    leaky.write_text('x = "robots.txt disallowed"\n', encoding="utf-8")
    assert any(re.search("robots", line, re.IGNORECASE) for line in _code_lines(leaky))
