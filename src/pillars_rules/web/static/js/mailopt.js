// "E-mail me on my turn" (issue #56, web/mail.py): shown only when the
// server sends mail; the address goes to the server in a request's body and
// is never shown back, by the board or anyone's.

import { h, fill } from "./dom.js";

async function ask(doc) {
  const r = await fetch("/api/mail", { method: "POST", headers: { "content-type": "application/json" },
    body: JSON.stringify(doc), cache: "no-store" });
  let body = {};
  try { body = await r.json(); } catch { body = {}; }
  return { ok: r.ok, body };
}

export class MailOptIn {
  /** `link`: this seat's {game, key}. */
  constructor(link) {
    this.link = link;
    this.button = h("button", { type: "button", class: "notify", id: "mail-optin", hidden: true,
      title: "a mail when it is your turn and this page is closed", on: { click: () => this.open() } },
    "E-mail me on my turn");
    this.panel = h("div", { class: "mygames-panel", id: "mail-panel", role: "dialog", hidden: true });
    document.body.append(this.panel);
    ask({ op: "status" }).then((got) => { this.button.hidden = !(got.ok && got.body.enabled); }).catch(() => {});
  }

  open() {
    const field = h("input", { type: "email", id: "mail-address", autocomplete: "email", placeholder: "you@example.org" });
    const note = h("p", { id: "mail-result", role: "status" });
    fill(this.panel,
      h("p", { text: "A mail when it becomes your turn and no page of this seat is open (at most one every few minutes; each has a link to stop them)." }),
      field, note,
      h("div", { class: "bar" },
        h("button", { type: "button", id: "mail-subscribe", on: { click: async () => {
          const got = await ask({ op: "subscribe", game: this.link.game, key: this.link.key, address: field.value.trim() })
            .catch(() => null);
          note.textContent = got && got.ok ? "Done: you will get a mail on your turn." : `Not kept: ${got ? got.body.error : "no answer"}`;
        } } }, "Mail me"),
        h("button", { type: "button", on: { click: () => { this.panel.hidden = true; } } }, "Close")));
    this.panel.hidden = false;
    field.focus();
  }
}
