// The table page: everything shown comes from the table's WebSocket messages (the JSON
// protocol of the dealer) and the room's JSON API.  Text from the network goes into the
// page as text (textContent), never as HTML.

import { api, boundedChips, cardElement, chips, el, fill, fourColour, setFourColour, socketUrl } from "./common.js";
import { aggressiveKind, checkAmount, nextSeat, potTotal, pots, presets } from "./betting.js";
import { bestValue, describe } from "./handnames.js";
import { placeSeats } from "./layout.js";
import { refreshStats, setupStats, showStats } from "./stats.js";

const STREETS = ["preflop", "flop", "turn", "river", "showdown"];
const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop() || "");
const storeKey = `pokerroom.seat.${tableId}`;
const invite = new URLSearchParams(window.location.hash.slice(1)).get("invite");

const S = {
  socket: null, closedByServer: false, retries: 0,
  token: null, me: null, role: null, budget: 30, info: null,
  size: 0, names: [], bots: [], handNo: 0, button: null, street: "preflop", level: 0,
  dealt: [], hole: [], board: [], stacks: [], bets: [], committed: [], folded: [], allIn: [],
  shown: [], values: [], last: [], blinds: [], toAct: null, deadline: 0, bankEnd: 0, sittingOut: [],
  act: null, sent: false, over: false, result: null, rules: null, taken: [], refetched: false,
  listed: false,
};

// ------------------------------------------------------------------------ seats

function blank(n, value) {
  return Array.from({ length: n }, () => (typeof value === "function" ? value() : value));
}

function resetHand(size) {
  S.board = []; S.hole = [];
  S.bets = blank(size, 0); S.committed = blank(size, 0);
  S.folded = blank(size, false); S.allIn = blank(size, false);
  S.shown = blank(size, null); S.values = blank(size, null);
  S.last = blank(size, ""); S.blinds = blank(size, "");
  S.toAct = null; S.result = null; S.street = "preflop";
}

function setSize(size) {
  if (S.size === size) return;
  S.size = size;
  S.names = Array.from({ length: size }, (_, i) => `Seat ${i + 1}`);
  S.bots = blank(size, false);
  S.sittingOut = blank(size, false);
  S.stacks = blank(size, 0);
  resetHand(size);
}

function nameOf(seat) {
  if (seat === null || seat === undefined || seat < 0) return "dealer";
  return S.names[seat] || `Seat ${seat + 1}`;
}

function seatPosition(seat) {
  const offset = S.me === null ? 0 : S.me;
  const angle = Math.PI / 2 + ((seat - offset) * 2 * Math.PI) / S.size;
  return { cos: Math.cos(angle), sin: Math.sin(angle) };
}

function seatCards(seat) {
  const shown = S.shown[seat];
  if (shown && shown.length) return shown.map((c) => cardElement(c, true));
  if (seat === S.me && S.hole.length) return S.hole.map((c) => cardElement(c, true));
  if (S.dealt.includes(seat) && !S.folded[seat] && S.handNo > 0 && !S.result) {
    return [cardElement(null, true), cardElement(null, true)];
  }
  return [];
}

function renderSeat(seat) {
  const { cos, sin } = seatPosition(seat);
  const turn = S.toAct === seat;
  const classes = ["seat"];
  if (turn) classes.push("to-act");
  if (S.folded[seat] && S.dealt.includes(seat)) classes.push("folded");
  if (seat === S.me) classes.push("mine");
  if (S.taken.length && !S.taken[seat]) classes.push("free");
  if (S.sittingOut[seat]) classes.push("sitting-out");
  const badges = [];
  if (S.button === seat) badges.push(el("span", { class: "badge dealer", title: "dealer button" }, "D"));
  if (S.blinds[seat]) badges.push(el("span", { class: "badge blind" }, S.blinds[seat]));
  if (S.allIn[seat]) badges.push(el("span", { class: "badge allin-badge" }, "ALL-IN"));
  if (S.sittingOut[seat]) badges.push(el("span", { class: "badge out", title: "sitting out: dealt no hands" }, "OUT"));
  const clock = turn && S.deadline ? seatClock() : null;
  const box = el("div", {
    class: classes.join(" "), "data-seat": seat,
    style: { "--cos": cos.toFixed(4), "--sin": sin.toFixed(4) },
    "aria-label": `${nameOf(seat)}${S.sittingOut[seat] ? ", sitting out" : ""}${turn ? ", to act" : ""}`,
  },
  el("div", { class: "seat-head" },
    el("span", { class: "seat-name" }, nameOf(seat)),
    S.bots[seat] ? el("span", { class: "badge bot", title: "a bot plays this seat" }, "BOT") : null, badges),
  el("div", { class: "seat-cards" }, seatCards(seat)),
  el("div", { class: "seat-stack" }, chips(S.stacks[seat] || 0), clock),
  el("div", { class: "seat-last" }, S.values[seat] !== null ? describe(S.values[seat]) : S.last[seat]));
  const bet = S.bets[seat] > 0
    ? el("div", { class: "bet", "data-bet-seat": seat, style: { "--cos": cos.toFixed(4), "--sin": sin.toFixed(4) } },
      chips(S.bets[seat]))
    : null;
  return [box, bet];
}

