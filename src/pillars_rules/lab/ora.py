"""The balance lab for *Ora et Labora*: a fan building's causal value and its worth in coins.

The same method as Pillars' (:mod:`.causal`), on Ora's records: game ``i`` of a
:class:`~.games.GameSpec` whose ``game`` is ``"ora-et-labora"`` is played by its
bots (the *natural* game); the first decision at which seat ``s`` may build the
target building ``X`` (a :class:`~pillars_rules.games.ora.records.Build` of it is
listed beside other actions) is a *moment*, where the game forks:

* **take** -- seat ``s`` builds ``X`` now (its bot chooses among the squares only);
* **reference** -- it does anything else now, and never builds ``X`` later.

Both arms play on to the end with copies of the bots; the unit records the
seat's final points (``vp``), coins (``gold``), rank and win share in both.
Ora draws no chance after its set-up, so the two arms differ by the choice alone.

**The coin scale.** At the first decision of each round in which a moment fell,
the position is played on twice: with ``gold`` coins more for one seat (rotating
with the game index) and with ``gold`` coins fewer (never below none). Their
points give what a coin is worth in points in that round, and so a building's
worth in coins (:mod:`pillars_rules.lab.effects`: the record fields are Pillars' -- ``vp`` holds
Ora's points, ``gold`` its coins -- so every statistic is shared). The gift is
made on the state itself (Ora has no scenario builder): the arm's log is the
natural game's up to the gift, so such an arm is played, never saved.

Why coins: they are Ora's money (§4.9) -- what a seat pays for land and for a
work contract, and what a building's cost in goods is most often weighed
against -- as gold is Pillars'. A building's worth in points alone would say
what it brought, not what a seat should pay for it (``docs/ora/balance.rst``).
"""

from __future__ import annotations

import copy
import random
import zlib
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs

import pillars_rules as pr
from pillars_rules.bots import make_bot
from pillars_rules.core import Game

from ..games.ora import OraView, public
from ..games.ora import records as R
from ..games.ora.cards import SHIPPED, card_hash
from ..games.ora.steps import FOLLOWS

#: The game's registered name.
GAME = "ora-et-labora"
#: Seats the lab plays (the solo game has one seat and a neutral player: nothing to pair).
SEATS = (2, 3, 4)
#: A game that needs more decisions than this is a bug in a bot or the rules.
MAX_DECISIONS = 20_000


@attrs.frozen
class OraCards:
    """A compiled Ora card set as the lab reads it: ``cards`` (a
    :class:`~pillars_rules.buildings.BuildingSet`), looked up by id, with its
    ``content_hash`` (:func:`~pillars_rules.games.ora.cards.card_hash`)."""

    cards: Any
    content_hash: str

    def __contains__(self, card_id: object) -> bool:
        return card_id in self.cards

    def __getitem__(self, card_id: str) -> Any:
        return self.cards[card_id]

    def __iter__(self):
        return iter(self.cards)


_SETS: dict[tuple, OraCards] = {}


def _shipped_sources() -> tuple[tuple[str, str], ...]:
    """The shipped set's files as ``(name, text)`` (so a fan file is compiled beside them)."""
    from pillars_rules.buildings import load_buildings

    return tuple(load_buildings([SHIPPED]).sources)


def compiled(sources: tuple) -> OraCards:
    """The shipped set plus ``sources`` (``(name, text)`` card files), compiled once per process;
    a :class:`~pillars_rules.errors.CardError` names the file, line and column of a problem (a
    card of another game, an id the shipped set has, a follow-up the flow cannot play)."""
    found = _SETS.get(sources)
    if found is None:
        from pillars_rules.buildings import bind
        from pillars_rules.cardlang.buildcomp import compile_building_texts

        cards = bind(compile_building_texts(_shipped_sources() + tuple(sources), (), FOLLOWS))
        if len(_SETS) >= 16:
            _SETS.clear()
        found = _SETS[sources] = OraCards(cards, card_hash(tuple(cards)))
    return found


