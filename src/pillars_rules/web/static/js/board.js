// The map: the board's places in the order Phase III resolves them (§2.4),
// each spot with who stands there and what it gives; the cards on offer in
// the draft; the builders' bag and cost track.
//
// Everything is drawn from the seat's view (the server's export), the card
// catalogue and the game's board (welcome.board: the places of its text, a
// fan board's too; a place is drawn by the rule its step runs). Elements a choice may be about carry data-target
// ("spot:<place>:<i>", "card:<id>", "place:<id>"); choices.js arms them.

import { cardFace, cardInfo } from "./cards.js";
import { count, h } from "./dom.js";
import { CUBES, STAGES, placeName, placesOf, seatClass } from "./text.js";

/** The spots of `place` in the view: an array of seat numbers or null. */
export function spotsOf(state, place) {
  for (const [loc, seats] of state.board.spots) if (loc === place) return seats;
  return [];
}

/** A builder pawn of `seat` (or an empty spot marker). */
export function pawn(model, seat) {
  if (seat === null || seat === undefined) return h("span", { class: "pawn empty", text: "free" });
  const name = model.state.players[seat].name;
  return h("span", { class: `pawn ${seatClass(seat)}`, title: `${name}'s builder` },
    h("span", { class: "pawn-dot", "aria-hidden": "true" }), name);
}

/** One place's tile; `group` (worker sites side by side) draws several places as one. */
function tile(model, place, body, group = null) {
  const s = model.state;
  const members = group || [place];
  const id = group ? "sites" : place.id;
  const name = group ? group.map((p, i) => (i ? p.name.charAt(0).toLowerCase() + p.name.slice(1) : p.name)).join(", ")
    : place.name;
  const step = group && group.length > 1 ? `${group[0].step}-${group[group.length - 1].step}` : String(place.step);
  const now = s.stage === "resolution" && members.some((p) => p.id === s.step);
  return h("section", {
    class: `tile place-${id} rule-${place.rule} ${now ? "now" : ""}`.trim(),
    dataset: { target: `place:${id}` },
    "aria-label": name,
  },
  h("header", { class: "tile-head" },
    h("span", { class: "step-no", title: `step ${step} of Phase III`, text: step }),
    h("h3", { text: name }),
    now ? h("span", { class: "now-tag", text: "now" }) : null),
  h("p", { class: "does", text: place.does }),
  body);
}

/** The spots of a place, each with its pawn and what it gives (a card lying beside it, or printed text). */
function spots(model, place, besides = null) {
  const seats = spotsOf(model.state, place.id);
  return h("div", { class: "spots" }, seats.map((seat, i) => {
    const card = besides ? besides[i] : null;
    const gives = card ? null : (place.gives || [])[i];
    return h("div", {
      class: `spot ${seat === null ? "free" : "taken " + seatClass(seat)}`,
      dataset: { target: `spot:${place.id}:${i}` },
    },
    h("span", { class: "spot-no", text: `spot ${i + 1}` }),
    pawn(model, seat),
    card ? cardFace(model, card, { cls: "beside", showCost: false }) : null,
    card === "" ? h("span", { class: "gives", text: "(taken)" }) : null,
    gives ? h("span", { class: "gives", text: gives }) : null);
  }));
}

function eventTile(model, place) {
  const s = model.state;
  const ev = s.table.event;
  const body = [];
  if (ev) body.push(cardFace(model, ev, { cls: cardInfo(model, ev).harmful ? "harmful" : "" }));
  else body.push(h("p", { class: "muted", text: "Revealed at the start of Phase III." }));
  if (s.table.protected && s.table.protected.length && ev) {
    body.push(h("p", { class: "note", text: "Protected: " + s.table.protected.map((x) => s.players[x].name).join(", ") }));
  }
  if (model.nextEvent) {
    body.push(h("div", { class: "secret" }, h("span", { class: "note", text: "You know the coming event (keep it to yourself):" }),
      cardFace(model, model.nextEvent)));
  }
  body.push(lookedAt(model));
  return tile(model, place, body);
}

/** "1st", "2nd", "3rd", "4th" ... */
function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? "th" : ["th", "st", "nd", "rd"][n % 10] || "th";
  return `${n}${suffix}`;
}

/**
 * The event cards this seat looked at (a card's `look at`, `reorder`: issue #53),
 * where they lie in the event deck now: its view shows them there and "?"
 * for the rest. Nobody else's view has them; a spectator's has none.
 */
