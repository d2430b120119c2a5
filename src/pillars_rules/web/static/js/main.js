// The page's start: read the seat's link, connect, and keep the board in
// step with the server (docs/protocol.rst).
//
// The link is /play#game=<id>&key=<credential>. The credential stays in the
// URL fragment, which browsers never send to a server, so it appears in no
// access log; it goes to the server only inside the WebSocket's first
// message. A reload keeps the fragment, so the page comes back as the same
// seat; it asks for what it missed since the last decision it saw.

import { App } from "./app.js";
import { h, fill } from "./dom.js";
import { GameRecord } from "./model.js";
import { remember, summarize } from "./mygames.js";
import { Connection } from "./net.js";
import { TurnSignal } from "./notify.js";
import { UndoPanel } from "./undo.js";
import { Changes } from "./changes.js";
import { TurnSound } from "./sound.js";
import { MyGamesLink } from "./mine.js";
import { MailOptIn } from "./mailopt.js";
import { Settings } from "./settings.js";
import { OraTable } from "./ora/table.js";

export const PROTOCOL = 1;
/** Close codes after which another try cannot help (docs/protocol.rst, refusals). */
const FINAL_CLOSES = new Set([4400, 4401, 4406, 4409, 4410, 4429]);
/** A refused link in words (the other codes show the server's own reason). */
const REASONS = {
  bad_credentials: "The server has no game with this link's id and key: the link may be mistyped or cut short, or the game is no longer kept.",
  bad_hello: "The server could not read this link's greeting.",
  version: "This page and the server speak different versions of the protocol: reload the page.",
  gone: "This game was deleted from the server (no move for a long time, or by its operator).",
  replaced: "This seat was opened in more tabs or devices than the server allows: this page, the oldest, was closed.",
};

function readLink() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const game = params.get("game");
  const key = params.get("key");
  return game && key ? { game, key } : null;
}

function socketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws`;
}

function start() {
  const root = document.getElementById("app");
  const link = readLink();
  if (!link) {
    fill(root, h("main", { class: "loading" },
      h("h1", { text: "The Pillars of the Earth" }),
      h("p", { text: "This page needs the link of a seat or of the spectators, as the game's creator got it when the game was made." }),
      h("p", {}, h("a", { href: "/", text: "Go to the lobby" }), ": create a game, or find yours again.")));
    return;
  }
  const record = new GameRecord();
  const signal = new TurnSignal();
  const sound = new TurnSound();
  const mine = new MyGamesLink(link);
  const mail = new MailOptIn(link);
  let settings = new Settings(`${link.game}:pending`);
  let conn = null;
  let full = false; // ask for a full sync next time (what we hold did not join up)
  let clock = null; // the game's turn timer, as the server last told it (web/timers.py)
  let ora = null; // an Ora et Labora table: its messages go to the Ora board (ora/table.js)

  /** The log says when the clock ran out and the bot decided (a note after that decision's event). */
  function noteRanOut() {
    if (!clock || !Array.isArray(clock.ran_out) || !record.state) return;
    const pendings = [];
    record.events.forEach((e, i) => { if (e.type === "DecisionPending") pendings.push(i); });
    for (const r of clock.ran_out) {
      const i = pendings[r.decision - 1];
      if (i === undefined) continue;
      const who = record.state.players[r.seat] ? record.state.players[r.seat].name : `seat ${r.seat + 1}`;
      settings.addNote({ i: i + 1, text: `${who}'s time ran out: the bot ${r.bot} decided for ${r.seat === record.seat ? "you" : who}` });
    }
  }

  const undo = new UndoPanel((obj) => {
    if (!conn.send(obj)) app.refused("offline", "not connected to the server: nothing was sent.");
  }, () => { if (record.state) show(); });
  const changes = new Changes();
  // what this seat saw when it last looked: taken when the page is hidden or left
  const looked = () => { if (record.state) changes.look(record.state); };
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") looked(); });
  window.addEventListener("pagehide", looked);
  const app = new App(root, {
    undo,
    changes,
    settings: {
      keepAll: (r) => settings.keepAll(r),
      setKeepAll: (r, on) => settings.setKeepAll(r, on),
      notes: () => settings.notes(),
      addNote: (n) => settings.addNote(n),
      scope: () => settings.key, // the seat's storage key: its pages claim the board's own answers there
    },
    extra: h("span", { class: "signals" }, signal.button, " ", sound.button, " ", mine.button, " ", mail.button),
    rematch: async () => {
      try {
        const r = await fetch("/api/rematch", { method: "POST", headers: { "content-type": "application/json" },
          body: JSON.stringify({ game: link.game, key: link.key }), cache: "no-store" });
        const doc = await r.json();
        app.setRematch(r.ok ? { link: doc.link, created: doc.created, by: null } : { error: doc.error || `the server answered ${r.status}` });
      } catch (err) {
        app.setRematch({ error: `not sent: ${err.message}` });
      }
    },
    send: (choice) => {
      const fields = { ...choice.action };
      delete fields.label;
      if (!conn.send({ decision: record.decision, action: fields })) {
        app.refused("offline", "not connected to the server: the choice was not sent. Choose again when the connection is back.");
      }
    },
  });

  conn = new Connection({
    url: socketUrl(),
    hello: () => ({ type: "hello", protocol: PROTOCOL, game: link.game, key: link.key,
      seen: record.state && !full ? record.decision : null }),
    onStatus: (state, text) => app.setStatus(state, text),
    shouldRetry: (code) => !FINAL_CLOSES.has(code),
    onMessage: (msg) => {
      if (msg.game === "ora-et-labora" && (msg.type === "sync" || msg.type === "update") && !ora) {
        ora = new OraTable(root, (obj) => conn.send(obj), () => record.seat);
        window.pillarsBoard.ora = ora;
      }
      if (ora && (msg.type === "sync" || msg.type === "update")) {
        ora.show(msg);
        return;
      }
      if (ora && msg.type === "refused" && !msg.closing) {
        ora.refused(msg);
        return;
      }
      switch (msg.type) {
        case "welcome":
          record.welcome(msg);
          settings = new Settings(`${link.game}:${record.seat === null ? "spectator" : record.seat}`);
          changes.setScope(`${link.game}:${record.seat === null ? "spectator" : record.seat}`);
          remember(link.game, link.key, { role: record.you ? record.you.role : null,
            seat: record.seat, name: record.you ? record.you.name : null });
          app.reconnected(); // an answer sent before the drop may never have arrived: it may be given again
          conn.live();
          break;
        case "sync":
          full = false;
          record.sync(msg);
          settings.trim(record.events.length);
          show();
          break;
        case "update":
          if (!record.update(msg)) { full = true; conn.drop(); return; } // a gap: reconnect for a full sync
          show();
          break;
        case "seats":
          record.seats = Array.isArray(msg.seats) ? msg.seats : record.seats;
          if (record.state) show();
          break;
        case "rematch":
          if (typeof msg.link === "string") {
            const self = record.you && record.you.name === msg.by;
            app.setRematch({ link: msg.link, by: self ? null : msg.by || null, created: null });
          }
          break;
        case "undo_request":
          undo.setRequest(msg);
          break;
        case "undos":
          undo.notes(msg, (n) => settings.addNote(n));
          app.sentFor = null; // the game went back: the decision may be answered again
          if (record.state) show();
          break;
        case "clock":
          clock = { ...msg, at: Date.now() };
          app.setClock(clock);
          noteRanOut();
          break;
        case "refused":
          if (msg.closing && Object.hasOwn(REASONS, msg.code)) stopped(msg.code, msg.reason);
          else if (msg.closing) app.setStatus("closed", msg.reason || msg.code);
          else app.refused(msg.code, msg.reason);
          break;
        default:
          break;
      }
    },
  });

  function show() {
    noteRanOut();
    const model = record.model();
    app.setModel(model);
    signal.show(!!app.mine(), !!model.state.game_over, record.you && record.you.name);
    sound.show(!!app.mine());
    remember(link.game, link.key, { summary: summarize(record) });
    // over: the socket stays open, for a rematch's link (a player's click, web/rematch.py)
    if (record.result && app.status.state !== "over") app.setStatus("over", "The game is over.");
  }

  /** The server refused the link itself (a wrong key, a game it does not have): say why, try no more. */
  function stopped(code, reason) {
    const sentence = REASONS[code] || `The server refused it: ${reason || code}.`;
    conn.stop(sentence, "closed");
    document.title = "Link refused — Pillars";
    fill(root, h("main", { class: "loading stopped" },
      h("h1", { text: "This link does not open a game" }),
      h("p", { class: "reason", role: "alert", text: sentence }),
      h("p", {}, h("a", { href: "/", text: "Go to the lobby" }), " (your other games are listed there)")));
  }

  window.pillarsBoard = { app, record, connection: conn, sound }; // for the browser tests and the curious
  conn.open();
}

// Another link opened in this tab changes only the fragment: start afresh as that seat.
window.addEventListener("hashchange", () => window.location.reload());
start();
