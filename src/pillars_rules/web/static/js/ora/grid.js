// A seat's landscape as a grid of squares: terrain, a building, a
// settlement, forest or moor on it, and the clergy standing there; the
// spots where a landscape may be bought, drawn as dashed squares beside it.
//
// Squares carry data-seat, data-x, data-y (and data-terrain, data-card,
// data-cover): the board arms those where a choice places something, and
// says why not on the others (whyNot, from the card facts and the view; the
// game's listing of choices is what decides, the words only explain).

import { h } from "../dom.js";
import { at, cardName } from "./words.js";

/** The initials the board marks clergy with. */
const CLERGY = { prior: "P", "lay brother": "L" };

/** Action types chosen on a landscape square. */
export const ON_GRID = new Set(["Build", "Settle", "Buy", "Fell", "Clear"]);

/** Whether a choice places on a square (a Fell with no moor or forest left has no square). */
export function onGrid(choice) {
  const a = choice.action || {};
  return ON_GRID.has(a.type) && !(a.type === "Fell" && a.none);
}

/** The seat whose landscape this decision places on: the neutral player's in its steps (solo, §9.5). */
export function gridSeat(view) {
  const p = view.pending;
  if (!p) return null;
  return String(p.kind).startsWith("neutral") ? view.seats.length - 1 : p.seat;
}

function clergyMarks(square) {
  return (square.clergy || []).map((c) => h("span", {
    class: `ora-clergy seat-${c.seat}`,
    title: `${c.kind} of seat ${c.seat + 1}`,
    dataset: { kind: c.kind, seat: String(c.seat) },
    text: CLERGY[c.kind] || c.kind.charAt(0).toUpperCase(),
  }));
}

/**
 * The landscape of `seat` (its entry of view.seats): an element .ora-grid.
 * `ghosts`: [{x, y, text}] drawn as dashed squares (where a landscape may be bought).
 */
export function drawLandscape(facts, seat, seatNo, ghosts = []) {
  const squares = seat.landscape || [];
  if (!squares.length && !ghosts.length) return h("p", { class: "muted ora-no-grid", text: "No landscape." });
  const all = [...squares.map((s) => ({ x: s.x, y: s.y, h: s.height || 1, w: s.width || 1 })),
    ...ghosts.map((g) => ({ x: g.x, y: g.y, h: 1, w: 1 }))];
  const x0 = Math.min(...all.map((s) => s.x));
  const y0 = Math.min(...all.map((s) => s.y));
  const x1 = Math.max(...all.map((s) => s.x + s.w));
  const y1 = Math.max(...all.map((s) => s.y + s.h));
  const grid = h("div", {
    class: "ora-grid",
    role: "group",
    "aria-label": `${seat.name}'s landscape`,
    dataset: { seat: String(seatNo) },
  });
  grid.style.gridTemplateColumns = `repeat(${x1 - x0}, var(--ora-square))`;
  grid.style.gridTemplateRows = `repeat(${y1 - y0}, var(--ora-square))`;
  const place = (el, s) => {
    el.style.gridColumn = `${s.x - x0 + 1} / span ${s.width || 1}`;
    el.style.gridRow = `${s.y - y0 + 1} / span ${s.height || 1}`;
    return el;
  };
  for (const s of squares) {
    const what = s.card ? cardName(facts, s.card) : s.cover || "";
    const kind = s.card ? (facts[s.card] ? facts[s.card].kind : "building") : s.cover ? "cover" : "empty";
    const el = h("div", {
      class: `ora-square terrain-${s.terrain} ${s.cover ? "cover-" + s.cover : ""} ${s.card ? "built " + kind : ""}`,
      dataset: { seat: String(seatNo), x: String(s.x), y: String(s.y), terrain: s.terrain,
        card: s.card || "", cover: s.cover || "" },
      title: `${at(s.x, s.y)} ${s.terrain}${what ? ": " + what : ""}`,
    },
    h("span", { class: "ora-xy", text: `${s.x},${s.y}` }),
    h("span", { class: "ora-what", text: what }),
    h("span", { class: "ora-marks" }, clergyMarks(s)));
    grid.append(place(el, s));
  }
  for (const g of ghosts) {
    grid.append(place(h("div", {
      class: "ora-square ghost",
      dataset: { seat: String(seatNo), x: String(g.x), y: String(g.y), terrain: "", card: "", cover: "" },
      title: `${at(g.x, g.y)}: ${g.text}`,
    }, h("span", { class: "ora-xy", text: `${g.x},${g.y}` }), h("span", { class: "ora-what", text: g.text })), g));
  }
  return grid;
}

