"""A use that leaves one card out (``use ... building ... except CARD``), played by the text, not by the
user's name (issue #58, "as text"). The shipped set's one such building is the Priory (G01; §4.4, R26:
"any one building ... not the Priory itself"); a fan building shows the form is general.
"""

from __future__ import annotations

from pathlib import Path

from pillars_rules.buildings import load_buildings
from pillars_rules.games.ora import new_game, ora_rules
from pillars_rules.games.ora import records as R
from pillars_rules.games.ora.steps import FOLLOWS

from .helpers import placed
from .inplay import erected, uses

FAN = """building abbey "Abbey" {{
    deck start
    modes 1, 2, 2 long, 3, 4
    cost 1 wood
    value 1
    dwelling 2
    terrain coast, plains, hillside
    use: {use}
}}
"""


def fan_game(tmp_path: Path, use: str, mode: str = "4 players"):
    """A game with the shipped set and the fan Abbey, whose function is ``use``; round 1, Player 1 to act,
    the Abbey and the Priory on Player 1's landscape."""
    (tmp_path / "abbey.cards").write_text(FAN.format(use=use), encoding="utf-8")
    cards = load_buildings(["ora-et-labora", tmp_path / "abbey.cards"], follows=FOLLOWS)
    g = new_game(ora_rules(mode, "france", tuple(cards.cards)))
    g, _ = erected(g, 0, "abbey")
    g, _ = erected(g, 0, "priory")
    return g


def offered(g) -> list[str]:
    """The cards the pending ``use`` step offers (its Activate actions' buildings, each once)."""
    return list(dict.fromkeys(a.key for a in g.legal_actions() if type(a) is R.Activate))


def test_G01_the_priory_leaves_out_the_priory_because_its_text_says_so(tmp_path):
    """G01 Priory (§4.4; R26, R40): "use a building with prior except priory". A fan building with the very
    same text, with priors on Player 1's Priory and Player 2's Farmyard, offers the Farmyard, never the
    Priory; the Priory used with a prior on the fan building offers it (the Priory's text leaves out only
    the Priory)."""
    g = fan_game(tmp_path, "use a building with prior except priory")
    g = placed(g, 1, ("prior", "1/farmyard"))
    # the fan Abbey: the Priory has a prior on it (placed by another seat's turn), the Farmyard too
    g2 = placed(g, 2, ("prior", "0/priory"))
    ((_, after),) = uses(g2, "0/abbey").values()
    assert offered(after) == ["1/farmyard"]
    # the Priory used with a prior on the Abbey: the Abbey is offered (no text leaves it out)
    g3 = placed(g, 2, ("prior", "0/abbey"))
    ((_, after),) = uses(g3, "0/priory").values()
    assert sorted(offered(after)) == ["0/abbey", "1/farmyard"]


def test_a_fan_building_leaves_out_the_card_its_text_names(tmp_path):
    """§4.4, R26: "use an occupied building except farmyard" -- any building with a clergyman on it,
    whoever's, but the Farmyard; without the ``except`` the Farmyard is offered too."""
    g = fan_game(tmp_path, "use an occupied building except farmyard")
    g = placed(g, 1, ("lay brother", "1/farmyard"), ("lay brother", "1/clay_mound"))
    ((_, after),) = uses(g, "0/abbey").values()
    assert offered(after) == ["1/clay_mound"]
    (tmp_path / "plain").mkdir()
    g = fan_game(tmp_path / "plain", "use an occupied building")
    g = placed(g, 1, ("lay brother", "1/farmyard"), ("lay brother", "1/clay_mound"))
    ((_, after),) = uses(g, "0/abbey").values()
    assert sorted(offered(after)) == ["1/clay_mound", "1/farmyard"]


def test_a_use_of_an_empty_neighbour_leaves_out_the_card_named(tmp_path):
    """R27 (Cloister Garden, Cottage: an empty building next to it): with ``except priory``, the Priory
    next to the Abbey is not offered, the other empty neighbours are."""
    g = fan_game(tmp_path, "use an empty adjacent building except priory")
    ((_, after),) = uses(g, "0/abbey").values()
    keys = offered(after)
    assert "0/priory" not in keys
    (tmp_path / "plain").mkdir()
    g2 = fan_game(tmp_path / "plain", "use an empty adjacent building")
    ((_, after2),) = uses(g2, "0/abbey").values()
    assert set(offered(after2)) - set(keys) == {"0/priory"}