def fan_buildings(sources: Sequence[tuple[str, str]]) -> list[str]:
    """The ids of the buildings ``sources`` add to the shipped set, in order; a
    :class:`~pillars_rules.errors.ConfigError` naming the file when a file adds no
    building, or a building takes the name of a shipped one."""
    base = compiled(())
    names = {c.name.casefold(): c.id for c in base}
    out = []
    for name, text in sources:
        cards = compiled(((name, text),))
        mine = [c for c in cards if c.id not in base]
        if not any(c.kind == "building" for c in mine):
            kinds = sorted({c.kind for c in mine})
            raise pr.ConfigError(
                f"{name}: not an Ora et Labora fan building: the file adds "
                + (f"{', '.join(kinds)} cards only" if kinds else "no card")
                + " (the lab weighs buildings, docs/ora/fan-building.rst)"
            )
        for c in mine:
            clash = names.get(c.name.casefold())
            if clash is not None:
                raise pr.ConfigError(
                    f"{name}: building {c.id!r} is named {c.name!r}, the name of the shipped building "
                    f"{clash!r}: give it a name of its own"
                )
            if c.kind == "building":
                out.append(c.id)
    return out


def check_targets(cards: OraCards, targets: Sequence[str], players: int, variants: Sequence[str]) -> None:
    """Refuse (:class:`~pillars_rules.errors.ConfigError`) a target the game cannot play: not a
    building of the set, or one never on offer in this game (its modes, its variant)."""
    if players not in SEATS:
        raise pr.ConfigError(
            f"the lab plays Ora et Labora with 2 to 4 seats, not {players} (the solo game has no seat to pair)"
        )
    game = pr.new_game(game=GAME, players=players, seed=1, variants=list(variants), cards=cards.cards)
    decks = {c for deck in game.rules.decks.values() for c in deck}
    start = set(game.state.display)
    for card in targets:
        if card not in cards:
            raise pr.ConfigError(f"no building {card!r} in the run's card set")
        c = cards[card]
        if c.kind != "building":
            raise pr.ConfigError(f"{card!r} is a {c.kind} card: the lab judges buildings a seat builds")
        if card not in decks and card not in start:
            raise pr.ConfigError(
                f"{card!r} is never on offer in this game (mode {game.rules.mode}, {game.rules.variant}; the card's "
                f"modes {', '.join(sorted(c.modes))}{', variant ' + c.variant if c.variant != 'both' else ''}): "
                "the game cannot play it"
            )


def new_game(spec: Any, seed: int) -> Game:
    return pr.new_game(
        game=GAME, players=spec.players, seed=seed, variants=list(spec.variants), cards=cardset(spec).cards
    )


def cardset(spec: Any) -> OraCards:
    cards = compiled(spec.sources)
    if spec.card_hash and cards.content_hash != spec.card_hash:
        raise pr.ConfigError(
            f"card set differs from the run's: hash {cards.content_hash[:20]} != {spec.card_hash[:20]}"
        )
    return cards


def make_bots(names: Sequence[str], seed: int) -> list:
    """One bot per seat, seat ``s`` seeded ``seed * 8 + s``."""
    return [make_bot(name, seed * 8 + seat, game=GAME) for seat, name in enumerate(names)]


def builds(action: object, card: str) -> bool:
    """Whether ``action`` builds ``card``."""
    return type(action) is R.Build and action.card == card


class _Trace:
    __slots__ = ("decisions", "choices", "vp_rounds", "built")

    def __init__(self, players: int) -> None:
        self.decisions = 0
        self.choices = 0
        self.vp_rounds: list[list[int]] = [[] for _ in range(players)]
        self.built: list[dict[str, int]] = [{} for _ in range(players)]


def _step(game: Game, bots: Sequence, trace: _Trace | None, view: Any = None) -> Game:
    seat = game.current_player
    assert seat is not None  # a game not over waits on a seat
    view = view if view is not None else game.view(seat)
    action = bots[seat](view)
    return _after(game, seat, action, trace)


