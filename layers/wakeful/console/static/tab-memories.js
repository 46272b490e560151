// Memories an agent's tools keep (feed summaries, external signals).

import { api } from "./api.js";
import { empty, errorBox, fill, h, json, section, table, time } from "./dom.js";

export async function renderMemories(ctx, body, agent) {
  const slot = h("div", {}, h("p", { class: "muted" }, "Loading memories…"));
  fill(body, section("Memories", h("p", { class: "muted" }, "What this agent's tools remember between heartbeats."), slot));
  try {
    const page = await api.get(`/agents/${agent.id}/memories`, { limit: 100 }, { signal: ctx.signal });
    fill(slot, page.items.length
      ? table([
        ["Key", (m) => h("code", {}, m.memory_key)],
        ["Type", (m) => m.memory_type || "—"],
        ["Content", (m) => (typeof m.content === "string" ? m.content : json(m.content))],
        ["Relevance", (m) => m.relevance_score],
        ["Updated", (m) => time(m.updated_at || m.created_at)],
      ], page.items, { caption: "Memories" })
      : empty("No memories yet.", "Memories appear when tools store them, e.g. FeedReader's feed summary with the snipin preset."));
  } catch (error) {
    fill(slot, errorBox(error));
  }
}
