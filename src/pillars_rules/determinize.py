"""Determinization: a whole game consistent with what one seat knows.

A search bot (:mod:`pillars_rules.bots.mcts`) cannot look ahead in the true
game -- its hidden cards are secret -- so it samples *determinizations*:
complete games that agree with the seat's :class:`~pillars_rules.view.SeatView`
in every visible field, with the unseen cards dealt at random from the cards
the seat has not seen (RULES §1 deck structure kept):

* each round's craftsman deck keeps its revealed cards; its hidden cards are
  the round's other craftsmen, reshuffled;
* the event deck is drawn from the events not yet revealed (the first one is
  the peeked card when the seat may see it, §7);
* the privilege deck is drawn from the privileges not yet seen, with the
  last-round cards kept at the bottom (§1);
* the seed is drawn anew, so every chance draw (resource cards, builders,
  tax) differs from the true game's.

The state is built directly from the view (it is cheap: search calls this once
per iteration). The game's log folds to that state (``replay(events,
verify=False)``), but it is **not** a verified replay of its seed: the
recorded chance events are the true game's, and privilege cards that left the
game untaken in earlier rounds (which no event names) read ``"?"``. For a game
set up with :func:`pillars_rules.scenario`, the log is the view's own (its
set-up redacted) and does not fold to the sampled decks. Use a determinized
game for search, never as a record.

>>> import random
>>> import pillars_rules as pr
>>> game = pr.new_game(players=3, seed=5)
>>> view = game.view(0)
>>> sample = pr.determinize(view, random.Random(1))
>>> sample.view(0).state == view.state and sample.legal_actions() == game.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import threading
from collections.abc import Sequence

from .engine import events as E
from .engine.copiers import replace
from .engine.state import Decks
from .game import Game
from .view import HIDDEN, SeatView

#: Events that draw a chance number (each advances the state's draw counter).
_CHANCE = (E.DecksShuffled, E.ResourceCardsDealt, E.BuilderDrawn, E.TaxRolled)

# The last view's log facts (view, facts): determinize is called many times per view.
_LAST: list = [(None, None)]
#: The log scans kept (one per game line; the oldest goes first).
_SCANS_KEPT = 16


class _Scan:
    """What a log tells about cards, read once: a game line's (redacted) log
    is an append-only list shared by the views of its decisions (a branch
    gets a copy, :meth:`pillars_rules.view.Redactions.branch`), so each
    decision reads only the events after the last one read."""

    __slots__ = ("log", "n", "draws", "revealed", "taken", "once", "drafted")

    def __init__(self, log) -> None:
        self.log = log
        self.n = 0
        self.draws = 0
        self.revealed: list[str] = []  # events revealed, in order
        self.taken: list[list[str]] = []  # privileges taken, per round
        self.once: set[str] = set()  # cards whose once-a-game ability was used
        self.drafted: list[str] = []  # privileges drafted at set-up (issue #53), in order

    def read(self, n: int) -> None:
        log = self.log
        for i in range(self.n, n):
            e = log[i]
            t = type(e)
            if t in _CHANCE:
                self.draws += 1
            elif t is E.EventRevealed:
                self.revealed.append(e.card)
            elif t is E.RoundStarted or t is E.PositionSet:
                self.taken.append([])
            elif t is E.PrivilegeTaken:
                (self.taken[-1] if self.taken else self.drafted).append(e.card)
            elif t is E.OnceUsed:
                self.once.add(e.card)
        self.n = n


_SCANS: dict = {}
_SCANS_LOCK = threading.Lock()


def _scan(view: SeatView) -> tuple:
    """What ``view``'s log tells up to its last event: ``(draws, revealed,
    taken, once)``, copies (a new scan for a log that is not a shared list, or
    for a view earlier than the scan kept)."""
    # a view rebuilt from an export holds its log as JSON objects: read its decoded events
    log, n = (view.events if view._decode else view._log), view.n_events
    # bots of one game may decide on several threads (a table server); acquire and release
    # are called as methods, which the compiled build does at a fraction of a with block's cost
    _SCANS_LOCK.acquire()
    try:
        got = _SCANS.get(id(log)) if type(log) is list else None
        if got is None or got.log is not log or got.n > n:
            got = _Scan(log)
            if type(log) is list:
                if len(_SCANS) >= _SCANS_KEPT:
                    del _SCANS[next(iter(_SCANS))]
                _SCANS[id(log)] = got
        got.read(n)
        return got.draws, tuple(got.revealed), [list(r) for r in got.taken], set(got.once), tuple(got.drafted)
    finally:
        _SCANS_LOCK.release()


def revealed_events(view: SeatView) -> tuple[str, ...]:
    """The event cards revealed so far, as ``view``'s log tells (public; read
    with the rest of what the log tells, once per view: a bot determinizes
    the view it asks this of; a view without its rules context only has its log scanned)."""
    if view.rules is None:
        return _scan(view)[1]
    return _facts(view).revealed


_BY_ROUND: dict = {}


def _craftsmen_by_round(cards: tuple) -> dict:
    """``cards`` (the craftsmen in the game, ``Rules.cards_at``) by round."""
    got = _BY_ROUND.get(id(cards))
    if got is None or got[0] is not cards:
        if len(_BY_ROUND) >= _SCANS_KEPT:
            _BY_ROUND.clear()
        got = _BY_ROUND[id(cards)] = (cards, {r: [c.id for c in cards if c.round == r] for r in range(1, 7)})
    return got[1]


_IDS: dict = {}


def _card_ids(privileges: tuple, events: tuple) -> tuple[list[str], list[str], list[str]]:
    """The ids of ``privileges`` (``Rules.cards_at``) not for the last round and
    for it, and of ``events``: read from the cards once per card set."""
    got = _IDS.get(id(privileges))
    if got is None or got[0] is not privileges or got[1] is not events:
        if len(_IDS) >= _SCANS_KEPT:
            _IDS.clear()
        got = _IDS[id(privileges)] = (
            privileges,
            events,
            (
                [c.id for c in privileges if not c.last_round],
                [c.id for c in privileges if c.last_round],
                [c.id for c in events],
            ),
        )
    return got[2]


class _Facts:
    """What a view's log tells about cards: computed once per view."""

    __slots__ = ("log", "n", "revealed", "taken", "drafted", "n_last", "draws", "pools")

    def __init__(self, view: SeatView) -> None:
        draws, revealed, taken, once, drafted = _scan(view)
        # the view's redacted log, read in place (``log[:n]``; a view rebuilt from an export
        # holds JSON objects: its decoded events)
        self.log: Sequence = view.events if view._decode else view._log
        self.n: int = view.n_events
        self.revealed: tuple[str, ...] = revealed
        self.taken: list[list[str]] = taken
        self.drafted = drafted
        self.draws = draws
        state, rules = view.state, view.rules
        n = state.n_players  # a card's 'players' line keeps it out at other counts
        seen = once  # (a copy of the scan's)
        for p in state.players:
            for c in p.privileges:
                seen.add(c)
        for c in state.kingsbridge:
            if c:
                seen.add(c)
        for c in state.display:  # privileges dealt face up for a set-up draft (issue #53)
            seen.add(c)
        seen.update(drafted)
        for rnd in self.taken:
            for c in rnd:
                seen.add(c)
        others, lasts, events = _card_ids(rules.cards_at("privilege", n), rules.cards_at("event", n))
        events_seen = set(self.revealed)
        if view.next_event:
            events_seen.add(view.next_event)
        for c in state.event_deck:  # the cards this seat looked at (issue #53) keep their places
            if c != HIDDEN:
                events_seen.add(c)
        self.pools = (
            [c for c in others if c not in seen],
            [c for c in lasts if c not in seen],
            [c for c in events if c not in events_seen],
            _craftsmen_by_round(rules.cards_at("craftsman", n)),
        )
        #: last-round privileges kept at the bottom of the deck (§1)
        self.n_last = min(2, len(lasts))


