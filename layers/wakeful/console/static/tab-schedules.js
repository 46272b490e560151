// Schedules: cron runs with a checklist; their results history and a chart of
// ok / findings / errors.

import { api } from "./api.js";
import { columns } from "./chart.js";
import { badge, busy, button, empty, errorBox, field, fill, h, nextId, section, short, table, time, toast } from "./dom.js";
import { replayButton } from "./replay.js";

const SERIES = [
  { key: "heartbeat_ok", label: "ok", cls: "fill-ok" },
  { key: "success", label: "findings", cls: "fill-info" },
  { key: "error", label: "errors", cls: "fill-bad" },
  { key: "skipped", label: "skipped", cls: "fill-muted" },
];

export async function renderSchedules(ctx, body, agent) {
  const out = h("div", {}, h("p", { class: "muted" }, "Loading schedules…"));
  fill(body, h("div", { class: "grid-2 wide-first" }, h("div", {}, out), createForm(agent, () => load())));
  async function load() {
    const page = await api.get(`/agents/${agent.id}/schedules`, { limit: 50 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(out, page.items.length ? page.items.map((s) => scheduleCard(ctx, agent, s, load))
      : section("Schedules", empty("No schedules yet.", "Add one with the form: a cron expression, a prompt and, for heartbeat checks, a checklist.")));
  }
  try { await load(); } catch (error) { fill(out, section("Schedules", errorBox(error))); }
}

function createForm(agent, after) {
  const prompt = h("textarea", { name: "prompt", rows: 3, required: true });
  const cron = h("input", { name: "cron_expression", required: true, value: "0 9 * * *", spellcheck: "false" });
  const tz = h("input", { name: "timezone", value: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC" });
  const kind = h("select", { name: "schedule_type" }, h("option", { value: "scheduled" }, "scheduled: always reports"),
    h("option", { value: "heartbeat" }, "heartbeat: silent when all is well (HEARTBEAT_OK)"));
  const checklist = h("textarea", { name: "checklist", rows: 3, placeholder: "One item per line" });
  const start = h("input", { name: "active_start", type: "time" });
  const end = h("input", { name: "active_end", type: "time" });
  const notify = h("input", { name: "notify", placeholder: "the agent's", autocomplete: "off", spellcheck: "false" });
  const errors = h("div");
  const submit = button("Add schedule", null, { type: "submit", kind: "primary" });
  const form = h("form", {}, field("Prompt", prompt), field("Cron (5 fields)", cron, "minute hour day month weekday, e.g. */30 * * * *"),
    field("Timezone", tz), field("Type", kind), field("Checklist (heartbeat type)", checklist),
    h("div", { class: "grid-2 tight" }, field("Active from", start), field("Active until", end)),
    field("Notify channels", notify, "Where findings and failures go, comma-separated channel names; empty: the agent's"), errors, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      const items = checklist.value.split("\n").map((s) => s.trim()).filter(Boolean);
      const body = { prompt: prompt.value, cron_expression: cron.value.trim(), timezone: tz.value.trim() || "UTC",
        config: { schedule_type: kind.value, ...(items.length ? { heartbeat_checklist: items } : {}) } };
      if (start.value && end.value) body.active_hours = { start: start.value, end: end.value };
      const targets = notify.value.split(/[\s,]+/).filter(Boolean);
      if (targets.length) body.notify = targets;
      await api.post(`/agents/${agent.id}/schedules`, body);
      toast("Schedule added");
      await after();
    });
  });
  return section("New schedule", form);
}

function scheduleCard(ctx, agent, schedule, reload) {
  const base = `/agents/${agent.id}/schedules/${schedule.id}`;
  const errors = h("div");
  const results = h("div", { "aria-live": "polite" });
  const chart = h("div", { class: "chart-box" });
  const run = button("Run now", () => busy(run, errors, async () => { await api.post(`${base}/run`); toast("Run started"); await refresh(); }), { kind: "small" });
  const toggle = button(schedule.is_active === false ? "Enable" : "Disable", () => busy(toggle, errors, async () => {
    await api.patch(base, { is_active: schedule.is_active === false });
    await reload();
  }), { kind: "small" });
  const remove = button("Delete", () => {
    if (!confirm("Delete this schedule?")) return;
    busy(remove, errors, async () => { await api.del(base); await reload(); });
  }, { kind: "small danger" });
  async function refresh() {
    const page = await api.get(`${base}/results`, { limit: 100 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(chart, page.items.length ? columns(byDay(page.items), SERIES, { label: "Schedule results per day" }) : null);
    fill(results, page.items.length ? table([
      ["Status", (r) => badge(r.status, (SERIES.find((s) => s.key === r.status) || {}).label || r.status)],
      ["Result", (r) => r.result_content || "—"],
      ["Notified", (r) => (r.notified ? "yes" : "no")],
      ["Scheduled for", (r) => time(r.scheduled_for, false)],
      ["Thread", (r) => (r.thread_id ? h("a", { href: `#/agents/${agent.id}/threads/${r.thread_id}` }, short(r.thread_id)) : "—")],
      ["Replay", (r) => (r.thread_id && r.status !== "skipped" ? replayButton(agent.id, { schedule_result_id: r.id }, { schedule: true, recorded: schedule.config || {} }) : "—")],
    ], page.items.slice(0, 20), { caption: "Results, newest first" }) : empty("No runs yet.", "Press “Run now” or wait for the next due time."));
  }
  refresh().catch((error) => fill(results, errorBox(error)));
  ctx.every(5000, refresh);
  const id = nextId("sc");
  const config = schedule.config || {};
  return h("section", { class: "card", "aria-labelledby": id },
    h("h2", { id }, h("code", {}, schedule.cron_expression), " ", h("span", { class: "muted" }, schedule.timezone || "UTC")),
    h("p", {}, schedule.prompt),
    h("p", { class: "row-meta" }, badge(config.schedule_type || "scheduled"), schedule.is_active === false ? badge("paused", "Inactive") : badge("active", "Active"),
      h("span", {}, "next ", time(schedule.next_run_at)),
      schedule.active_hours ? h("span", {}, `active ${schedule.active_hours.start}–${schedule.active_hours.end}`) : null,
      h("span", {}, `notifies ${schedule.notify ? schedule.notify.join(", ") : "the agent's channels"}`)),
    config.heartbeat_checklist ? h("ul", { class: "checklist" }, config.heartbeat_checklist.map((item) => h("li", {}, item))) : null,
    h("div", { class: "row-actions" }, run, toggle, remove), errors, chart, results);
}

function byDay(items) {
  const buckets = new Map();
  for (const item of [...items].reverse()) {
    const day = (item.scheduled_for || item.started_at || "").slice(0, 10) || "?";
    const bucket = buckets.get(day) || { label: day.slice(5), counts: {} };
    bucket.counts[item.status] = (bucket.counts[item.status] || 0) + 1;
    buckets.set(day, bucket);
  }
  return [...buckets.values()];
}
