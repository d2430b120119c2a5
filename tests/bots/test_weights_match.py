"""tools/weights_match.py: the play test behind a change of the heuristic's weights."""

import pytest

from .tools import load_tool


def _tool():
    return load_tool("weights_match")


def test_every_seat_of_a_deal_plays_the_changed_weights_once():
    from pillars_rules.bots.cardvalue import Weights

    tool = _tool()
    same = tool.play_deal(0, 2, Weights(), Weights())
    assert len(same) == 2
    # a share of the win lies in [0, 1]; with two players a margin is a whole number of VP
    assert all(0.0 <= w <= 1.0 for w, _ in same) and all(float(m).is_integer() for _, m in same)
    changed = tool.play_deal(0, 2, Weights(gold=5.0), Weights())
    assert changed != same  # a bot that hoards gold plays other games


def test_the_report_line_and_bad_fields(capsys):
    tool = _tool()
    assert tool.main(["--set", "debt_risk=2.5", "--deals", "1", "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 games: changed seat won ") and "VP margin" in out
    with pytest.raises(SystemExit, match="no field 'nope'"):
        tool.main(["--set", "nope=1"])
    with pytest.raises(SystemExit, match="is not NAME=NUMBER"):
        tool.main(["--set", "gold=lots"])
