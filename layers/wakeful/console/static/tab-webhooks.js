// Webhooks (inbound): the URL, the secret (shown once, with copy), rotation, allowed
// event types and rate limit, a signed curl example, and the request log with the
// reason for every rejection.

import { api } from "./api.js";
import { badge, busy, button, copyButton, empty, errorBox, field, fill, h, nextId, section, short, table, time, toast } from "./dom.js";

export async function renderWebhooks(ctx, body, agent) {
  const reveal = h("div", { "aria-live": "polite" });
  const list = h("div", {}, h("p", { class: "muted" }, "Loading webhooks…"));
  fill(body, reveal, list, createForm(agent, reveal, () => load()));
  async function load() {
    const page = await api.get(`/agents/${agent.id}/webhooks`, { limit: 100 }, { signal: ctx.signal });
    if (!ctx.alive) return;
    fill(list, page.items.length
      ? page.items.map((webhook) => webhookCard(ctx, agent, webhook, reveal, load))
      : section("Webhooks", empty("No webhook yet.", "Create one with the form: you get a URL and a signing secret that outside systems use to send this agent events.")));
  }
  try { await load(); } catch (error) { fill(list, errorBox(error)); }
}

/** A ready-to-paste shell script: signs a JSON body (scheme X-Wakeful-Signature) and posts it. */
export function curlExample(url, secret, eventType = "WEBHOOK_TRIGGER") {
  return wakefulScheme(url, secret, JSON.stringify({ event_type: eventType, priority: 5, payload: { message: "hello from curl" } }));
}

function wakefulScheme(url, secret, body) {
  return [
    `SECRET='${secret || "whsec_PASTE_YOUR_SECRET"}'`,
    `BODY='${body}'`,
    "TS=$(date +%s)",
    "KEY=$(printf '%s' \"${SECRET#whsec_}\" | base64 -d | od -An -vtx1 | tr -d ' \\n')",
    "SIG=$(printf '%s.%s' \"$TS\" \"$BODY\" | openssl dgst -sha256 -mac HMAC -macopt \"hexkey:$KEY\" | sed 's/^.*= //')",
    `curl -sS -X POST '${url}' \\`,
    "  -H 'Content-Type: application/json' \\",
    "  -H \"X-Wakeful-Timestamp: $TS\" \\",
    "  -H \"X-Wakeful-Signature: sha256=$SIG\" \\",
    "  --data \"$BODY\"",
  ].join("\n");
}

/** An alert notification as Alertmanager and Grafana post it, with the secret as bearer token. */
function alertExample(url, secret, alertname) {
  const body = JSON.stringify({ status: "firing", receiver: "wakeful", alerts: [{
    status: "firing", labels: { alertname, instance: "nas:9100" }, annotations: { summary: "CPU above 90 %" },
    startsAt: "2026-01-01T00:00:00Z", endsAt: "0001-01-01T00:00:00Z", fingerprint: "c0ffee0123456789" }] });
  return [
    `SECRET='${secret || "PASTE_YOUR_SECRET"}'`,
    `curl -sS -X POST '${url}' \\`,
    "  -H 'Content-Type: application/json' \\",
    "  -H \"Authorization: Bearer $SECRET\" \\",
    `  --data '${body}'`,
  ].join("\n");
}

