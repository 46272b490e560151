// Agents: create (with a preset), pause/resume, open one.

import { api } from "./api.js";
import { badge, busy, button, count, empty, errorBox, field, fill, h, section, time, toast } from "./dom.js";
import { spendSummary } from "./spend-parts.js";

export async function renderAgents(ctx, main) {
  const list = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, "Loading agents…"));
  fill(main,
    h("div", { class: "page-head" }, h("h1", {}, "Agents"),
      h("p", { class: "lead" }, "Each agent wakes on a heartbeat, reads its event log and runs the tools subscribed to those events.")),
    h("div", { class: "grid-2 wide-first" }, section("Your agents", list), createForm()));
  const load = async () => {
    const [page, spend] = await Promise.all([
      api.get("/agents", { limit: 100 }, { signal: ctx.signal }),
      api.get("/spend", { limit: 100 }, { signal: ctx.signal }).catch(() => ({ agents: [] })),
    ]);
    const spent = new Map(spend.agents.map((row) => [row.agent_id, row]));
    if (ctx.alive) fill(list, agentsTable(page.items, load, spent));
  };
  try { await load(); } catch (error) { fill(list, errorBox(error)); return; }
  ctx.every(5000, load);
}

function agentsTable(agents, reload, spent) {
  if (!agents.length) return empty("No agents yet.", "Create one with the form: its first heartbeat is due at once.");
  return h("ul", { class: "rows" }, agents.map((agent) => h("li", { class: "row" },
    h("div", { class: "row-main" },
      h("a", { href: `#/agents/${agent.id}`, class: "row-title" }, agent.name),
      h("span", { class: "muted" }, ` @${agent.alias}`),
      h("div", { class: "row-meta" },
        agent.is_active ? badge("active", "Active") : badge("paused", "Paused"),
        agent.preset ? badge("preset", agent.preset) : null,
        h("span", {}, `every ${interval(agent.heartbeat_interval_seconds)}`),
        agent.is_active ? h("span", {}, "next heartbeat ", time(agent.next_heartbeat_at)) : null,
        h("span", {}, count(agent.last_seq, "event")),
        spendSummary(spent.get(agent.id)))),
    h("div", { class: "row-actions" },
      pauseButton(agent, reload),
      h("a", { class: "btn btn-small", href: `#/agents/${agent.id}` }, "Open")))));
}

export function pauseButton(agent, after) {
  const label = agent.is_active ? "Pause" : "Resume";
  const el = button(label, () => busy(el, null, async () => {
    await api.patch(`/agents/${agent.id}`, { is_active: !agent.is_active });
    toast(agent.is_active ? `${agent.name} paused: no heartbeats until resumed` : `${agent.name} resumed`);
    await after();
  }), { kind: "small", "aria-label": `${label} ${agent.name}` });
  return el;
}

export function interval(seconds) {
  if (seconds % 3600 === 0) return `${seconds / 3600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

function createForm() {
  const name = h("input", { name: "name", required: true, maxlength: 100, autocomplete: "off" });
  const alias = h("input", { name: "alias", required: true, pattern: "[A-Za-z0-9_\\-]{1,50}", autocomplete: "off" });
  const every = h("input", { name: "interval", type: "number", min: 10, value: 900, required: true });
  const preset = h("select", { name: "preset" },
    h("option", { value: "" }, "None: subscribe tools yourself"),
    h("option", { value: "snipin" }, "snipin: the SnipIn tools and subscriptions"),
    h("option", { value: "homelab" }, "homelab: game servers, downloads and metrics, with a stop guard"));
  const expertise = h("input", { name: "expertise", maxlength: 2000 });
  const focus = h("input", { name: "focus", placeholder: "ai, serverless" });
  const errors = h("div");
  const submit = button("Create agent", null, { kind: "primary", type: "submit" });
  const form = h("form", {},
    field("Name", name), field("Alias", alias, "Letters, digits, _ and -; unique; used for @mentions."),
    field("Heartbeat every (seconds)", every), field("Preset", preset),
    field("Expertise", expertise), field("Focus areas", focus, "Comma-separated."),
    errors, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      const body = {
        name: name.value.trim(),
        alias: alias.value.trim(),
        heartbeat_interval_seconds: Number(every.value),
        focus_areas: focus.value.split(",").map((s) => s.trim()).filter(Boolean),
      };
      if (expertise.value.trim()) body.expertise = expertise.value.trim();
      if (preset.value) body.preset = preset.value;
      const agent = await api.post("/agents", body);
      toast(`Agent ${agent.name} created; its first heartbeat is due now`);
      location.hash = `#/agents/${agent.id}`;
    });
  });
  return section("New agent", form);
}
