"""The Ora board's files as shipped (issue #59): its card facts are made from the card set, and
its modules, like Pillars' board's, turn no string into markup or code and fetch nothing from elsewhere."""

from __future__ import annotations

import importlib.util
import json
import re
from importlib import resources
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STATIC = resources.files("pillars_rules") / "web" / "static"
FORBIDDEN = re.compile(
    r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|"
    r"setAttribute\(\s*[\"']on|\.on[a-z]+\s*="
)


def _tool():
    spec = importlib.util.spec_from_file_location("make_ora_facts", ROOT / "tools" / "make_ora_facts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_card_facts_are_what_the_card_set_gives():
    tool = _tool()
    shipped = (STATIC / "js" / "ora" / "facts.js").read_text(encoding="utf-8")
    assert shipped == tool.module_text(), "run python3 tools/make_ora_facts.py"
    body = json.loads(shipped[shipped.index("{") : shipped.rindex("}") + 1])
    assert body["windmill"]["cost"] == [["wood", 3], ["clay", 2]] and body["windmill"]["deck"] == "start"
    assert body["windmill"]["terrain"] == ["coast", "hillside"] and body["windmill"]["value"] == 10
    assert "grain -> 1 flour" in body["windmill"]["use"]
    assert {c["deck"] for c in body.values()} == {"heartland", "start", "A", "B", "C", "D"}


def test_the_check_fails_on_a_stale_file(tmp_path, monkeypatch, capsys):
    tool = _tool()
    stale = tmp_path / "facts.js"
    stale.write_text(tool.module_text().replace('"Windmill"', '"Mill"'), encoding="utf-8")
    monkeypatch.setattr(tool, "OUT", stale)
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    assert tool.main(["--check"]) == 1 and "not what the cards give" in capsys.readouterr().out
    assert tool.main([]) == 0 and tool.main(["--check"]) == 0


def _ora_files():
    return [
        *sorted(p for p in (STATIC / "js" / "ora").iterdir() if p.name.endswith(".js")),
        STATIC / "ora.css",
        STATIC / "ora-harness.html",
    ]


def test_no_ora_module_turns_text_into_markup_or_code_or_loads_from_elsewhere():
    names = {p.name for p in _ora_files()}
    assert {"board.js", "grid.js", "harness.js", "facts.js"} <= names
    for path in _ora_files():
        text = path.read_text(encoding="utf-8")
        code = re.sub(r"/\*.*?\*/|^\s*//.*$", "", text, flags=re.S | re.M)
        assert not FORBIDDEN.search(code), f"{path.name}: {FORBIDDEN.search(code).group()}"
        assert not re.search(r"https?://|//cdn|@import", text), path.name
    page = (STATIC / "ora-harness.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", page, re.S)
    assert scripts and all('src="/static/' in attrs and body.strip() == "" for attrs, body in scripts)
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", page)
