// Budget: your budget (PUT /budget), bounding all your agents together, your totals
// against it, and each agent's spend (GET /spend).

import { api, request } from "./api.js";
import { busy, button, empty, errorBox, field, fill, h, section, table, toast } from "./dom.js";
import { epoch, limitUsd, savedCounters, spendBadge, spendBars, usd } from "./spend-parts.js";

export async function renderBudget(ctx, main) {
  const totals = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, "Loading spend…"));
  const agents = h("div");
  const saved = h("div");
  const form = h("div", {}, h("p", { class: "muted" }, "Loading your budget…"));
  fill(main,
    h("div", { class: "page-head" }, h("h1", {}, "Budget"),
      h("p", { class: "lead" }, "Every model call is priced. Your budget bounds all your agents together per UTC hour, day and month; each agent may have its own too.")),
    h("div", { class: "grid-2 wide-first" },
      h("div", {}, section("Your spend", totals), section("Agents", agents)),
      h("div", {}, section("Your budget", form), section("Saved", saved))));

  async function load() {
    const view = await api.get("/spend", { limit: 100 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(totals, h("p", { class: "row-meta spend-head" }, spendBadge(view.status),
      view.paused_until ? h("span", {}, "paused until ", epoch(view.paused_until)) : null), spendBars(view));
    fill(agents, agentTable(view.agents));
    fill(saved, savedCounters(view.saved));
  }
  const budget = await api.get("/budget", undefined, { signal: ctx.signal });
  fill(form, budgetForm(budget, () => load()));
  try { await load(); } catch (error) { fill(totals, errorBox(error)); return; }
  ctx.every(10000, load);
}

function agentTable(rows) {
  if (!rows.length) return empty("No agents yet.", "Each agent's spend shows here.");
  return table([
    ["Agent", (a) => h("a", { href: `#/agents/${a.agent_id}/spend` }, a.name)],
    ["Status", (a) => spendBadge(a.status)],
    ["This hour", (a) => usd(a.last_hour_usd)],
    ["Today", (a) => `${usd(a.today_usd)}${a.limits.daily_usd ? ` of ${limitUsd(a.limits.daily_usd)}` : ""}`],
    ["This month", (a) => `${usd(a.month_usd)}${a.limits.monthly_usd ? ` of ${limitUsd(a.limits.monthly_usd)}` : ""}`],
  ], rows, { caption: "Each agent's spend" });
}

const LIMITS = [
  ["daily_usd", "Daily limit (USD)"],
  ["monthly_usd", "Monthly limit (USD)"],
  ["max_usd_per_hour", "Hourly limit (USD)"],
];

function budgetForm(budget, after) {
  const inputs = Object.fromEntries(LIMITS.map(([name]) => [name,
    h("input", { name, type: "number", min: "0.01", step: "0.01", inputmode: "decimal", value: budget[name] ?? "", placeholder: "no limit" })]));
  const alertAt = h("input", { name: "alert_at", type: "number", min: "0", max: "100", step: "1", value: Math.round(100 * (budget.alert_at ?? 0.8)) });
  const onExceed = h("select", { name: "on_exceed" },
    h("option", { value: "pause", selected: budget.on_exceed !== "alert" }, "pause the agents"),
    h("option", { value: "alert", selected: budget.on_exceed === "alert" }, "only alert"));
  const errors = h("div");
  const submit = button("Save budget", null, { type: "submit", kind: "primary" });
  const form = h("form", { "aria-label": "Your budget" },
    LIMITS.map(([name, label]) => field(label, inputs[name], name === "daily_usd" ? "Empty: no limit. Days and months are UTC." : null)),
    field("Alert at (% of a limit)", alertAt), field("On exceeding a limit", onExceed, "Paused, no model call starts until the period ends or you raise the budget."), errors, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      const body = { alert_at: Number(alertAt.value) / 100, on_exceed: onExceed.value };
      for (const [name] of LIMITS) if (inputs[name].value !== "") body[name] = Number(inputs[name].value);
      await request("PUT", "/budget", { body });
      toast("Budget saved");
      await after();
    });
  });
  return form;
}
