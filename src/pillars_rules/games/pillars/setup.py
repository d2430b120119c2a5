"""The set-up of *The Pillars of the Earth*: the card set, the variants, the
seats and the seed of a new game (:func:`pillars_rules.new_game` with
``game="pillars"``, the default), and the first event of its log.

:meth:`PILLARS.new_game <pillars_rules.core.GameType.new_game>`
(:mod:`.game`) checks the arguments with :func:`prepare` and folds
:func:`game_started`; :func:`load_cards` makes the card set a game, a save or a
replay is played with. Until issue #57 this was :mod:`pillars_rules.game`,
which still names these for compatibility.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ... import limits
from ...cardlang.cache import no_gc
from ...cardlang.cardset import CardSet
from ...cardlang.names import lookalike_problem, name_problem
from ...engine import events as E
from ...engine.context import ENGINE_VARIANTS, Rules, rules_for
from ...engine.rng import MAX_SEED, SEED_BITS, secret_seed
from ...errors import ConfigError, PlayerCountError, safe_repr

#: Variant options of the base rules (RULES §2.3 and §8).
VARIANTS: dict[str, str] = {
    "dm": "PC-version builders: 2 builders per player in the bag, the third placed free at the end (§2.3)",
    "archbishop_one_craftsman": "PC-version Archbishop's statue: each player boosts one craftsman, not all (§8)",
}
#: Variant names that no longer exist, with what to do instead.
RETIRED_VARIANTS: dict[str, str] = {
    "archbishop_all_craftsmen": "its reading of the Archbishop's statue is the default since rules "
    "version 2 (§8); leave it out",
}
#: The base board's starting gold by seat (§1); a board's text sets its own ('starting gold').
START_GOLD = (20, 21, 22, 23)
#: Seat names when none are given: the colours of the pieces (seats 5 and 6: the expansion's).
DEFAULT_NAMES = ("Red", "Blue", "Green", "Yellow", "Purple", "Orange")
#: Fewest and most seats any card set may play (a board's ``players`` line).
FEWEST_PLAYERS, MOST_PLAYERS = 2, limits.MOST_PLAYERS
#: Longest seat name :func:`new_game` and :func:`~pillars_rules.load` accept.
MAX_NAME_LENGTH = limits.MAX_SEAT_NAME_LENGTH


#: Card sets shipped with the library, by name: ``cards="expansion"`` (or
#: ``--cards expansion``) loads ``cards/expansion`` wherever the package is installed.
NAMED_SETS: tuple[str, ...] = ("expansion",)


def named_set_path(name: str) -> str:
    """The folder of the named set ``name`` (:data:`NAMED_SETS`), unless a
    file or folder of that name exists here (a path always wins); else ``name``."""
    if name in NAMED_SETS and not os.path.exists(name):
        from ...cardlang import data

        return str(data.data_dir("cards") / name)
    return name


def _card_variants(cards: CardSet) -> set[str]:
    return {name for c in cards for name, _ in c.variants}


def load_cards(extra: CardSet | str | Sequence[str] | None = None) -> CardSet:
    """The base card set, plus ``extra`` cards (a CardSet or paths to ``.cards``
    files/folders); an extra card with a base card's id replaces it."""
    # the compiler's module, not the package: in the compiled build a function-level
    # ``from . import cardlang`` read the package as None (CI at c9461d5)
    from ...cardlang.compiler import base_cards, load_paths

    base = base_cards()
    if extra is None:
        return base
    if isinstance(extra, CardSet):
        extra = _within_limits(extra, base)
    else:
        paths: list[Any]  # any value: each is checked below (a typed list would refuse a Path when compiled)
        if isinstance(extra, (str, os.PathLike)):
            paths = [extra]
        elif isinstance(extra, Iterable) and not isinstance(extra, (bytes, Mapping)):
            paths = list(itertools.islice(extra, limits.MAX_FILES + 1))  # it may be endless
        else:
            raise ConfigError(
                f"cards must be a CardSet or paths to .cards files or folders, not {type(extra).__name__}"
            )
        for p in paths:
            if not isinstance(p, (str, os.PathLike)):
                raise ConfigError(f"cards: a path must be a string, not {type(p).__name__}")
        paths = [named_set_path(p) if isinstance(p, str) else p for p in paths]
        if len(paths) > limits.MAX_FILES:
            raise ConfigError(f"cards: more than {limits.MAX_FILES} paths")
        # the merge formats every card canonically for the set's identity: a
        # burst of short-lived objects, like the compile, so the cyclic
        # collector waits for both (about a tenth of a 1 MiB file's cold load)
        with no_gc():
            extra = load_paths(paths, known=base)
            merged = base.merged(extra)
            # compiled from card files against the base cards: within the limits, so
            # handing this set (or its fan cards) back as a CardSet needs no second compile
            _checked(extra, base)
            _checked(merged, base)
        return merged
    return base.merged(extra)