// ------------------------------------------------------------ the time bank

/** The decision's clock, then its time bank: where the one to act is, and the seconds
 * left of each ({phase: "clock" | "bank", clock, bank}).  A table with no time bank
 * (bankEnd 0) has the clock alone. */
function timeLeft() {
  const now = Date.now();
  const clock = Math.max(0, Math.ceil((S.deadline - now) / 1000));
  const bankFrom = Math.max(now, S.deadline);
  const bank = S.bankEnd ? Math.max(0, Math.ceil((S.bankEnd - bankFrom) / 1000)) : 0;
  return { phase: clock > 0 || !S.bankEnd ? "clock" : "bank", clock, bank };
}

/** The countdown on the seat to act: the clock's seconds, then the bank's (marked). */
function clockText() {
  const t = timeLeft();
  return t.phase === "bank" ? `bank ${t.bank} s` : `${t.clock} s`;
}

/** The countdown in the action panel, the bank waiting after the clock named too. */
function myClockText() {
  const t = timeLeft();
  if (t.phase === "bank") return `(time bank: ${t.bank} s)`;
  return S.bankEnd ? `${t.clock} s (then ${t.bank} s of time bank)` : `${t.clock} s`;
}

function seatClock() {
  const t = timeLeft();
  return el("span", { class: t.phase === "bank" ? "seat-clock in-bank" : "seat-clock",
    "data-clock": "1", "data-phase": t.phase, title: S.bankEnd ? `then ${t.bank} s of time bank` : null }, clockText());
}

/** A decision's times, from now: its clock's seconds, then its bank's (0: none). */
function setClock(budget, bank) {
  S.deadline = Date.now() + budget * 1000;
  S.bankEnd = typeof bank === "number" ? S.deadline + bank * 1000 : 0;
}

function tickClocks() {
  for (const node of document.querySelectorAll("[data-clock]")) {
    const t = timeLeft();
    node.textContent = clockText();
    node.dataset.phase = t.phase;
    node.classList.toggle("in-bank", t.phase === "bank");
  }
  if (myLegal()) $("my-clock").textContent = myClockText();
}

function render() {
  fill($("seats"), blank(S.size, 0).map((_, i) => renderSeat(i)));
  showStats($("seats"));
  placeSeats($("felt"), S.size, S.me ?? 0);
  fill($("board"), S.board.map((c) => cardElement(c)));
  const total = potTotal(S.committed);
  fill($("pot"), total > 0 ? `Pot ${chips(total)}` : "");
  const formed = pots(S.committed, S.bets, S.folded, S.allIn);
  fill($("side-pots"), formed.length > 1 ? formed.map((p, i) => el("li", {},
    `${i === 0 ? "Main pot" : `Side pot ${i}`}: ${chips(p.amount)} (${p.eligible.map(nameOf).join(", ")})`)) : []);
  const level = S.level ? `, level ${S.level + 1}` : "";
  fill($("hand-info"), S.handNo ? `Hand ${S.handNo}${level} · ${S.street}` : "Waiting for the first hand");
  renderActions();
}

// ---------------------------------------------------------------------- the log

function log(text, kind = "") {
  const list = $("log");
  list.append(el("li", { class: kind ? `ev-${kind}` : null }, text));
  while (list.children.length > 200) list.firstChild.remove();
  list.scrollTop = list.scrollHeight;
}

function eventText(e) {
  const who = nameOf(e.seat);
  const allIn = e.all_in ? " (all-in)" : "";
  switch (e.kind) {
    case "ante": case "blind": case "straddle": return `${who} posts ${e.kind} ${chips(e.amount)}${allIn}`;
    case "deal": return e.cards.length ? `${who} is dealt ${e.cards.join(" ")}` : null;
    case "board": return `${e.street}: ${e.cards.join(" ")}`;
    case "burn": return null;
    case "fold": return `${who} folds`;
    case "check": return `${who} checks`;
    case "call": return `${who} calls ${chips(e.amount)}${allIn}`;
    case "bet": return `${who} bets ${chips(e.total)}${allIn}`;
    case "raise": return `${who} raises to ${chips(e.total)}${allIn}`;
    case "return": return `${who} takes back ${chips(e.amount)} uncalled`;
    case "show": return `${who} shows ${e.cards.join(" ")}${e.value !== null ? ` (${describe(e.value)})` : ""}`;
    case "muck": return `${who} mucks`;
    case "win": return `${who} wins ${chips(e.amount)}`;
    default: return `${who} ${e.kind}`;
  }
}

