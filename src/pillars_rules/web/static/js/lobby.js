// "Your games" on the lobby page: the games this browser joined or created
// (mygames.js), each with whose turn it is, the round, the last move and
// whether it is over, a link back and a "forget" button.
//
// The lobby shows what the board last saw at once, then asks the server for
// each unfinished game in turn with a plain request (POST /api/peek), which
// touches no seat. A creator who also plays a game sees it once: as its player.

import "./lobbyform.js";
import { h, fill } from "./dom.js";
import { forget, myGames, playLink, remember } from "./mygames.js";
import { importLink } from "./mine.js";

const PEEK_MS = 8000;

/**
 * Ask the server how the game of `entry` stands: {summary} or {refused: code}, or null (no answer).
 * A plain request (POST /api/peek, web/peek.py): the seat is not connected, so a bot playing it
 * for an absent person keeps it and its takeover wait goes on.
 */
async function peek(entry) {
  const ctl = new AbortController();
  const timer = setTimeout(() => ctl.abort(), PEEK_MS);
  try {
    const r = await fetch("/api/peek", { method: "POST", headers: { "content-type": "application/json" },
      body: JSON.stringify({ game: entry.game, key: entry.key }), cache: "no-store", signal: ctl.signal });
    if (r.status === 404) return { refused: "bad_credentials" };
    if (!r.ok) return null;
    const s = await r.json();
    return { summary: { round: s.round, over: s.over, turn: s.turn, mine: s.mine, last: s.last, winners: s.winners } };
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
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

/** One row per game: a creator who also plays it sees its player's row, with the links of its creation. */
function oneRowPerGame(games) {
  const played = new Map();
  for (const e of games) if (e.role === "player" && !played.has(e.game)) played.set(e.game, e);
  const out = [];
  for (const e of games) {
    const mine = played.get(e.game);
    if (e.role === "creator" && mine) {
      mine.createdLinks = e.created;
      continue;
    }
    if (e.role === "player" && mine !== e) continue;
    out.push(e);
  }
  return out;
}

function row(entry, redraw) {
  const creator = entry.role === "creator";
  const title = creator ? "A game you created" : entry.role === "spectator" ? "Watching"
    : `You play ${entry.name || `seat ${Number(entry.seat) + 1}`}`;
  const links = creator
    ? [h("a", { href: `/created#${entry.created}`, text: "its links" }), " · ", h("a", { href: playLink(entry), text: "watch" })]
    : [h("a", { href: playLink(entry), text: entry.summary && entry.summary.mine ? "play now" : "open" })];
  if (!creator && entry.createdLinks) links.push(" · ", h("a", { href: `/created#${entry.createdLinks}`, text: "its links" }));
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

let imported = null; // what opening a my-games link did (mine.js), shown above the list

function draw(root) {
  const games = myGames();
  root.hidden = games.length === 0 && !imported;
  const redraw = () => draw(root);
  fill(root, h("h2", { text: "Your games" }),
    h("p", { class: "muted", text: "The games this browser joined or created (kept in this browser only)." }),
    imported ? h("p", { class: "imported", id: "mine-imported", role: "status", text: imported }) : null,
    h("ul", { class: "my-games" }, oneRowPerGame(games).map((e) => row(e, redraw))));
}

async function start() {
  const root = document.getElementById("your-games");
  if (!root) return;
  imported = await importLink();
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
