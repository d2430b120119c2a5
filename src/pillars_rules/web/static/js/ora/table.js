// An Ora et Labora table on the game server (issue #59): the page of a seat's
// link (/play#game=...&key=...) hands the table's messages here once the
// server says the game is Ora's (docs/protocol.rst, "Ora et Labora tables").
// Each sync or update carries the whole view (Ora hides nothing) and, for the
// seat that must act, its choices; a choice goes back as {decision, action}.

import { renderOra } from "./board.js";

/** The Ora board's styles, added to the page once: the play page links Pillars' only. */
function addStyles() {
  if (document.querySelector('link[href="/static/ora.css"]')) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/static/ora.css";
  document.head.append(link);
}

export class OraTable {
  /** `root`: the page's element; `send(obj)`: false if not sent; `seat()`: this page's seat (null: a spectator). */
  constructor(root, send, seat) {
    this.root = root;
    this.send = send;
    this.seat = seat;
    this.decision = null;
    this.sent = null; // the decision a choice was sent for (one answer a decision)
    this.last = null; // the last sync or update drawn
    this.refusal = null;
    addStyles();
  }

  /** A sync or an update of the table: draw it. */
  show(msg) {
    if (!msg.view || typeof msg.view !== "object") return;
    this.decision = msg.decision;
    this.last = msg;
    if (this.sent !== this.decision) this.sent = null;
    document.title = msg.result ? "Ora et Labora — over" : "Ora et Labora";
    this.draw();
  }

  draw() {
    const msg = this.last;
    if (!msg) return;
    const choices = this.sent === null && Array.isArray(msg.choices) ? msg.choices : [];
    renderOra(this.root, msg.view, choices, (choice) => this.choose(choice), { seat: this.seat() });
  }

  choose(choice) {
    if (this.sent !== null) return; // answered already: wait for the server's update
    const action = { ...choice.action };
    delete action.label;
    if (this.send({ decision: this.decision, action })) {
      this.sent = this.decision;
      this.refusal = null;
    } else {
      this.refusal = { code: "offline", reason: "not connected to the server: nothing was sent" };
    }
  }

  /** The server refused the last answer: the choices again (the game is as it was). */
  refused(msg) {
    this.refusal = { code: msg.code, reason: msg.reason };
    this.sent = null;
    this.draw();
  }
}
