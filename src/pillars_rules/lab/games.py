"""One simulated game as a pure function: :class:`GameSpec` + game index -> record.

A :class:`GameSpec` names everything a game depends on -- the card set (its
extra card *texts*, so a remote worker needs no files), variants, player
count, bot mix, first seed and whether bots rotate through the seats.
:func:`play_game` plays game ``index`` of a spec and returns a small,
JSON-ready record; the same spec and index give the same record on any
machine and under any executor.

>>> spec = GameSpec(players=2, bots=("random",), seed=5)
>>> rec = play_game(spec, 0)
>>> rec["seed"], len(rec["seats"]), rec == play_game(spec, 0)
(5, 2, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attrs
from attrs import field, frozen

import pillars_rules as pr
from pillars_rules.bots import make_bot

from ..games.pillars import load_cards

#: The games the lab plays (their registered names); Pillars' is the default.
PILLARS_GAME = "pillars"
GAMES = (PILLARS_GAME, "ora-et-labora")

#: Format of a game record; bump when its fields change (resume refuses others).
RECORD_VERSION = 2
#: A game that needs more decisions than this is a bug in a bot or the rules.
MAX_DECISIONS = 100_000


def names_tuple(value: Iterable[str]) -> tuple[str, ...]:  # converter=tuple, typed (mypy's attrs plugin)
    return tuple(value)


def _tuple(value) -> tuple:
    return tuple(tuple(v) if isinstance(v, list) else v for v in value)


@frozen
class GameSpec:
    """What a run of games depends on (see :func:`play_game`).

    ``sources`` are the extra card files as ``(name, text)`` pairs (on top of
    the base set, see :func:`read_cards`); ``card_hash`` is the content hash
    of the whole card set (filled in by :func:`read_cards`, checked by every
    worker). Game ``i`` uses seed ``seed + i``; with ``rotate`` the bot mix
    shifts one seat per game, so every bot plays every seat equally often.

    ``targets`` are the cards whose causal value every game measures (each
    game then branches at every moment a seat can take one of them, see
    :mod:`.causal`), and ``gold`` the gift in gold of the gold scale; with
    ``scale`` a game without targets measures the gold scale too (in round
    ``1 + index % 6``). ``without`` names cards left out of the set (to judge
    a base event by the game without it).
    """

    players: int = 4
    bots: tuple[str, ...] = field(default=("heuristic",), converter=names_tuple)
    seed: int = 1
    variants: tuple[str, ...] = field(default=(), converter=lambda v: tuple(sorted(v)))
    sources: tuple[tuple[str, str], ...] = field(default=(), converter=_tuple)
    card_hash: str = ""
    rotate: bool = True
    targets: tuple[str, ...] = field(default=(), converter=names_tuple)
    gold: int = 6
    scale: bool = False
    without: tuple[str, ...] = field(default=(), converter=names_tuple)
    #: the game played: ``"pillars"`` or ``"ora-et-labora"`` (:mod:`pillars_rules.lab.ora`)
    game: str = PILLARS_GAME

    def bots_for(self, index: int) -> tuple[str, ...]:
        """The bot name of each seat in game ``index``."""
        mix, shift = self.bots, (index if self.rotate else 0)
        return tuple(mix[(seat + shift) % len(mix)] for seat in range(self.players))

    def to_dict(self) -> dict:
        return {
            "players": self.players,
            "bots": list(self.bots),
            "seed": self.seed,
            "variants": list(self.variants),
            "sources": [list(s) for s in self.sources],
            "card_hash": self.card_hash,
            "rotate": self.rotate,
            "targets": list(self.targets),
            "gold": self.gold,
            "scale": self.scale,
            "without": list(self.without),
            # Pillars' specs stay as they were written before Ora joined (result files resume)
            **({} if self.game == PILLARS_GAME else {"game": self.game}),
        }

    @classmethod
    def from_dict(cls, data: dict) -> GameSpec:
        return cls(**data)

    def check(self) -> GameSpec:
        """Fail early, in the caller, on what would fail in every game: the player
        count, the variants, the card texts and unknown bot names
        (:class:`~pillars_rules.errors.ConfigError`/:class:`~pillars_rules.errors.CardError`)."""
        if not self.bots:
            raise pr.ConfigError("the bot mix is empty; name at least one bot")
        if self.game not in GAMES:
            raise pr.ConfigError(f"the balance lab plays {' and '.join(GAMES)}, not {self.game!r:.40}")
        if self.game != PILLARS_GAME:
            return _check_ora(self)
        for name in dict.fromkeys(self.bots):
            make_bot(name, 0)
        cards = cardset(self)
        pr.new_game(self.players, self.seed, variants=self.variants, cards=cards)
        from .moments import TAKEN_KINDS

        for card in self.targets:
            if card not in cards:
                raise pr.ConfigError(f"no card {card!r} in the run's card set")
            if cards[card].kind not in TAKEN_KINDS or (cards[card].kind == "craftsman" and not cards[card].round):
                raise pr.ConfigError(
                    f"{card!r} is never taken (a {cards[card].kind}"
                    f"{' every seat starts with' if cards[card].kind == 'craftsman' else ''}); "
                    "events are judged by an A/B of card sets"
                )
        if self.targets and not 1 <= self.gold <= 30:
            raise pr.ConfigError(f"the gold gift must be 1 to 30 gold, not {self.gold}")
        return self


def _check_ora(spec: GameSpec) -> GameSpec:
    from . import ora

    for name in dict.fromkeys(spec.bots):
        make_bot(name, 0, game=ora.GAME)
    ora.check_targets(ora.cardset(spec), spec.targets, spec.players, spec.variants)
    if spec.without:
        raise pr.ConfigError("an Ora run cannot leave a card out (events are Pillars')")
    if (spec.targets or spec.scale) and not 1 <= spec.gold <= 30:
        raise pr.ConfigError(f"the coin gift must be 1 to 30 coins, not {spec.gold}")
    return spec


_CARDSETS: dict[tuple, pr.CardSet] = {}


def _compiled(sources: tuple) -> pr.CardSet:
    """The base set plus ``sources`` (compiled once per process)."""
    cards = _CARDSETS.get(sources)
    if cards is None:
        from pillars_rules.cardlang import compile_text

        cards = load_cards()
        for name, text in sources:  # one file at a time, each may use the earlier ones
            cards = cards.merged(compile_text(text, file=name, known=cards))
        if len(_CARDSETS) >= 64:  # a tune run makes a set per value: keep the cache small
            _CARDSETS.clear()
        _CARDSETS[sources] = cards
    return cards


def cardset(spec: GameSpec) -> Any:
    """The spec's whole card set (without the cards of ``spec.without``),
    compiled once per process and checked against ``spec.card_hash`` (an Ora
    spec's: :class:`.ora.OraCards`)."""
    if spec.game != PILLARS_GAME:
        from . import ora

        return ora.cardset(spec)
    cards = _compiled(spec.sources)
    if spec.card_hash and cards.content_hash != spec.card_hash:
        raise pr.ConfigError(
            f"card set differs from the run's: hash {cards.content_hash[:12]} != {spec.card_hash[:12]}"
        )
    if spec.without:
        missing = [c for c in spec.without if c not in cards]
        if missing:
            raise pr.ConfigError(f"cannot leave out {', '.join(missing)}: no such card in the set")
        full, key = cards, (spec.sources, spec.without)
        kept = _CARDSETS.get(key)
        if kept is None:
            kept = _CARDSETS[key] = pr.CardSet(
                tuple(c for c in full if c.id not in spec.without), full.sources, full.places
            )
        cards = kept
    return cards


def seal(spec: GameSpec) -> GameSpec:
    """``spec`` with ``card_hash`` filled in (every worker checks its card set against it)."""
    if spec.game != PILLARS_GAME:
        from . import ora

        return attrs.evolve(spec, card_hash=ora.compiled(spec.sources).content_hash)
    return attrs.evolve(spec, card_hash=_compiled(spec.sources).content_hash)


def read_sources(paths: Sequence[str | Path]) -> tuple[tuple[str, str], ...]:
    """The ``(name, text)`` sources of card files and folders (every ``*.cards``
    inside, sorted), read as card files are (:mod:`pillars_rules.cardlang.files`:
    regular files only, size-limited) and compiled on top of the base set, each
    on the earlier ones. A missing, unreadable or bad file raises
    :class:`~pillars_rules.errors.ConfigError` or
    :class:`~pillars_rules.errors.CardError` naming it. A shipped set's name
    (``expansion``) stands for its folder, from any folder."""
    from pillars_rules.cardlang import files
    from pillars_rules.games.pillars import named_set_path

    paths = [named_set_path(str(p)) for p in paths]
    found, problems = files.expand(paths)
    for p in map(Path, paths):
        if p.is_dir() and not any(name for name, f in found if Path(name).is_relative_to(p)) and not problems:
            raise pr.ConfigError(f"{p}: no *.cards files in this folder")
    if problems:
        d = problems[0]
        raise pr.ConfigError(f"{d.file}: {d.message}")
    sources = []
    for name, f in found:
        try:
            sources.append((name, files.read_one(f)))
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise pr.ConfigError(f"{name}: cannot read card file ({exc.__class__.__name__}: {exc})") from None
    _compiled(tuple(sources))  # CardError here, in the caller, not in every worker
    return tuple(sources)


def read_cards(paths: Sequence[str | Path]) -> tuple[tuple[tuple[str, str], ...], str]:
    """:func:`read_sources` and the content hash of the base set plus them."""
    sources = read_sources(paths)
    return sources, _compiled(sources).content_hash


def _cards_taken(game: pr.Game) -> list[dict[str, int]]:
    """Per seat: card id -> round it was first taken (0: a starting craftsman)."""
    ev = pr.events
    taken: list[dict[str, int]] = [{} for _ in game.state.players]
    rnd = 0
    for e in game.events:
        if isinstance(e, ev.GameStarted):
            for seat_cards in taken:
                seat_cards.update(dict.fromkeys(e.starting_craftsmen, 0))
        elif isinstance(e, ev.RoundStarted):
            rnd = e.round
        elif isinstance(e, ev.PositionSet):  # a re-opened game (lab.transfer): its holdings so far
            rnd = e.round
            for seat_cards, p in zip(taken, e.players):
                seat_cards.update(dict.fromkeys(p.craftsmen + p.privileges, 0))
        elif isinstance(e, (ev.CraftsmanHired, ev.PrivilegeTaken)):
            taken[e.seat].setdefault(e.card, rnd)
    return taken


def make_bots(names: Sequence[str], seed: int) -> list:
    """One bot per seat, seat ``s`` seeded ``seed * 8 + s``."""
    return [make_bot(name, seed * 8 + seat) for seat, name in enumerate(names)]


class Trace:
    """What :func:`drive` counts while it plays: decisions, legal actions per
    decision (the branching factor) and every seat's VP after each round."""

    __slots__ = ("decisions", "choices", "vp_rounds")

    def __init__(self, players: int) -> None:
        self.decisions = 0
        self.choices = 0
        self.vp_rounds: list[list[int]] = [[] for _ in range(players)]


def drive(game: pr.Game, bots: Sequence, trace: Trace | None = None, hook=None) -> pr.Game:
    """Play ``game`` to the end with ``bots`` (one per seat). ``hook(game)``,
    if given, is called at every decision before the bot is asked (it may
    look, not change). Raises :class:`~pillars_rules.errors.LimitError` when
    the game hits a budget of the library (the caller records it as aborted)
    and :class:`~pillars_rules.errors.PillarsError` after
    :data:`MAX_DECISIONS` decisions."""
    rnd = game.state.round
    decisions = 0
    while not game.is_over:
        if hook is not None:
            hook(game)
        seat = game.current_player
        assert seat is not None  # a game not over waits on a seat
        view = game.view(seat)
        if trace is not None:
            trace.choices += len(view.legal_actions)
        game = game.apply(bots[seat](view), seat=seat)
        decisions += 1
        if trace is not None and (game.state.round != rnd or game.is_over):
            for s, p in enumerate(game.state.players):
                trace.vp_rounds[s].append(p.vp)
        rnd = game.state.round
        if decisions > MAX_DECISIONS:
            raise pr.PillarsError(f"game (seed {game.state.fixed.seed}) did not end after {MAX_DECISIONS} decisions")
    if trace is not None:
        trace.decisions += decisions
    return game


def outcome(game: pr.Game) -> list[dict]:
    """Per seat of a finished game: ``vp``, ``gold``, ``rank`` (1 = first; ties
    share) and ``win`` (share of the win: 1, 1/2 for a two-way tie, 0)."""
    ranking = game.ranking()
    winners = ranking[0]
    rank: dict[int, int] = {}
    place = 1
    for group in ranking:
        rank.update(dict.fromkeys(group, place))
        place += len(group)
    return [
        {"vp": p.vp, "gold": p.gold, "rank": rank[s], "win": (1 / len(winners)) if s in winners else 0.0}
        for s, p in enumerate(game.state.players)
    ]


def aborted(index: int, seed: int, names: Sequence[str], exc: Exception) -> dict:
    """The record of a game that hit a budget (:class:`~pillars_rules.errors.LimitError`):
    counted in the report, left out of every statistic."""
    return {"i": index, "seed": seed, "bots": list(names), "aborted": str(exc).splitlines()[0][:300]}


def game_record(index: int, seed: int, names: Sequence[str], game: pr.Game, trace: Trace) -> dict:
    """The record of a finished game (see :func:`play_game`)."""
    taken = _cards_taken(game)
    seats = []
    for s, (p, o) in enumerate(zip(game.state.players, outcome(game))):
        seats.append(
            {**o, "cards": taken[s], "held": sorted(p.craftsmen + p.privileges), "vp_rounds": trace.vp_rounds[s]}
        )
    drawn = [e.card for e in game.events if isinstance(e, pr.events.EventRevealed)]
    return {
        "i": index,
        "seed": seed,
        "bots": list(names),
        "winners": list(game.ranking()[0]),
        "events": game.n_events,
        "drawn": drawn,
        "decisions": trace.decisions,
        "choices": trace.choices,
        "rounds": game.state.round,
        "seats": seats,
    }


def play_game(spec: GameSpec, index: int) -> dict:
    """Play game ``index`` of ``spec`` and return its record:

    ``i``, ``seed``, ``bots`` (per seat), ``winners``, ``events`` (log length),
    ``drawn`` (the event cards revealed, in order),
    ``decisions`` (actions taken), ``choices`` (legal actions summed over the
    decisions: ``choices / decisions`` is the branching factor), ``rounds``,
    and per seat in ``seats``: final ``vp``, ``gold``, ``rank`` (1 = first;
    ties share), ``win`` (share of the win: 1, 1/2 for a two-way tie, 0),
    ``cards`` (id -> round first taken, starting craftsmen round 0), ``held``
    (cards held at the end) and ``vp_rounds`` (VP after each round).

    A game that hits a budget of the library (:class:`~pillars_rules.errors.LimitError`,
    e.g. a card set that floods the event log) gives the record of
    :func:`aborted` instead: ``i``, ``seed``, ``bots`` and ``aborted`` (why).
    An Ora spec's record (:func:`.ora.play_game`) has the same fields: ``vp``
    holds its points, ``gold`` its coins, ``cards`` the buildings built."""
    if spec.game != PILLARS_GAME:
        from . import ora

        return ora.play_game(spec, index)
    seed = spec.seed + index
    names = spec.bots_for(index)
    trace = Trace(spec.players)
    try:
        game = pr.new_game(spec.players, seed, variants=spec.variants, cards=cardset(spec))
        game = drive(game, make_bots(names, seed), trace)
    except pr.LimitError as exc:
        return aborted(index, seed, names, exc)
    return game_record(index, seed, names, game, trace)
