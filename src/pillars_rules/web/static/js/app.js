// The page: draws the model (the seat's view, its choices, the log) and
// turns clicks into actions. It knows nothing of the network: main.js feeds
// it models and gives it a `send(choice)` function.
//
// The board is drawn again from the model at every change (a few hundred
// elements); what the reader was on -- keyboard focus, the scroll of the log
// -- is kept across redraws.

import { drawBuilders, drawMap, drawOffer, drawRound } from "./board.js";
import { TOUCH, arm, choiceBody, choiceButton, groupChoices } from "./choices.js";
import { fill, h } from "./dom.js";
import { drawLog, drawSince } from "./log.js";
import { isTrades, tradeForm } from "./market.js";
import { drawFinal, drawPlayers, seatLine } from "./players.js";
import { ASKS, DOING, calledOf, placeName } from "./text.js";
import { cardTip } from "./cards.js";
import { claimAnswer, markAnswered } from "./claim.js";
import { drawTrack, stickPrompt } from "./track.js";
import { Phone } from "./phone.js";

export class App {
  /**
   * `root`: the element to draw in. `options.send(choice)` answers the
   * pending decision (returns nothing; the answer comes back as a new model
   * or a refusal). `options.settings` keeps the per-round "keep drawn
   * builders" answer across reloads. `options.extra`: an element kept in the
   * header (the "notify me" button).
   */
  constructor(root, { send, settings, extra = null, rematch = null, undo = null, changes = null }) {
    this.root = root;
    this.changes = changes; // what changed since this seat last looked (changes.js), or null
    this.phone = new Phone(); // the phone's folds and jump (phone.js)
    this.undo = undo; // the undo panel (undo.js), or null
    this.onRematch = rematch;
    this.rematch = null; // {link, created, by} once a rematch is made, or {error}
    this.extra = extra;
    this.send = send;
    this.settings = settings;
    this.model = null;
    this.status = { state: "connecting", text: "Connecting…" };
    this.refusal = null;
    this.sentFor = null; // the decision an answer was sent for (no second click until it is answered)
    this.autoFor = null; // the decision the board answered by itself
    this.claiming = null; // the decision the board is about to answer by itself (waiting for claim.js)
    this.tip = h("div", { class: "tip", role: "tooltip", id: "tip", hidden: true });
    this.menu = h("div", { class: "menu", role: "menu", id: "menu", hidden: true });
    this.tipOwner = null;
    this.menuOwner = null;
    document.body.append(this.tip, this.menu);
    document.addEventListener("keydown", (ev) => this.onKey(ev));
    document.addEventListener("click", (ev) => {
      if (!this.menu.hidden && !this.menu.contains(ev.target)) this.closeMenu(false);
    });
    window.addEventListener("resize", () => { this.hideTip(); this.closeMenu(false); });
  }

  /** The game's turn timer (the server's `clock` message): shown in the header, counted down here. */
  setClock(clock) {
    this.clock = clock;
    clearInterval(this.clockTick);
    this.clockTick = setInterval(() => this.drawClock(), 1000);
    this.drawClock();
  }

  drawClock() {
    const el = this.root.querySelector("#clock");
    if (el) fill(el, clockText(this.clock, this.model));
  }

  /** A rematch was made (by this page's click, or another player's: `by`), or refused. */
  setRematch(r) {
    const was = this.rematch && this.rematch.link ? this.rematch : null;
    // the answer to our click and the server's message to every connected page may come in either order
    this.rematch = was && r.link ? { ...r, created: r.created || was.created, by: r.created ? null : was.by && r.by }
      : was && r.error ? { ...was, error: r.error } : r;
    this.render();
  }

  rematchPart() {
    const r = this.rematch;
    if (this.model.seat === null && !(r && r.link)) return null;
    if (r && r.link) {
      return h("p", { class: "rematch", role: "status" }, r.by ? `${r.by} asked for a rematch: ` : "Rematch made: ",
        h("a", { href: r.link, id: "rematch-link", text: this.model.seat === null ? "watch the new game" : "play your seat in the new game" }),
        r.created ? [" · ", h("a", { href: r.created, id: "rematch-links", text: "every seat's link, for those who are away" })] : null);
    }
    return h("p", { class: "rematch" },
      h("button", { type: "button", id: "rematch", class: "choice", on: { click: (ev) => { ev.target.disabled = true; this.onRematch(); } },
        text: "Rematch: the same seats (rotated), cards and options" }),
      r && r.error ? h("span", { class: "refusal", role: "alert", text: ` ${r.error}` }) : null);
  }

