// The public HTTP API, called with the key the user entered (kept for this browser
// session only). Every error is an ApiError carrying the API's own code and message.

const KEY_STORAGE = "wakeful.apiKey";

/** The API's base path as served (``/`` locally, ``/<stage>/`` behind API Gateway). */
export const BASE = (document.querySelector('meta[name="wakeful-api-base"]')?.content || "/").replace(/\{\{BASE\}\}/, "/");

export class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export function getKey() {
  return sessionStorage.getItem(KEY_STORAGE) || "";
}

export function setKey(key) {
  sessionStorage.setItem(KEY_STORAGE, key);
}

export function forgetKey() {
  sessionStorage.removeItem(KEY_STORAGE);
}

/** An absolute URL for an API path and optional query (empty values are left out). */
export function url(path, query) {
  const target = new URL(BASE.replace(/\/$/, "") + path, location.origin);
  for (const [name, value] of Object.entries(query || {})) {
    if (value !== undefined && value !== null && value !== "") target.searchParams.set(name, value);
  }
  return target.toString();
}

function headers(key, extra) {
  const out = { Accept: "application/json", ...extra };
  const token = key ?? getKey();
  if (token) out.Authorization = `Bearer ${token}`;
  return out;
}

async function errorFrom(response) {
  const text = await response.text().catch(() => "");
  let body = null;
  try { body = text ? JSON.parse(text) : null; } catch { /* not JSON */ }
  const error = body && body.error;
  if (error && error.message) return new ApiError(response.status, error.code || `http_${response.status}`, error.message);
  const message = (body && body.message) || text || response.statusText || "request failed";
  return new ApiError(response.status, `http_${response.status}`, `${response.status}: ${message}`);
}

/**
 * One API call. ``body`` is sent as JSON; ``key`` overrides the stored key (used to
 * check a key before keeping it). Resolves to the parsed JSON (null for 204).
 */
export async function request(method, path, { body, query, key, signal } = {}) {
  let response;
  try {
    response = await fetch(url(path, query), {
      method,
      headers: headers(key, body === undefined ? {} : { "Content-Type": "application/json" }),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError(0, "network_error", `could not reach the API (${error.message})`);
  }
  if (!response.ok) throw await errorFrom(response);
  if (response.status === 204) return null;
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

export const api = {
  get: (path, query, options) => request("GET", path, { query, ...options }),
  post: (path, body, options) => request("POST", path, { body, ...options }),
  patch: (path, body, options) => request("PATCH", path, { body, ...options }),
  del: (path, options) => request("DELETE", path, options),
};

/**
 * Server-Sent Events over fetch(), so the Authorization header can be sent (the
 * browser's EventSource cannot send one). Calls ``onEvent({id, event, data})`` per
 * message; resolves when the server closes the stream. Throws ApiError on a non-2xx.
 */
export async function stream(path, { query, lastEventId, signal, onEvent }) {
  const extra = { Accept: "text/event-stream" };
  if (lastEventId) extra["Last-Event-ID"] = String(lastEventId);
  const response = await fetch(url(path, query), { headers: headers(undefined, extra), signal });
  if (!response.ok) throw await errorFrom(response);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let cut;
    while ((cut = buffer.search(/\r?\n\r?\n/)) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut).replace(/^\r?\n\r?\n/, "");
      const message = parseBlock(block);
      if (message) onEvent(message);
    }
  }
}

function parseBlock(block) {
  const message = { id: null, event: "message", data: "" };
  const data = [];
  for (const line of block.split(/\r?\n/)) {
    if (!line || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "data") data.push(value);
    else if (field === "id") message.id = value;
    else if (field === "event") message.event = value;
  }
  if (!data.length) return null;
  message.data = data.join("\n");
  try { message.json = JSON.parse(message.data); } catch { message.json = null; }
  return message;
}
