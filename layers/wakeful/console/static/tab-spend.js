// Spend: the agent's spend against its limits (hour, day, month), its status and pause,
// a resume with an extension, the month's calls by model (replays flagged) and what was
// saved. Public API only: GET /agents/{id}/spend and POST .../spend/resume.

import { api } from "./api.js";
import { badge, busy, button, empty, errorBox, field, fill, h, section, table, toast } from "./dom.js";
import { epoch, savedCounters, spendBadge, spendBars, usd } from "./spend-parts.js";

export async function renderSpend(ctx, body, agent) {
  const status = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, "Loading spend…"));
  const bars = h("div");
  const models = h("div");
  const saved = h("div");
  const resume = resumeForm(agent, () => load());
  fill(body, h("div", { class: "grid-2 wide-first" },
    h("div", {}, section("Spend", status, bars), section("By model this month", models)),
    h("div", {}, resume, section("Saved", saved))));

  async function load() {
    const view = await api.get(`/agents/${agent.id}/spend`, undefined, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(status, statusLine(view), budgetLine(agent));
    fill(bars, spendBars(view));
    fill(models, modelTable(view.by_model));
    fill(saved, savedCounters(view.saved, (view.period || {}).month));
    resume.shown(view);
  }
  try { await load(); } catch (error) { fill(status, errorBox(error)); return; }
  ctx.every(10000, load);
}

function statusLine(view) {
  return h("p", { class: "row-meta spend-head" }, spendBadge(view.status),
    view.paused_until ? h("span", {}, "paused until ", epoch(view.paused_until)) : null,
    view.paused_reason ? h("span", { class: "spend-reason" }, view.paused_reason) : null);
}

function budgetLine(agent) {
  const budget = agent.budget;
  if (!budget) return h("p", { class: "hint" }, "No budget of its own: set the agent's budget field (PATCH /agents/{id}); your budget (Budget page) bounds it too.");
  return h("p", { class: "hint" }, `Alerts at ${Math.round(100 * (budget.alert_at ?? 0.8))}% of a limit; on exceeding one it will ${budget.on_exceed === "alert" ? "only alert" : "pause"}.`);
}

function modelTable(rows) {
  if (!rows || !rows.length) return empty("No model calls this month.", "Each call is priced and counted here by provider, model and purpose.");
  return table([
    ["Model", (m) => h("span", {}, h("strong", {}, m.model), h("span", { class: "muted" }, ` ${m.provider}`))],
    ["Purpose", (m) => h("span", {}, m.purpose, m.replay ? [" ", badge("preset", "replay")] : null)],
    ["Calls", (m) => m.calls],
    ["Input", (m) => m.input_tokens.toLocaleString()],
    ["Output", (m) => m.output_tokens.toLocaleString()],
    ["Cache read", (m) => m.cache_read_tokens.toLocaleString()],
    ["Cost", (m) => usd(m.usd)],
  ], rows, { caption: "Calls this month by model", rowClass: (m) => (m.replay ? "spend-replay" : null) });
}

/** The resume form: shown while the agent is paused. ``shown(view)`` follows the view
 * without dropping what someone is typing. */
function resumeForm(agent, after) {
  const amount = h("input", { name: "extend_usd", type: "number", min: "0.01", step: "0.01", required: true, inputmode: "decimal" });
  const errors = h("div");
  const submit = button("Resume", null, { type: "submit", kind: "primary" });
  const note = h("p", { class: "hint" });
  const form = h("form", { "aria-label": "Resume the agent" },
    field("Extend by (USD)", amount, "Raises the limit that paused the agent, for its current period, then resumes it."),
    errors, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      await api.post(`/agents/${agent.id}/spend/resume`, { extend_usd: Number(amount.value) });
      amount.value = "";
      toast(`${agent.name} resumed`);
      await after();
    });
  });
  const card = section("Resume", note, form);
  card.shown = (view) => {
    const paused = view.status === "paused";
    form.hidden = !paused;
    note.textContent = paused ? "The agent is paused: no model call starts for it until its period ends or you resume it." : "Not paused: nothing to resume.";
  };
  return card;
}
