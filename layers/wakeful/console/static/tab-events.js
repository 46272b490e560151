// The event log: the latest events (or from a sequence number), filters, and a form
// to append an event.

import { api } from "./api.js";
import { busy, button, empty, errorBox, field, fill, h, json, section, short, table, time, toast } from "./dom.js";

export async function renderEvents(ctx, body, agent) {
  const state = { after: "", limit: 50, type: "", source: "", priority: "" };
  const out = h("div", { "aria-live": "polite" });
  const filters = filterForm(state, () => load());
  fill(body, h("div", { class: "grid-2 wide-first" },
    section("Event log", filters, out),
    postForm(agent, () => load())));

  let latest = 0;
  async function load() {
    let after = state.after === "" ? null : Number(state.after);
    if (after === null) {
      const fresh = await api.get(`/agents/${agent.id}`, undefined, { signal: ctx.signal });
      after = Math.max(0, fresh.last_seq - state.limit);
      latest = fresh.last_seq;
    }
    const page = await api.get(`/agents/${agent.id}/events`, { after_seq: after, limit: state.limit }, { signal: ctx.signal });
    if (!ctx.alive) return;
    const shown = page.items.filter((e) => matches(e, state)).reverse();
    const range = page.items.length ? `seq ${page.items[0].seq}–${page.items[page.items.length - 1].seq}` : "nothing";
    fill(out,
      h("p", { class: "muted" }, `Showing ${shown.length} of ${page.items.length} loaded (${range}${state.after === "" ? `, latest ${latest}` : ""}), newest first.`),
      shown.length ? eventsTable(shown) : empty(page.items.length ? "No event matches the filters." : "The log is empty.",
        page.items.length ? "Clear a filter to see more." : "Post an event with the form, send one to a webhook, or wait for a heartbeat."),
      page.next ? button("Next page", () => { state.after = String(page.items[page.items.length - 1].seq); filters.sync(); load(); }, { kind: "small" }) : null);
  }
  try { await load(); } catch (error) { fill(out, errorBox(error)); }
  ctx.every(3000, () => (state.after === "" ? load() : null));
}

function matches(event, state) {
  if (state.type && !event.event_type.toLowerCase().includes(state.type.toLowerCase())) return false;
  if (state.source && !event.source.startsWith(state.source)) return false;
  if (state.priority && event.priority > Number(state.priority)) return false;
  return true;
}

function eventsTable(events) {
  return table([
    ["Seq", (e) => h("span", { class: "seq" }, `#${e.seq}`)],
    ["Type", (e) => h("strong", {}, e.event_type)],
    ["Priority", (e) => e.priority],
    ["Source", (e) => e.source + (e.parent_action_id ? ` (action ${short(e.parent_action_id)})` : "")],
    ["Payload", (e) => json(e.payload, { summary: "payload" })],
    ["Created", (e) => time(e.created_at)],
  ], events, { caption: "Events" });
}

function filterForm(state, apply) {
  const type = h("input", { name: "type", placeholder: "e.g. HEARTBEAT" });
  const source = h("input", { name: "source", placeholder: "api, webhook, tool…", autocomplete: "off" });
  const priority = h("select", { name: "priority" }, h("option", { value: "" }, "any"), [1, 2, 3, 4, 5, 6, 7, 8, 9].map((p) => h("option", { value: p }, `≤ ${p}`)));
  const after = h("input", { name: "after", type: "number", min: 0, placeholder: "latest" });
  const limit = h("select", { name: "limit" }, [20, 50, 100].map((n) => h("option", { value: n, selected: n === state.limit }, n)));
  const form = h("form", { class: "filters", "aria-label": "Event filters" },
    field("Type contains", type), field("Source", source), field("Priority", priority),
    field("After seq", after), field("Load", limit),
    h("div", { class: "filter-buttons" }, button("Apply", null, { type: "submit", kind: "small" }),
      button("Reset", () => { form.reset(); Object.assign(state, { after: "", type: "", source: "", priority: "", limit: 50 }); limit.value = "50"; apply(); }, { kind: "small ghost" })));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    Object.assign(state, { type: type.value.trim(), source: source.value.trim(), priority: priority.value, after: after.value, limit: Number(limit.value) });
    apply();
  });
  form.sync = () => { after.value = state.after; };
  return form;
}

function postForm(agent, after) {
  const type = h("input", { name: "event_type", required: true, placeholder: "e.g. server_empty", autocomplete: "off", spellcheck: "false" });
  const priority = h("input", { name: "priority", type: "number", min: 1, max: 10, value: 5 });
  const source = h("input", { name: "source", value: "api" });
  const payload = h("textarea", { name: "payload", rows: 5, spellcheck: "false" });
  payload.value = '{\n  "message": "hello"\n}';
  const key = h("input", { name: "idempotency_key", autocomplete: "off" });
  const errors = h("div");
  const submit = button("Post event", null, { type: "submit", kind: "primary" });
  const form = h("form", {},
    field("Event type", type, "Letters, digits and _, starting with a letter; case counts (server_empty is not SERVER_EMPTY). E.g. server_empty, cpu_high or NEW_MENTION."), field("Priority", priority, "1 is the most urgent, 10 the least."),
    field("Source", source), field("Payload (JSON object)", payload), field("Idempotency key (optional)", key, "The same key and body within 24 h appends nothing new."),
    errors, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      let data;
      try { data = JSON.parse(payload.value || "{}"); } catch (error) {
        throw Object.assign(new Error(`the payload is not valid JSON (${error.message})`), { code: "invalid_json" });
      }
      const body = { event_type: type.value.trim(), payload: data, priority: Number(priority.value), source: source.value.trim() || "api" };
      if (key.value.trim()) body.idempotency_key = key.value.trim();
      const result = await api.post(`/agents/${agent.id}/events`, body);
      toast(`Event #${result.seq} appended`);
      await after();
    });
  });
  return section("Post an event", form);
}
