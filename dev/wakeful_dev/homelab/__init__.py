"""A simulated homelab for threads: game servers with players, a download queue, system
metrics, served on loopback as HTTP tools, pushing its events into an agent's log through
a signed webhook. Dev-only (the demo, tests and benchmarks use it).

- :mod:`world` — the state and the events its changes cause;
- :mod:`tools` — the tools, with their input schemas;
- :mod:`service` — the HTTP service: tool endpoints, the control API, the team channel;
- :mod:`guard` — the in-process interceptor on stopping a server with players on;
- :mod:`setup` — the agent, its tools, webhook and hook, through the public API;
- :mod:`scenarios` — the stories as scripted tool-use conversations (no model needed);
- :mod:`story` — the homelab part of ``make demo``;
- :mod:`exceptions` — its errors.
"""