def _after(game: Game, seat: int, action: Any, trace: _Trace | None) -> Game:
    rnd = game.state.round
    if trace is not None and type(action) is R.Build:
        trace.built[seat].setdefault(action.card, rnd)
    game = game.apply(action, seat=seat)
    if trace is not None:
        trace.decisions += 1
        if game.state.round != rnd or game.is_over:
            for s, points in enumerate(game.scores()):
                trace.vp_rounds[s].append(int(points))
    return game


def drive(game: Game, bots: Sequence, trace: _Trace | None = None) -> Game:
    """Play ``game`` to the end with ``bots`` (one per seat)."""
    n = 0
    while not game.is_over:
        game = _step(game, bots, trace)
        n += 1
        if n > MAX_DECISIONS:
            raise pr.PillarsError(f"an Ora game did not end after {MAX_DECISIONS} decisions")
    return game


def outcome(game: Game) -> list[dict]:
    """Per seat of a finished game: ``vp`` (points), ``gold`` (coins), ``rank`` and ``win`` share."""
    ranking = game.ranking()
    winners = ranking[0]
    rank: dict[int, int] = {}
    place = 1
    for group in ranking:
        rank.update(dict.fromkeys(group, place))
        place += len(group)
    scores = game.scores()
    return [
        {
            "vp": int(scores[s]),
            "gold": dict(game.state.stocks[s]).get("coin", 0),
            "rank": rank[s],
            "win": (1 / len(winners)) if s in winners else 0.0,
        }
        for s in range(len(scores))
    ]


def _record(index: int, seed: int, names: Sequence[str], game: Game, trace: _Trace) -> dict:
    seats = []
    for s, o in enumerate(outcome(game)):
        held = sorted(c.split("/", 1)[-1] for c in _owned(game, s))
        seats.append({**o, "cards": trace.built[s], "held": held, "vp_rounds": trace.vp_rounds[s]})
    return {
        "i": index,
        "seed": seed,
        "bots": list(names),
        "winners": list(game.ranking()[0]),
        "events": game.n_events,
        "drawn": [],
        "decisions": trace.decisions,
        "choices": trace.choices,
        "rounds": game.state.round,
        "seats": seats,
    }


def _owned(game: Game, seat: int) -> list[str]:
    """The buildings on ``seat``'s landscape (from its public view)."""
    seats = game.view(None)["seats"]
    return [sq["card"] for sq in seats[seat]["landscape"] if sq.get("card")]


def aborted(index: int, seed: int, names: Sequence[str], exc: Exception) -> dict:
    """The record of a game that hit a budget (:class:`~pillars_rules.errors.LimitError`), as
    Pillars' (``lab.games`` dispatches here, so this module does not import it)."""
    return {"i": index, "seed": seed, "bots": list(names), "aborted": str(exc).splitlines()[0][:300]}


def play_game(spec: Any, index: int) -> dict:
    """Game ``index`` of an Ora ``spec``: its record as :func:`.games.play_game` gives Pillars'."""
    seed = spec.seed + index
    names = spec.bots_for(index)
    trace = _Trace(spec.players)
    game = new_game(spec, seed)
    bots = make_bots(names, seed)
    try:
        while not game.is_over:
            trace.choices += len(game.legal_actions())
            game = _step(game, bots, trace)
            if trace.decisions > MAX_DECISIONS:
                raise pr.PillarsError(f"an Ora game (seed {seed}) did not end after {MAX_DECISIONS} decisions")
    except pr.LimitError as exc:  # a budget of the library: counted as aborted, left out
        return aborted(index, seed, names, exc)
    return _record(index, seed, names, game, trace)


# ---------------------------------------------------------------- the causal arms
def _generators(obj: object, memo: dict, depth: int = 2) -> None:
    for value in getattr(obj, "__dict__", {}).values():
        if isinstance(value, random.Random):
            if id(value) not in memo:
                twin = random.Random()
                twin.setstate(value.getstate())
                memo[id(value)] = twin
        elif depth and hasattr(value, "__dict__") and not isinstance(value, type):
            _generators(value, memo, depth - 1)