/** Each provider's own way of signing, as its senders do (see docs/webhooks.md). */
const EXAMPLES = {
  wakeful: (url, secret, type) => curlExample(url, secret, type),
  raw: (url, secret) => wakefulScheme(url, secret, JSON.stringify({ message: "hello from curl", source: "raw" })),
  standard: (url, secret) => [
    `SECRET='${secret || "whsec_PASTE_YOUR_SECRET"}'`,
    `BODY='${JSON.stringify({ type: "example.created", data: { message: "hello from curl" } })}'`,
    "ID=msg_$(date +%s%N)",
    "TS=$(date +%s)",
    "KEY=$(printf '%s' \"${SECRET#whsec_}\" | base64 -d | od -An -vtx1 | tr -d ' \\n')",
    "SIG=$(printf '%s.%s.%s' \"$ID\" \"$TS\" \"$BODY\" | openssl dgst -sha256 -mac HMAC -macopt \"hexkey:$KEY\" -binary | base64)",
    `curl -sS -X POST '${url}' \\`,
    "  -H 'Content-Type: application/json' \\",
    "  -H \"webhook-id: $ID\" -H \"webhook-timestamp: $TS\" \\",
    "  -H \"webhook-signature: v1,$SIG\" \\",
    "  --data \"$BODY\"",
  ].join("\n"),
  github: (url, secret) => [
    `SECRET='${secret || "PASTE_YOUR_SECRET"}'`,
    `BODY='${JSON.stringify({ zen: "Design for failure.", hook_id: 1 })}'`,
    "SIG=$(printf '%s' \"$BODY\" | openssl dgst -sha256 -hmac \"$SECRET\" | sed 's/^.*= //')",
    `curl -sS -X POST '${url}' \\`,
    "  -H 'Content-Type: application/json' \\",
    "  -H 'X-GitHub-Event: ping' \\",
    "  -H \"X-GitHub-Delivery: $(cat /proc/sys/kernel/random/uuid 2>/dev/null || date +%s%N)\" \\",
    "  -H \"X-Hub-Signature-256: sha256=$SIG\" \\",
    "  --data \"$BODY\"",
  ].join("\n"),
  alertmanager: (url, secret) => alertExample(url, secret, "HostHighCpu"),
  grafana: (url, secret) => alertExample(url, secret, "High CPU usage"),
  stripe: (url, secret) => [
    `SECRET='${secret || "whsec_PASTE_THE_SIGNING_SECRET_STRIPE_SHOWS"}'`,
    "EVT=evt_$(date +%s%N)",
    `BODY="{\\"id\\":\\"$EVT\\",\\"type\\":\\"payment_intent.succeeded\\",\\"data\\":{\\"object\\":{\\"amount\\":1200}}}"`,
    "TS=$(date +%s)",
    "SIG=$(printf '%s.%s' \"$TS\" \"$BODY\" | openssl dgst -sha256 -hmac \"$SECRET\" | sed 's/^.*= //')",
    `curl -sS -X POST '${url}' \\`,
    "  -H 'Content-Type: application/json' \\",
    "  -H \"Stripe-Signature: t=$TS,v1=$SIG\" \\",
    "  --data \"$BODY\"",
  ].join("\n"),
};

const PROVIDERS = [
  ["wakeful", "Wakeful (your own app, Zapier, a script)"],
  ["github", "GitHub"],
  ["stripe", "Stripe"],
  ["standard", "Standard Webhooks (Svix, ...)"],
  ["raw", "Raw JSON (any body, signed)"],
  ["alertmanager", "Prometheus Alertmanager"],
  ["grafana", "Grafana alerting"],
];

/** The signed example for this webhook's provider. */
export function exampleFor(webhook, secret) {
  const make = EXAMPLES[webhook.provider] || EXAMPLES.wakeful;
  return make(webhook.url, secret, exampleType(webhook));
}

function exampleType(webhook) {
  return (webhook.allowed_event_types && webhook.allowed_event_types[0]) || "WEBHOOK_TRIGGER";
}

function exampleNote(provider) {
  return {
    github: "Sign the body with HMAC-SHA256, the secret string itself as the key, in X-Hub-Signature-256, as GitHub does; the event type is github_<X-GitHub-Event>.",
    stripe: "Sign \"<timestamp>.<body>\" with HMAC-SHA256, the signing secret Stripe shows as the key, in Stripe-Signature, as Stripe does; the event type is stripe_<type>.",
    standard: "Standard Webhooks: sign \"<id>.<timestamp>.<body>\" with the key base64-decoded from after whsec_; the event type is the body's type.",
    raw: "Any JSON body, signed like the Wakeful scheme below, becomes the payload of a WEBHOOK_TRIGGER event.",
    alertmanager: "Alertmanager sends the secret as its bearer token (http_config.authorization); each alert is an event: alert_<alertname>, or the type metadata.event_map gives it, with _resolved when resolved.",
    grafana: "Grafana's webhook contact point sends the secret as its Authorization header credentials; each alert is an event: alert_<alertname>, or the type metadata.event_map gives it, with _resolved when resolved.",
  }[provider] || "Paste your secret into SECRET. It signs the body as HMAC-SHA256 over \"<timestamp>.<body>\" with the key base64-decoded from after whsec_; Standard Webhooks headers (webhook-id, webhook-timestamp, webhook-signature) work too.";
}

