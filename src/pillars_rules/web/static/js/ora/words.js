// The words of the Ora board: card names from the card facts, goods and
// places as a person reads them, and what a choice gives and costs, read
// from its label (the game's own words: web/ shows them, never makes them up).

/** A card's name from the facts, or its id when the facts do not know it (a fan card). */
export function cardName(facts, id) {
  const f = facts[id];
  return f ? f.name : String(id).replace(/_/g, " ");
}

/** "3 wood, 2 clay" from [["wood", 3], ["clay", 2]]. */
export function goodsText(pairs) {
  if (!pairs || !pairs.length) return "nothing";
  return pairs.map(([good, n]) => `${n} ${good.replace(/_/g, " ")}`).join(", ");
}

/** A good's name as a person reads it ("peat_coal" -> "peat coal"). */
export function goodName(good) {
  return String(good).replace(/_/g, " ");
}

/** "(4, 0)" */
export function at(x, y) {
  return `(${x}, ${y})`;
}

/**
 * What a choice gives and costs, from its label and its action (and, for a
 * building, the card's facts): {gives: [...], costs: [...], notes: [...]}.
 * The label is the game's sentence (games/ora/legal.py); its parts are
 * "give X; take Y; reset Z; then W", "for N coin", "paying X", ": N wood".
 */
export function effects(choice, facts) {
  const a = choice.action || {};
  const label = String(choice.label || "");
  const out = { gives: [], costs: [], notes: [] };
  const colon = label.indexOf(": ");
  const tail = colon >= 0 ? label.slice(colon + 2) : "";
  const head = colon >= 0 ? label.slice(0, colon) : label;
  const forMatch = head.match(/ for (\d+ coins?)/);
  if (a.type === "Contract" && forMatch) out.costs.push(`${forMatch[1]} (work contract)`);
  if (a.type === "Build") {
    const f = facts[a.card];
    if (f) {
      out.costs.push(goodsText(f.cost));
      out.gives.push(`${f.name}: worth ${f.value}, dwelling ${f.dwelling}`);
    }
    const over = label.match(/ over (.+)$/);
    if (over) out.notes.push(`covers ${over[1]}`);
    return out;
  }
  if (a.type === "Settle") {
    const paying = label.match(/, paying (.+)$/);
    if (paying) out.costs.push(paying[1]);
    const f = facts[a.card];
    if (f) out.gives.push(`${f.name}: worth ${f.value}, dwelling ${f.dwelling}`);
    return out;
  }
  if (a.type === "Buy") {
    const price = label.match(/ for (\d+ coins?)$/);
    if (price) out.costs.push(price[1]);
    out.gives.push(`a ${a.board} (${a.side})`);
    return out;
  }
  if (a.type === "Trade") {
    const ex = label.match(/^exchange (.+) for (.+)$/);
    if (ex) { out.costs.push(ex[1]); out.gives.push(ex[2]); }
    return out;
  }
  if (a.type === "Fell") {
    if (a.joker) out.notes.push("uses the joker");
    const got = tail.replace(/^joker,\s*/, "");
    if (got && !a.none) out.gives.push(got);
    return out;
  }
  for (const part of tail.split("; ")) {
    if (part.startsWith("give ")) out.costs.push(part.slice(5));
    else if (part.startsWith("take ")) out.gives.push(part.slice(5));
    else if (part.startsWith("reset ")) out.notes.push(`${part.slice(6)} back to 0 on the wheel`);
    else if (part.startsWith("then ")) out.notes.push(part);
    else if (part) out.notes.push(part);
  }
  return out;
}
