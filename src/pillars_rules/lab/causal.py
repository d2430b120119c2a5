"""A card's causal value: paired branches of one seeded game.

For game ``i`` of a :class:`~.games.GameSpec` with ``targets``,
:func:`play_causal` plays the game with its bots (the *natural* game) and
watches every decision. The first time seat ``s`` may take target card ``X``
(:mod:`.moments`) is a *moment* ``(X, s)``. There the game forks into two
arms that share everything before it (the same seed, the same position, the
same bots in the same state):

* **take** -- seat ``s`` takes ``X``: its bot chooses among the actions that
  take ``X`` only (a resource card with or without the big worker, say);
* **reference** -- seat ``s`` does not: its bot chooses among all the other
  legal actions (another card, a resource card, passing, another spot), and
  from then on never takes ``X`` (its bot chooses among the other actions
  whenever ``X`` could be taken again).

Each arm is played from the fork to the end with copies of the bots; when
the bot took ``X`` at the moment by itself, the natural game is the take
arm. When it did not, and never took ``X`` later either, the natural game
is often the reference arm, move for move: a heuristic bot (no
temperature) restricted to the other actions deals the same unseen cards
and keeps the same first best action, so :func:`_natural` marks a moment
``ref_natural`` when at every later decision of the seat where ``X`` could
be taken that bot chose another action among at least two others, by its
search (not a vote, a bid or the start player's redraw); its reference arm
is then not played again (the records are the same, a test checks it).
Chance is drawn from
the seed by a counter (:mod:`pillars_rules` decides it once per chance
point), so the two arms see the same builder draws, tax rolls and resource
cards as long as they make the same number of draws. A *unit* records seat
``s``'s final VP, win share and rank in both arms.

**The gold scale.** At the first draft decision of each round in which a
moment fell, unless the state holds what a scenario cannot set
(:func:`~.transfer.not_reopenable`: fan cards' lasting changes given to
seats, counters, looks, a reversed order to come), the position is re-opened (:mod:`.transfer`) twice with
one seed: with ``gold`` more gold for one seat and with ``gold`` less (kept
within 0..30). The seat rotates with the game index. The two arms are
played to the end with fresh bots seeded alike; their VP give what a gold
piece is worth in VP in that round.

Everything is a pure function of the spec and the index, so a game gives the
same record on any executor. A game or arm that hits a budget
(:class:`~pillars_rules.errors.LimitError`) is counted as aborted and left
out.
"""

from __future__ import annotations

import copy
import random
import zlib

import pillars_rules as pr
from pillars_rules import actions as A
from pillars_rules.bots.heuristic import HeuristicBot, HeuristicBotV1

from .games import GameSpec, Trace, aborted, cardset, drive, game_record, make_bots, outcome
from .moments import take_actions, takes
from .transfer import at_draft_opening, draft_position, not_reopenable, reopen


def _generators(obj, memo: dict, depth: int = 2) -> None:
    """Put a copy of every :class:`random.Random` among ``obj``'s attributes (and
    theirs, ``depth`` levels down) into ``memo``: ``getstate``/``setstate`` copy
    a generator many times faster than ``deepcopy`` does."""
    for value in getattr(obj, "__dict__", {}).values():
        if isinstance(value, random.Random):
            if id(value) not in memo:
                twin = random.Random()
                twin.setstate(value.getstate())
                memo[id(value)] = twin
        elif depth and hasattr(value, "__dict__") and not isinstance(value, type):
            _generators(value, memo, depth - 1)


def _fork(bots: list, rules) -> list:
    """Copies of the bots in their current state (the rules are shared, not copied)."""
    memo = {id(rules): rules}
    for bot in bots:
        _generators(bot, memo)
    return copy.deepcopy(bots, memo)


def _restricted(view: pr.SeatView, allowed: list) -> pr.SeatView:
    """``view`` with only ``allowed`` as legal actions (what the bot may choose from)."""
    return pr.SeatView(view.seat, view.state, view.next_event, view.events, tuple(allowed), view.rules)