function lastText(e) {
  switch (e.kind) {
    case "ante": return `ante ${chips(e.amount)}`;
    case "blind": case "straddle": return `${e.kind} ${chips(e.amount)}`;
    case "fold": return "fold";
    case "check": return "check";
    case "call": return `call ${chips(e.amount)}`;
    case "bet": return `bet ${chips(e.total)}`;
    case "raise": return `raise to ${chips(e.total)}`;
    case "muck": return "muck";
    case "win": return `won ${chips(e.amount)}`;
    default: return null;
  }
}

// ------------------------------------------------------------------- the events

function newStreet(street) {
  if (STREETS.indexOf(street) <= STREETS.indexOf(S.street)) return;
  S.street = street;
  S.bets = blank(S.size, 0);
  for (let s = 0; s < S.size; s += 1) if (!S.folded[s] && !S.allIn[s]) S.last[s] = "";
}

function canAct(s) {
  return S.dealt.includes(s) && !S.folded[s] && !S.allIn[s];
}

function guessTurn(after) {
  const able = S.dealt.filter(canAct);
  const top = Math.max(0, ...S.bets);
  if (able.length === 0 || (able.length === 1 && S.bets[able[0]] >= top)) return null;
  return nextSeat(after, S.size, canAct);
}

/** The name of the hand's n-th blind (from 0): SB and BB, or BB alone, or B1, B2... */
function blindName(n) {
  const count = ((S.rules && S.rules.blinds) || [0, 0]).filter((b) => b > 0).length;
  if (count === 1) return "BB";
  if (count === 2) return n === 0 ? "SB" : "BB";
  return `B${n + 1}`;
}

function moveChips(s, amount, sign) {
  S.stacks[s] -= sign * amount;
  S.bets[s] += sign * amount;
  S.committed[s] += sign * amount;
}

/** One event of the hand in play: the money moves only when `money` (a replay of a
 * view's events keeps the view's numbers). */
function applyEvent(e, money = true) {
  const s = e.seat;
  if (e.kind !== "win" && e.kind !== "show" && e.kind !== "muck" && e.kind !== "return") newStreet(e.street);
  const text = eventText(e);
  if (text) log(text, e.kind);
  const last = lastText(e);
  if (s >= 0 && last) S.last[s] = last;
  switch (e.kind) {
    case "ante": case "blind": case "straddle": case "call":
      if (money) moveChips(s, e.amount, 1);
      if (e.kind === "blind") S.blinds[s] = blindName(S.blinds.filter(Boolean).length);
      break;
    case "bet": case "raise":
      if (money) { S.stacks[s] -= e.amount; S.committed[s] += e.amount; S.bets[s] = e.total; }
      break;
    case "return":
      if (money) moveChips(s, e.amount, -1);
      break;
    case "fold": S.folded[s] = true; break;
    case "deal": if (s === S.me && e.cards.length) S.hole = e.cards; break;
    case "board": S.board = S.board.concat(e.cards); break;
    case "show": S.shown[s] = e.cards; if (e.value !== null) S.values[s] = e.value; break;
    case "win": if (money) S.stacks[s] += e.amount; break;
    default: break;
  }
  if (money && e.all_in && s >= 0) S.allIn[s] = true;
  if (["ante", "blind", "straddle", "call", "bet", "raise", "check", "fold"].includes(e.kind)) {
    S.toAct = guessTurn(s);
  } else if (e.kind === "board") {
    S.toAct = guessTurn(S.button);
  } else if (["show", "muck", "win"].includes(e.kind)) {
    S.toAct = null;
  }
  S.deadline = S.toAct === null ? 0 : Date.now() + S.budget * 1000; // (a guess: a clock message says)
  S.bankEnd = 0;
}

/** A whole view (state, act, hand_end): its numbers are the dealer's own. */
function applyView(view, replay) {
  setSize(view.stacks.length);
  if (replay) {
    const keepHole = S.hole;
    resetHand(S.size);
    S.hole = keepHole;
    fill($("log"));
    log(`Hand ${S.handNo}`, "hand");
    for (const e of view.events) applyEvent(e, false);
  }
  S.button = view.button;
  S.street = view.street;
  S.board = view.board.slice();
  S.stacks = view.stacks.slice();
  S.bets = view.bets.slice();
  S.committed = view.committed.slice();
  S.folded = view.folded.slice();
  S.allIn = view.all_in.slice();
  view.shown.forEach((cards, i) => { if (cards) S.shown[i] = cards; });
  if (view.hole.length) S.hole = view.hole.slice();
  if (view.to_act !== null) {
    S.toAct = view.to_act;
  }
}

// ----------------------------------------------------------------- the results

/** Names the hands shown without a value (cards turned up at an all-in): the best
 * five of the cards shown and the board, as the dealer reckons them (no wild cards). */
function nameShownHands(view) {
  const rules = S.rules || {};
  if (rules.wild || rules.joker) return;
  const result = view.result;
  if (!result || view.board.length < 3) return;
  result.shown.forEach((cards, seat) => {
    if (cards && cards.length && S.values[seat] === null) {
      S.values[seat] = bestValue(cards, view.board, rules.min_hole_cards || 0);
    }
  });
}

