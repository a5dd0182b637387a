"""Loaded by every Python child a test starts (PYTHONPATH): installs the loopback-only network guard."""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import netguard  # noqa: E402

netguard.install()
sys.path.pop(0)
