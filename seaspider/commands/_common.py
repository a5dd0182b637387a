"""Steps several verbs share: loading the configuration and taking the singleton lock."""

from __future__ import annotations

from seaspider.config import Config, load_config
from seaspider.lock import HeldLock, acquire

__all__ = ["config_and_lock"]


def config_and_lock(config_path: str, command: str) -> tuple[Config, HeldLock]:
    """Load the configuration, then take the singleton lock before anything else is touched."""
    config = load_config(config_path)
    return config, acquire(config.service.lock, command)
