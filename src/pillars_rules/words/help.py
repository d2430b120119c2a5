"""Rules help at the table: what each board place and step does, citing the rules §.

:func:`find_topic` answers ``help PLACE`` and ``rules PLACE`` in the terminal
(and any other client): a place or step by its engine name (``kings_court``),
its English name (``King's court``, ``court``), its step number (``step 9``,
``9``) or a phase (``draft``, ``phase 2``).

>>> topic, hint = find_topic("the King's court")
>>> topic.title, topic.section
("The King's court", '§2.4 step 9, §3')
>>> find_topic("step 12")[0].id
'market'
>>> find_topic("prioyr")[1]
"no place or rule 'prioyr' -- did you mean the Priory?"

The texts state the rules as the engine plays them (``docs/rules.rst``); the
section numbers are those of the rules reference, so a reader can look a rule
up. They name no card: a card's own text comes from the card renderer
(:func:`pillars_rules.cardlang.render`), so fan cards are explained by their
text, not here.

The places are the game's board (``find_topic(query, rules)``): a place of the
base board's text is explained here, any other place (a fan board's) by the
renderer's reading of its text; step numbers are the board's order.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from typing import Any

import attrs
from attrs import frozen

from ..cardlang.render import render
from ..engine.layout import Layout, base_layout


@frozen
class Topic:
    """One place, step or phase: ``id`` (a location or step name, or a phase
    such as ``draft``), ``title``, the rules ``section`` it cites, ``text``,
    and for a place its number of builder ``spots`` on the game's board."""

    id: str
    title: str
    section: str
    text: str
    aliases: tuple[str, ...] = ()
    spots: int = 0

    def __str__(self) -> str:
        spots = self.spots
        head = f"{self.title} ({self.section})"
        if spots:
            head += f", {spots} spot" + ("s" if spots > 1 else "")
        return f"{head}: {self.text}"


