"""Short phrases for what a card does, for labels ("Jack: you may keep 6 craftsmen").

The card renderer (:func:`pillars_rules.cardlang.render`) writes a card's
whole rules as sentences; a label has room for a phrase. These phrases are
built from the same effect registry and the renderer's own wording, so fan
cards read as well as base cards.

>>> import pillars_rules as pr
>>> rules = pr.new_game(2, seed=1).rules
>>> summary(rules.card("jack")), summary(rules.card("mason_r1"))
('you may keep 6 craftsmen', '1 stone -> 1 VP, twice a round, needs a mortar mixer')
>>> summary(rules.card("toolmaker")), summary(rules.card("wool_fair"))
('+2 gold, once a round, if you own at least 1 metal (kept)', 'gain 8 gold')
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cardlang import effects as fx
from ..cardlang.card import Card
from ..cardlang.render import ONCE_WORDS, WINDOW_WORDS, instant, modifier, scale
from .grammar import count, times


def amounts(items: Iterable[object]) -> str:
    """``2 wood, 1 stone`` (``nothing`` for none)."""
    return ", ".join(str(a) for a in items) or "nothing"


def conversion(conv: fx.Convert, capacity: bool = True) -> str:
    """``1 stone -> 1 VP, twice a round, needs a mortar mixer``."""
    text = (
        f"{amounts(conv.inputs)} -> {amounts(conv.outputs)}"
        if conv.inputs
        else "+" + ", +".join(str(a) for a in conv.outputs)
    )
    text += scale(conv.outputs_per)  # issue #53: "1 wood -> 1 gold per round number"
    if capacity and conv.shares >= 0:
        text += ", sharing the uses of the one before"
    elif capacity:
        text += f", {times(conv.capacity or 1)} a round"
        if conv.capacity_per is not None:  # capacity 1 + 1 per counter (issue #36)
            per = conv.capacity_per
            what = fx.COUNT_SINGULAR.get(per.what, per.what) if per.per == 1 else f"{per.per} {per.what}"
            text += f" +{conv.capacity_plus} per {what}"
    if conv.condition is not None:
        text += f", if you own at least {count(conv.condition.n, conv.condition.kind.replace('vp', 'VP'))} (kept)"
    for tag in conv.tags_needed:
        noun = tag.replace("_", " ")
        text += f", needs {'an' if noun[:1] in 'aeiou' else 'a'} {noun}"
    return text


def _step(step: str) -> str:
    if step == fx.GAME_END:
        return "at the end of the game"
    if step == fx.SETUP:
        return "at set-up"
    return "each round" if step == "round_start" else f"each round at the {step.replace('_', ' ')}"


def ability(a: object) -> str:
    """One ability as a short phrase."""
    if isinstance(a, fx.Convert):
        return conversion(a)
    if isinstance(a, fx.Passive):
        return modifier(a.modifier)
    if isinstance(a, fx.Trigger):
        return f"{_step(a.step)}: {instant(a.effect)}"
    if isinstance(a, fx.OnGain):
        return instant(a.effect)
    if isinstance(a, fx.Once):
        what = ONCE_WORDS.get(type(a.effect)) or instant(a.effect)
        return f"once per game, {WINDOW_WORDS.get(a.window, a.window)}: {what}"
    if isinstance(a, fx.OnAction):
        where = f" at the {a.location.replace('_', ' ')}" if a.location else ""
        verb = a.action if a.who == "you" else fx.ACTION_THIRD[a.action]
        return f"when {fx.REACTORS[a.who]} {verb}{where}: {instant(a.effect)}"
    if isinstance(a, fx.Now):
        if fx.is_table_effect(a.effect) or fx.is_shared(a.effect):
            return instant(a.effect)
        return f"each player: {instant(a.effect)}"
    if isinstance(a, fx.ThisRound):
        return f"this round, {modifier(a.modifier, everyone=True)}"
    if isinstance(a, fx.NextRound):
        return f"next round, {modifier(a.modifier, everyone=True)}"
    if isinstance(a, fx.RestOfGame):
        return f"for the rest of the game, {modifier(a.modifier, everyone=True)}"
    return type(a).__name__


def summary(card: Card) -> str:
    """What ``card`` does, as one phrase: its abilities joined by ``;``."""
    parts = [ability(a) for a in card.abilities]
    tags = [t.replace("_", " ") for t in card.tags if t.replace("_", " ") != card.name.casefold()]
    if tags and card.kind == "craftsman":
        parts.append("counts as " + ", ".join(f"{'an' if t[:1] in 'aeiou' else 'a'} {t}" for t in tags))
    return "; ".join(parts) or "no effect"


def once_effect(card: Card, window: str) -> str:
    """What using ``card``'s once-per-game ability of ``window`` does."""
    for a in card.abilities:
        if isinstance(a, fx.Once) and a.window == window:
            return ONCE_WORDS.get(type(a.effect)) or instant(a.effect)
    return "its once-per-game ability"


__all__ = ["ability", "amounts", "conversion", "once_effect", "summary"]
