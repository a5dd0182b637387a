"""`seaspider review`: teach the English reader from its review queue — list the gaps, suggest edits,
prove an edit on the whole corpus, accept a proven edit."""

from __future__ import annotations

import argparse
import getpass
import sys
import time
from pathlib import Path
from typing import Any

from seaspider.errors import ProofFailed, UsageError

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "teach the English reader from refused prompts: list, suggest, try, accept"
DESCRIPTION = """Every refused prompt lands in review.jsonl (in the socket directory of
`seaspider serve`). These commands turn that queue into vocabulary edits, prove each edit
safe before it lands, and keep the audit.

  review list REVIEW.jsonl [--kind K] [--redact]
      the refusals grouped by what was missing (an unknown verb, an unknown question,
      a condition word, an address outside the request, ...), most frequent first,
      with counts, first and last seen, and up to three example prompts each;
      --redact hides the paths and queries of addresses, for sharing.
  review suggest REVIEW.jsonl [--write NEW.json]
      vocabulary edits that answer the teachable gaps, each a JSON patch (RFC 6902)
      of the vocabulary; --write saves the vocabulary with every edit applied.
      Only words: never a capability, a slot, a negation, a condition or an address rule.
  review try --vocab NEW.json [REVIEW.jsonl]
      the proof: NEW.json against the vocabulary in use, checked for any relaxation of
      a safety rule, then the whole English corpus (every negative control) and the
      review queue read with both. Prints what changes; exit 1 when a corpus prompt
      that must be refused or is a question would act, or a plan changes.
  review accept --vocab NEW.json [REVIEW.jsonl]
      runs the proof again and, only if it is clean, writes NEW.json over the
      vocabulary (the old one kept as FILE.prev) and appends to teaching.jsonl beside
      it who accepted it, when, which review items it answers and the corpus hash.
      A running `seaspider serve` reads the new vocabulary on SIGHUP, or on restart.

--vocab-file names the vocabulary in use (default: Sea Spider's own,
vocab/deputy.example.json); name the file your `serve` runs with. --corpus DIR proves on
another corpus folder than the one shipped with Sea Spider (tests/english/prompts).

examples:
  seaspider review list ~/.seaspider/review.jsonl --redact
  seaspider review suggest ~/.seaspider/review.jsonl --write /tmp/vocab.json
  seaspider review try --vocab /tmp/vocab.json ~/.seaspider/review.jsonl
  seaspider review accept --vocab /tmp/vocab.json ~/.seaspider/review.jsonl
  kill -HUP "$(pgrep -f 'seaspider serve')"   # the running serve reloads it"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    actions = parser.add_subparsers(dest="action", metavar="ACTION", title="actions")
    listing = actions.add_parser("list", help="the refusals grouped by what was missing")
    listing.add_argument("review", metavar="REVIEW.jsonl", help="a review queue")
    listing.add_argument("--kind", metavar="K", help="only refusals of this kind (negation, not_understood, ...)")
    listing.add_argument("--redact", action="store_true", help="hide addresses' paths and queries")
    _vocab_file(listing)
    suggesting = actions.add_parser("suggest", help="vocabulary edits that answer the teachable gaps")
    suggesting.add_argument("review", metavar="REVIEW.jsonl", help="a review queue")
    suggesting.add_argument("--write", metavar="NEW.json", help="save the vocabulary with every suggested edit applied")
    _vocab_file(suggesting)
    for name, text in (("try", "prove a candidate vocabulary on the corpus and the review queue"),
                       ("accept", "write a proven vocabulary and record it in teaching.jsonl")):
        action = actions.add_parser(name, help=text)
        action.add_argument("review", metavar="REVIEW.jsonl", nargs="?", help="a review queue to replay too")
        action.add_argument("--vocab", metavar="NEW.json", required=True, help="the candidate vocabulary")
        action.add_argument("--corpus", metavar="DIR", help="a corpus folder instead of the one shipped with Sea Spider")
        action.add_argument("--redact", action="store_true", help="hide addresses' paths and queries in the output")
        _vocab_file(action)
        if name == "accept":
            action.add_argument("--teaching", metavar="FILE", help="the audit file (default: teaching.jsonl beside the vocabulary)")
            action.add_argument("--by", metavar="NAME", help="who accepts the edit (default: your login name)")


def _vocab_file(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--vocab-file", metavar="FILE", help="the vocabulary in use (default: Sea Spider's own)")


def run(args: argparse.Namespace) -> int:
    if args.action is None:
        raise UsageError("seaspider review needs an action: list, suggest, try or accept.")
    if args.action == "list":
        return _list(args)
    if args.action == "suggest":
        return _suggest(args)
    return _prove(args, accepting=args.action == "accept")


def _items(path: str) -> tuple[Any, int]:
    from deputy.teaching.review import read_review

    try:
        return read_review(path)
    except FileNotFoundError as exc:
        raise UsageError(f"{path}: the review queue does not exist.") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: the review queue cannot be read ({exc}).") from exc


def _current(args: argparse.Namespace) -> Any:
    from seaspider.teaching.proof import read_vocab

    return read_vocab(args.vocab_file)


def _list(args: argparse.Namespace) -> int:
    from deputy.teaching.gaps import group_review
    from seaspider.output import emit_json
    from seaspider.teaching.report import group_lines

    items, skipped = _items(args.review)
    current = _current(args)
    groups = group_review(items, current.vocab, kind=args.kind, redacted=args.redact)
    kinds: dict[str, int] = {}
    for item in items:
        kinds[item.kind] = kinds.get(item.kind, 0) + 1
    total = sum(g.count for g in groups)
    emit_json({
        "review": args.review, "total": total, "skipped_lines": skipped,
        "by_kind": dict(sorted(kinds.items(), key=lambda kv: (-kv[1], kv[0]))),
        "groups": [g.to_json() for g in groups],
    })
    _say(group_lines(groups, total=total, skipped=skipped))
    return 0


def _suggest(args: argparse.Namespace) -> int:
    from deputy.teaching.gaps import group_review
    from deputy.teaching.jsonpatch import patch_text
    from deputy.teaching.suggest import suggest
    from seaspider.output import emit_json
    from seaspider.teaching.proof import make_reader
    from seaspider.teaching.report import suggestion_lines

    items, _ = _items(args.review)
    current = _current(args)
    groups = group_review(items, current.vocab)
    found = suggest(groups, current.raw, make_reader=make_reader)
    written = None
    if args.write:
        target = Path(args.write)
        if args.vocab_file and target.resolve() == Path(args.vocab_file).resolve():
            raise UsageError(f"{args.write} is the vocabulary in use; write the candidate elsewhere and prove it with `review try`.")
        text = patch_text(current.text, [op for s in found for op in s.patch])
        try:
            target.write_text(text, encoding="utf-8")
        except OSError as exc:
            raise UsageError(f"{args.write}: cannot write the candidate vocabulary ({exc.strerror}).") from exc
        written = str(target)
    emit_json({
        "review": args.review, "vocab_file": current.source, "written": written,
        "suggestions": [s.to_json() for s in found],
        "not_taught": [g.to_json() for g in groups if not g.teachable],
    })
    lines = suggestion_lines(found, groups)
    if written:
        lines.append(f"Wrote {written}; prove it with: seaspider review try --vocab {written} {args.review}")
    _say(lines)
    return 0


def _prove(args: argparse.Namespace, *, accepting: bool) -> int:
    from deputy.teaching.redact import redact
    from seaspider.output import emit_json
    from seaspider.teaching.corpus import find_corpus
    from seaspider.teaching.proof import read_vocab, try_vocab
    from seaspider.teaching.report import trial_lines

    target = _target(args) if accepting else None
    candidate = read_vocab(args.vocab)
    current = _current(args)
    items = _items(args.review)[0] if args.review else ()
    corpus = find_corpus(args.corpus)
    trial = try_vocab(candidate, current, corpus, review=args.review, items=items)
    show = redact if args.redact else str
    if not accepting:
        emit_json(trial.to_json(show=show))
    _say(trial_lines(trial, show=show))
    if not trial.proof.clean:
        problems = len(trial.proof.relaxations) + len(trial.proof.errors)
        verb = "was not accepted" if accepting else "fails its proof"
        raise ProofFailed(f"{args.vocab} {verb}: {problems} problem{'s' if problems != 1 else ''} (listed above).")
    if target is None:
        return 0
    return _accept(args, trial, target)


def _target(args: argparse.Namespace) -> Path:
    """The vocabulary file `accept` replaces: --vocab-file, else Sea Spider's own (vocab/deputy.example.json)."""
    from seaspider.resources import vocab_dir

    target = Path(args.vocab_file) if args.vocab_file else Path(str(vocab_dir().joinpath("deputy.example.json")))
    if Path(args.vocab).resolve() == target.resolve():
        raise UsageError(f"{args.vocab} is already the vocabulary in use; accept a candidate written elsewhere.")
    return target


def _accept(args: argparse.Namespace, trial: Any, target: Path) -> int:
    from seaspider.output import emit_json
    from seaspider.teaching.accept import accept

    by = args.by or getpass.getuser()
    done = accept(trial, target=target, teaching_file=Path(args.teaching) if args.teaching else None, by=by, now=time.time)
    emit_json({"accepted": True, "vocab_file": str(done.vocab_file), "previous_file": str(done.previous_file),
               "teaching_file": str(done.teaching_file), "line": done.line})
    _say([f"Accepted {args.vocab} as {done.vocab_file} (the previous vocabulary is kept as {done.previous_file}; "
          f"recorded in {done.teaching_file}).",
          "A running `seaspider serve` reads it on SIGHUP (kill -HUP PID) or when it restarts."])
    return 0


def _say(lines: list[str]) -> None:
    sys.stderr.write("\n".join(lines) + "\n")
    sys.stderr.flush()
