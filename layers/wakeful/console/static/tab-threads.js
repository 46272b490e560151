// Threads: the list, starting one, and a thread's messages, its live stream (SSE over
// fetch, with the Authorization header) and approve/deny for waiting tool calls.

import { api, stream } from "./api.js";
import { badge, busy, button, empty, errorBox, field, fill, h, json, keyed, section, short, table, time, toast } from "./dom.js";
import { replayButton } from "./replay.js";

const STATUSES = ["", "active", "sleeping", "waiting_approval", "complete", "failed", "expired"];
const ENDED = new Set(["complete", "failed", "expired"]);

export async function renderThreads(ctx, body, agent, threadId) {
  if (threadId) return renderThread(ctx, body, agent, threadId);
  const out = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, "Loading threads…"));
  const status = h("select", { name: "status" }, STATUSES.map((s) => h("option", { value: s }, s || "any")));
  const filter = h("form", { class: "filters" }, field("Status", status));
  status.addEventListener("change", () => load().catch((error) => fill(out, errorBox(error))));
  fill(body, h("div", { class: "grid-2 wide-first" }, section("Threads",
    h("p", { class: "muted" }, "A thread is an LLM loop with tools that sleeps and wakes on a time or an event."), filter, out),
    startForm(agent)));
  async function load() {
    const page = await api.get(`/agents/${agent.id}/threads`, { status: status.value, limit: 50 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(out, page.items.length ? table([
      ["Thread", (t) => h("a", { href: `#/agents/${agent.id}/threads/${t.id}` }, short(t.id))],
      ["Status", (t) => badge(t.status)],
      ["Source", (t) => t.source],
      ["Wakes", (t) => t.wakes ?? 0],
      ["Summary", (t) => t.summary || t.error_message || t.wake_reason || "—"],
      ["Updated", (t) => time(t.updated_at)],
    ], page.items, { caption: "Threads" }) : empty("No threads.", "Start one with a message, or give the agent thread triggers."));
  }
  try { await load(); } catch (error) { fill(out, errorBox(error)); return; }
  ctx.every(3000, load);
}

function startForm(agent) {
  const message = h("textarea", { name: "message", rows: 4, required: true });
  const errors = h("div");
  const submit = button("Start thread", null, { type: "submit", kind: "primary" });
  const form = h("form", {}, field("Message", message, "The agent's loop runs at once."), errors, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      const thread = await api.post(`/agents/${agent.id}/threads`, { message: message.value });
      toast("Thread started");
      location.hash = `#/agents/${agent.id}/threads/${thread.id}`;
    });
  });
  return section("New thread", form);
}

async function renderThread(ctx, body, agent, threadId) {
  const base = `/agents/${agent.id}/threads/${threadId}`;
  const head = h("div");
  const approvals = h("div", { "aria-live": "assertive" });
  const messages = h("ol", { class: "messages", "aria-live": "polite" });
  const live = h("div", { class: "live", "aria-live": "polite" });
  const errors = h("div");
  fill(body,
    h("nav", { class: "crumbs", "aria-label": "Thread breadcrumb" }, h("a", { href: `#/agents/${agent.id}/threads` }, "Threads"), " / ",
      h("span", { "aria-current": "page" }, short(threadId))),
    h("div", { class: "row-actions" }, replayButton(agent.id, { thread_id: threadId })),
    errors, head, approvals,
    h("div", { class: "grid-2 wide-first" },
      section("Messages", messages, replyForm(base, () => refresh())),
      section("Live stream", live)));

  let thread = null;
  const feed = follow(ctx, `/agents/${agent.id}/threads/${threadId}/stream`, live, () => refresh(), () => thread && ENDED.has(thread.status));
  async function refresh() {
    thread = await api.get(base, undefined, { signal: ctx.signal });
    const [msgs, pending] = await Promise.all([
      allMessages(base, ctx.signal),
      thread.status === "waiting_approval" ? api.get(`${base}/approvals`, undefined, { signal: ctx.signal }) : Promise.resolve({ items: [] }),
    ]);
    if (!ctx.alive) return;
    fill(head, threadHead(base, thread, refresh));
    fill(messages, msgs.items.length ? msgs.items.map(messageItem) : empty("No messages yet."));
    keyed(approvals, pending.items, (item) => item.tool_call_id, (item) => approvalCard(base, item, refresh));
    feed.idle(idleState(thread, pending.items));
  }
  try { await refresh(); } catch (error) { fill(errors, errorBox(error)); return; }
  ctx.every(3000, refresh);
  feed.start();
}

