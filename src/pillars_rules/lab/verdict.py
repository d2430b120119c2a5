"""A card's verdict in words, from its causal value (:mod:`pillars_rules.lab.effects`).

>>> e = {"card": "x", "units": 300, "seeds": 200, "flag": 1, "vp": {"value": 1.0, "lo": 0.5, "hi": 1.5},
...      "worth": {"value": 3.2, "lo": 1.4, "hi": 5.0}, "mde": {"vp": 0.6, "gold": 1.9},
...      "gold_scale": {"value": 0.31}}
>>> say(e, cost=4)
'worth about +3 gold (95%: +1 to +5): too strong for cost 4; cost + worth guesses a fair cost of 7 (measure it: balance tune x --vary cost=4..10:2)'
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ..cardlang.card import Card

#: A player holds at most this much gold (RULES §1).
GOLD_CAP = 30
#: Fewer units than this and the lab says so instead of judging.
MIN_UNITS = 10


def gold_cost(card: Card | None) -> int | None:
    """The gold part of a craftsman's cost (``None`` for cards without a gold cost)."""
    if card is None or card.kind != "craftsman" or not card.cost:
        return None
    return sum(a.n for a in card.cost if a.kind == "gold")


def _g(x: float) -> str:
    """Gold as a signed whole number (``0`` without a sign)."""
    if math.isinf(x):
        return "+inf" if x > 0 else "-inf"
    text = f"{x:+.0f}"
    return "0" if text in ("+0", "-0") else text


def interval(worth: dict[str, float]) -> str:
    """``"+1 to +5"``, or ``"at least +40"`` when the top end is unbounded
    (``"above 0, no upper end"`` when the other end rounds to 0).

    >>> inf = float("inf")
    >>> interval({"lo": 40.2, "hi": inf}), interval({"lo": 0.3, "hi": inf}), interval({"lo": -inf, "hi": -0.2})
    ('at least +40', 'above 0, no upper end', 'below 0, no lower end')
    """
    lo, hi = worth["lo"], worth["hi"]
    if lo != lo:
        return "interval not measured"
    if math.isinf(hi) and not math.isinf(lo):
        return (
            "no end either way"
            if lo < 0 and _g(lo) == "0"
            else "above 0, no upper end"
            if _g(lo) == "0"
            else f"at least {_g(lo)}"
        )
    if math.isinf(lo) and not math.isinf(hi):
        return (
            "no end either way"
            if hi > 0 and _g(hi) == "0"
            else "below 0, no lower end"
            if _g(hi) == "0"
            else f"at most {_g(hi)}"
        )
    return f"{_g(lo)} to {_g(hi)}"