function showSecret(reveal, webhook, secret, what) {
  const curl = exampleFor(webhook, secret);
  const titleId = nextId("rv");
  fill(reveal, h("section", { class: "card reveal", "aria-labelledby": titleId },
    h("h2", { id: titleId }, what),
    h("p", {}, h("strong", {}, "Copy the secret now: "), "it is shown only once. Senders sign each request with it; the URL carries no secret."),
    h("div", { class: "kv" },
      h("span", { class: "k" }, "URL"), h("div", { class: "secret" }, h("code", {}, webhook.url), copyButton(webhook.url, "Copy URL")),
      h("span", { class: "k" }, "Secret"), h("div", { class: "secret" }, h("code", { class: "secret-value" }, secret), copyButton(secret, "Copy secret"))),
    h("h3", {}, "Try it: a signed request"),
    h("pre", { class: "curl", "aria-label": "Signed curl example" }, curl),
    h("div", { class: "toolbar" }, copyButton(curl, "Copy curl example"), button("Hide", () => reveal.replaceChildren(), { kind: "small ghost" }))));
  reveal.scrollIntoView({ block: "start" });
}

function typesList(text) {
  const items = text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);
  return items.length ? items : null;
}

function createForm(agent, reveal, after) {
  const provider = h("select", { name: "provider" }, PROVIDERS.map(([value, label]) => h("option", { value }, label)));
  const secret = h("input", { name: "secret", autocomplete: "off", placeholder: "whsec_…" });
  const secretField = field("Signing secret (Stripe shows it; GitHub: the one you chose, or leave empty)", secret);
  const types = h("input", { name: "allowed_event_types", placeholder: "all types", autocomplete: "off" });
  const rate = h("input", { name: "rate_limit_per_hour", type: "number", min: 1, value: 100 });
  const errors = h("div");
  const submit = button("Create webhook", null, { type: "submit", kind: "primary" });
  const showSecretField = () => { secretField.hidden = !["github", "stripe", "alertmanager", "grafana"].includes(provider.value); };
  provider.addEventListener("change", showSecretField);
  showSecretField();
  const form = h("form", { class: "settings" },
    field("Sender", provider), secretField,
    field("Allowed event types", types), field("Rate limit (requests per hour)", rate), submit, errors);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(submit, errors, async () => {
      const body = { rate_limit_per_hour: Number(rate.value), provider: provider.value };
      const allowed = typesList(types.value);
      if (allowed) body.allowed_event_types = allowed;
      const chosen = secret.value.trim();
      if (chosen && !secretField.hidden) body.secret = chosen;
      const webhook = await api.post(`/agents/${agent.id}/webhooks`, body);
      toast("Webhook created");
      await after();
      showSecret(reveal, webhook, webhook.secret || chosen, "Webhook created");
    });
  });
  return section("New webhook",
    h("p", { class: "muted" }, "A URL and a signing secret that an outside system (GitHub, Zapier, your app) uses to send this agent events. Allowed event types are comma-separated and case-sensitive, e.g. WEBHOOK_TRIGGER, github_push; empty allows every type."),
    form);
}