  setStatus(state, text) {
    this.status = { state, text };
    const el = this.root.querySelector("#status");
    if (el) this.drawStatus(el);
    else this.render();
  }

  /** A new model (a sync, or an update after an action). */
  setModel(model) {
    const changed = !this.model || this.model.decision !== model.decision;
    this.model = model;
    if (changed) { this.refusal = null; this.sentFor = null; }
    this.render();
    if (!this.mine() || this.sentFor === model.decision) return;
    if (!this.autoAnswer() && changed) this.bringIntoView();
  }

  /**
   * Answer by ourselves when there is nothing to ask: a decision with one
   * legal answer, or the start player's "keep the drawn builder" when the
   * seat chose to keep every drawn builder this round (§2.3). The answer is
   * written in the log as the board's own note. True if it answered.
   */
  autoAnswer() {
    const m = this.model;
    const groups = groupChoices(m.choices);
    const all = [...groups.values()].flat();
    let pick = null;
    let why = "";
    if (all.length === 1) {
      pick = all[0];
      why = "the only possible choice";
    } else if (m.state.pending.kind === "redraw" && this.settings.keepAll(m.state.round)) {
      pick = all.find((c) => c.kind === "KeepBuilder");
      why = "you chose to keep every drawn builder this round";
    }
    if (!pick || this.autoFor === m.decision) return false;
    this.autoFor = m.decision; // one automatic try per decision: a refusal is shown, not retried
    this.claiming = m.decision; // an answer is on its way from the moment the board decides to give it
    // another page of this seat in this browser may answer it (claim.js): then this one waits
    claimAnswer(this.settings.scope(), m.decision).then((ours) => {
      if (this.claiming === m.decision) this.claiming = null;
      if (!ours || !this.model || this.model.decision !== m.decision || this.sentFor === m.decision) return;
      this.settings.addNote({ i: m.events.length, text: `${pick.label} (${why})` });
      this.choose(pick, true);
    });
    return true;
  }

  /** A new decision of ours whose choices are all off screen: scroll the first into view. */
  bringIntoView(force = false) {
    const armed = [...this.root.querySelectorAll("main .can")];
    if (!armed.length) return;
    const top = this.root.querySelector(".prompt").getBoundingClientRect().bottom;
    const seen = armed.some((el) => {
      const r = el.getBoundingClientRect();
      return r.top >= top && r.bottom <= window.innerHeight;
    });
    if (seen && !force) return;
    // the place (its tile), or the card, whole and just below the sticky prompt
    const first = armed[0];
    const tile = first.closest(".tile, section") || first;
    const box = tile.getBoundingClientRect().height <= window.innerHeight - top ? tile : first;
    window.scrollTo({ top: Math.max(0, window.scrollY + box.getBoundingClientRect().top - top - 8), behavior: "auto" });
  }

  /** The connection is new: nothing is on its way any more. */
  reconnected() {
    this.sentFor = null;
    this.autoFor = null;
  }

  /**
   * The server refused our message: show why, let the reader choose again. A
   * refusal the reader did not cause -- of the board's own answer, or "stale":
   * another tab or device of this seat answered first -- is a note, not an error.
   */
  refused(code, reason) {
    this.refusal = { code, reason, quiet: code === "stale" || this.sentAuto };
    this.sentFor = null;
    this.render();
  }

  choose(choice, auto = false) {
    if (!this.model || this.sentFor === this.model.decision) return;
    this.closeMenu(false);
    this.hideTip();
    this.sentFor = this.model.decision;
    this.sentAuto = auto; // the board's own answer, not the reader's click
    if (!auto) markAnswered(this.settings.scope(), this.model.decision); // the seat's other tabs stand back
    if (this.changes) this.changes.lookAfter = this.model.decision;
    this.refusal = null;
    this.send(choice);
    this.render();
  }

  // ---- drawing ---------------------------------------------------------

