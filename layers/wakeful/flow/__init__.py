"""Fewer, cheaper model runs: coalescing bursts of events into one run, probes that let
a schedule skip a run when nothing changed, and a cheap triage model in front of
heartbeat runs. Above the threads and the schedules, which it plugs into through their
slots (see :mod:`wakeful.flow.manifest`)."""
