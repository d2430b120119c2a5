// Cards as the board draws them: a small face (name and the few words a
// player needs at a glance) and a tip (the card's full rules text). What a
// card is and says comes from the server's card catalogue, rendered there
// from the compiled card (fan cards read as well as base cards); nothing
// here knows a card by name.

import { h } from "./dom.js";

const HIDDEN = "?";

/** The catalogue entry of `id`, or a stand-in that says only the id. */
export function cardInfo(model, id) {
  const info = model.cards && Object.prototype.hasOwnProperty.call(model.cards, id) ? model.cards[id] : null;
  return info || { id, name: id === HIDDEN ? "hidden card" : String(id), kind: "", text: "" };
}

export function cardName(model, id) {
  return cardInfo(model, id).name;
}

/** The one line under a card's name: what it costs and does, in short. */
export function cardGist(info) {
  if (info.kind === "resource") {
    const what = info.yields ? `${info.yields}` : "";
    const needs = info.workers ? `${info.workers} workers` : "";
    return [what, needs].filter(Boolean).join(" for ");
  }
  if (info.kind === "craftsman") {
    const parts = [];
    if (info.converts && info.converts.length) parts.push(info.converts.join("; "));
    else if (info.does) parts.push(info.does);
    return parts.join(" ");
  }
  if (info.kind === "privilege") return info.mode ? `${info.mode} privilege` : "privilege";
  if (info.kind === "event") return info.harmful ? "harmful event" : "event";
  return "";
}

/** The tip of a card: its name and its whole rules text. */
export function cardTip(model, id) {
  const info = cardInfo(model, id);
  return { title: info.name, lines: info.text ? [info.text] : [] };
}

/**
 * A card face: <div class="card kind-craftsman site-forest">name / gist / cost</div>.
 * `extra` is more content (e.g. who holds it). The face carries
 * data-target="card:<id>" so a choice about the card can be attached to it.
 */
export function cardFace(model, id, { cls = "", extra = null, showCost = true } = {}) {
  const info = cardInfo(model, id);
  const classes = ["card", info.kind ? `kind-${info.kind}` : "", info.site ? `site-${info.site}` : "", cls];
  const cost = showCost && info.kind === "craftsman" && info.cost ? info.cost : "";
  const round = info.kind === "craftsman" && info.round ? `round ${info.round}` : "";
  return h("div", { class: classes.filter(Boolean).join(" "), dataset: { target: `card:${id}`, card: id } },
    h("div", { class: "card-name", text: info.name }),
    cardGist(info) ? h("div", { class: "card-gist", text: cardGist(info) }) : null,
    cost || round ? h("div", { class: "card-foot" },
      cost ? h("span", { class: "cost", text: cost }) : null,
      round ? h("span", { class: "round", text: round }) : null) : null,
    extra);
}
