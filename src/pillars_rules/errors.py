"""Typed errors. Every bad input ends in one of these, never a bare traceback."""

from __future__ import annotations

from typing import Sequence


class PillarsError(Exception):
    """Base class of every error this library raises on purpose."""


class IllegalActionError(PillarsError, ValueError):
    """An action that is not legal in the current state; ``reason`` says why.

    The game it was applied to is unchanged (games are immutable).
    """

    def __init__(self, reason: str, action: object = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.action = action


class ConfigError(PillarsError, ValueError):
    """Bad arguments to :func:`pillars_rules.new_game` (player count, variants...)."""


class ScenarioError(ConfigError):
    """A position given to :func:`pillars_rules.scenario` that cannot occur in a
    game (cubes not conserved, gold out of range, a card in two places...); the
    message names what is wrong and where (``seats[1].gold``)."""


class SaveError(PillarsError, ValueError):
    """A save or event log that cannot be loaded; the message says what and where.

    ``index`` is the position of the offending event in the log, when known.
    """

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class CardError(PillarsError, ValueError):
    """One or more problems in card text.

    ``diagnostics`` lists every problem found in the run (not only the first);
    ``str(error)`` shows them all, each with file, line, column, the source
    line and a caret.
    """

    def __init__(self, diagnostics: Sequence["object"]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n\n".join(str(d) for d in self.diagnostics) or "card error")
