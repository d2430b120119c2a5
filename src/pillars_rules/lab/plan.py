"""Which card sets a balance run plays, and what each one judges.

Given the author's card files (``cards``) on top of the base set (plus any
``also`` files every set shares; an author file with a board or places, such
as the expansion's ``board.cards``, is shared too), :func:`plan` makes the labelled
:class:`~.games.GameSpec` of the run:

* ``base`` -- games of the base set (the A/B reference), judging the base
  version of every card the author *changed* (to compare the two); or, when
  the author brings no cards, the base set with every base card that can be
  taken as a target (the base-game report);
* ``alone: X`` -- the base set plus the author's card ``X`` only, judging
  ``X`` (made for each author card when there are two or more);
* ``together`` -- the base set plus all the author's cards, judging each of
  them (or ``alone: X`` itself when there is one card);
* ``without: E`` -- for a base event ``E`` named in ``targets``: the base set
  without it (``E`` is judged by the paired A/B of ``base`` and this set);
* ``together without: E`` -- for each author event ``E`` when there are two or
  more author cards: the together set without it (``E`` is judged together
  with the other cards by the paired A/B of ``together`` and this set).

An author's card that is new (an id the base set lacks) or *changed* (a base
id with other text: it replaces the base card) is judged. Events are judged by
the paired A/B of the games with and without them; every other kind causally
(:mod:`.causal`). ``against`` names base cards every judged card is compared
with on the same games (the A/A test compares a copy with its original).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
from attrs import field, frozen

import pillars_rules as pr

from ..games.pillars import load_cards
from .games import GameSpec, cardset, names_tuple
from .moments import TAKEN_KINDS


@frozen
class Role:
    """What one set of the run is for: ``kind`` is ``base``, ``alone``,
    ``together`` or ``without``; ``cards`` the cards it judges (events by
    A/B with ``reference``)."""

    kind: str
    cards: tuple[str, ...] = field(default=(), converter=names_tuple)
    reference: str = ""


def takeable(cards: pr.CardSet, card_id: str) -> bool:
    c = cards[card_id]
    return c.kind in TAKEN_KINDS and not (c.kind == "craftsman" and c.round == 0)


def _author_cards(base: pr.CardSet, full: pr.CardSet) -> list[str]:
    return [c.id for c in full if c.id not in base or base[c.id] != c]


def _source_of(card_id: str, sources: Sequence[tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """The one author file that defines ``card_id`` (each file compiled alone
    against the base set)."""
    from pillars_rules.cardlang import compile_text

    out = []
    for name, text in sources:
        cs = compile_text(text, file=name, known=load_cards())
        if card_id in cs:
            out.append((name, _only(text, name, card_id)))
    return tuple(out)


def _has_board(source: tuple[str, str]) -> bool:
    """Does the author file ``(name, text)`` hold a board or place card?"""
    from pillars_rules.cardlang import compile_text

    name, text = source
    return bool(compile_text(text, file=name, known=load_cards()).places)


def _only(text: str, name: str, card_id: str) -> str:
    """Canonical text of one card of a file (so ``alone`` sets hold that card only)."""
    from pillars_rules.cardlang import compile_text, format_cards

    cs = compile_text(text, file=name, known=load_cards())
    return format_cards([cs[card_id]])


def plan(
    common: dict[str, Any],
    also: Sequence[tuple[str, str]] = (),
    cards: Sequence[tuple[str, str]] = (),
    targets: Sequence[str] = (),
    against: Sequence[str] = (),
) -> tuple[dict[str, GameSpec], dict[str, Role]]:
    """The run's specs and roles (see the module docs). ``common`` holds the
    :class:`GameSpec` fields every set shares (players, bots, seed, variants,
    rotate, gold); ``also``/``cards`` are ``(name, text)`` sources."""
    if common.get("game", "pillars") != "pillars":
        return plan_ora(common, also, cards, targets, against)
    also, cards = tuple(also), tuple(cards)
    # a file with a board or places (the expansion's board.cards) is the table every set
    # plays on, not cards to judge: it joins ``also`` (so 5-6 seats play in every set)
    boards = tuple(s for s in cards if _has_board(s))
    also, cards = also + boards, tuple(s for s in cards if s not in boards)
    base_spec = GameSpec(sources=also, **common)
    base = cardset(base_spec)
    full = cardset(GameSpec(sources=also + cards, **common))
    mine = _author_cards(base, full)
    if cards and not mine:
        raise pr.ConfigError("the card files add or change no card of the base set: nothing to judge")
    for a in against:
        if a not in base or not takeable(base, a):
            raise pr.ConfigError(f"--against {a}: not a card of the base set that a seat can take")
    specs: dict[str, GameSpec] = {}
    roles: dict[str, Role] = {}
    if not mine:  # the base-game report
        events = [t for t in targets if t in base and base[t].kind == "event"]
        judged = (
            [c.id for c in base if takeable(base, c.id)]
            if not targets
            else [t for t in targets if t in base and takeable(base, t)]
        )
        unknown = [t for t in targets if t not in base]
        if unknown:
            raise pr.ConfigError(f"no card {', '.join(unknown)} in the base set")
        specs["base"] = GameSpec(
            sources=also,
            targets=tuple(judged) + tuple(a for a in against if a not in judged),
            scale=bool(events),
            **common,
        )
        roles["base"] = Role("base", judged)
        for e in events:
            label = f"without: {e}"
            specs[label] = GameSpec(sources=also, without=(e,), **common)
            roles[label] = Role("without", (e,), reference="base")
        return specs, roles
    kinds = {c: full[c].kind for c in mine}
    changed = tuple(c for c in mine if c in base and kinds[c] != "event" and takeable(base, c))
    specs["base"] = GameSpec(sources=also, targets=changed, **common)
    roles["base"] = Role("base", changed)  # a changed card's base version, to compare with
    extra = tuple(a for a in against)
    if len(mine) > 1:
        for c in mine:
            src = also + _source_of(c, cards)
            label = f"alone: {c}"
            if kinds[c] == "event":
                specs[label] = GameSpec(sources=src, scale=True, **common)
                roles[label] = Role("alone", (c,), reference="base")
            else:
                specs[label] = GameSpec(sources=src, targets=(c,) + extra, **common)
                roles[label] = Role("alone", (c,), reference="base")
    label = "together" if len(mine) > 1 else f"alone: {mine[0]}"
    causal = tuple(c for c in mine if kinds[c] != "event")
    specs[label] = GameSpec(
        sources=also + cards, targets=causal + (extra if causal else ()), scale=not causal, **common
    )
    roles[label] = Role("together" if len(mine) > 1 else "alone", tuple(mine), reference="base")
    if len(mine) > 1:  # an event together with the other cards: the A/B of the together set without it
        for c in mine:
            if kinds[c] == "event":
                specs[f"together without: {c}"] = GameSpec(sources=also + cards, without=(c,), **common)
                roles[f"together without: {c}"] = Role("without", (c,), reference="together")
    return specs, roles


Sources = Sequence[tuple[str, str]]
Plan = tuple[dict[str, GameSpec], dict[str, Role]]


def plan_ora(
    common: dict[str, Any], also: Sources, cards: Sources, targets: Sequence[str], against: Sequence[str]
) -> Plan:
    """An Ora et Labora run (:mod:`pillars_rules.lab.ora`): ``base`` -- the shipped set (and ``also``), its games
    the reference of the game-level A/B, judging the shipped buildings named in ``targets`` --
    then, for the author's fan buildings, ``alone: X`` for each and ``together`` when there are
    two or more, as Pillars' plan makes them (a file's other buildings stay beside a building
    judged alone). Every set measures the coin scale."""
    from . import ora

    if against:
        raise pr.ConfigError("--against compares Pillars cards; an Ora run judges each building on its own")
    also, cards = tuple(also), tuple(cards)
    base_spec = GameSpec(sources=also, **common)
    base = ora.compiled(also)
    mine = ora.fan_buildings(cards) if cards else []
    if len(set(mine)) != len(mine):
        raise pr.ConfigError(f"the card files define the building {next(c for c in mine if mine.count(c) > 1)!r} twice")
    unknown = [t for t in targets if t not in base]
    if unknown:
        raise pr.ConfigError(f"--targets: no shipped building {', '.join(unknown)}")
    if not mine and not targets:
        raise pr.ConfigError(
            "nothing to judge in Ora et Labora: give your fan buildings with --cards, or name shipped "
            "buildings with --targets"
        )
    specs = {"base": attrs.evolve(base_spec, targets=tuple(targets))}
    roles = {"base": Role("base", tuple(targets))}
    if not mine:
        return specs, roles
    if len(mine) > 1:
        for source in cards:  # a file with two buildings: each judged with its file's other ones
            for card in ora.fan_buildings((source,)):
                label = f"alone: {card}"
                specs[label] = GameSpec(sources=also + (source,), targets=(card,), **common)
                roles[label] = Role("alone", (card,), reference="base")
    label = "together" if len(mine) > 1 else f"alone: {mine[0]}"
    specs[label] = GameSpec(sources=also + cards, targets=tuple(mine), **common)
    roles[label] = Role("together" if len(mine) > 1 else "alone", tuple(mine), reference="base")
    return specs, roles
