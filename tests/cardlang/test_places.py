"""The board as text: places and the board card compile, check, format and render."""

from __future__ import annotations

import pytest

from pillars_rules.cardlang import base_cards, compile_text, format_cards, format_text, render
from pillars_rules.cardlang import effects as fx
from pillars_rules.cardlang.board import assemble
from pillars_rules.errors import CardError

BASE = base_cards()


def messages(text: str, known=BASE) -> list[str]:
    with pytest.raises(CardError) as err:
        compile_text(text, "fan.cards", known=known)
    return [f"{d.line}:{d.column} {d.message}" for d in err.value.diagnostics]


def test_base_board_is_the_old_board():
    board = BASE.board
    assert board.steps == fx.STEPS
    assert dict(board.locations) == fx.LOCATIONS
    assert dict(board.sites) == {k: v for k, v in zip(fx.SITES, ("wood", "stone", "sand"))}
    assert board.by_key["priory"].spot_effects == (
        (1, fx.Gain((fx.Amount("vp", 2),))),
        (2, fx.Gain((fx.Amount("vp", 1),))),
    )
    assert board.by_key["kings_court"].die == (2, 3, 3, 4, 4, 5)
    assert board.by_key["cathedral"].cube_limit == 5
    assert board.by_key["castle"].spot_effects == ((1, fx.GreyWorkers(2)),)
    assert board.spec.gold_cap == 30 and board.spec.builder_prices == (7, 6, 5, 4, 3, 2, 1, 0)
    assert board.total_spots() == 17


def test_places_are_not_cards_of_the_set():
    assert len(BASE) == 62 and "priory" not in BASE
    assert {c.kind for c in BASE.places} == {"place", "board"}


def test_base_identity_is_unchanged_by_the_board():
    # the identity before boards were text (main at 0df1e64): saves and tables name it
    assert BASE.identity == "019a9f7569ca5bd965450d050cf735b221f920e3071263fff3bc7cbbf2198a12"


def test_round_trip_of_the_base_board():
    text = format_cards(BASE.places)
    again = compile_text(text)
    assert again.places == BASE.places
    assert format_text(text) == text


MILL = """
place dye_works "Dye works" de "Färberei" {
    replaces wool_mill
    spots 2
    spot 1: gain 3 gold
    spot 2: gain 1 wood, 1 stone
}
"""

CHAPEL = """
place chapel "Chapel" de "Kapelle" {
    after priory
    spots 1
    spot 1: gain 1 vp, 1 gold
}
"""


def test_a_place_that_replaces_the_wool_mill():
    fan = compile_text(MILL, "fan.cards", known=BASE)
    board = BASE.merged(fan).board
    assert board.steps[2] == "dye_works" and "wool_mill" not in board.steps
    assert board.locations["dye_works"] == 2


def test_a_step_between_priory_and_market():
    board = BASE.merged(compile_text(CHAPEL, "fan.cards", known=BASE)).board
    assert board.steps[board.steps.index("priory") + 1] == "chapel"


def test_a_fan_board_changes_the_identity_and_merging_keeps_order():
    merged = BASE.merged(compile_text(CHAPEL, "fan.cards", known=BASE))
    assert merged.identity != BASE.identity
    assert [c.id for c in merged.cards] == [c.id for c in BASE.cards]


def test_a_fan_card_may_name_a_new_place():
    text = CHAPEL + 'privilege monk "Monk" { permanent at chapel: gain 1 gold }'
    fan = compile_text(text, "fan.cards", known=BASE)
    assert fan["monk"].abilities[0].step == "chapel"


def test_unknown_step_rule_with_did_you_mean():
    (m,) = messages('place p "P" { spots 1 step markt }')
    assert m.startswith("1:28 unknown step rule 'markt'") and "market" in m


def test_two_places_with_one_key():
    ms = messages('place p "P" { spots 1 spot 1: gain 1 gold }\nplace p "Q" { spots 1 spot 1: gain 1 vp }')
    assert any(m.startswith("2:1 duplicate card id 'p'") for m in ms)


@pytest.mark.parametrize("n", ["0", "9"])
def test_spot_count_out_of_range(n):
    (m,) = messages(f'place p "P" {{ spots {n} }}')
    assert f"a place's number of spots must be a whole number from 1 to {fx.MAX_SPOTS}, not {n}" in m


