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

from pathlib import Path
from typing import Sequence

from attrs import field, frozen

import pillars_rules as pr
from pillars_rules.bots import make_bot

#: Format of a game record; bump when its fields change (resume refuses others).
RECORD_VERSION = 1
#: A game that needs more decisions than this is a bug in a bot or the rules.
MAX_DECISIONS = 100_000


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
    """

    players: int = 4
    bots: tuple[str, ...] = field(default=("heuristic",), converter=tuple)
    seed: int = 1
    variants: tuple[str, ...] = field(default=(), converter=lambda v: tuple(sorted(v)))
    sources: tuple[tuple[str, str], ...] = field(default=(), converter=_tuple)
    card_hash: str = ""
    rotate: bool = True

    def bots_for(self, index: int) -> tuple[str, ...]:
        """The bot name of each seat in game ``index``."""
        mix, shift = self.bots, (index if self.rotate else 0)
        return tuple(mix[(seat + shift) % len(mix)] for seat in range(self.players))

    def to_dict(self) -> dict:
        return {"players": self.players, "bots": list(self.bots), "seed": self.seed,
                "variants": list(self.variants), "sources": [list(s) for s in self.sources],
                "card_hash": self.card_hash, "rotate": self.rotate}

    @classmethod
    def from_dict(cls, data: dict) -> "GameSpec":
        return cls(**data)

    def check(self) -> "GameSpec":
        """Fail early, in the caller, on what would fail in every game: the player
        count, the variants, the card texts and unknown bot names
        (:class:`~pillars_rules.errors.ConfigError`/:class:`~pillars_rules.errors.CardError`)."""
        if not self.bots:
            raise pr.ConfigError("the bot mix is empty; name at least one bot")
        for name in dict.fromkeys(self.bots):
            make_bot(name, 0)
        pr.new_game(self.players, self.seed, variants=self.variants, cards=cardset(self))
        return self


_CARDSETS: dict[tuple, pr.CardSet] = {}


def cardset(spec: GameSpec) -> pr.CardSet:
    """The spec's whole card set, compiled once per process and checked
    against ``spec.card_hash``."""
    key = spec.sources
    cards = _CARDSETS.get(key)
    if cards is None:
        from pillars_rules.cardlang import compile_text

        cards = pr.load_cards()
        for name, text in spec.sources:  # one file at a time, each may use the earlier ones
            cards = cards.merged(compile_text(text, file=name, known=cards))
        _CARDSETS[key] = cards
    if spec.card_hash and cards.content_hash != spec.card_hash:
        raise pr.ConfigError(f"card set differs from the run's: hash {cards.content_hash[:12]} "
                             f"!= {spec.card_hash[:12]}")
    return cards


def read_cards(paths: Sequence[str | Path]) -> tuple[tuple[tuple[str, str], ...], str]:
    """The ``(name, text)`` sources of card files and folders (every ``*.cards``
    inside, sorted) and the content hash of the base set plus them.

    An unreadable path or bad card text raises
    :class:`~pillars_rules.errors.CardError` or
    :class:`~pillars_rules.errors.ConfigError` naming it."""
    files: list[Path] = []
    for p in map(Path, paths):
        if p.is_dir():
            found = sorted(p.rglob("*.cards"))
            if not found:
                raise pr.ConfigError(f"{p}: no *.cards files in this folder")
            files.extend(found)
        elif p.is_file():
            files.append(p)
        else:
            raise pr.ConfigError(f"{p}: no such card file or folder")
    sources = []
    for f in files:
        try:
            sources.append((str(f), f.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError) as exc:
            raise pr.ConfigError(f"{f}: cannot read card file ({exc.__class__.__name__}: {exc})") from None
    spec = GameSpec(players=2, bots=("random",), sources=tuple(sources))
    return spec.sources, cardset(spec).content_hash


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
        elif isinstance(e, (ev.CraftsmanHired, ev.PrivilegeTaken)):
            taken[e.seat].setdefault(e.card, rnd)
    return taken


def play_game(spec: GameSpec, index: int) -> dict:
    """Play game ``index`` of ``spec`` and return its record:

    ``i``, ``seed``, ``bots`` (per seat), ``winners``, ``events`` (log length),
    ``decisions`` (actions taken), ``rounds``, and per seat in ``seats``:
    final ``vp``, ``gold``, ``rank`` (1 = first; ties share), ``win`` (share
    of the win: 1, 1/2 for a two-way tie, 0), ``cards`` (id -> round first
    taken, starting craftsmen round 0), ``held`` (cards held at the end) and
    ``vp_rounds`` (VP after each round)."""
    seed = spec.seed + index
    names = spec.bots_for(index)
    bots = [make_bot(name, seed * 8 + seat) for seat, name in enumerate(names)]
    game = pr.new_game(spec.players, seed, variants=spec.variants, cards=cardset(spec))
    vp_rounds: list[list[int]] = [[] for _ in range(spec.players)]
    rnd, decisions = game.state.round, 0
    while not game.is_over:
        seat = game.current_player
        game = game.apply(bots[seat](game.view(seat)), seat=seat)
        decisions += 1
        if game.state.round != rnd or game.is_over:
            rnd = game.state.round
            for s, p in enumerate(game.state.players):
                vp_rounds[s].append(p.vp)
        if decisions > MAX_DECISIONS:
            raise pr.PillarsError(f"game {index} (seed {seed}) did not end after {MAX_DECISIONS} decisions")
    ranking = game.ranking()
    winners = ranking[0]
    rank = {}
    place = 1
    for group in ranking:
        rank.update(dict.fromkeys(group, place))
        place += len(group)
    taken = _cards_taken(game)
    seats = []
    for s, p in enumerate(game.state.players):
        seats.append({
            "vp": p.vp, "gold": p.gold, "rank": rank[s],
            "win": (1 / len(winners)) if s in winners else 0.0,
            "cards": taken[s], "held": sorted(p.craftsmen + p.privileges),
            "vp_rounds": vp_rounds[s],
        })
    return {"i": index, "seed": seed, "bots": list(names), "winners": list(winners),
            "events": game.n_events, "decisions": decisions, "rounds": game.state.round,
            "seats": seats}
