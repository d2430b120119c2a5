// The private "my games" link (issue #56, web/mygames.py): a seat's board
// adds the seat to this browser's link (made on the first add), shows the
// link to open on another device, and can revoke it; the lobby opened with
// the link (/#mine=<token>) adds its games to that browser's "Your games".
// The token is kept in localStorage and sent only in a request's body.

import { h, fill } from "./dom.js";
import { remember } from "./mygames.js";

const TOKEN = "pillars-mine-token";

function token() {
  try { return window.localStorage.getItem(TOKEN); } catch { return null; }
}

function keep(value) {
  try {
    if (value) window.localStorage.setItem(TOKEN, value);
    else window.localStorage.removeItem(TOKEN);
  } catch { /* storage off: the link is shown, not kept */ }
}

async function ask(doc) {
  const r = await fetch("/api/mygames", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(doc), cache: "no-store" });
  let body = {};
  try { body = await r.json(); } catch { body = {}; }
  return { ok: r.ok, status: r.status, body };
}

/** The board's "My games link" button and its panel, for the seat of `link` ({game, key}). */
export class MyGamesLink {
  constructor(link) {
    this.link = link;
    this.button = h("button", { type: "button", class: "notify", id: "mygames-add",
      title: "see your games on another device", on: { click: () => this.add() } }, "My games link");
    this.panel = h("div", { class: "mygames-panel", id: "mygames-panel", role: "dialog", hidden: true });
    document.body.append(this.panel);
  }

  async add() {
    const got = await ask({ op: "add", game: this.link.game, key: this.link.key, token: token() }).catch(() => null);
    if (!got || !got.ok) {
      this.show(h("p", { class: "refusal", text: `Not added: ${got ? got.body.error || got.status : "no answer"}` }));
      return;
    }
    keep(got.body.token);
    const field = h("input", { type: "text", readonly: true, id: "mygames-link", value: got.body.link });
    this.show(
      h("p", { text: "This game is in your my-games link. Open the link on another device to find your games there. Keep it private: it opens your seats." }),
      field,
      h("div", { class: "bar" },
        h("button", { type: "button", on: { click: () => { field.select(); navigator.clipboard && navigator.clipboard.writeText(field.value); } } }, "Copy"),
        h("button", { type: "button", id: "mygames-revoke", on: { click: () => this.revoke(got.body.token) } }, "Revoke this link"),
        h("button", { type: "button", on: { click: () => { this.panel.hidden = true; } } }, "Close")));
  }

  async revoke(value) {
    const got = await ask({ op: "revoke", token: value }).catch(() => null);
    if (got && got.ok) keep(null);
    this.show(h("p", { id: "mygames-revoked", text: got && got.ok
      ? "Revoked: the link opens nothing any more. Your seats' own links still work; “My games link” makes a new one."
      : "Not revoked: the server did not answer; try again." }),
    h("button", { type: "button", on: { click: () => { this.panel.hidden = true; } } }, "Close"));
  }

  show(...children) {
    fill(this.panel, children);
    this.panel.hidden = false;
  }
}

/**
 * The lobby opened with a my-games link: add its games to "Your games" here
 * (and keep the token, so this browser's seats join the same link). Returns a
 * sentence to show, or null when the page has no such link.
 */
export async function importLink() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  const value = params.get("mine");
  if (!value) return null;
  const got = await ask({ op: "list", token: value }).catch(() => null);
  if (!got) return "The server did not answer for this my-games link; reload to try again.";
  if (got.status === 404) return "This my-games link was revoked (or never made): it lists no games.";
  if (!got.ok) return `This my-games link could not be read: ${got.body.error || got.status}.`;
  keep(value);
  for (const g of got.body.games || []) remember(g.game, g.key, { role: g.role, seat: g.seat, name: g.name });
  return `Added ${got.body.games.length} game${got.body.games.length === 1 ? "" : "s"} from your my-games link.`;
}
