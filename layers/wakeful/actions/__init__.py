"""Actions: one tool execution for one event and one subscription."""
