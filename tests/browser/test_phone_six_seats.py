"""A 6-seat expansion table on a 375 px wide phone (issue #37): every seat's
panel, name and colour is on the page, inside the viewport's width, and the
page does not scroll sideways (the other seats are reached by scrolling down)."""

from __future__ import annotations

from .page import BoardPage

#: The phone's width in CSS pixels. A page wider than the window widens the
#: layout viewport itself (innerWidth follows it), so the checks use this number.
PHONE = 375

#: Geometry of the page and of each seat's panel, in CSS pixels.
_GEOMETRY = """
const doc = document.documentElement;
return {width: innerWidth, scroll: Math.max(doc.scrollWidth, document.body.scrollWidth),
        seats: [...document.querySelectorAll('main .player')].map(e => {
          const r = e.getBoundingClientRect(), name = e.querySelector('.player-name').getBoundingClientRect();
          return {seat: e.dataset.seat, left: r.left, right: r.right, height: r.height,
                  name: e.querySelector('.player-name').textContent, nameWidth: name.width,
                  nameLeft: name.left, nameRight: name.right, colour: getComputedStyle(e).borderLeftColor};
        })};
"""


def test_a_six_seat_table_fits_a_375_px_phone(server, windows):
    b = windows[0]
    b.size(PHONE, 812)
    made = server.create(
        [{"kind": "person", "name": "Ann"}] + [{"kind": "bot", "bot": "random"}] * 5, seed=37, cards="expansion"
    )
    BoardPage(b, made["seats"][0]["link"]).open()
    g = b.js(_GEOMETRY)
    assert g["width"] <= PHONE, f"the layout viewport grew to {g['width']} px: something is wider than the phone"
    assert g["scroll"] <= PHONE, f"the page scrolls sideways: {g['scroll']} > {PHONE} px"
    seats = sorted(g["seats"], key=lambda s: s["seat"])
    assert [s["name"] for s in seats] == ["Ann", "Blue", "Green", "Yellow", "Purple", "Orange"]
    for s in seats:
        assert 0 <= s["left"] and s["right"] <= PHONE, s
        assert s["height"] > 0 and s["nameWidth"] > 0 and 0 <= s["nameLeft"] and s["nameRight"] <= PHONE, s
    assert len({s["colour"] for s in seats}) == 6
    # the last seat is reachable: scrolled to, it lies in the viewport
    b.js("document.querySelector('main .player.seat-5').scrollIntoView({block: 'center'})")
    top, bottom = b.js(
        "const r = document.querySelector('main .player.seat-5 .player-name').getBoundingClientRect();"
        " return [r.top, r.bottom];"
    )
    assert 0 <= top and bottom <= b.js("return innerHeight")
    assert b.errors() == []
