// One seat's pages in one browser (two tabs, two windows) must not both give
// the board's own answer to a decision (the only possible choice, or "keep
// every drawn builder"): the server keeps the first and refuses the other as
// stale. The first page to claim the decision answers it; the others wait for
// the update. A claim is the decision's number and the page, kept in
// localStorage under the seat's key and taken under a Web Lock where the
// browser has them, so two pages cannot both find it free. A page may claim
// again what it claimed (an answer lost in a dropped connection is given
// again). Pages on other devices share no storage: their refusal is shown as
// a note, not an error (app.js).

const PAGE = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/** Whether this page may give the board's own answer to `decision` (a promise). */
export async function claimAnswer(scope, decision) {
  const key = `pillars-claim:${scope}`;
  const which = `${decision}:`;
  const take = () => {
    try {
      const held = window.localStorage.getItem(key) || "";
      if (held.startsWith(which) && held !== which + PAGE) return false;
      window.localStorage.setItem(key, which + PAGE);
    } catch {
      // no storage: this page answers (the server keeps one answer)
    }
    return true;
  };
  try {
    if (navigator.locks) return await navigator.locks.request(key, take);
  } catch {
    // locks refused (an opaque origin): storage alone
  }
  return take();
}
