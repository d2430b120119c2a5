"""The replay page (issue #38) in the browser: a finished game stepped through
decision by decision, each state the page shows equal to the engine's
``state_at`` (redacted as every seat saw it); back, jump, play at a speed, the
decks once over, and the save downloaded and loaded by Python and the terminal."""

from __future__ import annotations

import json
import subprocess
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import pillars_rules as pr
from pillars_rules.pillars_json.codec import converter
from pillars_rules.view import redact_state

from .page import BoardPage

TWO_BOTS = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}]
_AT = "const r = window.pillarsReplay; return r && r.state ? [r.n, r.event, r.shownSecrets] : null;"
#: The decision shown, its state, the "Decision n of N" line and the log's length, in one call.
_SHOWN = """const r = window.pillarsReplay; if (!r || !r.state) return null;
return [r.n, r.state, document.getElementById('at').textContent,
        document.querySelectorAll('.log-lines li').length];"""


def _expected(state) -> dict:
    return json.loads(json.dumps(converter.unstructure(state)))


def _replay_of_finished(b, made):
    """``b`` on the replay of the bots' game ``made``, opened from its board once over."""
    watch = BoardPage(b, made["spectator"]).open()
    b.wait(lambda: watch.state()["over"], 120, "the bots' game to end")
    b.driver.find_element(By.ID, "replay-link").click()
    b.wait(lambda: b.js(_AT), 30, "the replay")
    return b


def test_a_replay_steps_through_a_whole_finished_game_as_state_at_folds_it(server, windows, tmp_path):
    made = server.create(TWO_BOTS, seed=41, reveal=True)
    b = _replay_of_finished(windows[0], made)
    game = server.game(made["game"])
    pending = [i for i, e in enumerate(game.events) if isinstance(e, pr.events.DecisionPending)]
    assert b.js(_AT) == [1, pending[0], False]
    for n, event in enumerate(pending, start=1):
        # what the page shows at this decision, read in one call once it is there
        shown = b.wait(lambda n=n: (got := b.js(_SHOWN)) and got[0] == n and got, 10, f"decision {n}")
        _, state, at, log = shown
        assert state == _expected(redact_state(game.state_at(event)))
        assert at == f"Decision {n} of {len(pending)}"
        assert log == sum(
            1
            for e in game.events[: event + 1]
            if type(e).__name__ not in ("DecisionPending", "ChoicesQueued", "Decided")
        )
        b.driver.find_element(By.ID, "next").click()
    b.wait(lambda: b.js(_AT)[0] == len(pending) + 1, 10, "the end")
    assert b.js("return document.getElementById('at').textContent") == "The end"
    assert b.js("return window.pillarsReplay.state.game_over") is True
    assert b.driver.find_element(By.ID, "next").get_attribute("disabled") is not None
    # back, a jump to round 3's Phase II, and play at a speed
    b.driver.find_element(By.ID, "back").click()
    b.wait(lambda: b.js(_AT)[0] == len(pending), 10, "one back")
    Select(b.driver.find_element(By.ID, "jump")).select_by_visible_text("Round 3 · Phase II")
    b.wait(
        lambda: (at := b.js(_AT)) and game.state_at(at[1]).round == 3 and game.state_at(at[1]).stage == "builders",
        10,
        "the jump",
    )
    n = b.js(_AT)[0]
    assert game.state_at(pending[n - 2]).stage != "builders"  # the first decision of that phase
    Select(b.driver.find_element(By.ID, "speed")).select_by_value("5")
    play = b.driver.find_element(By.ID, "play")
    play.click()
    b.wait(lambda: b.js(_AT)[0] >= n + 5, 20, "playing on")
    # the same button, five steps later: the bar is kept, not drawn anew each step
    assert play.text == "Pause"
    play.click()
    stopped = b.js(_AT)[0]
    time.sleep(1)
    assert b.js(_AT)[0] == stopped
    # the decks, which nobody knew then
    b.driver.find_element(By.ID, "secrets").click()
    b.wait(lambda: b.js(_AT)[2], 10, "the secrets")
    assert b.js("return window.pillarsReplay.state") == _expected(game.state_at(pending[stopped - 1]))
    # the save: downloaded, then loaded by Python and the terminal
    folder = tmp_path / "downloads"
    folder.mkdir()
    b.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    b.driver.find_element(By.ID, "save").click()
    saved = b.wait(lambda: [p for p in folder.glob("*.json")], 20, "the save file")[0]
    b.wait(lambda: saved.stat().st_size > 1000 and not list(folder.glob("*.crdownload")), 20, "the whole file")
    loaded = pr.load(saved.read_text())
    assert loaded.events == game.events and loaded.scores() == game.scores()
    played = subprocess.run(
        [sys.executable, "-m", "pillars_rules", "play", "--load", str(saved)],
        input="",
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert played.returncode == 0 and "The game is over" in played.stdout
    # stepping as fast as the test clicks passes --replay-rate: those 429s are waited out, not errors
    assert [e for e in b.errors() if "status of 429" not in e] == []


def test_a_game_not_revealed_offers_no_save_in_its_replay(server, windows):
    """Without ``reveal`` the save (which holds the seed) is refused to every key
    (issue #54), so the replay does not offer a button that could only fail."""
    made = server.create(TWO_BOTS, seed=43, reveal=False)
    b = _replay_of_finished(windows[0], made)
    assert b.driver.find_elements(By.ID, "first")
    assert not b.driver.find_elements(By.ID, "save")
    assert not b.driver.find_elements(By.ID, "secrets")


def test_a_reader_faster_than_the_replay_rate_waits_and_is_not_stopped(windows, tmp_path):
    """Clicks faster than ``--replay-rate`` are answered 429; the page waits as the
    answer says and asks again, so the reader reaches every decision (issue #54's
    limit must not break the page it protects)."""
    from .serving import ServerProcess

    server = ServerProcess(tmp_path)
    server.extra = ["--replay-rate", "1"]  # bursts of 10, then one a second
    server.start()
    try:
        made = server.create(TWO_BOTS, seed=41, reveal=True)
        b = _replay_of_finished(windows[0], made)
        for n in range(2, 16):  # 14 quick steps: past the burst
            b.driver.find_element(By.ID, "next").click()
            b.wait(lambda n=n: b.js(_AT)[0] == n, 20, f"decision {n}")
        errors = [e for e in b.driver.get_log("browser") if e["level"] == "SEVERE" and "Uncaught" in e["message"]]
        assert errors == []
    finally:
        server.kill()
