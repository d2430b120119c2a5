"""Ora et Labora's configuration of the shared mechanisms: one copy, in the game's package.

The mechanisms' tests read Ora's data from here; the values live in
:mod:`pillars_rules.games.ora.setup`.
"""

from __future__ import annotations

from pillars_rules.games.ora.setup import (
    BACK,
    BASIC,
    BOARD,
    CLAY_MOUND,
    CLOISTER_OFFICE,
    COAST,
    COVERS,
    DISTRICT_SIDES,
    FARMYARD,
    FRONT,
    GOODS,
    GRID,
    HEARTLAND,
    HOME,
    LAND,
    MOUNTAIN,
    RULES,
    SCORING,
    STACKS,
    TERRAINS,
    clergy,
    contracts,
    phases,
    wheel,
)

__all__ = [
    "BACK",
    "BASIC",
    "BOARD",
    "CLAY_MOUND",
    "CLOISTER_OFFICE",
    "COAST",
    "COVERS",
    "DISTRICT_SIDES",
    "FARMYARD",
    "FRONT",
    "GOODS",
    "GRID",
    "HEARTLAND",
    "HOME",
    "LAND",
    "MOUNTAIN",
    "RULES",
    "SCORING",
    "STACKS",
    "TERRAINS",
    "clergy",
    "contracts",
    "phases",
    "wheel",
]
