"""The embedding API: :func:`new_game` and :class:`Game` (:func:`~pillars_rules.replay`,
which re-checks a log, lives with the saves in :mod:`pillars_rules.saves.savefile`).

A :class:`Game` is an immutable value: ``game.apply(action)`` returns a new
game and leaves the old one as it was. Internally games share one append-only
event list, so applying an action never copies the log.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import attrs

from . import limits
from .cardlang.cache import no_gc
from .cardlang.cardset import CardSet
from .cardlang.names import lookalike_problem, name_problem
from .engine import events as E
from .engine.actions import ACTION_TYPES
from .engine.context import ENGINE_VARIANTS, Rules, rules_for
from .engine.evolve import evolve
from .engine.legal import action_events, decide, legal_actions, run
from .engine.refusals import REASONS
from .engine.rng import MAX_SEED, SEED_BITS, secret_seed
from .engine.state import GameState, Pending
from .errors import (
    ConfigError,
    IllegalActionError,
    LimitError,
    PillarsError,
    PlayerCountError,
    StaleActionError,
    bounded,
    safe_repr,
)
from .saves.actions_json import action_repr
from .view import Redactions, SeatView, view
from .words.events import describe

#: Variant options of the base rules (RULES §2.3 and §8).
VARIANTS: dict[str, str] = {
    "dm": "PC-version builders: 2 builders per player in the bag, the third placed free at the end (§2.3)",
    "archbishop_one_craftsman": "PC-version Archbishop's statue: each player boosts one craftsman, not all (§8)",
}
#: Variant names that no longer exist, with what to do instead.
RETIRED_VARIANTS: dict[str, str] = {
    "archbishop_all_craftsmen": "its reading of the Archbishop's statue is the default since rules "
    "version 2 (§8); leave it out",
}
_ACTIONS = frozenset(ACTION_TYPES.values())
#: The base board's starting gold by seat (§1); a board's text sets its own ('starting gold').
START_GOLD = (20, 21, 22, 23)
#: Seat names when none are given: the colours of the pieces (seats 5 and 6: the expansion's).
DEFAULT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
#: Fewest and most seats any card set may play (a board's ``players`` line).
FEWEST_PLAYERS, MOST_PLAYERS = 2, limits.MOST_PLAYERS
#: Longest seat name :func:`new_game` and :func:`~pillars_rules.load` accept.
MAX_NAME_LENGTH = limits.MAX_SEAT_NAME_LENGTH


#: Card sets shipped with the library, by name: ``cards="expansion"`` (or
#: ``--cards expansion``) loads ``cards/expansion`` wherever the package is installed.
NAMED_SETS: tuple[str, ...] = ("expansion",)


def named_set_path(name: str) -> str:
    """The folder of the named set ``name`` (:data:`NAMED_SETS`), unless a
    file or folder of that name exists here (a path always wins); else ``name``."""
    if name in NAMED_SETS and not os.path.exists(name):
        from .cardlang import data

        return str(data.data_dir("cards") / name)
    return name


def _card_variants(cards: CardSet) -> set[str]:
    return {name for c in cards for name, _ in c.variants}


def load_cards(extra: CardSet | str | Sequence[str] | None = None) -> CardSet:
    """The base card set, plus ``extra`` cards (a CardSet or paths to ``.cards``
    files/folders); an extra card with a base card's id replaces it."""
    # the compiler's module, not the package: in the compiled build a function-level
    # ``from . import cardlang`` read the package as None (CI at c9461d5)
    from .cardlang.compiler import base_cards, load_paths

    base = base_cards()
    if extra is None:
        return base
    if isinstance(extra, CardSet):
        extra = _within_limits(extra, base)
    else:
        paths: list[Any]  # any value: each is checked below (a typed list would refuse a Path when compiled)
        if isinstance(extra, (str, os.PathLike)):
            paths = [extra]
        elif isinstance(extra, Iterable) and not isinstance(extra, (bytes, Mapping)):
            paths = list(itertools.islice(extra, limits.MAX_FILES + 1))  # it may be endless
        else:
            raise ConfigError(
                f"cards must be a CardSet or paths to .cards files or folders, not {type(extra).__name__}"
            )
        for p in paths:
            if not isinstance(p, (str, os.PathLike)):
                raise ConfigError(f"cards: a path must be a string, not {type(p).__name__}")
        paths = [named_set_path(p) if isinstance(p, str) else p for p in paths]
        if len(paths) > limits.MAX_FILES:
            raise ConfigError(f"cards: more than {limits.MAX_FILES} paths")
        # the merge formats every card canonically for the set's identity: a
        # burst of short-lived objects, like the compile, so the cyclic
        # collector waits for both (about a tenth of a 1 MiB file's cold load)
        with no_gc():
            extra = load_paths(paths, known=base)
            merged = base.merged(extra)
            # compiled from card files against the base cards: within the limits, so
            # handing this set (or its fan cards) back as a CardSet needs no second compile
            _checked(extra, base)
            _checked(merged, base)
        return merged
    return base.merged(extra)


