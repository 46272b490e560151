// Hooks (outbound): the hook types, adding one in a dialog, and per hook its status,
// last firing, enable/disable, a test delivery and the delivery log.

import { api } from "./api.js";
import { badge, busy, button, copyButton, empty, errorBox, field, fill, h, ms, nextId, section, short, table, time, toast } from "./dom.js";

export const HOOK_TYPES = [
  ["Heartbeat", [
    ["BEFORE_HEARTBEAT", "Before a heartbeat starts processing"],
    ["AFTER_HEARTBEAT", "After a heartbeat completes, with its summary stats"],
  ]],
  ["Actions", [
    ["ACTION_STARTED", "When any action (a tool run) begins"],
    ["ACTION_COMPLETED", "When any action completes"],
    ["ACTION_FAILED", "When any action fails"],
  ]],
  ["Content (SnipIn tools)", [
    ["BEFORE_SNIP_CREATE", "Before SnipCreate runs"],
    ["AFTER_SNIP_CREATE", "After SnipCreate, with the created snip"],
    ["BEFORE_COMMENT_CREATE", "Before SnipComment runs"],
    ["AFTER_COMMENT_CREATE", "After SnipComment completes"],
    ["BEFORE_SHARE", "Before SnipShare runs"],
    ["AFTER_SHARE", "After SnipShare completes"],
    ["BEFORE_LIKE", "Before SnipLike runs"],
    ["AFTER_LIKE", "After SnipLike completes"],
    ["BEFORE_FEED_READ", "Before FeedReader runs"],
    ["AFTER_FEED_READ", "After FeedReader, with the feed summary"],
  ]],
  ["Threads", [
    ["THREAD_STARTED", "A thread started"],
    ["THREAD_SLEEPING", "A thread went to sleep until a time or an event"],
    ["THREAD_WOKEN", "A sleeping thread woke"],
    ["THREAD_COMPLETED", "A thread completed its task"],
    ["THREAD_FAILED", "A thread failed"],
    ["NOTIFICATION", "A thread sent a notification"],
    ["APPROVAL_REQUESTED", "A thread waits for approval of a tool call"],
  ]],
  ["Schedules", [
    ["SCHEDULE_RESULT", "A schedule run found something to report"],
    ["SCHEDULE_FAILED", "A schedule run failed"],
  ]],
];

export async function renderHooks(ctx, body, agent) {
  const list = h("div", { class: "hook-list" }, h("p", { class: "muted" }, "Loading hooks…"));
  const dialog = addDialog(ctx, agent, () => load());
  fill(body,
    section("Hooks",
      h("p", { class: "muted" }, "Wakeful POSTs a signed JSON payload to your URL when these happen, retrying with backoff until it is delivered."),
      h("div", { class: "toolbar" }, button("+ Add hook", () => dialog.open(), { kind: "primary" })),
      list),
    typeCatalog(), dialog.element);
  async function load() {
    const page = await api.get(`/agents/${agent.id}/hooks`, { limit: 100 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(list, page.items.length
      ? page.items.map((hook) => hookCard(ctx, agent, hook, load))
      : empty("No hooks yet.", "Press “+ Add hook”, pick a hook type and give the URL that should receive it."));
  }
  try { await load(); } catch (error) { fill(list, errorBox(error)); }
}

function typeCatalog() {
  return h("details", { class: "card catalog" },
    h("summary", {}, h("h2", { class: "inline-h" }, "Available hook types")),
    HOOK_TYPES.map(([group, types]) => h("div", {}, h("h3", {}, group),
      h("dl", {}, types.map(([name, text]) => [h("dt", {}, h("code", {}, name)), h("dd", {}, text)])))),
    h("p", { class: "muted" }, "Also BEFORE_<TOOL> and AFTER_<TOOL> for any tool, <TOOL> being its name in UPPER_SNAKE_CASE (e.g. BEFORE_MY_TOOL)."));
}

function upperSnake(name) {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_|_$/g, "").toUpperCase();
}

function addDialog(ctx, agent, after) {
  const type = h("select", { name: "hook_type", required: true },
    HOOK_TYPES.map(([group, types]) => h("optgroup", { label: group }, types.map(([name]) => h("option", { value: name }, name)))));
  const toolGroup = h("optgroup", { label: "Tools" });
  const url = h("input", { name: "endpoint_url", type: "url", required: true, placeholder: "https://example.com/hooks/wakeful" });
  const auth = h("input", { name: "auth_header", autocomplete: "off", placeholder: "Bearer …" });
  const retries = h("input", { name: "max_retries", type: "number", min: 0, max: 10, value: 3 });
  const timeout = h("input", { name: "timeout_ms", type: "number", min: 100, max: 30000, value: 5000 });
  const active = h("input", { name: "is_active", type: "checkbox", checked: true });
  const errors = h("div");
  const submit = button("Add hook", null, { type: "submit", kind: "primary" });
  const formBody = h("div", {},
    field("Hook type", type), field("Endpoint URL", url), field("Authorization header (optional)", auth, "Sent as the Authorization header with every delivery."),
    h("div", { class: "grid-2 tight" }, field("Max retries", retries), field("Timeout (ms)", timeout)),
    h("div", { class: "check" }, active, h("label", { for: (active.id = nextId("chk")) }, "Active")),
    errors);
  const titleId = nextId("dlg");
  const content = h("div");
  const form = h("form", { method: "dialog" }, content);
  const element = h("dialog", { class: "modal", "aria-labelledby": titleId }, h("h2", { id: titleId }, "Add a hook"), form);
  const close = () => element.close();
  const showForm = () => fill(content, formBody, h("div", { class: "dialog-buttons" }, button("Cancel", close, { kind: "ghost" }), submit));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      const body = { hook_type: type.value, endpoint_url: url.value.trim(), is_active: active.checked,
        retry_config: { max_retries: Number(retries.value), timeout_ms: Number(timeout.value) } };
      if (auth.value.trim()) body.auth_header = auth.value.trim();
      const hook = await api.post(`/agents/${agent.id}/hooks`, body);
      fill(content,
        h("p", {}, "Hook added. Its signing secret is shown only now: verify deliveries' webhook-signature with it."),
        h("div", { class: "secret" }, h("code", { class: "secret-value" }, hook.secret), copyButton(hook.secret)),
        h("div", { class: "dialog-buttons" }, button("Done", close, { kind: "primary" })));
      await after();
    });
  });
  return {
    element,
    async open() {
      showForm();
      url.value = "";
      auth.value = "";
      errors.replaceChildren();
      element.showModal();
      type.focus();
      try {
        const tools = await api.get("/tools", undefined, { signal: ctx.signal });
        const names = (tools.items || []).map((t) => upperSnake(t.name));
        fill(toolGroup, names.flatMap((n) => [`BEFORE_${n}`, `AFTER_${n}`]).map((n) => h("option", { value: n }, n)));
        if (names.length && !toolGroup.parentNode) type.append(toolGroup);
      } catch { /* the fixed types are enough */ }
    },
  };
}

