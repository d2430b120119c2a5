// The market's trades as one small form instead of a button per quantity:
// choose the trade (buy or sell, which cube), the quantity with a stepper,
// read the total price, and confirm once. Every quantity offered is one of the
// server's legal choices; the confirm button answers with that choice.

import { arrows } from "./cards.js";
import { h, fill } from "./dom.js";

/** True if every choice of a place is a Buy or a Sell (the market while trading). */
export function isTrades(choices) {
  return choices.length > 1 && choices.every((c) => c.kind === "Buy" || c.kind === "Sell");
}

/** The form: `onChoose(choice)` is called by the one confirm button. */
export function tradeForm(choices, onChoose) {
  const trades = new Map(); // "Buy/wood" -> its choices by quantity
  for (const c of choices) {
    const k = `${c.kind}/${c.action.resource}`;
    if (!trades.has(k)) trades.set(k, []);
    trades.get(k).push(c);
  }
  for (const list of trades.values()) list.sort((a, b) => a.action.n - b.action.n);
  const pick = h("select", { class: "trade-kind", "aria-label": "trade" },
    [...trades].map(([k, list]) => h("option", { value: k,
      text: `${list[0].kind === "Buy" ? "buy" : "sell"} ${list[0].action.resource} (up to ${list[list.length - 1].action.n})` })));
  const count = h("output", { class: "trade-n", "aria-live": "polite" });
  const total = h("p", { class: "trade-total", "aria-live": "polite" });
  const less = h("button", { type: "button", class: "step", "aria-label": "one fewer", text: "−" });
  const more = h("button", { type: "button", class: "step", "aria-label": "one more", text: "+" });
  const confirm = h("button", { type: "button", class: "choice trade-confirm" });
  let i = 0;
  const draw = () => {
    const list = trades.get(pick.value);
    i = Math.max(0, Math.min(i, list.length - 1));
    const c = list[i];
    count.textContent = String(c.action.n);
    less.disabled = i === 0;
    more.disabled = i === list.length - 1;
    fill(total, "Total: ", h("span", { class: "gives", text: `gives ${(c.gives || []).map(arrows).join(", ")}` }),
      " · ", h("span", { class: "costs", text: `costs ${(c.costs || []).map(arrows).join(", ")}` }));
    confirm.dataset.choice = c.key || c.label;
    confirm.dataset.kind = c.kind;
    fill(confirm, `Confirm: ${arrows(c.label)}`);
  };
  pick.addEventListener("change", () => { i = 0; draw(); });
  less.addEventListener("click", (ev) => { ev.stopPropagation(); i--; draw(); });
  more.addEventListener("click", (ev) => { ev.stopPropagation(); i++; draw(); });
  confirm.addEventListener("click", (ev) => {
    ev.stopPropagation();
    onChoose(trades.get(pick.value)[i]);
  });
  draw();
  return h("div", { class: "trade" }, h("label", { class: "trade-row" }, "Trade ", pick),
    h("div", { class: "trade-row" }, "How many ", less, count, more), total, confirm);
}