function showResults(view) {
  const result = view.result;
  if (!result) return;
  S.result = result;
  S.toAct = null;
  S.deadline = 0;
  S.bankEnd = 0;
  const items = [];
  result.pots.forEach((pot, i) => {
    const label = result.pots.length === 1 ? "Pot" : i === 0 ? "Main pot" : `Side pot ${i}`;
    const winners = pot.winners.map((w, k) => {
      const name = S.values[w] !== null ? ` with ${describe(S.values[w])}` : "";
      return `${nameOf(w)} wins ${chips(pot.shares[k] ?? 0)}${name}`;
    });
    items.push(el("li", { class: "pot-result" }, `${label} ${chips(pot.amount)}: ${winners.join("; ")}`));
  });
  result.shown.forEach((cards, seat) => {
    if (cards && cards.length) {
      const name = S.values[seat] !== null ? ` — ${describe(S.values[seat])}` : "";
      items.push(el("li", { class: "shown" }, `${nameOf(seat)} showed `,
        cards.map((c) => cardElement(c, true)), name));
    }
  });
  result.net.forEach((net, seat) => {
    if (net !== 0) items.push(el("li", { class: net > 0 ? "net up" : "net down" },
      `${nameOf(seat)} ${net > 0 ? "+" : "−"}${chips(Math.abs(net))}`));
  });
  fill($("results"), el("p", {}, `Hand ${S.handNo}`), el("ul", { class: "result-list" }, items));
  for (const line of items) log(line.textContent, "result");
}

// ------------------------------------------------------------- your action

function myLegal() {
  return S.act && !S.sent ? S.act.view.legal : null;
}

function renderActions() {
  const panel = $("actions");
  const legal = myLegal();
  panel.hidden = !legal;
  if (!legal) return;
  const view = S.act.view;
  const me = view.seat;
  const stack = view.stacks[me];
  const kinds = legal.kinds;
  const showdown = kinds.includes("show") || kinds.includes("muck");
  for (const id of ["fold", "call", "raise", "allin", "sizing"]) $(id).hidden = showdown;
  $("show").hidden = !showdown;
  $("muck").hidden = !showdown;
  $("show").disabled = !kinds.includes("show");
  $("muck").disabled = !kinds.includes("muck");
  fill($("turn-text"), showdown ? "Show or muck your cards" : "Your turn");
  $("my-clock").textContent = myClockText();
  if (showdown) return;
  const call = $("call");
  if (kinds.includes("check")) {
    fill(call, el("u", {}, "C"), "heck"); call.disabled = false; call.dataset.kind = "check";
  } else if (kinds.includes("call")) {
    fill(call, el("u", {}, "C"), `all ${chips(legal.call)}${legal.call >= stack ? " (all-in)" : ""}`);
    call.disabled = false; call.dataset.kind = "call";
  } else {
    fill(call, "Check"); call.disabled = true; call.dataset.kind = "";
  }
  $("fold").disabled = !kinds.includes("fold");
  const kind = aggressiveKind(legal);
  const raise = $("raise");
  const amount = $("amount");
  const slider = $("slider");
  raise.disabled = kind === null;
  amount.disabled = kind === null;
  slider.disabled = kind === null;
  for (const id of ["preset-min", "preset-half", "preset-pot", "preset-max"]) $(id).disabled = kind === null;
  const word = kind === "bet" ? "Bet" : "Raise to";
  fill($("amount-label"), kind === null ? "Amount" : word);
  if (kind !== null) {
    slider.min = String(legal.min_to);
    slider.max = String(legal.max_to);
    if (amount.dataset.seq !== String(S.act.seq)) {
      amount.value = String(legal.min_to);
      slider.value = String(legal.min_to);
      amount.dataset.seq = String(S.act.seq);
    }
    fill($("amount-range"), legal.min_to === legal.max_to
      ? `exactly ${chips(legal.min_to)}` : `${chips(legal.min_to)} to ${chips(legal.max_to)}`);
  } else {
    // why there is no bet or raise, as the dealer says (empty when it gives no reason)
    fill($("amount-range"), legal.why || "");
  }
  raise.title = kind === null ? (legal.why || "") : "";
  updateRaiseLabel();
  const allin = $("allin");
  const all = stack + view.bets[me];
  fill($("preset-max"), kind !== null && legal.max_to === all ? "All-in" : "Max");
  const canRaiseAll = kind !== null && legal.max_to === all;
  const canCallAll = kinds.includes("call") && legal.call >= stack;
  allin.disabled = !(canRaiseAll || canCallAll);
  fill(allin, el("u", {}, "A"), `ll-in ${chips(all)}`);
}

function updateRaiseLabel() {
  const legal = myLegal();
  const raise = $("raise");
  const kind = aggressiveKind(legal);
  if (!legal || kind === null) { fill(raise, "Raise"); return; }
  const checked = checkAmount($("amount").value, legal);
  const n = checked.amount !== undefined ? ` ${chips(checked.amount)}` : "";
  fill(raise, kind === "bet" ? `Bet${n}` : `Raise to${n}`);
}

