// The lobby: enter with a name, the tables live from /ws/lobby, create a table, sit or
// watch.  Text from the network goes in as text only.

import { api, chips, el, fill, socketUrl } from "./common.js";

const $ = (id) => document.getElementById(id);
const BOTS = ["random", "calling-station", "rule-based", "strong", "cfr"];
let me = null;
let retries = 0;

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
  try {
    me = await api("GET", "/api/me");
  } catch {
    me = null;
  }
  showMe();
}

function storeSeat(tableId, seat) {
  window.sessionStorage.setItem(`pokerroom.seat.${tableId}`, JSON.stringify({ seat: seat.seat, token: seat.token }));
}

async function sit(table, seatNo) {
  $("lobby-error").textContent = "";
  try {
    const seat = await api("POST", `/api/tables/${encodeURIComponent(table.id)}/sit`, { seat: seatNo, invite: null });
    storeSeat(table.id, seat);
    window.location.assign(`/table/${encodeURIComponent(table.id)}`);
  } catch (error) {
    $("lobby-error").textContent = `Cannot sit at ${table.name}: ${error.message}`;
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
  if (seated !== null) {
    actions.push(el("button", { type: "button", class: "sit", onclick: () => sit(table, seated) }, "Back to my seat"));
  } else if (me && free > 0 && table.state !== "finished") {
    actions.push(el("button", { type: "button", class: "sit", onclick: () => sit(table, null),
      "aria-label": `Sit at ${table.name}` }, "Sit"));
  }
  actions.push(el("a", { class: "watch", href: `/table/${encodeURIComponent(table.id)}`,
    "aria-label": `Watch ${table.name}` }, "Watch"));
  return el("tr", { "data-table": table.id },
    el("th", { scope: "row" }, table.name, table.private ? " (private)" : "",
      el("small", { class: "state" }, ` ${table.state}`)),
    el("td", { "data-label": "Game" }, table.rules, el("br"),
      el("small", {}, `${table.kind === "cash" ? "cash" : "sit-and-go"}, buy-in ${chips(table.buy_in)}`)),
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
  fill($("table-rows"), tables.map(row));
  if (again) {
    const same = [...$("table-rows").querySelectorAll("tr[data-table]")]
      .find((tr) => tr.dataset.table === again[0]);
    const control = same && [...same.querySelectorAll("button, a")].find((c) => c.className === again[1]);
    if (control) control.focus();
  }
  $("no-tables").hidden = tables.length > 0;
}

function connectLobby() {
  const socket = new WebSocket(socketUrl("/ws/lobby"));
  socket.addEventListener("open", () => { retries = 0; fill($("live"), "live"); });
  socket.addEventListener("message", (event) => {
    let message;
    try { message = JSON.parse(event.data); } catch { return; }
    if (message.type === "tables" && Array.isArray(message.tables)) showTables(message.tables);
  });
  socket.addEventListener("close", () => {
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

async function enter(event) {
  event.preventDefault();
  $("enter-error").textContent = "";
  const invite = $("invite-code").value.trim() || null;
  try {
    await api("POST", "/api/enter", { name: $("name").value.trim(), invite });
    await loadMe();
  } catch (error) {
    $("enter-error").textContent = error.message;
  }
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
    seats: Number($("t-seats").value), buy_in: Number($("t-buyin").value), bots,
    private: $("t-private").checked, budget: Number($("t-budget").value) || 30,
  };
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
  botSeats();
  await loadMe();
  connectLobby();
  window.setInterval(loadMe, 15000);
}

main();
