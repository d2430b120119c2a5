"""What a newcomer trips on at the command line (issue #55): paths that work
only from the repository's root, help that shows RST or says too little, and
messages worded wrong. Each test runs from a folder outside the checkout."""

from __future__ import annotations

from pathlib import Path

import pytest

import pillars_rules as pr
from pillars_rules.cli import main
from pillars_rules.cli.entry import build_parser

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The current folder is an empty one, not the checkout."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _help(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return capsys.readouterr().out


# ---- paths that work from anywhere ------------------------------------------------------


def test_five_players_message_names_the_set_that_works_from_anywhere(elsewhere, capsys) -> None:
    assert main(["simulate", "--players", "5"]) == 1
    assert capsys.readouterr().err == (
        "pillars-rules: error: players must be 2, 3 or 4 with the card set 'base' (The Pillars of the "
        "Earth), not 5; the expansion (--cards expansion) plays 2 to 6\n"
    )
    assert main(["simulate", "--players", "5", "--cards", "expansion"]) == 0


def test_help_names_cards_expansion_not_a_checkout_path(capsys) -> None:
    text = _help(capsys, "simulate")
    assert "cards/expansion" not in text
    assert "(--cards expansion)" in " ".join(text.split())


def test_checkout_path_from_elsewhere_says_what_works(elsewhere, capsys) -> None:
    """``--cards cards/expansion`` outside the checkout: one error (not "error: ...: error:"),
    no line and column for a folder, and the name that works."""
    assert main(["simulate", "--players", "5", "--cards", "cards/expansion"]) == 1
    assert capsys.readouterr().err == (
        "cards/expansion: error: no such card file or folder\n"
        "    hint: the library ships the set 'expansion': pass --cards expansion "
        "(cards=['expansion'] in Python)\n"
    )


def test_missing_folder_has_no_line_and_column(elsewhere, capsys) -> None:
    assert main(["cards", "check", "nosuch"]) == 1
    assert capsys.readouterr().err == "nosuch: error: no such card file or folder\n\n1 problem found\n"


def test_cards_commands_read_the_shipped_set_by_name(elsewhere, capsys) -> None:
    assert main(["cards", "check", "expansion"]) == 0
    assert capsys.readouterr().out.startswith("ok: ")
    assert main(["cards", "show", "tax_collector", "--cards", "expansion"]) == 0
    assert capsys.readouterr().out.startswith("Tax collector (Steuereintreiber), place")


def test_new_game_docstring_and_embedding_page_do_not_say_2_3_or_4() -> None:
    import ast

    # read from the source: the compiled build's functions carry no docstring
    tree = ast.parse((ROOT / "src" / "pillars_rules" / "game.py").read_text(encoding="utf-8"))
    new_game = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "new_game")
    assert ast.get_docstring(new_game).startswith("A new game for ``players`` seats: 2 to 6,")
    page = (ROOT / "docs" / "embedding.rst").read_text(encoding="utf-8")
    players = " ".join(page.split("``players``\n", 1)[1].split("``seed``", 1)[0].split())
    assert players.startswith(
        "as many as the card set's board allows: 2, 3 or 4 with the base set, "
        '2 to 6 with the expansion (``cards="expansion"``'
    )


# ---- help ---------------------------------------------------------------------------------


def test_top_level_help_has_no_rst_markup(capsys) -> None:
    text = _help(capsys)
    assert "``" not in text and ":mod:" not in text
    assert "pillars-rules COMMAND --help" in text


def test_play_says_it_needs_the_play_extra(capsys) -> None:
    assert (
        "play                play a game in the terminal, against bots or hot-seat\n"
        "                        (needs the [play] extra)" in _help(capsys)
    )
    text = " ".join(_help(capsys, "play").split())
    assert (
        "Needs the [play] extra: pip install 'pillars-rules[play]' (in a checkout of the "
        "repository: pip install -e '.[play]')." in text
    )


def test_simulate_help_describes_the_command_seed_and_variants(capsys) -> None:
    text = " ".join(_help(capsys, "simulate").split())
    assert "Bots play seeded games of The Pillars of the Earth." in text
    assert "--seed S decides every random outcome" in text
    assert (
        "--variant NAME a variant option, repeatable: archbishop_one_craftsman, dm, or one a "
        "--cards file defines" in text
    )