_CHECKED: dict[tuple[str, str], bool] = {}


def _checked(cards: CardSet, base: CardSet) -> None:
    """Remember that ``cards`` (by identity: the same cards) keep the limits with ``base``."""
    key = (cards.identity, base.identity)
    _CHECKED.pop(key, None)
    while len(_CHECKED) >= 64:  # the oldest go first: a load's two sets (fan cards, merged) stay known together
        del _CHECKED[next(iter(_CHECKED))]
    _CHECKED[key] = True


def _within_limits(extra: CardSet, base: CardSet) -> CardSet:
    """``extra`` if card text could say the same: a set built from ``Card``
    objects skips the compiler, so its canonical text is compiled once (per
    identity) to hold it to the same limits and checks as card files."""
    from .cardlang import compile_text, format_cards

    key = (extra.identity, base.identity)
    if key not in _CHECKED:
        # the set's places too, in their order: the board is part of what it holds
        again = compile_text(format_cards((*extra.places, *extra.cards)), "<cards>", known=base)  # CardError if not
        if again.identity != extra.identity:
            raise ConfigError("cards: this CardSet holds cards that card text cannot express")
        _checked(extra, base)
    return extra


class Game:
    """One game: rules context, current state and the event log.

    Create with :func:`new_game`; never mutate. ``game.apply(action)`` returns
    the next game.
    """

    __slots__ = ("rules", "state", "_log", "_n", "_legal", "_redactions")

    def __init__(self, rules: Rules, state: GameState, log: list, n: int, redactions: Redactions | None = None) -> None:
        self.rules = rules
        self.state = state
        self._log = log
        self._n = n
        self._legal: list | None = None
        # what views reuse (pillars_rules.view.Redactions): shared by the games of one log
        self._redactions = redactions

    # ---------------------------------------------------------------- reading
    @property
    def events(self) -> tuple:
        """Every event so far, oldest first."""
        return tuple(self._log[: self._n])

    @property
    def n_events(self) -> int:
        return self._n

    def states(self) -> tuple[GameState, ...]:
        """The state after each event: ``game.states()[i]`` follows ``game.events[i]``
        (folded again from the log; the last one equals :attr:`state`)."""
        out = []
        state = None
        for e in self._log[: self._n]:
            state = evolve(state, e, self.rules)
            out.append(state)
        return tuple(out)

    def state_at(self, index: object) -> GameState:
        """The state right after ``events[index]`` (negative indexes count from the end)."""
        if isinstance(index, bool) or not isinstance(index, int) or not -self._n <= index < self._n:
            raise IndexError(f"no event {index!r} in a log of {self._n} events")
        assert type(index) is int
        index %= self._n
        state = evolve(None, self._log[0], self.rules)
        for e in self._log[1 : index + 1]:
            state = evolve(state, e, self.rules)
        return state

    @property
    def current_player(self) -> int | None:
        """The seat that must act, or ``None`` once the game is over."""
        p = self.state.pending
        return None if p is None or self.state.game_over else p.seat

    @property
    def pending(self) -> Pending | None:
        """What kind of decision is pending and whose (a :class:`Pending`), or ``None``."""
        return None if self.state.game_over else self.state.pending

    @property
    def is_over(self) -> bool:
        return self.state.game_over

    @property
    def unfinishable(self) -> bool:
        """True when the game can never end: it is not over and every legal
        action would take it past :data:`limits.MAX_EVENTS` (each raises
        :class:`LimitError`). No card set within the limits makes one (see
        :func:`pillars_rules.limits.event_bound`); a log replayed without
        verification or a lowered limit can."""
        if self.state.game_over:
            return False
        room = limits.MAX_EVENTS - self._n
        if room >= limits.event_bound(self.state.n_players)["total"]:
            return False  # no action adds more than a whole game's worth of events
        for action in self._listed():
            events, _ = run(self.state, self.rules, action_events(self.state, self.rules, action))
            if len(events) <= room:
                return False
        return True

    @property
    def decision(self) -> int:
        """The number of the pending decision (the move token): each applied
        action moves it on by exactly one. A client sends it back with its
        action (``apply(..., expect=n)``) so a stale or repeated message is refused."""
        return self.state.decision

    def legal_actions(self) -> list:
        """All legal actions of :attr:`current_player` (empty once the game is over)."""
        return list(self._listed())

    def _listed(self) -> list:
        """The cached listing itself (callers must not change it)."""
        if self._legal is None:
            self._legal = legal_actions(self.state, self.rules)
        return self._legal

    # ---------------------------------------------------------------- acting
    # The arguments come from clients: typed ``object``, so the compiled build
    # lets any value reach the checks below (and their typed refusals).
    def apply(self, action: Any, seat: object = None, expect: object = None) -> Game:
        """The game after ``action``. Raises :class:`IllegalActionError` (this game
        is unchanged). Pass ``seat`` to check that the action comes from the seat
        whose turn it is, and ``expect`` (the :attr:`decision` the sender saw) to
        refuse a stale or repeated message with :class:`StaleActionError` (a
        server receiving actions from clients should pass both)."""
        if expect is not None and (type(expect) is not int or expect != self.state.decision):
            if type(expect) is not int:
                raise IllegalActionError(
                    f"the decision number must be a whole number, not {type(expect).__name__}", action
                )
            raise StaleActionError(expect, self.state.decision, action)
        state = self.state
        if state.game_over:
            raise IllegalActionError(REASONS["game_over"], action)
        pend = state.pending
        if seat is not None and (type(seat) is not int or pend is None or seat != pend.seat):
            if pend is None:  # a log folded without verification may stop between decisions
                raise IllegalActionError(REASONS["no_decision"], action)
            raise IllegalActionError(
                f"it is not seat {safe_repr(seat, 24)}'s turn; seat {pend.seat} "
                f"({state.players[pend.seat].name}) must decide '{pend.kind}'",
                action,
            )
        legal = self._listed()
        for listed in legal:  # the fast path: the very object the listing made
            if listed is action:
                # (a listed action failing would be an engine defect: never hidden)
                events, state = run(state, self.rules, action_events(state, self.rules, action))
                return self._extend(events, state)
        if type(action) in _ACTIONS:
            label = action.label
            if type(label) is not str or label:
                # a client's label is never echoed in a reason (nor kept: the listed action is)
                action = attrs.evolve(action, label="")
        try:
            events, state = decide(self.state, self.rules, action, legal)
        except IllegalActionError:  # a ValueError too: keep its own reason
            raise
        except Exception as exc:  # malformed values: huge ints, an __eq__ or __repr__ that raises...
            raise IllegalActionError(
                f"malformed action {action_repr(action)}: {type(exc).__name__}: {bounded(exc, 100)}", action
            ) from None
        return self._extend(events, state)

    def state_after(self, action: Any) -> GameState:
        """The state :meth:`apply` would give for ``action``, without making the
        next game (its log is not copied): for a search that only weighs the
        position one action ahead. ``action`` is best one of
        :meth:`legal_actions` (the very object); any other is checked, and
        refused, as :meth:`apply` checks it."""
        state = self.state
        if not state.game_over:
            for listed in self._listed():
                if listed is action:
                    events, after = run(state, self.rules, action_events(state, self.rules, action))
                    if self._n + len(events) > limits.MAX_EVENTS:
                        _check_length(self._n + len(events))
                    return after
        return self.apply(action).state

    def _extend(self, events: list, state: GameState) -> Game:
        if self._n + len(events) > limits.MAX_EVENTS:
            _check_length(self._n + len(events))
        log, red = self._log, self._redactions
        if len(log) != self._n:  # branching from an older game: copy the shared prefix
            log = log[: self._n]
            red = red.branch(self._n) if red is not None else None
        log.extend(events)
        return Game(self.rules, state, log, len(log), red)

    # ---------------------------------------------------------------- results
    def scores(self) -> list[tuple[int, int]]:
        """(VP, gold) per seat."""
        return [(p.vp, p.gold) for p in self.state.players]

    def ranking(self) -> list[list[int]]:
        """Seats grouped by final place: most VP, then most gold; ties share a place (§2.6)."""
        order = sorted(
            range(self.state.n_players), key=lambda s: (-self.state.players[s].vp, -self.state.players[s].gold)
        )
        groups: list[list[int]] = []
        for seat in order:
            key = (self.state.players[seat].vp, self.state.players[seat].gold)
            if groups and (self.state.players[groups[-1][0]].vp, self.state.players[groups[-1][0]].gold) == key:
                groups[-1].append(seat)
            else:
                groups.append([seat])
        return groups

    def winners(self) -> list[int]:
        return self.ranking()[0]

    def view(self, seat: object) -> SeatView:
        """What ``seat`` may know (see :mod:`pillars_rules.view`); ``None``: a spectator."""
        return view(self, seat)

    def export(self, seat: object) -> str:
        """The game as ``seat`` may know it, as JSON text for that seat's client
        (see :func:`pillars_rules.view.export`; ``None``: a spectator's): safe
        to send, unlike a :func:`~pillars_rules.save`, which holds the seed."""
        from .view import export

        return export(self.view(seat))

    def describe(self, event) -> str:
        """An English sentence for ``event``."""
        return describe(event, _Namer(self))

    def narrate(self, include_control: bool = False) -> list[str]:
        """Every event as an English sentence (control events skipped by default)."""
        namer = _Namer(self)
        return [describe(e, namer) for e in self.events if include_control or not isinstance(e, E.CONTROL_EVENTS)]

    # ---------------------------------------------------------------- values
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return (
            self.state == other.state
            and self._n == other._n
            and self.rules.content_hash == other.rules.content_hash
            and self.events == other.events
        )

    def __hash__(self) -> int:
        return hash((self._n, self.state.round, self.state.stage))

    def __repr__(self) -> str:
        s = self.state
        who = "over" if s.game_over else (f"seat {s.pending.seat} to {s.pending.kind}" if s.pending else "running")
        return f"<Game round {s.round} {s.stage} {s.step} {who}, {self._n} events>"