function explain(text) {
  $("amount-error").textContent = text;
}

function send(message) {
  if (S.socket && S.socket.readyState === WebSocket.OPEN) {
    S.socket.send(JSON.stringify(message));
    return true;
  }
  return false;
}

function sendAction(action, amount) {
  if (!S.act || S.sent) return;
  const message = { type: "action", hand: S.act.hand, seq: S.act.seq, action };
  if (amount !== undefined) message.amount = amount;
  if (send(message)) {
    S.sent = true;
    explain("");
    render();
  } else {
    explain("not connected: reconnecting…");
  }
}

function doFold() {
  const legal = myLegal();
  if (legal && legal.kinds.includes("fold")) sendAction("fold");
}

function doCall() {
  const legal = myLegal();
  if (!legal) return;
  if (legal.kinds.includes("check")) sendAction("check");
  else if (legal.kinds.includes("call")) sendAction("call");
}

function doRaise() {
  const legal = myLegal();
  if (!legal) return;
  const kind = aggressiveKind(legal);
  const checked = checkAmount($("amount").value, legal);
  if (checked.error) {
    explain(checked.error);
    $("amount").setAttribute("aria-invalid", "true");
    $("amount").focus();
    return;
  }
  $("amount").removeAttribute("aria-invalid");
  sendAction(kind, checked.amount);
}

function doAllIn() {
  const legal = myLegal();
  if (!legal || $("allin").disabled) return;
  const view = S.act.view;
  const all = view.stacks[view.seat] + view.bets[view.seat];
  const kind = aggressiveKind(legal);
  if (kind !== null && legal.max_to === all) sendAction(kind, all);
  else if (legal.kinds.includes("call")) sendAction("call");
}

function doShow() {
  const legal = myLegal();
  if (!legal || !legal.kinds.includes("show")) return;
  // announced hands: the best value the cards may announce; else the cards speak
  if (legal.values.length) sendValue("show", legal.values[0]);
  else sendAction("show");
}

function sendValue(action, value) {
  if (!S.act || S.sent) return;
  if (send({ type: "action", hand: S.act.hand, seq: S.act.seq, action, value })) {
    S.sent = true;
    render();
  }
}

function doMuck() {
  const legal = myLegal();
  if (legal && legal.kinds.includes("muck")) sendAction("muck");
}

function setAmount(value) {
  $("amount").value = String(value);
  $("slider").value = String(value);
  $("amount").removeAttribute("aria-invalid");
  explain("");
  updateRaiseLabel();
}

function preset(which) {
  const legal = myLegal();
  if (!legal || aggressiveKind(legal) === null) return;
  setAmount(presets(S.act.view)[which]);
}

function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  return target.tagName === "INPUT" && !["checkbox", "radio", "range", "button", "submit"].includes(target.type);
}

function onKey(event) {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const target = event.target;
  if (target === $("amount")) {
    if (event.key === "Enter") { event.preventDefault(); doRaise(); }
    else if (event.key === "Escape") target.blur();
    return;
  }
  if (typing(target) || !myLegal()) return;
  const key = event.key.toLowerCase();
  if (key === "f") { event.preventDefault(); doFold(); }
  else if (key === "c") { event.preventDefault(); doCall(); }
  else if (key === "a") { event.preventDefault(); doAllIn(); }
  else if (key === "s") { event.preventDefault(); doShow(); }
  else if (key === "m") { event.preventDefault(); doMuck(); }
  else if ((key === "r" || key === "b") && aggressiveKind(myLegal()) !== null) {
    event.preventDefault();
    $("amount").focus();
    $("amount").select();
  }
}

// ------------------------------------------------------------- the messages