_T = Topic
TOPICS: tuple[Topic, ...] = (
    _T(
        "round_start",
        "The round opening",
        "§2.1",
        "The market is refilled to 4 wood, 4 stone and 4 sand; a metal is put on the King's court "
        "unless one is still there (it holds at most 1); last round's grey workers go back; the "
        "cost marker goes to 7; two privileges are laid beside Kingsbridge; of the round's four "
        "craftsmen two go beside Shiring and two into the display; seven of the nine resource "
        "cards are dealt into the display.",
        ("opening", "round", "setup"),
    ),
    _T(
        "draft",
        "Phase I: the draft",
        "§2.2",
        "From the start player clockwise, each player takes one card from the display or passes; "
        "a pass is final for this phase. A resource card needs its workers put on it (the big "
        "worker counts 5; excess value is lost). A craftsman costs its gold; over the craftsman "
        "limit (5) you discard one, possibly the new one. Workers not placed go to the wool mill.",
        ("phase 1", "phase i", "display", "hire", "workers", "resource cards"),
    ),
    _T(
        "builders",
        "Phase II: placing builders",
        "§2.3",
        "The start player draws builders from the bag one at a time. The owner pays the price "
        "under the cost marker and places the builder on a free spot, or passes: the builder "
        "waits on that cost space and is placed free after the bag is empty. The marker then "
        "moves down one (7 to 1, then 0). At price 0 a builder must be placed. Once per round "
        "the start player may put a drawn builder back and draw again. With 2 players the last "
        "builder drawn from the bag is free (also when fewer are drawn: City wall, variant dm). "
        "One builder per spot; nobody has two at the King's court or two at the market. The "
        "Priory's, the court's and the market's spots fill in order.",
        ("phase 2", "phase ii", "bag", "placing", "place", "cost marker", "redraw"),
    ),
    _T(
        "resolution",
        "Phase III: resolution",
        "§2.4",
        "The board is resolved in fourteen steps: 1 event, 2 Bishop, 3 wool mill, 4 Kingsbridge, "
        "5 Priory, 6 forest, 7 quarry, 8 sand pit, 9 King's court, 10 Shiring, 11 Shiring castle, "
        "12 market, 13 cathedral, 14 start player. A card ability tied to a step happens at the "
        "start of that step.",
        ("phase 3", "phase iii", "steps"),
    ),
    _T(
        "event",
        "The event",
        "§2.4 step 1, §8",
        "The top event card is revealed and applies to every player it reaches. The Bishop's "
        "holder decides first (protection or a cube); a harmful event spares a protected player. "
        "Choices an event asks for are made after its other effects, in turn order.",
        ("step 1", "events"),
    ),
    _T(
        "bishop",
        "The Bishop's seat",
        "§2.4 step 2, §3",
        "Its holder takes either protection from this round's harmful event or one wood, stone "
        "or sand from the market -- not both.",
        ("step 2", "bishop seat", "bishops seat"),
    ),
    _T(
        "wool_mill",
        "The wool mill",
        "§2.4 step 3, §2.2",
        "Each player earns 1 gold per worker value left in the mill (the big worker counts 5), "
        "then all workers go home. It has no builder spots.",
        ("step 3", "mill", "wool"),
    ),
    _T(
        "kingsbridge",
        "Kingsbridge",
        "§2.4 step 4, §3, §7",
        "Each builder takes the privilege beside its spot. Unclaimed privileges leave the game. "
        "A permanent privilege works from then on, a once privilege when its moment comes, an "
        "immediate one at once, and then it goes back in the box.",
        ("step 4", "privileges", "bridge"),
    ),
    _T(
        "priory",
        "The Priory",
        "§2.4 step 5, §3",
        "The builder placed here first scores 2 VP, the one placed second 1 VP (the spots fill in order).",
        ("step 5",),
    ),
    _T(
        "forest",
        "The forest",
        "§2.4 step 6, §5",
        "Each forest card taken this round yields its wood (events may add or take one per "
        "card); then the cards and their workers go back.",
        ("step 6", "wood"),
    ),
    _T(
        "quarry",
        "The quarry",
        "§2.4 step 7, §5",
        "Each quarry card taken this round yields its stone (events may add or take one per "
        "card); then the cards and their workers go back.",
        ("step 7", "stone"),
    ),
    _T(
        "sand_pit",
        "The sand pit",
        "§2.4 step 8, §5",
        "Each sand pit card taken this round yields its sand (events may add or take one per "
        "card); then the cards and their workers go back.",
        ("step 8", "sand", "pit"),
    ),
    _T(
        "kings_court",
        "The King's court",
        "§2.4 step 9, §3",
        "The start player rolls the tax die (2, 3, 3, 4, 4, 5); every player without a builder "
        "here pays that tax (debt: §2.5). The builder placed here first takes the court's metal "
        "(the court holds at most 1, §2.1); the spots fill in order. One builder per player.",
        ("step 9", "court", "tax", "king"),
    ),
    _T(
        "shiring",
        "Shiring",
        "§2.4 step 10, §3",
        "Each builder takes the craftsman beside its spot, free; over the craftsman limit the "
        "owner discards one at once, possibly the new one. Unclaimed craftsmen leave the game.",
        ("step 10",),
    ),
    _T(
        "castle",
        "Shiring castle",
        "§2.4 step 11, §3",
        "Its holder gets 2 grey workers for next round.",
        ("step 11", "shiring castle", "grey workers"),
    ),
    _T(
        "market",
        "The market",
        "§2.4 step 12, §3, §4",
        "Holders trade in placement order, round after round, until all stop (stopping is "
        "final). One action buys or sells any number of one cube type: sand 2, wood 3, stone 4 "
        "gold each; metal only sells, for 5. Nobody buys and sells the same type in one round. "
        "Buying wood needs a card that allows it (a carpenter), selling stone too (a stonemason). "
        "Gold stops at 30. One builder per player.",
        ("step 12", "trade", "trading", "prices"),
    ),
    _T(
        "cathedral",
        "The cathedral",
        "§2.4 step 13, §6",
        "From the start player clockwise, each player uses craftsmen to turn resources into VP "
        "or gold, one use of one conversion at a time, in any order, each at most its capacity "
        "times. Then everyone keeps at most 5 cubes (metal counts) and returns the rest; the "
        "start player adds a cathedral piece.",
        ("step 13", "build", "building", "craftsmen"),
    ),
    _T(
        "start_player",
        "The start player's spot",
        "§2.4 step 14, §3",
        "Its holder becomes the start player; if it is empty, the player to the left of the current start player does.",
        ("step 14", "start player", "start"),
    ),
    _T(
        "debt",
        "Debt",
        "§2.5",
        "Who must pay gold they lack pays all their gold and loses 1 VP per 2 gold missing, "
        "rounded down. VP never go below 0.",
        ("owe",),
    ),
    _T(
        "end",
        "The end of the game",
        "§2.6",
        "After round 6 most VP wins; a tie goes to more gold; a remaining tie is shared.",
        ("scoring", "winner", "game end", "ranking"),
    ),
)
#: Topics by id (the base board's places and the phases).
BY_ID: dict[str, Topic] = {t.id: t for t in TOPICS}
#: Topics that are no place of a board (the phases, debt, the end).
RULE_TOPICS: tuple[str, ...] = ("round_start", "draft", "builders", "resolution", "debt", "end")