  render() {
    const focusKey = this.focusKey();
    const logEl = this.root.querySelector(".log-lines");
    const logScroll = logEl ? logEl.scrollTop : 0;
    this.hideTip();
    const m = this.model;
    if (m) m.notes = this.settings.notes();
    if (!m) {
      fill(this.root, this.drawTop(), h("main", { class: "loading" }, h("p", { text: this.status.text })));
      return;
    }
    const groups = this.mine() ? groupChoices(m.choices) : new Map();
    const prompt = h("section", { class: "prompt", id: "prompt", "aria-live": "polite" });
    const board = h("div", { class: "table" },
      m.state.game_over ? drawFinal(m) : null,
      m.state.stage === "draft" || (m.state.stage === "setup" && m.state.table.display.length) ? drawOffer(m) : null,
      m.state.stage === "builders" ? drawBuilders(m) : null,
      drawMap(m));
    const side = h("aside", { class: "side" }, drawPlayers(m), drawLog(m));
    const main = h("main", { class: "layout" }, board, side);
    fill(this.root, this.drawTop(), prompt, main);
    const homeless = arm(this.root, groups, this);
    if (this.changes) this.changes.mark(this.root, m);
    this.phone.fold(this.root);
    this.drawPrompt(prompt, homeless);
    stickPrompt(this.root);
    this.addCardTips(this.root);
    if (this.sentFor === m.decision) this.root.classList.add("sending");
    else this.root.classList.remove("sending");
    this.restoreFocus(focusKey);
    const newLog = this.root.querySelector(".log-lines");
    if (newLog) newLog.scrollTop = logScroll;
  }

  drawTop() {
    const m = this.model;
    const who = m ? (m.seat === null ? "Watching as a spectator" : `You are ${m.state.players[m.seat].name}`) : "";
    const status = h("span", { id: "status" });
    this.drawStatus(status);
    return h("header", { class: "top" },
      h("h1", { text: "The Pillars of the Earth" }),
      m ? h("div", { class: "where" }, drawRound(m),
        this.clock ? h("span", { id: "clock", class: "clock", role: "timer" }, clockText(this.clock, m)) : null) : null,
      h("div", { class: "who" }, who ? h("span", { class: "who-name", text: who }) : null, status,
        m && m.seat !== null ? this.extra : null),
      m ? drawTrack(m) : null);
  }

  drawStatus(el) {
    el.className = `status status-${this.status.state}`;
    el.setAttribute("role", "status");
    fill(el, h("span", { class: "status-dot", "aria-hidden": "true" }), this.status.text);
  }

  mine() {
    const m = this.model;
    return m && m.seat !== null && m.state.pending && m.state.pending.seat === m.seat && !m.state.game_over;
  }

  drawPrompt(el, homeless) {
    const m = this.model;
    const s = m.state;
    const parts = [];
    if (s.game_over) {
      parts.push(h("p", { class: "ask" }, "The game is over: see the final scores below, or ",
        h("a", { href: `/replay#${window.location.hash.slice(1)}`, id: "replay-link", text: "watch its replay" }), "."));
      if (this.onRematch) parts.push(this.rematchPart());
    } else if (this.mine()) {
      const ask = s.pending.kind === "redraw" ? this.redrawAsk()
        : s.pending.kind === "market" ? `trade at ${calledOf(m, s.step)}, or stop trading`  // the Harbour is a market too
        : ASKS[s.pending.kind] || s.pending.kind.replace(/_/g, " ");
      parts.push(h("p", { class: "ask your-turn" }, h("strong", { text: "Your turn: " }), ask + "."));
      if (this.sentFor === m.decision) parts.push(h("p", { class: "note", text: "Sent; waiting for the table…" }));
      const onBoard = m.choices.length - homeless.length;
      if (onBoard > 0) parts.push(this.phone.jump(this.root, () => this.bringIntoView(true)));
      if (onBoard > 0) {
        parts.push(h("p", { class: "hint", text: TOUCH
          ? "The glowing places and cards on the board are what you can choose: tap one to see what it gives and costs, then choose."
          : "The glowing places and cards on the board are what you can choose: point at one (or tab to it) to see what it gives and costs, click it to choose." }));
      }
      if (homeless.length) {
        parts.push(h("div", { class: "bar", role: "group", "aria-label": "Choices" },
          homeless.map((c) => choiceButton(c, (x) => this.choose(x)))));
      }
      if (s.pending.kind === "redraw") parts.push(this.keepToggle());
    } else if (s.pending) {
      const name = s.players[s.pending.seat].name;
      const doing = DOING[s.pending.kind] || s.pending.kind.replace(/_/g, " ");
      const who = seatLine(m, s.pending.seat);
      parts.push(h("p", { class: "ask" }, "Waiting for ", h("strong", { text: name }),
        who && who.cls !== "here" ? ` (${who.text})` : "", `: ${doing}.`));
    }
    if (this.undo) parts.push(this.undo.part(m));
    if (this.changes) parts.push(this.changes.part(m, () => this.render()));
    if (this.refusal && this.refusal.quiet) {
      const why = this.refusal.reason || this.refusal.code;
      parts.push(h("p", { class: "note refusal-quiet", role: "status", text: this.refusal.code === "stale"
        ? `Already answered, from another tab or device of your seat (${why}); the board follows the game.`
        : `The board's own answer was not taken (${why}); choose yourself.` }));
    } else if (this.refusal) {
      parts.push(h("p", { class: "refusal", role: "alert" },
        h("strong", { text: "Not accepted: " }), this.refusal.reason || this.refusal.code));
    }
    // the moves since this seat's last one, beside the prompt (beneath it at phone width)
    const since = this.mine() ? drawSince(m) : null;
    el.classList.toggle("with-since", !!since);
    fill(el, h("div", { class: "prompt-main" }, parts), since);
  }

