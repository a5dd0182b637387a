"""Sea Spider's English answers: one function per report shape (seaspider/service/reports.py), report in, English out.

Pure: the words come from `realize`, the facts from the report; nothing here reads the store, the
clock or the network. Every answer is one to three sentences.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from realize import (
    could_not,
    count,
    count_be,
    did_not_act,
    join,
    of_total,
    paragraph,
    past,
    past_participle,
    quote,
    sentence,
    size,
    utc_minute,
)
from seaspider.service.reports import (
    FetchReport,
    PageReport,
    ReadReport,
    RefusalReport,
    Report,
    RobotsReport,
    SitemapsReport,
    StatsReport,
    StatusReport,
)
from seaspider.service.spans import Span, span_phrase
from seaspider.web.urls import authority_of

__all__ = [
    "answer",
    "answer_fetch",
    "answer_page",
    "answer_read",
    "answer_refusal",
    "answer_robots",
    "answer_sitemaps",
    "answer_stats",
    "answer_status",
    "read_more_prompt",
    "refusal_clause",
]

# A fetch takes at most 16 URLs; naming five keeps the answer readable ("A, B, C, D, E and 11 more").
MAX_URLS_NAMED = 5

# Used when a refusal arrives without its own reason: each completes «I did not act on this
# request because …». The deputy and the service normally send a more specific clause.
_REFUSAL_REASONS: dict[str, str] = {
    "negation": "it asks me not to do something, and I only act on plain requests",
    "condition": "it depends on a condition, and I only act on plain requests",
    "unsupported_verb": "it asks for something I cannot do",
    "no_url": "it names no URL or host for me to work on",
    "too_many_urls": "it names more URLs than this kind of request takes",
    "url_outside_parse": "a URL in it is not part of what it asks me to do",
    "non_public_address": "it names an address that is not public",
    "invalid_url": "it names a URL I cannot use",
    "not_understood": "I could not read it as one of the requests I take",
    "unknown_caller": "the caller is not among the callers I answer",
}
_DEFAULT_REFUSAL_REASON = "I could not read it as one of the requests I take"


def answer(report: Report | Mapping[str, Any]) -> str:
    """The English answer to any report: a refusal, or the answer for its "operation"."""
    if report.get("refused"):
        return answer_refusal(cast(RefusalReport, report))
    operation = report.get("operation")
    handler = _HANDLERS.get(operation) if isinstance(operation, str) else None
    if handler is None:
        raise ValueError(f"report operation {operation!r} is not one of {', '.join(_HANDLERS)}")
    return handler(report)


def answer_fetch(report: FetchReport) -> str:
    """«I have queued 2 pages for fetching (octopus-7-0): A and B. 1 job is ahead of it.»"""
    if not report["queued"]:
        return could_not("queue this request", because=_not_queued_reason(report["reason"], report["limit"]))
    urls = report["urls"]
    queued = sentence(
        f"I have {past_participle('queue')} {count(len(urls), 'page', zero='no')} for fetching ({report['job']})"
        + (f": {join(urls, max_items=MAX_URLS_NAMED)}" if urls else "")
    )
    return paragraph(queued, sentence(count_be(report["ahead"], "job", zero="no"), "ahead of it"))


def answer_robots(report: RobotsReport) -> str:
    """«Yes, https://a.example/robots.txt allows MovaBot to fetch A (rule Allow: /).» and the other states."""
    state = report["state"]
    target, agent, robots_url = report["target"], report["agent"], report["robots_url"]
    if state == "allowed":
        why = f"rule {report['rule']}" if report["rule"] else "no rule forbids it"
        return sentence(f"Yes, {robots_url} allows {agent} to fetch {target} ({why})")
    if state == "disallowed":
        why = f" (rule {report['rule']})" if report["rule"] else ""
        return sentence(f"No, {robots_url} disallows {target} for {agent}{why}")
    if state == "unavailable":
        return sentence(
            f"Yes, {agent} may fetch {target}: {robots_url} is unavailable{_why_failed(report)},"
            " so everything is allowed"
        )
    if state == "unreachable":
        host = authority_of(robots_url)
        retry = report["retry_unix"]
        until = f"before {utc_minute(retry, round_up=True)}" if retry is not None else "for a while"
        return sentence(
            f"No, not for now: {robots_url} is unreachable{_why_failed(report)},"
            f" so I will not fetch from {host} {until}"
        )
    if state == "queued":
        return sentence(f"I have queued a robots.txt check for {target}; ask me again in a moment")
    raise ValueError(f"robots state {state!r} is not one of allowed, disallowed, unavailable, unreachable, queued")


