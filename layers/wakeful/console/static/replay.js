// Replay: run a recorded run again as a dry run, with overrides, and show the original
// and the replay side by side, with what the replay would have sent (captured, never
// sent). Opened from a schedule result, a thread or a heartbeat round (its tools' model
// questions asked again: the system prompt and model overrides only); public API only
// (POST /agents/{id}/replays, then GET …/replays/{replay_id} while it is running).

import { api } from "./api.js";
import { badge, busy, button, errorBox, field, fill, h, json, nextId, short, table } from "./dom.js";

/** A "Replay" button for ``source`` (``{schedule_result_id}``, ``{thread_id}`` or
 * ``{heartbeat_id}``); ``schedule`` offers the prompt and checklist overrides too,
 * prefilled from ``recorded``; ``round`` (a heartbeat round) offers no tool overrides. */
export function replayButton(agentId, source, { schedule = false, recorded = {}, round = false } = {}) {
  const label = Object.values(source)[0];
  return button("Replay", () => openReplay(agentId, source, { schedule, recorded, round }), { kind: "small", "aria-label": `Replay ${short(label)}` });
}

function openReplay(agentId, source, { schedule, recorded, round }) {
  const titleId = nextId("rp");
  const system = h("textarea", { name: "system_prompt", rows: 3, placeholder: "The recorded one" });
  const prompt = h("textarea", { name: "prompt", rows: 2, placeholder: "The recorded one" });
  const checklist = h("textarea", { name: "heartbeat_checklist", rows: 3, placeholder: "One item per line; empty: the recorded one" });
  checklist.value = (recorded.heartbeat_checklist || []).join("\n");
  const provider = h("input", { name: "provider", placeholder: "the agent's", autocomplete: "off", spellcheck: "false" });
  const model = h("input", { name: "model", placeholder: "the agent's", autocomplete: "off", spellcheck: "false" });
  const deny = h("input", { name: "deny", placeholder: "tool names, comma-separated", autocomplete: "off", spellcheck: "false" });
  const approval = h("input", { name: "require_approval", placeholder: "tool names, comma-separated", autocomplete: "off", spellcheck: "false" });
  const errors = h("div");
  const result = h("div", { class: "replay-result", "aria-live": "polite" });
  const submit = button("Replay", null, { type: "submit", kind: "primary" });
  const close = button("Close", () => dialog.close());
  const form = h("form", { class: "replay-form" },
    field("System prompt", system, "Empty: the system prompt the run had"),
    schedule ? field("Prompt", prompt, "Empty: the schedule's prompt then") : null,
    schedule ? field("Checklist", checklist) : null,
    h("div", { class: "grid-2 tight" }, field("Model provider", provider), field("Model", model)),
    round ? null : h("div", { class: "grid-2 tight" }, field("Deny tools", deny), field("Tools needing approval", approval)),
    errors, h("div", { class: "dialog-buttons" }, close, submit));
  const dialog = h("dialog", { class: "modal replay-dialog", "aria-labelledby": titleId },
    h("h2", { id: titleId }, "Replay ", h("code", {}, short(Object.values(source)[0]))),
    h("p", { class: "muted" }, round
      ? "The model is asked each question the round's tools asked it, with your changes. No tool runs; nothing is sent."
      : "A dry run: the model sees what the run saw then, with your changes. Tools answer what they answered then; nothing is sent."),
    form, result);
  dialog.addEventListener("close", () => dialog.remove());
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      const overrides = {};
      if (system.value.trim()) overrides.system_prompt = system.value;
      if (schedule && prompt.value.trim()) overrides.prompt = prompt.value;
      const items = checklist.value.split("\n").map((s) => s.trim()).filter(Boolean);
      if (schedule && items.length && items.join("\n") !== (recorded.heartbeat_checklist || []).join("\n")) overrides.heartbeat_checklist = items;
      if (provider.value.trim() || model.value.trim()) overrides.llm = { provider: provider.value.trim(), model: model.value.trim() };
      const names = (input) => input.value.split(/[\s,]+/).filter(Boolean);
      if (!round && (names(deny).length || names(approval).length)) overrides.tool_policy = { deny: names(deny), require_approval: names(approval) };
      fill(result, h("p", { class: "muted" }, "Replaying…"));
      let replay = await api.post(`/agents/${agentId}/replays`, { source, overrides });
      while (replay.status === "running" && dialog.open) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        replay = await api.get(`/agents/${agentId}/replays/${replay.id}`);
      }
      fill(result, sideBySide(replay));
    });
  });
  document.body.append(dialog);
  dialog.showModal();
}

function sideBySide(replay) {
  if (replay.status === "failed") return errorBox({ code: "failed", message: replay.error || "the replay failed" }, "Replay");
  if (!replay.original || !replay.replay) return h("p", {}, `${replay.runs} runs replayed: ${JSON.stringify(replay.summary || {})}`);
  return h("div", {},
    h("p", { class: "row-meta" }, replay.differs ? badge("differs", "The replay differs") : badge("same", "Same as the original"),
      h("span", { class: "muted" }, `replay ${short(replay.id)}`)),
    h("div", { class: "replay-sides" }, outcomeCard("Original", replay.original, "What the run sent"), outcomeCard("Replay", replay.replay, "Captured, not sent")));
}

function outcomeCard(title, outcome, sentTitle) {
  const id = nextId("oc");
  const calls = outcome.tool_calls.length
    ? h("ul", { class: "replay-calls" }, outcome.tool_calls.map((c) => h("li", {}, h("code", {}, c.name), " ", json(c.arguments))))
    : h("p", { class: "muted" }, "No tool calls.");
  const sent = outcome.captured.length
    ? table([["Kind", (c) => badge(c.kind, c.kind)], ["Target", (c) => h("code", {}, c.target)], ["Body", (c) => json(c.body)]], outcome.captured, { caption: sentTitle })
    : h("p", { class: "muted" }, "Nothing.");
  return h("section", { class: "card replay-side", "aria-labelledby": id },
    h("h3", { id }, title, " ", badge(outcome.outcome, outcome.outcome)),
    h("p", { class: "replay-answer" }, outcome.answer || "—"),
    h("h4", {}, "Tool calls"), calls,
    h("h4", {}, sentTitle), sent,
    h("p", { class: "row-meta muted" }, `${outcome.input_tokens} in · ${outcome.output_tokens} out · $${Number(outcome.usd).toFixed(4)}`));
}
