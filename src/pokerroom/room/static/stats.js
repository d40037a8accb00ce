// The opponents' statistics under their seats: a toggle (the "Opponents' stats" button,
// or the key o), kept in localStorage.  The numbers come from the room
// (GET /api/tables/{id}/stats): over the hands you were dealt into with each opponent, at
// every table of the room, the brief line the terminal game shows (hands, VPIP, PFR,
// 3-bet, aggression factor, went to showdown).  Fetched again after each hand and when
// the seats change.  Text from the network goes into the page as text.

import { api, el } from "./common.js";

const KEY = "pokerroom.stats";
const TIP = "Over the hands you were dealt into with this player, at every table of the room. " +
  "VPIP: put money in voluntarily before the flop; PFR: raised before the flop; " +
  "3B: re-raised an open; AF: bets and raises per call after the flop; " +
  "WTSD: went to showdown after seeing the flop; -: no chance yet.";

const state = {
  on: false, tableId: "", redraw: () => {}, players: new Map(), note: "",
  busy: false, again: false, timer: 0,
};

/** Whether the statistics are on (kept in localStorage: not a secret). */
export function statsOn() {
  return window.localStorage.getItem(KEY) === "1";
}

function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === "TEXTAREA" || target.tagName === "SELECT") return true;
  return target.tagName === "INPUT" && !["checkbox", "radio", "range", "button", "submit"].includes(target.type);
}

function setOn(on) {
  state.on = on;
  window.localStorage.setItem(KEY, on ? "1" : "0");
  const button = document.getElementById("stats-toggle");
  if (button) button.setAttribute("aria-pressed", on ? "true" : "false");
  state.note = "";
  if (on) refreshStats();
  else state.players.clear();
  state.redraw();
}

/** Wires the toggle: its button, the key o; `redraw()` draws the seats again. */
export function setupStats(tableId, redraw) {
  state.tableId = tableId;
  state.redraw = redraw;
  const button = document.getElementById("stats-toggle");
  if (button) button.addEventListener("click", () => setOn(!state.on));
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    if (event.key.toLowerCase() !== "o") return;
    event.preventDefault();
    setOn(!state.on);
  });
  setOn(statsOn());
}

async function fetchStats() {
  state.busy = true;
  try {
    const data = await api("GET", `/api/tables/${encodeURIComponent(state.tableId)}/stats`);
    if (!state.on) return;
    state.players = new Map((data.players || []).map((p) => [p.name, p]));
    state.note = "";
  } catch (error) {
    state.players.clear();
    state.note = error.status === 401 ? "Enter the room (in the lobby) to see statistics"
      : `No statistics: ${error.message}`;
  } finally {
    state.busy = false;
  }
  state.redraw();
  if (state.again) { state.again = false; refreshStats(); }
}

/** Asks the room for the numbers again (soon: one request for a burst of messages). */
export function refreshStats() {
  if (!state.on) return;
  if (state.busy) { state.again = true; return; }
  window.clearTimeout(state.timer);
  state.timer = window.setTimeout(fetchStats, 150);
}

/** A `[made, chances]` pair as a whole percentage, or "-" with no chance yet. */
function percent(pair) {
  return Array.isArray(pair) && pair[1] > 0 ? String(Math.round((100 * pair[0]) / pair[1])) : "-";
}

/** Puts each opponent's line under their seat in `seats` (the seats' boxes just drawn). */
export function showStats(seats) {
  const note = document.getElementById("stats-note");
  if (note) note.textContent = state.on ? state.note : "";
  if (!state.on) return;
  for (const box of seats.querySelectorAll(".seat")) {
    if (box.classList.contains("mine") || box.classList.contains("free")) continue;
    const name = box.querySelector(".seat-name");
    const p = name ? state.players.get(name.textContent) : undefined;
    if (!p) continue;
    // the brief line, each number with its name kept on one line (its text: the brief)
    const parts = p.hands ? String(p.brief).split("  ") : ["no hands seen yet"];
    const spans = parts.map((part, i) => [i ? "  " : null, el("span", {}, part)]);
    // a phone shows the short form (the stylesheet puts data-short in place of the line)
    const short = p.hands ? `${p.hands} h ${percent(p.vpip)}/${percent(p.pfr)}` : "0 h";
    box.append(el("div", { class: "seat-stats", title: TIP, "data-stats": p.name, "data-short": short }, spans));
  }
}
