// The board on a phone (issue #56): the top bar and the prompt stay in reach
// while the page scrolls (people.css makes them sticky below 760 px), a
// button in the prompt jumps to the place the decision is about, and the
// panels not needed now -- the other players, the log -- are folded to their
// headings (a tap unfolds one; the page remembers it while it is open).

import { h } from "./dom.js";

export const PHONE = "(max-width: 760px)";

export class Phone {
  constructor() {
    this.unfolded = new Set(); // panels the reader opened
    this.folded = new Set();   // panels the reader closed (the log, the own player)
  }

  static matches() {
    return typeof matchMedia === "function" && matchMedia(PHONE).matches;
  }

  /** Fold the panels not needed now, with a toggle on each heading; after every redraw. */
  fold(root) {
    if (!Phone.matches()) return;
    for (const el of root.querySelectorAll("main .player, main .log")) {
      const key = el.classList.contains("log") ? "log" : `player:${el.dataset.seat}`;
      const mineOrTurn = el.classList.contains("you") || el.classList.contains("turn");
      const closed = this.folded.has(key) || (!mineOrTurn && !this.unfolded.has(key));
      el.classList.add("foldable");
      el.classList.toggle("folded", closed);
      const head = el.querySelector(":scope > header");
      if (!head) continue;
      const button = h("button", { type: "button", class: "fold", "aria-expanded": String(!closed),
        title: closed ? "show" : "fold", on: { click: (ev) => {
          ev.stopPropagation();
          const nowClosed = !el.classList.contains("folded");
          el.classList.toggle("folded", nowClosed);
          button.setAttribute("aria-expanded", String(!nowClosed));
          button.textContent = nowClosed ? "▸" : "▾";
          (nowClosed ? this.folded : this.unfolded).add(key);
          (nowClosed ? this.unfolded : this.folded).delete(key);
        } } }, closed ? "▸" : "▾");
      head.append(button);
    }
  }

  /** The prompt's "go to your choices" button: the first place or card to choose, in view below the prompt. */
  jump(root, go) {
    if (!root.querySelector("main .can")) return null;
    return h("button", { type: "button", id: "jump", class: "jump", on: { click: go } }, "↓ Go to your choices");
  }
}
