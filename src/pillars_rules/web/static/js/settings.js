// What the page remembers for one seat of one game, across reloads: the
// per-round "keep every drawn builder" answer and the board's own log notes
// (answers it gave by itself). Kept in the browser's localStorage under a key
// made of the game and the seat; never the credential itself.

const MAX_NOTES = 500;

export class Settings {
  constructor(scope) {
    this.key = `pillars-board:${scope}`;
    this.data = { keep: {}, notes: [] };
    try {
      const raw = window.localStorage.getItem(this.key);
      const parsed = raw ? JSON.parse(raw) : null;
      if (parsed && typeof parsed === "object") {
        this.data.keep = parsed.keep && typeof parsed.keep === "object" ? parsed.keep : {};
        this.data.notes = Array.isArray(parsed.notes) ? parsed.notes.filter(validNote) : [];
      }
    } catch {
      // storage off (private mode) or spoiled: start afresh, in memory only
    }
  }

  save() {
    try {
      window.localStorage.setItem(this.key, JSON.stringify(this.data));
    } catch {
      // full or off: the settings live as long as the page
    }
  }

  keepAll(round) {
    return this.data.keep[String(round)] === true;
  }

  setKeepAll(round, on) {
    this.data.keep = on ? { [String(round)]: true } : {};
    this.save();
  }

  notes() {
    return this.data.notes;
  }

  addNote(note) {
    if (this.data.notes.some((x) => x.i === note.i && x.text === note.text)) return;
    this.data.notes.push(note);
    if (this.data.notes.length > MAX_NOTES) this.data.notes.splice(0, this.data.notes.length - MAX_NOTES);
    this.save();
  }

  /** The game was started again from an earlier point: forget notes past `n` events. */
  trim(n) {
    const kept = this.data.notes.filter((x) => x.i <= n);
    if (kept.length !== this.data.notes.length) {
      this.data.notes = kept;
      this.save();
    }
  }
}

function validNote(x) {
  return x && typeof x.i === "number" && typeof x.text === "string";
}