function hookCard(ctx, agent, hook, reload) {
  const base = `/agents/${agent.id}/hooks/${hook.id}`;
  const lastFired = h("span", {}, "last fired …");
  const log = h("div", { class: "deliveries" });
  const deliveries = h("details", { class: "deliveries-box" }, h("summary", {}, "Deliveries"), log);
  const errors = h("div");
  const state = hook.is_active ? badge("active", "● Active") : hook.disabled_reason ? badge("failed", "Disabled") : badge("paused", "Inactive");
  const toggle = button(hook.is_active ? "Disable" : "Enable", () => busy(toggle, errors, async () => {
    await api.patch(base, { is_active: !hook.is_active });
    toast(`Hook ${hook.is_active ? "disabled" : "enabled"}`);
    await reload();
  }), { kind: "small", "aria-pressed": String(hook.is_active), "aria-label": `${hook.is_active ? "Disable" : "Enable"} ${hook.hook_type} hook` });
  const test = button("Test", () => busy(test, errors, async () => {
    const answer = await api.post(`${base}/test`);
    toast(`Test delivery ${short(answer.delivery_id)} sent`);
    deliveries.open = true;
    await refresh();
  }), { kind: "small", "aria-label": `Send a test delivery to the ${hook.hook_type} hook` });
  const remove = button("Delete", () => {
    if (!confirm(`Delete the ${hook.hook_type} hook to ${hook.endpoint_url}?`)) return;
    busy(remove, errors, async () => { await api.del(base); toast("Hook deleted"); await reload(); });
  }, { kind: "small danger", "aria-label": `Delete the ${hook.hook_type} hook` });

  async function refresh() {
    const page = await api.get(`${base}/executions`, { limit: 20 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(lastFired, "last fired ", time(page.items[0] && page.items[0].executed_at));
    fill(log, page.items.length ? executionsTable(page.items) : empty("No deliveries yet.", "Press Test to send one now."));
  }
  const card = h("article", { class: "card hook", "data-hook-id": hook.id, "aria-label": `${hook.hook_type} hook` },
    h("h3", { class: "hook-type" }, hook.hook_type),
    h("p", { class: "hook-url" }, h("code", {}, hook.endpoint_url)),
    h("p", { class: "row-meta" }, state, lastFired,
      h("span", { class: "muted" }, `retries ${hook.retry_config.max_retries}, timeout ${hook.retry_config.timeout_ms} ms`),
      hook.has_auth_header ? h("span", { class: "muted" }, "sends Authorization") : null),
    hook.disabled_reason ? h("p", { class: "error-inline" }, `Disabled: ${hook.disabled_reason}`) : null,
    h("div", { class: "row-actions" }, toggle, test, remove),
    errors, deliveries);
  refresh().catch((error) => fill(log, errorBox(error)));
  ctx.every(2500, refresh);
  return card;
}

function executionsTable(rows) {
  return table([
    ["Status", (r) => badge(r.status)],
    ["Code", (r) => r.status_code ?? "—"],
    ["Response", (r) => responseCell(r)],
    ["Time", (r) => ms(r.execution_time_ms)],
    ["Retry", (r) => r.retry_count],
    ["When", (r) => time(r.executed_at)],
    ["Delivery", (r) => h("code", { title: r.delivery_id }, short(r.delivery_id))],
  ], rows, { caption: "Delivery attempts, newest first", rowClass: () => "execution" });
}

function responseCell(row) {
  const text = row.error_message || row.response_body || "";
  if (!text) return h("span", { class: "muted" }, "—");
  const cls = row.error_message ? "error-inline" : "";
  if (text.length <= 60) return h("code", { class: cls }, text);
  return h("details", {}, h("summary", {}, h("code", { class: cls }, `${text.slice(0, 50)}…`)), h("pre", {}, text));
}