function neighbours(seat, x, y) {
  return (seat.landscape || []).filter((s) => Math.abs(s.x - x) + Math.abs(s.y - y) === 1);
}

function either(words) {
  const list = [...new Set(words)];
  return list.length <= 1 ? list.join("") : `${list.slice(0, -1).join(", ")} or ${list[list.length - 1]}`;
}

/**
 * Why nothing of this decision may be placed on square (x, y) of `seatNo`'s landscape.
 * `placements`: the decision's choices made on squares (those of `selected`'s card or type
 * when one is selected); the words say the likeliest rule that forbids it.
 */
export function whyNot(view, facts, placements, seatNo, x, y, selected) {
  if (!view.pending) return "The game is over: nothing more is placed.";
  if (!placements.length) return "Nothing is placed on a landscape in this decision: choose in the list above.";
  const target = gridSeat(view);
  const seat = view.seats[seatNo];
  if (seatNo !== target) {
    return `This is ${seat.name}'s landscape: this decision places on ${view.seats[target].name}'s.`;
  }
  const square = (seat.landscape || []).find((s) => s.x === x && s.y === y);
  const types = new Set(placements.map((c) => c.action.type));
  if (!square) return "A landscape is bought only at the dashed spots beside yours.";
  if (types.size === 1 && types.has("Buy")) return "A landscape is bought at the dashed spots beside yours, not on it.";
  if (types.has("Fell") && types.size === 1) {
    if (!square.cover) return `No forest or moor at ${at(x, y)}: there is nothing to fell or cut here.`;
    const a = placements[0].action;
    return `This choice takes ${a.cover === "forest" ? "trees" : "peat"} only; ${at(x, y)} has ${square.cover}.`;
  }
  if (types.has("Clear") && types.size === 1) return `No forest or moor to remove at ${at(x, y)}.`;
  if (square.card) return `${cardName(facts, square.card)} stands at ${at(x, y)}: a square holds one building.`;
  if (square.cover) {
    const clear = square.cover === "forest" ? "fell the trees" : "cut the peat";
    return `${square.cover === "forest" ? "Forest" : "Moor"} covers ${at(x, y)}: ${clear} first, then build here.`;
  }
  const cards = [...new Set(placements.map((c) => c.action.card).filter(Boolean))];
  const known = cards.filter((id) => facts[id]);
  if (known.length && known.every((id) => !facts[id].terrain.includes(square.terrain))) {
    const names = either(known.map((id) => facts[id].name));
    const terrains = either(known.flatMap((id) => facts[id].terrain));
    return `${names} ${known.length > 1 ? "go" : "goes"} on ${terrains}, not on ${square.terrain}.`;
  }
  const cloister = known.filter((id) => facts[id].cloister && facts[id].terrain.includes(square.terrain));
  if (cloister.length && cloister.length === known.filter((id) => facts[id].terrain.includes(square.terrain)).length
      && !neighbours(seat, x, y).some((n) => n.card && facts[n.card] && facts[n.card].cloister)) {
    return `${either(cloister.map((id) => facts[id].name))}: a cloister building must border another cloister building.`;
  }
  return selected
    ? `${selected.name} may go only on the marked squares, not at ${at(x, y)} (the rules of building, §4.6).`
    : `No choice of this decision places anything at ${at(x, y)}: the marked squares are where you may.`;
}