def test_effects_a_place_cannot_have():
    assert (
        "'die' means nothing at a place with 'step market'"
        in messages('place p "P" { spots 1 step market die 1, 2 selling sand 1 }')[0]
    )
    assert "spot 3 does not exist" in messages('place p "P" { spots 2 spot 3: gain 1 gold }')[0]
    assert "not allowed on a place card" in messages('place p "P" { spots 1 tax 2 }')[0]
    assert "has no builder spots" in messages('place p "P" { spots 1 step cathedral cube limit 5 }')[0]
    assert "'round' is not allowed on a place card" in messages('place p "P" { round 1 }')[0]


def test_a_board_needs_a_start_player_place_and_a_cathedral():
    ms = messages(format_cards(c for c in BASE.places if c.id not in ("start_player", "cathedral")), known=None)
    assert any("no place with 'step cathedral'" in m for m in ms)
    assert any("no place with 'step start_player'" in m for m in ms)


def test_a_spot_cannot_ask_for_a_choice():
    (m,) = messages('place p "P" { spots 1 spot 1: choose one: gain 1 wood | gain 1 stone }')
    assert "a spot's effect cannot ask for a choice" in m


def test_a_rule_runs_once_and_after_must_name_a_place():
    # a second market is allowed (each keeps its own stock: tests/engine/test_harbour.py); a second tax is not
    ms = messages('place t2 "Second court" { spots 2 step tax die 1, 2 }')
    assert any("'step tax' at most once" in m for m in ms)
    (m,) = messages('place p "P" { after priroy spots 1 spot 1: gain 1 gold }')
    assert "'after priroy' names no place of the board" in m and "priory" in m


def test_a_board_with_too_few_spots_is_refused():
    parts = [c for c in BASE.places if c.id != "kings_court"]
    ms = messages(format_cards(parts), known=None)
    assert any("builder spots hold" in m for m in ms)


def test_a_fourth_worker_site():
    text = (
        'place clay_pit "Clay pit" { after sand_pit worker site sand }\n'
        'resource clay "Clay" { site clay_pit yields 2 sand workers 3 }'
    )
    fan = compile_text(text, "fan.cards", known=BASE)
    board = BASE.merged(fan).board
    assert board.sites["clay_pit"] == "sand" and board.steps.index("clay_pit") == 8


def test_render_names_what_a_place_does():
    assert render(BASE.board.places[4]) == (
        "Priory (Priorei), place with 2 builder spots, filled in order. Its step of Phase III: the builder on spot 1 "
        "gets: gain 2 VP; the builder on spot 2 gets: gain 1 VP."
    )
    assert "tax die shows 2, 3, 3, 4, 4, 5" in render(BASE.board.places[8])


def test_assemble_keeps_text_order():
    assert assemble(BASE.places).steps == BASE.board.steps


def test_cards_check_reports_board_errors_with_position(tmp_path, capsys):
    from pillars_rules.cli import main

    bad = tmp_path / "fan.cards"
    bad.write_text(
        'place chapel "Chapel" {\n    after prioy\n    spots 1\n    spot 1: gain 1 vp\n}\n', encoding="utf-8"
    )
    assert main(["cards", "check", str(bad)]) == 1
    err = capsys.readouterr().err
    assert "fan.cards:2:11: error: 'after prioy' names no place of the board — did you mean 'priory'?" in err
    good = tmp_path / "good.cards"
    good.write_text(CHAPEL, encoding="utf-8")
    assert main(["cards", "check", str(good)]) == 0
    assert "ok: 0 cards, 1 place" in capsys.readouterr().out
    assert main(["cards", "show", "kings_court"]) == 0
    assert "King's court (Königshof), place with 4 builder spots" in capsys.readouterr().out


def test_builder_prices_run_down_to_zero():
    (m,) = messages('board b "B" { builder prices 7, 5, 0 }')
    assert "builder prices run down by one to 0" in m


def test_a_card_may_not_take_a_place_key():
    board = BASE.merged(compile_text(CHAPEL, "fan.cards", known=BASE))
    ms = messages('event chapel "Chapel card" { now: gain 1 gold }', known=board)
    assert any("card id 'chapel' is the key of a place of the board" in m for m in ms)


def test_a_place_is_called_in_sentences_as_its_text_says():
    # the words of sentences ("at the King's court") are the board's text, not Python's
    board = BASE.board
    assert board.called("kings_court") == "the King's court" and board.name_of("kings_court") == "King's court"
    assert board.called("kingsbridge") == "Kingsbridge"  # no 'called' line: its name
    cards = compile_text('place well "Village well" { called "the village well" spots 1 }', known=BASE)
    assert cards.places[0].place.called == "the village well"
    assert 'called "the village well"' in format_cards(cards.places)


