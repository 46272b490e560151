"""The management HTTP API (API Gateway REST -> the api Lambda)."""

from wakeful.api import _powertools

# Before any route module imports Powertools' event handler: its package __init__ loads
# every resolver and asyncio, which the REST API never uses (wakeful.api._powertools).
_powertools.install()
