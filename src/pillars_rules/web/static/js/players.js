// Every player at the table: gold, VP, cubes, workers and builders left,
// craftsmen (with what each converts and how often it has worked this round),
// privileges held and used, and this round's resource cards. All of it is public in this
// game; only the decks are secret.

import { pieceValue, spotsOf } from "./board.js";
import { cardFace } from "./cards.js";
import { count, h } from "./dom.js";
import { CUBES, placesOf, seatClass } from "./text.js";

/** Builders a seat has on the board, in the bag, drawn, and waiting (Phase II). */
export function builderCounts(state, seat) {
  let placed = 0;
  for (const [, seats] of state.board.spots) for (const x of seats) if (x === seat) placed++;
  const b = state.builders;
  const bag = b.bag.filter((x) => x === seat).length;
  const waiting = b.parked.filter((x) => x === seat).length + b.thirds.filter((x) => x === seat).length;
  const drawn = b.drawn === seat ? 1 : 0;
  return { placed, bag, waiting, drawn };
}

function workersText(p) {
  const parts = [];
  if (p.pieces.small) parts.push(`${p.pieces.small} small`);
  if (p.pieces.big) parts.push("the big one (5)");
  if (p.pieces.grey) parts.push(`${p.pieces.grey} grey`);
  if (p.pieces.black) parts.push("the black one");
  const value = pieceValue(p.pieces);
  return parts.length ? `${count(value, "worker")}: ${parts.join(", ")}` : "no workers left";
}

function buildersText(state, seat) {
  const c = builderCounts(state, seat);
  if (state.stage === "draft" || state.stage === "setup") return "3 builders, placed in Phase II";
  const bits = [`${c.placed} placed`];
  if (c.drawn) bits.push("1 drawn now");
  if (c.bag) bits.push(`${c.bag} in the bag`);
  if (c.waiting) bits.push(`${c.waiting} waiting`);
  return `builders: ${bits.join(", ")}`;
}

/** How many times the craftsman `id` has worked this round, of how many. */
function usesText(model, p, id) {
  let used = 0;
  for (const [card, , n] of p.uses) if (card === id) used += n;
  if (!used) return null;
  return h("div", { class: "uses", text: `worked ${count(used, "time")} this round` });
}

/**
 * The privileges `seat` has used: a once-per-game one when its owner chose, an
 * immediate one right after its effect (§7). Both went back in the box, so
 * they are no longer among the seat's privileges; the log's OnceUsed events
 * say which.
 */
export function usedPrivilegeIds(events, seat) {
  return (events || []).filter((e) => e.type === "OnceUsed" && e.seat === seat).map((e) => e.card);
}

function usedPrivileges(model, seat) {
  const used = usedPrivilegeIds(model.events, seat);
  if (!used.length) return null;
  return [h("h4", { text: "Privileges used (back in the box)" }),
    h("div", { class: "cards row small used-privileges" }, used.map((id) => cardFace(model, id)))];
}

/** Who plays `seat` now: a bot, a person here, or a person away (from the server's seats message). */
export function seatLine(model, seat) {
  const info = (model.seats || []).find((x) => x.seat === seat);
  if (!info) return null;
  if (info.played_by === "bot") {
    const bot = info.playing_bot || info.bot || "bot";
    return info.kind === "bot"
      ? { cls: "bot", text: `bot: ${bot}`, title: `the server's ${bot} bot plays this seat` }
      : { cls: "bot", text: `bot ${bot} stands in`, title: "the person is away; a bot plays until they are back" };
  }
  return info.connected
    ? { cls: "here", text: "here", title: "connected" }
    : { cls: "away", text: "away", title: "not connected just now" };
}

function stat(label, value, cls) {
  return h("div", { class: `stat ${cls}` }, h("span", { class: "stat-value", text: String(value) }),
    h("span", { class: "stat-label", text: label }));
}

