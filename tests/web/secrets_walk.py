"""Looking for a game's secrets among live objects: its seed and undealt card
orders, by a walk over ``gc`` referents (shared by the view-secret tests)."""

from __future__ import annotations

import gc
import sys
import types

import pillars_rules as pr


def secrets_of(game: pr.Game) -> tuple[int, list[tuple]]:
    """The seed and the undealt card orders of ``game`` long enough not to turn
    up by chance elsewhere: the event and privilege decks (5 cards or more) and
    the craftsman decks of the rounds to come, all together."""
    s = game.state
    decks = [tuple(s.event_deck), tuple(s.privilege_deck)]
    decks = [d for d in decks if len(d) >= 5]
    future = tuple(tuple(d) for d in s.craftsman_decks[s.round :])
    return s.seed, decks + ([future] if len(future) >= 2 else [])


def reachable(roots, library_modules: bool = True):
    """Every object reachable from ``roots`` by ``gc.get_referents``: attributes,
    closures, a function's globals, a class's dictionary... It enters the
    library's own modules (their globals are module state) and no other module
    (the interpreter's and other packages' would reach the whole heap)."""
    foreign = {
        id(vars(m))
        for name, m in list(sys.modules.items())
        if m is not None and not (library_modules and name.split(".")[0] == "pillars_rules")
    }
    foreign |= {
        id(m)
        for name, m in list(sys.modules.items())
        if m is not None and not (library_modules and name.split(".")[0] == "pillars_rules")
    }
    seen = {id(r) for r in roots}
    todo = list(roots)
    while todo:
        obj = todo.pop()
        yield obj
        for ref in gc.get_referents(obj):
            if id(ref) in seen or id(ref) in foreign or isinstance(ref, types.FrameType):
                continue
            seen.add(id(ref))
            todo.append(ref)


def leaks(objects, seed: int, decks: list[tuple]) -> list[str]:
    wanted = set(decks)
    lengths = {len(d) for d in decks}
    out = []
    for o in objects:
        if type(o) is int and o == seed:
            out.append("the seed")
        elif type(o) in (tuple, list) and len(o) in lengths and all(type(x) is str or type(x) is tuple for x in o):
            try:
                found = tuple(o) in wanted
            except TypeError:  # a tuple holding something unhashable: no card order
                continue
            if found:
                out.append(f"an undealt order {tuple(o)[:2]}...")
    return out


def a_game_in_round_2() -> pr.Game:
    game = pr.new_game(players=3)  # a secret seed
    bot = pr.RandomBot(5)
    while game.state.round < 2:
        game = game.apply(bot(game.view(game.current_player)))
    return game
