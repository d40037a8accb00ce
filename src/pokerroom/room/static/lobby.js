// The lobby: enter with a name, the tables live from /ws/lobby, create a table, sit or
// watch.  Text from the network goes in as text only.

import { api, boundedChips, chips, el, fill, socketUrl } from "./common.js";

const $ = (id) => document.getElementById(id);
const BOTS = ["random", "calling-station", "rule-based", "strong", "cfr"];
let me = null;
let retries = 0;
/** The lobby's WebSocket open now (the tables as they change, a seat offered to you). */
let lobby = null;
let buying = null; // {table, seat}: the cash table whose buy-in is being asked
let listsSeen = ""; // the waiting lists of the tables this person waits at, as last seen
let lastTables = [];

function showMe() {
  if (me) {
    fill($("me"), `${me.name} · ${chips(me.balance)} chips`);
    $("enter").hidden = true;
  } else {
    fill($("me"), "not entered");
    $("enter").hidden = false;
  }
  $("create").hidden = !me;
}

async function loadMe() {
  const before = JSON.stringify(me && me.waiting);
  try {
    me = await api("GET", "/api/me");
  } catch {
    me = null;
  }
  showMe();
  // on a waiting list: the seat offered comes by an `offer` message (no polling); the
  // place is read again when the lists change (the lobby's `tables` messages)
  if (JSON.stringify(me && me.waiting) !== before && lastTables.length) showTables(lastTables);
}

function storeSeat(tableId, seat) {
  window.sessionStorage.setItem(`pokerroom.seat.${tableId}`, JSON.stringify({ seat: seat.seat, token: seat.token }));
}