function playerCard(model, seat) {
  const s = model.state;
  const p = s.players[seat];
  const you = seat === model.seat;
  const turn = s.pending && s.pending.seat === seat && !s.game_over;
  const tags = [];
  if (you) tags.push(h("span", { class: "tag you-tag", text: "you" }));
  if (seat === s.start_player) tags.push(h("span", { class: "tag start-tag", title: "start player", text: "start player" }));
  if (turn) tags.push(h("span", { class: "tag turn-tag", text: "to act" }));
  const tax = placesOf(model).find((place) => place.rule === "tax");
  if (tax && spotsOf(s, tax.id).includes(seat)) tags.push(h("span", { class: "tag", text: "no tax" }));
  const who = seatLine(model, seat);
  if (who && !(you && who.cls === "here")) tags.push(h("span", { class: `tag who-tag ${who.cls}`, title: who.title, text: who.text }));
  return h("article", {
    class: `player ${seatClass(seat)} ${you ? "you" : ""} ${turn ? "turn" : ""}`,
    dataset: { seat: String(seat) },
    "aria-label": `${p.name}${you ? " (you)" : ""}`,
  },
  h("header", { class: "player-head" },
    h("span", { class: "pawn-dot big", "aria-hidden": "true" }),
    h("h3", { class: "player-name", text: p.name }), tags),
  h("div", { class: "stats" },
    stat("VP", p.vp, "vp"), stat("gold", p.gold, "gold"),
    CUBES.map((c, i) => stat(c, p.cubes[i], `cube cube-${c}`))),
  h("p", { class: "line", text: `${workersText(p)} · ${buildersText(s, seat)}` }),
  p.grey_next ? h("p", { class: "line", text: `${count(p.grey_next, "grey worker")} next round` }) : null,
  h("div", { class: "holdings" },
    h("h4", { text: `Craftsmen (${p.craftsmen.length})` }),
    h("div", { class: "cards row small" }, p.craftsmen.map((id) =>
      cardFace(model, id, { showCost: false, extra: usesText(model, p, id) }))),
    p.privileges.length ? [h("h4", { text: "Privileges" }),
      h("div", { class: "cards row small" }, p.privileges.map((id) => cardFace(model, id)))] : null,
    usedPrivileges(model, seat),
    p.resource_cards.length ? [h("h4", { text: "Resource cards this round" }),
      h("div", { class: "cards row small" }, p.resource_cards.map((id) => cardFace(model, id)))] : null));
}

/** The players, this seat's own first. */
export function drawPlayers(model) {
  const n = model.state.players.length;
  const order = [];
  const first = model.seat === null || model.seat === undefined ? 0 : model.seat;
  for (let i = 0; i < n; i++) order.push((first + i) % n);
  return h("div", { class: "players" }, order.map((seat) => playerCard(model, seat)));
}

/** The final ranking: most VP, then most gold; equal in both share a place (§2.6). */
export function ranking(state) {
  const seats = state.players.map((p, seat) => ({ seat, vp: p.vp, gold: p.gold }));
  seats.sort((a, b) => b.vp - a.vp || b.gold - a.gold || a.seat - b.seat);
  const out = [];
  let place = 0;
  seats.forEach((x, i) => {
    if (i === 0 || x.vp !== seats[i - 1].vp || x.gold !== seats[i - 1].gold) place = i + 1;
    out.push({ ...x, place });
  });
  return out;
}

export function drawFinal(model) {
  const s = model.state;
  return h("section", { class: "final", "aria-label": "Final scores" },
    h("h2", { text: "The game is over" }),
    h("table", { class: "scores" },
      h("thead", {}, h("tr", {}, ["place", "player", "VP", "gold"].map((t) => h("th", { text: t })))),
      h("tbody", {}, ranking(s).map((r) => h("tr", { class: seatClass(r.seat), dataset: { seat: String(r.seat) } },
        h("td", { class: "place", text: String(r.place) }),
        h("td", { class: "name", text: s.players[r.seat].name + (r.seat === model.seat ? " (you)" : "") }),
        h("td", { class: "vp", text: String(r.vp) }),
        h("td", { class: "gold", text: String(r.gold) }))))),
    h("p", { class: "note", text: "Most VP wins; a tie goes to more gold; a remaining tie is shared." }));
}

