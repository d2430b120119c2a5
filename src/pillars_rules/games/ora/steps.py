"""The follow-ups a building's use may name and how the flow plays each, as data.

A use's outcome carries follow-up steps (:class:`~pillars_rules.mechanisms.use.Follow`,
in the card's words); the flow plays each as one of its own steps (:data:`STEPS`).
:data:`FOLLOWS` lists every follow-up a card may write and the step it is played as:
the card checker reads it (``cards check``, and a game's card set when loaded), so a
building card that is accepted is one the flow can play (docs/ora/cards.rst).
"""

from __future__ import annotations

from collections.abc import Mapping

#: The follow-up steps the flow runs, with the arguments each takes ("" for none).
STEPS: Mapping[str, frozenset[str]] = {
    "build": frozenset({""}),  # a build action (Carpentry, Locutory)
    "recall": frozenset({"", "all", "prior", "lay brother"}),  # the user's placed clergy come home (Bathhouse)
    "fell": frozenset({""}),  # a fell-trees action (Calefactory)
    "cut": frozenset({""}),  # a cut-peat action (Calefactory)
    "settle": frozenset({""}),  # a settlement from hand (Castle)
    "land": frozenset({"", "district", "plot"}),  # a landscape, free (Bulwark)
    "clear": frozenset({"forest", "moor"}),  # remove one of the user's covers, taking nothing (Carpentry)
    # use another building's function (R26, R27): one a prior stands on (Priory), any occupied one
    # (Palace, Grand Manor), an empty one next to this one (Cloister Garden, Cottage), one in the display
    # (Hospice, Guesthouse)
    "use": frozenset({"prior", "occupied", "adjacent", "display"}),
}
#: Every follow-up a building card may write in the card language (``Follow(step, arg)`` in the card's
#: words, docs/ora/cards.rst) that the flow plays, with the flow's step (:data:`STEPS`) it is played as.
#: A ``use ... building`` follow-up may end with ``except CARD`` (the Priory's ``use a building with prior
#: except priory``): it is played as the same step, never offering that card (:func:`excepted`).
#: It is the whole list: ``cards check`` (and a game's card set when loaded) refuses any other where it is
#: written, since a card the checker accepts must play. A function written in Python may name the flow's
#: steps directly.
FOLLOWS: Mapping[tuple[str, str], tuple[str, str]] = {
    ("build", ""): ("build", ""),  # Carpentry, Locutory
    ("settle", ""): ("settle", ""),  # Castle
    ("recall", "all"): ("recall", "all"),  # Bathhouse
    ("recall", "prior"): ("recall", "prior"),  # Locutory
    ("clear", "forest"): ("clear", "forest"),  # Carpentry, Forest Hut, Printing Office
    ("clear", "moor"): ("clear", "moor"),
    ("action", "fell_trees"): ("fell", ""),  # Calefactory
    ("action", "cut_peat"): ("cut", ""),  # Calefactory
    ("land", "district"): ("land", "district"),  # Bulwark
    ("land", "plot"): ("land", "plot"),  # Bulwark
    ("use", "occupied"): ("use", "occupied"),  # Palace, Grand Manor
    ("use", "with prior"): ("use", "prior"),  # the Priory (its card: "... except priory")
    ("use", "empty adjacent"): ("use", "adjacent"),  # Cloister Garden, Cottage
    ("use", "displayed"): ("use", "display"),  # Hospice, Guesthouse
}
#: The card language's words for a follow-up that differ from the flow's step (a part of :data:`FOLLOWS`).
CARD_STEPS: Mapping[tuple[str, str], tuple[str, str]] = {k: v for k, v in FOLLOWS.items() if k != v}


#: The word that starts the card a ``use`` follow-up leaves out (the card language's ``except``).
EXCEPT = " except "


def split_except(step: str, arg: str) -> tuple[str, str | None]:
    """A follow-up's argument without its ``except CARD`` part, and that card (``None``: none)."""
    if step != "use" or EXCEPT not in f" {arg}":
        return arg, None
    base, _, card = f" {arg}".rpartition(EXCEPT)
    return base.strip(), card.strip()


def flow_step(step: str, arg: str) -> tuple[str, str]:
    """A card's follow-up ``(step, arg)`` as the flow's step (:data:`FOLLOWS`, after its ``except CARD``
    part; otherwise unchanged: a function written in Python names the flow's steps)."""
    found = FOLLOWS.get((step, arg))
    if found is not None:
        return found
    base, card = split_except(step, arg)
    return FOLLOWS.get((step, base), (step, arg)) if card is not None else (step, arg)


def playable(step: str, arg: str) -> bool:
    """Does the flow play the follow-up a card writes (:data:`FOLLOWS`, with or without ``except CARD``)?"""
    return (step, split_except(step, arg)[0]) in FOLLOWS


def excepted(spec: object) -> dict[tuple[str, str], frozenset[str]]:
    """The cards a compiled card's ``use`` follow-ups leave out, by the flow's step they are played as."""
    out: dict[tuple[str, str], set[str]] = {}
    for step, arg in written(spec):
        base, card = split_except(step, arg)
        if card is not None:
            out.setdefault(flow_step(step, base), set()).add(card)
    return {k: frozenset(v) for k, v in out.items()}


def written(spec: object) -> list[tuple[str, str]]:
    """Every follow-up ``(step, arg)`` a compiled card's function names, in the card's words (its
    plain data, :data:`~pillars_rules.cardlang.buildcomp.FunctionSpec`: the pieces ``("do", step, arg)``)."""
    if not isinstance(spec, tuple):
        return []
    if len(spec) == 3 and spec[0] == "do" and all(type(x) is str for x in spec[1:]):
        return [(spec[1], spec[2])]
    return [f for x in spec for f in written(x)]


__all__ = ["CARD_STEPS", "EXCEPT", "FOLLOWS", "STEPS", "excepted", "flow_step", "playable", "split_except", "written"]


#: The phase steps the flow runs (a mode card's ``phase ... runs``; and ``reveal`` a deck of the set).
PHASE_STEPS = frozenset(
    {
        "move marker",
        "buy landscape",
        "settle",
        "return priors",
        "one action each",
        "neutral builds",  # solo (§9.6): the whole display goes on the neutral player's heartland
        "neutral prior",  # solo: its prior on one of the new buildings, paid for (§9.5)
        "neutral recall",  # solo: its clergy come home if all are placed
        "two actions",  # solo, phase E: the round's two actions come first
    }
)
#: What the flow knows that a mode card names (the fields of the card checker's ``ModeWords``,
#: :func:`.cards.mode_words`): its phase steps, the moments clergy come home at (the round's start; 2
#: players, after the rotation, R20; the bonus round, §4.12), the moments that fire a phase, the counts an
#: end reads and the grants a phase opens (§6.3; R18).
MODE_NAMES: Mapping[str, frozenset[str]] = {
    "steps": PHASE_STEPS,
    "moments": frozenset({"round start", "after rotation", "bonus round"}),
    "after": frozenset({"bonus round over"}),
    "counts": frozenset({"buildings displayed"}),
    "grants": frozenset({"landscape", "settlement"}),
}
