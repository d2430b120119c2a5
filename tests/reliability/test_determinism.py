"""The same seed and actions give a byte-identical save in fresh interpreters,
whatever ``PYTHONHASHSEED`` (set iteration order) is."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pillars_rules as pr

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = """
import sys
import pillars_rules as pr
players, seed = int(sys.argv[1]), int(sys.argv[2])
game = pr.play(pr.new_game(players=players, seed=seed, variants=sys.argv[3:]), pr.RandomBot(seed))
assert game.is_over
sys.stdout.write(pr.save(game))
"""


def _save_in_fresh_interpreter(hash_seed: str, *args: str) -> str:
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), env.get("PYTHONPATH", "")])
    out = subprocess.run(
        [sys.executable, "-c", SCRIPT, *args],
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=True,
    )
    return out.stdout


def test_byte_identical_saves_across_hash_seeds():
    for args in (("4", "2024"), ("3", "77", "dm")):
        texts = {h: _save_in_fresh_interpreter(h, *args) for h in ("0", "1", "4242")}
        digests = {h: hashlib.sha256(t.encode("utf-8")).hexdigest()[:16] for h, t in texts.items()}
        assert len(set(texts.values())) == 1, digests
        assert len(texts["0"]) > 10_000  # a whole game, not an empty output
        # and this interpreter agrees too
        players, seed, *variants = args
        game = pr.play(pr.new_game(players=int(players), seed=int(seed), variants=variants), pr.RandomBot(int(seed)))
        assert pr.save(game) == texts["0"]