def test_a_place_is_called_by_some_words():
    (m,) = messages('place p "P" { called "" spots 1 }')
    assert m.startswith("1:22 a place is called by 1 to 60 characters, not 0")
    assert any(
        "'called' is not allowed on a craftsman card" in m
        for m in messages('craftsman c "C" { round 1 called "the c" }')
    )


# ---- issue #54: board files that were accepted silently


def _place(key: str, where: str) -> str:
    return f'place {key} "{key.title()}" {{\n    {where}\n    spots 1\n    spot 1: gain 1 gold\n}}\n'


def test_a_place_after_itself_is_refused_at_the_word():
    assert messages(_place("chapel", "after chapel")) == [
        "2:11 'after chapel' names the place itself: a place goes after another place"
    ]


def test_a_place_that_replaces_itself_is_refused_at_the_word():
    assert messages(_place("chapel", "replaces chapel")) == [
        "2:14 'replaces chapel' names the place itself: a place takes the spot of another place"
    ]


def test_a_circle_of_after_is_refused_once_at_its_first_place():
    text = _place("chapel", "after crypt") + _place("crypt", "after tower") + _place("tower", "after chapel")
    assert messages(text) == [
        "2:11 'after crypt' goes round in a circle (chapel -> crypt -> tower -> chapel): one of these places "
        "must go after or replace a place that is not in the circle"
    ]


def test_a_place_may_go_after_one_written_later():
    """'after' names a place that itself moves further down the text: it still lands right after it."""
    fan = compile_text(_place("chapel", "after crypt") + _place("crypt", "after priory"), "fan.cards", known=BASE)
    steps = BASE.merged(fan).board.steps
    assert steps[steps.index("priory") + 1 : steps.index("priory") + 3] == ("crypt", "chapel")


def test_two_board_cards_in_one_run_are_refused(tmp_path, capsys):
    from pillars_rules.cli import main

    assert messages('board a "A" {\n    gold cap 30\n}\nboard b "B" {\n    gold cap 20\n}\n') == [
        "4:1 a second board card, 'b': a card set has one (the first is 'a', line 1)"
    ]
    (tmp_path / "one.cards").write_text('board a "A" {\n    gold cap 30\n}\n', encoding="utf-8")
    (tmp_path / "two.cards").write_text('\nboard b "B" {\n    gold cap 20\n}\n', encoding="utf-8")
    assert main(["cards", "check", str(tmp_path / "one.cards"), str(tmp_path / "two.cards")]) == 1
    err = capsys.readouterr().err
    assert "two.cards:2:1: error: a second board card, 'b': a card set has one (the first is 'a', line 1 of" in err
    assert "hint: keep the board's numbers in one board card" in err


def test_two_sets_side_by_side_checked_as_one_are_told_to_check_each(tmp_path, capsys):
    """`cards check cards/` reads the base's and the expansion's folders as one set: the hint names both."""
    from pillars_rules.cli import main

    for name, gold in (("base", 30), ("expansion", 20)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "board.cards").write_text(
            f'board {name} "B" {{\n    gold cap {gold}\n}}\n', encoding="utf-8"
        )
    assert main(["cards", "check", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    base, expansion = tmp_path / "base", tmp_path / "expansion"
    assert (
        f"hint: the boards are in {base} and {expansion}: if these are two card sets, check each on its own "
        f"('pillars-rules cards check {base}', then '... {expansion}'); an expansion is checked on top of its base"
    ) in err


def test_a_card_kind_written_as_a_board_statement_says_so():
    first, *_ = messages('board a "A" {\n    gold cap 30\n    privilege piles 2\n}\n')
    assert first == (
        "3:5 found 'privilege' inside the board card 'a': a board card has no statement that "
        "starts with 'privilege', and 'privilege' begins a new card, which leaves the board card "
        "without its closing '}'"
    )


def test_the_board_is_checked_beside_a_syntax_error_in_another_card():
    text = _place("chapel", "after prioy") + 'event storm "Storm" {\n    now: gain 1 goldd )\n}\n'
    ms = messages(text)
    assert "2:11 'after prioy' names no place of the board — did you mean 'priory'?" in ms
    assert any(m.startswith("7:") and "found ')'" in m for m in ms)
