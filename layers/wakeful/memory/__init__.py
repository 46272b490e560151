"""Memory: what an agent remembers between runs, and what it learns while idle.

- :mod:`records` — the :class:`~wakeful.memory.records.Memory` record and its API view;
  :mod:`rank` — lexical ranking (BM25) and relevance that fades and comes back with use;
- :mod:`repository` — every read and write of the ``memories`` table;
- :mod:`store` — remember, forget, edit, search, recall (every write through
  :func:`store.commit`), the cap and its eviction rule;
- :mod:`meta` — the ``remember``, ``recall`` and ``forget`` tools of every thread;
  :mod:`recall` — the memories a run's system prompt holds;
- :mod:`consolidation` and :mod:`due` — consolidation runs, and the scan's part;
- :mod:`routes` — ``/agents/{id}/memories``; :mod:`manifest` — what it plugs in.

See docs/memory.md.
"""
