"""The board's files as shipped (issue #23): plain modules, no HTML parsing of
strings, no inline script or style, nothing fetched from elsewhere."""

from __future__ import annotations

import re
from importlib import resources

STATIC = resources.files("pillars_rules") / "web" / "static"
#: Ways to turn a string into markup or code; the board uses none of them.
FORBIDDEN = re.compile(
    r"innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|"
    r"setAttribute\(\s*[\"']on|\.on[a-z]+\s*="
)


def _files(suffix: str):
    return sorted(p for p in (STATIC / "js").iterdir() if p.name.endswith(suffix))


def test_the_board_ships_with_the_package():
    names = {p.name for p in STATIC.iterdir()}
    assert {"index.html", "board.css", "js"} <= names
    assert {p.name for p in _files(".js")} >= {"main.js", "app.js", "board.js", "dom.js", "net.js"}


def test_no_script_turns_text_into_markup_or_code():
    for path in _files(".js"):
        code = re.sub(r"/\*.*?\*/|^\s*//.*$", "", path.read_text(encoding="utf-8"), flags=re.S | re.M)
        assert not FORBIDDEN.search(code), f"{path.name}: {FORBIDDEN.search(code).group()}"


def test_the_page_has_no_inline_script_or_style_and_loads_nothing_from_elsewhere():
    page = (STATIC / "index.html").read_text(encoding="utf-8")
    scripts = re.findall(r"<script\b([^>]*)>(.*?)</script>", page, re.S)
    assert scripts and all('src="/static/' in attrs and body.strip() == "" for attrs, body in scripts)
    assert not re.search(r"<style\b|\sstyle=|\son[a-z]+=", page)
    for path in [STATIC / "index.html", STATIC / "board.css", *_files(".js")]:
        text = path.read_text(encoding="utf-8")
        assert not re.search(r"https?://|//cdn|@import", text), path.name
