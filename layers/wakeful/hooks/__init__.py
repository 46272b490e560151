"""Hooks: users' endpoints notified of an agent's lifecycle (seed 000 "Hooks System")."""