_CHECKED: dict[tuple[str, str], bool] = {}


def _checked(cards: CardSet, base: CardSet) -> None:
    """Remember that ``cards`` (by identity: the same cards) keep the limits with ``base``."""
    key = (cards.identity, base.identity)
    _CHECKED.pop(key, None)
    while len(_CHECKED) >= 64:  # the oldest go first: a load's two sets (fan cards, merged) stay known together
        del _CHECKED[next(iter(_CHECKED))]
    _CHECKED[key] = True


def _within_limits(extra: CardSet, base: CardSet) -> CardSet:
    """``extra`` if card text could say the same: a set built from ``Card``
    objects skips the compiler, so its canonical text is compiled once (per
    identity) to hold it to the same limits and checks as card files."""
    from ...cardlang import compile_text, format_cards

    key = (extra.identity, base.identity)
    if key not in _CHECKED:
        # the set's places too, in their order: the board is part of what it holds
        again = compile_text(format_cards((*extra.places, *extra.cards)), "<cards>", known=base)  # CardError if not
        if again.identity != extra.identity:
            raise ConfigError("cards: this CardSet holds cards that card text cannot express")
        _checked(extra, base)
    return extra


def check_variants(variants: Iterable[str], cards: CardSet) -> tuple[str, ...]:
    if isinstance(variants, (str, bytes)) or not isinstance(variants, (Iterable, Mapping)):
        raise ConfigError(f"variants must be a list of names, not {type(variants).__name__}")
    if isinstance(variants, Mapping):
        variants = [k for k, v in variants.items() if v]
    variants = tuple(itertools.islice(variants, 65))
    if len(variants) > 64 or not all(type(v) is str and len(v) <= limits.MAX_NAME_LENGTH for v in variants):
        raise ConfigError(
            f"variants must be a few names of at most {limits.MAX_NAME_LENGTH} "
            f"characters, not {safe_repr(variants, 80)}"
        )
    variants = tuple(sorted(set(variants)))
    known = set(VARIANTS) | set(ENGINE_VARIANTS) | _card_variants(cards)
    for v in variants:
        if v not in known and v in RETIRED_VARIANTS:
            raise ConfigError(f"variant {v!r} was retired: {RETIRED_VARIANTS[v]}")
        if v not in known:
            import difflib

            # the engine's own variants (rules_v3: old saves) are accepted but not offered
            offered = sorted(set(VARIANTS) | _card_variants(cards))
            near = difflib.get_close_matches(v, offered, n=1, cutoff=0.4)
            hint = f" -- did you mean {near[0]!r}?" if near else ""
            raise ConfigError(f"unknown variant {safe_repr(v)}{hint} (known: {', '.join(offered)})")
    return variants


