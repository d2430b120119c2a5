// What the page knows of the game, assembled from the server's messages
// (docs/protocol.rst): the seat's view (state, peek, choices), the whole
// redacted log with its sentences, who must act and the result.
//
// `sync` replaces everything; `update` carries the events from `first` on
// (the page keeps the log up to `first` and appends) and the state after
// them. The model is a plain object that the drawing code reads.

/** Events that only move control: kept for the log's bookkeeping, never shown as sentences. */
export const SILENT = new Set(["DecisionPending", "ChoicesQueued", "Decided"]);

export class GameRecord {
  constructor() {
    this.you = null;        // welcome.you: {seat, name, role}
    this.cards = {};        // card id -> catalogue entry (welcome.catalogue)
    this.board = {};        // the game's board: its places in Phase III order (welcome.board)
    this.seats = [];        // welcome/seats: who is at the table
    this.events = [];       // the redacted log (plain event objects)
    this.texts = [];        // the sentence of each event
    this.state = null;
    this.decision = 0;
    this.nextEvent = null;
    this.choices = [];
    this.turn = null;
    this.result = null;
  }

  get seat() {
    return this.you ? this.you.seat : null;
  }

  welcome(msg) {
    this.you = msg.you || null;
    if (msg.catalogue && typeof msg.catalogue === "object") this.cards = msg.catalogue;
    if (msg.board && typeof msg.board === "object") this.board = msg.board;
    if (Array.isArray(msg.seats)) this.seats = msg.seats;
  }

  sync(msg) {
    const v = msg.view;
    this.events = Array.isArray(v.events) ? v.events : [];
    this.texts = Array.isArray(msg.texts) ? msg.texts : [];
    this.take(msg, v.state, v.next_event);
  }

  /** What a sync and an update both bring: the state after the log, the decision, the turn. */
  take(msg, state, nextEvent) {
    this.state = state;
    this.decision = msg.decision;
    this.nextEvent = nextEvent || null;
    this.choices = Array.isArray(msg.choices) ? msg.choices : [];
    this.turn = msg.turn || null;
    this.result = msg.result || null;
  }

  /** An update; false if it does not join onto what we hold (then ask for a full sync). */
  update(msg) {
    const first = msg.first;
    if (typeof first !== "number" || first > this.events.length) return false;
    this.events = this.events.slice(0, first).concat(msg.events || []);
    this.texts = this.texts.slice(0, first).concat(msg.texts || []);
    this.take(msg, msg.state, msg.next_event);
    return true;
  }

  /** The drawing model (see app.js). */
  model() {
    const log = [];
    this.events.forEach((e, i) => {
      if (!SILENT.has(e.type) && typeof this.texts[i] === "string") log.push({ i, text: this.texts[i], type: e.type });
    });
    return {
      seat: this.seat,
      decision: this.decision,
      state: this.state,
      nextEvent: this.nextEvent,
      cards: this.cards,
      board: this.board,
      log,
      notes: [],
      events: this.events,
      choices: this.seat === null ? [] : this.choices,
      turn: this.turn,
      result: this.result,
      seats: this.seats,
    };
  }
}
