// Channels: where an agent meets people (Slack, Discord, Telegram, email). Create one
// (its secrets go in once and are never shown again), copy the URL the platform calls,
// send a test message, and watch the deliveries and the platform's requests, each
// refusal with its reason.

import { api } from "./api.js";
import { badge, busy, button, copyButton, empty, errorBox, field, fill, h, nextId, section, short, table, time, toast } from "./dom.js";

/** Each kind's config fields: [name, label, secret?, hint]. */
const KINDS = {
  slack: [
    ["bot_token", "Bot token", true, "xoxb-… from OAuth & Permissions (scope chat:write)"],
    ["signing_secret", "Signing secret", true, "From Basic Information: checks Slack's requests"],
    ["channel", "Slack channel", false, "A channel id (C0123…) or #name"],
  ],
  discord: [
    ["bot_token", "Bot token", true, "From the application's Bot page"],
    ["public_key", "Public key", false, "The application's public key (64 hex digits): checks Discord's requests"],
    ["channel_id", "Discord channel id", false, "Developer Mode on, then Copy Channel ID"],
  ],
  telegram: [
    ["bot_token", "Bot token", true, "From @BotFather: 123456789:AA…"],
    ["secret_token", "Secret token", true, "The secret_token you give setWebhook (A-Z a-z 0-9 _ -)"],
    ["chat_id", "Chat id", false, "A chat id such as -1001234567, or @channelname"],
  ],
  email: [
    ["from", "From", false, "A sender address verified in SES"],
    ["to", "To", false, "Recipients, comma-separated"],
  ],
};

const KIND_NAMES = { slack: "Slack", discord: "Discord", telegram: "Telegram", email: "Email" };

export async function renderChannels(ctx, main) {
  const list = h("div", {}, h("p", { class: "muted" }, "Loading channels…"));
  const agents = await api.get("/agents", { limit: 100 }, { signal: ctx.signal });
  fill(main,
    h("div", { class: "page-head" }, h("h1", {}, "Channels"),
      h("p", { class: "lead" }, "Slack, Discord, Telegram and email: where your agents report, ask for approvals with buttons, and answer people.")),
    list,
    createForm(agents.items, () => load()));
  async function load() {
    const page = await api.get("/channels", { limit: 100 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(list, page.items.length
      ? page.items.map((channel) => channelCard(ctx, channel, agents.items, load))
      : section("Channels", empty("No channel yet.", "Create one with the form below, then give the platform the URL it shows.")));
  }
  try { await load(); } catch (error) { fill(list, errorBox(error)); }
}

function configInputs(kind) {
  return KINDS[kind].map(([name, label, secret, hint]) => {
    const input = h("input", { name: `config.${name}`, type: secret ? "password" : "text", autocomplete: "off", spellcheck: "false", required: true });
    return { name, input, element: field(label, input, hint) };
  });
}

function createForm(agents, after) {
  const kind = h("select", { name: "kind" }, Object.keys(KINDS).map((k) => h("option", { value: k }, k)));
  const name = h("input", { name: "name", required: true, placeholder: "ops", autocomplete: "off", pattern: "[a-z][a-z0-9_\\-]{0,31}" });
  const agent = h("select", { name: "agent_id" }, agents.map((a) => h("option", { value: a.id }, `${a.name} (@${a.alias})`)));
  const users = h("input", { name: "allowed_users", placeholder: "anyone", autocomplete: "off" });
  const fields = h("div", { class: "form-grid" });
  const legend = h("legend");
  let inputs = [];
  const showKind = () => {
    inputs = configInputs(kind.value);
    legend.textContent = `${KIND_NAMES[kind.value]} settings`;
    fill(fields, inputs.map((i) => i.element));
  };
  kind.addEventListener("change", showKind);
  showKind();
  const errors = h("div");
  const submit = button("Create channel", null, { type: "submit", kind: "primary" });
  // Three groups, each a grid that puts as many fields side by side as fit (one on a
  // phone): the channel, its platform's settings, and who may talk to the agent.
  const form = h("form", { class: "stacked-form" },
    h("fieldset", {}, h("legend", {}, "Channel"), h("div", { class: "form-grid" },
      field("Kind", kind), field("Name", name, "Lower case; targets such as notify: [\"ops\"] name it"),
      field("Agent", agent, "The agent people talk to here"))),
    h("fieldset", {}, legend, fields),
    h("fieldset", {}, h("legend", {}, "People"),
      field("Allowed users", users, "Platform user ids, comma-separated (Slack U0123…, Discord and Telegram numbers); empty: anyone")),
    errors, h("div", { class: "row-actions" }, submit));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      const config = {};
      for (const { name: key, input } of inputs) {
        const value = input.value.trim();
        config[key] = key === "to" ? value.split(/[\s,]+/).filter(Boolean) : value;
      }
      const body = { kind: kind.value, name: name.value.trim(), agent_id: agent.value, config };
      const allowed = users.value.split(/[\s,]+/).filter(Boolean);
      if (allowed.length) body.allowed_users = allowed;
      await api.post("/channels", body);
      toast("Channel created");
      showKind();  // fresh, empty inputs: no secret stays in the page
      await after();
    });
  });
  return section("New channel",
    h("p", { class: "muted" }, "Bot tokens and secrets are write-only: stored sealed, never shown again. See docs/channels.md for each platform's setup."),
    agents.length ? form : empty("Create an agent first.", "A channel talks to one of your agents."));
}