def _fork(bots: list, rules: object) -> list:
    """Copies of the bots in their current state (the rules are shared, not copied)."""
    memo: dict = {id(rules): rules}
    for bot in bots:
        _generators(bot, memo)
    return copy.deepcopy(bots, memo)


def _restricted(view: Any, allowed: list) -> Any:
    """``view`` with only ``allowed`` as its legal actions."""
    return OraView(view.seat, view.state, view.rules, tuple(allowed), view.events, public)


class _Without:
    """A bot that never builds ``card``: it chooses among the other actions whenever there are any."""

    __slots__ = ("bot", "card")

    def __init__(self, bot: Any, card: str) -> None:
        self.bot, self.card = bot, card

    def __call__(self, view: Any) -> Any:
        legal = view.legal_actions
        allowed = [a for a in legal if not builds(a, self.card)]
        if not allowed or len(allowed) == len(legal):
            return self.bot(view)
        return self.bot(_restricted(view, allowed))


class _Moment:
    __slots__ = ("card", "seat", "game", "bots", "take", "took", "round")

    def __init__(self, card: str, seat: int, game: Game, bots: list, take: list, took: bool) -> None:
        self.card, self.seat, self.game, self.bots, self.take, self.took = card, seat, game, bots, take, took
        self.round = game.state.round


def _arm(m: _Moment, arm: str) -> Game:
    bots = _fork(m.bots, m.game.rules)
    view = m.game.view(m.seat)
    if arm == "take":
        action = bots[m.seat](_restricted(view, m.take))
    else:
        bots[m.seat] = _Without(bots[m.seat], m.card)
        action = bots[m.seat](view)
    return drive(m.game.apply(action, seat=m.seat), bots)


def gift(game: Game, seat: int, coins: int) -> Game:
    """``game`` with ``coins`` more coins for ``seat`` (negative: fewer, never below none): a
    game to play on, not to save (its log does not hold the gift)."""
    state = game.state
    stock = dict(state.stocks[seat])
    stock["coin"] = max(0, stock.get("coin", 0) + coins)
    goods = tuple(sorted((g, n) for g, n in stock.items() if n))
    stocks = state.stocks[:seat] + (goods,) + state.stocks[seat + 1 :]
    return Game(game.rules, attrs.evolve(state, stocks=stocks), list(game.events), game.n_events, None, game.game_type)


def _reseed(seed: int, what: str) -> int:
    return (seed * 1_000_003 + zlib.crc32(what.encode("utf-8"))) % (1 << 62)


def _coin_arms(spec: Any, index: int, seed: int, names: Sequence[str], opening: Game) -> dict:
    rnd = opening.state.round
    seat = (index + rnd) % spec.players
    have = dict(opening.state.stocks[seat]).get("coin", 0)
    gseed = _reseed(seed, f"gold-{rnd}")
    arms = {}
    for label, delta in (("more", spec.gold), ("less", -spec.gold)):
        end = drive(gift(opening, seat, delta), make_bots(names, gseed))
        r = outcome(end)[seat]
        arms[label] = {"vp": r["vp"], "win": r["win"], "rank": r["rank"], "gold": r["gold"]}
    return {
        "round": rnd,
        "seat": seat,
        "n": spec.gold,
        "gold_before": have,
        "given": [spec.gold, have - max(0, have - spec.gold)],
        **arms,
    }


def _seat_result(result: list[dict], seat: int) -> dict:
    r = result[seat]
    return {"vp": r["vp"], "win": r["win"], "rank": r["rank"], "gold": r["gold"]}


def play_causal(spec: Any, index: int) -> dict:
    """Game ``index`` of an Ora ``spec`` with its branches: the record :func:`play_game` gives plus
    ``units`` (one per moment), ``gold`` (the coin scale, one per round with a moment) and
    ``aborted_arms``, as :func:`.causal.play_causal` gives Pillars'."""
    seed = spec.seed + index
    names = spec.bots_for(index)
    try:
        return _play_causal(spec, index, seed, names)
    except pr.LimitError as exc:  # the natural game hit a budget: the game is counted as aborted
        return aborted(index, seed, names, exc)


