// Where the seats and their bets go on the felt.  The seats sit on an ellipse (its size
// the stylesheet's --rx and --ry, percentages of the felt), one's own seat at the bottom,
// the others clockwise, spaced evenly in seat-box units: a step along the ellipse counts
// its sideways part in seat widths and its up-down part in seat heights, so a wide felt
// puts more seats along its long sides and no two boxes meet.  Each bet goes in front of
// its seat, on the way to the centre (board and pot), clear of every other box.  Pure arithmetic on the boxes as drawn; called
// after every drawing and when the window changes size.

const SAMPLES = 720;
const GAP = 4;

function fraction(style, name, fallback) {
  const value = parseFloat(style.getPropertyValue(name));
  return Number.isFinite(value) ? value / 100 : fallback;
}

/** The points of `n` seats on the ellipse `a` x `b` (pixels), even in box units
 * (`w` x `h`), the first at the bottom, the next clockwise (towards the left). */
export function ring(n, a, b, w, h) {
  const at = (k) => {
    const t = Math.PI / 2 + (2 * Math.PI * k) / SAMPLES;
    return [a * Math.cos(t), b * Math.sin(t)];
  };
  const lengths = [0];
  let [px, py] = at(0);
  for (let k = 1; k <= SAMPLES; k += 1) {
    const [x, y] = at(k);
    lengths.push(lengths[k - 1] + Math.hypot((x - px) / w, (y - py) / h));
    [px, py] = [x, y];
  }
  const total = lengths[SAMPLES];
  const points = [];
  let k = 0;
  for (let i = 0; i < n; i += 1) {
    const want = (total * i) / n;
    while (k < SAMPLES && lengths[k + 1] <= want) k += 1;
    const part = lengths[k + 1] > lengths[k] ? (want - lengths[k]) / (lengths[k + 1] - lengths[k]) : 0;
    const [x0, y0] = at(k);
    const [x1, y1] = at(k + 1);
    points.push([x0 + (x1 - x0) * part, y0 + (y1 - y0) * part]);
  }
  return points;
}

/** How far from a box's centre its edge is, along the unit direction (ux, uy). */
function reach(w, h, ux, uy) {
  const across = Math.abs(ux) > 1e-6 ? w / 2 / Math.abs(ux) : Infinity;
  const down = Math.abs(uy) > 1e-6 ? h / 2 / Math.abs(uy) : Infinity;
  return Math.min(across, down);
}

/** How much of `box` lies over the boxes `taken`, each widened by `gap` (its area). */
function covered(box, taken, gap) {
  let area = 0;
  for (const t of taken) {
    const across = (box.w + t.w) / 2 + gap - Math.abs(box.x - t.x);
    const down = (box.h + t.h) / 2 + gap - Math.abs(box.y - t.y);
    if (across > 0 && down > 0) area += across * down;
  }
  return area;
}

/** Where a bet chip (`bw` x `bh`) goes for the seat at `spot`: on the way from the seat to
 * the centre (or a little to one side of it), in the middle of the first free stretch
 * clear of every box `taken` (the seats, the centre, the chips placed before); else beside
 * the seat, inside the felt (`fw` x `fh`); on a felt too small for that, where it covers
 * least. */
function betSpot([x, y, sw, sh], bw, bh, taken, fw, fh) {
  const far = Math.hypot(x, y) || 1;
  const [ux, uy] = [-x / far, -y / far];
  const nearest = reach(sw + bw, sh + bh, ux, uy) + GAP;
  let best = { x: x + ux * nearest, y: y + uy * nearest, w: bw, h: bh };
  let least = Infinity;
  for (const side of [0, 8, -8, 16, -16, 24, -24, 32, -32, 40, -40, 48, -48]) {
    const run = [];
    for (let d = nearest; d < far; d += 2) {
      const box = { x: x + ux * d - uy * side, y: y + uy * d + ux * side, w: bw, h: bh };
      const area = covered(box, taken, GAP);
      if (area === 0) run.push(box);
      else if (run.length) break;
      const over = covered(box, taken, 0);
      if (over < least) [best, least] = [box, over];
    }
    if (run.length) return run[Math.floor(run.length / 2)];
  }
  // no free stretch towards the centre: right beside the seat, the side nearest the
  // centre first, inside the felt (`fw` x `fh`)
  for (let turn = 15; turn <= 180; turn += 15) {
    for (const sign of [1, -1]) {
      const t = Math.atan2(uy, ux) + (sign * turn * Math.PI) / 180;
      const [vx, vy] = [Math.cos(t), Math.sin(t)];
      const d = reach(sw + bw, sh + bh, vx, vy) + GAP;
      const box = { x: x + vx * d, y: y + vy * d, w: bw, h: bh };
      const inside = Math.abs(box.x) <= (fw - bw) / 2 && Math.abs(box.y) <= (fh - bh) / 2;
      if (inside && covered(box, taken, GAP) === 0) return box;
    }
  }
  return best;
}

/** Places the `.seat` boxes (data-seat) and `.bet` chips (data-bet-seat) inside `felt`
 * for a table of `size` seats with `first` at the bottom. */
export function placeSeats(felt, size, first) {
  if (!felt || size < 1) return;
  felt.dataset.seats = String(size);
  const seats = [...felt.querySelectorAll(".seat")];
  if (!seats.length || felt.clientWidth === 0) return;
  const style = window.getComputedStyle(felt);
  const fw = felt.clientWidth;
  const fh = felt.clientHeight;
  const w = Math.max(...seats.map((s) => s.offsetWidth));
  const h = Math.max(...seats.map((s) => s.offsetHeight));
  const a = fw * fraction(style, "--rx", 0.42);
  const b = fh * fraction(style, "--ry", 0.4);
  const points = ring(size, a, b, w, h);
  // never past the page's sides
  const left = felt.getBoundingClientRect().left + felt.clientLeft;
  const page = document.documentElement.clientWidth;
  const lowest = w / 2 + 2 - left - fw / 2;
  const highest = page - w / 2 - 2 - left - fw / 2;
  const where = new Map();
  for (const box of seats) {
    const seat = Number(box.dataset.seat);
    const [x0, y] = points[(((seat - first) % size) + size) % size];
    const x = Math.min(Math.max(x0, lowest), highest);
    where.set(seat, [x, y, box.offsetWidth, box.offsetHeight]);
    box.style.setProperty("left", `${fw / 2 + x}px`);
    box.style.setProperty("top", `${fh / 2 + y}px`);
  }
  const centre = felt.querySelector(".centre");
  const taken = [...where.values()].map(([x, y, sw, sh]) => ({ x, y, w: sw, h: sh }));
  if (centre) taken.push({ x: 0, y: 0, w: centre.offsetWidth, h: centre.offsetHeight });
  for (const chip of felt.querySelectorAll(".bet")) {
    const spot = where.get(Number(chip.dataset.betSeat));
    if (!spot) continue;
    const { x: bx, y: by } = betSpot(spot, chip.offsetWidth, chip.offsetHeight, taken, fw, fh);
    taken.push({ x: bx, y: by, w: chip.offsetWidth, h: chip.offsetHeight });
    chip.style.setProperty("left", `${fw / 2 + bx}px`);
    chip.style.setProperty("top", `${fh / 2 + by}px`);
  }
}
