// The board of Ora et Labora: renderOra(root, view, choices, onChoose).
//
// `view` is the parsed export of an Ora game for a seat (game.export(seat):
// the wheel, the display, the round, who must decide, each seat's goods,
// clergy, hand, score and landscape); `choices` the seat's legal choices,
// each {action, label}; onChoose(choice) is called with the one picked.
// Nothing here decides what is legal: a square, a card or a button answers
// only with a choice the list holds. Placing on a landscape is chosen on its
// grid: the squares where a choice places are marked; a click on another
// says why not (grid.js). What each choice gives and costs is read from its
// label and the card facts (words.js), before the click.

import { fill, h } from "../dom.js";
import FACTS from "./facts.js";
import { drawLandscape, gridSeat, onGrid, whyNot } from "./grid.js";
import { at, cardName, effects, goodName, goodsText } from "./words.js";

/** The decks of the display in the order they come into play. */
const DECKS = ["start", "A", "B", "C", "D", "heartland"];

/** What a pending decision asks, in words (the kinds of games/ora/flow.py). */
const ASKS = {
  action: "take an action: place a clergyman, build, fell trees or cut peat, or make a work contract",
  bonus: "the bonus round: one more action with the prior",
  after: "after the action: trade, turn grain to straw, buy a landscape, or end the turn",
  settle: "the settlement phase: build a settlement from the hand, or none",
  buy: "buy a landscape, or none",
  clergy: "choose which clergyman goes on the contracted building",
  use: "take what the building's function gives (one of its outcomes), or leave it unused",
  prior: "place the prior on the new building, or leave it home",
  "neutral build": "build a building of the display for the neutral player",
  "neutral prior": "the neutral player's prior on one of its new buildings",
};

/** The board's own state between redraws of one decision: what is selected, what was said. */
const UI = new WeakMap();

function uiOf(root, view, choices) {
  const key = JSON.stringify([view.round, view.pending, choices.map((c) => c.label)]);
  let ui = UI.get(root);
  if (!ui || ui.key !== key) {
    ui = { key, selected: null, message: "", menu: null, open: null };
    UI.set(root, ui);
  }
  return ui;
}

/** The subject of a placement: what is placed (a card, a landscape, a felling), for selecting it first. */
function subjectOf(facts, choice) {
  const a = choice.action;
  if (a.type === "Build" || a.type === "Settle") {
    return { key: `${a.type}:${a.card}`, type: a.type, card: a.card, name: cardName(facts, a.card) };
  }
  if (a.type === "Buy") return { key: `Buy:${a.board}`, type: "Buy", name: `a ${a.board}` };
  if (a.type === "Fell") return { key: `Fell:${a.cover}`, type: "Fell", name: a.cover === "moor" ? "cut peat" : "fell trees" };
  return { key: a.type, type: a.type, name: "remove a forest or moor" };
}

/** The verb of a subject's button. */
function verb(subject) {
  if (subject.type === "Build") return `Build ${subject.name}`;
  if (subject.type === "Settle") return `Settle ${subject.name}`;
  if (subject.type === "Buy") return `Buy ${subject.name}`;
  return subject.name.charAt(0).toUpperCase() + subject.name.slice(1);
}

/** The building a use choice is about ("owner/card"), or null. */
function useKey(choice) {
  const a = choice.action;
  return (a.type === "Place" || a.type === "Contract" || a.type === "Activate") && a.key ? a.key : null;
}

/** A choice's button: its label, then what it gives and costs. */
function choiceButton(facts, choice, onChoose) {
  const fx = effects(choice, facts);
  return h("button", {
    type: "button",
    class: "choice ora-choice",
    dataset: { type: choice.action.type },
    on: { click: (ev) => { ev.stopPropagation(); onChoose(choice); } },
  },
  h("span", { class: "choice-label", text: choice.label }),
  fx.gives.length || fx.costs.length || fx.notes.length
    ? h("span", { class: "choice-effects" },
      fx.gives.map((g) => h("span", { class: "gives" }, h("span", { class: "what", text: "gives " }), g)),
      fx.costs.map((c) => h("span", { class: "costs" }, h("span", { class: "what", text: "costs " }), c)),
      fx.notes.map((n) => h("span", { class: "note", text: n })))
    : null);
}

