// Shared helpers: building elements (text only, never HTML from the network), the
// JSON API, the WebSocket address, cards.

/** An element: el("div", {class: "x"}, "text", child...).  Text goes in as text. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "dataset") Object.assign(node.dataset, value);
    // (CSSOM, not a style attribute: the page's CSP refuses inline style attributes)
    else if (key === "style") {
      for (const [name, v] of Object.entries(value)) node.style.setProperty(name, v);
    }
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Replaces the children of `node`. */
export function fill(node, ...children) {
  node.replaceChildren();
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

export class ApiError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

/** A JSON request to the room; throws ApiError with the server's own explanation. */
export async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const why = data && typeof data.error === "string" ? data.error : `${response.status} ${response.statusText}`;
    throw new ApiError(response.status, why);
  }
  return data;
}

/** The WebSocket address of `path` on this server. */
export function socketUrl(path) {
  const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${window.location.host}${path}`;
}

const SUITS = { s: ["♠", "spades"], h: ["♥", "hearts"], d: ["♦", "diamonds"], c: ["♣", "clubs"] };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };
const RANK_NAMES = { T: "ten", J: "jack", Q: "queen", K: "king", A: "ace" };

/** A card ("As", "Jk") as an element; null or "" is a face-down card. */
export function cardElement(text, small = false) {
  const size = small ? " small" : "";
  if (!text) {
    return el("span", { class: `card back${size}`, role: "img", "aria-label": "face-down card" });
  }
  if (text === "Jk") {
    return el("span", { class: `card joker${size}`, role: "img", "aria-label": "joker" },
      el("span", { class: "rank" }, "Jk"));
  }
  const rank = text[0];
  const [symbol, suitName] = SUITS[text[1]] || ["?", "?"];
  const label = `${RANK_NAMES[rank] || rank} of ${suitName}`;
  return el("span", { class: `card suit-${text[1]}${size}`, role: "img", "aria-label": label, title: label },
    el("span", { class: "rank", "aria-hidden": "true" }, RANKS[rank] || rank),
    el("span", { class: "suit", "aria-hidden": "true" }, symbol));
}

/** Whether the four-colour deck is chosen (kept in localStorage: not a secret). */
export function fourColour() {
  return window.localStorage.getItem("pokerroom.fourColour") === "1";
}

export function setFourColour(on) {
  window.localStorage.setItem("pokerroom.fourColour", on ? "1" : "0");
  document.body.classList.toggle("four-colour", on);
}

export function chips(n) {
  return Number(n).toLocaleString("en-US");
}

/** A typed number of chips checked against [low, high]: {amount} or {error} (the why). */
export function boundedChips(text, low, high, what = "The buy-in") {
  const trimmed = String(text).trim();
  if (!/^\d+$/.test(trimmed)) return { error: `${what} is a whole number of chips, ${chips(low)} to ${chips(high)}` };
  const amount = Number(trimmed);
  if (amount < low) return { error: `${what} of ${chips(amount)} is less than the smallest, ${chips(low)}` };
  if (amount > high) return { error: `${what} of ${chips(amount)} is more than the largest, ${chips(high)}` };
  return { amount };
}