class _Namer:
    def __init__(self, game: Game) -> None:
        self._game = game

    def seat(self, seat: int) -> str:
        return self._game.state.players[seat].name

    def card(self, card_id: str) -> str:
        layout = self._game.rules.layout
        if card_id in layout.called or card_id == "round_start":  # a reason that is a step, e.g. "wool_mill"
            return layout.words(card_id)
        return self._game.rules.name(card_id)

    def place(self, key: str) -> str:
        return self._game.rules.layout.words(key)

    def option(self, card_id: str, index: int) -> str:
        """What option ``index`` of the one choose-one ability of ``card_id`` gives,
        in words (``ChoiceMade``); "" when the card has no such ability or several."""
        from .cardlang.effects import ChooseOne, peel
        from .cardlang.render import instant

        rules = self._game.rules
        if card_id not in rules.by_id:  # the cards, and a board with set-up rules
            return ""  # a place's spot (France), a player chosen, a loan: said by the next events
        found = [
            e
            for e in (
                peel(getattr(a, "effect"))
                for a in rules.card(card_id).abilities
                if getattr(a, "effect", None) is not None
            )
            if isinstance(e, ChooseOne)
        ]
        if len(found) != 1 or not 0 <= index < len(found[0].options):
            return ""
        return instant(found[0].options[index])

    def change(self, card_id: str, ability: int, option: int) -> str:
        """What a granted modifier does, in words (``ModifierGranted``)."""
        from .cardlang.render import modifier

        return modifier(self._game.rules.granted_modifier(card_id, ability, option))


