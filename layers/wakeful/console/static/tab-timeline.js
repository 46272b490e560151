// An agent's timeline: heartbeats (live, by polling) → the events in each one's window
// → the actions those events triggered (request, response, error) → the new events
// each action appended.

import { api } from "./api.js";
import { replayButton } from "./replay.js";
import { badge, busy, button, count, empty, errorBox, field, fill, h, json, keyed, ms, section, short, time, toast } from "./dom.js";

const FINAL = new Set(["COMPLETED", "FAILED"]);

export async function renderTimeline(ctx, body, agent) {
  const list = h("ol", { class: "timeline", "aria-live": "polite", "aria-relevant": "additions" });
  const status = h("div");
  const waiting = h("div", { "aria-live": "assertive" });
  fill(body, waiting, section("Heartbeats",
    h("p", { class: "muted" }, "Newest first; updates by itself. Open a heartbeat to see its events, the actions they triggered and the events those appended."),
    status, list));
  const loadWaiting = async () => {
    const page = await api.get(`/agents/${agent.id}/actions`, { status: "WAITING_APPROVAL", limit: 50 }, { signal: ctx.signal });
    if (ctx.alive) keyed(waiting, page.items, (action) => action.id, (action) => approvalCard(agent, action, loadWaiting));
  };
  loadWaiting().catch((error) => fill(waiting, errorBox(error)));
  ctx.every(3000, loadWaiting);
  const rows = new Map();
  const load = async () => {
    const page = await api.get(`/agents/${agent.id}/heartbeats`, { limit: 25 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    status.replaceChildren();
    if (!page.items.length) {
      status.replaceChildren(empty("No heartbeats yet.", agent.is_active ? "The first one is due now; it appears here without reloading." : "This agent is paused: resume it or press “Heartbeat now”."));
    }
    let previous = null;
    for (const heartbeat of page.items) {
      let row = rows.get(heartbeat.id);
      if (!row) {
        row = heartbeatRow(ctx, agent, heartbeat);
        rows.set(heartbeat.id, row);
        if (previous) previous.li.after(row.li);
        else list.prepend(row.li);
      } else {
        row.update(heartbeat);
      }
      previous = row;
    }
  };
  try { await load(); } catch (error) { fill(status, errorBox(error)); }
  ctx.every(2000, load);
}

function heartbeatRow(ctx, agent, first) {
  const summary = h("summary");
  const detail = h("div", { class: "hb-detail" });
  const details = h("details", {}, summary, detail);
  const li = h("li", { class: "hb" }, details);
  let last = null;
  const update = (heartbeat) => {
    const changed = JSON.stringify(heartbeat) !== JSON.stringify(last);
    last = heartbeat;
    if (!changed) return;
    li.dataset.heartbeatId = heartbeat.id;
    li.dataset.status = heartbeat.status;
    li.className = `hb hb-${heartbeat.status.toLowerCase()}`;
    fill(summary,
      badge(heartbeat.status),
      h("span", { class: "hb-when" }, heartbeat.started_at ? "started " : "due ", time(heartbeat.started_at || heartbeat.scheduled_at)),
      h("span", { class: "hb-counts" }, `${count(heartbeat.events_processed, "event")} → ${count(heartbeat.actions_triggered, "action")}`),
      heartbeat.completed_at ? h("span", { class: "muted" }, `took ${duration(heartbeat.started_at, heartbeat.completed_at)}`) : null,
      heartbeat.attempt > 1 ? h("span", { class: "muted" }, `attempt ${heartbeat.attempt}`) : null,
      heartbeat.error_message ? h("span", { class: "error-inline" }, heartbeat.error_message) : null);
    if (details.open) loadDetail(ctx, agent, heartbeat, detail);
  };
  details.addEventListener("toggle", () => { if (details.open) loadDetail(ctx, agent, last, detail); });
  update(first);
  return { li, update };
}

function duration(start, end) {
  if (!start || !end) return "—";
  const seconds = (new Date(end) - new Date(start)) / 1000;
  return seconds < 1 ? `${Math.round(seconds * 1000)} ms` : `${seconds.toFixed(1)} s`;
}

async function loadDetail(ctx, agent, heartbeat, slot) {
  if (!slot.childElementCount) slot.replaceChildren(h("p", { class: "muted" }, "Loading…"));
  try {
    const full = await api.get(`/agents/${agent.id}/heartbeats/${heartbeat.id}`, undefined, { signal: ctx.signal });
    const events = await windowEvents(ctx, agent, full);
    if (ctx.alive) fill(slot, renderWindow(agent, full, events));
  } catch (error) {
    if (ctx.alive) fill(slot, errorBox(error));
  }
}

async function windowEvents(ctx, agent, heartbeat) {
  const after = heartbeat.window && heartbeat.window.after_seq;
  if (after === null || after === undefined) return [];
  // The cursor moves only when a round ran; the processed count covers the rest.
  const upTo = Math.max((heartbeat.window && heartbeat.window.up_to_seq) || 0, after + (heartbeat.events_processed || 0));
  if (upTo <= after) return [];
  const page = await api.get(`/agents/${agent.id}/events`, { after_seq: after, limit: Math.min(upTo - after, 100) }, { signal: ctx.signal });
  return page.items.filter((event) => event.seq <= upTo);
}

function renderWindow(agent, heartbeat, events) {
  const actions = heartbeat.actions || [];
  const byEvent = new Map();
  for (const action of actions) {
    const list = byEvent.get(action.event_id) || [];
    list.push(action);
    byEvent.set(action.event_id, list);
  }
  const emitted = new Map();
  for (const event of events) {
    if (!event.parent_action_id) continue;
    const list = emitted.get(event.parent_action_id) || [];
    list.push(event);
    emitted.set(event.parent_action_id, list);
  }
  const shown = new Set(events.map((e) => e.id));
  const orphans = actions.filter((a) => !shown.has(a.event_id));
  const windowText = heartbeat.window && heartbeat.window.after_seq !== null && heartbeat.window.after_seq !== undefined
    ? `Window: events after seq ${heartbeat.window.after_seq}${events.length ? ` up to ${events[events.length - 1].seq}` : ""}`
    : "Window not fixed yet";
  return h("div", {},
    h("p", { class: "muted" }, `${windowText} · ${heartbeat.rounds || 0} round(s) · heartbeat ${heartbeat.id} `,
      FINAL.has(heartbeat.status) ? replayButton(agent.id, { heartbeat_id: heartbeat.id }, { round: true }) : null),
    events.length ? h("ol", { class: "event-chain" }, events.map((event) => eventItem(event, byEvent.get(event.id) || [], emitted))) : empty("No events in this window yet."),
    orphans.length ? h("div", {}, h("h4", {}, "Other actions"), orphans.map((a) => actionCard(a, emitted.get(a.id) || []))) : null);
}

function eventItem(event, actions, emitted) {
  return h("li", { class: "chain-event" },
    h("div", { class: "chain-line" },
      h("span", { class: "seq" }, `#${event.seq}`),
      h("strong", {}, event.event_type),
      h("span", { class: "muted" }, `priority ${event.priority} · ${event.source}`),
      event.parent_action_id ? h("span", { class: "muted" }, `appended by action ${short(event.parent_action_id)}`) : null,
      time(event.created_at)),
    json(event.payload, { summary: "payload" }),
    actions.length ? h("div", { class: "chain-actions" }, actions.map((action) => actionCard(action, emitted.get(action.id) || []))) : null);
}

/** A heartbeat's action the interception point parked: approve it (it runs) or deny it. */
function approvalCard(agent, action, refresh) {
  const note = h("input", { name: "note", placeholder: "optional note" });
  const errors = h("div");
  const decide = (decision, el) => busy(el, errors, async () => {
    const body = { decision };
    if (note.value.trim()) body.note = note.value.trim();
    await api.post(`/agents/${agent.id}/actions/${encodeURIComponent(action.id)}/approval`, body);
    toast(decision === "approve" ? "Approved: the action runs" : "Denied: the action fails with your note");
    await refresh();
  });
  const approve = button("Approve", () => decide("approve", approve), { kind: "primary" });
  const deny = button("Deny", () => decide("deny", deny), { kind: "danger" });
  return h("section", { class: "card approval", "aria-label": `Approval for ${action.tool}`, "data-action-id": action.id },
    h("h2", {}, "Heartbeat action waiting for approval: ", h("code", {}, action.tool)),
    h("p", { class: "muted" }, `for event ${action.event_type || "?"} · requested `, time(action.approval && action.approval.requested_at)),
    action.request_meta ? json({ event: action.request_meta.event, tool_config: action.request_meta.tool_config }, { open: true, summary: "arguments" }) : null,
    field("Note", note), errors, h("div", { class: "row-actions" }, approve, deny));
}

function actionCard(action, newEvents) {
  return h("div", { class: `action action-${action.status.toLowerCase()}`, "data-action-id": action.id },
    h("div", { class: "chain-line" },
      h("span", { "aria-hidden": "true" }, "↳"),
      h("strong", {}, action.tool), badge(action.status),
      h("span", { class: "muted" }, ms(action.execution_time_ms)),
      h("span", { class: "muted" }, `action ${short(action.id)}`)),
    action.error_message ? h("p", { class: "error-inline" }, action.error_message) : null,
    action.interception && action.interception.decision !== "continue"
      ? h("p", { class: "muted" }, `interception: ${action.interception.decision}${action.interception.reason ? ` — ${action.interception.reason}` : ""}`)
      : null,
    h("div", { class: "req-resp" },
      action.request_meta ? json(action.request_meta, { summary: "request" }) : null,
      action.response_meta ? json(action.response_meta, { summary: "response", open: action.status === "FAILED" }) : null),
    newEvents.length ? h("p", { class: "new-events" }, "→ new events: ", newEvents.map((e) => h("span", { class: "pill" }, `#${e.seq} ${e.event_type}`))) : null);
}
