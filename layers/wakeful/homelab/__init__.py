"""The ``homelab`` preset: an agent that looks after a homelab through threads.

``POST /agents {"preset": "homelab"}`` gives the agent the homelab guidelines
(``system_prompt``), ``thread_triggers`` on ``temp_high`` and ``server_empty``, and the
homelab's HTTP tools (registered for the owner, pointing at the homelab service whose base
URL is the ``WAKEFUL_HOMELAB_URL`` setting). Every agent of the preset also passes through
an in-process interceptor that denies stopping a game server while players are on.

- :mod:`manifest` — what the preset plugs into the core (installed in
  :mod:`wakeful.capabilities`);
- :mod:`settings` — where the homelab service is and the secret its tools are signed with;
- :mod:`tools` — the tools' names, descriptions and input schemas;
- :mod:`preset` — applying the preset to a new agent;
- :mod:`guard` — the interceptor on ``stop_game_server``.

A simulated homelab service to try it against ships with the development tools
(``wakeful dev --homelab``).
"""

from __future__ import annotations