async function sit(table, seatNo, buyIn) {
  $("lobby-error").textContent = "";
  const body = { seat: seatNo, invite: null };
  if (buyIn !== undefined) body.buy_in = buyIn;
  try {
    const seat = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/sit`, body);
    if (seat.seat === null) {
      $("buyin-form").hidden = true;
      fill($("waiting-note"), `${table.name} is full: you are number ${seat.waiting} on its waiting list.`);
      await loadMe();
      return;
    }
    storeSeat(table.id, seat);
    window.location.assign(`/table/${encodeURIComponent(table.id)}`);
  } catch (error) {
    $("lobby-error").textContent = `Cannot sit at ${table.name}: ${error.message}`;
  }
}

/** A cash table: the buy-in is asked first, bounded by the table's smallest and largest. */
function askBuyIn(table, seatNo) {
  buying = { table, seat: seatNo };
  $("buyin-error").textContent = "";
  $("buyin-amount").removeAttribute("aria-invalid");
  fill($("buyin-label"), `Buy-in at ${table.name}`);
  fill($("buyin-range"), `${chips(table.min_buy_in)} to ${chips(table.max_buy_in)} chips`);
  $("buyin-amount").value = String(table.max_buy_in);
  $("buyin-form").hidden = false;
  $("buyin-amount").focus();
  $("buyin-amount").select();
}

function buyIn(event) {
  event.preventDefault();
  if (!buying) return;
  const { table, seat } = buying;
  const checked = boundedChips($("buyin-amount").value, table.min_buy_in, table.max_buy_in);
  if (checked.error) {
    $("buyin-amount").setAttribute("aria-invalid", "true");
    $("buyin-error").textContent = checked.error;
    return;
  }
  sit(table, seat, checked.amount);
}

function onSit(table, seatNo) {
  if (table.kind === "cash" && seatNo === null) askBuyIn(table, seatNo);
  else sit(table, seatNo);
}

function waitingFor(table) {
  if (!me || !me.waiting) return null;
  return me.waiting.find((w) => String(w.table) === String(table.id)) || null;
}

async function leaveList(table) {
  try {
    await api("POST", `/api/tables/${encodeURIComponent(table.id)}/leave`, {});
    fill($("waiting-note"), `You are off the waiting list of ${table.name}.`);
    await loadMe();
  } catch (error) {
    $("lobby-error").textContent = `Cannot leave the list of ${table.name}: ${error.message}`;
  }
}

function players(table) {
  return table.players.map((p) => `${p.name}${p.bot ? " (bot)" : ""}`).join(", ");
}

function mySeat(table) {
  if (!me || !me.seats) return null;
  const found = me.seats.find((s) => String(s.table) === String(table.id));
  return found ? found.seat : null;
}

function row(table) {
  const seated = mySeat(table);
  const free = table.seats - table.taken;
  const actions = [];
  const waiting = waitingFor(table);
  if (seated === null && waiting && waiting.offered) {
    actions.push(el("p", { class: "offer", role: "status" }, "Your seat is free — take it"));
    actions.push(el("button", { type: "button", class: "sit", onclick: () => askBuyIn(table, null),
      "aria-label": `Take your seat at ${table.name}` }, "Take it"));
  } else if (seated === null && waiting) {
    actions.push(el("span", { class: "place" }, `You are number ${waiting.place} on the list `));
    actions.push(el("button", { type: "button", class: "unlist", onclick: () => leaveList(table) }, "Leave the list"));
  } else if (seated !== null) {
    actions.push(el("button", { type: "button", class: "sit", onclick: () => sit(table, seated) }, "Back to my seat"));
  } else if (me && (free > 0 || table.kind === "cash") && table.state !== "finished") {
    actions.push(el("button", { type: "button", class: "sit", onclick: () => onSit(table, null),
      "aria-label": `Sit at ${table.name}` }, free > 0 ? "Sit" : "Join the waiting list"));
  }
  actions.push(el("a", { class: "watch", href: `/table/${encodeURIComponent(table.id)}`,
    "aria-label": `Watch ${table.name}` }, "Watch"));
  return el("tr", { "data-table": table.id },
    el("th", { scope: "row" }, table.name, table.private ? " (private)" : "",
      el("small", { class: "state" }, ` ${table.state}`)),
    el("td", { "data-label": "Game" }, table.rules, el("br"),
      el("small", {}, table.kind === "cash"
        ? `cash, buy-in ${chips(table.min_buy_in)} to ${chips(table.max_buy_in)}`
        : `sit-and-go, buy-in ${chips(table.buy_in)}`)),
    el("td", { "data-label": "Seats" }, `${table.taken}/${table.seats}`),
    el("td", { "data-label": "Players" }, players(table)),
    el("td", { "data-label": "Avg pot" }, chips(Math.round(table.avg_pot || 0))),
    el("td", { "data-label": "Hands/h" }, String(Math.round(table.hands_per_hour || 0))),
    el("td", { "data-label": "Waiting" }, String(table.waiting || 0)),
    el("td", { class: "row-actions" }, actions));
}

function showTables(tables) {
  // the rows are made again: the focus stays on the same control of the same table
  const focused = document.activeElement;
  const where = focused && focused.closest ? focused.closest("tr[data-table]") : null;
  const again = where ? [where.dataset.table, focused.className] : null;
  lastTables = tables;
  fill($("table-rows"), tables.map(row));
  if (again) {
    const same = [...$("table-rows").querySelectorAll("tr[data-table]")]
      .find((tr) => tr.dataset.table === again[0]);
    const control = same && [...same.querySelectorAll("button, a")].find((c) => c.className === again[1]);
    if (control) control.focus();
  }
  $("no-tables").hidden = tables.length > 0;
}

/** The waiting lists this person is on changed: their place read again. */
function listsMoved(tables) {
  if (!(me && me.waiting && me.waiting.length)) { listsSeen = ""; return; }
  const mine = new Set(me.waiting.map((w) => String(w.table)));
  const seen = JSON.stringify(tables.filter((t) => mine.has(String(t.id))).map((t) => [t.id, t.waiting_list]));
  if (seen !== listsSeen) {
    const first = listsSeen === "";
    listsSeen = seen;
    if (!first) loadMe();
  }
}

function connectLobby() {
  const socket = new WebSocket(socketUrl("/ws/lobby"));
  lobby = socket;
  socket.addEventListener("open", () => { retries = 0; fill($("live"), "live"); });
  socket.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message.type === "tables" && Array.isArray(message.tables)) {
      showTables(message.tables);
      listsMoved(message.tables);
    }
    if (message.type === "offer") loadMe(); // a seat is free for you: shown with "Take it"
  });
  socket.addEventListener("close", () => {
    if (socket !== lobby) return; // replaced by one that knows your name (enter)
    fill($("live"), "reconnecting…");
    retries += 1;
    window.setTimeout(connectLobby, Math.min(10000, 500 * 2 ** Math.min(retries, 5)));
  });
}

function botSeats() {
  const seats = Math.max(2, Math.min(10, Number($("t-seats").value) || 2));
  const kept = {};
  for (const select of document.querySelectorAll("#bot-seats select")) kept[select.dataset.seat] = select.value;
  fill($("bot-seats"), Array.from({ length: seats }, (_, i) => el("label", { class: "bot-seat" },
    `Seat ${i + 1} `,
    el("select", { "data-seat": i, "aria-label": `Seat ${i + 1}` },
      el("option", { value: "" }, "a person"),
      BOTS.map((b) => el("option", { value: b, selected: kept[i] === b }, b))))));
}

function kindFields() {
  const cash = $("t-kind").value === "cash";
  $("cash-fields").hidden = !cash;
  $("sitgo-fields").hidden = cash;
}

async function enter(event) {
  event.preventDefault();
  $("enter-error").textContent = "";
  const invite = $("invite-code").value.trim() || null;
  try {
    await api("POST", "/api/enter", { name: $("name").value.trim(), invite });
    await loadMe();
    // the lobby's socket again, now with your name: a seat offered from your place on a
    // waiting list is told on it at once (the one opened before knew nobody)
    const before = lobby;
    connectLobby();
    if (before) before.close();
  } catch (error) {
    $("enter-error").textContent = error.message;
  }
}

/** The time bank's settings as typed (the server checks their bounds and says which). */
function bankSettings() {
  const number = (id) => ($(id).value.trim() === "" ? undefined : Number($(id).value));
  return { bank: number("t-bank"), bank_refill: number("t-refill"), bank_cap: number("t-cap") };
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  $("create-done").textContent = "";
  const bots = {};
  for (const select of document.querySelectorAll("#bot-seats select")) {
    if (select.value) bots[select.dataset.seat] = select.value;
  }
  const body = {
    name: $("t-name").value.trim(), kind: $("t-kind").value, preset: $("t-preset").value,
    seats: Number($("t-seats").value), bots,
    private: $("t-private").checked, budget: Number($("t-budget").value) || 30,
    ...bankSettings(),
  };
  if (body.kind === "cash") {
    body.min_buy_in = Number($("t-min").value);
    body.max_buy_in = Number($("t-max").value);
    body.new_players = $("t-new").value;
  } else {
    body.buy_in = Number($("t-buyin").value);
  }
  try {
    const made = await api("POST", "/api/tables", body);
    const link = `${window.location.origin}/table/${encodeURIComponent(made.id)}${made.invite ? `#invite=${encodeURIComponent(made.invite)}` : ""}`;
    fill($("create-done"), "Created: ", el("a", { href: link }, made.invite ? "the table (invite link: share it)" : "open the table"));
  } catch (error) {
    $("create-error").textContent = error.message;
  }
}

async function main() {
  $("enter-form").addEventListener("submit", enter);
  $("create-form").addEventListener("submit", create);
  $("t-seats").addEventListener("input", botSeats);
  $("t-kind").addEventListener("change", kindFields);
  kindFields();
  $("buyin-form").addEventListener("submit", buyIn);
  $("buyin-amount").addEventListener("input", () => {
    $("buyin-error").textContent = "";
    $("buyin-amount").removeAttribute("aria-invalid");
  });
  $("buyin-cancel").addEventListener("click", () => { $("buyin-form").hidden = true; buying = null; });
  botSeats();
  await loadMe();
  connectLobby();
  window.setInterval(loadMe, 15000);
}

main();
