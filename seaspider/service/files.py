"""The names of the service's files in its socket directory, in one place."""

from __future__ import annotations

__all__ = ["JOBS_FILE", "LEDGER_FILE", "REQUESTS_FILE", "REVIEW_FILE", "STOP_FILE"]

STOP_FILE = "STOP"  # its existence ends the server after the answer in progress
JOBS_FILE = "jobs.jsonl"  # every job event (queued, started, url, finished, interrupted)
REQUESTS_FILE = "requests.jsonl"  # every request: who asked, from which process, admitted or not
LEDGER_FILE = "ledger.jsonl"  # each request id with its recorded reply
REVIEW_FILE = "review.jsonl"  # refused prompts, as teaching material
