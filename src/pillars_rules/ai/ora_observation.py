"""Ora et Labora's observations: a fixed-length float32 vector and a text of a seat's view.

Nothing is hidden in Ora, so every seat observes the whole table; seats are
still *relative* (slot 0 is the observing seat, slot 1 the next one...), as in
Pillars' :mod:`.observation`. The neutral player of the solo game is the last
slot. :meth:`OraLayout.blocks` names the blocks and their lengths:

* ``round``: the round, the fee level, the wonders taken, the settlements
  built in the phase, the bonus round, the final turn, the game over (7 numbers);
* ``pending``: whose decision (one-hot by slot) and what kind (one-hot over
  :data:`PENDING`, the last entry for any other);
* ``start``: the start player (one-hot by slot);
* ``wheel``: per indicator of the production wheel, present, its steps and its
  worth now;
* ``display``: the buildings that may be built (multi-hot over the building cards);
* ``stacks``: per landscape pile, the boards left and the next price;
* per seat (``seats``): its goods (one number per good), its settlement hand
  (counts per settlement card), its clergy at home and placed (per kind), its
  bought flag, its score parts (goods, economic, dwelling), the cards on its
  landscape (multi-hot over building and settlement cards), and per cell of
  the window (:class:`~.ora_encoding.Window`): whether it exists, its terrain
  (one-hot), its cover (one-hot), whether a card stands there and how many
  clergy stand on that card.

>>> import pillars_rules as pr
>>> from pillars_rules.ai.ora_observation import OraLayout
>>> game = pr.new_game(game="ora-et-labora", players=2, seed=1)
>>> layout = OraLayout.for_rules(game.rules)
>>> layout.tensor(game.view(0)).shape == (layout.size,)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..games.ora.game import public
from ..games.ora.rules import STEPS
from .ora_encoding import KINDS, Window, in_play, once, seats_of

#: The kinds of decision a seat may be asked for (a follow-up step is ``then <step>``).
PENDING = (
    "action",
    "bonus",
    "after",
    "clergy",
    "prior",
    "buy",
    "settle",
    "neutral build",
    "neutral prior",
    *(f"then {s}" for s in STEPS),
    "other",
)


#: The last states' score parts and tables, by identity (each entry keeps its state, so an id is not
#: reused while it is here): every seat's observation of a position reads the same ones.
_MEMO: dict[int, tuple[Any, list[tuple[int, ...]], dict[str, Any]]] = {}
_MEMO_SIZE = 32


def _table(state: Any, rules: Any) -> tuple[list[tuple[int, ...]], dict[str, Any]]:
    """Each seat's score parts and the public table of ``state`` (worked out once per state)."""
    hit = _MEMO.get(id(state))
    if hit is None or hit[0] is not state:
        data = public(state, rules)
        scores = [tuple(seat["score"][k] for k in ("goods", "economic", "dwelling")) for seat in data["seats"]]
        if len(_MEMO) >= _MEMO_SIZE:
            _MEMO.clear()
        hit = _MEMO[id(state)] = (state, scores, data)
    return hit[1], hit[2]


def _onehot(values: Any) -> dict[str, int]:
    return {v: i for i, v in enumerate(values)}


