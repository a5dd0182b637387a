"""The English service: the socket server, request handling, the job queue and its one worker,
the service's journals, report builders, English answers, the vocabulary in use (reloaded on
SIGHUP) and the supervisor that restarts it.

The public names of this wing are its modules; each lists its own public names in `__all__`.
"""

__all__ = [
    "answers",
    "calls",
    "files",
    "handler",
    "jobs",
    "ledger",
    "mcp",
    "readers",
    "reports",
    "runner",
    "server",
    "spans",
    "supervisor",
    "vocabulary",
]
