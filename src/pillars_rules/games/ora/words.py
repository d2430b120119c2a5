"""Ora's events in English, and a state in a few words."""

from __future__ import annotations

from typing import Any

from . import records as R
from .rules import OraRules


def _goods(goods: R.Goods) -> str:
    return ", ".join(f"{n} {g}" for g, n in goods) or "nothing"


def _card(rules: OraRules, key_or_id: str) -> str:
    cid = key_or_id.partition("/")[2] or key_or_id
    c = rules.cards.get(cid)
    return c.name if c is not None else cid


#: The flow's follow-up steps (:data:`.steps.STEPS`) in words; any other is its step and argument.
STEP_WORDS = {
    ("build", ""): "a build action",
    ("settle", ""): "a settlement",
    ("recall", "all"): "all their clergy come home",
    ("recall", "prior"): "their prior comes home",
    ("fell", ""): "fell trees",
    ("cut", ""): "cut peat",
    ("land", "district"): "a district, free",
    ("land", "plot"): "a plot, free",
    ("land", ""): "a district and a plot, free",
    ("clear", "forest"): "remove a forest",
    ("clear", "moor"): "remove a moor",
    ("use", "prior"): "use a building a prior stands on",
    ("use", "occupied"): "use an occupied building",
    ("use", "adjacent"): "use an empty building next to it",
    ("use", "display"): "use a building in the display",
}


def _step(step: str, arg: str) -> str:
    return STEP_WORDS.get((step, arg)) or " ".join(x for x in (step, arg) if x)


def describe(state: R.State | None, rules: OraRules, e: Any) -> str:
    """``e`` as a sentence (``state``: the game's current state, for the seats' names)."""
    names: tuple[str, ...] = state.names if state is not None else ()

    def who(seat: int) -> str:
        return names[seat] if 0 <= seat < len(names) else f"seat {seat}"

    t = type(e)
    if t is R.Began:
        return f"Ora et Labora ({rules.mode}, {rules.variant.capitalize()}) begins: {', '.join(e.names)}"
    if t is R.RoundBegan:
        return f"Round {e.round} begins; {who(e.start)} starts"
    if t is R.Returned:
        if e.kinds == ("prior",):  # one a seat has (the Locutory)
            return f"{who(e.seat)}'s prior comes home"
        what = " and ".join(f"{k}s" for k in e.kinds) if e.kinds else "clergy"
        return f"{who(e.seat)}'s {what} come home"
    if t is R.Rotated:
        return f"The production wheel turns (round {e.round})"
    if t is R.Income:
        return f"Every player takes {_goods(e.goods)}"
    if t is R.PhaseStep:
        return f"Phase step: {e.step}"
    if t is R.PhaseEnded:
        return f"Settlement phase {e.name} ends"
    if t is R.Moment:
        return f"The {e.name}"
    if t is R.Felled:
        if e.at is not None and not e.reset:  # a building's step: the cover goes, nothing is taken
            return f"{who(e.seat)} removes the {e.cover} at {e.at}, taking nothing"
        verb = "fells trees" if e.cover == "forest" else "cuts peat"
        how = " with the joker" if e.reset == "joker" else ""
        return f"{who(e.seat)} {verb}{how}: {e.amount} {e.good}"
    if t is R.Placed:
        return f"{who(e.seat)} places the {e.kind} on {_card(rules, e.key)}"
    if t is R.Paid:
        to = "the supply" if e.payee < 0 else who(e.payee)
        return f"{who(e.seat)} pays {_goods(e.goods)} to {to} ({e.why})"
    if t is R.Asked:
        return f"{who(e.seat)} makes a work contract for {who(e.owner)}'s {_card(rules, e.key)}"
    if t is R.Used:
        text = f"{who(e.seat)} uses {_card(rules, e.key)}: gives {_goods(e.give)}, takes {_goods(e.take)}"
        text += "".join(f"; the {r} indicator goes back to 0" for r in e.reset)
        return text + "".join(f"; then {_step(*f)}" for f in e.then)
    if t is R.Picked:
        return f"{who(e.seat)} chooses {_card(rules, e.key)} to use"
    if t is R.Followed:
        return f"{who(e.seat)} goes on: {e.step}"
    if t is R.Built:
        return f"{who(e.seat)} builds {_card(rules, e.card)} at {e.at}"
    if t is R.NeutralBuilt:
        return f"The neutral player builds {_card(rules, e.card)} at {e.at}"
    if t is R.NeutralDone:
        return f"The neutral player's step is done ({e.step})"
    if t is R.Resumed:
        return f"Phase {e.phase} goes on after the round's actions"
    if t is R.Bought:
        if not e.price:  # a building's landscape (the Bulwark) is free
            return f"{who(e.seat)} takes a {e.board} ({e.side}) free and lays it at {e.at}"
        return f"{who(e.seat)} buys a {e.board} ({e.side}) for {e.price} coins and lays it at {e.at}"
    if t is R.Settled:
        return f"{who(e.seat)} builds the settlement {_card(rules, e.card)} at {e.at}"
    if t is R.Flipped:
        return f"{who(e.seat)} turns {e.n} {e.good} over"
    if t is R.Traded:
        return f"{who(e.seat)} exchanges {_goods(e.give)} for {_goods(e.take)}"
    if t is R.Passed and e.what == "use":
        return f"{who(e.seat)} leaves the building unused"
    if t is R.Passed:
        return f"{who(e.seat)} passes ({e.what})"
    if t is R.TurnEnded:
        return f"{who(e.seat)} ends the turn"
    if t is R.EndTriggered:
        return "The end is near: one more turn of one action"
    if t is R.GameEnded:
        text = "The game ends: " + ", ".join(f"{who(s)} {p}" for s, p in enumerate(e.scores))
        if rules.solo:  # §9.7; R24
            won = e.scores[0] >= (rules.goal or 0)
            text += f" ({'won' if won else 'lost'}: the goal is {rules.goal or 0} points)"
        return text
    if t is R.Turn:
        return f"{who(e.seat)} to {e.kind}"
    return repr(e)


#: Bookkeeping events a narration leaves out.
CONTROL = (R.Turn, R.PhaseStep, R.Followed, R.TurnEnded, R.NeutralDone, R.Resumed)


def summary(s: R.State) -> str:
    if s.game_over:
        return f"Ora et Labora, over after round {s.round}"
    who = f"{s.names[s.pending.seat]} to {s.pending.kind}" if s.pending is not None else s.stage
    return f"Ora et Labora, round {s.round}, {who}"
