"""pillars-rules: the rules engine for *The Pillars of the Earth* (Kosmos 2006)."""

from __future__ import annotations

__version__ = "0.1.0"

from .errors import CardError, ConfigError, IllegalActionError, PillarsError, SaveError

__all__ = [
    "__version__",
    "CardError",
    "ConfigError",
    "IllegalActionError",
    "PillarsError",
    "SaveError",
]
