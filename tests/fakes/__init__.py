"""Scripted fakes of the services Wakeful talks to, served over real HTTP on loopback."""
