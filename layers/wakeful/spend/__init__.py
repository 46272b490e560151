"""The spend guard: every model call priced, budgets per agent and owner, the pause."""
