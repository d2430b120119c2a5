"""Write ``tests/reliability/fixtures/format1_2p_seed7.json``: a format-1 save.

Run once (``python3 tools/make_format1_fixture.py``) and commit the output; the
test ``tests/reliability/test_save_format1.py`` loads it through
``upcast_v1_v2`` and checks it equals the same game played today.

Format 1 (pillars-rules before format 2) stored each event as a
``[type, fields]`` pair and had no ``seed`` in the header. The game is a
complete 2-player game: seed 7, both seats played by ``RandomBot(7)``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import pillars_rules as pr  # noqa: E402
from pillars_rules.pillars_json.codec import event_to_dict  # noqa: E402

OUT = ROOT / "tests" / "reliability" / "fixtures" / "format1_2p_seed7.json"
PLAYERS, SEED, BOT_SEED = 2, 7, 7


def fixture_game(variants: tuple[str, ...] = ()) -> pr.Game:
    """The game the fixture records (also used by the test, with the variant
    ``rules_v3`` under which a save of rules versions 1 to 3 loads today)."""
    return pr.play(pr.new_game(players=PLAYERS, seed=SEED, variants=variants), pr.RandomBot(BOT_SEED))


def format1_text(game: pr.Game) -> str:
    first = game.events[0]
    pairs = []
    for e in game.events:
        d = event_to_dict(e)
        kind = d.pop("type")
        pairs.append([kind, d])
    doc = {
        "format": "pillars-rules-save",
        "format_version": 1,
        "library_version": pr.__version__,
        "card_hash": game.rules.content_hash,
        "variants": list(game.rules.variants),
        "players": len(first.names),
        "names": list(first.names),
        "events": pairs,
    }
    # one event per line, so a rules change shows up as a readable diff
    body = ",\n".join(json.dumps(p, ensure_ascii=False, separators=(",", ":")) for p in pairs)
    head = json.dumps({k: v for k, v in doc.items() if k != "events"}, ensure_ascii=False, indent=1)
    return head[:-2] + ',\n "events": [\n' + body + "\n]}\n"


if __name__ == "__main__":
    game = fixture_game()
    text = format1_text(game)
    assert json.loads(text)["events"] == json.loads(
        json.dumps([[k, v] for k, v in ((d.pop("type"), d) for d in map(event_to_dict, game.events))])
    )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(game.events)} events, {len(text)} bytes")
