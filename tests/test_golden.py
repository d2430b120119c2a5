"""Golden transcripts (tests/golden/): whole seeded games, narrated event by event.

A rules change, a change in the random draws or in the English of events shows up
here as a readable diff. Regenerate with ``python3 tools/make_golden.py`` after an
intended change and commit the transcripts with it.
"""

import difflib
import importlib.util
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("make_golden", ROOT / "tools" / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)


@pytest.mark.parametrize("spec", make_golden.GAMES, ids=lambda s: make_golden.name(*s))
def test_transcript_unchanged(spec):
    path = make_golden.GOLDEN / make_golden.name(*spec)
    want = path.read_text(encoding="utf-8")
    got = make_golden.transcript(*spec)
    if got != want:
        diff = "".join(
            list(difflib.unified_diff(want.splitlines(True), got.splitlines(True), str(path), "now", n=2))[:80]
        )
        pytest.fail(f"{path.name} changed; if intended, run python3 tools/make_golden.py\n{diff}")


def test_transcripts_cover_every_round_and_the_scoreboard():
    for spec in make_golden.GAMES:
        text = (make_golden.GOLDEN / make_golden.name(*spec)).read_text(encoding="utf-8")
        assert all(f"Round {r} began." in text for r in range(1, 7))
        assert "Round 6 ended." in text and "Final scoreboard:" in text
