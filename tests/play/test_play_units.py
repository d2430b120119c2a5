"""The terminal game's parts in-process: command parsing, card look-up, what
a screen shows, the undo ruling and the final screen (issue #16)."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

import pillars_rules as pr
from pillars_rules.bots import make_bot
from pillars_rules.cardlang import base_cards
from pillars_rules.terminal import screen
from pillars_rules.terminal.commands import NAMES, find_cards, parse
from pillars_rules.terminal.session import Session, undo_refusal

LABELS = [
    "hire Mason (round 1) for 5 gold: 1 stone -> 1 VP, twice a round",
    "pass (final for this phase)",
    "take Forest (2 wood, 3 workers) with 3 one-value workers",
    "buy 2 wood for 6 gold",
    "stop trading (final for this round)",
]
KINDS = ["Hire", "Pass", "TakeResourceCard", "Buy", "EndTrading"]


@given(st.text(max_size=40), st.integers(0, 5))
def test_parse_reads_any_line_without_raising(line, n):
    cmd = parse(line, LABELS[:n], KINDS[:n])
    assert cmd.name in {"choose", "hint", *NAMES}
    if cmd.name == "choose":
        assert 1 <= cmd.number <= n
    if cmd.name == "hint":
        assert cmd.arg and "\n" not in cmd.arg and cmd.arg.isprintable()


def test_parse_examples():
    assert parse(" 3 ", LABELS).number == 3
    assert parse("Card Tom Builder", LABELS) == ("card", "Tom Builder", 0)
    assert parse("SAVE game.json", LABELS) == ("save", "game.json", 0)
    assert parse("6", LABELS).name == "hint"
    assert parse("quitt", LABELS).arg.startswith("unknown command or choice 'quitt' -- did you mean quit?")


def test_parse_reads_the_words_of_a_choice():
    """Issue #21: words as well as numbers -- pass, stop, the first word of an option."""
    assert parse("pass", LABELS, KINDS).number == 2
    assert parse("stop", LABELS, KINDS).number == 5 and parse("STOP TRADING", LABELS, KINDS).number == 5
    assert parse("hire", LABELS, KINDS).number == 1 and parse("hire mason", LABELS, KINDS).number == 1
    assert parse("buy 2 wood", LABELS, KINDS).number == 4
    assert parse("take forest", LABELS, KINDS).number == 3
    two = ["buy 1 wood for 3 gold", "buy 2 wood for 6 gold"]
    hint = parse("buy", two, ["Buy", "Buy"])
    assert hint.name == "hint" and "fits 2 choices (1, 2)" in hint.arg
    assert parse("buy 2", two, ["Buy", "Buy"]).number == 2  # a number is a whole word, never a prefix
    assert (
        parse(
            "keep",
            ["keep Blue's drawn builder (price 7 gold)", "put Blue's builder back"],
            ["KeepBuilder", "ReturnBuilder"],
        ).number
        == 1
    )
    assert (
        parse(
            "redraw",
            ["keep Blue's drawn builder (price 7 gold)", "put Blue's builder back"],
            ["KeepBuilder", "ReturnBuilder"],
        ).number
        == 2
    )
    assert parse("keep all", LABELS).name == "keep all" and parse("help priory", LABELS) == ("help", "priory", 0)


def test_typed_input_that_crashed_the_game_gets_a_hint():
    """Issue #24 item 6: a 4,301-digit number ended the game with a traceback
    (int() refuses more than 4,300 digits)."""
    cmd = parse("9" * 4301, LABELS)
    assert cmd.name == "hint" and cmd.arg.startswith("there is no choice 99999999999999999999...")
    assert parse("1" + "0" * 5000, LABELS).name == "hint"
    assert parse("\x00\x1b[2J", LABELS).arg.isprintable()  # control characters are shown escaped


def test_find_cards_by_id_or_name_with_did_you_mean():
    cards = base_cards()
    assert [c.id for c in find_cards("ELLEN", cards)[0]] == ["ellen"]
    assert [c.id for c in find_cards("mason_r2", cards)[0]] == ["mason_r2"]
    masons = find_cards("Mason", cards)[0]
    assert len(masons) == 4 and {c.name for c in masons} == {"Mason"}
    found, hint = find_cards("tom buildr", cards)
    assert found == [] and "did you mean" in hint and "Tom Builder" in hint


