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
import { Connection } from "./net.js";
import { Settings } from "./settings.js";

export const PROTOCOL = 1;
/** Close codes after which another try cannot help (docs/protocol.rst, refusals). */
const FINAL_CLOSES = new Set([4400, 4401, 4406, 4409, 4410, 4429]);

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
      h("p", {}, h("a", { href: "/", text: "Create a game" }))));
    return;
  }
  const record = new GameRecord();
  let settings = new Settings(`${link.game}:pending`);
  let conn = null;
  let full = false; // ask for a full sync next time (what we hold did not join up)

  const app = new App(root, {
    settings: {
      keepAll: (r) => settings.keepAll(r),
      setKeepAll: (r, on) => settings.setKeepAll(r, on),
      notes: () => settings.notes(),
      addNote: (n) => settings.addNote(n),
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
      switch (msg.type) {
        case "welcome":
          record.welcome(msg);
          settings = new Settings(`${link.game}:${record.seat === null ? "spectator" : record.seat}`);
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
        case "refused":
          if (msg.closing) app.setStatus("closed", msg.reason || msg.code);
          else app.refused(msg.code, msg.reason);
          break;
        default:
          break;
      }
    },
  });

  function show() {
    app.setModel(record.model());
    if (record.result) conn.stop("The game is over.", "over");
  }

  window.pillarsBoard = { app, record, connection: conn }; // for the browser tests and the curious
  conn.open();
}

// Another link opened in this tab changes only the fragment: start afresh as that seat.
window.addEventListener("hashchange", () => window.location.reload());
start();
