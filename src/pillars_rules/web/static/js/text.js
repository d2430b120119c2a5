// The words printed on the board itself: place names, what each place does,
// the phases and what each kind of decision asks. Card texts never come from
// here (they come from the server's card renderer, fan cards included); these
// are the fixed parts of the printed board (RULES §2-§4).

export const CUBES = ["wood", "stone", "sand", "metal"];

/** The places of Phase III, in the order they are resolved (§2.4). */
export const PLACES = [
  { id: "event", step: "1", name: "Event", does: "An event card is revealed and applies to everyone." },
  { id: "bishop", step: "2", name: "Bishop's seat",
    does: "Protection from this round's harmful event, or 1 wood, stone or sand from the market." },
  { id: "wool_mill", step: "3", name: "Wool mill",
    does: "1 gold for each worker left over after the draft (the big worker counts 5)." },
  { id: "kingsbridge", step: "4", name: "Kingsbridge", does: "Take the privilege card beside your spot." },
  { id: "priory", step: "5", name: "Priory", does: "VP by order of placement: 2 for the builder placed first, 1 for the second." },
  { id: "sites", step: "6-8", name: "Forest, quarry, sand pit",
    does: "Each resource card taken in the draft yields its cubes; the workers come back." },
  { id: "kings_court", step: "9", name: "King's court",
    does: "A builder here means no tax this round. The builder placed first also takes the metal." },
  { id: "shiring", step: "10", name: "Shiring", does: "Take the craftsman beside your spot, free." },
  { id: "castle", step: "11", name: "Shiring castle", does: "2 grey workers for the next round." },
  { id: "market", step: "12", name: "Market",
    does: "Buy and sell cubes, in the order the builders were placed. Without a builder here you cannot trade." },
  { id: "cathedral", step: "13", name: "Cathedral",
    does: "Everyone's craftsmen turn cubes into VP or gold; then keep at most 5 cubes." },
  { id: "start_player", step: "14", name: "Start player", does: "Your builder here makes you the next start player." },
];

export const PLACE_BY_ID = Object.fromEntries(PLACES.map((p) => [p.id, p]));
const SITE_STEP = { forest: "sites", quarry: "sites", sand_pit: "sites" };

/** The display name of a location or step id ("kings_court" -> "King's court"). */
export function placeName(id) {
  if (id === "forest") return "Forest";
  if (id === "quarry") return "Quarry";
  if (id === "sand_pit") return "Sand pit";
  const p = PLACE_BY_ID[id] || PLACE_BY_ID[SITE_STEP[id]];
  return p ? p.name : String(id).replace(/_/g, " ");
}

/** What the spot `i` (0-based) of `place` gives, printed on the board. */
export function spotGives(place, i) {
  switch (place) {
    case "bishop": return "protection or 1 cube";
    case "priory": return i === 0 ? "2 VP" : "1 VP";
    case "kings_court": return i === 0 ? "no tax + the metal" : "no tax";
    case "castle": return "2 grey workers";
    case "market": return `trades ${ordinal(i + 1)}`;
    case "start_player": return "start player";
    default: return "";
  }
}

/** Market prices printed on the board (§4); a card may change them for a round. */
export const PRICES = { sand: 2, wood: 3, stone: 4, metal: 5 };

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

export function ordinal(n) {
  return n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`;
}

/** A seat's colour class: seat 0 red, 1 blue, 2 green, 3 yellow (the game's own colours),
 *  4 purple and 5 orange (the expansion's two seats). */
export function seatClass(seat) {
  return `seat-${seat}`;
}