def tune_range(cost: int, fair: float) -> str:
    """A ``--vary`` range around ``cost`` and the guessed fair cost, at most six values.

    >>> tune_range(5, 20), tune_range(9, 3)
    ('cost=5..30:5', 'cost=0..8:2')
    """
    if fair >= cost:
        lo, hi = cost, min(GOLD_CAP, max(cost + 2, math.ceil(2 * fair - cost)))
    else:
        lo, hi = max(0, math.floor(2 * fair - cost)), cost
    step = max(1, math.ceil((hi - lo) / 5))
    hi = lo + step * ((hi - lo) // step)
    return f"cost={lo}..{hi}" + (f":{step}" if step > 1 else "")


def guess(card: str, cost: int, fair: float) -> str:
    """The fair cost the worth in gold suggests, said as the guess it is.

    ``cost + worth`` assumes each gold piece of cost is worth what a gold
    piece given at the start of the round's draft is (the gold scale);
    ``balance tune`` measures the card at the costs themselves, and its fair
    cost is the one to trust."""
    return (
        f"cost + worth guesses a fair cost of {fair:.0f} "
        f"(measure it: balance tune {card} --vary {tune_range(cost, fair)})"
    )


def say(effect: dict[str, Any], cost: int | None = None) -> str:
    """One sentence: what the card is worth and whether that suits its cost."""
    units = effect["units"]
    if units < MIN_UNITS:
        return f"not judged: a seat could take it only {units} times in {effect['seeds']} games (ask for more games)"
    vp, worth, flag = effect["vp"], effect["worth"], effect.get("flag")
    has_gold = worth["value"] == worth["value"]
    least, most = worth.get("least"), worth.get("most")  # one side in gold (effects.gold_bound)
    if not has_gold:
        why = worth.get("why")
        head = f"worth about {vp['value']:+.1f} VP (95%: {vp['lo']:+.1f} to {vp['hi']:+.1f})" + (
            f"; {why}" if why else ""
        )
        # a bound that rounds to 0 gold says nothing: left out
        if least is not None and _g(least) != "0":
            head += f", but at least {_g(least)} gold"
        elif most is not None and _g(most) != "0":
            head += f", but at most {_g(most)} gold"
    else:
        head = f"worth about {_g(worth['value'])} gold (95%: {interval(worth)})"
    if flag in (1, -1):
        word = "strong" if flag == 1 else "weak"
        if cost is None:
            return f"{head}: too {word}"
        fair = cost + worth["value"] if has_gold else float("nan")
        # without an interval in gold, the side of the fair cost a bound gives (effects.gold_bound)
        bound = least if flag == 1 else most
        edge = fair if has_gold else cost + bound if bound is not None else float("nan")
        if flag == 1 and edge > GOLD_CAP:
            return (
                f"{head}: far too strong for cost {cost}; no gold cost can make it fair "
                f"(a player holds at most {GOLD_CAP} gold): weaken what it does"
            )
        if flag == -1 and edge < 0:
            return f"{head}: too weak even for free: strengthen what it does"
        if fair != fair:
            return f"{head}: too {word} for cost {cost}"
        return f"{head}: too {word} for cost {cost}; {guess(effect['card'], cost, fair)}"
    at = f" for cost {cost}" if cost is not None else ""
    side = _side(worth if has_gold else vp)
    if side:
        p = effect.get("p_holm")
        holm = f"Holm p = {p:.2f}" if p is not None and p == p else "after Holm's correction"
        tests = effect.get("mde", {}).get("family", 1)
        over = f" over {tests} tests" if tests and tests > 1 else ""
        return (
            f"{head}: leaning too {side}{at} -- its 95% interval lies {'above' if side == 'strong' else 'below'} "
            f"zero, but not at the family's level ({holm}{over}); more games would tell"
        )
    mde = effect["mde"]
    detect = f"±{mde['gold']:.1f} gold" if mde.get("gold") == mde.get("gold") else f"±{mde['vp']:.1f} VP"
    at = f" at cost {cost}" if cost is not None else ""
    return f"{head}: fair{at} as far as {effect['seeds']} games can tell (they detect {detect} 80% of the time)"


def _side(shown: dict[str, Any]) -> str:
    """``"strong"`` / ``"weak"`` when the interval the verdict shows (gold,
    else VP) lies wholly above / below zero; ``""`` when it holds zero."""
    if shown.get("lo") == shown.get("lo") and shown["lo"] > 0:
        return "strong"
    if shown.get("hi") == shown.get("hi") and shown["hi"] < 0:
        return "weak"
    return ""


def say_event(effect: dict[str, Any]) -> str:
    """One sentence for an event judged by the A/B of card sets."""
    if effect["units"] < MIN_UNITS:
        return f"not judged: only {effect['units']} games with and without it (ask for more games)"
    vp, start = effect["vp"], effect["start"]
    parts = [
        f"changes every player's final VP by {vp['value']:+.2f} on average "
        f"(95%: {vp['lo']:+.2f} to {vp['hi']:+.2f}; {effect['per_draw']:+.2f} in games where it is drawn)"
    ]
    if start["moved"]:
        parts.append(f"and moves the start player's win rate by {100 * start['value']:+.1f} points")
    else:
        parts.append("and favours no seat measurably")
    return " ".join(parts)
