"""A test catalogue of Ora's cards, read from docs/ora/lexicon.csv, with small test-side functions.

Until the cards land as card text (branch h58cards), the game's tests need a
catalogue: every card of the lexicon with its data, and a function for the
buildings the tests use -- the three heartland producers, the wheel producers,
a few exchanges, and the buildings whose outcomes have follow-ups. Any other
building lists no outcome (it may still be built and occupied).
"""

from __future__ import annotations

import csv
from collections.abc import Mapping, Sequence
from pathlib import Path

import attrs

from pillars_rules.mechanisms.use import Follow, Outcome, UseContext

LEXICON = Path(__file__).resolve().parents[3] / "docs" / "ora" / "lexicon.csv"


@attrs.frozen
class Card:
    id: str
    name: str
    kind: str
    variant: str
    deck: str
    mark: str
    modes: frozenset[str]
    cost: tuple[tuple[str, int], ...]
    econ: int
    dwell: int
    terrain: frozenset[str]
    cloister: bool
    function: object | None


@attrs.frozen
class Wheel:
    """Take one of ``goods`` in its indicator's worth, or in the joker's; that indicator resets."""

    goods: tuple[str, ...]

    def outcomes(self, ctx: UseContext) -> Sequence[Outcome]:
        out = []
        joker = ctx.track("joker")
        for g in self.goods:
            v = ctx.track(g)
            if v is not None:
                out.append(Outcome(take={g: v}, reset=(g,), words=f"{v} {g}"))
            if joker is not None:
                out.append(Outcome(take={g: joker}, reset=("joker",), words=f"joker: {joker} {g}"))
        return out


@attrs.frozen
class Exchange:
    """Give ``give`` and take ``take``, 1 to ``most`` times; ``then``: follow-ups of each outcome."""

    give: tuple[tuple[str, int], ...]
    take: tuple[tuple[str, int], ...]
    most: int = 1
    then: tuple[Follow, ...] = ()

    def outcomes(self, ctx: UseContext) -> Sequence[Outcome]:
        stock: Mapping[str, int] = ctx.stock()
        out = []
        for k in range(1, self.most + 1):
            if any(stock.get(g, 0) < n * k for g, n in self.give):
                break
            out.append(
                Outcome(
                    give={g: n * k for g, n in self.give},
                    take={g: n * k for g, n in self.take},
                    then=self.then,
                    words=f"{k} time{'s' if k > 1 else ''}",
                )
            )
        return out


class Nothing:
    """A function the test catalogue does not write: it lists no outcome."""

    def outcomes(self, ctx: UseContext) -> Sequence[Outcome]:
        return ()


def E(give: Mapping[str, int], take: Mapping[str, int], most: int = 1, then: Sequence[Follow] = ()) -> Exchange:
    return Exchange(tuple(give.items()), tuple(take.items()), most, tuple(then))


#: The test functions, by lexicon id.
FUNCTIONS: dict[str, object] = {
    "H01": Wheel(("clay",)),
    "H02": Wheel(("grain", "sheep")),
    "H03": Wheel(("coin",)),
    "G22": Wheel(("stone",)),
    "F29": Wheel(("stone",)),
    "F14": Wheel(("grapes",)),
    "F31": Wheel(("grapes",)),
    "F03": E({"coin": 1}, {"grain": 6}),
    "I03": E({"coin": 1}, {"grain": 4, "book": 1}),
    "F04": E({"grain": 1}, {"flour": 1, "straw": 1}, 7),
    "I04": E({"grain": 1}, {"malt": 1, "straw": 1}, 7),
    "G07": E({}, {"peat_coal": 1, "coin": 1}),
    "G13": E({"coin": 2}, {"wood": 2, "clay": 2, "stone": 1, "straw": 1}),
    "G16": E({}, {"clay": 1, "sheep": 1, "wood": 1, "grain": 1, "peat": 1, "coin": 1}),
    "G19": E({"sheep": 1, "straw": 1}, {"meat": 1}, 6),
    "F11": E({}, {"wood": 1, "wine": 1, "coin": 1, "ceramic": 1}),
    "I11": E({}, {"wood": 1, "malt": 1, "coin": 1, "peat": 1}),
    "F21": E({"grapes": 1}, {"wine": 1}, 6),
    "F10": E({}, {}, then=[Follow("clear", "forest"), Follow("build")]),
    "G01": E({}, {}, then=[Follow("use", "prior")]),
    "F27": E({"wine": 1}, {}, then=[Follow("use", "occupied")]),
    "I27": E({"whiskey": 1}, {}, then=[Follow("use", "occupied")]),
    "F09": E({}, {"grapes": 1}, then=[Follow("use", "adjacent")]),
    "I10": E({}, {"malt": 1}, then=[Follow("use", "adjacent")]),
    "F40": E({}, {}, then=[Follow("use", "display")]),
    "I40": E({}, {}, then=[Follow("use", "display")]),
    "I23": E({"coin": 2}, {}, then=[Follow("recall", "prior"), Follow("build")]),
    "F23": E({"coin": 1}, {"book": 1, "ceramic": 1}, then=[Follow("recall", "all")]),
    "G28": E({}, {}, then=[Follow("settle")]),
    "F32": E({"coin": 1}, {}, then=[Follow("fell"), Follow("cut")]),
    "I37": E({"book": 1}, {}, then=[Follow("land")]),
    "G34": E({"book": 1, "ceramic": 1, "ornament": 1, "reliquary": 1}, {"wonder": 1}),
}

_GOOD = {"coins": "coin", "coin": "coin"}


def _cost(text: str) -> tuple[tuple[str, int], ...]:
    if text.strip() in ("-", ""):
        return ()
    out = []
    for part in text.split("+"):
        n, _, good = part.strip().partition(" ")
        out.append((_GOOD.get(good, good), int(n)))
    return tuple(out)


def catalogue(functions: Mapping[str, object] = FUNCTIONS) -> tuple[Card, ...]:
    """Every card of the lexicon, with ``functions`` (any other building: :class:`Nothing`)."""
    out = []
    with LEXICON.open(encoding="utf-8") as f:
        for row in csv.DictReader(f):
            kind = row["kind"]
            variant = row["variant"].lower()
            out.append(
                Card(
                    id=row["id"],
                    name=row["name"],
                    kind=kind,
                    variant=variant,
                    deck=row["deck"],
                    mark=row["mark"],
                    modes=frozenset(row["modes"].split()),
                    cost=_cost(row["cost"]),
                    econ=int(row["econ"]),
                    dwell=int(row["dwell"]),
                    terrain=frozenset(row["terrain"].split()),
                    cloister=row["cloister"] == "yes",
                    function=None if kind == "settlement" else functions.get(row["id"], Nothing()),
                )
            )
    return tuple(out)
