"""No card set within the card limits can make a game unfinishable (issue #24, item 1).

A set that passed ``cards check`` (65 cards of ``when you place`` / ``now:
choose one``) drove a 4-player game to the 20,000-event cap in round 6, and
from then on every action raised ``LimitError``. The events came from card
effects -- each choice is a decision of its own -- and from decisions the rules
leave open-ended (trading, building, returning cubes one at a time). Each now
has a budget per seat and round (:mod:`pillars_rules.limits`), and the most
events any game can have is derived from them there
(:func:`~pillars_rules.limits.event_bound`); these tests check the derivation
against the engine and play the worst set we could construct against it.
"""

from __future__ import annotations

import collections
from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules import cardlang, limits
from pillars_rules.engine import events as E
from pillars_rules.engine.evolve import evolve

from .longplay import longest

ROOT = Path(__file__).resolve().parents[2]
WORST = ROOT / "tests" / "reliability" / "fixtures" / "worst_cards"


def _issue_set() -> str:
    """The issue's reproduction: 65 cards full of ``when you place`` and
    ``now: choose one`` abilities (the starting craftsmen among them)."""
    chain = "choose one: gain 1 vp | gain 1 gold"
    for _ in range(6):
        chain = f"choose one: ({chain}) | gain 1 vp"
    out = []
    for cid, extra in (
        ("carpenter", "tags carpenter allows buy wood"),
        ("stonemason", "tags stonemason allows sell stone"),
        ("mortar_mixer", "tags mortar_mixer"),
    ):
        body = "\n".join([f"when you place: {chain}"] * 14)
        out.append(f'craftsman {cid} "{cid}" {{ round start {extra}\n{body} }}')
    for r in range(1, 7):
        for k in range(9):
            body = "\n".join([f"when you place: {chain}"] * 15)
            out.append(f'craftsman c{r}_{k} "C{r}{k}" {{ round {r} cost 1 gold\n{body} }}')
    for k in range(8):
        body = "\n".join([f"now: {chain}"] * 16)
        out.append(f'event e{k} "E{k}" {{ {body} }}')
    return "\n".join(out)


@pytest.fixture(scope="module")
def worst() -> pr.CardSet:
    return cardlang.load_paths([WORST], known=cardlang.base_cards())


# ------------------------------------------------------------------ the derivation
def test_the_worst_set_and_the_issue_set_pass_the_card_check(worst):
    assert len(worst) > 60
    assert len(cardlang.compile_text(_issue_set(), known=cardlang.base_cards())) == 65


def test_the_bound_is_derived_from_the_limits_and_stays_under_the_cap():
    for players in (2, 3, 4, 5, 6):
        bound = limits.event_bound(players)
        parts = {k: v for k, v in bound.items() if k not in ("round", "total")}
        assert sum(parts.values()) == bound["total"] <= limits.MAX_EVENTS
        assert bound["round"] * limits.ROUNDS <= bound["total"]
    assert limits.EVENT_BOUND == limits.event_bound(limits.MOST_PLAYERS)["total"]
    assert limits.event_bound(2)["total"] < limits.event_bound(4)["total"] < limits.event_bound(6)["total"]


def test_the_rules_facts_the_bound_rests_on_are_the_engines():
    from pillars_rules.cardlang import effects
    from pillars_rules.cardlang.placecomp import TABLE_FIELDS
    from pillars_rules.engine import batch
    from pillars_rules.games.pillars import DEFAULT_NAMES

    # a board lasts at most limits.ROUNDS rounds (cardlang.placecomp refuses more); the base board so many
    assert limits.ROUNDS == pr.new_game(2, seed=0).rules.layout.rounds
    with pytest.raises(pr.CardError, match="the number of rounds"):
        cardlang.compile_text(f'board long "Long" {{\n    rounds {limits.ROUNDS + 1}\n}}\n')
    board = effects.STEPS  # the base board's places (each a step); a board has at most MAX_PLACES
    assert len(board) <= limits.MAX_PLACES == effects.MAX_PLACES
    assert limits.MOST_PLAYERS == len(DEFAULT_NAMES) == 6  # 2-6 with the expansion
    assert limits.MOST_BUILDERS == effects.MAX_BUILDERS
    # the most a board's text may deal (cardlang.placecomp refuses more)
    assert TABLE_FIELDS["dealt_resources"][2] == limits.DISPLAY_RESOURCE_CARDS
    assert TABLE_FIELDS["dealt_craftsmen"][2] == limits.DISPLAY_CRAFTSMEN
    assert limits.PRIVILEGES_PER_GAME == batch.PRIVILEGES_PER_GAME
    assert limits.CUBE_KINDS == len(effects.CUBES)
    assert limits.KEPT_CUBES == 1  # the least cube limit a board may set (§2.4 step 13: 5)
    assert max(effects.LOCATIONS.values()) <= limits.MAX_SPOTS == effects.MAX_SPOTS