const handlers = {
  hello(m) {
    setSize(m.seats);
    if (S.token) send({ type: "join", token: S.token });
    else send({ type: "watch" });
  },
  welcome(m) {
    S.role = m.role; S.me = m.seat; S.budget = m.budget;
    setSize(m.game.players);
    S.names = m.game.names.slice();
    if (!S.handNo) { S.stacks = m.game.stacks.slice(); S.button = m.game.button; }
    S.retries = 0;
    status(m.role === "player" ? `You are in seat ${m.seat + 1}` : "You are watching");
    $("connection").textContent = m.role === "player" ? "seated" : "watching";
    showSit();
    $("leave").hidden = m.role !== "player";
    showCash();
  },
  seats(m) {
    // the seats taken (a seat not listed is free)
    S.taken = blank(S.size, false);
    for (const p of m.players) {
      if (p.seat >= S.size) setSize(p.seat + 1);
      S.names[p.seat] = p.name;
      S.bots[p.seat] = Boolean(p.bot);
      S.taken[p.seat] = true;
      S.sittingOut[p.seat] = Boolean(p.sitting_out);
      if (!S.handNo || S.result) S.stacks[p.seat] = p.stack;
    }
    for (let s = 0; s < S.size; s += 1) {
      if (!S.taken[s]) { S.names[s] = `Seat ${s + 1} (free)`; S.bots[s] = false; S.sittingOut[s] = false; }
    }
    if (S.listed) refreshList(); // (seating changed: the waiting list may have moved)
    showSit();
    showCash();
  },
  hand(m) {
    resetHand(S.size);
    S.handNo = m.hand; S.button = m.button; S.stacks = m.stacks.slice();
    S.dealt = m.seats.slice(); S.hole = m.hole.slice(); S.level = m.level; S.rules = m.rules;
    S.act = null; S.sent = false;
    log(`Hand ${m.hand}${m.hole.length ? `: you have ${m.hole.join(" ")}` : ""}`, "hand");
  },
  event(m) { if (m.hand === S.handNo) applyEvent(m.event); },
  state(m) {
    S.handNo = m.hand;
    if (!S.dealt.length) S.dealt = m.view.stacks.map((_, i) => i).filter((i) => m.view.committed[i] > 0 || !m.view.folded[i]);
    applyView(m.view, true);
    S.deadline = S.toAct === null ? 0 : Date.now() + S.budget * 1000;
    S.bankEnd = 0;
  },
  act(m) {
    S.handNo = m.hand;
    S.act = m; S.sent = false;
    applyView(m.view, false);
    S.toAct = m.view.seat;
    setClock(m.budget, m.bank);
    explain("");
    render();
    if (!$("actions").contains(document.activeElement) && !typing(document.activeElement)) {
      $("actions").focus({ preventScroll: true });
    }
  },
  accepted(m) {
    if (S.act && S.act.seq === m.seq) { S.act = null; S.sent = false; }
  },
  default(m) {
    if (S.act && S.act.seq === m.seq) { S.act = null; S.sent = false; }
    const cash = Boolean(S.info && S.info.kind === "cash");
    status(`Out of time (${m.reason}): you ${m.action}`
      + (cash ? ". You sit out when this hand ends: Sit in to play again." : ""));
  },
  clock(m) {
    // whose decision runs (a table with a time bank): its clock, then its bank
    if (m.hand !== S.handNo) return;
    S.toAct = m.seat;
    setClock(m.budget, m.bank);
  },
  offer(m) {
    if (String(m.table) === tableId) showOffer(true);
  },
  hand_end(m) {
    S.act = null; S.sent = false;
    applyView(m.view, false);
    for (const e of m.view.events) if (e.kind === "show" && e.value !== null) S.values[e.seat] = e.value;
    nameShownHands(m.view);
    showResults(m.view);
  },
  match_end(m) {
    const places = m.standings.slice().sort((a, b) => a.place - b.place)
      .map((s) => el("li", {}, `${s.place}. ${m.names[s.seat] || nameOf(s.seat)}`));
    fill($("standings"), el("p", { class: "over" }, `The game is over after ${m.hands} hands`),
      el("ol", { class: "places" }, places));
    S.over = true;
  },
  error(m) {
    if (m.code === "bad-token" && !S.refetched) {
      // a token kept from before is no longer the seat's: ask the room for it again
      S.refetched = true;
      window.sessionStorage.removeItem(storeKey);
      S.token = null;
      findSeat().then(reconnect);
      return;
    }
    if (S.act && S.sent && (m.seq === undefined || m.seq === S.act.seq)) {
      S.sent = false;
      explain(m.message);
    } else {
      status(`The dealer refused: ${m.message}`);
    }
  },
  chat(m) {
    const list = $("chat-list");
    list.append(el("li", {}, el("b", {}, m.from), ": ", m.text));
    while (list.children.length > 100) list.firstChild.remove();
    list.scrollTop = list.scrollHeight;
  },
  bye(m) {
    S.closedByServer = true;
    status(`The dealer closed the connection: ${m.reason}`);
  },
  pong() {},
};

function status(text) {
  $("status").textContent = text;
}

function onMessage(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch {
    return;
  }
  const handler = handlers[message.type];
  if (!handler) return;
  handler(message);
  if (message.type === "hand_end" || message.type === "seats") refreshStats();
  render();
}

function connect() {
  S.closedByServer = false;
  const socket = new WebSocket(socketUrl(`/ws/table/${encodeURIComponent(tableId)}`));
  S.socket = socket;
  $("connection").textContent = "connecting…";
  socket.addEventListener("message", onMessage);
  socket.addEventListener("close", () => {
    if (S.socket !== socket) return;
    $("connection").textContent = "disconnected";
    // no answer can go now: the dealer asks again when the seat is back
    S.act = null; S.sent = false;
    render();
    if (S.closedByServer || S.over) return;
    S.retries += 1;
    const wait = Math.min(10000, 500 * 2 ** Math.min(S.retries, 5));
    status(`Connection lost: trying again in ${Math.round(wait / 1000)} s`);
    window.setTimeout(connect, wait);
  });
}

function reconnect() {
  if (S.socket) {
    const old = S.socket;
    S.socket = null;
    old.close();
  }
  connect();
}

