// The log in words, newest first. The sentences are the engine's own
// (`describe`, sent by the server with each event); what happened since this
// seat last acted is highlighted, and the board's own notes (answers it gave
// by itself) are shown among them.

import { h } from "./dom.js";

/**
 * The index of the first event this seat has not yet seen at its last
 * action: everything from there on happened since it last acted.
 *
 * The log records each decision as a DecisionPending event, followed by the
 * answer's events. The seat's last *answered* decision is its last
 * DecisionPending that is not the pending one; the answer and its automatic
 * consequences run to the next DecisionPending, and what follows is news.
 * A spectator (seat null) has no last action: nothing is highlighted.
 */
export function sinceIndex(events, seat) {
  if (seat === null || seat === undefined) return events.length;
  let lastOwn = -1;
  let lastPending = -1;
  for (let i = 0; i < events.length; i++) {
    const e = events[i];
    if (e.type !== "DecisionPending") continue;
    if (lastPending >= 0 && events[lastPending].seat === seat) lastOwn = lastPending;
    lastPending = i;
  }
  if (lastOwn < 0) return 0;
  for (let i = lastOwn + 1; i < events.length; i++) {
    if (events[i].type === "DecisionPending") return i + 1;
  }
  return events.length;
}

/** The log panel: `lines` are {i, text} (i: the event's index), `notes` the board's own. */
export function drawLog(model, limit = 3000) {
  const since = sinceIndex(model.events, model.seat);
  const entries = model.log.map((line) => ({ ...line, note: false }))
    .concat(model.notes.map((n) => ({ ...n, note: true })));
  entries.sort((a, b) => a.i - b.i || (a.note === b.note ? 0 : a.note ? 1 : -1));
  const shown = entries.slice(-limit).reverse();
  const fresh = shown.filter((e) => e.i >= since).length;
  return h("section", { class: "log", "aria-label": "Game log" },
    h("header", { class: "tile-head" }, h("h3", { text: "What happened" }),
      fresh && model.seat !== null ? h("span", { class: "fresh-count", text: `${fresh} new since your last move` }) : null),
    h("ol", { class: "log-lines", reversed: true },
      shown.map((e) => h("li", {
        class: `${e.i >= since && model.seat !== null ? "fresh" : ""} ${e.note ? "auto" : ""} ${e.type === "StepStarted" || e.type === "RoundStarted" ? "divider" : ""}`.trim() || null,
        dataset: { event: String(e.i) },
      }, e.note ? h("span", { class: "auto-tag", text: "answered for you" }) : null, e.text))));
}

/**
 * What happened since this seat's last move, for the prompt: the newest
 * `limit` sentences, oldest first (the log below keeps them all). Null when
 * nothing did.
 */
export function drawSince(model, limit = 6) {
  const since = sinceIndex(model.events, model.seat);
  const fresh = model.log.filter((e) => e.i >= since && e.type !== "StepStarted" && e.type !== "RoundStarted");
  if (!fresh.length || model.seat === null) return null;
  const shown = fresh.slice(-limit);
  return h("details", { class: "since", open: true },
    h("summary", { text: `Since your last move (${fresh.length})` }),
    h("ul", {}, shown.map((e) => h("li", { dataset: { event: String(e.i) }, text: e.text }))),
    fresh.length > shown.length ? h("p", { class: "fine", text: `and ${fresh.length - shown.length} earlier, in the log` }) : null);
}
