"""The legal choices of a seat, in words, for the protocol's ``choices`` field.

The label layer is :mod:`pillars_rules.words` (``choices(view)`` and
``choice_dict(choice)``, the contract every client shares). Until that layer
is in the installed library, :func:`choice_dicts` builds the same JSON shape
from the engine's own action labels, so clients can be written against the
contract now.
"""

from __future__ import annotations

import json

import pillars_rules as pr

try:  # the label layer of the words package (its contract is in docs/protocol.rst)
    from ..words import choice_dict as _choice_dict
    from ..words import choices as _choices
except ImportError:  # pragma: no cover - exercised while the words layer is still to come
    _choices = _choice_dict = None

#: The keys of every choice object (the words contract).
CHOICE_KEYS = ("action", "label", "kind", "gives", "costs", "card", "place", "spot", "text", "key")


def choice_dicts(view: pr.SeatView) -> list[dict]:
    """The choices of ``view``'s seat as JSON-ready dicts (empty if it need not act)."""
    if not view.legal_actions:
        return []
    if _choices is not None:
        return [_choice_dict(c) for c in _choices(view)]
    return [_interim(a) for a in view.legal_actions]


def _interim(action) -> dict:
    encoded = pr.encode_action(action)
    fields = {k: v for k, v in encoded.items() if k != "label"}
    return {
        "action": encoded,
        "label": encoded.get("label", ""),
        "kind": encoded["type"],
        "gives": [],
        "costs": [],
        "card": fields.get("card") if isinstance(fields.get("card"), str) else None,
        "place": fields.get("location"),
        "spot": fields.get("spot"),
        "text": "",
        "key": json.dumps(fields, sort_keys=True, separators=(",", ":")),
    }


__all__ = ["choice_dicts", "CHOICE_KEYS"]