/** What the live stream says while no run is going on: how the thread waits. */
function idleState(thread, pending) {
  if (ENDED.has(thread.status)) return ["The thread has ended: this is its whole stream."];
  if (thread.status === "waiting_approval") {
    const tools = pending.map((item) => h("code", {}, item.tool));
    return ["Waiting for approval of ", tools.length ? tools.flatMap((t, i) => (i ? [", ", t] : [t])) : "a tool call",
      ": the run goes on once it is approved or denied (above)."];
  }
  if (thread.status === "sleeping") {
    const events = (thread.wake_on_events || []).map(waitText);
    const until = thread.wake_at ? [time(thread.wake_at, false), " (", time(thread.wake_at), ")"] : [];
    const on = events.length ? [`${until.length ? " or " : ""}an event: ${events.join(", ")}`] : [];
    return ["Sleeping until ", ...until, ...on, ...(until.length || on.length ? [] : ["a message or Wake now"]),
      ": the stream goes on when it wakes."];
  }
  return ["Waiting for the thread to run…"];
}

/** A run's end as its ``completed`` event says: ended asleep, paused for an approval,
 * cancelled, or completed. */
function runEnd(meta) {
  const status = (meta || {}).status;
  if (status === "sleeping") return badge("sleeping", "run ended: sleeping");
  if (status === "waiting_approval") return badge("waiting_approval", "run paused: waiting for approval");
  if (status === "cancelled") return badge("cancelled", "cancelled");
  return badge("completed", "completed");
}

/** A wait of ``wake_on_events``: its event type, and the payload fields it needs. */
function waitText(wait) {
  if (typeof wait === "string") return wait;
  const match = Object.entries(wait.match || {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  return match.length ? `${wait.event_type} (${match.join(", ")})` : wait.event_type;
}

/** Every message, oldest first, following the pages (100 a page, up to 1000). */
async function allMessages(base, signal) {
  const items = [];
  let after = 0;
  for (let pages = 0; pages < 10; pages += 1) {
    const page = await api.get(`${base}/messages`, { after, limit: 100 }, { signal });
    items.push(...page.items);
    if (!page.next || !page.items.length) break;
    after = page.items[page.items.length - 1].seq;
  }
  return { items };
}

function threadHead(base, thread, refresh) {
  const wake = button("Wake now", () => busy(wake, null, async () => { await api.post(`${base}/wake`); toast("Thread woken"); await refresh(); }), { kind: "small" });
  const cancel = button("Cancel", () => busy(cancel, null, async () => { await api.post(`${base}/cancel`); toast("Thread cancelled"); await refresh(); }), { kind: "small danger" });
  return h("div", { class: "card thread-head", "data-status": thread.status },
    h("p", { class: "row-meta" }, badge(thread.status), h("span", {}, `source ${thread.source}`), h("span", {}, `${thread.wakes ?? 0} wakes`),
      thread.wake_at ? h("span", {}, "wakes ", time(thread.wake_at)) : null,
      thread.wake_reason ? h("span", { class: "muted" }, thread.wake_reason) : null,
      h("span", {}, "updated ", time(thread.updated_at))),
    thread.summary ? h("p", {}, h("strong", {}, "Summary: "), thread.summary) : null,
    thread.error_message ? h("p", { class: "error-inline" }, thread.error_message) : null,
    thread.wake_on_events && thread.wake_on_events.length ? h("p", { class: "muted" }, "Waits for events: ", thread.wake_on_events.map(waitText).join(", ")) : null,
    h("div", { class: "row-actions" }, thread.status === "sleeping" ? wake : null,
      ENDED.has(thread.status) ? null : cancel));
}

function approvalCard(base, item, refresh) {
  const note = h("input", { name: "note", placeholder: "optional note for the agent" });
  const errors = h("div");
  const decide = (decision, el) => busy(el, errors, async () => {
    const body = { decision };
    if (note.value.trim()) body.note = note.value.trim();
    await api.post(`${base}/approvals/${encodeURIComponent(item.tool_call_id)}`, body);
    toast(decision === "approve" ? "Approved: the thread resumes" : "Denied: the agent is told why");
    await refresh();
  });
  const approve = button("Approve", () => decide("approve", approve), { kind: "primary" });
  const deny = button("Deny", () => decide("deny", deny), { kind: "danger" });
  return h("section", { class: "card approval", "aria-label": `Approval for ${item.tool}` },
    h("h2", {}, "Waiting for approval: ", h("code", {}, item.tool)),
    h("p", { class: "muted" }, "requested ", time(item.requested_at)),
    json(item.arguments, { open: true, summary: "arguments" }),
    field("Note", note), errors, h("div", { class: "row-actions" }, approve, deny));
}

function messageItem(message) {
  return h("li", { class: `message message-${message.role}` },
    h("div", { class: "chain-line" }, h("strong", {}, message.role), h("span", { class: "muted" }, `#${message.seq} by ${message.created_by}`), time(message.created_at),
      message.is_error ? badge("failed", "error") : null),
    message.content ? h("div", { class: "message-content" }, typeof message.content === "string" ? message.content : json(message.content)) : null,
    (message.tool_calls || []).map((call) => h("div", { class: "tool-call" }, "→ ", h("code", {}, call.name), " ", json(call.arguments, { summary: "arguments" }))));
}

function replyForm(base, after) {
  const message = h("textarea", { name: "message", rows: 2, required: true });
  const errors = h("div");
  const submit = button("Send", null, { type: "submit", kind: "small" });
  const form = h("form", { class: "reply" }, field("Reply", message), errors, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      await api.post(`${base}/messages`, { message: message.value });
      message.value = "";
      await after();
    });
  });
  return form;
}

