// Taking back a move (docs/protocol.rst, "Undo"): the prompt's "Take back"
// button, another player's request to agree to, and the game's undos as
// notes in its log. The server decides what may be taken back; a refusal
// says why in the prompt, as any refused answer does.

import { h } from "./dom.js";

export class UndoPanel {
  /** `send(obj)`: send a message; `redraw()`: draw the page again. */
  constructor(send, redraw) {
    this.send = send;
    this.redraw = redraw;
    this.request = null;   // the waiting request: {seat, name, decision, waiting}
    this.declined = null;  // {seat, name} of the last one who declined
  }

  /** The server's `undo_request` message. */
  setRequest(msg) {
    this.request = msg.request || null;
    this.declined = msg.declined_by || null;
    this.redraw();
  }

  /** The server's `undos` message: each undo becomes a note at the point it went back to. */
  notes(msg, addNote) {
    for (const u of Array.isArray(msg.undos) ? msg.undos : []) {
      const back = u.from - u.to;
      addNote({ i: u.at, text: `${u.name} took back ${back === 1 ? "a decision" : `${back} decisions`} (back to decision ${u.to})` });
    }
  }

  /** The prompt's part, for a seat's model `m` (nothing for a spectator or a finished game). */
  part(m) {
    if (!m || m.seat === null || m.state.game_over) return null;
    const r = this.request;
    const out = [];
    if (r && r.waiting.includes(m.seat)) {
      out.push(h("p", { class: "undo-ask", role: "alert" },
        h("strong", { text: `${r.name} asks to take back their last move. ` }), "Agree?",
        h("button", { type: "button", id: "undo-accept", class: "choice",
          on: { click: () => this.answer(m, true) } }, "Agree"),
        h("button", { type: "button", id: "undo-decline", class: "choice",
          on: { click: () => this.answer(m, false) } }, "Decline")));
    } else if (r) {
      const who = r.seat === m.seat ? "your request to take back your move" : `${r.name}'s request to take back a move`;
      out.push(h("p", { class: "undo-wait", text: `Waiting for the others to agree to ${who}…` }));
    } else if (this.declined) {
      out.push(h("p", { class: "undo-wait", text: `${this.declined.name} declined the undo.` }));
    }
    if (!r) {
      out.push(h("button", { type: "button", id: "undo", class: "undo-button", title: "Take back your last decision",
        on: { click: () => { this.declined = null; this.send({ type: "undo", decision: m.decision }); } } },
      "↶ Take back my last move"));
    }
    return h("div", { class: "undo" }, out);
  }

  answer(m, accept) {
    this.send({ type: "undo_answer", decision: m.decision, accept });
  }
}