// ------------------------------------------------------------------- seating

function keepSeat(seat) {
  S.token = seat.token;
  window.sessionStorage.setItem(storeKey, JSON.stringify({ seat: seat.seat, token: seat.token }));
}

async function findSeat() {
  const kept = window.sessionStorage.getItem(storeKey);
  if (kept) {
    try {
      const seat = JSON.parse(kept);
      if (typeof seat.token === "string") { S.token = seat.token; return; }
    } catch {
      window.sessionStorage.removeItem(storeKey);
    }
  }
  try {
    const me = await api("GET", "/api/me");
    const mine = (me.seats || []).find((s) => String(s.table) === tableId);
    if (mine) keepSeat(await api("POST", `/api/tables/${encodeURIComponent(tableId)}/sit`, { seat: mine.seat, invite }));
    else if ((me.waiting || []).some((w) => String(w.table) === tableId)) watchList();
  } catch {
    // no session or no seat: watch
  }
}

/** At a cash table the buy-in is asked first (bounded by the table's smallest and largest). */
function askSit() {
  if (!(S.info && S.info.kind === "cash")) { sitDown(); return; }
  $("sit-range").textContent = `${chips(S.info.min_buy_in)} to ${chips(S.info.max_buy_in)} chips`;
  $("sit-amount").value = String(S.info.max_buy_in);
  $("sit-error").textContent = "";
  $("sit-form").hidden = false;
  $("sit-amount").focus();
  $("sit-amount").select();
}

function sitWithBuyIn(event) {
  event.preventDefault();
  const checked = boundedChips($("sit-amount").value, S.info.min_buy_in, S.info.max_buy_in);
  if (checked.error) {
    $("sit-amount").setAttribute("aria-invalid", "true");
    $("sit-error").textContent = checked.error;
    return;
  }
  $("sit-amount").removeAttribute("aria-invalid");
  sitDown(checked.amount);
}

async function sitDown(buyIn) {
  const body = { seat: null, invite };
  if (typeof buyIn === "number") body.buy_in = buyIn;
  try {
    const seat = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/sit`, body);
    $("sit-form").hidden = true;
    if (seat.seat === null) {
      $("waiting-place").textContent = `The table is full: you are number ${seat.waiting} on its waiting list.`;
      watchList();
      return;
    }
    $("waiting-place").textContent = "";
    $("offer").hidden = true;
    S.listed = false;
    keepSeat(seat);
    reconnect();
  } catch (error) {
    status(`Cannot sit down: ${error.message}`);
    $("sit-error").textContent = `Cannot sit down: ${error.message}`;
  }
}

async function leave() {
  $("cash-error").textContent = "";
  try {
    const answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/leave`, {});
    if (answer && answer.queued) {
      $("cash-note").textContent = "Standing up: queued until the hand ends (your chips then go back to your balance).";
      return;
    }
    if (answer && typeof answer.refund === "number") {
      const me = await api("GET", "/api/me").catch(() => null);
      $("cash-note").textContent = `You stood up: ${chips(answer.refund)} chips back to your balance`
        + (me ? ` (balance ${chips(me.balance)}).` : ".");
      status($("cash-note").textContent);
    }
    window.sessionStorage.removeItem(storeKey);
    S.token = null;
    reconnect();
  } catch (error) {
    status(`Cannot leave: ${error.message}`);
    $("cash-error").textContent = `Cannot stand up: ${error.message}`;
  }
}

// --------------------------------------------------------------- cash tables

/** The Sit button: for a free seat, or at a full cash table to join its waiting list. */
function showSit() {
  const full = S.taken.length > 0 && S.taken.every(Boolean);
  const cash = Boolean(S.info && S.info.kind === "cash");
  $("sit").hidden = S.role === "player" || (full && !cash) || S.listed;
  $("sit").textContent = full && cash ? "Join the waiting list" : "Sit down";
}

function showCash() {
  const cash = Boolean(S.info && S.info.kind === "cash");
  const seated = S.role === "player";
  $("cash-controls").hidden = !(cash && seated);
  $("sit-out").hidden = !(cash && seated);
  $("sit-in").hidden = !(cash && seated);
  if (cash) $("leave").textContent = "Stand up";
  if (cash && seated) {
    const [low, high] = topUpRange();
    $("top-up-range").textContent = high >= low ? `${chips(low)} to ${chips(high)} chips` : "at the largest buy-in";
  }
}

/** The top-up bounds: up to the largest buy-in; a rebuy with no chips at least the smallest. */
function topUpRange() {
  const stack = S.me === null || S.me === undefined ? 0 : Number(S.stacks[S.me] || 0);
  return [stack === 0 ? S.info.min_buy_in : 1, S.info.max_buy_in - stack];
}

function answerNote(what, answer) {
  return answer.queued ? `${what}: queued until the hand ends.` : `${what}: done.`;
}

