"""Observations of a seat view: a fixed-size tensor, a text, and a history digest.

Everything here is a function of a :class:`~pillars_rules.view.SeatView` only,
so an observation cannot contain what the seat may not know: the view has the
undealt cards, the seed and the draw counter hidden. Both adapters (OpenSpiel
and PettingZoo) use these functions.

The tensor is laid out by :class:`Layout` in named blocks (see
:meth:`Layout.blocks`), sized from the card set and its board (a fan board's
places and spots, its Phase III steps); seats are *relative*: slot 0 is the observing seat,
slot 1 the next seat clockwise, and so on.

>>> import pillars_rules as pr
>>> from pillars_rules.ai.observation import Layout
>>> game = pr.new_game(players=2, seed=1)
>>> layout = Layout.for_rules(game.rules, 2)
>>> layout.tensor(game.view(0)).shape == (layout.size,)
True
"""

from __future__ import annotations

import hashlib

import numpy as np

from ..actions import ACTIONS_FOR

STAGES = ("setup", "draft", "builders", "resolution", "round_end", "over")
ROUNDS = 6
PIECES = ("small", "big", "grey", "black")
FLAGS = ("passed", "protected", "exempt", "done", "prev_protected")


def _onehot(values) -> dict:
    return {v: i for i, v in enumerate(values)}