def _facts(view: SeatView) -> _Facts:
    last = _LAST[0]
    if last[0] is view:
        return last[1]
    facts = _Facts(view)
    _LAST[0] = (view, facts)
    return facts


def _sample(rng: random.Random, pool: list[str], k: int) -> list[str]:
    """``rng.sample(pool, k)``: the same cards in the same order, and ``rng``
    left in the same state (CPython's algorithm; a test checks it against
    :meth:`random.Random.sample` on this interpreter). Compiled, it saves
    the two interpreted frames per card of ``sample`` and ``_randbelow``,
    a few percent of a heuristic bot's decision. A subclass of
    :class:`random.Random` (which may draw differently), or a sample so
    large that CPython tracks it in a set, goes to ``rng.sample`` itself."""
    n = len(pool)
    setsize = 21  # CPython's choice between its two ways
    if k > 5:
        setsize += 4 ** math.ceil(math.log(k * 3, 4))
    if type(rng) is not random.Random or n > setsize or not 0 <= k <= n:
        return rng.sample(pool, k)
    bits = rng.getrandbits
    left = list(pool)
    out: list[str] = []
    for i in range(k):
        m = n - i
        width = m.bit_length()
        j = bits(width)
        while j >= m:
            j = bits(width)
        out.append(left[j])
        left[j] = left[m - 1]
    return out


