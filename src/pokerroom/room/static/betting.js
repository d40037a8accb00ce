// Pure helpers for the table page: the pots, the bet presets, checking a typed amount.
// No DOM here; everything comes from the protocol's view and legal actions.

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/**
 * The pots formed by the chips collected so far.
 * committed[i]: seat i's chips in the hand; inFront[i]: the part still in front of it
 * (this round's bet, not yet collected); folded[i], allIn[i]: booleans.
 * Returns [{amount, eligible: [seats]}], main pot first.
 */
export function pots(committed, inFront, folded, allIn) {
  const collected = committed.map((c, i) => c - (inFront[i] || 0));
  const live = committed.map((c, i) => c > 0 && !folded[i]);
  const caps = [...new Set(committed.filter((c, i) => live[i] && allIn[i]))].sort((a, b) => a - b);
  const top = Math.max(0, ...committed);
  if (!caps.includes(top)) caps.push(top);
  const out = [];
  let previous = 0;
  for (const level of caps) {
    const amount = sum(collected.map((c) => Math.min(c, level) - Math.min(c, previous)));
    const eligible = committed.map((c, i) => i).filter((i) => live[i] && committed[i] >= level);
    if (amount > 0) {
      const last = out[out.length - 1];
      if (last && last.eligible.join() === eligible.join()) last.amount += amount;
      else out.push({ amount, eligible });
    }
    previous = level;
  }
  return out;
}

/** The total of every chip put in this hand (the pot and the bets in front). */
export function potTotal(committed) {
  return sum(committed);
}

function clamp(x, low, high) {
  return Math.min(high, Math.max(low, x));
}

/**
 * The preset amounts (the chips a bet or raise goes TO) for the seat to act: min, half
 * pot, pot, all-in, each inside [legal.min_to, legal.max_to].
 */
export function presets(view) {
  const legal = view.legal;
  const me = view.seat;
  const pot = potTotal(view.committed);
  const call = legal.call;
  const toMatch = view.to_match;
  const allIn = view.bets[me] + view.stacks[me];
  const potTo = toMatch + pot + call;
  const halfTo = toMatch + Math.floor((pot + call) / 2);
  return {
    min: legal.min_to,
    half: clamp(halfTo, legal.min_to, legal.max_to),
    pot: clamp(potTo, legal.min_to, legal.max_to),
    max: legal.max_to,
    allIn,
  };
}

/** Whether the seat may bet or raise, and which of the two it is ("bet"/"raise"/null). */
export function aggressiveKind(legal) {
  if (!legal) return null;
  if (legal.kinds.includes("raise")) return "raise";
  if (legal.kinds.includes("bet")) return "bet";
  return null;
}

/**
 * Checks a typed amount for a bet or raise: returns {amount} when it is legal, else
 * {error: "<why, and what is accepted>"}.  Nothing illegal is ever sent.
 */
export function checkAmount(text, legal) {
  const kind = aggressiveKind(legal);
  if (kind === null) {
    // the dealer's reason, when it gives one (the raise cap, check-raise not allowed...)
    return { error: legal && legal.why ? `you cannot bet or raise now: ${legal.why}` : "you cannot bet or raise now" };
  }
  const trimmed = String(text).trim();
  const what = legal.min_to === legal.max_to
    ? `exactly ${legal.min_to}` : `an amount from ${legal.min_to} to ${legal.max_to}`;
  const accepted = kind === "bet" ? `bet ${what}` : `raise to ${what}`;
  // digits, with or without commas between the thousands (1000 or 1,000)
  if (!/^([0-9]+|[0-9]{1,3}(,[0-9]{3})+)$/.test(trimmed)) {
    return { error: `type a whole number of chips: ${accepted}` };
  }
  const amount = Number(trimmed.replaceAll(",", ""));
  if (!Number.isSafeInteger(amount)) {
    return { error: `that is too many chips: ${accepted}` };
  }
  if (amount < legal.min_to) {
    return { error: `${amount} is less than the smallest ${kind}: ${accepted}` };
  }
  if (amount > legal.max_to) {
    return { error: `${amount} is more than the largest ${kind}: ${accepted}` };
  }
  return { amount };
}

/**
 * The seat to act next, worked out from the public events when the protocol does not
 * say (another seat's turn): the next seat after `after` still able to act.
 */
export function nextSeat(after, size, canAct) {
  for (let k = 1; k <= size; k += 1) {
    const s = (after + k) % size;
    if (canAct(s)) return s;
  }
  return null;
}
