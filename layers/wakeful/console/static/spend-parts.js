// What the Spend tab, the Budget page and the agents list share: dollars, a spend bar
// against its limit, the spend status badge, the saved counters.

import { badge, h, time } from "./dom.js";

/** Dollars as the spend views show them: what was spent to a hundredth of a cent under
 * a dollar (model calls cost fractions of a cent), limits and larger amounts in cents. */
export function usd(value) {
  const n = Number(value || 0);
  if (n !== 0 && Math.abs(n) < 1) return `$${n.toFixed(4)}`;
  return `$${n.toFixed(2)}`;
}

/** A limit, in cents. */
export function limitUsd(value) {
  return `$${Number(value || 0).toFixed(2)}`;
}

/** The spend status (ok, alerted, paused) as a badge. */
export function spendBadge(status) {
  const labels = { ok: "Within budget", alerted: "Budget alert", paused: "Budget paused" };
  const kind = status === "paused" ? "paused" : status === "alerted" ? "pending" : "active";
  return h("span", { class: "spend-status", "data-status": status }, badge(kind, labels[status] || status));
}

/** Epoch seconds as a <time>. */
export function epoch(seconds) {
  return seconds ? time(new Date(seconds * 1000).toISOString()) : h("span", { class: "muted" }, "—");
}

/** One bar: ``spent`` against ``limit`` (none: the amount alone). */
export function spendBar(label, spent, limit) {
  const share = limit ? Math.min(1, spent / limit) : 0;
  const level = !limit ? "none" : share >= 1 ? "over" : share >= 0.8 ? "near" : "ok";
  const said = limit ? `${usd(spent)} of ${limitUsd(limit)} (${Math.round((100 * spent) / limit)}%)` : `${usd(spent)}, no limit`;
  // Its width through the CSSOM: the console's policy allows no inline style attribute.
  const fill = h("span", { class: "spend-bar-fill" });
  fill.style.width = `${(share * 100).toFixed(1)}%`;
  return h("div", { class: "spend-bar-row" },
    h("div", { class: "spend-bar-head" }, h("span", { class: "spend-bar-label" }, label), h("span", { class: "spend-bar-value" }, said)),
    h("div", { class: `spend-bar spend-${level}`, role: "meter", "aria-label": label, "aria-valuemin": 0,
      "aria-valuemax": limit || 0, "aria-valuenow": spent, "aria-valuetext": said },
    fill));
}

/** The hour, day and month bars of a spend view (an agent's or the owner's). */
export function spendBars(view) {
  const limits = view.limits || {};
  return h("div", { class: "spend-bars" },
    spendBar("This hour", view.last_hour_usd, limits.max_usd_per_hour),
    spendBar("Today", view.today_usd, limits.daily_usd),
    spendBar("This month", view.month_usd, limits.monthly_usd));
}

const SAVED = [
  ["quiet_heartbeats", "Quiet heartbeats", "heartbeats that found nothing to do and called no model"],
  ["probe_skips", "Probe skips", "schedule runs skipped because their probe saw no change"],
  ["triage_ok", "Triage OK", "heartbeat runs the triage model ended"],
  ["coalesced_events", "Coalesced events", "events that joined another event's run"],
];

/** What was not spent this month, one counter each. */
export function savedCounters(saved, month) {
  return h("div", {},
    h("dl", { class: "spend-saved", "aria-label": `Saved in ${month || "this month"}` },
      SAVED.map(([key, label, hint]) => h("div", { class: "spend-saved-item", title: hint },
        h("dt", {}, label), h("dd", { "data-saved": key }, String((saved || {})[key] ?? 0))))),
    h("p", { class: "hint" }, `Counted for ${month || "this month"} (UTC).`));
}

/** The agents list's spend: today against the daily limit, and a badge unless ok. */
export function spendSummary(row) {
  if (!row) return null;
  const limit = (row.limits || {}).daily_usd;
  return h("span", { class: "spend-summary" },
    h("span", { title: "Spent today (UTC) against the daily limit" }, `today ${usd(row.today_usd)}${limit ? ` of ${limitUsd(limit)}` : ""}`),
    row.status !== "ok" ? spendBadge(row.status) : null);
}
