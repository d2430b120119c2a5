"""Typed errors. Every bad input ends in one of these, never a bare traceback.

Every error has a ``reason``: one line of at most
:data:`~pillars_rules.limits.MAX_REASON_LENGTH` characters that can always be
encoded as UTF-8, so a server may send it to a client as it is. Values a
caller supplied (a 1 MB label, a lone surrogate) can never make it longer or
unencodable: the cut happens here, centrally, for every subclass.
"""

from __future__ import annotations

from collections.abc import Sequence

#: Longest ``reason`` of any error (kept in step with ``limits.MAX_REASON_LENGTH``;
#: errors.py imports nothing so that every module may import it).
MAX_REASON_LENGTH = 300


def bounded(text: object, limit: int = MAX_REASON_LENGTH) -> str:
    """``text`` as a reason: at most ``limit`` characters, encodable as UTF-8
    (lone surrogates and other unencodable characters become ``\\udcxx``
    escapes), never raising whatever ``text`` is."""
    if not isinstance(text, str):
        try:
            text = str(text)
        except Exception:  # an object whose __str__ raises
            text = f"<unprintable {type(text).__name__}>"
    text = str.__str__(text)  # a str subclass cannot override what follows
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = text.encode("utf-8", "backslashreplace").decode("utf-8")
        if len(text) > limit:
            text = text[: limit - 3] + "..."
    return text


def safe_repr(value: object, limit: int = 40) -> str:
    """``repr(value)`` cut to ``limit`` characters, never raising (an object whose
    ``__repr__`` raises, or a 10**5000 int that cannot be printed, still shows)."""
    if type(value) is int and value.bit_length() > 128:
        return f"<a {value.bit_length()}-bit number>"
    try:
        text = repr(value)
    except Exception:
        text = f"<{type(value).__name__} object>"
    if not isinstance(text, str):
        text = f"<{type(value).__name__} object>"
    return bounded(text, limit)


class PillarsError(Exception):
    """Base class of every error this library raises on purpose.

    ``reason`` is bounded (see the module docstring); ``str(error)`` is the
    reason too, except for :class:`CardError`, whose ``str`` lists every
    diagnostic for the card author.
    """

    def __init__(self, reason: object = "") -> None:
        self.reason = bounded(reason)
        super().__init__(self.reason)


class IllegalActionError(PillarsError, ValueError):
    """An action that is not legal in the current state; ``reason`` says why.

    The game it was applied to is unchanged (games are immutable).
    """

    def __init__(self, reason: object, action: object = None) -> None:
        super().__init__(reason)
        self.action = action


class StaleActionError(IllegalActionError):
    """An action sent for another decision than the pending one (a stale or
    repeated message): ``expected`` is the decision number it answers,
    ``decision`` the game's current one (see :attr:`pillars_rules.Game.decision`)."""

    def __init__(self, expected: int, decision: int, action: object = None) -> None:
        shown = expected if abs(expected) < 10**18 else "(a number out of range)"
        super().__init__(
            f"stale or repeated message: it answers decision {shown}; the game is at decision {decision}", action
        )
        self.expected = expected
        self.decision = decision


class ConflictError(PillarsError):
    """Another writer already stored an answer to this decision (optimistic
    concurrency in :class:`pillars_rules.table.EventStore`): ``decision`` is the
    decision number this writer expected, ``stored`` the one found in the store."""

    def __init__(self, message: str, decision: int | None = None, stored: int | None = None) -> None:
        super().__init__(message)
        self.decision = decision
        self.stored = stored


class ConfigError(PillarsError, ValueError):
    """Bad arguments to :func:`pillars_rules.new_game` (player count, variants...)."""


class PlayerCountError(ConfigError):
    """A player count the card set does not play (the base set plays 2-4, the
    expansion 2-6: a board's ``players`` line); the message names the set.
    ``players`` is the count asked for, ``allowed`` the set's counts."""

    def __init__(self, message: str, players: int = 0, allowed: tuple[int, ...] = ()) -> None:
        super().__init__(message)
        self.players = players
        self.allowed = allowed


class ScenarioError(ConfigError):
    """A position given to :func:`pillars_rules.scenario` that cannot occur in a
    game (cubes not conserved, gold out of range, a card in two places...); the
    message names what is wrong and where (``seats[1].gold``)."""


class SaveError(PillarsError, ValueError):
    """A save or event log that cannot be loaded; the message says what and where.

    ``index`` is the position of the offending event in the log, when known.
    """

    def __init__(self, message: object, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class StoreError(PillarsError):
    """An event store cannot be opened, read or written: the file is not a
    database, is damaged, locked or unwritable (the message names the store
    and says why). The same for every store backend."""


class DamagedGameError(SaveError):
    """A stored game whose rows are not a valid game: a damaged column, an
    event row that is not an event, a log that does not replay, a decision
    counter that disagrees with the log. ``game_id`` names the game (the
    message does too); ``index`` the event, when known. The same for every
    store backend."""

    def __init__(self, game_id: object, message: object, index: int | None = None) -> None:
        super().__init__(f"game {safe_repr(game_id, 60)}: {message}", index)
        self.game_id = game_id


class LimitError(PillarsError, ValueError):
    """A game grew past a budget of :mod:`pillars_rules.limits` (e.g. too many
    events); the game it was applied to is unchanged. ``events`` is the log
    length the action would have made and ``limit`` the budget (``None``
    when the error is not about the log)."""

    def __init__(self, reason: object, events: int | None = None, limit: int | None = None) -> None:
        super().__init__(reason)
        self.events = events
        self.limit = limit


class CardError(PillarsError, ValueError):
    """One or more problems in card text.

    ``diagnostics`` lists every problem found in the run (not only the first);
    ``str(error)`` shows them all, each with file, line, column, the source
    line and a caret. ``reason`` is the first problem on one bounded line.
    """

    def __init__(self, diagnostics: Sequence[object]) -> None:
        self.diagnostics = tuple(diagnostics)
        first = str(self.diagnostics[0]).split("\n")[0] if self.diagnostics else "card error"
        more = len(self.diagnostics) - 1
        self.reason = bounded(first + (f" (and {more} more)" if more > 0 else ""))
        full = "\n\n".join(str(d) for d in self.diagnostics) or "card error"
        Exception.__init__(self, full)
