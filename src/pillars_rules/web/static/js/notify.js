// Telling a player it is their turn: the page's title and icon ("● Your turn
// — Pillars" and a red dot), and -- only if the player asked for it with a
// click -- a browser notification when the turn comes while the tab is hidden.
// The page never asks for the permission by itself.

import { h } from "./dom.js";

const TITLE = "Pillars";
const ICONS = { idle: "/static/icon.svg", turn: "/static/icon-turn.svg" };

export class TurnSignal {
  constructor() {
    this.mine = null;
    this.icon = document.querySelector("link[rel='icon']") || document.head.appendChild(h("link", { rel: "icon" }));
    this.icon.setAttribute("type", "image/svg+xml");
    this.button = h("button", { type: "button", class: "notify", on: { click: () => this.ask() } });
    this.drawButton();
  }

  supported() {
    return typeof window.Notification === "function";
  }

  /** The header's "notify me" button (drawn again when the permission changes). */
  drawButton() {
    const b = this.button;
    const state = this.supported() ? window.Notification.permission : "unsupported";
    b.hidden = state === "unsupported";
    b.disabled = state !== "default";
    b.textContent = state === "granted" ? "Notifications on" : state === "denied"
      ? "Notifications blocked" : "Notify me on my turn";
    b.title = state === "denied" ? "This browser refuses this site's notifications: see its site settings." : "";
  }

  /** The click on the button: the one place the permission is asked for. */
  async ask() {
    if (!this.supported() || window.Notification.permission !== "default") return;
    try {
      await window.Notification.requestPermission();
    } catch {
      // an older browser's callback form, or refused outright: the button says what came of it
    }
    this.drawButton();
  }

  /** The model changed: `mine` says whether this seat must act; `name`: the game's seat name. */
  show(mine, over, name) {
    document.title = over ? `Game over — ${TITLE}` : mine ? `● Your turn — ${TITLE}` : name ? `${name} — ${TITLE}` : TITLE;
    this.icon.setAttribute("href", mine ? ICONS.turn : ICONS.idle);
    const began = mine && this.mine === false;
    this.mine = mine;
    if (began && document.hidden && this.supported() && window.Notification.permission === "granted") {
      try {
        const n = new window.Notification("Your turn — The Pillars of the Earth", { body: name ? `${name}, the table waits for you.` : "", tag: "pillars-turn" });
        n.addEventListener("click", () => { window.focus(); n.close(); });
      } catch {
        // a browser that shows notifications only from a service worker: the title still says it
      }
    }
  }
}