def check_names(names: object, players: int) -> tuple[str, ...]:
    """``names`` as a tuple of ``players`` valid, distinct seat names
    (:func:`~pillars_rules.cardlang.names.name_problem`), or :class:`ConfigError`."""
    if isinstance(names, (str, bytes)) or not isinstance(names, Iterable):
        raise ConfigError(f"names must be a list of {players} strings, not {type(names).__name__}")
    got = tuple(itertools.islice(names, players + 1))  # never more: it may be endless
    if len(got) != players:
        raise ConfigError(f"names must be {players} strings, not {'more' if len(got) > players else len(got)}")
    for i, n in enumerate(got):
        why = name_problem(n, MAX_NAME_LENGTH)
        if why:
            raise ConfigError(f"names[{i}]: {why}")
    if len(set(got)) != len(got):
        raise ConfigError(f"names must differ, got {safe_repr(got, 200)}")
    alike = lookalike_problem(got)
    if alike:
        raise ConfigError(f"seat names must not look alike: {alike}")
    return got


def prepare(
    players: object,
    seed: object,
    names: Sequence[str] | None,
    variants: Iterable[str] | Mapping[str, bool],
    cards: CardSet | str | Sequence[str] | None,
) -> tuple[Rules, tuple[str, ...], int]:
    """Check :func:`new_game`'s arguments: the rules context, the seat names and
    the seed (a secret one if ``None``)."""
    if type(players) is not int or not FEWEST_PLAYERS <= players <= MOST_PLAYERS:
        raise ConfigError(
            f"players must be a whole number from {FEWEST_PLAYERS} to {MOST_PLAYERS} "
            f"(as the card set allows), not {safe_repr(players)}"
        )
    if seed is None:
        seed = secret_seed()
    if type(seed) is not int or not 0 <= seed <= MAX_SEED:
        raise ConfigError(f"seed must be a whole number from 0 to 2**{SEED_BITS}-1, not {safe_repr(seed)}")
    cardset = load_cards(cards)
    check_players(players, cardset)
    names = check_names(DEFAULT_NAMES[:players] if names is None else names, players)
    chosen = check_variants(variants, cardset)
    return rules_for(cardset, chosen), names, seed


def counts_text(counts: Sequence[int]) -> str:
    """``(2, 3, 4)`` as "2, 3 or 4"; a longer run as "2 to 6"."""
    counts = list(counts)
    if len(counts) > 3:
        return f"{counts[0]} to {counts[-1]}"
    return str(counts[0]) if len(counts) == 1 else f"{', '.join(map(str, counts[:-1]))} or {counts[-1]}"


def set_name(cards: CardSet) -> str:
    """How messages name a card set: its board card ("base", "The Pillars of the Earth")."""
    for c in cards.places:
        if c.kind == "board":
            return f"'{c.id}' ({c.name})"
    return "'base' (The Pillars of the Earth)"


def check_players(players: int, cards: CardSet) -> None:
    """Refuse a seat count the card set does not play (:class:`PlayerCountError`)."""
    allowed = cards.board.spec.players
    if players not in allowed:
        hint = "; the expansion (--cards expansion) plays 2 to 6" if allowed[-1] == 4 < players else ""
        raise PlayerCountError(
            f"players must be {counts_text(allowed)} with the card set {set_name(cards)}, not {players}{hint}",
            players,
            allowed,
        )


def game_started(rules: Rules, names: tuple[str, ...], seed: int) -> E.GameStarted:
    """The first event of every game (§1)."""
    return E.GameStarted(
        names=names,
        seed=seed,
        variants=rules.variants,
        card_hash=rules.content_hash,
        starting_craftsmen=rules.starting_craftsmen,
        gold=rules.layout.starting_gold[: len(names)],
        vp=rules.layout.board.spec.starting_vp,
    )


__all__ = [
    "DEFAULT_NAMES",
    "FEWEST_PLAYERS",
    "MAX_NAME_LENGTH",
    "MOST_PLAYERS",
    "NAMED_SETS",
    "RETIRED_VARIANTS",
    "START_GOLD",
    "VARIANTS",
    "check_names",
    "check_players",
    "check_variants",
    "counts_text",
    "game_started",
    "load_cards",
    "named_set_path",
    "prepare",
    "set_name",
]