def _seat_result(result: list[dict], seat: int) -> dict:
    r = result[seat]
    return {"vp": r["vp"], "win": r["win"], "rank": r["rank"], "gold": r["gold"]}


def _reseed(seed: int, what: str) -> int:
    return (seed * 1_000_003 + zlib.crc32(what.encode("utf-8"))) % (1 << 62)


class _Moment:
    __slots__ = ("card", "seat", "game", "bots", "take", "took", "round", "at", "ref_natural")

    def __init__(self, card, seat, game, bots, take, took, plain):
        self.card, self.seat, self.game, self.bots, self.take, self.took = card, seat, game, bots, take, took
        self.round, self.at = game.state.round, game.pending.kind
        #: the reference arm is the natural game (see the module docs); decided as the game goes on
        self.ref_natural = plain and not took


def _plain(bot) -> bool:
    """Does ``bot`` choose by its one-ply search alone, with nothing that depends
    on how many actions it is offered (a temperature samples among them)?"""
    return type(bot) in (HeuristicBot, HeuristicBotV1) and bot.temperature == 0


def _same_without(m: _Moment, state, legal, action) -> bool:
    """Would ``m``'s reference arm, at this decision of its seat, choose
    ``action`` too (the bot's choice among all of ``legal``)? Yes when the
    card cannot be taken here (the arm's bot is asked as it was), or when it
    can but ``action`` takes something else, at least two other actions are
    left and the bot decides by its search: the search over the other
    actions deals the same cards and finds the same first best."""
    take = take_actions(state, legal, m.card)
    if not take or len(take) == len(legal):  # _Without asks the bot as it is
        return True
    return (
        action not in take
        and len(legal) - len(take) > 1
        and state.pending.kind != "choice"
        and not isinstance(legal[0], (A.KeepBuilder, A.ReturnBuilder))
    )


def _natural(spec: GameSpec, seed: int, names, cards):
    """Play the natural game; return it, its trace, the moments and the draft openings."""
    targets = spec.targets
    game = pr.new_game(spec.players, seed, variants=spec.variants, cards=cards)
    bots = make_bots(names, seed)
    trace = Trace(spec.players)
    seen: set[tuple[str, int]] = set()
    moments: list[_Moment] = []
    openings: dict[int, pr.Game] = {}
    rnd = game.state.round
    while not game.is_over:
        if at_draft_opening(game):
            openings.setdefault(game.state.round, game)
        seat = game.current_player
        assert seat is not None  # a game not over waits on a seat
        view = game.view(seat)
        legal = view.legal_actions
        trace.choices += len(legal)
        new = []
        for card in targets:
            if (card, seat) in seen:
                continue
            take = take_actions(game.state, legal, card)
            if take and len(take) < len(legal):  # a real choice: take it, or do something else
                seen.add((card, seat))
                new.append((card, take))
        snapshot = _fork(bots, game.rules) if new else None
        action = bots[seat](view)
        for card, take in new:
            m = _Moment(card, seat, game, snapshot, take, action in take, _plain(bots[seat]))
            moments.append(m)
        for m in moments:
            if m.seat == seat and m.ref_natural and not _same_without(m, game.state, legal, action):
                m.ref_natural = False
        game = game.apply(action, seat=seat)
        trace.decisions += 1
        if game.state.round != rnd or game.is_over:
            for s, p in enumerate(game.state.players):
                trace.vp_rounds[s].append(p.vp)
        rnd = game.state.round
    return game, trace, moments, openings


class _Without:
    """A bot that never takes ``card``: it chooses among the other legal actions
    whenever there are any (the reference arm's seat, from its moment on)."""

    __slots__ = ("bot", "card")

    def __init__(self, bot, card: str) -> None:
        self.bot, self.card = bot, card

    def __call__(self, view: pr.SeatView):
        legal = view.legal_actions
        allowed = [a for a in legal if not takes(view.state, a, self.card)]
        if not allowed or len(allowed) == len(legal):
            return self.bot(view)
        return self.bot(_restricted(view, allowed))


