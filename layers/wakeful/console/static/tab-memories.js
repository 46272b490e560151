// Memories: what the agent remembers (search, add, edit, forget) and the diary of its
// consolidations (each with what it changed and a link to its run).

import { api } from "./api.js";
import { badge, busy, button, empty, errorBox, field, fill, h, section, short, table, time, toast } from "./dom.js";

export async function renderMemories(ctx, body, agent) {
  const list = h("div", { "aria-live": "polite" }, h("p", { class: "muted" }, "Loading memories…"));
  const diary = h("div", { "aria-live": "polite" });
  const query = h("input", { name: "q", type: "search", placeholder: "Search by relevance", autocomplete: "off" });
  const searchErrors = h("div");
  const search = h("form", { role: "search" }, field("Search memories", query, "Most relevant first; empty: newest first"), searchErrors);
  search.addEventListener("submit", (event) => { event.preventDefault(); load().catch((error) => fill(list, errorBox(error))); });
  fill(body, h("div", { class: "grid-2 wide-first" },
    h("div", {}, section("Memories", search, list), section("Consolidations", diary)),
    addForm(agent, () => load()),
  ));

  async function load() {
    const q = query.value.trim();
    const page = await api.get(`/agents/${agent.id}/memories`, q ? { q, limit: 100 } : { limit: 100 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(list, page.items.length ? table([
      ["Memory", (m) => memoryCell(agent, m, load)],
      ["Tags", (m) => (m.tags.length ? m.tags.join(", ") : "—")],
      ["Source", (m) => sourceCell(agent, m.source)],
      [q ? "Score" : "Relevance", (m) => (q ? m.score : m.relevance_score)],
      ["Updated", (m) => time(m.updated_at)],
      ["", (m) => forgetButton(agent, m, load)],
    ], page.items, { caption: q ? "Most relevant first" : "Newest first" })
      : empty(q ? "Nothing matches." : "No memories yet.", "Threads remember with the remember tool; add one with the form."));
  }

  async function loadDiary() {
    const page = await api.get(`/agents/${agent.id}/memories/consolidations`, { limit: 20 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    const errors = h("div");
    const now = button("Consolidate now", () => busy(now, errors, async () => {
      await api.post(`/agents/${agent.id}/memories/consolidations`);
      toast("Consolidation started");
      await loadDiary();
    }), { kind: "small" });
    const mode = (agent.memory_consolidation || {}).mode || "off";
    fill(diary, h("p", { class: "row-meta" }, badge(mode === "off" ? "paused" : "active", `mode: ${mode}`), now), errors,
      page.items.length ? page.items.map((c) => consolidationCard(agent, c))
        : empty("No consolidations yet.", "Set memory_consolidation on the agent (on_quiet or nightly), or press “Consolidate now”."));
  }

  try { await load(); } catch (error) { fill(list, errorBox(error)); }
  loadDiary().catch((error) => fill(diary, errorBox(error)));
  ctx.every(10000, () => loadDiary());
}

function memoryCell(agent, memory, reload) {
  const text = h("span", {}, memory.text);
  const edit = button("Edit", () => {
    const input = h("textarea", { name: "text", rows: 3, "aria-label": "Memory text" }, memory.text);
    const tags = h("input", { name: "tags", value: memory.tags.join(", "), "aria-label": "Tags" });
    const errors = h("div");
    const save = button("Save", () => busy(save, errors, async () => {
      await api.patch(`/agents/${agent.id}/memories/${memory.id}`, { text: input.value, tags: splitTags(tags.value) });
      toast("Memory saved");
      await reload();
    }), { kind: "small primary" });
    fill(cell, input, tags, h("div", { class: "row-actions" }, save, button("Cancel", () => reload(), { kind: "small" })), errors);
  }, { kind: "small" });
  const cell = h("div", {}, text, memory.key ? h("span", { class: "muted" }, ` (key ${memory.key})`) : null, " ", edit);
  return cell;
}

function forgetButton(agent, memory, reload) {
  const errors = h("div");
  const remove = button("Forget", () => {
    if (!confirm("Forget this memory?")) return;
    busy(remove, errors, async () => { await api.del(`/agents/${agent.id}/memories/${memory.id}`); toast("Forgotten"); await reload(); });
  }, { kind: "small danger" });
  return h("div", {}, remove, errors);
}

function sourceCell(agent, source) {
  const thread = source.thread_id || (source.kind === "thread" ? source.id : null);
  if (thread) return h("a", { href: `#/agents/${agent.id}/threads/${thread}` }, `${source.kind} ${short(thread)}`);
  return source.id ? `${source.kind} ${short(source.id)}` : source.kind;
}

function consolidationCard(agent, consolidation) {
  return h("section", { class: "card" },
    h("p", { class: "row-meta" }, badge(consolidation.status === "done" ? "complete" : consolidation.status, consolidation.status),
      h("span", {}, consolidation.trigger || ""), h("span", {}, time(consolidation.started_at)),
      consolidation.thread_id ? h("a", { href: `#/agents/${agent.id}/threads/${consolidation.thread_id}` }, "its run") : null),
    consolidation.error ? h("p", { class: "muted" }, consolidation.error) : null,
    consolidation.changes.length ? h("ul", {}, consolidation.changes.map((c) => h("li", {},
      h("strong", {}, c.op), " ", c.text || h("code", {}, c.memory_id),
      c.from_ids && c.from_ids.length ? h("span", { class: "muted" }, ` (from ${c.from_ids.map(short).join(", ")})`) : null)))
      : h("p", { class: "muted" }, "No changes."));
}

function addForm(agent, after) {
  const text = h("textarea", { name: "text", rows: 3, required: true, maxlength: 2000 });
  const tags = h("input", { name: "tags", placeholder: "backup, nas", autocomplete: "off" });
  const errors = h("div");
  const submit = button("Remember", null, { type: "submit", kind: "primary" });
  const form = h("form", {}, field("Text", text, "Up to 2,000 characters"), field("Tags", tags, "Comma-separated, at most 10"), errors, submit);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      await api.post(`/agents/${agent.id}/memories`, { text: text.value, tags: splitTags(tags.value) });
      text.value = "";
      tags.value = "";
      toast("Remembered");
      await after();
    });
  });
  return section("New memory", form);
}

function splitTags(value) {
  return value.split(/[\s,]+/).filter(Boolean);
}
