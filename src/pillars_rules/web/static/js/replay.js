// The replay page: /replay#game=<id>&key=<key> (a seat's or the spectators'
// link's key). Every decision of the game, stepped through forwards and
// backwards, jumped to by round and phase, or played at a speed; the board as
// it stood when the decision was pending -- computed by the server with the
// engine from the stored events (Game.state_at), redacted as every seat saw it
// -- and the log in words up to that moment. Once the game is over, the page
// can show what nobody knew then (the decks' order) and offers the save file.
// The key goes to the server only in the body of POST /api/replay.

import { drawBuilders, drawMap, drawOffer, drawRound } from "./board.js";
import { cardName } from "./cards.js";
import { fill, h } from "./dom.js";
import { drawLog } from "./log.js";
import { SILENT } from "./model.js";
import { drawFinal, drawPlayers } from "./players.js";
import { DOING } from "./text.js";

const SPEEDS = [["0.5", "1 decision every 2 s"], ["1", "1 decision a second"], ["2", "2 a second"], ["5", "5 a second"]];
const STAGES = { draft: "Phase I", builders: "Phase II", resolution: "Phase III" };

async function ask(link, extra = {}, tries = 5) {
  const r = await fetch("/api/replay", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify({ game: link.game, key: link.key, ...extra }), cache: "no-store" });
  if (r.status === 429 && tries > 1) {
    // over the server's --replay-rate (a fast reader's clicks): wait as it says, then ask again
    const wait = Number(r.headers.get("retry-after")) || 1;
    await new Promise((done) => setTimeout(done, wait * 1000));
    return ask(link, extra, tries - 1);
  }
  if (!r.ok) {
    let reason = `the server answered ${r.status}`;
    try { reason = (await r.json()).error || reason; } catch { /* not JSON */ }
    throw new Error(reason);
  }
  return extra.save ? r.text() : r.json();
}

class Replay {
  constructor(root, link, doc) {
    this.root = root;
    this.link = link;
    this.doc = doc;
    this.points = doc.decisions;
    this.last = this.points.length + 1; // "n = last": the game's end (or its present, while it runs)
    this.n = 1;
    this.state = null;
    this.secrets = false; // what the box asks for
    this.shownSecrets = false; // what the state on the page holds (set once its answer is in)
    this.timer = null;
    this.speed = 1;
    this.asked = 0; // the latest request (a late answer to an earlier one is dropped)
    this.cache = new Map();
  }

  async go(n) {
    n = Math.max(1, Math.min(this.last, n));
    const secrets = this.secrets;
    const key = `${n}:${secrets}`;
    const mine = ++this.asked;
    let got = this.cache.get(key);
    if (!got) {
      got = await ask(this.link, { at: n, secrets });
      if (this.cache.size > 400) this.cache.clear();
      this.cache.set(key, got);
    }
    if (mine !== this.asked) return;
    this.n = n;
    this.state = got.state;
    this.shownSecrets = secrets;
    this.event = got.event;
    this.draw();
  }

  model() {
    const upto = this.event + 1;
    const events = this.doc.events.slice(0, upto);
    const log = [];
    events.forEach((e, i) => {
      if (!SILENT.has(e.type) && typeof this.doc.texts[i] === "string") log.push({ i, text: this.doc.texts[i], type: e.type });
    });
    return { seat: null, decision: this.n, state: this.state, nextEvent: null, cards: this.doc.catalogue,
      board: this.doc.board || {}, log,
      notes: [], events, choices: [], turn: null, result: null, seats: [] };
  }

  /** What decision n asked and, once answered, what came of it (the events up to the next decision). */
  answer() {
    const p = this.points[this.n - 1];
    if (!p) return [h("strong", { text: this.doc.over ? "The end." : "Now: the game goes on." })];
    const name = this.doc.players[p.seat];
    const next = this.points[this.n] ? this.points[this.n].event : this.doc.end;
    const then = [];
    for (let i = p.event + 1; i < next; i++) {
      if (!SILENT.has(this.doc.events[i].type) && this.doc.texts[i]) then.push(this.doc.texts[i]);
    }
    return [h("span", {}, h("strong", { text: name }), `: ${DOING[p.kind] || p.kind.replace(/_/g, " ")}.`),
      then.length ? h("ul", { class: "answer" }, then.map((t) => h("li", { text: t }))) : null];
  }