def test_variant_error_lists_the_public_variants() -> None:
    with pytest.raises(pr.ConfigError) as info:
        pr.new_game(2, 1, variants=["nope"])
    assert str(info.value) == f"unknown variant 'nope' (known: {', '.join(sorted(pr.VARIANTS))})"
    pr.new_game(2, 1, variants=["rules_v3"])  # the engine's own variant still loads old saves


def test_missing_extra_hint_gives_both_install_commands() -> None:
    from pillars_rules.cli.options import install_hint

    assert install_hint("play") == (
        "pip install 'pillars-rules[play]' (in a checkout of the repository: pip install -e '.[play]')"
    )
    assert build_parser() is not None


# ---- wording ------------------------------------------------------------------------------


def test_unknown_action_takes_an(tmp_path: Path) -> None:
    (tmp_path / "fly.cards").write_text(
        'privilege flyer "Flyer" {\n    permanent\n    when you fly: gain 1 gold\n}\n', encoding="utf-8"
    )
    with pytest.raises(pr.CardError) as info:
        pr.new_game(2, 1, cards=[str(tmp_path)])
    assert "hint: an action is one of: hire, buy, sell, place" in str(info.value)


def test_one_earlier_event_is_singular() -> None:
    from pillars_rules.terminal.screen import recent

    assert recent([f"e{i}" for i in range(9)], limit=8)[0] == "Since your last turn (1 earlier event: type log):"
    assert recent([f"e{i}" for i in range(10)], limit=8)[0] == "Since your last turn (2 earlier events: type log):"


def test_narration_says_what_the_chosen_option_gave() -> None:
    game = pr.play(
        pr.new_game(4, 1, cards=[str(ROOT / "examples" / "fan_cards")], variants=["dm"]), pr.RandomBot(seed=1)
    )
    told = [line for line in game.narrate() if " chose option " in line]
    assert "Red chose option 2: gain 1 metal (Market day)." in told
    assert all(": " in line for line in told)


def test_getting_started_lists_each_extra_once() -> None:
    page = (ROOT / "docs" / "getting-started.rst").read_text(encoding="utf-8")
    extras = [line.split("``")[1] for line in page.splitlines() if line.startswith("   * - ``")]
    assert len(extras) == len(set(extras)), extras


# ---- cards show ---------------------------------------------------------------------------


def test_cards_show_unknown_id_hints_at_cards(capsys) -> None:
    assert main(["cards", "show", "roofer"]) == 1
    assert capsys.readouterr().err == (
        "unknown card 'roofer'\n"
        "    hint: looked in the base set; a fan card is shown with its file or folder: "
        "pillars-rules cards show roofer --cards PATH\n"
    )


def test_cards_show_keeps_every_cards_option(tmp_path: Path, capsys) -> None:
    (tmp_path / "a.cards").write_text(
        'craftsman aa "Aa" {\n    round 1\n    cost 1 gold\n    convert 1 wood -> 1 vp\n}\n', encoding="utf-8"
    )
    (tmp_path / "b.cards").write_text(
        'craftsman bb "Bb" {\n    round 1\n    cost 1 gold\n    convert 1 stone -> 1 vp\n}\n', encoding="utf-8"
    )
    args = ["--cards", str(tmp_path / "a.cards"), "--cards", str(tmp_path / "b.cards")]
    assert main(["cards", "show", "aa", *args]) == 0
    assert capsys.readouterr().out.startswith("Aa, round 1 craftsman")


def test_cards_show_names_places_by_their_names(elsewhere, capsys) -> None:
    assert main(["cards", "show", "crusade_1a", "--cards", "expansion"]) == 0
    assert capsys.readouterr().out == (
        "Crusade (Kreuzzug), resource card: place 3 workers on the Crusades to get 1 VP; dealt to the "
        "display every round, beside the shuffled resource cards.\n"
    )


def test_cards_show_a_board_gives_players_and_tables(elsewhere, capsys) -> None:
    assert main(["cards", "show", "expansion", "--cards", "expansion"]) == 0
    out = capsys.readouterr().out
    assert "the board for 2 to 6 players: gold is capped at 30" in out
    assert (
        "Each player starts with 3 builders; starting gold by seat from the start player: "
        "20, 21, 22, 23, 24, 25. Craftsmen dealt each round: 4 with 2 to 4 players, 5 with 5 or 6. "
        "Resource cards dealt each round: 7 with 2 to 4 players, 8 with 5, 10 with 6."
    ) in out