def answer_sitemaps(report: SitemapsReport) -> str:
    """«https://a.example/robots.txt names 2 sitemaps: A and B.» or why it names none, or cannot say yet."""
    state, target, robots_url = report["state"], report["target"], report["robots_url"]
    if state == "queued":
        return sentence(f"I have queued a robots.txt check for {target}; ask me again in a moment")
    sitemaps = report["sitemaps"]
    if sitemaps:
        return sentence(f"{robots_url} names {count(len(sitemaps), 'sitemap')}: {join(sitemaps, max_items=MAX_URLS_NAMED)}")
    if sitemaps is not None:
        return sentence(f"{robots_url} names no sitemaps")
    if state == "unavailable":
        return sentence(f"{robots_url} is unavailable{_why_failed(report)}, so it names no sitemaps")  # type: ignore[arg-type]
    if state == "unreachable":
        return sentence(f"I cannot tell: {robots_url} is unreachable{_why_failed(report)}")  # type: ignore[arg-type]
    return sentence(f"I cannot tell: I do not have the text of {robots_url}")


def answer_stats(report: StatsReport) -> str:
    """«I have stored 3 pages from a.test. I could not fetch 1 more page: robots.txt disallowed 1.»"""
    host = report["host"]
    where = f" from {host}" if host else ""
    stored = report["stored"]
    if stored:
        first = sentence(f"I have {past_participle('store')} {count(stored, 'page')}{where}")
    else:
        first = sentence(f"I have not {past_participle('store')} any pages{where} yet")
    from_sitemaps = report.get("sitemap_urls", 0)
    # The URLs a sitemap listed, whatever became of them: said last, after what was stored or not.
    last = sentence(f"{count(from_sitemaps, 'URL')} came from sitemaps") if from_sitemaps else ""
    failed = report["failed"]
    disallowed, errors, deferred = failed["disallowed"], failed["error"], failed["deferred"]
    total = disallowed + errors + deferred
    if not total:
        return paragraph(first, last)
    causes = []
    if disallowed:
        causes.append(f"robots.txt {past('disallow')} {disallowed}")
    if errors:
        causes.append(f"{errors} failed with {'an error' if errors == 1 else 'errors'}")
    if deferred:
        delay = "a long crawl delay" if deferred == 1 else "long crawl delays"
        causes.append(f"{deferred} {'was' if deferred == 1 else 'were'} deferred by {delay}")
    # "more" only makes sense after pages that were stored.
    noun = "more page" if stored else "page"
    return paragraph(first, sentence(f"I could not fetch {count(total, noun)}: {join(causes)}"), last)


def answer_page(report: PageReport) -> str:
    """«I fetched A at 2026-11-04 07:52 UTC: HTTP 200, text/html, 139 bytes. Its title is “Mova”. It links to 1 page.»"""
    url, state = report["url"], report["state"]
    if state == "not_fetched":
        return sentence(f"I have not {past_participle('fetch')} {url}")
    status = report["status"]
    # The journal keeps a 4xx/5xx answer as a fetched page; to the asker it is a failure.
    if state == "failed" or (state == "fetched" and status is not None and status >= 400):
        return could_not(f"fetch {url}", because=_page_failure(report))
    if state != "fetched":
        raise ValueError(f"page state {state!r} is not one of fetched, failed, not_fetched")
    head = f"I {past('fetch')} {url}"
    final_url = report["final_url"]
    if final_url and final_url != url:
        head += f" (redirected to {final_url})"
    if report["fetched_unix"] is not None:
        head += f" at {utc_minute(report['fetched_unix'])}"
    facts = []
    if status is not None:
        unchanged = " (unchanged since the fetch before)" if report["outcome"] == "not_modified" else ""
        facts.append(f"HTTP {status}{unchanged}")
    media_type = _media_type(report["content_type"])
    if media_type:
        facts.append(media_type)
    if report["body_bytes"] is not None:
        body = size(report["body_bytes"])
        # The body was cut at fetch.max_body_bytes: say so where the size is given.
        facts.append(f"{body}, cut short at the size limit" if report["truncated"] else body)
    elif report["truncated"]:
        facts.append("cut short at the size limit")
    first = sentence(head + (": " + ", ".join(facts) if facts else ""))
    is_html = media_type in ("text/html", "application/xhtml+xml") or report["links"] is not None
    title = (report["title"] or "").strip()
    if title:
        title_sentence = sentence(f"Its title is {quote(title)}")
    else:
        title_sentence = sentence("It has no title") if is_html else ""
    links = report["links"]
    if links is None:
        links_sentence = ""
    elif links == 0:
        links_sentence = sentence("It has no links")
    else:
        links_sentence = sentence(f"It links to {count(links, 'page')}")
    return paragraph(first, title_sentence, links_sentence)