def test_find_cards_by_any_word_in_english_or_german():
    """Issue #21: card otto did not find Otto Blackface."""
    cards = base_cards()
    assert [c.id for c in find_cards("otto", cards)[0]] == ["otto_blackface"]
    assert [c.id for c in find_cards("blackface", cards)[0]] == ["otto_blackface"]
    assert {c.id for c in find_cards("Maurer", cards)[0]} == {"mason_r1", "mason_r2", "mason_r3", "mason_r4"}
    assert [c.id for c in find_cards("glockengiesser", cards)[0]] == ["bell_founder"]
    assert [c.id for c in find_cards("Glockengießer", cards)[0]] == ["bell_founder"]
    assert [c.id for c in find_cards("erzbischof thomas", cards)[0]] == ["archbishop_thomas"]
    assert len(find_cards("erzbischof", cards)[0]) == 2  # and the Statue des Erzbischofs
    assert {c.id for c in find_cards("madonna", cards)[0]} == {"weeping_madonna"}


def _text(renderables) -> str:
    console = Console(file=io.StringIO(), width=130, color_system=None)
    for r in renderables:
        console.print(r)
    return console.file.getvalue()


def _peeking_game():
    """The first random game (by seed) in which a seat gets to peek at the coming event."""
    for seed in range(19, 200):
        game, bot = pr.new_game(2, seed), make_bot("random", seed)
        while not game.is_over and not game.view(game.current_player).next_event:
            game = game.apply(bot(game.view(game.current_player)))
        if not game.is_over:
            return game
    raise AssertionError("no random game with a peek at the coming event")


def test_screen_shows_the_coming_event_only_to_the_seat_that_may_peek():
    """Ellen (a base privilege, RULES §7) lets her holder see the next event."""
    game = _peeking_game()
    seer = game.current_player
    coming = game.rules.name(game.view(seer).next_event)
    mine = _text(screen.screen(game.view(seer), "Blue", []))
    theirs = _text(screen.screen(game.view(1 - seer), "Red", []))
    assert f"You know the coming event: {coming}" in mine
    assert coming not in theirs
    # No undealt event card is named on any screen.
    hidden = {game.rules.name(c) for c in game.state.event_deck[1:]}
    assert hidden and not any(name in mine or name in theirs for name in hidden)


def test_screen_lists_the_legal_actions_as_numbered_choices():
    game = pr.new_game(2, 3)
    text = _text(screen.screen(game.view(0), "Red", []))
    shown = screen.ordered(game.view(0))
    assert sorted(c.key for c in shown) == sorted(c.key for c in pr.words.choices(game.view(0)))
    assert shown[0].kind == "Pass"  # the answers without fields first: their numbers stay put
    for i, c in enumerate(shown, 1):
        assert f"{i}. {c.label}" in text
    assert "Round 1 of 6" in text and "Red (you)" in text


def test_undo_is_refused_after_each_kind_of_chance_or_reveal_and_only_then():
    """Shuffles (§1), dealt resource cards and a new round's cards (§2.1), drawn
    builders (§2.3), the tax roll (§2.4) and a revealed event (§8) refuse an
    undo; the events that follow only from decisions do not."""
    game = pr.play(pr.new_game(2, 3), make_bot("random", 3))
    E = pr.events
    kinds = (E.DecksShuffled, E.ResourceCardsDealt, E.RoundStarted, E.BuilderDrawn, E.TaxRolled, E.EventRevealed)
    for kind in kinds:
        first = next(e for e in game.events if isinstance(e, kind))
        why = undo_refusal([first], game.describe)
        assert why.startswith("undo refused") and game.describe(first) in why
    others = [e for e in game.events if not isinstance(e, kinds)]
    assert {type(e).__name__ for e in others} >= {"CraftsmanHired", "BuilderPlaced", "Bought", "Gained"}
    assert undo_refusal(others, game.describe) is None


def test_undo_is_refused_after_a_look_at_the_event_deck():
    """A seat that looked at coming event cards cannot forget them: the decision
    before the look is not undone, in the terminal as at a hosted table (web/undo.py)."""
    from pillars_rules.cardlang import base_cards, compile_text

    seer = compile_text(
        """
        privilege test_seer "Seer" {
            permanent
            at round_start: look at the next 2 events
        }""",
        known=base_cards(),
    )
    game = pr.scenario(
        3, round=2, step="round_start", cards=base_cards().merged(seer), seats={0: dict(privileges=("test_seer",))}
    )
    look = next(e for e in game.events if isinstance(e, pr.events.EventsLooked))
    why = undo_refusal([look], game.describe)
    assert why is not None and why.startswith("undo refused") and game.describe(look) in why


