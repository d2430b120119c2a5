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

/**
 * The one line under a card's name: what it does, in short (the
 * catalogue's `gist`: "1 stone → 1 VP, 2× a round", "2 wood for 3 workers").
 */
export function cardGist(info) {
  if (info.gist) return info.gist;
  if (info.kind === "privilege") return info.mode ? `${info.mode} privilege` : "privilege";
  if (info.kind === "event") return info.harmful ? "harmful event" : "event";
  return "";
}

/** "1 wood -> 4 gold" as "1 wood → 4 gold" (the words layer writes plain ASCII arrows). */
export function arrows(text) {
  return String(text).replace(/ -> /g, " \u2192 ");
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
  let foot = "";
  if (info.kind === "privilege") foot = info.mode || "";
  else if (info.kind === "event") foot = info.harmful ? "harmful" : "";
  return h("div", { class: classes.filter(Boolean).join(" "), dataset: { target: `card:${id}`, card: id } },
    h("div", { class: "card-name", text: info.name }),
    cardGist(info) ? h("div", { class: "card-gist", text: arrows(cardGist(info)) }) : null,
    cost || foot ? h("div", { class: "card-foot" },
      cost ? h("span", { class: "cost", text: cost }) : null,
      foot ? h("span", { class: "round", text: foot }) : null) : null,
    extra);
}