# ------------------------------------------------------------------ playing against it
def _rounds(game: pr.Game) -> list[dict]:
    """Per round: its events, and the most any seat used of each budget."""
    out: list[dict] = []
    state = None
    cur: dict = collections.Counter()
    for e in game.events:
        state = evolve(state, e, game.rules)
        if type(e) is E.RoundStarted:
            cur = collections.Counter()
            out.append(cur)
        if not out:
            continue
        cur["events"] += 1
        cur["effects"] = max(cur["effects"], max(state.effects))
        for seat, p in enumerate(state.players):
            cur["trades"] = max(cur["trades"], sum(1 for s, _, _ in state.traded if s == seat))
            cur["builds"] = max(cur["builds"], sum(n for _, _, n in p.uses))
            cur["cubes"] = max(cur["cubes"], max(p.cubes))
        if type(e) is E.DecisionPending:
            cur[e.kind] += 1
    return out


@pytest.mark.parametrize("players, seed, policy", [(4, 0, "longest"), (4, 1, "random"), (2, 2, "longest")])
def test_games_of_the_worst_set_end_within_the_bound(worst, players, seed, policy):
    """Before: LimitError in round 1 or 2, every policy. Now every game ends,
    within the bound, each round within the per-round bound, and every budget
    was reached (so each was tested)."""
    game = pr.new_game(players=players, seed=seed, cards=worst)
    end = pr.playout(game, longest(seed) if policy == "longest" else None, seed=seed)
    bound = limits.event_bound(players)
    assert end.is_over and end.n_events <= bound["total"]
    rounds = _rounds(end)
    assert len(rounds) == limits.ROUNDS
    per_game = bound["discards"] + bound["once-per-game privileges"] + bound["set-up and end"]
    for r in rounds:
        assert r["events"] <= bound["round"] + per_game
        assert r["effects"] <= limits.MAX_CARD_EFFECTS and r["trades"] <= limits.MAX_TRADES
        assert r["builds"] <= limits.MAX_BUILDS and r["cubes"] <= limits.MAX_CUBES
    reached = {
        k
        for r in rounds
        for k, cap in (("effects", limits.MAX_CARD_EFFECTS), ("builds", limits.MAX_BUILDS), ("cubes", limits.MAX_CUBES))
        if r[k] == cap
    }
    assert {"effects", "cubes"} <= reached, rounds
    if policy == "longest":  # it keeps every decision open as long as the budgets let it
        assert "builds" in reached and any(r["trades"] == limits.MAX_TRADES for r in rounds)
    assert pr.load(pr.save(end), cards=worst) == end


def test_the_issue_set_ends_too():
    cards = cardlang.compile_text(_issue_set(), known=cardlang.base_cards())
    for seed, policy in ((0, longest(0)), (1, None)):
        end = pr.playout(pr.new_game(players=4, seed=seed, cards=cards), policy, seed=seed)
        assert end.is_over and end.n_events <= limits.event_bound(4)["total"]


def test_base_games_stay_far_from_every_budget():
    """The budgets change nothing in the base game (its golden transcripts
    are unchanged too): the most a seat used of each in random games."""
    most: collections.Counter = collections.Counter()
    for seed in range(12):
        end = pr.playout(pr.new_game(players=2 + seed % 3, seed=seed), seed=seed)
        for r in _rounds(end):
            for k in ("effects", "trades", "builds", "cubes"):
                most[k] = max(most[k], r[k])
    assert most["effects"] < limits.MAX_CARD_EFFECTS // 2 and most["trades"] < limits.MAX_TRADES // 2
    assert most["builds"] < limits.MAX_BUILDS // 2 and most["cubes"] < limits.MAX_CUBES // 2


