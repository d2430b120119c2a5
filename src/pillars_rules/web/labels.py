"""The legal choices of a seat, in words, for the protocol's ``choices`` field:
the label layer's :func:`~pillars_rules.words.choices` as JSON."""

from __future__ import annotations

from typing import Any

import pillars_rules as pr

from ..words import choice_dict, choices

#: The keys of every choice object (the label layer's contract, docs/protocol.rst).
CHOICE_KEYS = ("action", "label", "kind", "gives", "costs", "card", "place", "spot", "text", "key")


def choice_dicts(view: pr.SeatView) -> list[dict[str, Any]]:
    """The choices of ``view``'s seat as JSON-ready dicts (empty if it need not act)."""
    if not view.legal_actions:
        return []
    return [choice_dict(c) for c in choices(view)]


__all__ = ["choice_dicts", "CHOICE_KEYS"]
