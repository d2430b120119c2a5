// The words of the page: the phases and what each kind of decision asks.
// The board's places -- their names, order, spots and what each does and
// gives -- come from the server (welcome.board, read from the game's board
// text, fan boards included), as card texts come from its card renderer.

export const CUBES = ["wood", "stone", "sand", "metal"];

/** The places of the game's board in Phase III order (the server's welcome.board; §2.4). */
export function placesOf(model) {
  const b = model && model.board;
  return b && Array.isArray(b.places) ? b.places : [];
}

/** The board's place `id` (its name, step, spots, what it does and each spot gives), or null. */
export function placeOf(model, id) {
  return placesOf(model).find((p) => p.id === id) || null;
}

/** A place in a sentence, as the board's text calls it ("the market", "the Harbour"). */
export function calledOf(model, id) {
  const p = placeOf(model, id);
  return p ? p.called || p.name : String(id).replace(/_/g, " ");
}

/** The display name of a place or step id on the game's board ("kings_court" -> "King's court"). */
export function placeName(model, id) {
  const p = placeOf(model, id);
  return p ? p.name : String(id).replace(/_/g, " ");
}

export const STAGES = {
  setup: "Setting up",
  draft: "Phase I · Draft: hire craftsmen, take resource cards",
  builders: "Phase II · Place builders",
  resolution: "Phase III · The board pays out, place by place",
};

/** What each kind of decision asks, as the prompt says it to the one who decides. */
export const ASKS = {
  draft: "take a card from the display (a craftsman or a resource card), or pass",
  discard: "you have too many craftsmen: discard one",
  redraw: "keep the drawn builder, or put it back and draw again (once per round)",
  place: "place the drawn builder on a free spot, or pass and let it wait",
  bishop: "choose the Bishop's favour",
  once_event: "use your privilege to ignore this event?",
  once_tax: "use your privilege to pay no tax?",
  choice: "a card asks you to choose",
  market: "trade at the market, or stop trading",
  cathedral: "use your craftsmen (click one) to turn cubes into VP or gold, then finish",
  return_cubes: "you may keep only 5 cubes: return the rest",
};

/** The same, said about someone else ("Blue: placing a builder"). */
export const DOING = {
  draft: "drafting",
  discard: "discarding a craftsman",
  redraw: "deciding whether to draw again",
  place: "placing a builder",
  bishop: "choosing the Bishop's favour",
  once_event: "deciding about the event",
  once_tax: "deciding about the tax",
  choice: "making a choice",
  market: "trading",
  cathedral: "building the cathedral",
  return_cubes: "returning cubes",
};

/** A seat's colour class: seat 0 red, 1 blue, 2 green, 3 yellow (the game's own colours),
 *  4 purple and 5 orange (the expansion's two seats). */
export function seatClass(seat) {
  return `seat-${seat}`;
}