def _check_variants(variants: Iterable[str], cards: CardSet) -> tuple[str, ...]:
    if isinstance(variants, (str, bytes)) or not isinstance(variants, (Iterable, Mapping)):
        raise ConfigError(f"variants must be a list of names, not {type(variants).__name__}")
    if isinstance(variants, Mapping):
        variants = [k for k, v in variants.items() if v]
    variants = tuple(itertools.islice(variants, 65))
    if len(variants) > 64 or not all(type(v) is str and len(v) <= limits.MAX_NAME_LENGTH for v in variants):
        raise ConfigError(
            f"variants must be a few names of at most {limits.MAX_NAME_LENGTH} "
            f"characters, not {safe_repr(variants, 80)}"
        )
    variants = tuple(sorted(set(variants)))
    known = set(VARIANTS) | set(ENGINE_VARIANTS) | _card_variants(cards)
    for v in variants:
        if v not in known and v in RETIRED_VARIANTS:
            raise ConfigError(f"variant {v!r} was retired: {RETIRED_VARIANTS[v]}")
        if v not in known:
            import difflib

            # the engine's own variants (rules_v3: old saves) are accepted but not offered
            offered = sorted(set(VARIANTS) | _card_variants(cards))
            near = difflib.get_close_matches(v, offered, n=1, cutoff=0.4)
            hint = f" -- did you mean {near[0]!r}?" if near else ""
            raise ConfigError(f"unknown variant {safe_repr(v)}{hint} (known: {', '.join(offered)})")
    return variants


