// Small DOM helpers: element building, formatting, and the shared bits of every page
// (error boxes, empty states, toasts, copy buttons, lists with "load more").

/** h("button", {class: "x", onclick: f}, "text", child) → an element. */
export function h(tag, props, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "class") element.className = value;
    else if (name === "dataset") Object.assign(element.dataset, value);
    else if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else if (name === "value" || name === "checked" || name === "selected") element[name] = value;
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replace an element's children. */
export function fill(element, ...children) {
  element.replaceChildren();
  append(element, children);
  return element;
}

let uid = 0;
/** A unique id for label/aria wiring. */
export function nextId(prefix = "f") {
  uid += 1;
  return `${prefix}-${uid}`;
}

// -- formatting ---------------------------------------------------------------------

export function when(iso) {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString(undefined, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit" });
}

export function ago(iso) {
  if (!iso) return "never";
  const seconds = Math.round((Date.now() - new Date(iso).getTime()) / 1000);
  const future = seconds < 0;
  const s = Math.abs(seconds);
  const text = s < 5 ? "just now" : s < 60 ? `${s} s` : s < 3600 ? `${Math.round(s / 60)} min` : s < 86400 ? `${Math.round(s / 3600)} h` : `${Math.round(s / 86400)} d`;
  if (text === "just now") return text;
  return future ? `in ${text}` : `${text} ago`;
}

/** A <time> showing "3 min ago" with the full time on hover. */
export function time(iso, relative = true) {
  if (!iso) return h("span", { class: "muted" }, relative ? "never" : "—");
  return h("time", { datetime: iso, title: when(iso) }, relative ? ago(iso) : when(iso));
}

export function ms(value) {
  return value === null || value === undefined ? "—" : `${Math.round(value)} ms`;
}

/** The distinguishing tail of an id (ids of one moment share their first characters). */
/** Show one element per item in ``container``, keyed by ``key(item)``: an element already
 * shown for a key stays as it is (what the user typed in it is kept); new ones are
 * made with ``make(item)``, gone ones removed. For lists a poll refreshes. */
export function keyed(container, items, key, make) {
  const shown = container.__keyed || (container.__keyed = new Map());
  const wanted = new Map(items.map((item) => [key(item), item]));
  for (const [id, element] of shown) {
    if (!wanted.has(id)) { element.remove(); shown.delete(id); }
  }
  for (const [id, item] of wanted) {
    if (!shown.has(id)) { const element = make(item); shown.set(id, element); container.append(element); }
  }
}

/** "1 event", "2 events": a count and its noun. */
export function count(n, noun, plural = `${noun}s`) {
  return `${n} ${n === 1 ? noun : plural}`;
}

export function short(id) {
  return id ? `…${String(id).slice(-8)}` : "—";
}

/** A status pill; its colour comes from the status name. */
export function badge(status, label) {
  const name = String(status || "unknown").toLowerCase().replace(/[^a-z_]/g, "");
  return h("span", { class: `badge badge-${name}` }, label || status || "unknown");
}

export function json(value, { open = false, summary = "JSON" } = {}) {
  const compact = JSON.stringify(value ?? null);
  if (compact.length <= 80) return h("code", { class: "inline-json" }, compact);
  const text = JSON.stringify(value, null, 2);
  return h("details", { class: "json", open }, h("summary", {}, summary), h("pre", {}, text));
}

// -- page parts ---------------------------------------------------------------------

/** The API's error, as the API said it. */
export function errorBox(error, what) {
  const code = error && error.code ? error.code : "error";
  const message = error && error.message ? error.message : String(error);
  return h("div", { class: "error-box", role: "alert" },
    h("strong", {}, what ? `${what}: ` : "Error: "),
    h("span", { class: "error-message" }, message),
    h("span", { class: "error-code" }, ` (${code}${error && error.status ? `, HTTP ${error.status}` : ""})`));
}

export function empty(title, hint) {
  return h("div", { class: "empty" }, h("p", { class: "empty-title" }, title), hint ? h("p", { class: "muted" }, hint) : null);
}

export function section(title, ...children) {
  const id = nextId("s");
  return h("section", { class: "card", "aria-labelledby": id }, h("h2", { id }, title), ...children);
}

export function toast(message, kind = "ok") {
  const box = document.getElementById("toasts");
  const item = h("div", { class: `toast toast-${kind}` }, message);
  box.append(item);
  setTimeout(() => item.remove(), 5000);
}

/** Copy text; the Clipboard API where allowed, else a selected textarea. */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = h("textarea", { class: "offscreen", "aria-hidden": "true" });
    area.value = text;
    document.body.append(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}

export function copyButton(getText, label = "Copy") {
  const button = h("button", { type: "button", class: "btn btn-small" }, label);
  button.addEventListener("click", async () => {
    const ok = await copyText(typeof getText === "function" ? getText() : getText);
    toast(ok ? "Copied to the clipboard" : "Could not copy: select the text and copy it yourself", ok ? "ok" : "error");
  });
  return button;
}

/** A labelled form field. ``input`` is an <input>, <select> or <textarea>. */
export function field(label, input, hint) {
  const id = input.id || nextId("in");
  input.id = id;
  const hintId = hint ? `${id}-hint` : null;
  if (hintId) input.setAttribute("aria-describedby", hintId);
  return h("div", { class: "field" }, h("label", { for: id }, label), input, hint ? h("p", { class: "hint", id: hintId }, hint) : null);
}

export function button(label, onclick, { kind = "", type = "button", ...rest } = {}) {
  return h("button", { type, class: `btn ${kind ? `btn-${kind}` : ""}`.trim(), onclick, ...rest }, label);
}

/** Run ``work`` with the button disabled; shows the API's error in ``errorSlot``. */
export async function busy(buttonEl, errorSlot, work) {
  buttonEl.disabled = true;
  buttonEl.setAttribute("aria-busy", "true");
  if (errorSlot) errorSlot.replaceChildren();
  try {
    return await work();
  } catch (error) {
    if (errorSlot) errorSlot.replaceChildren(errorBox(error));
    else toast(error.message, "error");
    return undefined;
  } finally {
    buttonEl.disabled = false;
    buttonEl.removeAttribute("aria-busy");
  }
}

/** A table: ``columns`` are [header, row => cell]; rows may carry a `_class`. */
export function table(columns, rows, { caption, rowClass } = {}) {
  return h("div", { class: "table-wrap" },
    h("table", {},
      caption ? h("caption", { class: "sr-only" }, caption) : null,
      h("thead", {}, h("tr", {}, columns.map(([name]) => h("th", { scope: "col" }, name)))),
      h("tbody", {}, rows.map((row) => h("tr", { class: rowClass ? rowClass(row) : null },
        columns.map(([name, cell]) => h("td", { "data-label": name }, cell(row))))))));
}