function seatName(view, seat) {
  return view.seats[seat] ? view.seats[seat].name : `seat ${seat + 1}`;
}

function total(score) {
  return Object.values(score || {}).reduce((a, b) => a + b, 0);
}

/**
 * Draw the board of `view` into `root`, armed with `choices`; onChoose(choice) answers.
 * `opts.seat`: the seat looking (null: a spectator; default: the seat to decide);
 * `opts.facts`: the card facts (default: the shipped set's, facts.js).
 */
export function renderOra(root, view, choices, onChoose, opts = {}) {
  const facts = opts.facts || FACTS;
  const list = Array.isArray(choices) ? choices : [];
  const ui = uiOf(root, view, list);
  const me = opts.seat === undefined ? (view.pending ? view.pending.seat : null) : opts.seat;
  const answer = (choice) => { ui.menu = null; ui.message = ""; onChoose(choice); };
  const redraw = () => renderOra(root, view, choices, onChoose, opts);

  const placements = list.filter(onGrid);
  const subjects = new Map();
  for (const c of placements) {
    const s = subjectOf(facts, c);
    if (!subjects.has(s.key)) subjects.set(s.key, { ...s, choices: [] });
    subjects.get(s.key).choices.push(c);
  }
  if (subjects.size === 1 && !ui.selected) ui.selected = [...subjects.keys()][0];
  const selected = ui.selected ? subjects.get(ui.selected) || null : null;
  const live = selected ? selected.choices : placements;
  const target = gridSeat(view);

  const uses = new Map(); // building key -> its use choices
  const bar = [];
  for (const c of list) {
    if (onGrid(c)) continue;
    const key = useKey(c);
    if (key) {
      if (!uses.has(key)) uses.set(key, []);
      uses.get(key).push(c);
    } else {
      bar.push(c);
    }
  }

  const say = (text) => { ui.message = text; ui.menu = null; redraw(); };

  function clickSquare(seatNo, x, y) {
    const here = live.filter((c) => seatNo === target && c.action.x === x && c.action.y === y);
    if (here.length === 1) { answer(here[0]); return; }
    if (here.length > 1) {
      ui.menu = { x, y, choices: here };
      ui.message = `At ${at(x, y)}: ${here.length} ways; choose one.`;
      redraw();
      return;
    }
    if (!list.length && view.pending && me !== view.pending.seat) {
      say(`You are watching: ${seatName(view, view.pending.seat)} decides; nothing is chosen on this page.`);
      return;
    }
    const square = (view.seats[seatNo].landscape || []).find((s) => s.x === x && s.y === y);
    const key = square && square.card ? `${seatNo}/${square.card}` : null;
    let text = whyNot(view, facts, live, seatNo, x, y, selected);
    if (key && uses.has(key)) {
      ui.open = key;
      text = `${text} To use ${cardName(facts, square.card)}, choose below.`;
    }
    say(text);
  }

  function clickOffer(id) {
    const s = subjects.get(`Build:${id}`);
    if (s) {
      ui.selected = s.key;
      say(`${s.name}: choose a marked square of ${seatName(view, target)}'s landscape.`);
      return;
    }
    const f = facts[id];
    const building = placements.some((c) => c.action.type === "Build");
    say(building
      ? `${cardName(facts, id)} cannot be built now: it costs ${f ? goodsText(f.cost) : "more"}, and needs a free ${f ? f.terrain.join(" or ") : ""} square.`
      : "Building is not a choice in this decision.");
  }

  const squareOf = (el) => [Number(el.dataset.seat), Number(el.dataset.x), Number(el.dataset.y)];

  // ---- the top: the game, the round, whose turn
  const p = view.pending;
  const mine = p && me === p.seat;
  const top = h("header", { class: "ora-top" },
    h("h1", { text: "Ora et Labora" }),
    h("span", { class: "ora-mode", text: `${view.mode}, ${view.variant}` }),
    h("strong", { class: "ora-round", text: view.over ? "The game is over" : `Round ${view.round}` }),
    h("span", { class: "ora-fee", text: `work contract fee: level ${view.fee_level}` }));

  // ---- the prompt: whose turn, what was said, the choices
  const ask = view.over
    ? h("p", { class: "ora-ask", text: "The game is over. Final scores: "
      + view.seats.map((s) => `${s.name} ${total(s.score)}`).join(", ") })
    : p
      ? h("p", { class: `ora-ask ${mine ? "your-turn" : ""}` },
        h("strong", { text: mine ? "Your turn" : `${seatName(view, p.seat)}'s turn` }),
        `: ${ASKS[p.kind] || (String(p.kind).startsWith("then ") ? `then: ${p.kind.slice(5)}` : p.kind)}`)
      : null;
  const prompt = h("section", { class: "ora-prompt", id: "ora-prompt", "aria-label": "Your choices" },
    ask,
    h("p", { class: "ora-why", id: "ora-why", role: "status", text: ui.message }),
    ui.menu ? h("div", { class: "ora-menu", id: "ora-menu" },
      ui.menu.choices.map((c) => choiceButton(facts, c, answer)),
      h("button", { type: "button", class: "ora-cancel", text: "cancel", on: { click: () => say("") } })) : null,
    subjects.size ? h("div", { class: "ora-subjects" },
      h("span", { class: "ora-hint", text: "Place on a landscape: choose, then click a marked square." }),
      [...subjects.values()].map((s) => h("button", {
        type: "button",
        class: `ora-subject ${ui.selected === s.key ? "selected" : ""}`,
        "aria-pressed": String(ui.selected === s.key),
        dataset: { subject: s.key },
        on: { click: () => { ui.selected = ui.selected === s.key ? null : s.key; say(""); } },
      }, `${verb(s)} · ${s.choices.length} square${s.choices.length === 1 ? "" : "s"}`))) : null,
    bar.length ? h("div", { class: "bar ora-bar" }, bar.map((c) => choiceButton(facts, c, answer))) : null,
    uses.size ? h("div", { class: "ora-uses" }, [...uses.entries()].map(([key, cs]) => {
      const [owner, card] = key.split("/");
      const whose = owner === "display" ? "on display" : Number(owner) === p.seat ? "yours" : `${seatName(view, Number(owner))}'s`;
      return h("details", { class: "ora-use", dataset: { key }, open: ui.open === key },
        h("summary", { text: `${cardName(facts, card)} (${whose}) · ${cs.length} choice${cs.length === 1 ? "" : "s"}` }),
        h("div", { class: "ora-use-list" }, cs.map((c) => choiceButton(facts, c, answer))));
    })) : null);

  // ---- the production wheel
  const wheel = h("section", { class: "ora-panel ora-wheel", "aria-label": "Production wheel" },
    h("h3", { text: "Production wheel" }),
    h("ul", { class: "plain ora-wheel-values" }, Object.entries(view.wheel || {}).map(([good, n]) =>
      h("li", { class: `ora-token ${good === "joker" ? "joker" : ""}`, dataset: { good, value: String(n) } },
        h("span", { class: "ora-good", text: goodName(good) }), h("strong", { text: String(n) })))));

  // ---- the buildings on offer, by deck
  const byDeck = new Map();
  for (const id of view.display || []) {
    const deck = facts[id] ? facts[id].deck : "?";
    if (!byDeck.has(deck)) byDeck.set(deck, []);
    byDeck.get(deck).push(id);
  }
  const rank = (deck) => (DECKS.includes(deck) ? DECKS.indexOf(deck) : DECKS.length);
  const decks = [...byDeck.keys()].sort((a, b) => rank(a) - rank(b));
  const offer = h("section", { class: "ora-panel ora-offer", "aria-label": "Buildings on offer" },
    h("h3", { text: "Buildings on offer" }),
    decks.length ? decks.map((deck) => h("div", { class: "ora-deck", dataset: { deck } },
      h("h4", { text: deck === "start" ? "Start buildings" : `Deck ${deck}` }),
      h("div", { class: "ora-cards" }, byDeck.get(deck).map((id) => {
        const f = facts[id] || { name: id, cost: [], value: "?", dwelling: "?", terrain: [], use: "" };
        const can = subjects.has(`Build:${id}`);
        return h("button", {
          type: "button",
          class: `ora-card ${can ? "can" : ""} ${ui.selected === `Build:${id}` ? "selected" : ""}`,
          dataset: { card: id },
          on: { click: () => clickOffer(id) },
        },
        h("span", { class: "ora-card-name" }, f.name, f.cloister ? h("span", { class: "ora-cloister", title: "cloister building", text: " ✝" }) : null),
        h("span", { class: "ora-card-cost", text: `costs ${goodsText(f.cost)}` }),
        h("span", { class: "ora-card-values", text: `worth ${f.value} · dwelling ${f.dwelling}` }),
        h("span", { class: "ora-card-terrain", text: f.terrain.join(", ") }),
        f.use ? h("span", { class: "ora-card-use", text: f.use }) : null);
      }))))
      : h("p", { class: "muted", text: "No building is on offer." }));

  // ---- each seat: score, goods, clergy, hand, landscape
  const ghosts = placements.filter((c) => c.action.type === "Buy" && (!selected || selected.type === "Buy"))
    .map((c) => ({ x: c.action.x, y: c.action.y, text: `buy: ${c.action.side}` }))
    .filter((g, i, all) => all.findIndex((o) => o.x === g.x && o.y === g.y) === i);
  const seats = h("div", { class: "ora-seats" }, view.seats.map((seat, n) => {
    const goods = Object.entries(seat.goods || {}).filter(([, k]) => k > 0).sort();
    const turn = p && (p.seat === n || target === n);
    const grid = drawLandscape(facts, seat, n, n === target ? ghosts : []);
    for (const el of grid.querySelectorAll(".ora-square")) {
      const [sn, x, y] = squareOf(el);
      const allowed = sn === target && live.some((c) => c.action.x === x && c.action.y === y);
      el.classList.toggle("can", allowed);
      el.setAttribute("role", "button");
      el.setAttribute("tabindex", "0");
      if (allowed) el.setAttribute("aria-label", live.filter((c) => c.action.x === x && c.action.y === y).map((c) => c.label).join("; "));
      el.addEventListener("click", () => clickSquare(sn, x, y));
      el.addEventListener("keydown", (ev) => { if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); clickSquare(sn, x, y); } });
    }
    return h("section", { class: `ora-panel ora-seat seat-${n} ${turn ? "turn" : ""} ${me === n ? "you" : ""}`, dataset: { seat: String(n) } },
      h("header", { class: "ora-seat-head" },
        h("span", { class: `ora-dot seat-${n}`, "aria-hidden": "true" }),
        h("h3", { text: seat.name + (me === n ? " (you)" : "") }),
        turn ? h("span", { class: "now-tag", text: p.seat === n ? "to decide" : "built on now" }) : null,
        h("span", { class: "ora-score", title: `goods ${seat.score.goods}, buildings ${seat.score.economic}, dwelling ${seat.score.dwelling}`,
          dataset: { total: String(total(seat.score)) }, text: `${total(seat.score)} points` })),
      h("p", { class: "ora-score-parts", text: `goods ${seat.score.goods} · buildings ${seat.score.economic} · dwelling ${seat.score.dwelling}` }),
      h("ul", { class: "plain ora-goods", "aria-label": "goods" }, goods.length
        ? goods.map(([good, k]) => h("li", { dataset: { good, count: String(k) } }, h("strong", { text: String(k) }), ` ${goodName(good)}`))
        : h("li", { class: "muted", text: "no goods" })),
      h("p", { class: "ora-home" }, "Clergy at home: ",
        (seat.clergy_home || []).length ? seat.clergy_home.join(", ") : "none"),
      (seat.hand || []).length ? h("p", { class: "ora-hand" }, "Settlements in hand: ", seat.hand.map((id) => cardName(facts, id)).join(", ")) : null,
      grid);
  }));

  fill(root, h("div", { class: `ora ${p && placements.length ? "placing" : ""}` }, top, prompt,
    h("main", { class: "ora-main" }, h("div", { class: "ora-table" }, wheel, offer), seats)));
}
