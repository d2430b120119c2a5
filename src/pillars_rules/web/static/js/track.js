// The score track: every player's VP as a ranked bar, and the cathedral's
// progress, in the sticky top bar -- visible without scrolling (issue #56).

import { h } from "./dom.js";
import { ranking } from "./players.js";
import { seatClass } from "./text.js";

/** Pieces of the cathedral: one a round, six rounds. */
export const CATHEDRAL_PIECES = 6;

export function drawTrack(model) {
  const s = model.state;
  const ranked = ranking(s);
  const top = Math.max(10, ...ranked.map((r) => r.vp));
  const rows = ranked.map((r) => {
    const fill = h("span", { class: "track-fill" });
    fill.style.width = `${Math.round((100 * Math.max(0, r.vp)) / top)}%`; // CSSOM: allowed by the page's CSP
    const name = s.players[r.seat].name + (r.seat === model.seat ? " (you)" : "");
    return h("li", { class: `track-row ${seatClass(r.seat)}`, dataset: { seat: String(r.seat) },
      title: `${name}: ${r.vp} VP, ${r.gold} gold` },
    h("span", { class: "track-place", text: String(r.place) }),
    h("span", { class: "track-name" }, h("span", { class: "pawn-dot", "aria-hidden": "true" }), name),
    h("span", { class: "track-bar", "aria-hidden": "true" }, fill),
    h("span", { class: "track-vp", text: `${r.vp} VP` }));
  });
  const pieces = [];
  for (let i = 1; i <= CATHEDRAL_PIECES; i++) pieces.push(h("span", { class: `piece ${i <= s.cathedral ? "built" : ""}` }));
  return h("section", { class: "track", id: "score-track", "aria-label": "Score track" },
    h("ol", { class: "track-rows" }, rows),
    h("div", { class: "track-cathedral", title: "the cathedral: one piece a round" },
      h("span", { class: "track-label", text: `Cathedral ${s.cathedral}/${CATHEDRAL_PIECES}` }),
      h("span", { class: "cathedral mini", role: "img", "aria-label": `cathedral: ${s.cathedral} of ${CATHEDRAL_PIECES} pieces built` }, pieces)));
}

/** Keep the sticky prompt just below the sticky top bar, whose height the track changes. */
export function stickPrompt(root) {
  const top = root.querySelector(".top");
  const prompt = root.querySelector(".prompt");
  if (!top || !prompt) return;
  prompt.style.top = getComputedStyle(top).position === "sticky" ? `${top.offsetHeight}px` : "";
}

// the top bar's height changes with the window's width (the track wraps, the title folds away)
window.addEventListener("resize", () => stickPrompt(document.getElementById("app") || document.body));
