// The "Game created" page: the links of a game just made, drawn from this
// page's own URL fragment (the lobby's POST answers with a redirect here:
// POST/redirect/GET, so a reload or Back creates nothing). The fragment never
// reaches a server. The page also remembers, in this browser, that it
// created the game, so "Your games" in the lobby can show these links again.

import { h, fill } from "./dom.js";
import { remember } from "./mygames.js";

function link(game, key) {
  return `${window.location.origin}/play#game=${encodeURIComponent(game)}&key=${encodeURIComponent(key)}`;
}

function start() {
  const root = document.getElementById("created");
  const params = new URLSearchParams(window.location.hash.slice(1));
  const game = params.get("game");
  const spectator = params.get("spectator");
  let seats = null;
  try {
    seats = JSON.parse(params.get("seats") || "null");
  } catch {
    seats = null;
  }
  if (!game || !spectator || !Array.isArray(seats)) {
    fill(root, h("h1", { text: "No game here" }),
      h("p", { text: "This page shows a game's links right after it was created; this address does not carry them." }),
      h("p", {}, h("a", { href: "/", text: "Go to the lobby" })));
    return;
  }
  remember(game, spectator, { role: "creator", name: null, created: window.location.hash.slice(1) });
  const rows = seats.map((s) => {
    const who = h("strong", { text: String(s.name || "") });
    if (!s.key) return h("li", {}, who, `: played by the bot ${s.bot}`);
    const url = link(game, s.key);
    return h("li", {}, who, ": ", h("a", { href: url, text: "play this seat" }), h("br"), h("code", { text: url }));
  });
  const watch = link(game, spectator);
  document.title = "Game created — Pillars";
  fill(root, h("h1", { text: "Game created" }),
    h("p", { text: "Send each player the link of their seat, and nobody else: the link is the seat's key. "
      + "It works again after a reload or a server restart. This browser keeps this page in “Your games” in the lobby." }),
    h("ul", { class: "links" }, rows),
    h("p", {}, "Spectators: ", h("a", { href: watch, text: "watch" }), h("br"), h("code", { text: watch })),
    h("p", {}, h("a", { href: "/", text: "Create another game, or see your games" })));
}

start();