class OraLayout:
    """The vector layout of one Ora configuration (rules and landscapes)."""

    _CACHE: dict[tuple[str, int], OraLayout] = {}

    def __init__(self, rules: Any) -> None:
        self.n = seats_of(rules)
        self.window = Window(rules)
        cards = in_play(rules)
        self.buildings = _onehot(c.id for c in cards if c.kind in ("heartland", "building"))
        self.placed = _onehot(c.id for c in cards if c.kind in ("heartland", "building", "settlement"))
        self.settlements = _onehot(c.id for c in cards if c.kind == "settlement")
        self.goods = _onehot(rules.goods.goods)
        self.wheel = tuple(rules.wheel.names)
        self.terrains = _onehot(rules.grid.terrains)
        self.covers = _onehot(rules.grid.covers)
        self.piles = tuple(k for k, _ in rules.stacks.piles)
        self.pending = _onehot(PENDING)
        per_cell = 1 + len(self.terrains) + len(self.covers) + 2
        self.per_seat = (
            len(self.goods)
            + len(self.settlements)
            + 2 * len(KINDS)
            + 1
            + 3
            + len(self.placed)
            + self.window.size * per_cell
        )
        self.per_cell = per_cell
        self._blocks = (
            ("round", 7),
            ("pending", self.n + len(PENDING)),
            ("start", self.n),
            ("wheel", 3 * len(self.wheel)),
            ("display", len(self.buildings)),
            ("stacks", 2 * len(self.piles)),
            ("seats", self.n * self.per_seat),
        )
        self.size = sum(n for _, n in self._blocks)

    @classmethod
    def for_rules(cls, rules: Any) -> OraLayout:
        """The layout of a game's rules, made once per configuration."""
        return once(cls._CACHE, rules, cls)

    def blocks(self) -> tuple[tuple[str, int], ...]:
        """(name, length) of each block, in vector order."""
        return self._blocks

    def tensor(self, view: Any) -> np.ndarray:
        out = np.zeros(self.size, np.float32)
        self.fill(view, out)
        return out

    def fill(self, view: Any, out: np.ndarray) -> None:
        """Write the observation of ``view`` (an :class:`~pillars_rules.games.ora.view.OraView`) into ``out``."""
        s, rules = view.state, view.rules
        n = self.n
        me = 0 if view.seat is None else view.seat
        rel = [(me + i) % n for i in range(n)]
        slot = {seat: i for i, seat in enumerate(rel)}
        out.fill(0)
        out[0:7] = (s.round, s.level, s.wonders, s.settled, s.bonus, s.final, s.game_over)
        at = 7
        if s.pending is not None and not s.game_over:
            out[at + slot[s.pending.seat]] = 1
            out[at + n + self.pending.get(s.pending.kind, len(PENDING) - 1)] = 1
        at += n + len(PENDING)
        out[at + slot[s.start % n]] = 1
        at += n
        cfg = rules.wheel
        for name in self.wheel:
            step = s.wheel.step(name)
            if step is not None:
                out[at : at + 3] = (1, step, cfg.values[min(step, len(cfg.values) - 1)])
            at += 3
        for cid in s.display:
            if cid in self.buildings:
                out[at + self.buildings[cid]] = 1
        at += len(self.buildings)
        for pile in self.piles:
            left = dict(s.stacks.piles).get(pile, ())
            out[at : at + 2] = (len(left), left[0] if left else 0)
            at += 2
        on: dict[str, int] = {}
        for w in s.workers.all:
            if w.at is not None:
                on[w.at] = on.get(w.at, 0) + 1
        win = self.window
        scores, _ = _table(s, rules)
        for seat in rel:
            base = at
            for good, k in s.stocks[seat]:
                if good in self.goods:
                    out[at + self.goods[good]] = k
            at += len(self.goods)
            for cid in s.hands[seat]:
                if cid in self.settlements:
                    out[at + self.settlements[cid]] += 1
            at += len(self.settlements)
            for w in s.workers.of(seat) if seat < s.workers.seats else ():
                if w.kind in KINDS:
                    out[at + KINDS.index(w.kind) + (len(KINDS) if w.at is not None else 0)] += 1
            at += 2 * len(KINDS)
            out[at] = s.bought[seat] if seat < len(s.bought) else 0
            out[at + 1 : at + 4] = scores[seat]
            at += 4
            cells = s.grids[seat].cells
            for c in cells:
                if c.occupant is not None and c.occupant.card in self.placed:
                    out[at + self.placed[c.occupant.card]] = 1
            at += len(self.placed)
            for c in cells:
                base_cell = at + win.index(c.x, c.y) * self.per_cell
                out[base_cell] = 1
                out[base_cell + 1 + self.terrains[c.terrain]] = 1
                if c.cover is not None:
                    out[base_cell + 1 + len(self.terrains) + self.covers[c.cover]] = 1
                if c.occupant is not None:
                    tail = base_cell + 1 + len(self.terrains) + len(self.covers)
                    out[tail] = 1
                    out[tail + 1] = on.get(f"{seat}/{c.occupant.card}", 0)
            at += win.size * self.per_cell
            assert at - base == self.per_seat
        assert at == self.size

    def text(self, view: Any) -> str:
        """The observation of ``view`` as text: the public table, one line per seat and its landscape."""
        _, data = _table(view.state, view.rules)
        pending = data["pending"]
        head = (
            f"you are seat {view.seat}; {data['mode']} {data['variant']}; round {data['round']}; "
            + (
                "game over"
                if data["over"] or pending is None
                else f"seat {pending['seat']} to decide {pending['kind']}"
            )
            + f"; fee level {data['fee_level']}"
        )
        lines = [
            head,
            "wheel " + " ".join(f"{k}:{v}" for k, v in data["wheel"].items()),
            "display " + " ".join(data["display"]),
        ]
        for i, seat in enumerate(data["seats"]):
            goods = " ".join(f"{k}:{v}" for k, v in sorted(seat["goods"].items()) if v)
            score = seat["score"]
            lines.append(
                f"seat {i} {seat['name']}: goods {goods or '-'}; hand {' '.join(seat['hand']) or '-'}; "
                f"clergy home {' '.join(seat['clergy_home']) or '-'}; score {sum(score.values())} {score}"
            )
            for c in seat["landscape"]:
                what = c["card"] or c["cover"] or ""
                lines.append(f"  ({c['x']}, {c['y']}) {c['terrain']} {what}".rstrip())
        return "\n".join(lines)


__all__ = ["PENDING", "OraLayout"]
