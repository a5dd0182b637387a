"""`seaspider robots CONFIG URL`: fetch robots.txt politely and explain, in English, whether MovaBot may fetch URL."""

from __future__ import annotations

import argparse

from seaspider.commands._common import config_and_lock

__all__ = ["DESCRIPTION", "HELP", "add_arguments", "run"]

HELP = "fetch robots.txt politely and explain the decision for URL"
DESCRIPTION = """Ask robots.txt whether MovaBot may fetch URL, and say why.

URL is a full http(s) URL or a bare host name (which means https://HOST/).
The robots.txt of URL's origin is taken from the store while it is within
robots.ttl_secs; otherwise it is fetched politely (the per-IP spacing holds
across runs) and journaled in the store.

stderr gets one English sentence, for example
  Yes, https://a.example/robots.txt allows MovaBot to fetch https://a.example/x (rule Allow: /).
  No, https://a.example/robots.txt disallows https://a.example/x for MovaBot (rule Disallow: /x).
stdout gets the JSON record: url, allowed, answer and robots (robots URL,
source, status, group, decision, rule, line, crawl_delay).

examples:
  seaspider robots config.json https://mova.elamur.ai/free/en/
  seaspider robots config.json mova.elamur.ai | python -m json.tool"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("config", metavar="CONFIG", help="the configuration file (JSON)")
    parser.add_argument("url", metavar="URL", help="the URL (or bare host name) to ask about")


def run(args: argparse.Namespace) -> int:
    # The singleton lock comes first: before the store is opened or any request is sent.
    config, lock = config_and_lock(args.config, f"robots {args.url}")
    with lock:
        import asyncio

        from seaspider.errors import UsageError
        from seaspider.net.fetch import Fetcher
        from seaspider.output import emit_json, say
        from seaspider.net.robots_cache import explain
        from seaspider.store.writer import StoreWriter
        from seaspider.web.urls import parse_target

        target = parse_target(args.url)
        url = str(target)
        refused = f"{url} is refused: {{}}"
        with StoreWriter.open(config.store, segment_max_bytes=config.storage.segment_max_bytes, zstd_level=config.storage.zstd_level) as writer:
            fetcher = Fetcher(config, state=writer, on_robots=writer.record_robots)
            reason = fetcher.resolver.check(target.host)
            if reason is not None:
                raise UsageError(refused.format(reason))

            async def ask() -> object:
                try:
                    return await fetcher.check_robots(target)
                finally:
                    await fetcher.aclose()

            verdict = asyncio.run(ask())
            entry = fetcher.robots_entry(target)
        error = entry.fetch.error if entry is not None else None
        sentence = explain(verdict, url, config.robot.token, retry_s=config.robots.unreachable_retry_secs, error=error)  # type: ignore[arg-type]
        say(sentence)
        emit_json({"url": url, "allowed": verdict.allowed, "answer": sentence, "robots": verdict.to_json()})  # type: ignore[attr-defined]
        return 0
