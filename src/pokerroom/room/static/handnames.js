// Hand values as pokerroom numbers them (pokerroom.evaluator.classes): 0 is the worst
// five-card hand (seven-five high), 7461 a royal flush, 7462..7474 five of a kind.
// describe(value) gives the same words as the server's describe().

const WORDS = ["deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
  "jack", "queen", "king", "ace"];
const PLURALS = WORDS.map((w) => (w === "six" ? "sixes" : `${w}s`));

function lexCompare(a, b) {
  for (let i = 0; i < Math.min(a.length, b.length); i += 1) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

function combinations(items, k) {
  const out = [];
  const pick = (start, chosen) => {
    if (chosen.length === k) { out.push(chosen.slice()); return; }
    for (let i = start; i < items.length; i += 1) {
      chosen.push(items[i]);
      pick(i + 1, chosen);
      chosen.pop();
    }
  };
  pick(0, []);
  return out;
}

function isStraight(d) {
  if (d.join() === "12,3,2,1,0") return true;
  for (let i = 0; i < 4; i += 1) if (d[i] - d[i + 1] !== 1) return false;
  return true;
}

const desc = (xs) => xs.slice().sort((a, b) => b - a);

function enumerate() {
  const ranks = [...Array(13).keys()];
  const noPair = combinations(ranks, 5).map(desc).filter((d) => !isStraight(d)).sort(lexCompare);
  const out = noPair.map((d) => [0, d]);
  const add = (cat, list) => { list.sort(lexCompare).forEach((r) => out.push([cat, r])); };
  const pairs = [];
  ranks.forEach((p) => combinations(ranks.filter((r) => r !== p), 3)
    .forEach((k) => pairs.push([p, ...desc(k)])));
  add(1, pairs);
  const twoPair = [];
  ranks.forEach((h) => ranks.forEach((lo) => {
    if (lo < h) ranks.forEach((k) => { if (k !== h && k !== lo) twoPair.push([h, lo, k]); });
  }));
  add(2, twoPair);
  const trips = [];
  ranks.forEach((t) => combinations(ranks.filter((r) => r !== t), 2)
    .forEach((k) => trips.push([t, ...desc(k)])));
  add(3, trips);
  for (let h = 3; h <= 12; h += 1) out.push([4, [h]]);
  noPair.forEach((d) => out.push([5, d]));
  const full = [];
  ranks.forEach((t) => ranks.forEach((p) => { if (p !== t) full.push([t, p]); }));
  add(6, full);
  const quads = [];
  ranks.forEach((q) => ranks.forEach((k) => { if (k !== q) quads.push([q, k]); }));
  add(7, quads);
  for (let h = 3; h <= 12; h += 1) out.push([8, [h]]);
  ranks.forEach((r) => out.push([9, [r]]));
  return out;
}

let classes = null;

export const CATEGORY_NAMES = ["high card", "pair", "two pair", "three of a kind", "straight",
  "flush", "full house", "four of a kind", "straight flush", "five of a kind"];

function kickers(rs) {
  const words = rs.map((k) => WORDS[k]).join("-");
  return rs.length === 1 ? `${words} kicker` : `${words} kickers`;
}

/** The name of hand value `value` ("two pair, queens and eights, ace kicker"), or "". */
export function describe(value) {
  if (classes === null) classes = enumerate();
  if (!Number.isInteger(value) || value < 0 || value >= classes.length) return "";
  const [cat, r] = classes[value];
  switch (cat) {
    case 0: return `high card, ${r.map((k) => WORDS[k]).join("-")}`;
    case 1: return `pair of ${PLURALS[r[0]]}, ${kickers(r.slice(1))}`;
    case 2: return `two pair, ${PLURALS[r[0]]} and ${PLURALS[r[1]]}, ${kickers(r.slice(2))}`;
    case 3: return `three ${PLURALS[r[0]]}, ${kickers(r.slice(1))}`;
    case 4: return `straight, ${WORDS[r[0]]} high`;
    case 5: return `flush, ${WORDS[r[0]]} high`;
    case 6: return `full house, ${PLURALS[r[0]]} full of ${PLURALS[r[1]]}`;
    case 7: return `four ${PLURALS[r[0]]}, ${kickers(r.slice(1))}`;
    case 8: return r[0] === 12 ? "royal flush" : `straight flush, ${WORDS[r[0]]} high`;
    default: return `five of a kind, ${PLURALS[r[0]]}`;
  }
}

/** How many hand values there are (7475: with five of a kind). */
export function classCount() {
  if (classes === null) classes = enumerate();
  return classes.length;
}

let index = null;
const RANK_CHARS = "23456789TJQKA";

function fiveValue(five) {
  if (index === null) {
    if (classes === null) classes = enumerate();
    index = new Map(classes.map(([cat, r], v) => [`${cat}:${r.join(",")}`, v]));
  }
  const ranks = desc(five.map((c) => RANK_CHARS.indexOf(c[0])));
  const flush = five.every((c) => c[1] === five[0][1]);
  const counts = new Map();
  ranks.forEach((r) => counts.set(r, (counts.get(r) || 0) + 1));
  // ranks grouped: biggest group first, then the higher rank
  const groups = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const shape = groups.map((g) => g[1]).join("");
  const order = groups.map((g) => g[0]);
  let key;
  if (counts.size === 5 && isStraight(ranks)) {
    const high = ranks[0] === 12 && ranks[1] === 3 ? 3 : ranks[0];
    key = [flush ? 8 : 4, [high]];
  } else if (flush) key = [5, ranks];
  else if (shape === "41") key = [7, order];
  else if (shape === "32") key = [6, order];
  else if (shape === "311") key = [3, order];
  else if (shape === "221") key = [2, order];
  else if (shape === "2111") key = [1, order];
  else key = [0, ranks];
  return index.get(`${key[0]}:${key[1].join(",")}`);
}

/**
 * The value of the best five-card hand from `hole` and `board` (card texts like "As"),
 * using at least `minHole` hole cards; null when it cannot be told (fewer than five
 * cards, a joker, a card that is not a card).
 */
export function bestValue(hole, board, minHole = 0) {
  const cards = hole.concat(board);
  if (cards.length < 5 || cards.some((c) => typeof c !== "string" || !/^[2-9TJQKA][cdhs]$/.test(c))) {
    return null;
  }
  const holeSet = new Set(hole);
  let best = null;
  for (const five of combinations(cards, 5)) {
    if (five.filter((c) => holeSet.has(c)).length < minHole) continue;
    const value = fiveValue(five);
    if (best === null || value > best) best = value;
  }
  return best;
}