function lookedAt(model) {
  const deck = (model.state.decks && model.state.decks.event_deck) || [];
  const known = [];
  deck.forEach((id, i) => { if (id !== "?") known.push([i, id]); });
  if (!known.length) return null;
  const where = (i) => (i === 0 ? "next" : i === deck.length - 1 ? `at the bottom (${ordinal(i + 1)} of ${deck.length})`
    : `${ordinal(i + 1)} from the top`);
  return h("div", { class: "secret looked", id: "looked", role: "region", "aria-label": "Event cards you looked at" },
    h("span", { class: "note", text: `You looked at the event deck (keep it to yourself; ${count(deck.length, "card")} in it):` }),
    h("ol", { class: "plain looked-cards" }, known.map(([i, id]) => h("li", { dataset: { position: String(i + 1) } },
      h("span", { class: "looked-where", text: `${where(i)}: ` }), cardFace(model, id, { cls: "looked-card" })))));
}

function millTile(model, place) {
  const s = model.state;
  const inMill = s.stage !== "draft" && !(s.stage === "resolution" && afterStep(model, s.step, place.id));
  const rows = s.players.map((p, seat) => {
    const v = pieceValue(p.pieces);
    return inMill && v ? h("li", { class: seatClass(seat) }, pawn(model, seat), ` ${count(v, "worker")}: ${v} gold`) : null;
  }).filter(Boolean);
  return tile(model, place, rows.length ? h("ul", { class: "plain" }, rows)
    : h("p", { class: "muted", text: inMill ? "Nobody has workers in the mill." : "Workers not used in the draft go here." }));
}

/** Is `step` later in Phase III than place `id`, on this board? */
function afterStep(model, step, id) {
  const order = placesOf(model).map((p) => p.id);
  return order.indexOf(step) > order.indexOf(id);
}

export function pieceValue(p) {
  return p.small + 5 * p.big + p.grey + p.black;
}

function sitesTile(model, group) {
  const s = model.state;
  const here = new Set(group.map((place) => place.id));
  const held = [];  // only the cards of this tile's sites (the Crusades' cards lie on their own tile)
  s.players.forEach((p, seat) => {
    for (const id of p.resource_cards) if (here.has(cardInfo(model, id).site)) held.push({ seat, id });
  });
  const body = held.length
    ? h("ul", { class: "plain held" }, held.map(({ seat, id }) => {
      const info = cardInfo(model, id);
      return h("li", { class: `held-card site-${info.site || ""}`, dataset: { target: `card:${id}`, card: id } },
        pawn(model, seat), h("span", { class: "held-name", text: info.name }),
        info.workers ? h("span", { class: "fine", text: ` (${info.workers} workers)` }) : null);
    }))
    : h("p", { class: "muted", text: "Resource cards taken in the draft lie here until they pay out." });
  return tile(model, group[0], body, group);
}

function courtTile(model, place) {
  const s = model.state;
  const die = (model.board && model.board.tax_die) || [];
  const good = (model.board && model.board.court_good) || "metal"; // the board's own (a fan court may give sand)
  const body = [spots(model, place)];
  body.push(h("p", { class: "note" },
    s.board.court_metal ? `${count(s.board.court_metal, good)} lies on the first spot.` : `No ${good} here.`,
    s.table.tax ? ` Tax this round: ${s.table.tax} gold.`
      : die.length ? ` The tax die rolls ${Math.min(...die)}-${Math.max(...die)}.` : ""));
  return tile(model, place, body);
}

/** A market place (the board may have more than one, the expansion's Harbour): its own prices and stock. */
function marketTile(model, place) {
  const s = model.state;
  const buy = place.buy || (model.board && model.board.buy) || {};
  const sell = place.sell || (model.board && model.board.sell) || {};
  const held = place.stock >= 0 ? (s.board.stocks || [])[place.stock] || [0, 0, 0, 0] : s.board.market;
  const price = (c) => c in buy && c in sell && buy[c] !== sell[c] ? `buy ${buy[c]}, sell ${sell[c]} gold`
    : `${c in sell ? sell[c] : buy[c]} gold each`;
  const stock = h("div", { class: "stock" }, CUBES.filter((c) => c in buy || c in sell).map((c) => h("div", { class: `stock-cube cube-${c}` },
    h("span", { class: "stock-name", text: c }),
    h("span", { class: "stock-n", text: c in buy ? `${held[CUBES.indexOf(c)]} for sale` : "sell only" }),
    h("span", { class: "stock-price", text: price(c) }))));
  return tile(model, place, [spots(model, place), stock,
    h("p", { class: "fine", text: "Buying wood needs a Carpenter, selling stone a Stonemason; metal cannot be bought." })]);
}

function cathedralTile(model, place) {
  const built = model.state.cathedral;
  const pieces = [];
  for (let i = 1; i <= 6; i++) pieces.push(h("span", { class: `piece ${i <= built ? "built" : ""}`, title: `round ${i}` }));
  return tile(model, place, [
    h("div", { class: "cathedral", role: "img", "aria-label": `cathedral: ${built} of 6 pieces built` }, pieces),
    h("p", { class: "note", text: `${built} of 6 pieces built; the game ends after round 6.` })]);
}

