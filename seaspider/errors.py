"""The error kinds users can see. Each carries its CLI exit code; messages are one English sentence."""

from __future__ import annotations

__all__ = [
    "ClusterError",
    "ConfigError",
    "FetchError",
    "InvalidURL",
    "LockHeld",
    "ProofFailed",
    "SeaSpiderError",
    "ServiceError",
    "StoreError",
    "UsageError",
]


class SeaSpiderError(Exception):
    """Root of every expected failure: printed as `seaspider: <message>`, never as a traceback."""

    exit_code = 1


class ConfigError(SeaSpiderError):
    """A configuration or vocabulary file is missing, malformed or out of bounds."""

    exit_code = 2


class UsageError(SeaSpiderError):
    """The command line or an input file (queue, prompt) is wrong."""

    exit_code = 2


class InvalidURL(SeaSpiderError):
    """A URL cannot be used: bad syntax, a refused scheme, userinfo, a bad port or host."""

    exit_code = 2


class StoreError(SeaSpiderError):
    """The store cannot be opened, read or written."""

    exit_code = 1


class FetchError(SeaSpiderError):
    """A request failed in a way the caller must hear about (most failures become `error` visits)."""

    exit_code = 1


class ServiceError(SeaSpiderError):
    """The English service or its socket failed."""

    exit_code = 1


class ClusterError(SeaSpiderError):
    """The shared frontier (Redis/Valkey) cannot be reached, or lost the crawl's state: the node stops booking."""

    exit_code = 1


class LockHeld(SeaSpiderError):
    """Another Sea Spider holds the singleton lock."""

    exit_code = 5


class ProofFailed(SeaSpiderError):
    """A candidate vocabulary failed its proof (`seaspider review try`), so nothing was written."""

    exit_code = 1
