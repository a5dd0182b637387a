"""`seaspider store check STORE [--repair]`: verify a whole store, and repair what can be repaired."""

from __future__ import annotations

import argparse
from pathlib import Path

from seaspider.errors import UsageError

__all__ = ["CHECK_DESCRIPTION", "DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "check a store (every frame, line and the index), and repair it"
DESCRIPTION = """Look after a store on disk. One subcommand for now:

  store check STORE [--repair]

check verifies the whole store while no crawl writes to it: every body frame
is decoded and compared with its sha256, every pages.jsonl and links.jsonl
line is checked against its schema, the index is compared with one rebuilt
from the journal, and state.sqlite (the per-IP politeness memory) must read.
It prints one JSON object on stdout (counts and every problem, up to 1000 of
them listed) and one line per problem on stderr.

--repair then repairs what can be repaired: a damaged frame's records are
marked damaged in the journal (so the next fetch of their URLs, or of their
robots.txt, gets them again; the frame is written anew then), a torn tail is
cut, a disagreeing index and an unreadable state.sqlite are rebuilt from the
journal. A journal line that is not JSON or breaks its schema stays where it
is (the index skips it); check keeps naming it.

Damaged frames that a crawl already found and healed on its own (it writes a
`damaged` line too) are counted as healed_frames, not as problems.

exit status: 0 the store is clean; 1 problems were found (also when --repair
repaired them: run check again to see it clean), or the store is in use.

examples:
  seaspider store check store/
  seaspider store check store/ --repair
  seaspider store check store/ | python3 -m json.tool"""


CHECK_DESCRIPTION = """Verify a whole store while no crawl writes to it: every body frame against its
sha256, every journal and links line against its schema, the index against one
rebuilt from the journal, and that state.sqlite reads. JSON on stdout, one line
per problem on stderr. With --repair: damaged records are marked so the next
fetch gets them again; a torn tail is cut; the index and state.sqlite are rebuilt.

exit status: 0 clean; 1 problems found (also when repaired), or the store in use;
2 STORE is not a store.

examples:
  seaspider store check store/
  seaspider store check store/ --repair && seaspider fetch config.json queue.txt"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="store_command", metavar="SUBCOMMAND", title="subcommands")
    check = sub.add_parser(
        "check",
        help="verify every frame, line and the index; --repair fixes what it can",
        description=CHECK_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    check.add_argument("store", metavar="STORE", help="the store directory (the `store` of the configuration)")
    check.add_argument("--repair", action="store_true", help="repair what can be repaired (see `seaspider store --help`)")


def run(args: argparse.Namespace) -> int:
    from seaspider.output import emit_json, say
    from seaspider.store.check import check, repair
    from seaspider.store.files import JOURNAL, is_store

    if args.store_command != "check":
        raise UsageError("seaspider store needs a subcommand: check (see seaspider store --help)")
    store = Path(args.store)
    if not is_store(store):
        raise UsageError(f"{store} is not a Sea Spider store (it has no {JOURNAL}); name the `store` directory of a configuration.")
    report = check(store)
    if args.repair and not report.clean:
        report = repair(store, report, notice=lambda message: say(f"seaspider: {message}"))
    for problem in report.problems:
        say(f"seaspider: {problem.message}")
    if report.problem_count > len(report.problems):
        say(f"seaspider: and {report.problem_count - len(report.problems)} more problems (counted, not listed).")
    for done in report.repaired:
        say(f"seaspider: repaired: {done}.")
    summary = (f"{store}: {report.lines} journal lines, {report.links_lines} links lines, {report.frames} frames checked; "
               + ("clean." if report.clean else f"{report.problem_count} problems."))
    say(summary)
    emit_json(report.to_json())
    return 0 if report.clean else 1