def _session(game, humans, bots, lines, autosave):
    feed = iter(lines)

    def read(prompt):
        out.write(prompt + "\n")
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    console = Console(file=io.StringIO(), width=130, color_system=None)
    out = console.file
    session = Session(game, humans, bots, console, autosave=autosave, read=read)
    return session, out


def test_hotseat_undo_is_refused_when_another_person_decided_since(tmp_path):
    game = pr.new_game(2, 3)
    session, out = _session(game, (0, 1), {}, ["", "1", "", "1", "", "undo"], tmp_path / "auto.json")
    assert session.run() == 0
    text = out.getvalue()
    assert "undo refused: Blue decided after you; that decision is theirs to keep" in text
    assert text.count("Pass to") == 3
    assert session.game.n_events > game.n_events  # both decisions kept
    assert pr.load((tmp_path / "auto.json").read_text()) == session.game


def test_final_screen_ranks_every_player_with_a_summary(tmp_path):
    game = pr.play(pr.new_game(3, 8), make_bot("random", 8))
    session, out = _session(game, (0,), {}, [], tmp_path / "auto.json")
    assert session.run() == 0
    lines = [x for x in out.getvalue().splitlines() if x.startswith("  ") and ": " in x and " VP, " in x]
    seats = [s for group in game.ranking() for s in group]
    assert len(lines) == 3
    for line, seat in zip(lines, seats):
        p = game.state.players[seat]
        assert f" {p.name}" in line and f"{p.vp} VP, {p.gold} gold" in line
    assert not (tmp_path / "auto.json").exists()  # a finished game is not autosaved


def test_the_terminal_package_leaves_pr_play_a_function():
    import pillars_rules.cli.play  # noqa: F401  (a package named "play" would replace pr.play)

    assert pr.play is pr.bots.play and callable(pr.play)


def test_undo_puts_the_bots_back_so_their_replies_cannot_be_rerolled(tmp_path):
    straight, _ = _session(pr.new_game(2, 3), (0,), {1: make_bot("random", 5)}, ["2", "3", "3"], tmp_path / "a.json")
    undone, out = _session(
        pr.new_game(2, 3), (0,), {1: make_bot("random", 5)}, ["2", "3", "undo", "3", "3"], tmp_path / "b.json"
    )
    straight.run()
    undone.run()
    assert "Undone" in out.getvalue()
    assert undone.game == straight.game


def test_seats_and_bots_from_the_command_line():
    from pillars_rules.cli.play import UsageError, bots_for, seats_of

    names = ["Red", "Blue", "Green", "Yellow"]
    assert seats_of("1", 4, names) == (1,)
    assert seats_of("2, blue", 4, names) == (1, 2)
    bots = bots_for("random,random,random", [0, 2, 3], seed=5)
    assert sorted(bots) == [0, 2, 3] and all(callable(b) for b in bots.values())
    view = pr.new_game(4, 5).view(0)
    assert bots[0](view) in view.legal_actions
    for bad in ("4", "red,0", "Purple", ""):
        try:
            seats_of(bad, 4, names)
        except UsageError as exc:
            assert "--seat" in str(exc)
        else:
            raise AssertionError(f"--seat {bad!r} was accepted")


def test_a_game_without_seed_gets_a_secret_seed_of_more_than_64_bits():
    """§ issue #10 item 4 carried to the terminal: with no --seed, the game's
    seed comes from new_game's 128-bit secret draw, not a small guessable range."""
    import argparse

    from pillars_rules.cli import play as play_cli

    parser = argparse.ArgumentParser()
    play_cli.register(parser.add_subparsers())
    args = parser.parse_args(["play", "--players", "2"])
    seeds = {play_cli._game(args).events[0].seed for _ in range(3)}
    assert len(seeds) == 3
    assert max(seeds) >= 2**64


def test_a_resource_card_for_one_worker_says_worker():
    """A card yielding for a single worker (the expansion's gravel pit) reads "1 worker"."""
    import pillars_rules as pr
    from pillars_rules.engine.context import rules_for
    from pillars_rules.terminal.screen import card_line

    cards = pr.load_cards("expansion")
    ones = [c.id for c in cards if c.kind == "resource" and c.yields is not None and c.workers == 1]
    assert ones, "the expansion has a resource card for one worker"
    line = card_line(rules_for(cards), ones[0])
    assert line.endswith("for 1 worker"), line
    many = next(c.id for c in cards if c.kind == "resource" and c.yields is not None and c.workers > 1)
    assert card_line(rules_for(cards), many).endswith("workers")
