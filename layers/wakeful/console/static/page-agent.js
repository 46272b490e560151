// One agent: its header (status, pause, heartbeat now) and its tabs.

import { api } from "./api.js";
import { badge, busy, button, field, fill, h, short, time, toast } from "./dom.js";
import { interval, pauseButton } from "./page-agents.js";
import { renderTimeline } from "./tab-timeline.js";
import { renderEvents } from "./tab-events.js";
import { renderHooks } from "./tab-hooks.js";
import { renderWebhooks } from "./tab-webhooks.js";
import { renderMemories } from "./tab-memories.js";
import { renderThreads } from "./tab-threads.js";
import { renderSchedules } from "./tab-schedules.js";
import { renderSpend } from "./tab-spend.js";

const TABS = [
  ["timeline", "Timeline", renderTimeline],
  ["events", "Events", renderEvents],
  ["hooks", "Hooks", renderHooks],
  ["webhooks", "Webhooks", renderWebhooks],
  ["threads", "Threads", renderThreads],
  ["schedules", "Schedules", renderSchedules],
  ["memories", "Memories", renderMemories],
  ["spend", "Spend", renderSpend],
];

export async function renderAgent(ctx, main, agentId, tab = "timeline", sub) {
  const agent = await api.get(`/agents/${agentId}`, undefined, { signal: ctx.signal });
  const entry = TABS.find(([name]) => name === tab) || TABS[0];
  const top = h("div");
  const body = h("div", { class: "tab-body", id: "tab-body" });
  const drawHead = (a) => fill(top,
    h("nav", { class: "crumbs", "aria-label": "Breadcrumb" },
      h("a", { href: "#/agents" }, "Agents"), " / ", h("span", { "aria-current": "page" }, a.name)),
    h("div", { class: "agent-title" },
      h("h1", {}, a.name, h("span", { class: "muted alias" }, ` @${a.alias}`)),
      h("div", { class: "agent-actions" }, heartbeatButton(a), pauseButton(a, refresh))),
    h("p", { class: "row-meta" },
      a.is_active ? badge("active", "Active") : badge("paused", "Paused"),
      a.preset ? badge("preset", a.preset) : null,
      h("span", {}, `heartbeat every ${interval(a.heartbeat_interval_seconds)}`),
      a.is_active ? h("span", {}, "next ", time(a.next_heartbeat_at)) : null,
      h("span", {}, `log at seq ${a.last_seq}`),
      h("span", { class: "muted" }, `id ${a.id}`)));
  const refresh = async () => {
    const fresh = await api.get(`/agents/${agentId}`, undefined, { signal: ctx.signal });
    if (!ctx.alive) return;
    drawHead(fresh);
    notify.shown(fresh);
  };
  // The head is drawn again every 10 s and after each change; its notify form is not
  // (drawn anew, it would drop what someone is typing into it, and its focus).
  const notify = notifyForm(agent, refresh);
  const head = h("div", { class: "agent-head" }, top, notify);
  drawHead(agent);
  fill(main, head,
    h("nav", { class: "tabs", "aria-label": `${agent.name} sections` }, TABS.map(([name, label]) =>
      h("a", { href: `#/agents/${agentId}/${name}`, "aria-current": name === entry[0] ? "page" : null }, label))),
    body);
  ctx.every(10000, refresh);
  await entry[2](ctx, body, agent, sub);
}

/** The agent's notify targets: where its notifications, schedule results and approval
 * requests go (channel names, or name:conversation). ``shown(fresh)`` shows the agent
 * as read again, but leaves the input alone while it holds an edit not yet saved. */
export function notifyForm(agent, after) {
  const saved = (a) => (a.notify || []).join(", ");
  let drawn = saved(agent);
  const input = h("input", { name: "notify", value: drawn, placeholder: "no channel", autocomplete: "off", spellcheck: "false" });
  const errors = h("div");
  const save = button("Save notify", null, { type: "submit", kind: "small" });
  const form = h("form", { class: "settings notify-form", "aria-label": "The agent's channels" },
    field("Notify channels", input, h("span", {}, "Channel names (or name:conversation), comma-separated: see ", h("a", { href: "#/channels" }, "Channels"))),
    save, errors);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(save, errors, async () => {
      const targets = input.value.split(/[\s,]+/).filter(Boolean);
      await api.patch(`/agents/${agent.id}`, { notify: targets.length ? targets : null });
      toast(targets.length ? `Notifies ${targets.join(", ")}` : "Notifies no channel");
      drawn = input.value;
      await after();
    });
  });
  form.shown = (fresh) => {
    if (input.value === drawn) {
      drawn = saved(fresh);
      input.value = drawn;
    }
  };
  return form;
}

function heartbeatButton(agent) {
  const el = button("Heartbeat now", () => busy(el, null, async () => {
    const answer = await api.post(`/agents/${agent.id}/heartbeats`);
    toast(`Heartbeat ${short(answer.heartbeat_id)} is due now`);
  }), { kind: "small" });
  return el;
}
