// The console's shell: hash routes → pages, the API key, and each page's lifetime
// (its pollers stop and its requests are aborted when you navigate away).

import { api, forgetKey, getKey, setKey } from "./api.js";
import { button, errorBox, field, fill, h } from "./dom.js";
import { renderAgents } from "./page-agents.js";
import { renderAgent } from "./page-agent.js";
import { renderChannels } from "./page-channels.js";
import { renderOps } from "./page-ops.js";
import { renderBudget } from "./page-budget.js";

const main = document.getElementById("main");
let current = null;

/** A page's lifetime: its abort signal and its pollers. */
class PageContext {
  constructor() {
    this.controller = new AbortController();
    this.signal = this.controller.signal;
    this.timers = new Set();
  }

  get alive() {
    return !this.signal.aborted;
  }

  /** Call ``work`` every ``ms`` (after each run ends; paused while the tab is hidden). */
  every(ms, work) {
    const tick = async () => {
      if (!this.alive) return;
      if (!document.hidden) {
        try { await work(); } catch (error) { if (error.name !== "AbortError") console.warn(error); }
      }
      if (this.alive) this.timers.add(setTimeout(tick, ms));
    };
    this.timers.add(setTimeout(tick, ms));
  }

  end() {
    this.controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
  }
}

const ROUTES = [
  [/^\/?$/, () => renderAgents],
  [/^\/agents$/, () => renderAgents],
  [/^\/agents\/([^/]+)(?:\/([a-z]+))?(?:\/([^/]+))?$/, () => renderAgent],
  [/^\/channels$/, () => renderChannels],
  [/^\/ops$/, () => renderOps],
  [/^\/budget$/, () => renderBudget],
];

function route() {
  const path = decodeURIComponent(location.hash.replace(/^#/, "")) || "/";
  if (current) current.end();
  current = new PageContext();
  renderKeybox();
  markNav(path);
  if (!getKey()) return renderKey(current, path);
  for (const [pattern, page] of ROUTES) {
    const match = path.match(pattern);
    if (match) return run(page(), current, match.slice(1));
  }
  fill(main, h("h1", {}, "Not found"), h("p", {}, "No console page here. ", h("a", { href: "#/agents" }, "Go to your agents.")));
}

async function run(page, ctx, params) {
  try {
    await page(ctx, main, ...params);
  } catch (error) {
    if (error.name === "AbortError" || !ctx.alive) return;
    fill(main, errorBox(error), error.status === 401 ? h("p", {}, button("Enter another key", () => changeKey())) : null);
  }
}

function markNav(path) {
  const section = path.startsWith("/budget") ? "budget" : path.startsWith("/ops") ? "ops" : path.startsWith("/channels") ? "channels" : "agents";
  for (const link of document.querySelectorAll("[data-nav]")) {
    if (link.dataset.nav === section) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
}

function renderKeybox() {
  const box = document.getElementById("keybox");
  const key = getKey();
  if (!key) return fill(box);
  fill(box,
    h("span", { class: "key-label", title: "API key for this browser session" }, "Key ", h("code", {}, `${key.slice(0, 6)}…`)),
    button("Change key", changeKey, { kind: "small" }));
}

function changeKey() {
  forgetKey();
  route();
}

function renderKey(ctx, returnTo) {
  const input = h("input", { type: "password", name: "api-key", autocomplete: "off", spellcheck: "false", required: true, placeholder: "wk_…" });
  const errors = h("div", { "aria-live": "assertive" });
  const submit = button("Use this key", null, { kind: "primary", type: "submit" });
  const form = h("form", { class: "key-form", "aria-labelledby": "key-title" },
    field("API key", input, "Kept in this browser tab only (sessionStorage) and sent as Authorization: Bearer on each API call. Create one with: wakeful keys create --owner NAME"),
    errors, submit);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const key = input.value.trim();
    submit.disabled = true;
    errors.replaceChildren();
    try {
      await api.get("/agents", { limit: 1 }, { key });
      setKey(key);
      if (location.hash === `#${returnTo}` || (!location.hash && returnTo === "/")) route();
      else location.hash = returnTo === "/" ? "#/agents" : `#${returnTo}`;
    } catch (error) {
      errors.replaceChildren(errorBox(error, "This key was refused"));
      input.focus();
    } finally {
      submit.disabled = false;
    }
  });
  fill(main, h("div", { class: "narrow" },
    h("h1", { id: "key-title" }, "Sign in with an API key"),
    h("p", { class: "lead" }, "The console uses the Wakeful API with your key: it sees what the key's owner sees."),
    form));
  input.focus();
}

window.addEventListener("hashchange", () => { route(); main.focus({ preventScroll: true }); });
route();
