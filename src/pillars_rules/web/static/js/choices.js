// Choosing on the board.
//
// Each legal choice (from the server: label, what it gives and costs, the
// card, place and spot it is about, the rules text) is attached where it is
// on the board: a spot, a card, a place. Only those elements become buttons;
// everything else stays inert, so an illegal move cannot be clicked. Choices
// with nowhere on the board to go (pass, stop trading, keep the builder...)
// are buttons in the prompt bar.
//
// What a choice gives or costs is shown before the click: in a tip on hover
// or keyboard focus, and in the menu that opens when an element carries more
// than one choice. On a touch screen (no hover) every click opens the menu
// first, so the menu is the confirm step.

import { arrows } from "./cards.js";
import { h } from "./dom.js";

/** Kinds that are answers to the decision as a whole, always in the prompt bar. */
const BAR_KINDS = new Set(["Pass", "Park", "EndTrading", "EndBuilding", "Decline", "KeepBuilder",
  "ReturnBuilder", "ChooseOption"]);

/** The action's identity: its JSON without the label (two choices with one identity are one action). */
export function actionKey(action) {
  const fields = Object.keys(action).filter((k) => k !== "label").sort();
  return JSON.stringify(fields.map((k) => [k, action[k]]));
}

/** Where a choice goes: "spot:<place>:<i>", "card:<id>", "place:<id>" or "bar". */
export function targetOf(choice) {
  if (BAR_KINDS.has(choice.kind)) return "bar";
  if (choice.place && choice.spot !== null && choice.spot !== undefined) return `spot:${choice.place}:${choice.spot}`;
  if (choice.card) return `card:${choice.card}`;
  if (choice.place) return `place:${choice.place}`;
  return "bar";
}

/** The legal choices, one per action, grouped by where they go (a Map, in the server's order). */
export function groupChoices(choices) {
  const seen = new Set();
  const groups = new Map();
  for (const c of choices) {
    const key = actionKey(c.action);
    if (seen.has(key)) continue;
    seen.add(key);
    const t = targetOf(c);
    if (!groups.has(t)) groups.set(t, []);
    groups.get(t).push(c);
  }
  return groups;
}

/** A choice as the reader sees it: the label, then what it gives and costs. */
export function choiceBody(c, { withText = true } = {}) {
  return [
    h("span", { class: "choice-label", text: arrows(c.label) }),
    (c.gives && c.gives.length) || (c.costs && c.costs.length)
      ? h("span", { class: "choice-effects" },
        (c.gives || []).map((g) => h("span", { class: "gives" }, h("span", { class: "what", text: "gives " }), arrows(g))),
        (c.costs || []).map((g) => h("span", { class: "costs" }, h("span", { class: "what", text: "costs " }), arrows(g))))
      : null,
    withText && c.text ? h("span", { class: "choice-text", text: c.text }) : null,
  ];
}

/** A button that answers with `c`. */
export function choiceButton(c, onChoose, { withText = false } = {}) {
  return h("button", {
    type: "button",
    class: "choice",
    dataset: { choice: c.key || c.label, kind: c.kind },
    on: { click: (ev) => { ev.stopPropagation(); onChoose(c); } },
  }, choiceBody(c, { withText }));
}

/** A touch screen: no hover, a coarse pointer (a headless browser has neither and counts as a desktop). */
export const TOUCH = typeof matchMedia === "function" && matchMedia("(hover: none) and (pointer: coarse)").matches;

/**
 * Arm the board under `root` with `groups` (from groupChoices): each target
 * element found becomes a button. Returns the choices whose target is not on
 * the board (they join the bar).
 *
 * `ui` provides: choose(choice), openMenu(element, choices), showTip(element, choices).
 */
export function arm(root, groups, ui) {
  const homeless = [];
  for (const [target, list] of groups) {
    if (target === "bar") { homeless.push(...list); continue; }
    const el = root.querySelector(`[data-target="${cssEscape(target)}"]`);
    if (!el) { homeless.push(...list); continue; }
    el.classList.add("can");
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    el.setAttribute("aria-haspopup", list.length > 1 || TOUCH ? "menu" : "false");
    el.setAttribute("aria-label", list.map((c) => c.label).join("; "));
    el.dataset.choices = String(list.length);
    const act = (ev) => {
      ev.preventDefault();
      ev.stopPropagation();
      if (list.length === 1 && !TOUCH) ui.choose(list[0]);
      else ui.openMenu(el, list);
    };
    el.addEventListener("click", act);
    el.addEventListener("keydown", (ev) => {
      if (ev.key === "Enter" || ev.key === " ") act(ev);
    });
    el.addEventListener("mouseenter", () => ui.showTip(el, list));
    el.addEventListener("focus", () => ui.showTip(el, list));
    el.addEventListener("mouseleave", () => ui.hideTip(el));
    el.addEventListener("blur", () => ui.hideTip(el));
  }
  return homeless;
}

/** Only target strings of our own making reach here, but quote them anyway. */
function cssEscape(s) {
  return typeof CSS !== "undefined" && CSS.escape ? CSS.escape(s) : s.replace(/["\\]/g, "\\$&");
}
