"""`seaspider plan`: shows what an English prompt would do, without acting."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from seaspider.errors import UsageError

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "show what an English prompt would do (a plan or a refusal), without acting"
DESCRIPTION = """Read an English prompt the way `seaspider serve` does and print what it would do,
without doing it: one JSON object with the operation and its canonical arguments,
or the refusal with its kind and an English reason.

  {"prompt": "...", "act": true, "operation": "fetch", "args": {"urls": ["https://a.example/"]}, "refusal": null}
  {"prompt": "...", "act": false, "operation": null, "args": {}, "refusal": {"kind": "negation", "reason": "..."}}

Operations: fetch {urls}, robots {target}, sitemaps {target}, stats {host} or {},
page {url} (what is stored for it), read {url} or {url, span} (what it says), status {}.
Refusal kinds: negation, condition, unsupported_verb, no_url, too_many_urls,
url_outside_parse, non_public_address, invalid_url, not_understood.
A refusal is an answer, so the exit status is 0 either way.

With --jsonl, a line may also be a corpus line (tests/english/prompts/*.jsonl):
  {"prompt": "...", "operation": "fetch", "args": {...}, "family": "context", "call": "judgement"}
  {"prompt": "...", "refusal": "negation"}
its prompt is read as usual, and after the last line stderr shows the accuracy per family
(clear cases and judgement calls apart) and every wrong action: a plan where a refusal
was expected, or another plan than the expected one.

examples:
  seaspider plan "Could you download https://a.example/ and https://b.example/x?"
  seaspider plan --explain "Are we allowed to fetch mova.elamur.ai?"
  printf 'Fetch a.example\\nIs the queue empty?\\n' | seaspider plan --jsonl
  cat tests/english/prompts/agents/*.jsonl | seaspider plan --jsonl > /dev/null
  seaspider plan --review review.jsonl"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("prompt", metavar="PROMPT", nargs="?", help="the English prompt (quote it)")
    parser.add_argument("--config", metavar="CONFIG", help="a configuration file: network.allow_private_addresses applies")
    parser.add_argument("--vocab", metavar="FILE", help="a vocabulary file instead of Sea Spider's own")
    parser.add_argument("--jsonl", action="store_true", help="read one prompt per stdin line; print one object per line")
    parser.add_argument("--explain", action="store_true", help="print the parse and the skeleton on stderr")
    parser.add_argument("--review", metavar="FILE", help="summarise a review queue (counts by kind, unknown predicates)")


def run(args: argparse.Namespace) -> int:
    from seaspider.output import emit_json

    given = [name for name, on in (("PROMPT", args.prompt is not None), ("--jsonl", args.jsonl), ("--review", args.review)) if on]
    if len(given) != 1:
        what = "nothing" if not given else " and ".join(given)
        raise UsageError(f"seaspider plan takes exactly one of PROMPT, --jsonl or --review, and got {what}.")
    if args.review:
        from deputy import summarize_review

        try:
            emit_json(summarize_review(args.review))
        except FileNotFoundError as exc:
            raise UsageError(f"{args.review}: the review queue does not exist.") from exc
        return 0

    from seaspider.english_reader import build_deputy, format_parse, plan_json

    allow_private = False
    if args.config:
        from seaspider.config import load_config

        allow_private = load_config(args.config).network.allow_private_addresses
    from deputy.teaching.scoring import Scoreboard

    deputy = build_deputy(args.vocab, allow_private=allow_private)
    lines = [args.prompt] if args.prompt is not None else _stdin_lines()
    board = Scoreboard()
    scored = 0
    for line in lines:
        prompt, expected = (line, None) if args.prompt is not None else _corpus_line(line)
        result = deputy.read(prompt)
        if args.explain:
            sys.stderr.write(format_parse(prompt, result) + "\n")
        emit_json(plan_json(prompt, result))
        if expected is not None:
            board.add(expected, result, prompt)
            scored += 1
    if scored:
        sys.stderr.write("\n".join([f"accuracy over {scored} corpus lines:", *board.lines()]) + "\n")
    return 0


def _corpus_line(line: str) -> tuple[str, Any]:
    """A bare prompt, or a corpus line's prompt and expectation (a JSON object with a "prompt")."""
    from deputy.teaching.scoring import Expectation

    if not line.startswith("{"):
        return line, None
    try:
        raw = json.loads(line)
    except json.JSONDecodeError:
        return line, None
    if not isinstance(raw, dict) or not isinstance(raw.get("prompt"), str):
        return line, None
    return raw["prompt"], Expectation.from_json(raw, family="(stdin)")


def _stdin_lines() -> list[str]:
    try:
        text = sys.stdin.buffer.read().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"stdin: line input is not UTF-8 (byte {exc.start}).") from exc
    return [line.strip() for line in text.splitlines() if line.strip()]