def new_game(
    players: object = 4,
    seed: object = None,
    *,
    names: Sequence[str] | None = None,
    variants: Iterable[str] | Mapping[str, bool] = (),
    cards: CardSet | str | Sequence[str] | None = None,
) -> Game:
    """A new game for ``players`` seats: 2 to 6, as the card set's board allows
    (the base set plays 2, 3 or 4; ``cards="expansion"`` 2 to 6).

    ``seed`` decides every random outcome: a whole number from 0 to
    ``2**128 - 1``; without one, 128 bits are drawn from :mod:`secrets`
    (never the clock). The seed is recorded in the game's first event, so a
    save holds it: keep saves on the server. ``names`` the seat names;
    ``variants`` switches on variant options (:data:`VARIANTS`, or variants
    defined by card files); ``cards`` adds fan cards (a :class:`CardSet` or
    paths to ``.cards`` files), replacing base cards with the same id.

    >>> import pillars_rules as pr
    >>> game = pr.new_game(players=3, seed=7)
    >>> game.state.round, game.current_player
    (1, 0)
    """
    try:
        return _new_game(players, seed, names, variants, cards)
    except PillarsError:
        raise
    except Exception as exc:  # hostile arguments: objects whose __eq__ or __iter__ raises...
        raise ConfigError(f"bad arguments to new_game: {type(exc).__name__}: {bounded(exc, 150)}") from None