def answer_status(report: StatusReport) -> str:
    """«I am working on octopus-7-0: 0 of 1 page is done, now A. 2 jobs are waiting.» or idle with the last job.

    After a vocabulary reload (or a reload that failed) it says which vocabulary reads prompts now.
    """
    parts = _status_sentences(report)
    vocabulary = _vocabulary_clause(report.get("vocabulary"))
    if vocabulary is None:
        return paragraph(*parts)
    if len(parts) < 3:
        return paragraph(*parts, sentence(vocabulary))
    # Three sentences at most: the vocabulary joins the last one.
    return paragraph(*parts[:-1], sentence(f"{parts[-1].rstrip('.')}; {vocabulary}"))


def _vocabulary_clause(vocabulary: Mapping[str, Any] | None) -> str | None:
    """«I read prompts with deputy.example.json as reloaded at …», or why a reload did not take; None before any reload."""
    if not vocabulary:
        return None
    name = vocabulary["file"].rsplit("/", 1)[-1]
    loaded = utc_minute(vocabulary["loaded_unix"])
    failed = vocabulary.get("reload_error")
    if failed:
        return (f"the vocabulary file {name} did not load at {utc_minute(failed['unix'])}, so I still read prompts "
                f"with the one loaded at {loaded}")
    if vocabulary.get("loads", 1) > 1:
        return f"I read prompts with {name} as reloaded at {loaded}"
    return None


def _status_sentences(report: StatusReport) -> list[str]:
    waiting = report["waiting"]
    current = report["current"]
    if report["state"] == "working":
        if current is None:
            first = sentence("I am working")
        else:
            progress = of_total(current["urls_done"], current["urls_total"], "page", predicate="done")
            now = f", now {current['now']}" if current["now"] else ""
            first = sentence(f"I am working on {current['job']}: {progress}{now}")
        return [first, sentence(count_be(waiting, "job", zero="no"), "waiting")]
    if waiting:
        first = sentence(f"I am idle and {count_be(waiting, 'job')} waiting")
    else:
        first = sentence("I am idle and the queue is empty")
    last = report["last"]
    if last is None:
        return [first, sentence("I have not run any job yet")]
    fetched, failed, total = last["fetched"], last["failed"], last["urls_total"]
    done = []
    if fetched:
        done.append(f"{past('fetch')} {count(fetched, 'page')}")
    if failed:
        done.append(f"could not fetch {failed}" if fetched else f"could not fetch {count(failed, 'page')}")
    job = f"The last job, {last['job']},"
    if not last["interrupted"]:
        what = " and ".join(done) if done else "had no pages to fetch"
        return [first, sentence(f"{job} {what}")]
    if not done:
        return [first, sentence(f"{job} was interrupted before it {past('fetch')} anything")]
    second = sentence(f"{job} {' and '.join(done)} before it was interrupted")
    not_started = total - fetched - failed
    third = sentence(count_be(not_started, "page", tense="past"), "not started") if not_started > 0 else ""
    return [part for part in (first, second, third) if part]