function webhookCard(ctx, agent, webhook, reveal, reload) {
  const base = `/agents/${agent.id}/webhooks/${webhook.id}`;
  const errors = h("div");
  const log = h("div", { "aria-live": "polite" });
  const rotate = button("Rotate secret", () => {
    if (!confirm("Give this webhook a new secret? The old one stays valid for 24 hours.")) return;
    busy(rotate, errors, async () => {
      const answer = await api.post(`${base}/rotate`, {});
      showSecret(reveal, webhook, answer.secret, "New secret");
      await reload();
    });
  }, { kind: "small" });
  const remove = button("Delete", () => {
    if (!confirm("Delete this webhook? Senders using its URL get 404 from now on.")) return;
    busy(remove, errors, async () => { await api.del(base); toast("Webhook deleted"); await reload(); });
  }, { kind: "small danger" });
  const curl = exampleFor(webhook, "");

  async function refresh() {
    const page = await api.get(`${base}/requests`, { limit: 25 }, { signal: ctx.signal });
    if (ctx.alive) fill(log, page.items.length ? requestsTable(agent, page.items) : empty("No requests yet.", "Run the curl example (with your secret) and the request shows here."));
  }
  refresh().catch((error) => fill(log, errorBox(error)));
  ctx.every(2000, refresh);
  const titleId = nextId("wh");
  return h("section", { class: "card webhook", "data-webhook-id": webhook.id, "aria-labelledby": titleId },
    h("h2", { id: titleId }, "Webhook ", h("span", { class: "muted" }, short(webhook.id)), " ", badge("preset", webhook.provider || "wakeful")),
    h("div", { class: "kv" },
      h("span", { class: "k" }, "URL"), h("div", { class: "secret" }, h("code", {}, webhook.url), copyButton(webhook.url, "Copy URL")),
      h("span", { class: "k" }, "Secret"), h("div", { class: "secret" },
        h("span", { class: "muted" }, webhook.secret_rotated_at ? `rotated ${new Date(webhook.secret_rotated_at).toLocaleString()}` : "shown once, when created"),
        rotate),
      h("span", { class: "k" }, "Status"), h("div", {}, webhook.is_active ? badge("active", "Active") : badge("paused", "Inactive"),
        webhook.previous_secret_expires_at ? h("span", { class: "muted" }, " old secret valid until ", time(webhook.previous_secret_expires_at, false)) : null)),
    settingsForm(webhook, base, reload),
    h("details", { class: "curl-box" }, h("summary", {}, "Signed curl example"),
      h("p", { class: "muted" }, exampleNote(webhook.provider)),
      h("pre", { class: "curl" }, curl), copyButton(curl, "Copy curl example")),
    h("h3", {}, "Recent requests"), log,
    errors, h("div", { class: "row-actions" }, remove));
}

function settingsForm(webhook, base, reload) {
  const active = h("input", { type: "checkbox", name: "is_active", checked: webhook.is_active });
  const rate = h("input", { type: "number", name: "rate_limit_per_hour", min: 1, value: webhook.rate_limit_per_hour });
  const types = h("input", { name: "allowed_event_types", value: (webhook.allowed_event_types || []).join(", "), placeholder: "all types" });
  const errors = h("div");
  const save = button("Save", null, { type: "submit", kind: "small" });
  const form = h("form", { class: "settings", "aria-label": "Webhook settings" },
    field("Rate limit / hour", rate), field("Allowed event types", types),
    h("div", { class: "check" }, active, h("label", { for: (active.id = nextId("chk")) }, "Active")),
    save, errors);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    busy(save, errors, async () => {
      await api.patch(base, { is_active: active.checked, rate_limit_per_hour: Number(rate.value), allowed_event_types: typesList(types.value) || [] });
      toast("Webhook settings saved");
      await reload();
    });
  });
  return form;
}

function requestsTable(agent, rows) {
  return table([
    ["Status", (r) => badge(r.status)],
    ["Event type", (r) => r.event_type || "—"],
    ["Rejected because", (r) => (r.rejection_reason ? h("span", { class: "error-inline" }, r.rejection_reason) : h("span", { class: "muted" }, "—"))],
    ["Event", (r) => (r.event_id ? h("a", { href: `#/agents/${agent.id}/events`, title: r.event_id }, short(r.event_id)) : "—")],
    ["Signature", (r) => (r.signature_valid ? "✓ valid" : "✗ invalid")],
    ["From", (r) => r.source_ip || "—"],
    ["Received", (r) => time(r.received_at)],
  ], rows, { caption: "Webhook requests, newest first", rowClass: () => "webhook-request" });
}
