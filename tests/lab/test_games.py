"""One game as a pure function of its spec and index (pillars_rules.lab.games)."""

import pytest

import pillars_rules as pr
from pillars_rules.lab.games import GameSpec, cardset, play_game, read_cards

FAN = "examples/fan_cards"


def test_same_spec_and_index_give_the_same_record_and_other_seeds_differ():
    spec = GameSpec(players=3, bots=("random",), seed=40)
    first = play_game(spec, 2)
    assert first == play_game(spec, 2)
    assert first["seed"] == 42
    assert play_game(spec, 3) != first


def test_record_agrees_with_the_game_it_summarises():
    spec = GameSpec(players=4, bots=("random",), seed=9)
    rec = play_game(spec, 0)
    game = pr.play(pr.new_game(4, 9), [pr.RandomBot(9 * 8 + s) for s in range(4)])
    assert [s["vp"] for s in rec["seats"]] == [p.vp for p in game.state.players]
    assert rec["winners"] == game.winners() and rec["events"] == game.n_events
    for seat, s in enumerate(rec["seats"]):
        assert s["vp_rounds"][-1] == s["vp"] and len(s["vp_rounds"]) == rec["rounds"] == 6
        assert (s["rank"] == 1) == (seat in rec["winners"]) and s["win"] == (
            1 / len(rec["winners"]) if seat in rec["winners"] else 0
        )
        # starting craftsmen (RULES §1) count as taken in round 0; hires in rounds 1-6
        assert all(s["cards"][c] == 0 for c in game.events[0].starting_craftsmen)
        assert all(1 <= r <= 6 for c, r in s["cards"].items() if c not in game.events[0].starting_craftsmen)
        assert set(s["held"]) <= set(s["cards"])


def test_bot_mix_rotates_through_the_seats():
    spec = GameSpec(players=4, bots=("a", "b"))
    assert spec.bots_for(0) == ("a", "b", "a", "b") and spec.bots_for(1) == ("b", "a", "b", "a")
    fixed = GameSpec(players=3, bots=("a", "b", "c"), rotate=False)
    assert fixed.bots_for(0) == fixed.bots_for(5) == ("a", "b", "c")


def test_read_cards_ships_texts_and_the_same_hash_as_load_cards():
    sources, h = read_cards([FAN])
    assert h == pr.load_cards([FAN]).content_hash
    assert all(text for _, text in sources)
    spec = GameSpec(players=2, bots=("random",), sources=sources, card_hash=h)
    assert "tiler" in cardset(spec)


def test_a_spec_whose_texts_do_not_match_its_hash_is_refused():
    sources, _ = read_cards([FAN])
    with pytest.raises(pr.ConfigError, match="card set differs"):
        play_game(GameSpec(players=2, bots=("random",), sources=sources, card_hash="0" * 64), 0)


@pytest.mark.parametrize(
    "spec, message",
    [
        (GameSpec(players=2, bots=("nobot",)), "unknown bot 'nobot'"),
        (GameSpec(players=2, bots=()), "bot mix is empty"),
        (GameSpec(players=5, bots=("random",)), "players must be"),
        (GameSpec(players=2, bots=("random",), variants=("nope",)), "unknown variant"),
    ],
)
def test_check_refuses_what_would_fail_in_every_game(spec, message):
    with pytest.raises(pr.ConfigError, match=message):
        spec.check()


def test_read_cards_names_a_missing_or_empty_path(tmp_path):
    with pytest.raises(pr.ConfigError, match="no such card file or folder"):
        read_cards([tmp_path / "missing"])
    with pytest.raises(pr.ConfigError, match="no \\*.cards files"):
        read_cards([tmp_path])


def test_the_lab_reads_a_shipped_set_by_name_from_any_folder(tmp_path, monkeypatch):
    """``balance --cards expansion`` works outside the checkout, as the other commands do (issue #55)."""
    from pillars_rules.lab.games import read_sources

    monkeypatch.chdir(tmp_path)
    sources = read_sources(["expansion"])
    assert sources and all("expansion" in name and name.endswith(".cards") for name, _ in sources)
    assert any("tax_collector" in text for _, text in sources)