  jumps() {
    const seen = new Set();
    const options = [];
    for (const p of this.points) {
      const k = `${p.round}:${p.stage}`;
      if (seen.has(k)) continue;
      seen.add(k);
      options.push(h("option", { value: String(p.n), text: `Round ${p.round} · ${STAGES[p.stage] || p.stage}` }));
    }
    options.push(h("option", { value: String(this.last), text: this.doc.over ? "The end" : "Now" }));
    const pick = h("select", { id: "jump", "aria-label": "jump to a round and phase" }, h("option", { value: "", text: "Jump to…" }), options);
    pick.addEventListener("change", () => { if (pick.value) this.go(Number(pick.value)); });
    return pick;
  }

  /**
   * The replay's buttons, slider and menus: made once and kept, so a click
   * that lands while the page steps on at 5 a second still reaches its button
   * (a bar drawn anew every step could swallow the press between mouse down
   * and mouse up). `syncControls` sets what changes from step to step.
   */
  controls() {
    if (this.bar) return this.syncControls();
    const button = (id, text, label, fn) => h("button", { type: "button", id, "aria-label": label, text, on: { click: fn } });
    const slider = h("input", { type: "range", id: "scrub", min: "1", max: String(this.last), value: String(this.n),
      "aria-label": "decision" });
    slider.addEventListener("change", () => this.go(Number(slider.value)));
    const speed = h("select", { id: "speed", "aria-label": "speed" },
      SPEEDS.map(([v, t]) => h("option", { value: v, text: t, selected: Number(v) === this.speed })));
    speed.addEventListener("change", () => { this.speed = Number(speed.value); if (this.timer) this.play(); });
    const extras = [];
    if (this.doc.over && this.doc.secrets) {
      const box = h("input", { type: "checkbox", id: "secrets", checked: this.secrets });
      box.addEventListener("change", () => { this.secrets = box.checked; this.go(this.n); });
      extras.push(h("label", { class: "secrets", for: "secrets" }, box, " Show what nobody knew then (the decks)"));
    }
    // the save holds the seed: offered only where the creator chose to reveal it (issue #54)
    if (this.doc.over && this.doc.secrets) extras.push(button("save", "Download the save", "download the game's save file", () => this.download()));
    this.parts = {
      first: button("first", "|◀", "first decision", () => this.go(1)),
      back: button("back", "◀", "one decision back", () => this.go(this.n - 1)),
      play: button("play", "Play", "play", () => (this.timer ? this.pause() : this.play())),
      next: button("next", "▶", "one decision on", () => this.go(this.n + 1)),
      end: button("end", "▶|", "the end", () => this.go(this.last)),
      slider,
    };
    const p = this.parts;
    this.bar = h("div", { class: "replay-controls", role: "group", "aria-label": "replay" },
      p.first, p.back, p.play, p.next, p.end, slider, speed, this.jumps(), extras);
    return this.syncControls();
  }

  syncControls() {
    const p = this.parts;
    p.first.disabled = p.back.disabled = this.n === 1;
    p.next.disabled = p.end.disabled = this.n === this.last;
    p.play.textContent = this.timer ? "Pause" : "Play";
    p.play.setAttribute("aria-label", this.timer ? "pause" : "play");
    p.slider.value = String(this.n);
    return this.bar;
  }

  play() {
    clearInterval(this.timer);
    if (this.n >= this.last) this.n = 0;
    this.timer = setInterval(() => {
      if (this.n >= this.last) { this.pause(); return; }
      this.go(this.n + 1);
    }, 1000 / this.speed);
    this.draw();
  }

  pause() {
    clearInterval(this.timer);
    this.timer = null;
    this.asked++; // a step already asked for lands after the pause: dropped
    this.draw();
  }

  async download() {
    const text = await ask(this.link, { save: true });
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = h("a", { href: url, download: `pillars-${this.link.game.slice(0, 8)}.json` });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  }