async function change(what, body, label) {
  $("cash-error").textContent = "";
  $("cash-note").textContent = "";
  try {
    const answer = await api("POST", `/api/tables/${encodeURIComponent(tableId)}/${what}`, body);
    $("cash-note").textContent = answerNote(label, answer);
    return true;
  } catch (error) {
    $("cash-error").textContent = `${label}: ${error.message}`;
    return false;
  }
}

async function topUp(event) {
  event.preventDefault();
  const [low, high] = topUpRange();
  const field = $("top-up-amount");
  if (high < low) {
    $("cash-error").textContent = `You are at the largest buy-in, ${chips(S.info.max_buy_in)}: no top-up`;
    return;
  }
  const checked = boundedChips(field.value, low, high, "A top-up");
  if (checked.error) {
    field.setAttribute("aria-invalid", "true");
    $("cash-note").textContent = "";
    $("cash-error").textContent = checked.error;
    return;
  }
  field.removeAttribute("aria-invalid");
  if (await change("top_up", { chips: checked.amount }, `Top up by ${chips(checked.amount)}`)) field.value = "";
}

// ----------------------------------------------------------- the waiting list

/** On the waiting list: the place is read from /api/me when the page opens and when the
 * seating changes (a `seats` message); the seat offered comes by an `offer` message on the
 * table's socket, no polling. */
function watchList() {
  S.listed = true;
  showSit();
  refreshList();
}

async function refreshList() {
  let me = null;
  try { me = await api("GET", "/api/me"); } catch { return; } // (kept as it was: the offer comes by push)
  const mine = (me.waiting || []).find((w) => String(w.table) === tableId);
  if (!mine) {
    S.listed = false;
    showSit();
    showOffer(false);
    if (S.role !== "player") $("waiting-place").textContent = "";
    return;
  }
  $("waiting-place").textContent = mine.offered ? "" : `You are number ${mine.place} on the waiting list.`;
  showOffer(mine.offered);
}

function showOffer(on) {
  $("offer").hidden = !on;
  if (on) $("waiting-place").textContent = "";
}

async function tableName() {
  try {
    const data = await api("GET", "/api/tables");
    const info = (data.tables || []).find((t) => String(t.id) === tableId);
    if (info) {
      S.info = info;
      showCash();
      showSit();
      $("table-name").textContent = info.name;
      document.title = `${info.name} · pokerroom`;
      $("hand-info").title = info.rules;
    }
  } catch {
    // the name is only a label
  }
}

// -------------------------------------------------------------------- wiring

function wire() {
  $("fold").addEventListener("click", doFold);
  $("call").addEventListener("click", doCall);
  $("raise").addEventListener("click", doRaise);
  $("allin").addEventListener("click", doAllIn);
  $("show").addEventListener("click", doShow);
  $("muck").addEventListener("click", doMuck);
  $("preset-min").addEventListener("click", () => preset("min"));
  $("preset-half").addEventListener("click", () => preset("half"));
  $("preset-pot").addEventListener("click", () => preset("pot"));
  $("preset-max").addEventListener("click", () => preset("max"));
  $("slider").addEventListener("input", () => setAmount($("slider").value));
  $("amount").addEventListener("input", () => {
    explain("");
    $("amount").removeAttribute("aria-invalid");
    const checked = checkAmount($("amount").value, myLegal());
    if (checked.amount !== undefined) $("slider").value = String(checked.amount);
    updateRaiseLabel();
  });
  document.addEventListener("keydown", onKey);
  $("chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("chat-text").value.trim();
    if (text && send({ type: "chat", text })) $("chat-text").value = "";
  });
  $("sit").addEventListener("click", askSit);
  $("sit-form").addEventListener("submit", sitWithBuyIn);
  $("leave").addEventListener("click", leave);
  $("sit-out").addEventListener("click", () => change("sit_out", {}, "Sit out"));
  $("sit-in").addEventListener("click", () => change("sit_in", {}, "Sit in"));
  $("cash-controls").addEventListener("submit", topUp);
  $("top-up-amount").addEventListener("input", () => {
    $("cash-error").textContent = "";
    $("top-up-amount").removeAttribute("aria-invalid");
  });
  $("take-seat").addEventListener("click", askSit);
  setupStats(tableId, render);
  window.addEventListener("resize", () => placeSeats($("felt"), S.size, S.me ?? 0));
  const four = $("four-colour");
  four.checked = fourColour();
  setFourColour(four.checked);
  four.addEventListener("change", () => setFourColour(four.checked));
  $("download").href = `/api/tables/${encodeURIComponent(tableId)}/hands.phh`;
  $("download").setAttribute("download", `table-${tableId}.phhs`);
  for (const [id, format, ending] of [["download-stars", "pokerstars", "txt"],
                                      ["download-ohh", "ohh", "ohh"]]) {
    $(id).href = `/api/tables/${encodeURIComponent(tableId)}/hands/${format}`;
    $(id).setAttribute("download", `table-${tableId}.${ending}`);
  }
  window.setInterval(tickClocks, 250);
}

async function main() {
  wire();
  render();
  tableName();
  await findSeat();
  connect();
}

main();