def test_too_many_starting_craftsmen_are_refused_where_the_first_one_over_is():
    text = "\n".join(
        f'craftsman s{k} "S{k}" {{ round start\n convert 1 wood -> 1 vp }}'
        for k in range(limits.MAX_STARTING_CRAFTSMEN)
    )
    with pytest.raises(pr.CardError) as info:
        cardlang.compile_text(text, "s.cards", known=cardlang.base_cards())  # the base set has 3 more
    d = info.value.diagnostics[0]
    assert "starting craftsmen" in d.message and f"limit {limits.MAX_STARTING_CRAFTSMEN}" in d.message
    assert (d.file, d.line) == ("s.cards", 2 * (limits.MAX_STARTING_CRAFTSMEN - 3) + 1)
    replaced = text.replace("s0", "carpenter").replace("s1", "stonemason").replace("s2", "mortar_mixer")
    cardlang.compile_text(replaced, known=cardlang.base_cards())  # replacing base starters is fine


@pytest.mark.parametrize("cid", ["priory", "wool_mill", "tax", "round_start"])
def test_card_ids_that_name_a_place_or_a_rule_are_refused(cid):
    """A card's effects are told from the rules' own gains by their reason
    (``wool_mill``, ``priory``, ``tax``), and sentences name such ids as places."""
    with pytest.raises(pr.CardError) as info:
        cardlang.compile_text(f'event {cid} "X" {{ now: gain 1 gold }}', "x.cards")
    assert "reserved" in info.value.reason and cid in info.value.reason


# ------------------------------------------------------------------ where a budget is still hit
def _play_to_the_limit(game: pr.Game):
    """Apply the first legal action until one raises LimitError: (game, error)."""
    while True:
        try:
            game = game.apply(game.legal_actions()[0])
        except pr.LimitError as exc:
            return game, exc


def test_hitting_the_cap_is_a_typed_error_and_an_unfinishable_game_says_so(monkeypatch):
    monkeypatch.setattr(limits, "MAX_EVENTS", 400)
    game, exc = _play_to_the_limit(pr.new_game(players=2, seed=3))
    assert exc.limit == 400 and exc.events > 400 and "400" in exc.reason
    assert not game.is_over and game.n_events <= 400
    # every listed action would pass the cap here, so the game can never end
    stuck = game
    while not stuck.unfinishable:
        fits = [a for a in stuck.legal_actions() if _fits(stuck, a)]
        stuck = stuck.apply(fits[0])
    assert stuck.unfinishable and not pr.new_game(players=2, seed=3).unfinishable
    for a in stuck.legal_actions():
        with pytest.raises(pr.LimitError):
            stuck.apply(a)


def _fits(game: pr.Game, action) -> bool:
    try:
        game.apply(action)
        return True
    except pr.LimitError:
        return False


def test_a_table_answers_a_message_past_the_cap_with_a_refusal_code(monkeypatch, tmp_path):
    """Before: ``Table.handle`` raised LimitError. Now a refusal, nothing stored."""
    from pillars_rules.table import EventStore, Table, encode_message

    monkeypatch.setattr(limits, "MAX_EVENTS", 400)
    store = EventStore(tmp_path / "games.sqlite3")
    table = Table.create(store, "g", players=2, seed=3)
    while True:
        game = table.game
        out = table.handle(game.current_player, encode_message(game.decision, game.legal_actions()[0]))
        if not out.ok:
            break
    assert out.code == "limit" and "400" in out.reason and table.game is game
    assert Table.open(store, "g").game == game
    while not table.unfinishable:  # play on with the actions that still fit, to the very end of the room
        game = table.game
        fits = next(a for a in game.legal_actions() if _fits(game, a))
        assert table.handle(game.current_player, encode_message(game.decision, fits)).ok
    game = table.game
    assert all(
        table.handle(game.current_player, encode_message(game.decision, a)).code == "limit"
        for a in game.legal_actions()
    )
    assert Table.open(store, "g").unfinishable