  /** The redraw question names whose builder was drawn (the start player decides for any seat's, §2.3). */
  redrawAsk() {
    const s = this.model.state;
    const drawn = s.builders ? s.builders.drawn : null;
    if (drawn === null || drawn === undefined || !s.players[drawn]) return ASKS.redraw;
    const whose = drawn === this.model.seat ? "your own" : `${s.players[drawn].name}'s`;
    return `keep the drawn builder (${whose}), or put it back and draw again (once per round)`;
  }

  /** The start player's per-round "keep every drawn builder" answer (§2.3). */
  keepToggle() {
    const m = this.model;
    const box = h("input", { type: "checkbox", id: "keep-all" });
    box.checked = this.settings.keepAll(m.state.round);
    box.addEventListener("change", () => {
      this.settings.setKeepAll(m.state.round, box.checked);
      if (box.checked) this.autoAnswer();
    });
    return h("label", { class: "keep-all", for: "keep-all" }, box,
      " Keep every drawn builder for the rest of this round (don't ask again)");
  }

  /** Cards that carry no choice still explain themselves on hover. */
  addCardTips(root) {
    for (const el of root.querySelectorAll("[data-card]")) {
      if (el.classList.contains("can")) continue;
      el.addEventListener("mouseenter", () => this.showTip(el, []));
      el.addEventListener("mouseleave", () => this.hideTip(el));
    }
  }

  // ---- tips and menus --------------------------------------------------

  showTip(el, choices) {
    const parts = [];
    const card = el.dataset.card || (el.querySelector(".card[data-card]") || {}).dataset?.card;
    if (card) {
      const t = cardTip(this.model, card);
      parts.push(h("div", { class: "tip-title", text: t.title }), t.lines.map((l) => h("p", { class: "tip-text", text: l })));
    } else if (!choices.length && el.dataset.target && el.dataset.target.startsWith("spot:")) {
      const [, place, i] = el.dataset.target.split(":");
      parts.push(h("div", { class: "tip-title", text: `${placeName(this.model, place)}, spot ${Number(i) + 1}` }));
    }
    if (choices.length) {
      parts.unshift(h("div", { class: "tip-choices" }, choices.map((c) =>
        h("div", { class: "tip-choice" }, choiceBody(c, { withText: !card })))),
      h("p", { class: "fine", text: choices.length > 1 ? "Click to choose one of these." : "Click to choose this." }));
    }
    if (!parts.length) return;
    fill(this.tip, parts);
    this.tip.hidden = false;
    this.tipOwner = el;
    place(this.tip, el);
  }

  hideTip(el = null) {
    if (el && this.tipOwner !== el) return;
    this.tip.hidden = true;
    this.tipOwner = null;
  }

  openMenu(el, choices) {
    this.hideTip();
    if (isTrades(choices)) return this.openTrades(el, choices);
    // a text that every choice shares (a place's rules) is said once, above them
    const shared = choices.every((c) => c.text === choices[0].text) ? choices[0].text : "";
    const items = choices.map((c) => {
      const b = choiceButton(c, (x) => this.choose(x), { withText: !shared });
      b.setAttribute("role", "menuitem");
      return b;
    });
    fill(this.menu, h("div", { class: "menu-title", text: `${this.targetName(el)}: choose one` }),
      shared ? h("p", { class: "menu-text", text: shared }) : null,
      h("div", { class: "menu-items" }, items),
      h("button", { type: "button", class: "menu-cancel", on: { click: () => this.closeMenu(true) }, text: "Cancel" }));
    this.menu.hidden = false;
    this.menuOwner = el;
    place(this.menu, el);
    items[0].focus();
  }