def _fold(text: str) -> str:
    """Case, accents, apostrophes and a leading "the" do not matter."""
    text = unicodedata.normalize("NFKD", text.casefold())
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"['\u2019]s\b", "s", text)
    text = re.sub(r"[^0-9a-z]+", " ", text).strip()
    return text[4:] if text.startswith("the ") else text


def _place_topic(layout: Layout, key: str, step: int) -> Topic:
    """The help of one place of ``layout``'s board: the base board's own
    place is explained here, another by the renderer's reading of its text."""
    card = next(c for c in layout.board.places if c.id == key)
    spots = layout.locations.get(key, 0)
    base = BY_ID.get(key)
    if base is not None and base_layout().board.by_key.get(key) == card.place:
        return attrs.evolve(base, spots=spots)
    return Topic(
        key,
        card.name,
        f"step {step} of this board",
        render(card),
        (card.place.called,) if card.place.called else (),
        spots,
    )


def _resolution(layout: Layout) -> Topic:
    base = BY_ID["resolution"]
    if layout.steps == base_layout().steps:
        return base
    steps = ", ".join(f"{i} {layout.words(k)}" for i, k in enumerate(layout.steps, 1))
    return attrs.evolve(
        base,
        text=f"The board is resolved in {len(layout.steps)} steps: {steps}. A card "
        "ability tied to a step happens at the start of that step.",
    )


class _Topics:
    """The topics of one board and the words that find them."""

    def __init__(self, layout: Layout) -> None:
        places = [_place_topic(layout, k, i) for i, k in enumerate(layout.steps, 1)]
        rules = [_resolution(layout) if t == "resolution" else BY_ID[t] for t in RULE_TOPICS]
        self.topics: tuple[Topic, ...] = tuple(rules[:4] + places + rules[4:])
        self.by_id: dict[str, Topic] = {t.id: t for t in self.topics}
        self.keys: dict[str, Topic] = {}
        for i, t in enumerate(places, 1):
            self.keys[str(i)] = t
        for t in self.topics:
            names = (t.id, t.id.replace("_", " "), t.title, *t.aliases)
            for k in names:
                folded = _fold(k)
                if not (folded.startswith("step ") and folded[5:].isdigit()):  # numbers: the board's order
                    self.keys.setdefault(folded, t)


_BOARDS: dict[int, tuple[Layout, _Topics]] = {}


def _topics(rules: Any = None) -> _Topics:
    layout = base_layout() if rules is None else rules.layout
    kept = _BOARDS.get(id(layout))
    if kept is None or kept[0] is not layout:
        if len(_BOARDS) > 16:
            _BOARDS.clear()
        kept = _BOARDS[id(layout)] = (layout, _Topics(layout))
    return kept[1]


def topic_for(rules: Any, key: str) -> Topic | None:
    """The topic of a place or rule ``key`` on ``rules``' board (``None``: no such topic)."""
    return _topics(rules).by_id.get(key)


def find_topic(query: str, rules: Any = None) -> tuple[Topic | None, str]:
    """The topic ``query`` names on the board of ``rules`` (a game's
    :class:`~pillars_rules.engine.context.Rules`; ``None``: the base board),
    and ``""``; or ``None`` and a one-line hint."""
    table = _topics(rules).keys
    q = _fold(query)
    if q.startswith("step ") and q[5:].isdigit():
        q = q[5:]
    if q in table:
        return table[q], ""
    near = difflib.get_close_matches(q, list(table), n=1, cutoff=0.6)
    shown = query.strip() if len(query.strip()) <= 30 else query.strip()[:30] + "..."
    guess = ""
    if near:
        t = table[near[0]]
        guess = f" -- did you mean {t.title[0].lower() + t.title[1:] if t.title.startswith('The ') else t.title}?"
    return None, f"no place or rule {shown!r}{guess}"


def topic_list(rules: Any = None) -> str:
    """One line naming every topic of ``rules``' board (for ``rules`` without a word)."""
    return "places and rules: " + ", ".join(t.id.replace("_", " ") for t in _topics(rules).topics)


__all__ = ["BY_ID", "TOPICS", "Topic", "find_topic", "topic_for", "topic_list"]
