// The Ora board's harness page (ora-harness.html): the board without the
// server, for its browser tests and for looking at it.
//
//   ora-harness.html?doc=/fixture.json&frame=3   draws frame 3 of a fixture document
//                                                ({frames: [{view, choices}, ...]}, made by Python
//                                                from seeded games); a choice is recorded, not played;
//                                                &as=spectator draws it as a spectator sees it
//   ora-harness.html?live=/live/                 plays a game held by a Python process: GET <live>state
//                                                gives {decision, view, choices}; a choice is POSTed to
//                                                <live>apply as {decision, action}, which answers the next
//
// window.oraHarness holds what a test reads: the choices made (chosen), the frame shown, the moves played.

import { fill, h } from "../dom.js";
import { renderOra } from "./board.js";

const root = document.getElementById("app");
const params = new URLSearchParams(window.location.search);
const harness = { chosen: [], frame: null, moves: 0, decision: null, ready: false, error: null, show: null };
window.oraHarness = harness;

function fail(text) {
  harness.error = text;
  fill(root, h("p", { class: "loading", role: "alert", text }));
}

async function getJson(url, init) {
  const r = await fetch(url, { cache: "no-store", ...init });
  if (!r.ok) throw new Error(`${url} answered ${r.status}: ${await r.text()}`);
  return r.json();
}

/** The action as the client sends it: its fields without the label. */
function bare(action) {
  const out = { ...action };
  delete out.label;
  return out;
}

async function fromDocument(url, first) {
  const doc = await getJson(url);
  const frames = Array.isArray(doc.frames) ? doc.frames : [];
  harness.frames = frames.length;
  harness.show = (i) => {
    const f = frames[i];
    if (!f) throw new Error(`no frame ${i}: the document has ${frames.length}`);
    harness.frame = i;
    // as=spectator: what a spectator is sent (the same view, no choices)
    const spectator = params.get("as") === "spectator";
    renderOra(root, f.view, spectator ? [] : f.choices, (choice) => { harness.chosen.push(bare(choice.action)); },
      { seat: spectator ? null : f.seat });
  };
  harness.show(first);
  harness.ready = true;
}

async function live(base) {
  let busy = false;
  const draw = (doc) => {
    harness.decision = doc.decision;
    renderOra(root, doc.view, doc.choices, async (choice) => {
      if (busy) return;
      busy = true;
      harness.chosen.push(bare(choice.action));
      try {
        const next = await getJson(`${base}apply`, { method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ decision: harness.decision, action: bare(choice.action) }) });
        harness.moves += 1;
        draw(next);
      } catch (err) {
        fail(`the move was refused: ${err.message}`);
      } finally {
        busy = false;
      }
    }, { seat: doc.seat });
  };
  draw(await getJson(`${base}state`));
  harness.ready = true;
}

try {
  if (params.get("doc")) await fromDocument(params.get("doc"), Number(params.get("frame") || 0));
  else if (params.get("live")) await live(params.get("live"));
  else fail("This page draws the Ora board from a fixture (?doc=...&frame=...) or a game held by Python (?live=...).");
} catch (err) {
  fail(`The harness could not start: ${err.message}`);
}
