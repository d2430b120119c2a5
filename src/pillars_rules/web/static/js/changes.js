// What changed since this seat last looked (issue #56): VP, gold, cubes,
// builders placed, cards taken, the cathedral. The page keeps a snapshot of
// the state as the seat last saw it (in localStorage, per game and seat:
// taken when it answers and when the page is hidden or left); every change
// since is outlined on the board, flashed once when it is new, and can be
// stepped through one by one from the prompt ("What changed").

import { h } from "./dom.js";
import { CUBES, placesOf } from "./text.js";

function snapshot(state) {
  return {
    players: state.players.map((p) => ({ vp: p.vp, gold: p.gold, cubes: [...p.cubes],
      cards: [...p.craftsmen, ...p.privileges, ...p.resource_cards] })),
    spots: state.board.spots.map(([id, seats]) => [id, [...seats]]),
    cathedral: state.cathedral,
  };
}

const signed = (n) => (n > 0 ? `+${n}` : String(n));

/** The changes from snapshot `before` to the model's state: {key, text, target (a CSS selector)}. */
export function diff(before, model) {
  const s = model.state;
  const out = [];
  const name = (seat) => s.players[seat].name + (seat === model.seat ? " (you)" : "");
  s.players.forEach((p, seat) => {
    const b = before.players[seat];
    if (!b) return;
    const at = `.player[data-seat="${seat}"]`;
    const stats = [["VP", p.vp, b.vp, "vp"], ["gold", p.gold, b.gold, "gold"]]
      .concat(CUBES.map((c, i) => [c, p.cubes[i], b.cubes[i], `cube-${c}`]));
    for (const [label, now, was, cls] of stats) {
      if (now !== was) out.push({ key: `${seat}:${cls}:${now}`, text: `${name(seat)}: ${signed(now - was)} ${label} (now ${now})`, target: `${at} .stat.${cls}` });
    }
    const had = new Set(b.cards);
    for (const id of [...p.craftsmen, ...p.privileges, ...p.resource_cards]) {
      if (had.has(id)) continue;
      const card = (model.cards || {})[id];
      out.push({ key: `${seat}:card:${id}`, text: `${name(seat)} took ${card && card.name ? card.name : id}`, target: `${at} [data-card="${id}"]` });
    }
  });
  const was = new Map(before.spots);
  for (const [id, seats] of s.board.spots) {
    const old = was.get(id) || [];
    seats.forEach((seat, i) => {
      if (seat === null || seat === undefined || old[i] === seat) return;
      const known = placesOf(model).find((x) => x.id === id);
      const place = known ? known.name : id.replace(/_/g, " ");
      out.push({ key: `spot:${id}:${i}:${seat}`, text: `${name(seat)} placed a builder at ${place}`, target: `[data-target="spot:${id}:${i}"]` });
    });
  }
  if (s.cathedral !== before.cathedral) out.push({ key: `cathedral:${s.cathedral}`, text: `The cathedral grew to ${s.cathedral} pieces`, target: ".cathedral" });
  return out;
}

export class Changes {
  constructor() {
    this.key = null;
    this.base = null;
    this.flashed = new Set();
    this.at = -1;        // the change stepped to (-1: none)
    this.items = [];
    this.lookAfter = null; // the decision this seat answered: look at the state once it is past
  }

  /** Whose snapshot: the game and the seat (or "spectator"); read from localStorage. */
  setScope(scope) {
    if (this.key === `pillars-seen:${scope}`) return;
    this.key = `pillars-seen:${scope}`;
    try {
      const raw = window.localStorage.getItem(this.key);
      this.base = raw ? JSON.parse(raw) : null;
    } catch {
      this.base = null;
    }
  }

  /** The seat has seen the state: changes count from here. */
  look(state) {
    if (!state) return;
    this.base = snapshot(state);
    this.at = -1;
    try {
      window.localStorage.setItem(this.key, JSON.stringify(this.base));
    } catch {
      // storage off: the snapshot lives as long as the page
    }
  }

  /** Outline the changes on the drawn board (`root`), flash the new ones. */
  mark(root, model) {
    if (!this.key) return;
    if (this.lookAfter !== null && model.decision > this.lookAfter) {
      const next = model.decision === this.lookAfter + 1;
      this.lookAfter = null;
      if (next || !this.base || model.seat === null || model.seat === undefined) {
        this.look(model.state); // its own move is no news to it
      } else {
        // the update came with the next seats' moves too: only its own seat is taken as seen,
        // so what the others did after its move is still shown
        const now = snapshot(model.state);
        if (this.base.players && this.base.players[model.seat]) this.base.players[model.seat] = now.players[model.seat];
      }
    }
    if (!this.base || !this.base.players || this.base.players.length !== model.state.players.length) {
      this.look(model.state);
    }
    this.items = diff(this.base, model);
    if (this.at >= this.items.length) this.at = this.items.length - 1;
    this.items.forEach((c, i) => {
      for (const el of root.querySelectorAll(c.target)) {
        el.classList.add("changed");
        if (!this.flashed.has(c.key)) el.classList.add("flash");
        if (i === this.at) el.classList.add("changed-focus");
      }
    });
    for (const c of this.items) this.flashed.add(c.key);
  }

  /** The prompt's "What changed" stepper (nothing when nothing changed). */
  part(model, redraw) {
    const n = this.items.length;
    if (!n) return null;
    const step = (d) => {
      this.at = (this.at + d + n) % n;
      redraw();
      const el = document.querySelector(".changed-focus");
      if (el) el.scrollIntoView({ block: "center", behavior: "smooth" });
    };
    const now = this.at >= 0 ? this.items[this.at] : null;
    return h("div", { class: "changes", id: "changes", role: "group", "aria-label": "What changed since you last looked" },
      h("span", { class: "changes-count", text: `${n} change${n === 1 ? "" : "s"} since you last looked` }),
      h("button", { type: "button", class: "changes-prev", id: "changes-prev", title: "the change before", on: { click: () => step(-1) } }, "◀"),
      h("button", { type: "button", class: "changes-next", id: "changes-next", title: "the next change", on: { click: () => step(1) } }, "▶"),
      now ? h("span", { class: "changes-now", id: "changes-now", text: `${this.at + 1}/${n}: ${now.text}` }) : null,
      h("button", { type: "button", class: "changes-seen", id: "changes-seen", title: "count changes from now on",
        on: { click: () => { this.look(model.state); redraw(); } } }, "Seen"));
  }
}