def _play_causal(spec: Any, index: int, seed: int, names: Sequence[str]) -> dict:
    game = new_game(spec, seed)
    bots = make_bots(names, seed)
    trace = _Trace(spec.players)
    seen: set[tuple[str, int]] = set()
    moments: list[_Moment] = []
    openings: dict[int, Game] = {}
    while not game.is_over:
        openings.setdefault(game.state.round, game)
        seat = game.current_player
        assert seat is not None  # a game not over waits on a seat
        view = game.view(seat)
        legal = view.legal_actions
        trace.choices += len(legal)
        new = []
        for card in spec.targets:
            if (card, seat) in seen:
                continue
            take = [a for a in legal if builds(a, card)]
            if take and len(take) < len(legal):  # a real choice: build it, or do something else
                seen.add((card, seat))
                new.append((card, take))
        snapshot = _fork(bots, game.rules) if new else None
        action = bots[seat](view)
        for card, take in new:
            assert snapshot is not None
            moments.append(_Moment(card, seat, game, snapshot, take, action in take))
        game = _after(game, seat, action, trace)
        if trace.decisions > MAX_DECISIONS:
            raise pr.PillarsError(f"an Ora game (seed {seed}) did not end after {MAX_DECISIONS} decisions")
    record = _record(index, seed, names, game, trace)
    return _branches(spec, index, seed, names, record, outcome(game), moments, openings)


def _branches(spec: Any, index: int, seed: int, names: Sequence[str], record: dict, natural, moments, openings) -> dict:
    units, lost = [], 0
    for m in moments:
        try:
            ref = _seat_result(outcome(_arm(m, "ref")), m.seat)
            took = _seat_result(natural if m.took else outcome(_arm(m, "take")), m.seat)
        except pr.LimitError:  # an arm that hits a budget of the library: counted, left out
            lost += 1
            continue
        units.append(
            {"card": m.card, "seat": m.seat, "round": m.round, "at": "build", "took": m.took, "take": took, "ref": ref}
        )
    rounds = {m.round for m in moments} | ({1 + index % 6} if spec.scale else set())
    gold = []
    for r in sorted(rounds):
        if r in openings:
            try:
                gold.append(_coin_arms(spec, index, seed, names, openings[r]))
            except pr.LimitError:
                lost += 2
    return {**record, "units": units, "gold": gold, "aborted_arms": lost}


def read_sources(paths: Sequence[str | Path]) -> tuple[tuple[str, str], ...]:
    """The ``(name, text)`` of Ora card files and folders (every ``*.cards`` inside, sorted),
    each compiled beside the shipped set here, in the caller: a problem is a
    :class:`~pillars_rules.errors.ConfigError` or :class:`~pillars_rules.errors.CardError` naming
    the file."""
    from pillars_rules.cardlang import files

    found, problems = files.expand([str(p) for p in paths])
    if problems:
        d = problems[0]
        raise pr.ConfigError(f"{d.file}: {d.message}")
    for p in map(Path, paths):
        if p.is_dir() and not any(Path(name).is_relative_to(p) for name, _ in found):
            raise pr.ConfigError(f"{p}: no *.cards files in this folder")
    sources = []
    shipped_texts = {text for _, text in _shipped_sources()}
    for name, f in found:
        refused = pr.ConfigError(f"{name}: a file of the shipped set, not a fan building (the lab adds it anyway)")
        if Path(name).resolve().is_relative_to(Path(str(_shipped_root())).resolve()):
            raise refused
        try:
            text = files.read_one(f)
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise pr.ConfigError(f"{name}: cannot read card file ({exc.__class__.__name__}: {exc})") from None
        if text in shipped_texts:  # a copy of one, or the source tree's file beside an installed package
            raise refused
        sources.append((name, text))
    compiled(tuple(sources))
    return tuple(sources)


def _shipped_root() -> Path:
    from pillars_rules.buildings import shipped as shipped_path

    return Path(shipped_path(SHIPPED))
