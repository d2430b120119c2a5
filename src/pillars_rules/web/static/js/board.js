// The map: Kingsbridge's places in the order Phase III resolves them (§2.4),
// each spot with who stands there and what it gives; the cards on offer in
// the draft; the builders' bag and cost track.
//
// Everything is drawn from the seat's view (the server's export) and the
// card catalogue. Elements a choice may be about carry data-target
// ("spot:<place>:<i>", "card:<id>", "place:<id>"); choices.js arms them.

import { cardFace, cardInfo } from "./cards.js";
import { count, h } from "./dom.js";
import { CUBES, PLACE_BY_ID, PRICES, STAGES, placeName, seatClass, spotGives } from "./text.js";

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

function tile(model, id, body, { cls = "", title = null } = {}) {
  const place = PLACE_BY_ID[id];
  const s = model.state;
  const now = s.stage === "resolution" && (s.step === id || (id === "sites" && ["forest", "quarry", "sand_pit"].includes(s.step)));
  return h("section", {
    class: `tile place-${id} ${cls} ${now ? "now" : ""}`.trim(),
    dataset: { target: `place:${id}` },
    "aria-label": title || place.name,
  },
  h("header", { class: "tile-head" },
    h("span", { class: "step-no", title: `step ${place.step} of Phase III`, text: place.step }),
    h("h3", { text: title || place.name }),
    now ? h("span", { class: "now-tag", text: "now" }) : null),
  h("p", { class: "does", text: place.does }),
  body);
}

/** The spots of a place, each with its pawn and what it gives (a card lying beside it, or printed text). */
function spots(model, place, besides = null) {
  const seats = spotsOf(model.state, place);
  return h("div", { class: "spots" }, seats.map((seat, i) => {
    const card = besides ? besides[i] : null;
    const gives = card ? null : spotGives(place, i);
    return h("div", {
      class: `spot ${seat === null ? "free" : "taken " + seatClass(seat)}`,
      dataset: { target: `spot:${place}:${i}` },
    },
    h("span", { class: "spot-no", text: `spot ${i + 1}` }),
    pawn(model, seat),
    card ? cardFace(model, card, { cls: "beside", showCost: false }) : null,
    card === "" ? h("span", { class: "gives", text: "(taken)" }) : null,
    gives ? h("span", { class: "gives", text: gives }) : null);
  }));
}

function eventTile(model) {
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
  return tile(model, "event", body);
}

function millTile(model) {
  const s = model.state;
  const inMill = s.stage !== "draft" && !(s.stage === "resolution" && afterStep(s.step, "wool_mill"));
  const rows = s.players.map((p, seat) => {
    const v = pieceValue(p.pieces);
    return inMill && v ? h("li", { class: seatClass(seat) }, pawn(model, seat), ` ${count(v, "worker")}: ${v} gold`) : null;
  }).filter(Boolean);
  return tile(model, "wool_mill", rows.length ? h("ul", { class: "plain" }, rows)
    : h("p", { class: "muted", text: inMill ? "Nobody has workers in the mill." : "Workers not used in the draft go here." }));
}

const ORDER = ["event", "bishop", "wool_mill", "kingsbridge", "priory", "forest", "quarry", "sand_pit",
  "kings_court", "shiring", "castle", "market", "cathedral", "start_player"];

function afterStep(step, place) {
  return ORDER.indexOf(step) > ORDER.indexOf(place);
}

export function pieceValue(p) {
  return p.small + 5 * p.big + p.grey + p.black;
}

function sitesTile(model) {
  const s = model.state;
  const held = [];
  s.players.forEach((p, seat) => {
    for (const id of p.resource_cards) held.push({ seat, id });
  });
  const body = held.length
    ? h("ul", { class: "plain held" }, held.map(({ seat, id }) => {
      const info = cardInfo(model, id);
      return h("li", { class: `held-card site-${info.site || ""}`, dataset: { target: `card:${id}`, card: id } },
        pawn(model, seat), h("span", { class: "held-name", text: info.name }),
        info.workers ? h("span", { class: "fine", text: ` (${info.workers} workers)` }) : null);
    }))
    : h("p", { class: "muted", text: "Resource cards taken in the draft lie here until they pay out." });
  return tile(model, "sites", body);
}

function courtTile(model) {
  const s = model.state;
  const body = [spots(model, "kings_court")];
  body.push(h("p", { class: "note" },
    s.board.court_metal ? `${count(s.board.court_metal, "metal")} lies on the first spot.` : "No metal on the court.",
    s.table.tax ? ` Tax this round: ${s.table.tax} gold.` : " The tax die rolls 2-5."));
  return tile(model, "kings_court", body);
}

function marketTile(model) {
  const s = model.state;
  const stock = h("div", { class: "stock" }, CUBES.map((c, i) => h("div", { class: `stock-cube cube-${c}` },
    h("span", { class: "stock-name", text: c }),
    h("span", { class: "stock-n", text: c === "metal" ? "sell only" : `${s.board.market[i]} for sale` }),
    h("span", { class: "stock-price", text: `${PRICES[c]} gold each` }))));
  return tile(model, "market", [spots(model, "market"), stock,
    h("p", { class: "fine", text: "Buying wood needs a Carpenter, selling stone a Stonemason; metal cannot be bought." })]);
}

function cathedralTile(model) {
  const built = model.state.cathedral;
  const pieces = [];
  for (let i = 1; i <= 6; i++) pieces.push(h("span", { class: `piece ${i <= built ? "built" : ""}`, title: `round ${i}` }));
  return tile(model, "cathedral", [
    h("div", { class: "cathedral", role: "img", "aria-label": `cathedral: ${built} of 6 pieces built` }, pieces),
    h("p", { class: "note", text: `${built} of 6 pieces built; the game ends after round 6.` })]);
}

/** The whole map, in Phase III order. */
export function drawMap(model) {
  const s = model.state;
  return h("div", { class: "map" },
    eventTile(model),
    tile(model, "bishop", spots(model, "bishop")),
    millTile(model),
    tile(model, "kingsbridge", spots(model, "kingsbridge", s.table.kingsbridge)),
    tile(model, "priory", spots(model, "priory")),
    sitesTile(model),
    courtTile(model),
    tile(model, "shiring", spots(model, "shiring", s.table.shiring)),
    tile(model, "castle", spots(model, "castle")),
    marketTile(model),
    cathedralTile(model),
    tile(model, "start_player", spots(model, "start_player")));
}

/** Phase I's display: the craftsmen and resource cards on offer. */
export function drawOffer(model) {
  const s = model.state;
  const crafts = s.table.display.filter((id) => cardInfo(model, id).kind === "craftsman");
  const res = s.table.display.filter((id) => cardInfo(model, id).kind !== "craftsman");
  const active = s.stage === "draft";
  return h("section", { class: `offer ${active ? "now" : ""}`, "aria-label": "On offer in the draft" },
    h("header", { class: "tile-head" }, h("h3", { text: "On offer (Phase I)" }),
      active ? h("span", { class: "now-tag", text: "now" }) : null),
    s.table.display.length === 0
      ? h("p", { class: "muted", text: active ? "The display is empty." : "Dealt again at the next round." })
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
  if (s.stage === "resolution" && s.step) where += ` · step: ${placeName(s.step)}`;
  return h("span", {}, h("strong", { text: `Round ${s.round} of 6` }), ` · ${where}`);
}

