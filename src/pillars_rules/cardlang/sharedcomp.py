"""Shared decisions of an event (issue #36) -> registry objects.

``vote: A | B`` and ``bid gold: PRIZE`` are an event's whole ``now:``
effect: every player the event reaches decides in turn order and one outcome
follows (:mod:`pillars_rules.engine.shared`). Each outcome is a fixed effect
for a player -- no further choice, no other players -- so the decision is
the only one. A part of :class:`.abilitycomp.AbilityFields`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import ast
from . import effects as fx

#: The registry names of the shared decisions.
SHARED = ("Vote", "Bid")


def refuse_nested(fields: Any, e: ast.Effect) -> None:
    """A vote or a bid anywhere but an event's whole ``now:`` effect."""
    word = "a vote" if e.registry == "Vote" else "a bid"
    fields.rep.at(
        e,
        f"{word} is the whole 'now:' effect of an event (every player decides once)",
        "write it as 'now: vote: gain 2 gold | gain 1 vp' or 'now: bid gold: gain 3 vp' on an event card",
    )


Check = Callable[[Any], bool]


def shared_effect(fields: Any, e: ast.Effect, has_choice: Check, reaches: Check) -> Any:
    """The :class:`~.effects.Vote` or :class:`~.effects.Bid` of ``now: <e>``;
    ``has_choice`` and ``reaches`` tell an effect that asks a choice or names
    other players (the compiler's own tests of them)."""
    if e.registry == "Vote":
        options = [_outcome(fields, o, "an option of a vote", has_choice, reaches) for o in e.arg("options")]
        ok, weight = fields.scale(e.arg("weight"))
        if ok and any(isinstance(f, fx.PerCount) and f.what in fx.CARD_COUNTS for f in fx.factors(weight)):
            fields.rep.at(
                e.arg("weight"),
                "a vote cannot be weighted by counters (an event card holds none)",
                "weigh it by a player's value, e.g. 'vote per gold: ...'",
            )
            return None
        return None if None in options or not ok else fx.Vote(tuple(options), weight)
    kind = fields.choice(e.arg("kind"), fx.BID_KINDS, "what is bid")
    prize = _outcome(fields, e.arg("prize"), "the prize of a bid", has_choice, reaches)
    return None if kind is None or prize is None else fx.Bid(kind, prize)


def _outcome(fields: Any, node: ast.Effect, what: str, has_choice: Check, reaches: Check) -> Any:
    effect = fields.instant(node)
    if effect is None:
        return None
    if has_choice(effect):
        fields.rep.at(
            node,
            f"{what} cannot ask for a choice (the vote or bid is the decision)",
            "give a fixed effect, e.g. 'gain 2 gold'",
        )
        return None
    if reaches(effect):
        fields.rep.at(
            node,
            f"{what} cannot name other players (it is for each voter, or the winner)",
            "give an effect for one player, e.g. 'gain 1 vp'",
        )
        return None
    if fx.is_table_effect(effect):
        whose = "the event deck's order" if isinstance(effect, fx.BuryEvent) else "the market's own stock"
        fields.rep.at(
            node,
            f"{what} cannot change {whose} (that happens once, not for each player)",
            "write it as an ability of its own, e.g. 'now: the market gains 2 wood'",
        )
        return None
    if not isinstance(effect, fx.Lasting) and fx.offers_lasting(effect):
        fields.rep.at(
            node,
            f"a lasting change is {what} itself only, not inside one",
            "write e.g. 'this round: tax +1' as the option",
        )
        return None
    return effect
