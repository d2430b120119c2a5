"""Phases triggered by a track or by a moment (docs/ora/mechanisms.rst, ``phases``).

An *arm* goes round a board of ``board`` spaces, one space per rotation (it
starts on space 0, so after the rotation of round ``r`` it stands on
``r mod board``). A *marker* waits on the space of the next phase of a fixed
sequence; when the arm reaches the marker's space the phase fires and the marker
moves to the next phase's space. Passing the space of a *later* phase fires
nothing: the phases fire in their order. A phase may instead fire at a named
*moment* the game's flow announces (``after``), once every earlier phase has
fired. What a phase does is data: its ``steps`` (names the flow runs, in order)
and its ``grants`` (one-off permissions with a count per seat). The game ends
after the last phase, or (``End``) once a phase has fired and a count the game
keeps is at most a bound.

Everything is data (:class:`PhaseConfig`) and pure functions on an immutable
:class:`Phases`: no name of any game is known here.

>>> cfg = PhaseConfig(board=5, phases=(Phase("x", space=3), Phase("y", space=1), Phase("z", after="last call")))
>>> schedule(cfg, 10)
(('x', 3), ('y', 6))
>>> st = moment(cfg, start_at(cfg, 10), "last call")
>>> st.fired, ended(cfg, st.phases)
('z', True)
"""

from __future__ import annotations

from collections.abc import Mapping

import attrs

from ..errors import IllegalActionError
from . import _data

__all__ = [
    "End",
    "Fired",
    "Phase",
    "PhaseConfig",
    "Phases",
    "ended",
    "moment",
    "rotate",
    "schedule",
    "start",
    "start_at",
    "waiting",
]

_refuse = _data.refuser("phase config")


@attrs.frozen
class Phase:
    """One phase: its ``name``; what fires it -- the arm reaching ``space``, or
    the moment ``after``; the ``steps`` it runs and the ``grants`` (permission,
    count per seat) it opens."""

    name: str
    space: int | None = None
    after: str | None = None
    steps: tuple[str, ...] = ()
    grants: tuple[tuple[str, int], ...] = attrs.field(default=(), converter=_data.pairs)


@attrs.frozen
class End:
    """The game ends once the phase ``after`` has fired and the count ``count``
    (kept by the game, e.g. cards still on display) is at most ``at_most``."""

    after: str
    count: str
    at_most: int


@attrs.frozen
class PhaseConfig:
    """Phases, as data: ``board`` -- the spaces the arm goes round; ``phases``
    -- in the order they fire; ``end`` -- an end by a count (``None``: the game
    ends when the last phase has fired). A bad config raises
    :class:`~pillars_rules.errors.ConfigError` naming the phase and the field."""

    board: int
    phases: tuple[Phase, ...]
    end: End | None = None

    def __attrs_post_init__(self) -> None:
        if type(self.board) is not int or self.board < 1:
            raise _refuse("board", f"the number of spaces must be a whole number from 1, not {self.board!r:.40}")
        if not isinstance(self.phases, tuple) or not self.phases:
            raise _refuse("phases", f"a non-empty tuple of Phase is needed, not {self.phases!r:.60}")
        seen: set[str] = set()
        for i, ph in enumerate(self.phases):
            if not isinstance(ph, Phase):
                raise _refuse(f"phases[{i}]", f"a Phase is needed, not {ph!r:.40}")
            _data.name(_refuse, f"phases[{i}].name", ph.name)
            where = f"phases[{ph.name!r}]"
            if ph.name in seen:
                raise _refuse(where, "the name is given twice")
            seen.add(ph.name)
            if (ph.space is None) == (ph.after is None):
                raise _refuse(where, "a phase fires on a space or after a moment: exactly one of the two")
            if ph.space is not None and (type(ph.space) is not int or not 0 <= ph.space < self.board):
                raise _refuse(f"{where}.space", f"a space from 0 to {self.board - 1} is needed, not {ph.space!r:.40}")
            if ph.after is not None:
                _data.name(_refuse, f"{where}.after", ph.after)
            if not isinstance(ph.steps, tuple):
                raise _refuse(f"{where}.steps", f"a tuple of names is needed, not {ph.steps!r:.40}")
            for j, step in enumerate(ph.steps):
                _data.name(_refuse, f"{where}.steps[{j}]", step)
            _data.amounts(_refuse, f"{where}.grants", ph.grants)
        end = self.end
        if end is not None:
            if not isinstance(end, End):
                raise _refuse("end", f"an End is needed, not {end!r:.40}")
            if end.after not in seen:
                raise _refuse("end.after", f"{end.after!r:.40} is not one of the phases")
            _data.name(_refuse, "end.count", end.count)
            if type(end.at_most) is not int or end.at_most < 0:
                raise _refuse("end.at_most", f"a whole number from 0 is needed, not {end.at_most!r:.40}")


@attrs.frozen
class Phases:
    """The state: the ``arm``'s space, the index of the phase the marker waits
    for (``next``; past the last: all fired) and the ``rotations`` so far."""

    arm: int = 0
    next: int = 0
    rotations: int = 0


@attrs.frozen
class Fired:
    """A rotation's or a moment's outcome: the ``phases`` after it and the phase
    that ``fired`` (``None``: none)."""

    phases: Phases
    fired: str | None


def start(cfg: PhaseConfig) -> Phases:
    """The arm on space 0, the marker on the first phase."""
    return Phases()


def waiting(cfg: PhaseConfig, st: Phases) -> Phase | None:
    """The phase the marker waits for (``None``: every phase has fired)."""
    return cfg.phases[st.next] if st.next < len(cfg.phases) else None


def rotate(cfg: PhaseConfig, st: Phases) -> Fired:
    """The arm one space on; the waiting phase fires if the arm reaches its space."""
    arm = (st.arm + 1) % cfg.board
    ph = waiting(cfg, st)
    fires = ph is not None and ph.space == arm
    out = Phases(arm, st.next + fires, st.rotations + 1)
    return Fired(out, ph.name if fires and ph is not None else None)


def moment(cfg: PhaseConfig, st: Phases, name: str) -> Fired:
    """The flow announces the moment ``name``; the waiting phase fires if it waits for it."""
    ph = waiting(cfg, st)
    if ph is not None and ph.after == name:
        return Fired(attrs.evolve(st, next=st.next + 1), ph.name)
    return Fired(st, None)


def start_at(cfg: PhaseConfig, rotations: int) -> Phases:
    """The state after ``rotations`` rotations and no moment."""
    st = start(cfg)
    for _ in range(rotations):
        st = rotate(cfg, st).phases
    return st


def schedule(cfg: PhaseConfig, rotations: int) -> tuple[tuple[str, int], ...]:
    """(phase, rotation) for every phase that fires in ``rotations`` rotations and no moment."""
    st, out = start(cfg), []
    for _ in range(rotations):
        got = rotate(cfg, st)
        st = got.phases
        if got.fired is not None:
            out.append((got.fired, st.rotations))
    return tuple(out)


def ended(cfg: PhaseConfig, st: Phases, counts: Mapping[str, int] | None = None) -> bool:
    """Whether the game is over: without an ``End``, once every phase has fired;
    with one, once its phase has fired and ``counts[count]`` is at most its bound."""
    end = cfg.end
    if end is None:
        return st.next >= len(cfg.phases)
    if st.next <= [ph.name for ph in cfg.phases].index(end.after):
        return False
    if counts is None or end.count not in counts:
        raise IllegalActionError(f"the end reads the count {end.count!r}, which was not given")
    return counts[end.count] <= end.at_most
