// One seat's pages in one browser (two tabs, two windows) must not both give
// the board's own answer to a decision (the only possible choice, or "keep
// every drawn builder"): the server keeps the first and refuses the other as
// stale. The first page to claim the decision answers it; the others wait for
// the update.
//
// A claim is a Web Lock named after the seat's key and the decision, taken
// only if free and held for a while: the browser's lock manager serves every
// page of the origin at once, where localStorage is copied between a
// browser's processes with a delay (two tabs could both read it free). A page
// that answers a decision by a click holds its lock too, so a page that lags
// behind the game and still shows that decision does not answer it as well.
// A page may claim again what it claimed (an answer lost in a dropped
// connection is given again). Without Web Locks, localStorage is the claim.
// Pages on other devices share nothing: their refusal is shown as a note, not
// an error (app.js).

const PAGE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
/** How long a claim holds (ms): past it, a page closed after claiming (an undo
 * brought the decision back) does not keep the others from answering. */
const HOLD = 30000;
/** The decisions this page holds, by name. */
const mine = new Set();

function lockName(scope, decision) {
  return `pillars-claim:${scope}:${decision}`;
}

/** Take the lock `name` if it is free, and hold it for HOLD ms: whether it was taken. */
function takeLock(name) {
  return new Promise((resolve) => {
    navigator.locks.request(name, { ifAvailable: true }, (lock) => {
      if (!lock) {
        resolve(false);
        return null;
      }
      mine.add(name);
      resolve(true);
      return new Promise((done) => setTimeout(() => { mine.delete(name); done(); }, HOLD));
    }).catch(() => resolve(true)); // locks refused (an opaque origin): this page answers
  });
}

function takeStored(scope, decision) {
  const key = `pillars-claim:${scope}`;
  try {
    const [held, page, at] = (window.localStorage.getItem(key) || "").split(":");
    const fresh = Date.now() - Number(at || 0) < HOLD;
    if (page && page !== PAGE && fresh && Number(held) >= decision) return false;
    window.localStorage.setItem(key, `${decision}:${PAGE}:${Date.now()}`);
  } catch {
    // no storage: this page answers (the server keeps one answer)
  }
  return true;
}

/** Whether this page may give the board's own answer to `decision` (a promise). */
export async function claimAnswer(scope, decision) {
  const name = lockName(scope, decision);
  if (mine.has(name)) return true;
  if (navigator.locks) return takeLock(name);
  return takeStored(scope, decision);
}

/** Record that this page answered `decision` itself (a click): a page of the seat
 * that lags behind and still shows it must not give the board's own answer to it. */
export function markAnswered(scope, decision) {
  const name = lockName(scope, decision);
  if (mine.has(name)) return;
  if (navigator.locks) takeLock(name);
  else takeStored(scope, decision);
}