function channelCard(ctx, channel, agents, reload) {
  const base = `/channels/${channel.id}`;
  const errors = h("div");
  const deliveries = h("div", { "aria-live": "polite" });
  const requests = h("div", { "aria-live": "polite" });
  const agent = agents.find((a) => a.id === channel.agent_id);
  const test = button("Send test message", () => busy(test, errors, async () => {
    await api.post(`${base}/test`, {});
    toast("Test message queued");
    await refresh();
  }), { kind: "small" });
  const remove = button("Delete", () => {
    if (!confirm(`Delete the channel ${channel.name}? Its URLs answer 404 from now on.`)) return;
    busy(remove, errors, async () => { await api.del(base); toast("Channel deleted"); await reload(); });
  }, { kind: "small danger" });

  async function refresh() {
    const [sent, received] = await Promise.all([
      api.get(`${base}/deliveries`, { limit: 10 }, { signal: ctx.signal }),
      api.get(`${base}/requests`, { limit: 10 }, { signal: ctx.signal }),
    ]);
    if (!ctx.alive) return;
    fill(deliveries, sent.items.length ? deliveriesTable(sent.items) : empty("Nothing sent yet.", "Send a test message, or let the agent notify this channel."));
    fill(requests, channel.inbound_url === null
      ? empty("Email is outbound only.")
      : received.items.length ? requestsTable(received.items) : empty("No request from the platform yet.", "Give the platform the URL above."));
  }
  refresh().catch((error) => fill(deliveries, errorBox(error)));
  ctx.every(3000, refresh);
  const titleId = nextId("ch");
  const config = Object.entries(channel.config || {}).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : v}`).join(" · ");
  return h("section", { class: "card channel", "data-channel-id": channel.id, "aria-labelledby": titleId },
    h("h2", { id: titleId }, channel.name, " ", badge(channel.kind)),
    h("div", { class: "kv" },
      h("span", { class: "k" }, "Agent"), h("div", {}, agent ? h("a", { href: `#/agents/${agent.id}/threads` }, agent.name) : short(channel.agent_id)),
      h("span", { class: "k" }, "Config"), h("div", {}, config || "—", " ", h("span", { class: "muted" }, `(secrets set: ${(channel.secrets || []).join(", ") || "none"})`)),
      channel.inbound_url ? [h("span", { class: "k" }, channel.kind === "slack" ? "Events URL" : "Inbound URL"),
        h("div", { class: "secret" }, h("code", {}, channel.inbound_url), copyButton(channel.inbound_url, "Copy URL"))] : null,
      channel.interactions_url ? [h("span", { class: "k" }, "Interactivity URL"),
        h("div", { class: "secret" }, h("code", {}, channel.interactions_url), copyButton(channel.interactions_url, "Copy interactivity URL"))] : null,
      h("span", { class: "k" }, "Allowed users"), h("div", {}, channel.allowed_users ? channel.allowed_users.join(", ") : "anyone")),
    h("div", { class: "toolbar" }, test, remove), errors,
    h("h3", {}, "Deliveries"), deliveries,
    h("h3", {}, "Requests from the platform"), requests);
}

function deliveriesTable(items) {
  return table([
    ["When", (d) => time(d.created_at)],
    ["Kind", (d) => d.kind],
    ["Target", (d) => d.target],
    ["Status", (d) => badge(d.status)],
    ["Attempts", (d) => d.attempts],
    ["Error", (d) => (d.error ? h("span", { class: "error-inline" }, d.error) : "—")],
  ], items, { caption: "Deliveries" });
}

function requestsTable(items) {
  return table([
    ["When", (r) => time(r.received_at)],
    ["Route", (r) => r.route],
    ["Status", (r) => badge(r.status)],
    ["HTTP", (r) => r.http_status ?? "—"],
    ["Why", (r) => (r.reason ? h("span", { class: r.status === "accepted" ? "" : "error-inline" }, r.reason) : "—")],
    ["Outcome", (r) => r.outcome || "—"],
  ], items, { caption: "Requests from the platform" });
}