def _deal(hidden: tuple[str, ...], pool: list[str], rng: random.Random) -> list[str]:
    """Cards for the hidden positions of ``hidden``, drawn from ``pool``."""
    n = sum(1 for c in hidden if c == HIDDEN)
    if not n:  # nothing to deal (a sample of none draws nothing from ``rng``)
        return list(hidden)
    drawn = _sample(rng, pool, n) if n <= len(pool) else pool + [HIDDEN] * (n - len(pool))
    it = iter(drawn)
    return [next(it) if c == HIDDEN else c for c in hidden]


def determinize(view: SeatView, rng: random.Random | int | None = None) -> Game:
    """A :class:`Game` consistent with everything ``view``'s seat knows, with
    unseen cards dealt from the cards not yet seen and a new seed (see the
    module docs). ``rng`` is a :class:`random.Random` or a seed."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    facts = _facts(view)
    state, rules = view.state, view.rules
    others, lasts, event_pool, by_round = facts.pools

    dealt_decks = []
    for i, deck in enumerate(state.craftsman_decks):
        known = [c for c in deck if c != HIDDEN]
        pool = [c for c in by_round.get(i + 1, ()) if c not in known]
        dealt_decks.append(tuple(_deal(deck, pool, rng)))
    craftsman_decks = tuple(dealt_decks)

    events_left = list(state.event_deck)
    if view.next_event and events_left:
        events_left[0] = view.next_event
    event_deck = tuple(_deal(tuple(events_left), event_pool, rng))

    n = len(state.privilege_deck)
    n_last = min(facts.n_last, n)
    tail = _deal((HIDDEN,) * n_last, lasts, rng)
    head = _deal((HIDDEN,) * (n - n_last), others, rng)
    privilege_deck = tuple(head + tail)

    seed = rng.getrandbits(63)
    new_state = replace(
        state,
        fixed=replace(state.fixed, seed=seed),
        decks=Decks(craftsman_decks, event_deck, privilege_deck),
        rng=facts.draws,
    )
    log = _log(facts, state, seed, craftsman_decks, event_deck, privilege_deck)
    game = Game(rules, new_state, log, len(log))
    if view.legal_actions:
        # the seat's options are part of what it sees: the sample lists the very
        # objects of the view (a search applies them without matching copies)
        game._legal = list(view.legal_actions)
    return game


def _log(facts: _Facts, state, seed: int, craftsman_decks, event_deck, privilege_deck) -> list:
    """A log that folds to the determinized state: the view's log with the
    setup events carrying the new seed and the full (dealt + undealt) decks."""
    log, n = facts.log, facts.n
    started = log[0]
    if type(log[1]) is not E.DecksShuffled:
        # set up with pr.scenario: the view's log (its set-up redacted), not folding to the sample's decks
        return _then(log, 1, n, [_restarted(started, seed)])
    # privileges dealt so far: earlier rounds' pairs (taken ones named, untaken
    # ones unknown) and this round's pair (taken ones back in their places)
    dealt: list[str] = []
    pair = len(state.kingsbridge) or 2
    for rnd in facts.taken[:-1]:
        dealt.extend((rnd + [HIDDEN] * pair)[:pair])
    if facts.taken:
        now = iter(facts.taken[-1])
        dealt.extend(c if c else next(now, HIDDEN) for c in state.kingsbridge)
    return _then(
        log,
        2,
        n,
        [
            _restarted(started, seed),
            E.DecksShuffled(
                craftsman_decks, facts.revealed + event_deck, _drafted(facts, state) + tuple(dealt) + privilege_deck
            ),
        ],
    )


def _drafted(facts: _Facts, state) -> tuple[str, ...]:
    """The privileges a set-up draft dealt, as far as the seat knows them: those
    drafted, then those still on the display during set-up (issue #53; the rest,
    once gone, are unknown). Empty without a draft."""
    if not facts.drafted and state.stage != "setup":
        return ()
    return facts.drafted + (state.display if state.stage == "setup" else ())


def _then(log: Sequence, start: int, n: int, out: list) -> list:
    """``out`` followed by ``log[start:n]``: one copy of ``log[:n]`` (made by the
    list itself, not element by element) with its first ``start`` events
    replaced by ``out``'s."""
    copy = log[:n] if type(log) is list else list(log[:n])
    copy[:start] = out
    return copy


def _restarted(started, seed: int):
    return E.GameStarted(
        started.names, seed, started.variants, started.card_hash, started.starting_craftsmen, started.gold, started.vp
    )


__all__ = ["determinize"]
