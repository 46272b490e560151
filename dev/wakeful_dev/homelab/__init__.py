"""A simulated homelab for threads: game servers with players, a download queue, system
metrics, served on loopback as the ``homelab`` preset's HTTP tools
(:mod:`wakeful.homelab`), pushing its events into an agent's log through a signed
webhook. Dev-only (the demo, tests and benchmarks use it).

- :mod:`world` — the state and the events its changes cause;
- :mod:`tools` — what each of the preset's tools does to the world;
- :mod:`service` — the HTTP service: tool endpoints, the control API, the team channel;
- :mod:`setup` — the agent (``preset: "homelab"``), its webhook and hook, through the
  public API;
- :mod:`scenarios` — the stories as scripted tool-use conversations (no model needed);
- :mod:`story` — the homelab part of ``make demo``;
- :mod:`exceptions` — its errors.
"""