  draw() {
    const m = this.model();
    const s = m.state;
    const whose = this.doc.seat === null ? "everyone's view" : `${this.doc.players[this.doc.seat]}'s view`;
    const knew = this.shownSecrets ? "everything, the decks included (nobody knew this then)" : `what every seat knew then (${whose})`;
    const top = h("header", { class: "top" }, h("h1", { text: "Replay: The Pillars of the Earth" }),
      h("div", { class: "where" }, drawRound(m)),
      h("div", { class: "who" }, h("span", { class: "who-name", text: this.doc.players.join(", ") })));
    const prompt = h("section", { class: "prompt replay-prompt", id: "prompt" },
      h("p", { class: "ask" }, h("strong", { id: "at", text: this.n < this.last ? `Decision ${this.n} of ${this.points.length}` : this.doc.over ? "The end" : "Now" }),
        " · ", h("span", { class: "knew", text: `Shown: ${knew}` })),
      h("div", { class: "answer-of" }, this.answer()), this.controls());
    const board = h("div", { class: "table" }, s.game_over ? drawFinal(m) : null,
      this.shownSecrets ? drawDecks(m) : null,
      s.stage === "draft" || (s.stage === "setup" && s.table.display.length) ? drawOffer(m) : null, s.stage === "builders" ? drawBuilders(m) : null, drawMap(m));
    fill(this.root, top, prompt, h("main", { class: "layout" }, board, h("aside", { class: "side" }, drawPlayers(m), drawLog(m))));
    const focus = this.root.querySelector(`#${this.focusId || "none"}`);
    if (focus) focus.focus({ preventScroll: true });
  }
}

/**
 * What nobody knew at this decision (a finished game's replay with the secrets
 * shown): the events still to come in their order, the craftsmen of the later
 * rounds, and the privileges not yet dealt -- read from the unredacted state.
 */
function drawDecks(m) {
  const decks = m.state.decks || {};
  const names = (ids) => (ids && ids.length ? ids.map((id) => cardName(m, id)).join(", ") : "none");
  const later = (decks.craftsman_decks || []).map((deck, i) => [i + 1, deck]).filter(([r]) => r > m.state.round);
  return h("section", { class: "tile decks", id: "decks", "aria-label": "What nobody knew then" },
    h("header", { class: "tile-head" }, h("h3", { text: "What nobody knew then" })),
    h("ul", { class: "plain" },
      h("li", { class: "coming-events" }, h("strong", { text: "Events to come: " }), names(decks.event_deck)),
      later.map(([r, deck]) => h("li", { class: "later-craftsmen" },
        h("strong", { text: `Craftsmen of round ${r}: ` }), names(deck))),
      h("li", { class: "coming-privileges" }, h("strong", { text: "Privileges to come: " }), names(decks.privilege_deck))));
}

async function start() {
  const root = document.getElementById("app");
  const params = new URLSearchParams(window.location.hash.slice(1));
  const link = { game: params.get("game"), key: params.get("key") };
  if (!link.game || !link.key) {
    fill(root, h("main", { class: "loading" }, h("h1", { text: "Replay" }),
      h("p", { text: "This page needs a game's link: /replay#game=…&key=… (a seat's key, or the spectators' once the game is over)." }),
      h("p", {}, h("a", { href: "/", text: "Go to the lobby" }))));
    return;
  }
  try {
    const doc = await ask(link);
    const replay = new Replay(root, link, doc);
    root.addEventListener("focusin", (ev) => { if (ev.target.id) replay.focusId = ev.target.id; });
    window.pillarsReplay = replay; // for the browser tests and the curious
    await replay.go(Number(params.get("at")) || 1);
  } catch (err) {
    fill(root, h("main", { class: "loading stopped" }, h("h1", { text: "No replay" }),
      h("p", { class: "reason", role: "alert", text: `The server refused it: ${err.message}.` }),
      h("p", {}, h("a", { href: "/", text: "Go to the lobby" }))));
  }
}

window.addEventListener("hashchange", () => window.location.reload());
start();