def check_names(names: object, players: int) -> tuple[str, ...]:
    """``names`` as a tuple of ``players`` valid, distinct seat names
    (:func:`~pillars_rules.cardlang.names.name_problem`), or :class:`ConfigError`."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise ConfigError(f"names must be a list of {players} strings, not {type(names).__name__}")
    got = tuple(itertools.islice(names, players + 1))  # never more: it may be endless
    if len(got) != players:
        raise ConfigError(f"names must be {players} strings, not {'more' if len(got) > players else len(got)}")
    for i, n in enumerate(got):
        why = name_problem(n, MAX_NAME_LENGTH)
        if why:
            raise ConfigError(f"names[{i}]: {why}")
    if len(set(got)) != len(got):
        raise ConfigError(f"names must differ, got {safe_repr(got, 200)}")
    alike = lookalike_problem(got)
    if alike:
        raise ConfigError(f"seat names must not look alike: {alike}")
    return got


def _new_game(players: object, seed: object, names: Any, variants: Any, cards: Any) -> Game:
    rules, names, seed = prepare(players, seed, names, variants, cards)
    return _start(rules, names, seed)


def prepare(
    players: object,
    seed: object,
    names: Sequence[str] | None,
    variants: Iterable[str] | Mapping[str, bool],
    cards: CardSet | str | Sequence[str] | None,
) -> tuple[Rules, tuple[str, ...], int]:
    """Check :func:`new_game`'s arguments: the rules context, the seat names and
    the seed (a secret one if ``None``)."""
    if type(players) is not int or not FEWEST_PLAYERS <= players <= MOST_PLAYERS:
        raise ConfigError(
            f"players must be a whole number from {FEWEST_PLAYERS} to {MOST_PLAYERS} "
            f"(as the card set allows), not {safe_repr(players)}"
        )
    if seed is None:
        seed = secret_seed()
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"seed must be a whole number from 0 to 2**{SEED_BITS}-1, not {safe_repr(seed)}")
    cardset = load_cards(cards)
    check_players(players, cardset)
    names = check_names(DEFAULT_NAMES[:players] if names is None else names, players)
    chosen = _check_variants(variants, cardset)
    return rules_for(cardset, chosen), names, seed


def counts_text(counts: Sequence[int]) -> str:
    """``(2, 3, 4)`` as "2, 3 or 4"; a longer run as "2 to 6"."""
    counts = list(counts)
    if len(counts) > 3:
        return f"{counts[0]} to {counts[-1]}"
    return str(counts[0]) if len(counts) == 1 else f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}"


def set_name(cards: CardSet) -> str:
    """How messages name a card set: its board card ("base", "The Pillars of the Earth")."""
    for c in cards.places:
        if c.kind == "board":
            return f"'{c.id}' ({c.name})"
    return "'base' (The Pillars of the Earth)"


def check_players(players: int, cards: CardSet) -> None:
    """Refuse a seat count the card set does not play (:class:`PlayerCountError`)."""
    allowed = cards.board.spec.players
    if players not in allowed:
        hint = "; the expansion (--cards expansion) plays 2 to 6" if allowed[-1] == 4 < players else ""
        raise PlayerCountError(
            f"players must be {counts_text(allowed)} with the card set {set_name(cards)}, not {players}{hint}",
            players,
            allowed,
        )


def game_started(rules: Rules, names: tuple[str, ...], seed: int) -> E.GameStarted:
    """The first event of every game (§1)."""
    return E.GameStarted(
        names=names,
        seed=seed,
        variants=rules.variants,
        card_hash=rules.content_hash,
        starting_craftsmen=rules.starting_craftsmen,
        gold=rules.layout.starting_gold[: len(names)],
        vp=rules.layout.board.spec.starting_vp,
    )


def _start(rules: Rules, names: tuple[str, ...], seed: int) -> Game:
    started = game_started(rules, names, seed)
    state = evolve(None, started, rules)
    events, state = run(state, rules, [])
    if 1 + len(events) > limits.MAX_EVENTS:
        raise LimitError(
            f"setting up this game takes {1 + len(events)} events; the limit is "
            f"{limits.MAX_EVENTS} (pillars_rules.limits.MAX_EVENTS)",
            1 + len(events),
            limits.MAX_EVENTS,
        )
    return Game(rules, state, [started] + events, 1 + len(events))


def _check_length(n: int) -> None:
    """Refuse an action that would take a game's log past :data:`limits.MAX_EVENTS`."""
    if n > limits.MAX_EVENTS:
        raise LimitError(
            f"this action would take the game to {n} events; "
            f"the limit is {limits.MAX_EVENTS} (pillars_rules.limits.MAX_EVENTS)",
            n,
            limits.MAX_EVENTS,
        )