/** Follow the thread's stream while the page is open; reconnect from the last id.
 * ``start()`` begins; ``idle(parts)`` says how the thread waits, shown whenever no run
 * is going on (before the first event, and after each run's end). */
function follow(ctx, path, live, refresh, ended) {
  const view = { live, lines: h("ol", { class: "stream" }), state: h("p", { class: "muted stream-state" }, "Connecting…") };
  fill(live, view.state, view.lines);
  let running = false;
  let waiting = null;
  const showIdle = () => {  // only a change is written (the live region is not re-read every poll)
    if (running || !waiting) return;
    const next = h("p", {}, waiting);
    if (next.textContent !== view.state.textContent) fill(view.state, ...next.childNodes);
  };
  view.setRunning = (on) => { running = on; showIdle(); };
  return {
    idle(parts) { waiting = parts; showIdle(); },
    start() { read(ctx, path, view, refresh, ended); },
  };
}

async function read(ctx, path, view, refresh, ended) {
  const { live, lines, state, setRunning } = view;
  let lastId = 0;
  let text = null;
  while (ctx.alive) {
    try {
      await stream(path, {
        lastEventId: lastId, signal: ctx.signal,
        onEvent: (message) => {
          lastId = Number(message.id) || lastId;
          const over = message.event === "completed" || message.event === "error";
          if (!over) state.textContent = "Live";
          setRunning(!over);
          const event = message.json || {};
          if (message.event === "text" || message.event === "reasoning") {
            if (!text || text.dataset.kind !== message.event) {
              text = h("li", { class: `stream-${message.event}`, "data-kind": message.event }, "");
              lines.append(text);
            }
            text.textContent += event.content || "";
            return;
          }
          text = null;
          lines.append(h("li", { class: `stream-${message.event}` }, message.event === "completed" ? runEnd(event.metadata) : badge(message.event),
            event.tool_name ? h("code", {}, ` ${event.tool_name}`) : null,
            event.tool_args ? json(event.tool_args, { summary: "arguments" }) : null,
            event.tool_result !== undefined && event.tool_result !== null ? json(event.tool_result, { summary: "result" }) : null,
            event.content && message.event !== "start" ? h("span", {}, ` ${event.content}`) : null));
          if (message.event === "completed" || message.event === "error") refresh().catch(() => {});
        },
      });
      setRunning(false);
      if (ended()) return;
    } catch (error) {
      if (error.name === "AbortError" || !ctx.alive) return;
      fill(live, errorBox(error, "Live stream unavailable"), lines);
      if (error.status && error.status < 500) return; // e.g. 404: this API has no stream yet
    }
    await new Promise((resolve) => setTimeout(resolve, 3000));
  }
}
