"""Canonical text of a mode card's lines (the printer :mod:`.buildfmt` hands them here; the grammar:
``grammar/buildings.lark``, the meaning: :mod:`.modecomp`)."""

from __future__ import annotations

from typing import Any, cast

from . import ast


def _num(n: ast.Num) -> str:
    v = n.value
    return n.text if v is None else str(v)


def _amounts(amounts: tuple[ast.AmountNode, ...]) -> str:
    return ", ".join(f"{_num(a.n)} {a.kind.text}" for a in amounts)


def _strings(titles: tuple[ast.Title, ...]) -> str:
    return ", ".join(f'"{t.text}"' for t in titles)


def mode_field_text(f: ast.Field) -> str:
    """One line of a mode card, as :mod:`.formatter` writes it."""
    n, v = f.name, cast(Any, f.value)
    if n == "m_clergy":
        return "clergy " + ", ".join(f'{_num(k)} "{t.text}"' for k, t in v)
    if n == "m_recall":
        moment, always = v
        return f'recall "{moment.text}"' + (f" always {_strings(always)}" if always else "")
    if n == "m_fee":
        alts = (f"{_amounts(a)} to {to.text}" + (f" in {var.text}" if var is not None else "") for a, to, var in v)
        return "fee " + " or ".join(alts)
    if n in ("m_chooser", "m_arm", "m_goal", "m_wheel_bonus"):
        word = {"m_chooser": "chooser", "m_arm": "arm", "m_goal": "goal", "m_wheel_bonus": "wheel bonus"}[n]
        return f"{word} {v.text if isinstance(v, ast.Name) else _num(v)}"
    if n == "m_phase":
        name, (how, when), runs, grants = v
        out = f'phase "{name.text}" ' + (f"at round {_num(when)}" if how == "round" else f'after "{when.text}"')
        out += f" runs {_strings(runs)}" if runs else ""
        return out + (" grants " + ", ".join(f"{g.text} {_num(k)}" for g, k in grants) if grants else "")
    if n == "m_end_count":
        after, count, most = v
        return f'end after "{after.text}" when "{count.text}" at most {_num(most)}'
    if n == "m_end_round":
        return f"end at round {_num(v)}"
    if n == "m_start":
        return "start goods " + _amounts(v)
    if n == "m_income":
        return f"income round {_num(v[0])}: {_amounts(v[1])}"
    if n == "m_uncovered":
        return "uncovered " + ", ".join(map(_num, v))
    if n == "m_option":
        name, effect = v
        out = f'option "{name.text}"'
        if effect is None:
            return out
        how, what = effect
        return out + (f" without {what.text}" if how == "without" else " uncovered " + ", ".join(map(_num, what)))
    name, card = v  # m_neutral
    return f'neutral "{name.text}" with {card.text}'
