// An optional short sound when it becomes your turn (issue #56): off by
// default; the header's "Sound" toggle turns it on for every game in this
// browser (kept in localStorage). The sound is two soft notes made with the
// Web Audio API: no file to load, nothing from elsewhere.

import { h } from "./dom.js";

const STORE = "pillars-sound";

export class TurnSound {
  constructor() {
    this.on = false;
    try {
      this.on = window.localStorage.getItem(STORE) === "on";
    } catch {
      this.on = false;
    }
    this.mine = null;
    this.played = 0; // how many times the sound was played (for the browser tests)
    this.context = null;
    this.button = h("button", { type: "button", class: "notify sound", id: "sound",
      on: { click: () => this.toggle() } });
    this.draw();
  }

  draw() {
    this.button.textContent = this.on ? "Sound: on" : "Sound: off";
    this.button.setAttribute("aria-pressed", String(this.on));
    this.button.title = "a short sound when it becomes your turn";
  }

  toggle() {
    this.on = !this.on;
    try {
      window.localStorage.setItem(STORE, this.on ? "on" : "off");
    } catch {
      // storage off: the setting lives as long as the page
    }
    if (this.on) this.context = this.context || makeContext(); // made on a click: browsers allow sound then
    this.draw();
  }

  /** The model changed: `mine` says whether this seat must act now. */
  show(mine) {
    const began = mine && this.mine === false;
    this.mine = mine;
    if (began && this.on) this.play();
  }

  play() {
    this.played++;
    const ctx = this.context || (this.context = makeContext());
    if (!ctx) return;
    const now = ctx.currentTime;
    [[660, 0], [880, 0.12]].forEach(([freq, at]) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + at);
      gain.gain.exponentialRampToValueAtTime(0.15, now + at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + at + 0.18);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + at);
      osc.stop(now + at + 0.2);
    });
  }
}

function makeContext() {
  const Ctx = window.AudioContext || window.webkitAudioContext;
  try {
    return Ctx ? new Ctx() : null;
  } catch {
    return null;
  }
}
