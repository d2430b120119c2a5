// One WebSocket to the game server that mends itself.
//
// When the socket closes -- the network dropped, the server restarted, the
// laptop slept -- it is opened again after a pause that doubles from half a
// second up to ten seconds (with a little jitter, so a restarted server is
// not hit by every page at the same instant), and sooner when the browser
// says it is back online. Each time it opens, `hello()` gives the first
// message (the credential and the last decision this page saw), so the
// server can send what was missed.

const FIRST_PAUSE_MS = 500;
const LONGEST_PAUSE_MS = 10000;

export class Connection {
  /**
   * `url`: the ws:// or wss:// address. `hello()`: the first message, as an
   * object, sent on every (re)connect. `onMessage(obj)`: each message from
   * the server, parsed. `onStatus(state, text)`: "connecting", "live",
   * "retrying" or "closed", in words for the reader. `shouldRetry(code)`:
   * false for a close that another try cannot mend (a bad credential).
   */
  constructor({ url, hello, onMessage, onStatus, shouldRetry = () => true }) {
    this.url = url;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.shouldRetry = shouldRetry;
    this.ws = null;
    this.pause = FIRST_PAUSE_MS;
    this.timer = null;
    this.stopped = false;
    this.opens = 0;
    window.addEventListener("online", () => this.retryNow());
    window.addEventListener("offline", () => { if (this.ws) this.ws.close(); });
  }

  open() {
    this.stopped = false;
    clearTimeout(this.timer);
    this.timer = null;
    this.onStatus("connecting", this.opens ? "Reconnecting…" : "Connecting…");
    let ws;
    try {
      ws = new WebSocket(this.url);
    } catch (err) {
      this.onStatus("closed", `Cannot connect: ${err.message}`);
      return;
    }
    this.ws = ws;
    ws.addEventListener("open", () => {
      this.opens++;
      this.pause = FIRST_PAUSE_MS;
      ws.send(JSON.stringify(this.hello()));
    });
    ws.addEventListener("message", (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return; // not ours to understand; the server speaks JSON only
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.stopped) return;
      if (!this.shouldRetry(ev.code, ev.reason)) {
        this.onStatus("closed", ev.reason || "The server closed the connection.");
        return;
      }
      this.later();
    });
  }

  /** Mark the connection live (the server accepted the hello). */
  live() {
    this.onStatus("live", "Connected");
  }

  later() {
    const wait = Math.round(this.pause * (0.8 + 0.4 * Math.random()));
    this.pause = Math.min(this.pause * 2, LONGEST_PAUSE_MS);
    this.onStatus("retrying", `Connection lost; trying again in ${Math.max(1, Math.round(wait / 1000))} s…`);
    this.timer = setTimeout(() => this.open(), wait);
  }

  retryNow() {
    if (this.ws || this.stopped) return;
    this.pause = FIRST_PAUSE_MS;
    this.open();
  }

  /** Send `obj` as JSON; false if the socket is not open (the caller keeps it for later). */
  send(obj) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(obj));
    return true;
  }

  /** Close for good (the game is over and nothing more will come); `state` as for onStatus. */
  stop(text, state = "closed") {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close(1000);
    this.ws = null;
    if (text) this.onStatus(state, text);
  }

  /** Close the socket as if the network had dropped (for tests and the "reconnect" button). */
  drop() {
    if (this.ws) this.ws.close(4000, "dropped by the page");
  }
}