def _arm(m: _Moment, arm: str, hook=None) -> pr.Game:
    """Play one arm from the moment to the end with copies of the bots:
    ``take`` (the seat takes the card now) or ``ref`` (it does something else
    now and never takes the card later); ``hook`` as :func:`~.games.drive`
    takes it (``tools/lab_variance.py`` reads the arms with it)."""
    bots = _fork(m.bots, m.game.rules)
    view = m.game.view(m.seat)
    if arm == "take":
        action = bots[m.seat](_restricted(view, m.take))
    else:
        bots[m.seat] = _Without(bots[m.seat], m.card)
        action = bots[m.seat](view)
    return drive(m.game.apply(action, seat=m.seat), bots, hook=hook)


def _gold_arms(spec: GameSpec, index: int, seed: int, names, cards, opening: pr.Game) -> dict | None:
    """The gold scale at one round opening: the seat's result with
    ``spec.gold`` more gold and with ``spec.gold`` less."""
    rnd = opening.state.round
    seat = (index + rnd) % spec.players
    position = draft_position(opening)
    gseed = _reseed(seed, f"gold-{rnd}")
    have = position["seats"][seat]["gold"]
    arms = {}
    for label, delta in (("more", spec.gold), ("less", -spec.gold)):
        game = reopen(position, cards, gseed, {seat: delta})
        try:
            arms[label] = _seat_result(outcome(drive(game, make_bots(names, gseed))), seat)
        except pr.LimitError:
            return None
    return {
        "round": rnd,
        "seat": seat,
        "n": spec.gold,
        "gold_before": have,
        "given": [min(30, have + spec.gold) - have, have - max(0, have - spec.gold)],
        **arms,
    }


def play_causal(spec: GameSpec, index: int, reuse: bool = True) -> dict:
    """Game ``index`` of ``spec`` with its branches: the natural game's record
    (as :func:`~.games.play_game` gives it) plus ``units`` (one per moment:
    ``card``, ``seat``, ``round``, ``at`` -- the decision kind --, ``took``
    -- whether the bot took the card in the natural game -- and the seat's
    result in the ``take`` and ``ref`` arms) and ``gold`` (one gold scale
    per round with a moment), and ``aborted_arms`` (arms that hit a budget).
    ``reuse=False`` plays every reference arm, even one that is the natural
    game (the record is the same either way)."""
    seed = spec.seed + index
    names = spec.bots_for(index)
    cards = cardset(spec)
    try:
        game, trace, moments, openings = _natural(spec, seed, names, cards)
    except pr.LimitError as exc:
        return aborted(index, seed, names, exc)
    record = game_record(index, seed, names, game, trace)
    natural = outcome(game)
    units, lost = [], 0
    for m in moments:
        try:
            ref = _seat_result(natural if reuse and m.ref_natural else outcome(_arm(m, "ref")), m.seat)
            take = _seat_result(natural if m.took else outcome(_arm(m, "take")), m.seat)
        except pr.LimitError:
            lost += 1
            continue
        units.append(
            {"card": m.card, "seat": m.seat, "round": m.round, "at": m.at, "took": m.took, "take": take, "ref": ref}
        )
    gold = []
    rounds = {m.round for m in moments} | ({1 + index % 6} if spec.scale else set())
    for rnd in sorted(rounds):
        # no gold scale where a scenario cannot set the position (fan cards' lasting state):
        # its arms would play another game
        if rnd in openings and not_reopenable(openings[rnd]) is None:
            arms = _gold_arms(spec, index, seed, names, cards, openings[rnd])
            if arms is None:
                lost += 2
            else:
                gold.append(arms)
    return {**record, "units": units, "gold": gold, "aborted_arms": lost}