  /** The market's trades: one form with a stepper and a single confirm (market.js). */
  openTrades(el, choices) {
    const form = tradeForm(choices, (x) => this.choose(x));
    fill(this.menu, h("div", { class: "menu-title", text: `${this.targetName(el)}: trade` }),
      h("p", { class: "menu-text", text: choices[0].text }), form,
      h("button", { type: "button", class: "menu-cancel", on: { click: () => this.closeMenu(true) }, text: "Cancel" }));
    this.menu.hidden = false;
    this.menuOwner = el;
    place(this.menu, el);
    form.querySelector("select").focus();
  }

  /** What a target element is, in words ("Market", "Kingsbridge, spot 1", a card's name). */
  targetName(el) {
    const [kind, a, b] = (el.dataset.target || "").split(":");
    if (kind === "card") return cardTip(this.model, a).title;
    if (kind === "spot") return `${placeName(this.model, a)}, spot ${Number(b) + 1}`;
    if (kind === "place") return placeName(this.model, a);
    return "Choose";
  }

  closeMenu(refocus) {
    if (this.menu.hidden) return;
    this.menu.hidden = true;
    const owner = this.menuOwner;
    this.menuOwner = null;
    if (refocus && owner && owner.isConnected) owner.focus();
  }

  onKey(ev) {
    if (ev.key === "Escape") { this.closeMenu(true); this.hideTip(); return; }
    if (this.menu.hidden || !["ArrowDown", "ArrowUp"].includes(ev.key)) return;
    const items = [...this.menu.querySelectorAll("button")];
    const i = items.indexOf(document.activeElement);
    const next = ev.key === "ArrowDown" ? (i + 1) % items.length : (i - 1 + items.length) % items.length;
    items[next].focus();
    ev.preventDefault();
  }

  focusKey() {
    const a = document.activeElement;
    if (!a || a === document.body || !this.root.contains(a)) return null;
    if (a.dataset.target) return `[data-target="${CSS.escape(a.dataset.target)}"]`;
    if (a.dataset.choice) return `[data-choice="${CSS.escape(a.dataset.choice)}"]`;
    if (a.id) return `#${CSS.escape(a.id)}`;
    return null;
  }

  restoreFocus(key) {
    if (!key) return;
    const el = this.root.querySelector(key);
    if (el && (el.tabIndex >= 0 || el.tagName === "BUTTON" || el.tagName === "INPUT")) el.focus({ preventScroll: true });
  }
}

/** "⏱ 1:52 left for Ann (then the bot medium decides)", from the server's last clock message. */
function clockText(clock, model) {
  if (!clock || !model) return "";
  const kind = clock.kind === "game" ? "chess clock" : "per move";
  if (clock.remaining === null || clock.remaining === undefined || clock.seat === null || model.state.game_over) {
    return `⏱ ${kind}: ${duration(clock.seconds)}`;
  }
  const left = Math.max(0, clock.remaining - (Date.now() - clock.at) / 1000);
  const who = clock.seat === model.seat ? "you" : model.state.players[clock.seat].name;
  return `⏱ ${duration(left)} left for ${who} (then the bot ${clock.bot} decides)`;
}

function duration(s) {
  s = Math.ceil(s);
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60];
  if (d) return `${d} d ${hms[0]} h`;
  if (hms[0]) return `${hms[0]} h ${String(hms[1]).padStart(2, "0")} min`;
  return `${hms[1]}:${String(hms[2]).padStart(2, "0")}`;
}

/** Put a floating box below `anchor` (above it when there is no room), inside the window. */
function place(box, anchor) {
  const r = anchor.getBoundingClientRect();
  box.style.left = "0px";
  box.style.top = "0px";
  box.style.maxHeight = "";
  const room = Math.max(r.top, document.documentElement.clientHeight - r.bottom) - 14;
  if (box.offsetHeight > room) box.style.maxHeight = `${Math.max(160, room)}px`;
  const bw = box.offsetWidth;
  const bh = box.offsetHeight;
  const vw = document.documentElement.clientWidth;
  const vh = document.documentElement.clientHeight;
  let left = Math.min(Math.max(8, r.left), Math.max(8, vw - bw - 8));
  let top = r.bottom + 6;
  if (top + bh > vh - 8 && r.top - bh - 6 > 8) top = r.top - bh - 6;
  box.style.left = `${left + window.scrollX}px`;
  box.style.top = `${Math.max(8, top) + window.scrollY}px`;
}