#: A playout policy: ``policy(state, legal) -> index`` into ``legal`` (the
#: actions :func:`legal_actions` lists for ``state.pending.seat``).
Policy = Callable[[GameState, list], int]


def uniform_policy(seed: int | None) -> Policy:
    """The default playout policy: a uniformly random legal action (``random.Random(seed)``)."""
    randrange = random.Random(seed).randrange

    def choose(state: GameState, legal: list) -> int:
        return randrange(len(legal))

    return choose


def playout(
    game: Game,
    policy: Policy | None = None,
    *,
    seed: int | None = None,
    max_actions: object = None,
    until: Callable[[GameState], bool] | None = None,
) -> Game:
    """``game`` played on to the end, each decision made by ``policy(state,
    legal)``, which returns the index of the chosen action in ``legal``; by
    default a uniformly random one (``random.Random(seed)``). It stops earlier
    after ``max_actions`` decisions, or at the first decision whose state
    satisfies ``until(state)`` (asked before every decision, the first one
    included), e.g. ``until=lambda s: s.round > 3`` stops at round 4's first
    decision.

    This is the fast path for simulations and search: no :class:`Game` is made
    per step and a listed action is not validated again (it comes from the
    rules' own list); the rules, events and log are exactly those of
    :meth:`Game.apply`, so the result equals applying the same actions one by
    one. A policy that returns anything but an index into ``legal`` raises
    :class:`IllegalActionError`; ``game`` itself is never changed.

    >>> import pillars_rules as pr
    >>> end = pr.playout(pr.new_game(players=2, seed=3), seed=1)
    >>> end.is_over and pr.replay(end.events) == end
    True
    """
    # the policy is the caller's: its answer may be anything, and is checked below
    choose: Callable[[GameState, list], object] = uniform_policy(seed) if policy is None else policy
    rules, state = game.rules, game.state
    red = game._redactions
    if len(game._log) == game._n:
        log = game._log
    else:
        log, red = game._log[: game._n], red.branch(game._n) if red is not None else None
    n = 0
    while not state.game_over and (max_actions is None or n < max_actions):  # type: ignore[operator]
        if until is not None and until(state):
            break
        legal = legal_actions(state, rules)
        i = choose(state, legal)
        if type(i) is not int or not 0 <= i < len(legal):
            raise IllegalActionError(
                f"the playout policy must return an index from 0 to {len(legal) - 1}, not {i!r:.60}"
            )
        events, state = run(state, rules, action_events(state, rules, legal[i]))
        _check_length(len(log) + len(events))
        log.extend(events)
        n += 1
    return Game(rules, state, log, len(log), red)


__all__ = ["Game", "new_game", "playout", "Policy", "load_cards", "VARIANTS"]
