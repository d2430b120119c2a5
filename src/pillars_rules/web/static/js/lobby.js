// "Your games" on the lobby page: the games this browser joined or created
// (mygames.js), each with whose turn it is, the round, the last move and
// whether it is over, a link back and a "forget" button.
//
// The lobby shows what the board last saw at once, then asks the server for
// each unfinished game in turn: a WebSocket with the entry's own link, a
// hello, the welcome and sync, and it closes (the protocol as the board speaks
// it; for that moment the seat counts as connected, as with its board open).

import "./lobbyform.js";
import { h, fill } from "./dom.js";
import { GameRecord } from "./model.js";
import { forget, myGames, playLink, remember, summarize } from "./mygames.js";

const PROTOCOL = 1;
const PEEK_MS = 8000;

function socketUrl() {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}/ws`;
}

/** Ask the server how the game of `entry` stands: {summary} or {refused: code}, or null (no answer). */
function peek(entry) {
  return new Promise((resolve) => {
    let ws;
    try {
      ws = new WebSocket(socketUrl());
    } catch {
      resolve(null);
      return;
    }
    const record = new GameRecord();
    const done = (value) => {
      clearTimeout(timer);
      try { ws.close(1000); } catch { /* already closed */ }
      resolve(value);
    };
    const timer = setTimeout(() => done(null), PEEK_MS);
    ws.addEventListener("open", () => ws.send(JSON.stringify(
      { type: "hello", protocol: PROTOCOL, game: entry.game, key: entry.key, seen: null })));
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg.type === "welcome") record.welcome(msg);
      else if (msg.type === "sync") { record.sync(msg); done({ summary: summarize(record) }); }
      else if (msg.type === "refused" && msg.closing) done({ refused: msg.code });
    });
    ws.addEventListener("close", () => done(null));
  });
}

function when(ms) {
  return ms ? new Date(ms).toLocaleString() : "";
}

function describe(entry) {
  const s = entry.summary;
  if (entry.refused === "bad_credentials") return [h("span", { class: "gone", text: "No longer on this server." })];
  if (!s) return [h("span", { class: "muted", text: "Not seen yet." })];
  const parts = [];
  if (s.over) {
    parts.push(h("strong", { class: "over", text: "Finished" }),
      s.winners && s.winners.length ? ` — won by ${s.winners.join(" and ")}` : "");
  } else if (s.mine) {
    parts.push(h("strong", { class: "your-turn", text: "Your turn" }), ` · round ${s.round} of 6`);
  } else {
    parts.push(s.turn ? `Waiting for ${s.turn}` : "Waiting", ` · round ${s.round} of 6`);
  }
  if (s.last) parts.push(h("br"), h("span", { class: "last", text: `Last: ${s.last}` }));
  return parts;
}

function row(entry, redraw) {
  const creator = entry.role === "creator";
  const title = creator ? "A game you created" : entry.role === "spectator" ? "Watching"
    : `You play ${entry.name || `seat ${Number(entry.seat) + 1}`}`;
  const links = creator
    ? [h("a", { href: `/created#${entry.created}`, text: "its links" }), " · ", h("a", { href: playLink(entry), text: "watch" })]
    : [h("a", { href: playLink(entry), text: entry.summary && entry.summary.mine ? "play now" : "open" })];
  if ((entry.summary && entry.summary.over) || (entry.role === "player" && entry.summary)) {
    links.push(" · ", h("a", { href: `/replay#${playLink(entry).split("#")[1]}`, text: "replay" }));
  }
  const drop = h("button", { type: "button", class: "forget", "aria-label": `forget this game (${title})`,
    text: "Forget", on: { click: () => { forget(entry.game, entry.key); redraw(); } } });
  return h("li", { class: `my-game ${entry.summary && entry.summary.mine ? "mine" : ""}`.trim(), dataset: { game: entry.game } },
    h("div", {}, h("strong", { text: title }), " ", h("span", { class: "muted", text: `· joined ${when(entry.joined)}` })),
    h("div", { class: "state" }, describe(entry)),
    h("div", { class: "actions" }, links, " ", drop));
}

function draw(root) {
  const games = myGames();
  root.hidden = games.length === 0;
  const redraw = () => draw(root);
  fill(root, h("h2", { text: "Your games" }),
    h("p", { class: "muted", text: "The games this browser joined or created (kept in this browser only)." }),
    h("ul", { class: "my-games" }, games.map((e) => row(e, redraw))));
}

async function start() {
  const root = document.getElementById("your-games");
  if (!root) return;
  draw(root);
  for (const entry of myGames()) {
    if ((entry.summary && entry.summary.over) || entry.refused === "bad_credentials") continue;
    const got = await peek(entry);
    if (!got) continue;
    if (!myGames().some((e) => e.game === entry.game && e.key === entry.key)) continue; // forgotten meanwhile
    remember(entry.game, entry.key, got.summary ? { summary: got.summary, refused: null } : { refused: got.refused });
    draw(root);
  }
  root.dataset.checked = "true"; // every game asked once (for the browser tests)
}

start();