/** How a place is drawn, by the rule its step runs (the rest: its spots and what they give). */
const TILES = {
  event: eventTile,
  wool_mill: millTile,
  privileges: (model, place) => tile(model, place, spots(model, place, model.state.table.kingsbridge)),
  craftsmen: (model, place) => tile(model, place, spots(model, place, model.state.table.shiring)),
  tax: courtTile,
  market: marketTile,
  cathedral: cathedralTile,
};

/** The whole map: the board's places in Phase III order (worker sites next to each other share a tile). */
export function drawMap(model) {
  const tiles = [];
  let group = null;
  for (const place of placesOf(model)) {
    if (place.rule === "site") {
      if (!group) tiles.push(group = []);
      group.push(place);
      continue;
    }
    group = null;
    const draw = TILES[place.rule];
    tiles.push(draw ? draw(model, place) : tile(model, place, spots(model, place)));
  }
  return h("div", { class: "map" }, tiles.map((t) => (Array.isArray(t) ? sitesTile(model, t) : t)));
}

/** Phase I's display: the craftsmen and resource cards on offer; at set-up,
 * the privileges dealt face up for a set-up draft (issue #53). */
export function drawOffer(model) {
  const s = model.state;
  const kind = (id) => cardInfo(model, id).kind;
  const crafts = s.table.display.filter((id) => kind(id) === "craftsman");
  const privs = s.table.display.filter((id) => kind(id) === "privilege");
  const res = s.table.display.filter((id) => kind(id) !== "craftsman" && kind(id) !== "privilege");
  const drafting = s.stage === "setup" && privs.length > 0;
  const active = s.stage === "draft" || drafting;
  return h("section", { class: `offer ${active ? "now" : ""}`, "aria-label": "On offer in the draft" },
    h("header", { class: "tile-head" }, h("h3", { text: drafting ? "On offer (set-up draft)" : "On offer (Phase I)" }),
      active ? h("span", { class: "now-tag", text: "now" }) : null),
    s.table.display.length === 0
      ? h("p", { class: "muted", text: active ? "The display is empty." : "Dealt again at the next round." })
      : drafting
        ? [offerGroup(model, "Privileges (each player in turn takes one)", privs)]
        : [
          offerGroup(model, "Craftsmen (pay gold to hire)", crafts),
          offerGroup(model, "Resource cards (place workers to take)", res),
        ],
    passedNote(model));
}

function offerGroup(model, title, ids) {
  return h("div", { class: "offer-group" }, h("h4", { text: title }),
    ids.length ? h("div", { class: "cards row" }, ids.map((id) => cardFace(model, id)))
      : h("p", { class: "muted none-left", text: "none left" }));
}

function passedNote(model) {
  const s = model.state;
  if (s.stage !== "draft" || !s.table.passed.length) return null;
  return h("p", { class: "note", text: "Passed: " + s.table.passed.map((x) => s.players[x].name).join(", ") });
}

/** Phase II: the bag, the drawn builder, the cost track and who waits on it. */
export function drawBuilders(model) {
  const s = model.state;
  const b = s.builders;
  const active = s.stage === "builders";
  const inBag = {};
  for (const seat of b.bag) inBag[seat] = (inBag[seat] || 0) + 1;
  const track = [];
  for (let price = 7; price >= 0; price--) {
    track.push(h("span", { class: `cost-space ${b.marker === price && active ? "marker" : ""}`,
      title: `price ${price}`, text: String(price) }));
  }
  return h("section", { class: `builders ${active ? "now" : ""}`, "aria-label": "Builders" },
    h("header", { class: "tile-head" }, h("h3", { text: "Builders (Phase II)" }),
      active ? h("span", { class: "now-tag", text: "now" }) : null),
    h("p", { class: "does", text: "Builders are drawn from the bag one at a time. Its owner pays the price on the cost track to place it, or passes: the builder waits and is placed free at the end." }),
    h("div", { class: "track", "aria-label": `cost track, price now ${b.marker}` }, track),
    b.drawn !== null && b.drawn !== undefined
      ? h("p", { class: "drawn" }, "Drawn: ", pawn(model, b.drawn), ` price ${b.price} gold`) : null,
    Object.keys(inBag).length
      ? h("p", { class: "note" }, "In the bag: ", Object.entries(inBag).map(([seat, n]) =>
        h("span", { class: "bagged" }, pawn(model, Number(seat)), ` ×${n} `))) : null,
    b.parked.length
      ? h("p", { class: "note" }, "Waiting (placed free at the end): ", b.parked.map((seat) => pawn(model, seat))) : null);
}

/** The header: round, phase, step. */
export function drawRound(model) {
  const s = model.state;
  if (s.game_over) return h("span", { text: "The game is over" });
  let where = STAGES[s.stage] || s.stage;
  if (s.stage === "resolution" && s.step) where += ` · step: ${placeName(model, s.step)}`;
  return h("span", {}, h("strong", { text: `Round ${s.round} of 6` }), ` · ${where}`);
}