class Layout:
    """The tensor layout of one card set (with its board) and player count."""

    def __init__(self, cards, n_players: int) -> None:
        self.n = n_players
        board = cards.board
        #: the state's step: none, the round opening, each place of the board in Phase III order
        self.steps = _onehot(("", "round_start") + tuple(board.steps))
        #: (place, spot) of every builder spot of the board
        self.spots: tuple[tuple[str, int], ...] = tuple(
            (loc, i) for loc, k in board.locations.items() for i in range(k)
        )
        self.cards = _onehot(c.id for c in cards)
        self.craftsmen = _onehot(c.id for c in cards if c.kind == "craftsman")
        self.privileges = _onehot(c.id for c in cards if c.kind == "privilege")
        self.events = _onehot(c.id for c in cards if c.kind == "event")
        self.resources = _onehot(c.id for c in cards if c.kind == "resource")
        self.kinds = _onehot(ACTIONS_FOR)
        #: markets after the main one (the expansion's Harbour): a stock of 4 cubes each
        self.n_stocks = max(0, board.rules.count("market") - 1)
        per_seat = 2 + 4 + 4 + 4 + 1 + 1 + len(FLAGS) + len(self.craftsmen) + len(self.privileges) + len(self.resources)
        self._blocks = (
            ("round", ROUNDS + 1),
            ("stage", len(STAGES)),
            ("step", len(self.steps)),
            ("pending_kind", len(self.kinds)),
            ("pending_seat", self.n),
            ("start_player", self.n),
            ("seats", self.n * per_seat),
            ("board", 4 + 4 + 1 + 1),
            ("stocks", 4 * self.n_stocks),
            ("spots", len(self.spots) * (self.n + 1)),
            ("display", len(self.cards)),
            ("shiring", len(self.cards)),
            ("kingsbridge", len(self.cards)),
            ("event", len(self.events) + 2),
            ("prev_event", len(self.events)),
            ("next_event", len(self.events)),
            ("tax", 1),
            ("builders", 3 * self.n + 4 + self.n + 1),
            ("jobs", 1 + len(self.cards)),
            ("decks", ROUNDS + 2),
            ("game_over", 1),
        )
        self.per_seat = per_seat
        self.size = sum(n for _, n in self._blocks)

    _CACHE: dict = {}

    @classmethod
    def for_rules(cls, rules, n_players: int) -> Layout:
        key = (rules.content_hash, rules.variants, n_players)
        layout = cls._CACHE.get(key)
        if layout is None:
            layout = cls._CACHE[key] = cls(rules.cards, n_players)
        return layout

    def blocks(self) -> tuple[tuple[str, int], ...]:
        """(name, length) of each block, in tensor order."""
        return self._blocks

    # ------------------------------------------------------------------ tensor
    def tensor(self, view, peek: bool = True) -> np.ndarray:
        """The observation of ``view`` as a float32 vector of :attr:`size`;
        ``peek=False`` leaves out the one private fact, the seat's peek at the
        coming event (a public observation)."""
        out = np.zeros(self.size, np.float32)
        self.fill(view, out, peek)
        return out

    def fill(self, view, out: np.ndarray, peek: bool = True) -> None:
        """Write the observation of ``view`` into ``out`` (length :attr:`size`)."""
        s = view.state
        n = self.n
        rel = [(view.seat + i) % n for i in range(n)]  # slot -> seat
        slot = {seat: i for i, seat in enumerate(rel)}
        at = 0

        def put(i: int) -> None:
            out[at + i] += 1.0

        def cards(counts: dict, ids) -> None:
            for cid in ids:
                if cid in counts:
                    out[at + counts[cid]] += 1.0

        put(min(s.round, ROUNDS))
        at += ROUNDS + 1
        put(STAGES.index(s.stage))
        at += len(STAGES)
        put(self.steps[s.step])
        at += len(self.steps)
        pend = None if s.game_over else s.pending
        if pend is not None:
            put(self.kinds[pend.kind])
        at += len(self.kinds)
        if pend is not None:
            put(slot[pend.seat])
        at += n
        put(slot[s.start_player])
        at += n
        t = s.table
        for seat in rel:
            p = s.players[seat]
            base = at
            out[at : at + 2] = (p.gold, p.vp)
            at += 2
            out[at : at + 4] = p.cubes
            at += 4
            out[at : at + 4] = [getattr(p.pieces, k) for k in PIECES]
            at += 4
            out[at : at + 4] = [getattr(p.placed, k) for k in PIECES]
            at += 4
            out[at] = p.grey_next
            at += 1
            out[at] = sum(u for _, _, u in p.uses)
            at += 1
            for flag in (t.passed, t.protected, t.exempt, t.done, t.prev_protected):
                out[at] = seat in flag
                at += 1
            cards(self.craftsmen, p.craftsmen)
            at += len(self.craftsmen)
            cards(self.privileges, p.privileges)
            at += len(self.privileges)
            cards(self.resources, p.resource_cards)
            at += len(self.resources)
            assert at - base == self.per_seat
        out[at : at + 4] = s.supply
        at += 4
        out[at : at + 4] = s.market
        at += 4
        out[at] = s.court_metal
        out[at + 1] = s.cathedral
        at += 2
        for k in range(self.n_stocks):  # () before the first round opening refills them
            if k < len(s.stocks):
                out[at : at + 4] = s.stocks[k]
            at += 4
        for k, (loc, i) in enumerate(self.spots):
            seats = s.spot_list(loc)
            who = seats[i] if i < len(seats) else None
            put(k * (n + 1) + (0 if who is None else 1 + slot[who]))
        at += len(self.spots) * (n + 1)
        cards(self.cards, s.display)
        at += len(self.cards)
        cards(self.cards, s.shiring)
        at += len(self.cards)
        cards(self.cards, s.kingsbridge)
        at += len(self.cards)
        cards(self.events, [t.event])
        at += len(self.events)
        out[at] = bool(t.event)
        out[at + 1] = t.event_applied
        at += 2
        cards(self.events, [t.prev_event])
        at += len(self.events)
        cards(self.events, [view.next_event] if peek else [])
        at += len(self.events)
        out[at] = t.tax
        at += 1
        b = s.builders
        for seats in (b.bag, b.parked, b.thirds):
            for seat in seats:
                put(slot[seat])
            at += n
        out[at : at + 4] = (b.marker, b.price, b.redraw_used, b.drawn is None)
        at += 4
        if b.drawn is not None:
            put(slot[b.drawn])
        at += n
        out[at] = len(b.first_placed)
        at += 1
        out[at] = len(t.jobs)
        if t.jobs and t.jobs[0].source in self.cards:  # the first job's source card
            out[at + 1 + self.cards[t.jobs[0].source]] = 1.0
        at += 1 + len(self.cards)
        d = s.decks
        for r in range(ROUNDS):
            out[at + r] = len(d.craftsman_decks[r]) if r < len(d.craftsman_decks) else 0
        out[at + ROUNDS] = len(d.event_deck)
        out[at + ROUNDS + 1] = len(d.privilege_deck)
        at += ROUNDS + 2
        out[at] = s.game_over
        at += 1
        assert at == self.size

    # ------------------------------------------------------------------ text
    def text(self, view, peek: bool = True) -> str:
        """The observation of ``view`` as text (what the tensor holds, readable)."""
        next_event = (view.next_event if peek else None) or "?"
        s = view.state
        t = s.table
        pend = "game over" if s.game_over or s.pending is None else f"seat {s.pending.seat} to decide {s.pending.kind}"
        lines = [
            f"you are seat {view.seat}; round {s.round} {s.stage} {s.step or '-'}; {pend}; "
            f"start player {s.start_player}",
        ]
        for seat, p in enumerate(s.players):
            flags = [
                f
                for f, group in zip(FLAGS, (t.passed, t.protected, t.exempt, t.done, t.prev_protected))
                if seat in group
            ]
            lines.append(
                f"seat {seat} {p.name}: {p.gold} gold {p.vp} VP cubes {list(p.cubes)} "
                f"pieces {p.pieces} placed {p.placed} grey_next {p.grey_next} "
                f"craftsmen {sorted(p.craftsmen)} privileges {sorted(p.privileges)} "
                f"resource cards {sorted(p.resource_cards)} uses {sorted(p.uses)} "
                f"boosts {sorted(p.boosts)} {' '.join(flags)}".rstrip()
            )
        b = s.builders
        lines += [
            f"supply {list(s.supply)} market {list(s.market)} court metal {s.court_metal} "
            f"cathedral {s.cathedral}" + (f" stocks {[list(x) for x in s.stocks]}" if s.stocks else ""),
            "spots "
            + " ".join(f"{loc}:{''.join('.' if x is None else str(x) for x in seats)}" for loc, seats in s.spots),
            f"display {sorted(s.display)} shiring {sorted(s.shiring)} kingsbridge {sorted(s.kingsbridge)}",
            f"event {t.event or '-'} applied {t.event_applied} prev {t.prev_event or '-'} "
            f"tax {t.tax} next event {next_event}",
            f"builders bag {sorted(b.bag)} marker {b.marker} drawn {b.drawn} price {b.price} "
            f"parked {list(b.parked)} thirds {sorted(b.thirds)} first {list(b.first_placed)} "
            f"redraw used {b.redraw_used}",
            f"jobs {[(j.seat, j.source, j.ability, j.option) for j in t.jobs]} "
            f"decided {sorted(t.decided)} traded {sorted(t.traded)}",
            f"deck sizes {[len(d) for d in s.decks.craftsman_decks]} events {len(s.decks.event_deck)} "
            f"privileges {len(s.decks.privilege_deck)}",
        ]
        return "\n".join(lines)


def extend_digest(digest: str, events) -> str:
    """The history digest ``digest`` extended by ``events`` (from a seat's
    redacted log), one link per event: ``d' = sha256(d + repr(event))``. Equal
    digests mean equal redacted logs (up to SHA-256 collisions); the redacted log
    is the same for every seat, so it is a perfect-recall record of everything
    public (what a seat peeks at is in its observation text)."""
    for e in events:
        digest = hashlib.sha256((digest + repr(e)).encode()).hexdigest()
    return digest


__all__ = ["Layout", "extend_digest"]