def answer_read(report: ReadReport) -> str:
    """«Here is the text of A, characters 1 to 8000 of 23456:», a blank line, the text, and how to ask for more.

    The one answer that is longer than three sentences: the text itself is what was asked for.
    """
    url, state = report["url"], report["state"]
    if state == "not_fetched":
        return paragraph(sentence(f"I have not {past_participle('fetch')} {url} yet"), sentence("Ask me to fetch it first"))
    if state == "failed":
        return paragraph(
            could_not(f"fetch {url}", because=_page_failure(cast(PageReport, report))),
            sentence("Ask me to fetch it again"),
        )
    if state == "no_text":
        media_type = _media_type(report["content_type"]) or "of unknown type"
        body = f" ({size(report['body_bytes'])})" if report["body_bytes"] is not None else ""
        return sentence(f"{url} is {media_type}{body}; I have no text for it")
    if state != "text":
        raise ValueError(f"read state {state!r} is not one of text, no_text, not_fetched, failed")
    start, end, total = report["start"], report["end"], report["total_chars"] or 0
    cut_short = not report["complete"] or report["truncated"]
    short = sentence("The text is cut short: the page is larger than I read") if cut_short else ""
    if total == 0:
        return paragraph(sentence(f"{url} has no readable text"), short)
    if start >= total:
        return paragraph(
            sentence(f"The text of {url} has only {count(total, 'character')}; there is nothing from character {start + 1} on"),
            short,
        )
    # A colon, not a full stop, leads into the text: built by hand, as `sentence` ends with a mark.
    if start == 0 and not report["more"]:
        head = f"Here is the text of {url} ({count(total, 'character')}):"
    else:
        head = f"Here is the text of {url}, characters {start + 1} to {end} of {total}:"
    parts = [head, report["text"] or ""]
    tail = paragraph(short, _read_more(report)) if report["more"] else short
    if tail:
        parts.append(tail)
    return "\n\n".join(parts)


def read_more_prompt(report: ReadReport) -> str:
    """The prompt that asks for the next span of the same size: «Show me the text of A, “characters 8001 to 16000”.»"""
    phrase = span_phrase(Span(report["end"], report["max_chars"]))
    return f"Show me the text of {report['url']}, “{phrase}”."


def _read_more(report: ReadReport) -> str:
    return sentence("There is more; to read on, ask me:", read_more_prompt(report))


def answer_refusal(report: RefusalReport) -> str:
    """«I did not act on this request because <reason>.»"""
    return did_not_act(refusal_clause(report["kind"], report.get("reason")))


def refusal_clause(kind: str, reason: str | None = None) -> str:
    """The clause after «… because»: the given reason, else a general one for `kind`."""
    if reason and reason.strip():
        return reason
    return _REFUSAL_REASONS.get(kind, _DEFAULT_REFUSAL_REASON)


def _not_queued_reason(reason: str, limit: int) -> str:
    if reason == "full":
        return f"the queue is full ({count_be(limit, 'job')} waiting)"
    if reason == "stopping":
        return "I am stopping"
    # Any other reason arrives as an English clause from the service.
    return reason


def _why_failed(report: RobotsReport) -> str:
    if report["status"] is not None:
        return f" (HTTP {report['status']})"
    if report["reason"]:
        return f" ({report['reason'].strip().rstrip('.')})"
    return ""


def _page_failure(report: PageReport) -> str:
    outcome = report["outcome"]
    if outcome == "disallowed":
        rule = f" (rule {report['rule']})" if report["rule"] else ""
        return f"robots.txt disallows it{rule}"
    status = report["status"]
    if status is not None and status >= 400:
        return f"the server answered HTTP {status}"
    # A redirect failure has a status below 400 and a reason that says more than the status.
    if report["reason"]:
        return report["reason"]
    if status is not None:
        return f"the server answered HTTP {status}"
    if outcome == "deferred":
        return "the site asks for a longer crawl delay than I wait"
    return "an error occurred"


def _media_type(content_type: str | None) -> str:
    # "text/html; charset=utf-8" → "text/html": the parameters are noise in a sentence.
    if not content_type:
        return ""
    return content_type.split(";", 1)[0].strip().lower()


_HANDLERS: dict[str, Callable[[Any], str]] = {
    "fetch": answer_fetch,
    "robots": answer_robots,
    "sitemaps": answer_sitemaps,
    "stats": answer_stats,
    "page": answer_page,
    "status": answer_status,
    "read": answer_read,
}
