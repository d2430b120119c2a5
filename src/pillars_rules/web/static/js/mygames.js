// "Your games": every seat (or spectator link) this browser joined, and the
// games it created, kept in localStorage so that a player finds them again
// after closing the tab -- or the browser -- for days.
//
// An entry holds the link (the game id and the seat's key, as in the URL
// fragment), the seat's name, when it was joined and last seen, and the last
// summary the page saw (whose turn, round, last move, over). The key leaves
// the browser only for its own server, inside the WebSocket's hello, as the
// board's link does; localStorage is this server's origin only.

import { SILENT } from "./model.js";

const STORE = "pillars-games";
const MAX_GAMES = 200;

function read() {
  try {
    const raw = window.localStorage.getItem(STORE);
    const list = raw ? JSON.parse(raw) : [];
    return Array.isArray(list) ? list.filter((e) => e && typeof e.game === "string" && typeof e.key === "string") : [];
  } catch {
    return []; // storage off or spoiled
  }
}

function write(list) {
  try {
    window.localStorage.setItem(STORE, JSON.stringify(list.slice(-MAX_GAMES)));
  } catch {
    // full or off: remembered as long as the page lives
  }
}

/** Every remembered entry, the most recently seen first. */
export function myGames() {
  return read().sort((a, b) => (b.seen || 0) - (a.seen || 0));
}

/** Remember (or refresh) the entry of `game` and `key`; `fields` are merged into it. */
export function remember(game, key, fields) {
  const list = read();
  const now = Date.now();
  let entry = list.find((e) => e.game === game && e.key === key);
  if (!entry) {
    entry = { game, key, joined: now };
    list.push(entry);
  }
  const { role, ...rest } = fields;
  if (role !== undefined && entry.role !== "creator") entry.role = role; // the creator's entry stays the creator's
  Object.assign(entry, rest, { seen: now });
  write(list);
  return entry;
}

/** Forget one entry. */
export function forget(game, key) {
  write(read().filter((e) => !(e.game === game && e.key === key)));
}

/** The board's link of an entry (this server). */
export function playLink(entry) {
  return `/play#game=${encodeURIComponent(entry.game)}&key=${encodeURIComponent(entry.key)}`;
}

/**
 * What the lobby shows of a game, from a GameRecord (model.js): whose turn,
 * the round, the last move in words, the result. Plain data, kept in the entry.
 */
export function summarize(record) {
  const s = record.state;
  if (!s) return null;
  const out = { round: s.round, over: !!s.game_over, turn: null, mine: false, last: null, winners: null };
  if (s.pending && !s.game_over) {
    const p = s.players[s.pending.seat];
    out.turn = p ? p.name : `seat ${s.pending.seat + 1}`;
    out.mine = record.seat !== null && s.pending.seat === record.seat;
  }
  for (let i = record.events.length - 1; i >= 0; i--) {
    const t = record.texts[i];
    const type = record.events[i].type;
    if (typeof t === "string" && t && !SILENT.has(type)) {
      out.last = t;
      break;
    }
  }
  if (out.over && record.result && Array.isArray(record.result.winners)) {
    out.winners = record.result.winners.map((w) => (s.players[w] ? s.players[w].name : String(w)));
  }
  return out;
}
