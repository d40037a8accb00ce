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
