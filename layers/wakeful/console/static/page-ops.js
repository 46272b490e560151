// Operations: stuck and failed heartbeats, and per-tool action stats as a chart.

import { api } from "./api.js";
import { stackedBars } from "./chart.js";
import { button, empty, errorBox, field, fill, h, ms, section, short, table, time } from "./dom.js";

const SINCE = [["1", "the last hour"], ["24", "the last day"], ["168", "the last week"]];

export async function renderOps(ctx, main) {
  const stuck = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const failed = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const stats = h("div", {}, h("p", { class: "muted" }, "Loading…"));
  const older = h("input", { type: "number", min: 0, value: 300, name: "older_than_seconds" });
  const since = h("select", { name: "since" }, SINCE.map(([hours, label]) => h("option", { value: hours, selected: hours === "24" }, label)));
  const controls = h("form", { class: "filters", "aria-label": "Operations filters" },
    field("Stuck after (seconds)", older), field("Since", since), button("Refresh", null, { type: "submit", kind: "small" }));
  controls.addEventListener("submit", (event) => { event.preventDefault(); load(); });
  fill(main,
    h("div", { class: "page-head" }, h("h1", {}, "Operations"),
      h("p", { class: "lead" }, "What needs attention across your agents: heartbeats that hang or fail, and how each tool is doing.")),
    controls,
    section("Tool stats", stats),
    h("div", { class: "grid-2" }, section("Stuck heartbeats", stuck), section("Failed heartbeats", failed)));

  async function load() {
    const sinceIso = new Date(Date.now() - Number(since.value) * 3600 * 1000).toISOString();
    await Promise.all([
      api.get("/ops/heartbeats/stuck", { older_than_seconds: older.value }, { signal: ctx.signal })
        .then((page) => fill(stuck, heartbeatTable(page.items, "No stuck heartbeats.", "A heartbeat is stuck when it started and has not finished in time.")))
        .catch((error) => fill(stuck, errorBox(error))),
      api.get("/ops/heartbeats/failed", { since: sinceIso }, { signal: ctx.signal })
        .then((page) => fill(failed, heartbeatTable(page.items, "No failed heartbeats.", "Failures show here with the reason.")))
        .catch((error) => fill(failed, errorBox(error))),
      api.get("/ops/tools/stats", { since: sinceIso }, { signal: ctx.signal })
        .then((page) => fill(stats, statsView(page.items)))
        .catch((error) => fill(stats, errorBox(error))),
    ]);
  }
  await load();
  ctx.every(10000, load);
}

function heartbeatTable(items, none, hint) {
  if (!items.length) return empty(none, hint);
  return table([
    ["Agent", (hb) => h("a", { href: `#/agents/${hb.agent_id}/timeline` }, hb.agent_name || short(hb.agent_id))],
    ["Status", (hb) => hb.status],
    ["Scheduled", (hb) => time(hb.scheduled_at)],
    ["Started", (hb) => time(hb.started_at)],
    ["Error", (hb) => (hb.error_message ? h("span", { class: "error-inline" }, hb.error_message) : "—")],
  ], items, { caption: none });
}

function statsView(items) {
  if (!items.length) return empty("No actions in this period.", "Tool stats appear once subscribed tools run on heartbeats.");
  const rows = items.map((s) => ({ label: s.tool, parts: [{ key: "ok", value: s.successful }, { key: "failed", value: s.failed }, { key: "other", value: Math.max(0, s.total - s.successful - s.failed) }] }));
  return h("div", {},
    h("div", { class: "chart-box" }, stackedBars(rows, [
      { key: "ok", label: "successful", cls: "fill-ok" }, { key: "failed", label: "failed", cls: "fill-bad" }, { key: "other", label: "running", cls: "fill-muted" },
    ], { label: "Actions per tool: successful, failed and still running" })),
    table([
      ["Tool", (s) => h("strong", {}, s.tool)],
      ["Total", (s) => s.total],
      ["Successful", (s) => s.successful],
      ["Failed", (s) => s.failed],
      ["Success rate", (s) => (s.total ? `${Math.round((100 * s.successful) / s.total)}%` : "—")],
      ["Mean time", (s) => ms(s.avg_execution_ms)],
    ], items, { caption: "Tool stats" }));
}
